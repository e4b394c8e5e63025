"""Jewelry Box: the specialized apprentices and their hiring conditions (RULES.md §13.5,
§13.9).  Each player holds one secretly; with the Hire action (a Master) they may hire it
once, for free, while its condition holds; it is then an ordinary Apprentice whose bonus is
+3 VP each time it is played."""

from __future__ import annotations

from salon.rococo.rules.common import dresses_coats, jewelry_box, master_guest_garments, present_halls
from salon.rococo.state import EMPTY, State


def condition_met(s: State, seat: int, condition: str) -> bool:
    """R-JB-SA-1..10, checked only at the moment of hiring (R-JB-HIRE-4)."""
    q = jewelry_box(s).params
    p = s.players[seat]
    if condition == "sa_cond_3_coats":
        return dresses_coats(s, seat)[1] >= q.sa_min_coats
    if condition == "sa_cond_3_dresses":
        return dresses_coats(s, seat)[0] >= q.sa_min_dresses
    if condition == "sa_cond_3_master_guests":
        return master_guest_garments(s, seat) >= q.sa_min_master_guests
    if condition == "sa_cond_30_livres":
        return p.livres >= q.sa_min_livres
    if condition == "sa_cond_3_jewels":
        return len(p.jewels) >= q.sa_min_jewels
    if condition == "sa_cond_3_decoration_kinds":  # both kitchen sides are one kind
        decos = s.t.ds.board.decorations
        kinds = {decos[d].kind.removesuffix("_left").removesuffix("_right") for d, o in enumerate(s.deco) if o == seat}
        return len(kinds) >= q.sa_min_decoration_kinds
    if condition == "sa_cond_resources":
        return len(p.rack) >= q.sa_min_tiles and p.thread >= q.sa_min_thread and p.lace >= q.sa_min_lace
    if condition == "sa_cond_5_vp":
        return p.vp >= q.sa_min_vp
    if condition == "sa_cond_master_exam":
        return p.master_exams >= 1
    if condition == "sa_cond_all_halls":
        return len(present_halls(s, seat)) >= len(s.t.ds.board.halls)
    raise ValueError(f"unknown hiring condition {condition!r}")


def hireable(s: State, seat: int) -> int:
    """R-JB-HIRE-1: the player's own specialized apprentice, if its condition holds now."""
    c = s.players[seat].specialist
    if c != EMPTY and condition_met(s, seat, s.t.cards[c].condition):
        return c
    return EMPTY

