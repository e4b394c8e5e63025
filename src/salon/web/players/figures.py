"""The figures a rating is shown as, shared by whatever writes ratings and whatever shows them.

A rating is a belief about a player's skill, a mean ``mu`` and an uncertainty ``sigma``.  It is
shown as a conservative figure on the familiar Elo-like scale, 1500 + 25·(mu − 3σ): a player is
ranked by the skill they have almost surely, so that a lucky newcomer with a wide uncertainty
does not top a board over players who proved themselves over many games.  Until a rating has
counted :data:`PROVISIONAL_GAMES` rated games it is *provisional*, listed apart.
"""

from __future__ import annotations

from functools import cache

from salon.core.errors import ConfigError
from salon.core.game import game_class, game_names

PROVISIONAL_GAMES = 10
"""Rated games a rating counts before it is established (ranked on its board's main list)."""
BASE = 1500.0
SCALE = 25.0
SOLO = "-solo"
"""What a game's solo mode's kind adds to the game's name (``<game>-solo``)."""


@cache
def kinds() -> tuple[str, ...]:
    """The rating kinds: each game's, and its solo mode's where the game plays a seat itself
    under one of its options (Rococo against Madame du Barry)."""
    return tuple(kind for name in game_names() for kind in ((name, name + SOLO) if _has_solo(name) else (name,)))


def _has_solo(name: str) -> bool:
    cls = game_class(name)
    switches = [key for key, prop in cls.describe().options.items() if prop.get("type") == "boolean"]
    for key in switches:
        try:
            if cls.describe({key: True}).automated_seats:
                return True
        except ConfigError:  # an option of another mode
            continue
    return bool(cls.describe().automated_seats)


def shown(mu: float, sigma: float) -> float:
    """The displayed figure of a rating (rounded only where it is shown)."""
    return BASE + SCALE * (mu - 3.0 * sigma)


def provisional(games: int) -> bool:
    """Whether a rating that counted ``games`` rated games is still provisional."""
    return games < PROVISIONAL_GAMES
