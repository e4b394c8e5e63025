"""The full-screen terminal client: board, players, journal and choices in panes.

It plays the very same :class:`~salon.cli.play.Session` as the line mode, in a thread of its
own: the session's output methods put their renderables into the panes (through
``call_from_thread``, so the panes change only in the app's loop), and its ``read`` waits for
what the player types into the command line.

The players' table (one line per seat) is a strip along the top, the command line and a line of
keys along the bottom.  On a wide screen (:data:`WIDE` and more) the board and the journal share
the middle, side by side, above the choices.  On a smaller one, 80×24 among them, the middle
shows one pane at a time, the whole width and height that is left: the choices (at every new
decision), the board (F3, or the ``board`` command) or the journal (F4); the journal's newest
lines stay in sight in a strip above the choices and the board, so that the answer to a
command or the move just made is never out of sight.  Tab (backwards with shift) and F2 to F4
choose the pane that the page keys scroll; its frame is heavy and coloured, and the line of keys
shows its name highlighted.  A pane with more than it shows says so in its lower edge: the
choices how many are below (``… 6 more — PgDn``), the board which lines are in sight.  The
keyboard stays in the command line, where a number, an action text or a command (``help``,
``why ACTION``, ``undo``...) is typed; the mouse wheel scrolls any pane.  Help, the rules and a
hint open over the panes, to be read whole and closed.

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
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.geometry import Size
from textual.widgets import Input, RichLog, Static

from salon.cli.common import breakdown_table, winners_line
from salon.cli.panes import Journal, Page, Pane, key_name, page_by
from salon.cli.play import Seat, Session, Stop
from salon.cli.support import GameSupport, GameView
from salon.core.events import Event
from salon.core.game import Game
from salon.i18n import DEFAULT, text

TITLE_MARGIN = 6
"""The cells of a widget's width that its border title cannot use (the corners, and a line and a
space on each side of the title): at 80 columns a question of 74 cells shows whole."""
PANES = ("choices", "board", "journal")
"""The panes that Tab chooses in turn for the page keys to scroll, F2 to F4 each; a small screen
shows the one chosen last in its middle.  The players' strip is no such pane: it holds a line
per seat and is always whole."""
WIDE = (120, 36)
"""The least width and height (in cells) at which the board, the journal and the choices are in
sight together; a smaller screen shows one of them at a time."""
class PaneSession(Session):
    """A session whose input and output are the app's panes."""

    def __init__(self, app: TableApp, game: Game, seats: list[Seat], view: GameView, console: Console, lang: str,
                 save: Path | None, delay: float, support: GameSupport, position: Path | None) -> None:
        super().__init__(game, seats, view, console, lang, save, delay, support, position)
        self.app = app
        self.answers: queue.Queue[str | None] = queue.Queue()
        """What the player typed; None when they left the app."""
        self.listed: object = None
        self.part = ""
        """The part of the board ``board PART`` shows in the board's pane, until the next decision."""
        """The listing of the decision the choices pane shows (a new one brings the pane into view)."""

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

    def draw(self, seat: int | None) -> None:
        """The board (it scrolls in its pane), or the part of it ``board PART`` asked for until
        the next decision, and the players' table, of the same moment."""
        part = self.view.region(seat, self.part) if self.part else None
        self._call("board", self.view.board(seat, players=False) if part is None else part, self.view.players_table())

    def show_board(self, seat: int | None, part: str = "") -> None:
        """The board, or only its ``part`` (``board drawers``), drawn and brought into view
        (the ``board`` command, the end of a game)."""
        self.part = part
        self.draw(seat)
        self._call("reveal", "board")

    def show_brief(self, seat: int | None) -> None:
        """Nothing: the board is drawn with the choices of every decision (:meth:`show_options`)."""

    def show_options(self, seat: int, legal: list[str]) -> None:
        """The choices, and the board and the players as the decision finds them: a decision
        of several picks changes them at every pick.  A new decision brings the choices into
        view; a further pick of the same one leaves the pane in view as it is."""
        listing = self.numbered(legal)
        fresh = listing is not self.listed
        if fresh:
            self.part = ""
        self.draw(seat)
        self.listed = listing
        title = self._("ui.your_turn", player=self.seats[seat].label)
        self._call("choices", title, self.options(legal), fresh)

    def show_page(self, title: str, body: RenderableType) -> None:
        self._call("page", title, body, self._("tui.close"))

    def record(self, actor: int, events: list[Event]) -> bool:
        """A move told live is shown on the board and in the players' table as it is told, in
        the view of the seat the journal tells it to; a move kept for a human's recap is shown
        with it, at that human's next decision."""
        told = super().record(actor, events)
        if told:
            self.draw(self.live_viewer(actor))
        return told

    def clear(self) -> None:
        self.listed = None
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
    #players { height: auto; max-height: 8; border: none; border-top: round $primary; }
    #top { height: 1fr; min-height: 7; }
    #choices { height: auto; min-height: 6; max-height: 35%; }
    Pane, #journal { border: round $primary; border-title-color: $text; border-subtitle-color: $text; }
    #journal { width: 1fr; scrollbar-gutter: stable; }
    .wide #board { dock: left; width: 60%; }
    .compact #top { layout: vertical; height: auto; min-height: 0; }
    .compact #journal { height: 4; border: none; border-top: round $primary; }
    .compact #board { height: 1fr; }
    .compact #choices { height: 1fr; max-height: 100%; min-height: 3; }
    .compact.alone-board #top, .compact.alone-journal #top { height: 1fr; }
    .compact.alone-journal #journal { height: 1fr; }
    .scrolled { border: heavy $accent; border-title-style: bold reverse; }
    .compact #journal.scrolled { border: none; border-top: heavy $accent; }
    .alone-journal #journal.scrolled { border: heavy $accent; }
    #command { height: 2; border: none; border-top: tall $accent; padding: 0 1; }
    #keys { dock: bottom; height: 1; padding: 0 1; color: $text-muted; }
    """
    """The players' strip along the top (a rule on top, a seat per line) and the command line
    and the keys along the bottom; between them, on a wide screen, the board (left) and the
    journal share the top and the choices are as tall as they are, up to a third of the
    screen; on a small one (``compact``) the journal's newest lines are a strip and the pane
    shown alone (``alone-...``) takes the rest.  The pane the page keys scroll has a heavy
    frame in the accent colour."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "leave", show=False, priority=True),
        Binding("tab", "choose(1)", show=False, priority=True),
        Binding("shift+tab", "choose(-1)", show=False, priority=True),
        *(Binding(f"f{n}", f"pane('{name}')", show=False) for n, name in enumerate(PANES, 2)),
        Binding("pageup", "page(-1)", show=False),
        Binding("pagedown", "page(1)", show=False),
        Binding("shift+pageup", "scroll('choices', -1)", show=False),
        Binding("shift+pagedown", "scroll('choices', 1)", show=False),
    ]
    """The keyboard stays in the command line: Tab (backwards with shift) and F2 to F4 choose the
    pane that the page keys scroll, with shift they scroll the choices."""

    def __init__(self, titles: dict[str, str], opening: list[str], lang: str = DEFAULT) -> None:
        super().__init__()
        self.titles = titles
        self.opening = opening
        """The lines shown before the game (seed, seats, options)."""
        self.lang = lang
        self.session: PaneSession | None = None
        self.asking = asyncio.Event()
        """Set while the session waits for the player (tests wait for it)."""
        self.failure: BaseException | None = None
        """A defect of the session's thread, raised again once the app has ended."""
        self.scrolled = PANES[0]
        """The pane the page keys scroll, the one a small screen shows in its middle."""
        self.compact = False
        """Whether the screen is too small for the board, the journal and the choices at once."""

    def compose(self) -> ComposeResult:
        yield Pane(self.titles["players"], "players", home=False)
        with Horizontal(id="top"):
            yield Journal(self.titles["journal"])
            yield Pane(self.titles["board"], "board", home=False, more="lines", lang=self.lang)
        yield Pane(self.titles["choices"], "choices", more="options", lang=self.lang)
        yield Input(id="command", placeholder=self.titles["input"])
        yield Static(id="keys")

    def on_mount(self) -> None:
        for line in self.opening:
            self.journal(Text(line))
        self.query_one("#command", Input).focus()
        for pane in (*PANES, "players"):  # the wheel scrolls them; the keyboard stays in the command line
            self.query_one(f"#{pane}").can_focus = False
        self.arrange()
        threading.Thread(target=self._play, daemon=True).start()

    def on_resize(self, event: events.Resize) -> None:
        self.arrange(event.size)  # the app takes the new size after its own handlers

    def _play(self) -> None:
        assert self.session is not None
        try:
            code = self.session.run()
            if self.session.game.is_over():  # the final scoring stays until the player leaves
                self.call_from_thread(self.reveal, "journal")
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

    # --- the layout

    def arrange(self, size: Size | None = None) -> None:
        """Lay the panes out for the screen's size and the pane chosen: on a small screen the
        middle shows only the pane chosen, and the journal's newest lines above it; the pane
        chosen is framed heavily and named highlighted in the line of keys, and each pane's
        lower edge names the key that scrolls it."""
        width, height = size or self.size
        self.compact = width < WIDE[0] or height < WIDE[1]
        self.set_class(self.compact, "compact")
        self.set_class(not self.compact, "wide")
        for name in PANES:
            self.set_class(self.scrolled == name, f"alone-{name}")
            widget = self.query_one(f"#{name}")
            widget.set_class(name == self.scrolled, "scrolled")
            if isinstance(widget, Pane):
                widget.display = not self.compact or name == self.scrolled
                widget.key = "pagedown" if name == self.scrolled else "shift_pagedown" if name == "choices" else \
                    f"f{PANES.index(name) + 2}"
                widget.call_after_refresh(widget.mark)
        self.query_one("#keys", Static).update(self.keys())

    def keys(self) -> Text:
        """The line of keys: the panes with their function keys, the one the page keys scroll
        highlighted, then Tab and the page keys."""
        line = Text()
        for n, name in enumerate(PANES, 2):
            style = "bold reverse" if name == self.scrolled else ""
            line.append_text(Text(f"F{n} {text('tui.tab_' + name, self.lang)}", style=style))
            line.append("  ")
        line.append(text("tui.keys", self.lang, pageup=key_name("pageup", self.lang),
                         pagedown=key_name("pagedown", self.lang)))
        return line

    def reveal(self, name: str) -> None:
        """Bring a pane into view and let the page keys scroll it (once the change at hand is
        made: a new decision redraws several panes)."""
        self.scrolled = name
        self.call_later(self.arrange)

    # --- what the session shows (called in the app's loop)

    def journal(self, renderable: RenderableType) -> None:
        self.query_one("#journal", RichLog).write(renderable)

    def board(self, board: RenderableType, players: RenderableType) -> None:
        self.query_one("#board", Pane).show(board)
        self.query_one("#players", Pane).show(players)

    def page(self, title: str, body: RenderableType, closing: str) -> None:
        self.push_screen(Page(title, body, closing))

    def choices(self, title: str, options: RenderableType, fresh: bool = False) -> None:
        """The choices of a decision; a new decision brings them into view."""
        pane = self.query_one("#choices", Pane)
        pane.border_title = Text(title)  # plain: it names a seat by its label
        pane.show(options)
        if fresh:
            self.reveal("choices")

    def clear(self) -> None:
        """Hide the previous player's view before the terminal changes hands."""
        self.query_one("#journal", RichLog).clear()
        self.query_one("#board", Pane).show("")
        choices = self.query_one("#choices", Pane)
        choices.border_title = Text(self.titles["choices"])
        choices.show("")
        self.reveal("choices")

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
        """Scroll a pane by pages; on a small screen a pane out of sight comes into view first."""
        if self.compact and self.scrolled != pane:
            self.action_pane(pane)
            return
        page_by(self.query_one(f"#{pane}"), pages)

    def action_page(self, pages: int) -> None:
        """Scroll the pane chosen with Tab."""
        self.action_scroll(self.scrolled, pages)

    def action_choose(self, step: int) -> None:
        """Choose the next pane (the previous one) for the page keys."""
        self.action_pane(PANES[(PANES.index(self.scrolled) + step) % len(PANES)])

    def action_pane(self, name: str) -> None:
        """Choose a pane for the page keys and bring it into view (not over a page)."""
        if isinstance(self.screen, Page):
            return
        self.reveal(name)

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
                                                              "over")}, opening, lang)
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
