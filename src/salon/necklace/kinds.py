"""The Queen's Necklace's card kinds: their fixed indices (RULES.md §0.3) and colour classes.

Why a module of their own.  Every rule asks a card's kind, so the kinds are compiled constants
(inlined where they are read), while the data files' pydantic models (:mod:`salon.necklace.models`)
and the loader (:mod:`salon.necklace.components`) stay pure Python.
"""

from __future__ import annotations

from typing import Final

KINDS: Final[tuple[str, ...]] = (
    "gem", "ring", "necklace", "king", "banker",
    "confessor", "courtesan", "forger", "favorite", "thief",
    "alchemist", "astrologer", "cardinal", "musketeer", "queen",
    "merchant",
)
"""Card kinds in a fixed index order (engine ids of RULES.md §0.3)."""
GEM: Final = 0
RING: Final = 1
NECKLACE: Final = 2
KING: Final = 3
BANKER: Final = 4
CONFESSOR: Final = 5
COURTESAN: Final = 6
FORGER: Final = 7
FAVORITE: Final = 8
THIEF: Final = 9
ALCHEMIST: Final = 10
ASTROLOGER: Final = 11
CARDINAL: Final = 12
MUSKETEER: Final = 13
QUEEN: Final = 14
MERCHANT: Final = 15
"""The kinds by index (KINDS names them)."""
SALE: Final = frozenset({GEM, RING, NECKLACE, KING, BANKER})  # grey cards (QN-COMP-4)
INFLUENCE: Final = frozenset({CONFESSOR, COURTESAN, FORGER, FAVORITE, THIEF})  # blue (QN-COMP-3)
SPECIAL: Final = frozenset({ALCHEMIST, ASTROLOGER, CARDINAL, MUSKETEER, QUEEN})  # purple (QN-COMP-3)
ON_A_LOT: Final = frozenset({RING, KING, NECKLACE})
"""Grey cards that are presented on one gem type's lot (QN-SALE-3)."""


def colour(kind: int) -> str:
    """The card's colour class, which decides when it can be played (QN-COMP-3/4)."""
    if kind in SALE:
        return "grey"
    if kind in INFLUENCE:
        return "blue"
    if kind in SPECIAL:
        return "purple"
    return "none"  # the Merchant
