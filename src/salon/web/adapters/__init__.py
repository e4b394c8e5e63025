"""What the web server knows of one game beyond the shared protocol.

The server itself names no game.  A game may add a module ``salon.web.adapters.<name>``
that defines ``ADAPTER``, an :class:`Adapter` giving the public descriptions of its
components (for the browser's tooltips and board geometry), the events its setup emitted
before the first action (for the game log), the seats the game plays by itself (an automated
opponent that is neither a person nor a bot: no one takes it, no one is waited for), and hints
that refine its config options in the lobby.  A game without a module is served with the empty defaults.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

from salon.core.events import Event
from salon.core.game import Game


class Adapter:
    """The defaults: no component descriptions, no setup events, no option hints."""

    def components(self, game: Game) -> dict[str, Any]:
        """Public, static descriptions of the game's components (JSON-ready)."""
        return {}

    def initial_events(self, game: Game) -> list[Event]:
        """The events of the game's setup; called once, right after ``new``."""
        return []

    def automated_seats(self, game: Game) -> dict[int, str]:
        """The seats whose turns the engine plays inside ``apply`` (they never decide), each
        with the name shown for it."""
        return {}

    def private_action(self, action: str) -> bool:
        """Whether the other seats may not even learn that ``action`` was taken (one card of a
        secret commitment whose size is secret): the server then shows it to its seat only."""
        return False

    def option_hints(self) -> dict[str, dict[str, Any]]:
        """Per config key, fields that refine what the config schema says (e.g. ``choices``
        for a list of names, or ``requires``: ``{other key: value}`` under which the option
        exists at all, so the lobby hides it and keeps its default otherwise; ``hidden``: an
        option that only stored games use, left out of the lobby)."""
        return {}


@cache
def adapter(name: str) -> Adapter:
    """The adapter of the game ``name`` (the defaults if it has no module)."""
    try:
        module = importlib.import_module(f"{__name__}.{name}")
    except ModuleNotFoundError as e:
        if e.name != f"{__name__}.{name}":
            raise
        return Adapter()
    found: Adapter = module.ADAPTER
    return found
