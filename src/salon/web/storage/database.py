"""The statements of the game store, on one connection (salon.web.storage.connection).

Every write of a game's actions names the count of writes it follows (:meth:`Database._claim`),
so that of two processes writing to one game only the one that saw its latest rows succeeds;
each write is announced to the other processes on PostgreSQL (``NOTIFY``)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa

from salon.core.choices import Preferences
from salon.web.storage.connection import Connected, one_line
from salon.web.storage.records import Appended, BrokenRecord, GameRecord, preferences_of, record_of
from salon.web.storage.schema import (
    ACCOUNTS,
    ACTIONS,
    ENDED,
    FINISHED,
    GAME_COLUMNS,
    GAMES,
    IN_PLAY,
    SEATS,
    TO_HOLD,
    UNFINISHED,
    lock_key,
)

CHANNEL = "salon_games"
"""The PostgreSQL notification channel on which a process tells the others which game it wrote."""
CHAT_NEWS = "chat:"
"""What a notification's news starts with when it tells of a chat message (salon.web.chat), not
of a write of the game: ``chat:<message id>``."""
NOTIFY_LIMIT = 7900
"""The longest notification PostgreSQL takes (8,000 bytes), less a margin: a longer write is
announced by the game's id alone."""


class StorageError(Exception):
    """The database refused or lost a write; the request that caused it changed nothing."""


class Stale(StorageError):
    """The game's rows were written meanwhile by another process: the write was not made."""

    def __init__(self, game_id: str) -> None:
        super().__init__(f"game {game_id} was changed by another process")
        self.game_id = game_id


class Database(Connected):
    """One connection with the statements of the game store.  Every method runs on the
    thread that created the object."""

    # --- writing

    def create_game(self, rec: GameRecord) -> None:
        over = ENDED if rec.ended else FINISHED if rec.over else UNFINISHED
        self.conn.execute(GAMES.insert().values(
            id=rec.id, game=rec.game, title=rec.title, config=json.dumps(rec.config, sort_keys=True),
            seed=str(rec.seed), created=rec.created, over=over, creator=rec.creator, network=rec.network,
            options=json.dumps(rec.options, sort_keys=True), undos=rec.undos, listed=rec.listed,
            writes=rec.writes, attended=rec.created, pace_days=rec.options.get("pace_days"),
            turn_seat=rec.turn_seat, turn_since=rec.turn_since))
        if rec.seats:
            self.conn.execute(SEATS.insert(), [
                {"game_id": rec.id, "seat": s.seat, "kind": s.kind, "bot": s.bot, "name": s.name,
                 "token_hash": s.token_hash, "undos": s.undos, "hints": s.hints, "account": s.account,
                 "invited": s.invited}
                for s in rec.seats])
        if rec.actions:
            self.conn.execute(ACTIONS.insert(), [{"game_id": rec.id, "n": n, "action": a}
                                                 for n, a in enumerate(rec.actions)])
        self._changed(rec.id)

    def take_seat(self, game_id: str, seat: int, name: str, token_hash: str,
                  options: dict[str, Any] | None = None, account: str | None = None) -> bool:
        """Give a free human seat its token, and the table its new ``options`` if given (the
        first person seated hosts it); False if someone took the seat first.  ``account``
        holds the seat too, unless it holds another seat of the table already (the seat an
        account speaks for is one)."""
        holder = None if account is None else sa.case((self._holds_one(game_id, account), None), else_=account)
        result = self.conn.execute(SEATS.update().where(
            SEATS.c.game_id == game_id, SEATS.c.seat == seat, SEATS.c.kind == "human",
            SEATS.c.token_hash.is_(None)).values(name=name, token_hash=token_hash, account=holder))
        self._changed(game_id)
        if result.rowcount == 1 and options is not None:
            self.set_options(game_id, options)
        return result.rowcount == 1

    def leave_seat(self, game_id: str, seat: int, token_hash: str) -> bool:
        """Free the human seat that ``token_hash`` holds; False if it holds no longer (left or
        replaced meanwhile)."""
        result = self.conn.execute(SEATS.update().where(
            SEATS.c.game_id == game_id, SEATS.c.seat == seat, SEATS.c.kind == "human",
            SEATS.c.token_hash == token_hash).values(name="", token_hash=None, account=None))
        self._changed(game_id)
        return result.rowcount == 1

    def set_seat(self, game_id: str, seat: int, kind: str, bot: str | None, name: str,
                 token_hash: str | None) -> bool:
        """Rewrite a seat whoever holds it (a seat handed to a bot, say); False if there is no
        such seat.  A person's seat without a token is no account's either; a seat handed to a
        bot keeps the account of the player who left it, whose finished games list it."""
        held = {} if token_hash is not None or kind == "bot" else {"account": None}
        result = self.conn.execute(SEATS.update().where(SEATS.c.game_id == game_id, SEATS.c.seat == seat).values(
            kind=kind, bot=bot, name=name, token_hash=token_hash, **held))
        self._changed(game_id)
        return result.rowcount == 1

    def set_options(self, game_id: str, options: dict[str, Any]) -> None:
        """Rewrite a table's server options (its host, its seats left during the game)."""
        self.conn.execute(GAMES.update().where(GAMES.c.id == game_id).values(
            options=json.dumps(options, sort_keys=True)))
        self._changed(game_id)

    def _changed(self, game_id: str, appended: Appended | None = None) -> None:
        """Tell the other server processes on this database that the game's rows changed, and
        what was ``appended`` if that is all (then a process that holds the game as it was
        needs not read it).  PostgreSQL delivers the notification at commit, and drops it
        with a job rolled back to its savepoint; a SQLite file has one process
        (``_hold_sqlite_file``)."""
        if self.engine.dialect.name == "postgresql":
            payload = f"{self.origin} {game_id}"
            news = "" if appended is None else appended.text()
            if len(payload) + len(news) < NOTIFY_LIMIT:
                payload = f"{payload} {news}".rstrip()
            self.conn.execute(sa.select(sa.func.pg_notify(CHANNEL, payload)))

    def said(self, game_id: str, message: int) -> None:
        """Tell the other server processes that the chat ``message`` of the game was stored, so
        that each delivers it to its own readers of the table (salon.web.chat); at commit, as
        :meth:`_changed`."""
        if self.engine.dialect.name == "postgresql":
            payload = f"{self.origin} {game_id} {CHAT_NEWS}{message}"
            self.conn.execute(sa.select(sa.func.pg_notify(CHANNEL, payload)))

    def _claim(self, game_id: str, writes: int) -> None:
        """Count one more write of the game's actions if ``writes`` were counted so far, else
        raise :class:`Stale`.  The one statement checks and takes the game's row: a second
        writer waits for the first to commit, then finds the count moved on, so that two
        processes can never both write after the same version."""
        claimed = self.conn.execute(GAMES.update().where(GAMES.c.id == game_id, GAMES.c.writes == writes)
                                    .values(writes=writes + 1))
        if claimed.rowcount != 1:
            raise Stale(game_id)

    def append(self, game_id: str, n: int, action: str, over: bool, writes: int) -> None:
        """Store action number ``n`` (0-based); a second action with the same number fails."""
        self.append_many(game_id, n, [action], over, writes)

    def append_many(self, game_id: str, first_n: int, actions: Sequence[str], over: bool, writes: int) -> None:
        """Store actions numbered from ``first_n`` on, all or (in the job's savepoint) none,
        after the game's ``writes`` earlier writes (:meth:`_claim`)."""
        self._claim(game_id, writes)
        if actions:
            self.conn.execute(ACTIONS.insert(), [{"game_id": game_id, "n": first_n + i, "action": a}
                                                 for i, a in enumerate(actions)])
        if over:
            self.conn.execute(GAMES.update().where(GAMES.c.id == game_id).values(over=FINISHED))
        self._changed(game_id, Appended(writes + 1, first_n, list(actions)))

    def set_turn(self, game_id: str, seat: int | None, since: float) -> None:
        """Store whose decision it is now (None: nobody's, the game is over) and since when
        (seconds since the epoch): the clock of a table that lasts days, and where it is each
        account's turn, for tables no process holds."""
        self.conn.execute(GAMES.update().where(GAMES.c.id == game_id).values(turn_seat=seat, turn_since=since))

    def truncate(self, game_id: str, length: int) -> None:
        """Keep the first ``length`` actions (an undo)."""
        self.conn.execute(ACTIONS.delete().where(ACTIONS.c.game_id == game_id, ACTIONS.c.n >= length))

    def undo(self, game_id: str, length: int, by: int | None, writes: int) -> None:
        """Take back the actions from number ``length`` on and count the undo: for seat ``by``
        alone when only that seat saw them (its private actions), else for the game.  Only
        after the game's ``writes`` earlier writes (:meth:`_claim`)."""
        self._claim(game_id, writes)
        self._changed(game_id)
        self.truncate(game_id, length)
        if by is None:
            self.conn.execute(GAMES.update().where(GAMES.c.id == game_id).values(undos=GAMES.c.undos + 1))
        else:
            self.conn.execute(SEATS.update().where(SEATS.c.game_id == game_id, SEATS.c.seat == by)
                              .values(undos=SEATS.c.undos + 1))

    def count_hint(self, game_id: str, seat: int) -> None:
        """One more hint asked for by the player of ``seat``."""
        self.conn.execute(SEATS.update().where(SEATS.c.game_id == game_id, SEATS.c.seat == seat)
                          .values(hints=SEATS.c.hints + 1))
        self._changed(game_id)

    def end_game(self, game_id: str) -> bool:
        """End an unfinished game early (its players abandoned it); False if it was not in play."""
        result = self.conn.execute(GAMES.update().where(GAMES.c.id == game_id, GAMES.c.over == UNFINISHED)
                                   .values(over=ENDED))
        self._changed(game_id)
        return result.rowcount == 1

    def quarantine(self, game_id: str, reason: str) -> None:
        """Set a game aside for good (it cannot be replayed, say): it is no longer restored
        or listed, and loading it gives a :class:`BrokenRecord` with ``reason``."""
        self.conn.execute(GAMES.update().where(GAMES.c.id == game_id).values(broken=reason))
        self._changed(game_id)

    def lease(self, name: str) -> bool:
        """Whether this process may do the work of ``name`` (a game's id: play its bots):
        on PostgreSQL, a lock on the name that one connection holds at a time (taken once
        more by the connection holding it), and lets go of when its process ends, however
        it ends (the connection closes); a SQLite file has one process."""
        if self.engine.dialect.name != "postgresql":
            return True
        return bool(self.conn.execute(sa.select(sa.func.pg_try_advisory_lock(lock_key(name)))).scalar())

    def let_go(self, name: str) -> None:
        """Give the lease of ``name`` back once (the game is over, the hint given): each
        held lock takes a slot of the server's shared lock table."""
        if self.engine.dialect.name == "postgresql":
            self.conn.execute(sa.select(sa.func.pg_advisory_unlock(lock_key(name))))

    # --- reading

    def load(self, game_id: str, since: int = 0) -> GameRecord | BrokenRecord | None:
        """The game's record; with ``since``, its actions from number ``since`` on only (for
        a reader that holds the others)."""
        row = self.conn.execute(sa.select(GAMES.c.broken).where(GAMES.c.id == game_id)).first()
        if row is None:
            return None
        if row.broken is not None:
            return BrokenRecord(game_id, row.broken, quarantined=True)
        return self._read_alone(game_id, since)

    def holds_seat(self, game_id: str, token_hash: str) -> bool:
        """Whether a token of that hash holds a seat of the game."""
        return self.conn.execute(sa.select(SEATS.c.seat).where(
            SEATS.c.game_id == game_id, SEATS.c.token_hash == token_hash)).first() is not None

    def account_seat(self, game_id: str, account: str) -> int | None:
        """The seat of the game that ``account`` holds, if any (one at most: take_seat)."""
        seat: int | None = self.conn.execute(sa.select(SEATS.c.seat).where(
            SEATS.c.game_id == game_id, SEATS.c.account == account, SEATS.c.token_hash.is_not(None))).scalar()
        return seat

    def preferences(self, account: str) -> Preferences:
        """The account's preferences at the table (records.preferences_of: the defaults where it
        chose none)."""
        return preferences_of(self.conn.scalar(sa.select(ACCOUNTS.c.preferences).where(ACCOUNTS.c.id == account)))

    @staticmethod
    def _holds_one(game_id: str, account: str) -> sa.Exists:
        """Whether ``account`` holds a seat of the game already (not one it left to a bot)."""
        return sa.exists().where(SEATS.c.game_id == game_id, SEATS.c.account == account, SEATS.c.kind == "human")

    def unfinished(self) -> list[GameRecord | BrokenRecord]:
        """Every game in play, oldest first (quarantined games left out)."""
        try:
            with self.conn.begin_nested():
                return self._read(IN_PLAY)
        except sa.exc.DBAPIError:
            # a row the driver cannot even fetch: read game by game, so it costs only its game
            return [self._read_alone(game_id) for game_id in self.unfinished_ids()]

    def unfinished_to_hold(self) -> list[GameRecord | BrokenRecord]:
        """The games in play a process must hold from its start (:data:`TO_HOLD`), oldest first."""
        try:
            with self.conn.begin_nested():
                return self._read(TO_HOLD)
        except sa.exc.DBAPIError:
            return [self._read_alone(game_id) for game_id in self.to_hold(self.unfinished_ids())]

    def to_hold(self, game_ids: Sequence[str]) -> list[str]:
        """Those of ``game_ids`` a process must hold once it learns of them (:data:`TO_HOLD`)."""
        if not game_ids:
            return []
        return list(self.conn.scalars(sa.select(GAMES.c.id).where(TO_HOLD, GAMES.c.id.in_(game_ids))
                                      .order_by(GAMES.c.created, GAMES.c.id)))

    def listed_in_play(self, status: str, limit: int, offset: int = 0) -> list[str]:
        """The listed games in play with a seat free for a person (``open``) or without one
        (``running``), newest first, a page at a time."""
        seat = SEATS.alias("free")
        free = sa.select(seat.c.seat).where(seat.c.game_id == GAMES.c.id, seat.c.kind == "human",
                                            seat.c.token_hash.is_(None)).exists()
        return list(self.conn.scalars(
            sa.select(GAMES.c.id).where(IN_PLAY, GAMES.c.listed, free if status == "open" else ~free)
            .order_by(GAMES.c.created.desc(), GAMES.c.id).limit(limit).offset(offset)))

    def writes_of(self, game_ids: Sequence[str]) -> dict[str, int]:
        """How many writes of its actions each of the games ``game_ids`` in play has taken
        (those a process holds: not every game stored)."""
        if not game_ids:
            return {}
        return {game_id: writes for game_id, writes in self.conn.execute(
            sa.select(GAMES.c.id, GAMES.c.writes).where(IN_PLAY, GAMES.c.id.in_(game_ids)))}

    def unfinished_ids(self) -> list[str]:
        """The games in play, oldest first (quarantined games left out)."""
        return list(self.conn.scalars(sa.select(GAMES.c.id).where(IN_PLAY).order_by(GAMES.c.created, GAMES.c.id)))

    def finished_ids(self, limit: int, offset: int = 0) -> list[str]:
        """Listed games no longer in play (finished or ended early), newest first, a page at a time."""
        return list(self.conn.scalars(
            sa.select(GAMES.c.id).where(GAMES.c.over.in_((FINISHED, ENDED)), GAMES.c.broken.is_(None), GAMES.c.listed)
            .order_by(GAMES.c.created.desc(), GAMES.c.id).limit(limit).offset(offset)))

    def broken_games(self, limit: int) -> list[tuple[str, str]]:
        """Quarantined games as (id, reason), newest first."""
        rows = self.conn.execute(sa.select(GAMES.c.id, GAMES.c.broken).where(GAMES.c.broken.is_not(None))
                                 .order_by(GAMES.c.created.desc(), GAMES.c.id).limit(limit))
        return [(r.id, r.broken) for r in rows]

    def _read_alone(self, game_id: str, since: int = 0) -> GameRecord | BrokenRecord:
        try:
            with self.conn.begin_nested():
                return self._read(GAMES.c.id == game_id, since)[0]
        except sa.exc.DBAPIError as e:
            return BrokenRecord(game_id, f"cannot read its rows: {one_line(e)}")

    def _read(self, where: sa.ColumnElement[bool], since: int = 0) -> list[GameRecord | BrokenRecord]:
        """The games that ``where`` selects, in three queries whatever their number, with
        their actions from number ``since`` on."""
        rows = self.conn.execute(sa.select(*GAME_COLUMNS).where(where).order_by(GAMES.c.created, GAMES.c.id)).all()
        seat_rows: dict[str, list[Any]] = {}
        seats = (sa.select(SEATS, ACCOUNTS.c.holiday_since, ACCOUNTS.c.preferences)
                 .join(GAMES, GAMES.c.id == SEATS.c.game_id))
        for r in self.conn.execute(seats.outerjoin(ACCOUNTS, ACCOUNTS.c.id == SEATS.c.account).where(where)
                                   .order_by(SEATS.c.game_id, SEATS.c.seat)).all():
            seat_rows.setdefault(r.game_id, []).append(r)
        action_rows: dict[str, list[Any]] = {}
        for r in self.conn.execute(sa.select(ACTIONS).join(GAMES, GAMES.c.id == ACTIONS.c.game_id)
                                   .where(where, ACTIONS.c.n >= since).order_by(ACTIONS.c.game_id, ACTIONS.c.n)).all():
            action_rows.setdefault(r.game_id, []).append(r)
        return [record_of(r, seat_rows.get(r.id, []), action_rows.get(r.id, []), since) for r in rows]
