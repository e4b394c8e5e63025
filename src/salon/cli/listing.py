"""The numbered choices of a decision at the terminal, which stay numbered alike while a seat
picks from them one by one.

A decision may take several picks (a presentation, a hand of cards, a purchase), each an
action of its own.  Renumbering the remaining choices from the legal actions at every pick
would move the numbers under the player's fingers; a listing keeps the order the decision
first showed, numbers only what can still be picked, and shows the picked ones apart.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.table import Table
from rich.text import Text

from salon.cli.support import GameView
from salon.core.game import Game


@dataclass
class Listing:
    """The numbered choices of one decision: only what can be picked now is numbered, 1 to n in
    the order the decision first listed it (an action that becomes legal on the way comes
    last), so that a number always picks something; the ones picked are shown apart, without
    a number, and those no longer possible leave the list.  The decision is one while its seat
    keeps picking from it and its kind stays."""

    seat: int
    kind: str
    start: int
    """The length of the game's history when the decision was first listed."""
    actions: list[str] = field(default_factory=list)
    """The actions numbered now: the legal ones, in the order of ``order``."""
    explained: dict[str, str] = field(default_factory=dict)
    """Each action's explanation as last shown: a picked one is told as it was when picked."""
    picked: list[str] = field(default_factory=list)
    order: list[str] = field(default_factory=list)
    """Every action listed so far, in the order it was first listed."""

    @classmethod
    def of(cls, game: Game) -> Listing:
        """A new listing of the decision ``game`` is at."""
        seat = game.current_player()
        assert seat is not None
        return cls(seat, game.decision().get("kind", ""), len(game.history))

    def follows(self, game: Game) -> bool:
        """Whether ``game`` still decides this decision, after this listing's picks only."""
        decision = game.decision()
        return (game.current_player() == self.seat and decision.get("kind", "") == self.kind
                and len(game.history) == self.start + len(self.picked))

    def update(self, legal: list[str], view: GameView) -> Listing:
        """Number ``legal`` now: the actions not listed yet go last, each explained as ``view``
        words it now."""
        self.order += [a for a in legal if a not in self.order]
        self.actions = [a for a in self.order if a in legal]
        for action in legal:
            self.explained[action] = view.explain(action)
        return self

    def pick(self, seat: int, action: str) -> bool:
        """Mark ``action`` picked if ``seat`` picked it from this listing; False when it was no
        pick of this decision (which the listing then no longer shows)."""
        if seat != self.seat or action not in self.actions or action in self.picked:
            return False
        self.picked.append(action)
        return True

    def table(self, mark: str) -> Table:
        """The choices as a grid: the picked ones first, dimmed, with ``mark`` and without a
        number, then every action that can still be picked with its number and explanation
        (the action as typed, its explanation in the view's markup)."""
        grid = Table.grid(padding=(0, 1))
        grid.add_column(justify="right", style="bold")
        grid.add_column(style="cyan", no_wrap=True)
        grid.add_column()
        for action in self.picked:
            grid.add_row(Text("✓", style="dim"), Text(action, style="dim"),
                         Text.assemble(mark, " ", Text.from_markup(self.explained[action]), style="dim"))
        for i, action in enumerate(self.actions, 1):
            grid.add_row(f"{i}.", Text(action), Text.from_markup(self.explained[action]))
        return grid
