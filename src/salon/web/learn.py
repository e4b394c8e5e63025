"""Tutorials in the browser: a lesson as the frames the table's page shows, one per learner's step.

A tutorial is a fixed script (salon.core.tutorial), so its frames are worked out once per
process and served to everyone: each is the table's ``state`` message at that step from the
learner's seat (the board, the decision and its legal actions, the journal since the previous
frame), with the step's text key, the part of the board it points at and the rules it cites.
The page plays them as a table whose connection is the script: the taught move shows the next
frame; any other move gets the step's explanation again, and nothing is sent to the server.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from salon.core.errors import DataError
from salon.core.game import Game, game_names
from salon.core.tutorial import Lesson, Tutorial, tutorial, tutorials
from salon.web.adapters import adapter
from salon.web.errors import Refused
from salon.wording import told

LEARNER_NAME = ""
"""The learner's seat has no name: the page words it as the viewer's own ("You")."""


def catalogue() -> list[dict[str, Any]]:
    """Every installed game's tutorials, in order: their game, name and title key."""
    return [{"game": game, "name": name, "title": found.key("title"), "steps": sum(1 for s in found.steps if s.say)}
            for game in game_names() for name, found in tutorials(game).items()]


@cache
def lesson_frames(game: str, name: str) -> dict[str, Any]:
    """The lesson ``name`` of ``game`` as its frames; Refused ``no_such_tutorial`` for an unknown one."""
    if game not in game_names():
        raise Refused("no_such_tutorial", f"there is no game {game!r}")
    try:
        found = tutorial(game, name)
    except DataError:
        raise Refused("no_such_tutorial", f"{game} has no tutorial {name!r}") from None
    log, actors = _journal(found)
    lesson = Lesson(found)
    frames: list[dict[str, Any]] = []
    shown = 0
    while (step := lesson.step) is not None:
        now = len(lesson.game.history) + 1
        frames.append({"action": step.action, "say": found.key(step.say), "point": step.point,
                       "rules": list(step.rules),
                       "state": _state(found, lesson.game, log[shown:now], actors[shown:now], shown)})
        shown = now
        lesson.attempt(step.action)
    then = found.then or found.start.get("config") or {}
    return {"game": game, "name": name, "title": found.key("title"), "seat": found.seat, "frames": frames,
            "then": {"config": then, "bot": found.bot}, "components": adapter(game).components(lesson.game)}


def _journal(found: Tutorial) -> tuple[list[list[dict[str, Any]]], list[int | None]]:
    """The whole script's journal as the learner sees it, entry 0 the setup's and entry n the
    n-th action's, with the seat that acted."""
    scripted = Lesson(found)
    while (step := scripted.step) is not None:
        scripted.attempt(step.action)
    game = found.new_game()
    log = [[e.view(found.seat) for e in game.setup_events()]]
    actors: list[int | None] = [None]
    for action in scripted.game.history:
        actors.append(game.current_player())
        log.append([e.view(found.seat) for e in game.apply(action)])
    return log, actors


def _state(found: Tutorial, game: Game, entries: list[list[dict[str, Any]]], actors: list[int | None],
           since: int) -> dict[str, Any]:
    """The table's ``state`` message of the learner's seat at this point of the script."""
    seat = found.seat
    current = game.current_player()
    mine = current == seat and not game.is_over()
    words = told(game, entries)
    return {
        "type": "state", "id": f"learn-{found.game}-{found.name}", "game": found.game, "title": "",
        "version": len(game.history), "status": "running", "seat": seat,
        "seats": [_seat_view(game, found, s) for s in range(game.num_players)], "host": None,
        "current": current, "observation": adapter(found.game).observe(game, seat),
        "legal": list(game.legal_actions()) if mine else [], "forced": None, "undoable": 0,
        "timer": None, "clock": None, "log_from": since,
        "log": [{"n": since + k, "actor": actor, "events": shown}
                for k, (actor, shown) in enumerate(zip(actors, words, strict=True))],
        "result": None, "rated": False, "end_votes": [],
    }


def _seat_view(game: Game, found: Tutorial, seat: int) -> dict[str, Any]:
    automatic = game.description.automated_seats
    kind = "automaton" if seat in automatic else "human" if seat == found.seat else "bot"
    return {"seat": seat, "kind": kind, "bot": None if kind != "bot" else found.bot,
            "name": automatic.get(seat, "") if kind == "automaton" else LEARNER_NAME if kind == "human" else found.bot,
            "taken": True, "online": True, "hints": 0, "vacant": False, "out": False, "holiday": False,
            "invited": False}
