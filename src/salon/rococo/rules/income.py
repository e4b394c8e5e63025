"""Phase 4, income (RULES.md §10), and the step to the next round or the end."""

from __future__ import annotations

from salon.rococo.frames import Step
from salon.rococo.rules.common import decorations, gain_livres, is_mdb
from salon.rococo.rules.registry import auto, push
from salon.rococo.state import State


def income(s: State, seat: int) -> int:
    """R-PH4-2..5: 5 livres; + DEC with a kitchen-left marker; + rented garments with a
    kitchen-right marker.  All-halls markers count for neither."""
    total = s.t.ds.rules.base_income
    t = s.t
    if any(s.deco[d] == seat for d in t.deco_of_kind["kitchen_left"]):
        total += decorations(s, seat)
    if any(s.deco[d] == seat for d in t.deco_of_kind["kitchen_right"]):
        total += s.guest_owner.count(seat)
    if t.ds.jewelry_box is not None:  # R-JB-PH4-1
        total += t.ds.jewelry_box.params.jewel_income * len(s.players[seat].jewels)
    return total


@auto("phase4")
def phase4(s: State, f: Step) -> None:
    s.phase = "income"
    for seat in range(s.n):
        if not is_mdb(s, seat):  # R-SOLO-PH4-1: Madame du Barry gets no income
            gain_livres(s, seat, income(s, seat), "income")
    if s.round < s.t.ds.rules.rounds:  # R-ROUND-1..3 (income is paid in round 7 too, R-PH4-7)
        s.round += 1
        push(s, ("round_start",))
    else:
        push(s, ("final",))
