"""Actions and undos: checked, applied by the engine, committed, acknowledged and shown.

One action at a time per table: a room's lock serialises submissions, and each submission
names the version its sender was shown, so the second of two simultaneous submissions is
refused with "state changed, refresh" instead of being applied to a position its sender never
saw.  An action is applied by the engine first (which refuses it, and changes nothing, if it
is malformed or illegal), then stored, and only once the store has committed it is it
acknowledged and shown to anyone.  On a database several processes share, the database
orders a table's writes (``Room.writes``): a process that lost the race catches up.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

from salon.core import record
from salon.core.errors import ActionError, MalformedAction
from salon.web.errors import Refused
from salon.web.standing.outcome import outcome_of
from salon.web.standing.record import finish
from salon.web.storage import Database, Stale, StorageError
from salon.web.tables import notices
from salon.web.tables.clocks import pace_of
from salon.web.tables.room import HUMAN, Connection, RequestId, Room, forced_move, places
from salon.web.tables.whole import whole

if TYPE_CHECKING:
    from salon.web.tables.hub import Hub

log = logging.getLogger("salon.web")


def check_turn(room: Room, seat: int | None, version: int) -> None:
    """``seat`` may act now, on the version it was shown."""
    if seat is None:
        raise Refused("spectator", "a spectator cannot act; join a free seat to play")
    status = room.status
    if status == "open":
        raise Refused("waiting", "the game waits for its players to take every seat")
    if status in ("over", "ended"):
        raise Refused("over", "the game is over")
    shown = room.version_for(seat)
    if version != shown:
        raise Refused("stale", "state changed, refresh", version=shown)
    current = room.game.current_player()
    if current != seat:
        raise Refused("not_your_turn", f"seat {current} decides now, not seat {seat}")


def refused(action: str, e: ActionError) -> Refused:
    """The refusal of ``action``, with the engine's own refusal (its rule, reason, catalog key
    and fields) for the page to word it."""
    code = "malformed_action" if isinstance(e, MalformedAction) else "illegal_action"
    why = e.refusal
    return Refused(code, f"{action!r} refused: {why.reason}", rule=why.rule, action=action,
                   refusal={"key": why.key, "fields": dict(why.fields), "reason": why.reason})


def made_for(room: Room, seat: int | None, action: str, version: int) -> bool:
    """Whether ``action``, sent on ``version``, is the move (forced_move) the server has
    already made for ``seat`` on that version: a click that came a moment too late, which
    is answered as done rather than refused as stale."""
    return seat is not None and room.forced.get(seat) == (version, action)


class Play:
    """The actions and undos of every table of one process."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    def explain(self, room: Room, seat: int | None, action: str) -> dict[str, Any]:
        """Why ``action`` is not offered to ``seat`` now: the rule it breaks, the engine's
        reason with its key and fields (salon.core.errors.Refusal), or that it is legal.  Only
        the deciding seat may ask, so that the answer tells nothing of another seat's position."""
        if seat is None:
            raise Refused("spectator", "a spectator has no decision to explain")
        if room.status != "running" or room.game.current_player() != seat:
            raise Refused("not_your_turn", "only the deciding seat may ask why an action is not offered")
        if action in room.game.legal_actions():
            return {"action": action, "legal": True}
        why = room.game.refusal(action)
        if why.rule == "PROTOCOL":
            raise Refused("malformed_action", why.reason)
        # the key and fields let the page word the reason in the player's language
        return {"action": action, "legal": False, "rule": why.rule, "reason": why.reason, "key": why.key,
                "fields": dict(why.fields)}

    @whole
    async def act(self, room: Room, seat: int | None, action: str, version: int,
                  origin: Connection | None = None, request_id: RequestId = None) -> int:
        """Apply one action of ``seat``: the version the seat is shown after it."""
        async with room.lock:
            if made_for(room, seat, action, version):
                shown = room.version_for(seat)
                if origin is not None:
                    origin.push({"type": "ack", "id": request_id, "version": shown})
                return shown
            check_turn(room, seat, version)
            await self.commit(room, [action], origin, request_id)
            return room.version_for(seat)

    @whole
    async def act_many(self, room: Room, seat: int | None, actions: list[str], version: int) -> int:
        """Several actions of one seat in a row, applied and stored as one commit, or none of
        them: a presentation chosen card by card and confirmed at once, stored as a bot's is."""
        async with room.lock:
            check_turn(room, seat, version)
            await self.commit(room, actions, by=seat)
            return room.version_for(seat)

    async def commit(self, room: Room, actions: list[str], origin: Connection | None = None,
                     request_id: RequestId = None, by: int | None = None) -> None:
        """Apply the actions of one seat, store them in one commit, acknowledge, show (the
        caller holds the room's lock).  A bot's secret actions go with the public action that
        ends them, so nobody can time how many there were.  ``by``: the seat that sent them,
        refused (and nothing applied) once another seat decides."""
        game = room.game
        first = len(game.history)
        actor = game.current_player()
        self._apply(room, actions, by)
        over = game.is_over()
        started, since = room.turn_started, room.turn_since
        turn = game.current_player()
        if turn != actor:  # set before the write: a state read meanwhile shows the new turn's timer
            room.turn_started, room.turn_since = self.hub.clock(), time.time()

        def store(db: Database) -> None:
            db.append_many(room.id, first, actions, over, room.writes)
            if turn != actor:
                db.set_turn(room.id, turn, room.turn_since)
            self.tell(db, room, turn if turn != actor else None)

        try:
            await self.hub.storage.run(store)
        except Stale:
            await self.hub.sync.catch_up(room, unstored=True)
            raise Refused("stale", "state changed, refresh", version=room.version_for(actor)) from None
        except Exception as e:
            self.rollback(room, first)
            room.turn_started, room.turn_since = started, since
            log.error("game %s: actions %r not stored: %s", room.id, actions, e)
            raise Refused("storage", "the action could not be stored; nothing changed, try again") from None
        room.writes += 1
        if origin is not None:
            origin.push({"type": "ack", "id": request_id, "version": room.version_for(actor)})
        self.hub.changed(room, only=actor if all(room.private[first + 1:]) else None)

    def tell(self, db: Database, room: Room, turn: int | None) -> None:
        """Post the letters a write causes (in its job): the game's end to every account (and its
        results, salon.web.standing), or
        at a table that lasts days, its decision to the account of ``turn``'s seat."""
        now = time.time()
        if room.game.is_over():
            notices.game_over(db, self.hub.mail, room.id, room.title, dict(enumerate(places(room))), now)
            finish(db, outcome_of(room), now)
        elif turn is not None and (days := pace_of(room.options)) and room.seats[turn].kind == HUMAN:
            notices.your_turn(db, self.hub.mail, room.id, room.title, turn, days, now)

    def _apply(self, room: Room, actions: list[str], by: int | None) -> None:
        """Apply the actions to the room's game and log, or none of them."""
        game = room.game
        first = len(game.history)
        actor = game.current_player()
        for action in actions:
            if by is not None and game.current_player() != by:
                self.rollback(room, first)
                raise Refused("not_your_turn", f"{action!r} refused: seat {by} no longer decides")
            lone = forced_move(game) == action
            try:
                events = game.apply(action)
            except ActionError as e:
                self.rollback(room, first)
                raise refused(action, e) from None
            # the log grows with the game, before the write: a state read meanwhile (the lock
            # guards writers only) sees a version, a log and a position that agree
            room.add(events, actor, action, lone)

    @staticmethod
    def rollback(room: Room, length: int) -> None:
        """The room's game, log and actors as they were with ``length`` actions."""
        if len(room.game.history) > length:
            room.game = record.replay(room.name, room.config, room.seed, room.game.history[:length])
        room.truncate_log(length)

    @whole
    async def undo(self, room: Room, seat: int | None, version: int, origin: Connection | None = None,
                   request_id: RequestId = None) -> int:
        """Take back the seat's latest action: rebuild the game from its history without it.
        Allowed as far as the engine says (``undoable``: within one's own turn, before any
        draw or reveal), following Board Game Arena's policy."""
        async with room.lock:
            check_turn(room, seat, version)
            assert seat is not None
            if room.undoable() < 1:
                raise Refused("no_undo", "nothing can be taken back now")
            history = room.game.history
            private = room.private[-1]
            previous = record.replay(room.name, room.config, room.seed, history[:-1])
            length = len(history) - 1
            by = seat if private else None
            try:
                await self.hub.storage.run(lambda db: db.undo(room.id, length, by, room.writes))
            except Stale:
                await self.hub.sync.catch_up(room)
                raise Refused("stale", "state changed, refresh", version=room.version_for(seat)) from None
            except StorageError as e:
                log.error("storage: %s", e)
                raise Refused("storage", "the database refused the change; nothing changed, try again") from None
            room.writes += 1
            room.game = previous
            room.truncate_log(length)
            self._count_undo(room, seat, private)
            if origin is not None:
                origin.push({"type": "ack", "id": request_id, "version": room.version_for(seat)})
            self.hub.changed(room, only=seat if private else None)
            return room.version_for(seat)

    @staticmethod
    def _count_undo(room: Room, seat: int, private: bool) -> None:
        """Count an undo in the versions of those who saw the action taken back: the seat
        alone for a private action (its own log is shortened), everyone else for another."""
        if private:
            room.seats[seat].undos += 1
            for conn in room.conns:
                if conn.seat == seat:
                    conn.epoch = -1
        else:
            room.undos += 1
            room.epoch += 1
