"""A recorded game stepped through at the terminal, full-screen: ``salon replay FILE``.

The record is verified when it is loaded (salon.core.record); the viewer then shows the game
after any number of its actions, found by replaying them from the seed (a few milliseconds
even for a long game), with the panes of the terminal client (salon.cli.tui's :class:`Pane`,
the game's own :class:`~salon.cli.support.GameView`): the players' table as a strip along the
top, the whole width of the screen (a line per seat, its headings and numbers whole at 80
columns), and below it the board with one seat's cards beside the journal lines of the move
just made.  Nothing is secret once the
game is recorded, so every seat's cards can be shown: the board follows the seat to play,
and Tab shows the next seat's (scrolled to, at the foot of the board).  The arrow keys step
move by move (left and right) and turn by turn (up and down), the page keys round by round
(salon.landmarks); a key held down steps on and on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import Static

from salon.cli.common import breakdown_table, winners_line
from salon.cli.panes import Pane
from salon.cli.support import GameSupport, GameView
from salon.core import record
from salon.core.events import Event
from salon.core.game import Game
from salon.i18n import text
from salon.landmarks import Landmarks, following, landmarks, preceding

FOLLOW = -1
"""The board's seat while it follows the seat to play (Tab picks one seat instead)."""


@dataclass(frozen=True)
class Replay:
    """A verified record, ready to be seen at any step."""

    start: Game
    """The game before its first action."""
    actions: tuple[str, ...]
    labels: list[str]
    support: GameSupport
    lang: str
    marks: Landmarks

    @classmethod
    def of(cls, game: Game, labels: list[str], support: GameSupport, lang: str) -> Replay:
        """The replay of a recorded game (its final position)."""
        start = record.replay(game.name, game.config_json(), game.seed, [])
        actions = tuple(game.history)
        return cls(start, actions, labels, support, lang, landmarks(start, actions))

    @property
    def total(self) -> int:
        return len(self.actions)

    def at(self, step: int) -> tuple[Game, list[Event]]:
        """The game after ``step`` actions and the events of the last of them (the setup's at
        step 0)."""
        game = self.start.clone()
        if step == 0:
            return game, game.setup_events()
        for action in self.actions[:step - 1]:
            game.apply(action)
        return game, game.apply(self.actions[step - 1])


class ReplayApp(App[None]):
    """The panes of a replay; the keys move through it."""

    CSS = """
    Screen { layout: vertical; }
    #players { height: auto; max-height: 8; border: none; border-top: round $primary; }
    #top { height: 1fr; }
    #board { width: 3fr; }
    #move { width: 2fr; }
    Pane { border: round $primary; border-title-color: $text; }
    #where { height: 1; padding: 0 1; text-style: bold; }
    #keys { height: 1; padding: 0 1; color: $text-muted; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,l", "move(1)", show=False, priority=True),
        Binding("left,h", "move(-1)", show=False, priority=True),
        Binding("down,n", "turn(1)", show=False, priority=True),
        Binding("up,p", "turn(-1)", show=False, priority=True),
        Binding("pagedown,right_square_bracket", "round(1)", show=False, priority=True),
        Binding("pageup,left_square_bracket", "round(-1)", show=False, priority=True),
        Binding("home", "go(0)", show=False, priority=True),
        Binding("end", "last", show=False, priority=True),
        Binding("tab", "seat(1)", show=False, priority=True),
        Binding("shift+tab", "seat(-1)", show=False, priority=True),
        Binding("shift+down", "scroll(1)", show=False, priority=True),
        Binding("shift+up", "scroll(-1)", show=False, priority=True),
        Binding("q,escape,ctrl+q", "quit", show=False, priority=True),
    ]
    """Every key is the app's, whichever pane has the focus; the footer line tells them."""

    def __init__(self, replay: Replay, step: int = 0) -> None:
        super().__init__()
        self.replay = replay
        self.step = step
        self.seat = FOLLOW
        self.game: Game = replay.start

    def _(self, key: str, **fields: object) -> str:
        return text(key, self.replay.lang, **fields)

    def compose(self) -> ComposeResult:
        yield Pane(self._("tui.players"), "players")
        with Horizontal(id="top"):
            yield Pane(self._("tui.board"), "board")
            yield Pane(self._("tui.journal"), "move")
        yield Static(id="where")
        yield Static(Text(self._("replay.keys")), id="keys")

    def on_mount(self) -> None:
        self.show()

    # --- what is shown

    def viewer(self) -> int | None:
        """The seat whose cards the board shows (None: the table's public board)."""
        if self.seat != FOLLOW:
            return self.seat
        current = self.game.current_player()
        return None if current in self.game.description.automated_seats else current

    def show(self) -> None:
        """Show the game at ``self.step``.  Once the game is over the board takes the whole
        width, the final scoring on top: a column per seat needs the room, and the last move's
        lines are what the scoring sums up."""
        replay = self.replay
        self.game, events = replay.at(self.step)
        view: GameView = self.support_view()
        seat = self.viewer()
        board = self.query_one("#board", Pane)
        board.border_title = Text(self._("replay.cards_of", player=replay.labels[seat]) if seat is not None
                                  else self._("tui.board"))
        shown: RenderableType = view.board(seat, players=False)
        if self.game.is_over():
            heads = [label.replace(" (", "\n(") for label in replay.labels]  # a seat's bot on a line of its own
            shown = Group(breakdown_table(self.game, replay.support, heads, replay.lang),
                          Text(winners_line(self.game.result(), replay.labels, replay.lang), style="bold"),
                          Text(""), shown)
        board.show(shown)
        if self.seat != FOLLOW:  # a seat picked for its cards: they are at the board's foot
            self.call_after_refresh(board.scroll_end, animate=False)
        self.query_one("#players", Pane).show(view.players_table())
        move = self.query_one("#move", Pane)
        move.border_title = Text(self._("replay.move_title", step=self.step) if self.step
                                 else self._("replay.setup_title"))
        lines = view.log([e.view(e.seat) for e in events])
        move.show(Group(*(Text.from_markup(line) for line in lines)))
        move.display = not self.game.is_over()
        self.query_one("#where", Static).update(Text(self.where()))

    def support_view(self) -> GameView:
        make = self.replay.support.view
        assert make is not None  # the command refuses a game without one
        return make(self.game, self.replay.lang, self.replay.labels)

    def where(self) -> str:
        """The position's place: "Move 37/213 · round 3 · turn of Player 2 (heuristic)"."""
        replay = self.replay
        parts = [self._("replay.where_move", step=self.step, total=replay.total)]
        if (round_ := replay.marks.round[self.step]) is not None:
            parts.append(self._("replay.where_round", round=round_))
        current = self.game.current_player()
        if self.game.is_over():
            parts.append(self._("replay.where_over"))
        elif current is not None:
            parts.append(self._("replay.where_turn", player=replay.labels[current]))
        return " · ".join(parts)

    # --- the keys

    def go(self, step: int | None) -> None:
        if step is None:
            return
        step = max(0, min(self.replay.total, step))
        if step != self.step:
            self.step = step
            self.show()

    def action_go(self, step: int) -> None:
        self.go(step)

    def action_last(self) -> None:
        self.go(self.replay.total)

    def action_move(self, by: int) -> None:
        self.go(self.step + by)

    def action_turn(self, by: int) -> None:
        marks = self.replay.marks.turns
        self.go(following(marks, self.step) if by > 0 else preceding(marks, self.step))

    def action_round(self, by: int) -> None:
        marks = self.replay.marks.rounds
        self.go(following(marks, self.step) if by > 0 else preceding(marks, self.step))

    def action_seat(self, by: int) -> None:
        """Show the next (previous) seat's cards; after the last seat, the board follows the
        seat to play again."""
        automatic = self.game.description.automated_seats
        choices = [FOLLOW, *(s for s in range(self.game.num_players) if s not in automatic)]
        self.seat = choices[(choices.index(self.seat) + by) % len(choices)]
        self.show()

    def action_scroll(self, pages: int) -> None:
        board = self.query_one("#board", Pane)
        board.scroll_to(y=board.scroll_y + pages * max(1, board.size.height - 1), animate=False)


def view(game: Game, labels: list[str], support: GameSupport, lang: str) -> None:
    """Step through a recorded game full-screen until the player leaves."""
    ReplayApp(Replay.of(game, labels, support, lang)).run()
