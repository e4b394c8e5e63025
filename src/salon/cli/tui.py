"""The full-screen terminal client: board, players, journal and choices in panes.

It plays the very same :class:`~salon.cli.play.Session` as the line mode, in a thread of its
own: the session's output methods put their renderables into the panes (through
``call_from_thread``, so the panes change only in the app's loop), and its ``read`` waits for
what the player types into the command line.  The layout fits 80×24 and grows with the
window: the board and the journal share the top, the players' table (one line per seat) is a
strip that stays in view below them, and the choices pane lists the legal actions with their
explanations; a number, an action text or a command (``help``, ``why ACTION``, ``undo``...) is
typed below it.  The keyboard stays in the command line: Tab chooses the pane that the page
keys scroll (with shift they scroll the choices), and the mouse wheel scrolls any pane.  Help,
the rules and a hint open over the panes, to be read whole and closed.

The board and the players' table always show the state the current decision is taken in, or
the move the journal told last: both are drawn again together at every decision and after
every move told live, never from a state the journal has not reached.

The other seats' moves go to the journal where they happen, except those a human seat will
find in its "since your last decision" recap at its next decision, so that a line is never
told twice.  In a hot-seat game the panes are emptied before the terminal is handed over.

Every text reaches its widget as a Rich renderable, never as a string that a widget would read
in its own way (Textual reads a string title or a ``Static``'s string as its markup, a
``RichLog`` a string as plain text): the log's lines and the texts the session shows as markup
are parsed as Rich markup (salon.cli.play), the plain ones (a title, a question, what the
player typed) kept as they are.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from pathlib import Path
from typing import ClassVar

from rich.cells import cell_len
from rich.console import Console, RenderableType
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Input, RichLog, Static

from salon.cli.common import breakdown_table, winners_line
from salon.cli.play import Seat, Session, Stop
from salon.cli.support import GameSupport, GameView
from salon.core.events import Event
from salon.core.game import Game
from salon.i18n import text

TITLE_MARGIN = 6
"""The cells of a widget's width that its border title cannot use (the corners, and a line and a
space on each side of the title): at 80 columns a question of 74 cells shows whole."""
SCROLLED = ("board", "journal", "players", "choices")
"""The panes that Tab chooses in turn for the page keys to scroll."""


class Pane(VerticalScroll):
    """A bordered, scrolling pane holding one renderable."""

    def __init__(self, title: str, id: str, home: bool = True) -> None:
        super().__init__(id=id)
        self.border_title = Text(title)
        self.home = home
        """Whether new content shows from its top; else the pane stays where the player
        scrolled it (the board, drawn again at every pick of a decision)."""
        self.body = Static(id=f"{id}-body")
        self.content: RenderableType = ""
        """What the pane shows."""

    def compose(self) -> ComposeResult:
        yield self.body

    def show(self, renderable: RenderableType) -> None:
        """Show a renderable; a string is plain text."""
        if isinstance(renderable, str):
            renderable = Text(renderable)
        self.content = renderable
        self.body.update(renderable)
        if self.home:
            self.scroll_home(animate=False)


def page_by(widget: Widget, pages: int) -> None:
    """Scroll a pane by whole pages (a line of the last page stays in sight)."""
    widget.scroll_to(y=widget.scroll_y + pages * max(1, widget.size.height - 1), animate=False)


class Page(ModalScreen[None]):
    """A text read at the player's pace over the panes (help, the rules, a hint): it opens at
    its top, scrolls with the arrows, the page keys and the wheel, and Escape, q or Enter
    closes it."""

    DEFAULT_CSS = """
    Page { align: center middle; }
    Page > VerticalScroll { width: 90%; height: 90%; padding: 0 1; border: round $accent; background: $surface;
                            border-title-color: $text; border-subtitle-color: $text-muted; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,enter", "dismiss", show=False),
        Binding("pageup", "page(-1)", show=False),
        Binding("pagedown", "page(1)", show=False),
    ]

    def __init__(self, title: str, body: RenderableType, closing: str) -> None:
        super().__init__()
        self.title_text = title
        self.body = body
        self.closing = closing
        """How to close it, in the player's language (the frame's lower edge)."""

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="page") as scroll:
            scroll.border_title = Text(self.title_text)
            scroll.border_subtitle = Text(self.closing)
            yield Static(self.body, id="page-body")

    def on_mount(self) -> None:
        self.query_one("#page", VerticalScroll).focus()

    def action_page(self, pages: int) -> None:
        page_by(self.query_one("#page", VerticalScroll), pages)


class PaneSession(Session):
    """A session whose input and output are the app's panes."""

    def __init__(self, app: TableApp, game: Game, seats: list[Seat], view: GameView, console: Console, lang: str,
                 save: Path | None, delay: float, support: GameSupport, position: Path | None) -> None:
        super().__init__(game, seats, view, console, lang, save, delay, support, position)
        self.app = app
        self.answers: queue.Queue[str | None] = queue.Queue()
        """What the player typed; None when they left the app."""

    def _call(self, method: str, *args: object) -> None:
        """Run one of the app's methods in its loop and wait for it (nothing when the app has
        already ended)."""
        try:
            self.app.call_from_thread(getattr(self.app, method), *args)
        except RuntimeError:
            raise Stop("ui.eof") from None

    def print_lines(self, lines: list[str]) -> None:
        for line in lines:
            self._call("journal", Text.from_markup("  " + line))

    def show(self, renderable: RenderableType, markup: bool = False) -> None:
        if isinstance(renderable, str):
            renderable = Text.from_markup(renderable) if markup else Text(renderable)
        self._call("journal", renderable)

    def heading(self, title: str) -> None:
        self._call("journal", Text(f"── {title} ──", style="bold"))

    def show_board(self, seat: int | None) -> None:
        """The whole board (it scrolls in its pane) and the players' table, of the same moment."""
        self._call("board", self.view.board(seat, players=False), self.view.players_table())

    def show_brief(self, seat: int | None) -> None:
        """Nothing: the board is drawn with the choices of every decision (:meth:`show_options`)."""

    def show_options(self, seat: int, legal: list[str]) -> None:
        """The choices, and the board and the players as the decision finds them: a decision
        of several picks changes them at every pick."""
        self.show_board(seat)
        title = self._("ui.your_turn", player=self.seats[seat].label)
        self._call("choices", title, self.options(legal))

    def show_page(self, title: str, body: RenderableType) -> None:
        self._call("page", title, body, self._("tui.close"))

    def record(self, actor: int, events: list[Event]) -> bool:
        """A move told live is shown on the board and in the players' table as it is told, in
        the view of the seat the journal tells it to; a move kept for a human's recap is shown
        with it, at that human's next decision."""
        told = super().record(actor, events)
        if told:
            self.show_board(self.live_viewer(actor))
        return told

    def clear(self) -> None:
        self._call("clear")

    def read(self, prompt: str) -> str:
        self._call("ask", prompt)
        answer = self.answers.get()
        if answer is None:
            raise Stop("ui.eof")
        return answer


class TableApp(App[int]):
    """The panes of one game; its result is the session's exit status."""

    CSS = """
    Screen { layout: vertical; }
    #top { height: 1fr; min-height: 7; }
    #board { width: 3fr; }
    #journal { width: 2fr; }
    #players { height: auto; max-height: 8; }
    #choices { height: auto; min-height: 6; max-height: 35%; }
    Pane, #journal { border: round $primary; border-title-color: $text; }
    #players { border: none; border-top: round $primary; }
    .scrolled { border: round $accent; }
    #players.scrolled { border: none; border-top: round $accent; }
    #command { height: 3; }
    """
    """The board and the journal share what the players' strip (a rule on top, a seat per line:
    five of them in sight at 80×24), the choices (as tall as they are, up to a third of the
    screen) and the command line leave; the pane the page keys scroll has the accent colour."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "leave", show=False, priority=True),
        Binding("tab", "choose(1)", show=False, priority=True),
        Binding("shift+tab", "choose(-1)", show=False, priority=True),
        Binding("pageup", "page(-1)", show=False),
        Binding("pagedown", "page(1)", show=False),
        Binding("shift+pageup", "scroll('choices', -1)", show=False),
        Binding("shift+pagedown", "scroll('choices', 1)", show=False),
    ]
    """The keyboard stays in the command line: Tab (backwards with shift) chooses the pane
    that the page keys scroll, with shift they scroll the choices."""

    def __init__(self, titles: dict[str, str], opening: list[str]) -> None:
        super().__init__()
        self.titles = titles
        self.opening = opening
        """The lines shown before the game (seed, seats, options)."""
        self.session: PaneSession | None = None
        self.asking = asyncio.Event()
        """Set while the session waits for the player (tests wait for it)."""
        self.failure: BaseException | None = None
        """A defect of the session's thread, raised again once the app has ended."""
        self.scrolled = SCROLLED[0]
        """The pane the page keys scroll."""

    def compose(self) -> ComposeResult:
        with Horizontal(id="top"):
            yield Pane(self.titles["board"], "board", home=False)
            log = RichLog(id="journal", wrap=True, min_width=20)
            log.border_title = Text(self.titles["journal"])
            yield log
        yield Pane(self.titles["players"], "players", home=False)
        yield Pane(self.titles["choices"], "choices")
        yield Input(id="command", placeholder=self.titles["input"])

    def on_mount(self) -> None:
        for line in self.opening:
            self.journal(Text(line))
        self.query_one("#command", Input).focus()
        self.query_one(f"#{self.scrolled}").add_class("scrolled")
        for pane in SCROLLED:  # the wheel scrolls them; the keyboard stays in the command line
            self.query_one(f"#{pane}").can_focus = False
        threading.Thread(target=self._play, daemon=True).start()

    def _play(self) -> None:
        assert self.session is not None
        try:
            code = self.session.run()
            if self.session.game.is_over():  # the final scoring stays until the player leaves
                self.session.read(self.titles["over"])
        except Stop:
            code = 0
        except BaseException as e:  # a defect: told as one line by the command, after the app
            self.failure = e
            code = 1
        try:
            self.call_from_thread(self.exit, code)
        except RuntimeError:
            pass

    # --- what the session shows (called in the app's loop)

    def journal(self, renderable: RenderableType) -> None:
        self.query_one("#journal", RichLog).write(renderable)

    def board(self, board: RenderableType, players: RenderableType) -> None:
        self.query_one("#board", Pane).show(board)
        self.query_one("#players", Pane).show(players)

    def page(self, title: str, body: RenderableType, closing: str) -> None:
        self.push_screen(Page(title, body, closing))

    def choices(self, title: str, options: RenderableType) -> None:
        pane = self.query_one("#choices", Pane)
        pane.border_title = Text(title)  # plain: it names a seat by its label
        pane.show(options)

    def clear(self) -> None:
        """Hide the previous player's view before the terminal changes hands."""
        self.query_one("#journal", RichLog).clear()
        self.query_one("#board", Pane).show("")
        choices = self.query_one("#choices", Pane)
        choices.border_title = Text(self.titles["choices"])
        choices.show("")

    def ask(self, prompt: str) -> None:
        """Ask a plain question above the command line; one too long for the border's title
        is told in the journal too, so that no part of it (its yes or no) is out of sight."""
        command = self.query_one("#command", Input)
        command.border_title = Text(prompt)
        width = command.outer_size.width
        if width and cell_len(prompt) > width - TITLE_MARGIN:
            self.journal(Text(prompt, style="bold"))
        self.asking.set()

    # --- what the player does

    def on_input_submitted(self, message: Input.Submitted) -> None:
        """Hand the typed line to the session; a line typed while it is busy waits for its
        next question, as typed-ahead input does in the line mode."""
        if self.session is None:
            return
        self.asking.clear()
        self.journal(Text("> " + message.value, style="bold"))
        message.input.value = ""
        self.session.answers.put(message.value)

    def action_scroll(self, pane: str, pages: int) -> None:
        page_by(self.query_one(f"#{pane}"), pages)

    def action_page(self, pages: int) -> None:
        """Scroll the pane chosen with Tab."""
        self.action_scroll(self.scrolled, pages)

    def action_choose(self, step: int) -> None:
        """Choose the next pane (the previous one) for the page keys; its frame takes the accent."""
        if isinstance(self.screen, Page):
            return
        self.query_one(f"#{self.scrolled}").remove_class("scrolled")
        self.scrolled = SCROLLED[(SCROLLED.index(self.scrolled) + step) % len(SCROLLED)]
        self.query_one(f"#{self.scrolled}").add_class("scrolled")

    def action_leave(self) -> None:
        """Leave the app as the end of input leaves the line mode: the game stops (and is
        saved where --save says)."""
        if self.session is not None:
            self.session.answers.put(None)


def play(opening: list[str], game: Game, seats: list[Seat], view: GameView, console: Console, lang: str,
         save: Path | None, delay: float, support: GameSupport, position: Path | None) -> int:
    """Play a game full-screen; the exit status of the session (a defect of the session is
    raised again here, once the screen is restored)."""
    app = TableApp({key: text(f"tui.{key}", lang) for key in ("board", "players", "journal", "choices", "input",
                                                              "over")}, opening)
    app.session = PaneSession(app, game, seats, view, console, lang, save, delay, support, position)
    code = app.run()
    if app.failure is not None:
        raise app.failure
    # the journal is gone with the screen: the result and where the game went stay
    session = app.session
    if session.game.is_over():
        labels = [s.label for s in session.seats]
        console.print(breakdown_table(session.game, support, labels, lang))
        console.print(Text(winners_line(session.game.result(), labels, lang), style="bold"))
    for path in (save, position):
        if path is not None:
            console.print(text("ui.saved", lang, path=path))
    return 0 if code is None else code
