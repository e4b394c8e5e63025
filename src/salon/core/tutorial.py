"""Tutorials: short scripted games that teach a game, written as data and played by any front end.

A tutorial is a TOML file of a game's data package (its plug-in's ``tutorials`` folder): where the
game starts (a position file beside it, or a config and a seed) and, in order, every move of the
game it scripts.  A move of the learner's seat is a lesson step: the front end points at the part
of the board the step names, says the step's text and accepts only that move; any other gets the
step's explanation again.  The other seats' moves are played by the script itself, each said in
passing when it has a text.  A step without a move is a word between moves, acknowledged with
"Next".  The texts are keys of the game's ``events`` catalog (``<game>.learn.<tutorial>.<key>``), read
alike by both front ends; the rule ids a step cites stay beside the text, shown on request.

Principle 11 (docs/architecture.md): a tutorial is a position and a list of actions, so a new
tutorial needs no code, and loading one checks that every scripted move is legal where it is played.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from typing import Any

from salon.core.errors import DataError, RecordError, SalonError
from salon.core.events import Event
from salon.core.game import Game, game_class
from salon.core.plugins import folder, plugin

NEXT = ""
"""The move of a word between moves: the learner answers it with "Next"."""


@dataclass(frozen=True)
class Step:
    """One step: a move (``NEXT`` for a word between moves), its text key (empty: played without a
    word), the part of the board it is about, and the rules it applies."""

    action: str
    say: str = ""
    point: str = ""
    rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class Tutorial:
    """A tutorial as its file declares it: checked, not yet played."""

    game: str
    name: str
    seat: int
    start: dict[str, Any]
    steps: tuple[Step, ...]
    then: dict[str, Any] = field(default_factory=dict)
    """The real game handed over at the end: its config (the tutorial's own when empty)."""
    bot: str = "easy"
    """The bot the learner plays next."""

    def key(self, text: str) -> str:
        """The catalog key of one of this tutorial's texts."""
        return f"{self.game}.learn.{self.name}.{text}"

    def new_game(self) -> Game:
        """The game at the tutorial's start."""
        cls = game_class(self.game)
        if "position" in self.start:
            return cls.from_position(self.start["position"])
        return cls.new(self.start.get("config"), seed=int(self.start.get("seed", 0)))


class Lesson:
    """A tutorial being played: the game so far and the step the learner is at.  The other seats'
    moves and the learner's lone forced moves are played as soon as they come up, so that the
    lesson always waits on the learner (or is over)."""

    def __init__(self, tutorial: Tutorial) -> None:
        self.tutorial = tutorial
        self.game = tutorial.new_game()
        self.at = 0
        self.played: list[tuple[int | None, list[Event]]] = []
        """Every move played since the learner's last step began, the learner's own first, with
        the seat that made it and its events: what a front end tells before the next step."""
        self._play_others()

    @property
    def step(self) -> Step | None:
        """The learner's step now; None when the tutorial is over."""
        return self.tutorial.steps[self.at] if self.at < len(self.tutorial.steps) else None

    @property
    def over(self) -> bool:
        return self.at >= len(self.tutorial.steps)

    def attempt(self, action: str) -> bool:
        """Play the learner's ``action`` if it is the taught move (or "Next" on a word); False,
        changing nothing, for any other."""
        step = self.step
        if step is None or action != step.action:
            return False
        self.played = []
        if step.action != NEXT:
            self._apply(action)
        self.at += 1
        self._play_others()
        return True

    def _play_others(self) -> None:
        """Play on to the learner's next step: the other seats' moves, and the learner's lone
        moves the script leaves unworded (a front end makes a lone pass for the player)."""
        while (step := self.step) is not None and step.action != NEXT and (
                self.game.current_player() != self.tutorial.seat
                or (not step.say and self.game.legal_actions() == [step.action])):
            self._apply(step.action)
            self.at += 1

    def _apply(self, action: str) -> None:
        seat = self.game.current_player()
        self.played.append((seat, self.game.apply(action)))


def tutorials(game: str) -> dict[str, Tutorial]:
    """Every tutorial of ``game`` by name, in the order of their file names; none for a game whose
    plug-in declares no tutorial folder."""
    found = plugin(game)
    if found is None or found.tutorials is None:
        return {}
    where = folder(found.tutorials)
    files = sorted((f for f in where.iterdir() if f.name.endswith(".toml")), key=lambda f: f.name)
    return {f.name.removesuffix(".toml"): read(game, where, f.name) for f in files}


def tutorial(game: str, name: str) -> Tutorial:
    """The tutorial ``name`` of ``game``; DataError naming the ones there are."""
    found = tutorials(game)
    if name not in found:
        raise DataError(f"{game} has no tutorial {name!r} (it has: {', '.join(found) or 'none'})")
    return found[name]


def read(game: str, place: Traversable, where: str) -> Tutorial:
    """The tutorial file ``where`` of the folder ``place`` (a position file it names lies beside
    it), checked by playing it through: DataError with the file and the step."""
    try:
        raw = tomllib.loads(place.joinpath(where).read_text(encoding="utf-8"))
        start = dict(raw.get("start", {}))
        if "position" in start:
            start["position"] = json.loads(place.joinpath(str(start["position"])).read_text(encoding="utf-8"))
        steps = tuple(_step(entry) for entry in raw["step"])
        found = Tutorial(game, where.removesuffix(".toml"), int(raw.get("seat", 0)), start, steps,
                         dict(raw.get("then", {})), str(raw.get("bot", "easy")))
    except (KeyError, TypeError, ValueError, tomllib.TOMLDecodeError, FileNotFoundError) as e:
        raise DataError(f"{where}: malformed tutorial ({type(e).__name__}: {e})") from None
    _check(found)
    return found


def _step(entry: dict[str, Any]) -> Step:
    unknown = set(entry) - {"do", "say", "point", "rules"}
    if unknown:
        raise ValueError(f"unknown fields {sorted(unknown)}")
    return Step(str(entry.get("do", NEXT)), str(entry.get("say", "")), str(entry.get("point", "")),
                tuple(str(r) for r in entry.get("rules", ())))


def _check(found: Tutorial) -> None:
    """Play the script through: every move legal where it comes, every learner's step worded,
    and the game not over before the last step."""
    try:
        lesson = Lesson(found)
        while (step := lesson.step) is not None:
            where = f"{found.name}.toml, step {lesson.at + 1} ({step.action or 'a word'})"
            if not step.say:
                raise DataError(f"{where}: the learner's step has no text")
            if step.action != NEXT and step.action not in lesson.game.legal_actions():
                raise DataError(f"{where}: not a legal move there")
            lesson.attempt(step.action)
    except (SalonError, RecordError) as e:
        if isinstance(e, DataError):
            raise
        raise DataError(f"{found.name}.toml: the script cannot be played ({e})") from None
