"""The shape of each kind of step of The Queen's Necklace (salon.core.steps):
``(kind, seat, *args)``, with seat -1 for the steps that belong to nobody.

Frames stay plain tuples, the cheapest value to build, copy and serialise: a saved game,
a test or a position file puts them on the stack as they are.  These aliases give each
kind's arguments their types.
"""

from __future__ import annotations

SeatStep = tuple[str, int]
"""``(kind, seat)``: turn, influence, purchase, buy, astro_draw, devalue, turn_end, cardinal,
present, alchemist, and reveal (seat -1)."""

Merchant = tuple[str, int, int, str, int]
"""``(kind, -1, Merchant card, origin, origin's argument)``: merchant, resolve.  The origin
is where the card was drawn for (market: the slot to refill; astrologer: the drawing seat;
due; none)."""

Due = tuple[str, int, int]
"""``("due", seat whose turn end holds the sale, Merchant card)``."""

Sale = tuple[str, int, int, str]
"""``(kind, -1, Merchant card, the phase the sale interrupts)``: sale, settle."""

Refill = tuple[str, int, int]
"""``("refill", -1, market slot)``."""

Queen = tuple[str, int, int]
"""``("queen", seat asked, market slot)``."""

Forger = tuple[str, int, int, int]
"""``(kind, victim, forger, gem type)``: forger_response, forger_discard."""
