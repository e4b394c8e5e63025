"""What the web server knows of one game beyond the shared protocol.

The server itself names no game.  An :class:`Adapter` registered under a game's name in the
entry-point group :data:`GROUP` (salon.core.plugins) gives the public descriptions of its
components (for the browser's tooltips and board geometry), what it shows a seat beside the
game's observation, which actions are private, and hints that refine its config options in the
lobby.  A game without one is served with the empty defaults.  Everything else the server needs (player counts, options,
the seats the game plays itself, the setup's events) the protocol tells.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from salon.core.game import Game
from salon.core.plugins import registered

GROUP = "salon.web.adapters"
"""The entry-point group of the games' adapters: ``game = "module:attribute"`` of an
:class:`Adapter`; the server names them, the games do not."""


class Adapter:
    """The defaults: no component descriptions, no private actions, no option hints."""

    def components(self, game: Game) -> dict[str, Any]:
        """Public, static descriptions of the game's components (JSON-ready)."""
        return {}

    def observe(self, game: Game, seat: int | None) -> Mapping[str, Any]:
        """What ``seat`` may see of ``game`` (its ``observe``), with what the browser shows
        beside it that the game does not tell itself; never anything hidden from ``seat``."""
        return game.observe(seat)

    def scores_now(self, game: Game) -> list[int] | None:
        """Each seat's score if the game ended now, everything counted (a game its players
        agree to end early is scored so: salon.web.standing); None where the game cannot
        tell it."""
        return None

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
    """The adapter of the game ``name`` (the defaults if none is registered for it)."""
    found: Adapter | None = registered(GROUP, name)
    return Adapter() if found is None else found
