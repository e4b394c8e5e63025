"""A table from its stored record: the game replayed from its config, seed and actions, the
seats checked against the game, and the bots made again, or a reason why it cannot be
restored as it is (then it is quarantined: salon.web.tables.rooms)."""

from __future__ import annotations

from collections.abc import Callable

from salon.bots.base import Bot, BotSpec, bot_seed
from salon.core.errors import ActionError, ConfigError, SalonError
from salon.core.events import Event
from salon.core.game import Game, game_class
from salon.web.errors import Refused
from salon.web.storage import BrokenRecord, GameRecord
from salon.web.tables.room import BOT, KINDS, Room, Seat, forced_move

Rebuilt = tuple[Game, list[list[Event]], list[int | None], list[bool]]
"""A game, the events of each action, its actor, and whether it was a move the server makes for a person."""


def seat_bot(spec: BotSpec, seed: int, seat: int) -> Bot:
    """The bot of a table's seat, seeded from the table's secret seed and the seat."""
    return spec.make(bot_seed(seed, seat))


def rebuild(rec: GameRecord, resume: Rebuilt | None = None) -> Rebuilt:
    """The game of a record, by replaying its actions, with the events of each action, its
    actor and whether it was a move the server makes for a person (Room.lone); from ``resume``, a
    game of the record's first actions, only the actions that follow are replayed."""
    if resume is None:
        try:
            cls = game_class(rec.game)
            game = cls.new(cls.stored_config(rec.config), rec.seed)
        except ConfigError as e:
            raise SalonError(f"the stored config is invalid: {e}") from None
        resume = game, [game.setup_events()], [None], [False]
    game, log, actors, lone = resume
    for i, action in enumerate(rec.actions[len(game.history):], start=len(game.history)):
        actor = game.current_player()
        lone.append(forced_move(game) == action)
        try:
            log.append(game.apply(action))
        except ActionError as e:
            raise SalonError(f"stored action #{i + 1} {action!r} cannot be replayed: {e.reason}") from None
        actors.append(actor)
    return game, log, actors, lone


def restore(rec: GameRecord | BrokenRecord, now: float, check_bot: Callable[[str], BotSpec],
            resume: Rebuilt | None = None) -> Room:
    """The room of a stored game (replayed from ``resume``, see rebuild), its players seen
    ``now``; SalonError for one that cannot be restored as it is: a damaged row, an action the
    engine refuses, seats that do not fit the game, a seat of an unknown kind, or a bot that
    ``check_bot`` refuses (one this server does not play), which reads each stored bot's spec
    once."""
    if isinstance(rec, BrokenRecord):
        raise SalonError(rec.reason)
    try:
        cls = game_class(rec.game)
    except ConfigError as e:
        raise SalonError(str(e)) from None
    game, events, actors, lone = rebuild(rec, resume)
    if len(rec.seats) != game.num_players or [s.seat for s in rec.seats] != list(range(game.num_players)):
        raise SalonError(f"the stored seats do not fit a game of {game.num_players} seats")
    seats = []
    for s in rec.seats:
        if s.kind not in KINDS:
            raise SalonError(f"seat {s.seat} is of an unknown kind {s.kind!r}")
        bot = None
        if s.kind == BOT and not rec.over:
            try:
                spec = check_bot(s.bot or "")
            except Refused as e:
                raise SalonError(f"seat {s.seat}: {e.message}") from None
            bot = seat_bot(spec, rec.seed, s.seat)
        seats.append(Seat(s.seat, s.kind, s.bot, s.name, s.token_hash, bot, s.undos, s.hints, now, s.account,
                          s.invited, s.holiday_since, s.preferences))
    return Room(rec.id, rec.game, rec.title, cls.stored_config(rec.config), rec.seed, rec.created, game, seats,
                events, actors, rec.creator, dict(rec.options), rec.undos, rec.ended, now, listed=rec.listed,
                lone=lone, writes=rec.writes, turn_since=rec.turn_since)
