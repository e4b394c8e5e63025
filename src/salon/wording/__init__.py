"""The log's texts, chosen once for every front end.

The engines emit structured events and never prose (docs/architecture.md principle 8).  Which text
tells an event, and with which fields, is decided here, once, in Python: a game's wording turns
the events of its log, as one seat sees them (``Event.view``), into lines of
:mod:`~salon.wording.phrase` phrases.  The terminal renders them itself; the web server sends them
with each event (``"text"``) and the browser renders them with the same formatter in JavaScript
(``static/wording.js``).  The templates are the ``events`` catalogs of :mod:`salon.i18n`, one per
game, so that an event is worded in one place for every language and every front end.

A game's wording is registered under the game's name in this layer's entry-point group,
:data:`GROUP`, by the package that holds it (salon's ``pyproject.toml`` for the bundled games,
whose wordings live here); a game names no layer above its own.  A game without one is told by
the front ends as raw events.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from salon.core.game import Game
from salon.core.plugins import registered
from salon.wording.phrase import Line

GROUP = "salon.wording"
"""The entry-point group of the games' wordings: ``game = "module:Class"``, a class built from
a game that is a :class:`Wording`."""


class Wording(Protocol):
    """Words the events of one game."""

    def entries(self, entries: Sequence[Sequence[dict[str, Any]]]) -> list[list[list[Line]]]:
        """The lines of consecutive log entries (each the events of one action, as one seat
        sees them) that end at the game's position now, event by event: an event may take
        several lines, or none when another line tells it (a turn told as one sentence)."""
        ...

    def entry(self, views: Sequence[dict[str, Any]]) -> list[list[Line]]:
        """The lines of one action's events (the latest entry of the log), event by event."""
        ...

    def event(self, view: dict[str, Any]) -> list[Line]:
        """The lines of one event alone."""
        ...


def wording(game: Game) -> Wording | None:
    """The wording of a game, None for a game none is registered for."""
    words = registered(GROUP, game.name)
    if words is None:
        return None
    found: Wording = words(game)
    return found


def told(game: Game, entries: Sequence[Sequence[dict[str, Any]]]) -> list[list[dict[str, Any]]]:
    """Log entries as the server sends them: each event's view with its lines (``"text"``);
    the views unchanged for a game without a wording."""
    found = wording(game)
    if found is None:
        return [list(views) for views in entries]
    texts = found.entries(entries)
    return [[{**view, "text": lines} for view, lines in zip(views, entry, strict=True)]
            for views, entry in zip(entries, texts, strict=True)]
