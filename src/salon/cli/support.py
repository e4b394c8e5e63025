"""What the terminal client knows about each game beyond the shared protocol.

The commands stay game-agnostic: they reach a game through ``salon.core.game`` and, for the
few things the protocol does not cover (a board renderer for ``play``, invariant checks for
``simulate``, the order of the scoring steps), through the :class:`GameSupport` registered
here under the game's name.  A game without an entry still simulates, benchmarks and
replays; only ``play`` needs a view.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from rich.console import RenderableType

from salon.core.events import Event
from salon.core.game import Game


class GameView(Protocol):
    """Renders one game for the terminal in one language."""

    def board(self, seat: int | None) -> RenderableType:
        """Everything ``seat`` may see (``observe(seat)``), as a renderable."""
        ...

    def prompt(self, decision: dict[str, Any]) -> str:
        """A one-line question for the current decision."""
        ...

    def explain(self, action: str) -> str:
        """A short explanation of one legal action of the current decision."""
        ...

    def event(self, view: dict[str, Any]) -> str | None:
        """A log line for one event as seen by a seat (``Event.view``); None to leave it out."""
        ...

    def standing(self) -> RenderableType:
        """Where an unfinished game stands (round, phase, points so far)."""
        ...


Checker = Callable[[Game], list[str]]
TransitionChecker = Callable[[Game, Game, list[Event]], list[str]]
Steps = Callable[[Game], tuple[str, ...]]


def no_steps(game: Game) -> tuple[str, ...]:
    return ()


@dataclass(frozen=True)
class GameSupport:
    view: Callable[[Game, str, list[str]], GameView] | None = None
    """Builds a view from a game, a language and the seat labels."""
    check: Checker | None = None
    check_transition: TransitionChecker | None = None
    score_steps: Steps = no_steps
    """The scoring steps of a game in the order its rulebook scores them (for the breakdown
    tables); a function of the game, since an expansion may add a step."""


_MODULES = {"rococo": "salon.cli.rococo_view"}


def support(name: str) -> GameSupport:
    """The client support of a game (empty for a game the client has no module for)."""
    module = _MODULES.get(name)
    if module is None:
        return GameSupport()
    return importlib.import_module(module).SUPPORT
