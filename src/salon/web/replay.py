"""Replays in the browser: a finished game (or a record file) seen at any step.

A game is its config, its seed and its action list (docs/architecture.md principle 6), so the
position after ``step`` actions is found by applying them one by one to a new game.  Once a
game is over nothing is secret any more, so a replay shows every seat's observation and
every event as its own seat saw it.  Only finished games and verified records are replayed:
a live game's seed must stay secret.  Every step comes with the steps where the game's turns
and rounds begin (salon.landmarks), for the page to jump to; a record file's seat list (who
played each seat: a person or which bot) comes back as the seats of the table it replays.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from salon.core import record
from salon.core.errors import ActionError, ConfigError, RecordError
from salon.core.game import Game, game_class, game_names
from salon.landmarks import landmarks
from salon.web.adapters import adapter
from salon.web.errors import Refused
from salon.wording import told

MAX_STEPS = 10_000
"""The longest action list replayed: far beyond any real game of either game, a bound on
the work one request may ask for."""

HUMAN = "human"
"""A person's seat in a record's seat list (the others name a bot, or the game's own player)."""


def replay_step(name: str, config: dict[str, Any], seed: int, actions: list[str], step: int,
                components: bool = False) -> dict[str, Any]:
    """The game after its first ``step`` actions: every seat's observation, the spectator's
    board, the journal so far (each event as its own seat saw it), the round it is in and the
    steps where the turns and rounds begin, at the last step of a finished game its result,
    and with ``components`` what the game's renderer draws from (a record file has no table to
    ask).  Refused ``bad_step`` for a step beyond the record, ``bad_record`` for a record that cannot be
    replayed."""
    total = len(actions)
    if total > MAX_STEPS:
        raise Refused("bad_record", f"the record has {total} actions, more than the {MAX_STEPS} replayed")
    if not 0 <= step <= total:
        raise Refused("bad_step", f"step {step} is not between 0 and {total}")
    cls = game_class(name)
    try:
        game = cls.new(cls.stored_config(config), seed)
    except ConfigError as e:
        raise Refused("bad_record", f"the record's config is invalid: {e}") from None
    start = game.clone()
    log: list[dict[str, Any]] = [{"n": 0, "actor": None, "events": [e.view(e.seat) for e in game.setup_events()]}]
    for i, action in enumerate(actions[:step]):
        actor = game.current_player()
        try:
            events = game.apply(action)
        except ActionError as e:
            raise Refused("bad_record",
                               f"action #{i + 1} {action!r} cannot be replayed: {e.reason}") from None
        log.append({"n": i + 1, "actor": actor, "action": action, "events": [e.view(e.seat) for e in events]})
    try:
        marks = landmarks(start, actions)
    except ActionError as e:
        raise Refused("bad_record", f"an action after #{step} cannot be replayed: {e.reason}") from None
    over = game.is_over()
    found: dict[str, Any] = {
        "game": name,
        "step": step,
        "total": total,
        "players": game.num_players,
        "current": None if over else game.current_player(),
        "public": adapter(name).observe(game, None),
        "observations": [adapter(name).observe(game, seat) for seat in range(game.num_players)],
        "log": [{**entry, "events": events} for entry, events in zip(log, told(game, [x["events"] for x in log]))],
        "result": {**game.result().to_json(), "places": None} if over else None,
        "round": marks.round[step],
        **marks.to_json(),
    }
    if components:
        found["components"] = adapter(name).components(game)
    return found


def replay_record(text: str, step: int, components: bool = False) -> dict[str, Any]:
    """A record file's game at ``step``, once the file is verified (structure, checksum, and
    that replaying its actions reproduces its final state); Refused ``bad_record`` with the
    record's own complaint for a bad file."""
    try:
        rec = record.parse(text)
        if rec.game not in game_names():
            raise RecordError(f"the record is of an unknown game {rec.game!r}", "record.unknown_game",
                              {"name": rec.game})
        if len(rec.actions) > MAX_STEPS:
            raise RecordError(f"the record has {len(rec.actions)} actions, more than the {MAX_STEPS} replayed",
                              "record.too_long", {"n": len(rec.actions), "most": MAX_STEPS})
        saved = record.loads_saved(text)
    except RecordError as e:
        raise Refused("bad_record", str(e), key=e.key, fields=e.fields) from None
    found = replay_step(rec.game, rec.config, rec.seed, rec.actions, step, components)
    if saved.seats is not None:
        found["seats"] = seat_views(saved.game, saved.seats)
    return found


def seat_views(game: Game, names: Sequence[str]) -> list[dict[str, Any]]:
    """The seats of a table, as everyone sees them, from a record's seat list: a bot's seat
    names its bot, the game's own seats are the automaton's."""
    automatic = game.description.automated_seats
    return [{"seat": s, "kind": "automaton" if s in automatic else "human" if name == HUMAN else "bot",
             "bot": None if s in automatic or name == HUMAN else name,
             "name": "" if s in automatic or name == HUMAN else name,
             "taken": True, "online": True, "hints": 0, "vacant": False, "out": False,
             "holiday": False, "invited": False} for s, name in enumerate(names)]


def record_seats(game: Game, seats: Sequence[dict[str, Any]]) -> list[str]:
    """A record's seat list from a table's seats (as :func:`seat_views` gives them): the bot of a
    bot's seat, the game's own name of a seat it plays itself, "human" for a person's."""
    automatic = game.description.automated_seats
    return [automatic[s["seat"]] if s["seat"] in automatic else s["bot"] if s["kind"] == "bot" and s["bot"] else HUMAN
            for s in seats]

