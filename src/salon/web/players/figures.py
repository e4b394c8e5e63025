"""The figures a rating is shown as, shared by whatever writes ratings and whatever shows them.

A rating is a belief about a player's skill, a mean ``mu`` and an uncertainty ``sigma``.  It is
shown as a conservative figure on the familiar Elo-like scale, 1500 + 25·(mu − 3σ): a player is
ranked by the skill they have almost surely, so that a lucky newcomer with a wide uncertainty
does not top a board over players who proved themselves over many games.  Until a rating has
counted :data:`PROVISIONAL_GAMES` rated games it is *provisional*, listed apart.
"""

from __future__ import annotations

PROVISIONAL_GAMES = 10
"""Rated games a rating counts before it is established (ranked on its board's main list)."""
BASE = 1500.0
SCALE = 25.0
KINDS = ("rococo", "rococo-solo", "necklace")
"""The rating kinds: Rococo with others, Rococo alone against Madame du Barry, the Necklace."""


def shown(mu: float, sigma: float) -> float:
    """The displayed figure of a rating (rounded only where it is shown)."""
    return BASE + SCALE * (mu - 3.0 * sigma)


def provisional(games: int) -> bool:
    """Whether a rating that counted ``games`` rated games is still provisional."""
    return games < PROVISIONAL_GAMES
