"""The terminal client's widgets: the bordered panes that say what lies below their view, the
journal that wraps its lines again at a new width, and the page a long text is read on.

They know nothing of a game or a session (salon.cli.tui puts them together): a pane holds one
Rich renderable, and counts what is below its view in the player's language.
"""

from __future__ import annotations

import re
from typing import ClassVar, Self

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import RichLog, Static

from salon.i18n import DEFAULT, text

OPTION = re.compile(r"^\s*\d+\.\s")
"""The first line of a numbered choice, as the choices pane shows it."""


def key_name(key: str, lang: str) -> str:
    """A key as the line of keys and the panes' edges name it, in the player's words (a
    function key as it is printed on every keyboard)."""
    return key.upper() if re.fullmatch(r"f\d+", key) else text(f"tui.key_{key}", lang)


class Body(Static):
    """A pane's content: drawn again at a new width (a scrollbar come or gone), it has the pane
    say again what is below its view."""

    def on_resize(self, event: events.Resize) -> None:
        if isinstance(self.parent, Pane):
            self.parent.call_after_refresh(self.parent.mark)


class Pane(VerticalScroll):
    """A bordered, scrolling pane holding one renderable; with ``more`` it says in its lower
    edge what lies below its view: the choices not in sight (``options``) or the lines in sight
    (``lines``), with the key that brings them (:attr:`key`)."""

    def __init__(self, title: str, id: str, home: bool = True, more: str | None = None, lang: str = DEFAULT) -> None:
        super().__init__(id=id)
        self.border_title = Text(title)
        self.home = home
        """Whether new content shows from its top; else the pane stays where the player
        scrolled it (the board, drawn again at every pick of a decision)."""
        self.body = Body(id=f"{id}-body")
        self.content: RenderableType = ""
        """What the pane shows."""
        self.more = more
        """What the lower edge counts below the view: ``options``, ``lines`` or nothing."""
        self.lang = lang
        self.key = "pagedown"
        """The key that scrolls the pane down now (a page key, or the function key that
        chooses it)."""
        self.lines: tuple[int, list[str]] = (0, [])
        """The content's lines as last drawn, and the width they were drawn at."""

    def compose(self) -> ComposeResult:
        yield self.body

    def show(self, renderable: RenderableType) -> None:
        """Show a renderable; a string is plain text."""
        if isinstance(renderable, str):
            renderable = Text(renderable)
        self.content = renderable
        self.lines = (0, [])
        self.body.update(renderable)
        if self.home:
            self.scroll_home(animate=False)
        if self.more is not None:
            self.call_after_refresh(self.mark)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self.mark()

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.mark)

    def drawn(self, width: int) -> list[str]:
        """The content's lines at ``width``, as its body draws them (kept until it changes)."""
        if self.lines[0] != width:
            console = self.app.console
            rendered = console.render_lines(self.content, console.options.update_width(width), pad=False)
            self.lines = (width, ["".join(segment.text for segment in line) for line in rendered])
        return self.lines[1]

    def mark(self) -> None:
        """Say in the lower edge what is below the view: how many choices, or which lines of
        how many are in sight; nothing when everything is."""
        if self.more is None or not self.is_mounted:
            return
        width, height = self.body.size.width, self.scrollable_content_region.height
        if not width or not height:
            return
        lines = self.drawn(width)
        top = round(self.scroll_y)
        key = key_name(self.key, self.lang)
        said = ""
        if self.more == "options":
            below = sum(1 for line in lines[top + height:] if OPTION.match(line))
            if below:
                said = text("tui.more", self.lang, n=below, press=key)
        elif len(lines) > height:
            said = text("tui.lines", self.lang, first=top + 1, last=min(top + height, len(lines)), total=len(lines),
                        press=key)
        self.border_subtitle = Text(said)


class Journal(RichLog):
    """The journal.  It keeps what it was told and tells it again when its width changes (the
    window resized, the layout changed), so that no line stays wrapped at a width it no longer
    has."""

    def __init__(self, title: str) -> None:
        super().__init__(id="journal", wrap=True, min_width=20)
        self.border_title = Text(title)
        self.told: list[RenderableType] = []
        """Everything written since the journal was last cleared."""
        self.width_told = 0
        """The width its lines are wrapped at (0 before it has one)."""

    def write(self, content: RenderableType | object, width: int | None = None, expand: bool = False,
              shrink: bool = True, scroll_end: bool | None = None, animate: bool = False) -> Self:
        if self._size_known:  # until its first size RichLog keeps what it is told, and writes it through here then
            self.told.append(content)  # type: ignore[arg-type]  # the app writes renderables only
        return super().write(content, width, expand, shrink, scroll_end, animate)

    def clear(self) -> Self:
        self.told.clear()
        return super().clear()

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        width = self.scrollable_content_region.width
        if width and width != self.width_told:
            if self.width_told:
                told = self.told[:]
                self.clear()
                for content in told:
                    self.write(content)
            self.width_told = width


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
