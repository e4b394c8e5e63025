"""What the terminal client knows about each game beyond the shared protocol.

The commands stay game-agnostic: they reach a game through ``salon.core.game`` and, for the
few things the protocol does not cover (a board renderer for ``play``, the order of the
scoring steps, how its ties are broken), through the :class:`GameSupport` registered for it
under the game's name in the entry-point group :data:`GROUP` (salon.core.plugins): the
terminal names its views, the game names no front end.  A game without one still simulates,
benchmarks and replays; only ``play`` needs a view.  A game's own words live in its own
message file (``salon.i18n``), under its name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from rich.console import RenderableType

from salon.core.game import Game
from salon.core.plugins import registered
from salon.wording import Wording
from salon.wording.phrase import Line, Phrase

GROUP = "salon.terminal"
"""The entry-point group of the games' terminal support: ``game = "module:attribute"`` of a
:class:`GameSupport`."""


class WordedLog:
    """The log part of a game's view: its events' lines as the game's wording
    (:mod:`salon.wording`) chooses them, in the view's words (``say``), a line that details
    the one above it indented."""

    events: Wording

    if TYPE_CHECKING:
        def say(self, phrase: Phrase) -> str:
            """A phrase in the view's words (each game's text module gives it)."""

    def line(self, line: Line) -> str:
        return "  " * int(line.get("depth", 0)) + self.say(line)

    def event(self, view: dict[str, Any]) -> str | None:
        lines = [self.line(x) for x in self.events.event(view)]
        return "\n".join(lines) if lines else None

    def log(self, views: list[dict[str, Any]]) -> list[str]:
        return [self.line(x) for lines in self.events.entry(views) for x in lines]


class GameView(Protocol):
    """Renders one game for the terminal in one language.  Its texts are Rich console markup
    (silk, gems and seats in colour; a plain part of them, a seat's label or an action text,
    escaped): the session renders them as markup wherever it shows them, or puts them into a
    renderable that does (salon.cli.play)."""

    def board(self, seat: int | None, players: bool = True) -> RenderableType:
        """Everything ``seat`` may see (``observe(seat)``), as a renderable; without
        ``players``, all but the players' table (shown apart as :meth:`players_table`)."""
        ...

    def players_table(self) -> RenderableType:
        """The players at a glance, one line per seat with its money, points and public goods
        and a mark for the seat deciding: the full-screen client keeps it in view."""
        ...

    def brief(self, seat: int | None) -> RenderableType:
        """What the line mode shows at each decision: at least where the game stands and the
        seat's own situation, and the parts of the board the current decision is about (the
        whole board where it is short)."""
        ...

    parts: tuple[str, ...]
    """The names of the parts of the board :meth:`region` draws alone."""

    def region(self, seat: int | None, point: str) -> RenderableType | None:
        """The part of the board named ``point`` (``board PART``, a tutorial's step), or None
        where the game has no such part now."""
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

    def log(self, views: list[dict[str, Any]]) -> list[str]:
        """The log lines of the events one action caused, as seen by one seat.  Several
        events may make one line: a turn the game plays by itself reads best as one
        sentence (card, target, reason) rather than as its separate steps."""
        ...

    def standing(self) -> RenderableType:
        """Where an unfinished game stands (round, phase, points so far)."""
        ...


Steps = Callable[[Game], tuple[str, ...]]
TieRule = Callable[[Game], str | None]
TextFields = Callable[[Game, str], dict[str, str]]


def no_steps(game: Game) -> tuple[str, ...]:
    return ()


def no_tie_rule(game: Game) -> str | None:
    return None


def no_text_fields(game: Game, lang: str) -> dict[str, str]:
    return {}


@dataclass(frozen=True)
class GameSupport:
    view: Callable[[Game, str, list[str]], GameView] | None = None
    """Builds a view from a game, a language and the seat labels."""
    score_steps: Steps = no_steps
    """The scoring steps of a game in the order its rulebook scores them (for the breakdown
    tables); a function of the game, since an expansion may add a step."""
    tie_rule: TieRule = no_tie_rule
    """The key of the text of a rule that breaks ties in place of the money left (the solo
    mode's "Madame du Barry wins ties"), or None when the money left breaks them."""
    text_fields: TextFields = no_text_fields
    """Fields every text about a game may use, given a language: the words of the game's
    edition (Rococo's 2013 edition says wool where the Deluxe one says thread)."""
    money_left: bool = True
    """Whether ``Result.tie_break`` is the money left over, shown below the total of the
    scoring table; a game whose rules break ties otherwise (or not at all) says so with its
    ``tie_rule`` instead and leaves this False."""
    score_unit: str = "unit.vp"
    """The counted phrase of the unit a game's scores and its evaluation are in (the hints
    say "about 4 VP ahead of the best opponent")."""


def support(name: str) -> GameSupport:
    """The client support of a game (empty for a game none is registered for)."""
    found: GameSupport | None = registered(GROUP, name)
    return GameSupport() if found is None else found
