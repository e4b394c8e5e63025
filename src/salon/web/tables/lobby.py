"""A new table: its game from the creator's config, its seats (people, bots the server plays,
the game's own automata), its creator's seat and the caps it counts against."""

from __future__ import annotations

import secrets
import time
from functools import partial
from typing import TYPE_CHECKING, Any

from salon.bots.base import BotSpec
from salon.core.choices import DEFAULTS
from salon.core.errors import ConfigError
from salon.core.game import Game, game_class, secret_seed
from salon.i18n import text
from salon.web.accounts import store
from salon.web.accounts.account import Account, normalise_address
from salon.web.chat import between
from salon.web.errors import Refused
from salon.web.names import clean_text
from salon.web.storage import Database, GameRecord, SeatRecord
from salon.web.tables import notices
from salon.web.tables.clocks import pace_of
from salon.web.tables.room import AUTOMATON, BOT, HUMAN, Room, Seat, hash_token
from salon.web.tables.seats import display_name, free_seat, unlike
from salon.web.tables.stored import seat_bot

if TYPE_CHECKING:
    from salon.web.tables.hub import Hub

TITLE_LIMIT = 80


class Lobby:
    """Creates the tables of one process."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    async def create(self, name: str, title: str, seat_specs: list[dict[str, Any]], config: dict[str, Any],
                     seed: int | None, join: dict[str, Any] | None, client: str = "",
                     options: dict[str, Any] | None = None, private: bool | None = None,
                     network: str = "", person: Account | None = None) -> tuple[Room, int | None, str | None]:
        """A new game; with ``join`` the creator takes a seat, gets its token and hosts the
        table (a signed-in creator's account, ``person``, holds the seat too).  ``client`` and
        ``network`` (opaque keys of the creator's address and network) count against the caps
        of the server.  ``private`` tables are left out of the lobby (their link is the only
        way in); by default a table with a seat for a person is private.  A table that lasts
        days (``options["pace_days"]``) is created by an account; a seat's ``invite`` keeps
        it for an address, which is sent an invitation."""
        if pace_of(options or {}) is not None and person is None:
            raise Refused("signed_out", "a table that lasts days is played by accounts: sign in first")
        check_rated(options or {}, seat_specs, person)
        seat_specs = await self._by_handle(seat_specs, person)
        game, bots = self._game(name, seat_specs, config, seed)
        seats = self._seats(game, seat_specs)
        account = person.id if person else None
        token = seat_index = None
        options = dict(options or {})
        if join is not None:
            address = person.email if person and person.verified else None
            seat_index = free_seat(seats, join.get("seat"), address=address)
            token = secrets.token_urlsafe(24)
            seats[seat_index].token_hash = hash_token(token)
            seats[seat_index].account = account
            seats[seat_index].name = display_name(join.get("name"), seat_index)
            unlike(seats, seat_index, seats[seat_index].name)
            options["host"] = seat_index
        if all(s.kind in (BOT, AUTOMATON) or s.token_hash is not None for s in seats):
            options["lineup"] = [s.account for s in seats]  # started: its people (salon.web.standing)
        await self.hub.guard.creating(client)  # a request refused for its own mistakes costs no rate
        if join is not None:
            await self.hub.guard.joining(client)
        game_id = secrets.token_urlsafe(12)
        listed = not private if private is not None else all(spec["kind"] == BOT for spec in seat_specs)
        rec = GameRecord(game_id, name, clean_text(title or "", TITLE_LIMIT),
                         game.config_json(), game.seed, time.time(), seats, creator=client, options=options,
                         listed=listed, network=network, turn_seat=game.current_player())
        await self.hub.guard.creating_table(rec, partial(self._invite, rec, person))
        now = self.hub.clock()
        prefs = await self.hub.store(lambda db: db.preferences(account)) if account and join is not None else DEFAULTS
        room = Room(rec.id, name, rec.title, rec.config, rec.seed, rec.created, game,
                    [Seat(s.seat, s.kind, s.bot, s.name, s.token_hash,
                          seat_bot(bots[s.bot], rec.seed, s.seat) if s.bot else None, seen=now, account=s.account,
                          invited=s.invited, prefs=prefs if s.seat == seat_index else DEFAULTS) for s in seats],
                    [game.setup_events()], [None], client, rec.options, turn_started=now, listed=listed,
                    lone=[False], turn_since=rec.created)
        self.hub.rooms.held[game_id] = room
        self.hub.bots.wake(room)
        return room, seat_index, token

    async def _by_handle(self, seat_specs: list[dict[str, Any]], person: Account | None) -> list[dict[str, Any]]:
        """The seats' specs with each invitation of an account by its handle (``@ann``) made
        one of its verified address; Refused ``no_such_player`` for a handle of no such account
        (or one that blocks the creator, or is blocked: a block is not told apart)."""
        wanted = [spec for spec in seat_specs if str(spec.get("invite") or "").startswith("@")]
        if not wanted:
            return seat_specs
        if person is None:
            raise Refused("signed_out", "sign in to invite a player by name")

        def addresses(db: Database) -> dict[str, str | None]:
            found = {}
            for spec in wanted:
                row = store.by_handle(db, spec["invite"][1:])
                ok = row is not None and row.verified and not row.suspended and not between(db, person.id, row.id)
                found[spec["invite"]] = row.email if ok else None
            return found

        found = await self.hub.store(addresses)
        specs = []
        for spec in seat_specs:
            if spec in wanted:
                if found[spec["invite"]] is None:
                    raise Refused("no_such_player", f"no player is called {spec['invite']}")
                spec = {**spec, "invite": found[spec["invite"]]}
            specs.append(spec)
        return specs

    def _invite(self, rec: GameRecord, person: Account | None, db: Database) -> None:
        """Send each address a seat is kept for its invitation (in the job that stores the table)."""
        by = person.name if person else ""
        for s in rec.seats:
            if s.invited is not None:
                notices.invitation(db, self.hub.mail, rec.id, rec.title, by, s.invited, person.lang if person else "en",
                                   time.time())

    def _game(self, name: str, seat_specs: list[dict[str, Any]], config: dict[str, Any],
              seed: int | None) -> tuple[Game, dict[str, BotSpec]]:
        """The table's game, once its bots are ones the server plays and its config is valid,
        with the bots its seats name, each spec read once here, by its text."""
        try:
            cls = game_class(name)
        except ConfigError as e:
            raise Refused("unknown_game", str(e)) from None
        if seed is not None and not self.hub.allow_seed:
            raise Refused("seed_not_allowed", "this server draws every game's seed itself")
        named = [(i, spec.get("bot") or "") for i, spec in enumerate(seat_specs) if spec["kind"] == BOT]
        bots: dict[str, BotSpec] = {}
        for i, given in named:
            try:
                bots[given] = self.hub.check_bot(given)
            except Refused as e:
                raise Refused(e.code, f"seat {i + 1}: {e.message}") from None
        if not self.hub.limits.allow_bot_tables and len(named) == len(seat_specs):
            raise Refused("bot_tables_off", "a table needs at least one human seat on this server")
        config = dict(config)
        config.setdefault("players", len(seat_specs))  # the one config key every game shares
        try:
            game = cls.new(config, secret_seed() if seed is None else seed)
        except ConfigError as e:
            raise Refused("bad_config", str(e), key=e.key, fields=e.fields) from None
        for i, given in named:
            try:
                bots[given].check(game)
            except ConfigError as e:
                raise Refused("bot_not_allowed", f"seat {i + 1}: {e}") from None
        return game, bots

    @staticmethod
    def _seats(game: Game, seat_specs: list[dict[str, Any]]) -> list[SeatRecord]:
        """The seats of ``game``: the creator's specs for the players' seats, the game's own
        for the seats it plays itself."""
        automated = {seat: text(f"player.{key}") for seat, key in game.description.automated_seats.items()}
        playable = [i for i in range(game.num_players) if i not in automated]
        if len(seat_specs) != len(playable):
            raise Refused("bad_seats", f"{len(seat_specs)} seats given for a game of {len(playable)} "
                                       f"player{'s' if len(playable) != 1 else ''}")
        specs = dict(zip(playable, seat_specs, strict=True))
        return [SeatRecord(i, AUTOMATON, None, automated[i]) if i in automated else
                SeatRecord(i, specs[i]["kind"], specs[i].get("bot") if specs[i]["kind"] == BOT else None,
                           (specs[i].get("bot") or BOT) if specs[i]["kind"] == BOT else "",
                           invited=_invited(specs[i]))
                for i in range(game.num_players)]


def check_rated(options: dict[str, Any], seat_specs: list[dict[str, Any]], person: Account | None) -> None:
    """A rated table is created by an account and seats people only (salon.web.standing); a
    minimum rating or reliability is a rated table's."""
    if not options.get("rated"):
        if options.get("min_rating") is not None or options.get("min_reliability") is not None:
            raise Refused("bad_minimum", "only a rated table asks for a minimum rating or reliability")
        return
    if person is None:
        raise Refused("signed_out", "a rated table is played by accounts: sign in first")
    if any(spec["kind"] != HUMAN for spec in seat_specs):
        raise Refused("bad_seats", "a rated table seats people only: bots never change a person's rating")


def _invited(spec: dict[str, Any]) -> str | None:
    """The address a person's seat is kept for, as stored (normalised); Refused ``bad_address``."""
    given = spec.get("invite")
    if not given:
        return None
    if spec["kind"] != HUMAN:
        raise Refused("bad_seats", "only a person's seat may be kept for an invited address")
    return normalise_address(given)
