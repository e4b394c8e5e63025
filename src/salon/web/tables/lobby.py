"""A new table: its game from the creator's config, its seats (people, bots the server plays,
the game's own automata), its creator's seat and the caps it counts against."""

from __future__ import annotations

import secrets
import time
from functools import partial
from typing import TYPE_CHECKING, Any

from salon.bots.base import BotSpec
from salon.core.errors import ConfigError
from salon.core.game import Game, game_class, secret_seed
from salon.i18n import text
from salon.web.accounts.account import Account, normalise_address
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
        await self.hub.guard.creating(client)  # a request refused for its own mistakes costs no rate
        if join is not None:
            await self.hub.guard.joining(client)
        game_id = secrets.token_urlsafe(12)
        listed = not private if private is not None else all(spec["kind"] == BOT for spec in seat_specs)
        rec = GameRecord(game_id, name, clean_text(title or "", TITLE_LIMIT) or f"{name} {game_id}",
                         game.config_json(), game.seed, time.time(), seats, creator=client, options=options,
                         listed=listed, network=network, turn_seat=game.current_player())
        await self.hub.guard.creating_table(rec, partial(self._invite, rec, person))
        now = self.hub.clock()
        room = Room(rec.id, name, rec.title, rec.config, rec.seed, rec.created, game,
                    [Seat(s.seat, s.kind, s.bot, s.name, s.token_hash,
                          seat_bot(bots[s.bot], rec.seed, s.seat) if s.bot else None, seen=now, account=s.account,
                          invited=s.invited) for s in seats],
                    [game.setup_events()], [None], client, rec.options, turn_started=now, listed=listed,
                    lone=[False], turn_since=rec.created)
        self.hub.rooms.held[game_id] = room
        self.hub.bots.wake(room)
        return room, seat_index, token

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


def _invited(spec: dict[str, Any]) -> str | None:
    """The address a person's seat is kept for, as stored (normalised); Refused ``bad_address``."""
    given = spec.get("invite")
    if not given:
        return None
    if spec["kind"] != HUMAN:
        raise Refused("bad_seats", "only a person's seat may be kept for an invited address")
    return normalise_address(given)
