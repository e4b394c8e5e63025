"""Jewelry Box: renting a garment with a jewel (RULES.md §13.4) and the Exquisite dress that
brings a free jewel (R-EXQ-4 ``exq_free_jewel``).  Step E of Phase 1 is in phase1.py.

``jewel:J07`` takes the jewel; ``jewel:none`` declines.  A jewel is owned face up by its
player; it never returns (A-42).  A jewel whose colour matches the garment's brings a secret
resource tile from the bag (R-JB-JEWEL-3).
"""

from __future__ import annotations

from typing import Final

from salon.core.errors import Refusal
from salon.rococo import actions
from salon.rococo.frames import Jewel
from salon.rococo.rules.common import draw_bag_tile, emit, jewelry_box, pay
from salon.rococo.rules.registry import decision, push
from salon.rococo.state import EMPTY, State

NONE: Final = "jewel:none"


def has_jeweler(s: State, seat: int) -> bool:
    """R-JB-FIN-3: jewels only after occupying a jeweler decoration space."""
    return any(s.deco[d] == seat for d in s.t.deco_of_kind["jeweler"])


def _fitting(s: State, seat: int, g: int) -> list[int]:
    """R-JB-JEWEL-1: a necklace with a dress, a ring with a coat, at the price of its space."""
    jb = jewelry_box(s)
    kind = "necklace" if s.t.ds.garments[g].is_dress else "ring"
    livres = s.players[seat].livres
    return [j for i, j in enumerate(s.jewel_display)
            if j != EMPTY and jb.jewels[j].kind == kind and jb.display_prices[i] <= livres]


def offer_jewel(s: State, seat: int, g: int) -> None:
    if has_jeweler(s, seat) and _fitting(s, seat, g):
        push(s, ("jewel", seat, g, 0))


def _legal(s: State, f: Jewel) -> list[str]:
    seat, g, free = f[1], f[2], f[3]
    names = s.t.jewel
    if free:  # any jewel, ring or necklace, without paying
        return [*(names[j] for j in s.jewel_display if j != EMPTY), NONE]
    return [*(names[j] for j in _fitting(s, seat, g)), NONE]


def _apply(s: State, f: Jewel, action: str) -> None:
    seat, g, free = f[1], f[2], f[3]
    if action == NONE:
        return
    j = actions.jewel(s.t, action)
    slot = s.jewel_display.index(j)
    jewel = jewelry_box(s).jewels[j]
    s.jewel_display[slot] = EMPTY
    s.players[seat].jewels.append(j)
    emit(s, "jewel", seat, jewel=jewel.id, free=bool(free))
    if not free:
        pay(s, seat, jewelry_box(s).display_prices[slot], "jewel")
        s.rent_jewel = j
    if jewel.colour == s.t.ds.garments[g].colour:  # R-JB-JEWEL-3
        draw_bag_tile(s, seat, "jewel_colour")


def _explain(s: State, f: Jewel, action: str) -> Refusal:
    j = actions.jewel(s.t, action)
    jewel = jewelry_box(s).jewels[j]
    if j not in s.jewel_display:
        return Refusal("R-JB-JEWEL-1", "that jewel is not in the jewelry display", "jewel_not_displayed",
                       {"jewel": jewel.id})
    garment = s.t.ds.garments[f[2]]
    if not f[3] and jewel.kind != ("necklace" if garment.is_dress else "ring"):
        return Refusal("R-JB-JEWEL-1", "a dress takes a necklace, a coat a ring", "jewel_wrong_kind",
                       {"jewel": jewel.id, "garment": garment.id})
    return Refusal("R-JB-JEWEL-1", "you cannot pay the price below that jewel's space", "jewel_too_dear",
                   {"jewel": jewel.id, "price": jewelry_box(s).display_prices[s.jewel_display.index(j)]})


decision("jewel", _legal, _apply, _explain, ("jewel",), "R-JB-JEWEL-1")


def jewel_counts(s: State, seat: int) -> dict[tuple[str, str], int]:
    """Owned jewels by (kind, colour)."""
    out: dict[tuple[str, str], int] = {}
    for j in s.players[seat].jewels:
        jw = jewelry_box(s).jewels[j]
        out[(jw.kind, jw.colour)] = out.get((jw.kind, jw.colour), 0) + 1
    return out


def rings(s: State, seat: int) -> int:
    return sum(n for (kind, _), n in jewel_counts(s, seat).items() if kind == "ring")


def necklaces(s: State, seat: int) -> int:
    return sum(n for (kind, _), n in jewel_counts(s, seat).items() if kind == "necklace")
