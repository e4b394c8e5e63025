"""The one-time effects of Festive and Exquisite garments (RULES.md §15.2, §15.3).

Festive: the VP bonus is gained as soon as cost and resources are paid, before the tile is
placed, so the tile does not count toward its own bonus (R-FEST-4).  Exquisite: the effect
comes after the guest-space reward, before the all-halls check, and only when the tile is
rented (R-EXQ-5; the green dress's 14 livres on a sale are its sale value).
"""

from __future__ import annotations

from salon.core.errors import Refusal
from salon.rococo import actions
from salon.rococo.frames import Placed, SeatStep
from salon.rococo.rules import favour, jewelry
from salon.rococo.rules.bonuses import send_away
from salon.rococo.rules.common import (
    colour_counts,
    decorations,
    draw_bag_tile,
    dresses_coats,
    emit,
    gain_livres,
    gain_vp,
    sendable,
)
from salon.rococo.rules.registry import auto, decision, push
from salon.rococo.state import EMPTY, State

BLUE, PINK = 0, 1


@auto("tailored")
def tailored(s: State, f: SeatStep) -> None:
    """R-FEST-4/5: the festive tile's VP, counted before it is on the board."""
    seat = f[1]
    gar = s.t.ds.garments[s.making]
    if gar.expansion != "festive":
        return
    p = s.t.ds.garment_params or {}
    if gar.effect == "fest_dress_coat_pairs":
        d, c = dresses_coats(s, seat)
        vp = p["fest_pair_vp"] * min(d, c)
    elif gar.effect == "fest_vp_per_dec":
        vp = p["fest_dec_vp"] * decorations(s, seat)
    elif gar.effect == "fest_vp_per_blue_dress":
        vp = p["fest_blue_dress_vp"] * colour_counts(s, seat)[BLUE]
    else:  # fest_vp_per_pink_coat
        vp = p["fest_pink_coat_vp"] * colour_counts(s, seat)[PINK]
    gain_vp(s, seat, vp, gar.effect)


@auto("placed")
def placed(s: State, f: Placed) -> None:
    """R-EXQ-4: the Exquisite tile's placement effect."""
    seat, g = f[1], f[2]
    gar = s.t.ds.garments[g]
    jewel, s.rent_jewel = s.rent_jewel, EMPTY
    if gar.expansion != "exquisite":
        return
    p = s.t.ds.garment_params or {}
    effect = gar.effect
    emit(s, "garment_effect", seat, effect=effect, garment=gar.id)
    if effect == "exq_favour_5":  # also counts as winning the favour (R-ACT-FAVOUR-6)
        if favour.available(s):
            s.favour = seat
            emit(s, "favour", seat)
        gain_livres(s, seat, p["exq_favour_livres"], effect)
    elif effect == "exq_send_away":
        if _send_options(s, seat):
            push(s, ("exq_send", seat))
    elif effect == "exq_resource_tile":  # A-4 [config]
        if s.cfg.exquisite_tile_source == "bag":
            draw_bag_tile(s, seat, effect)
        elif any(x != EMPTY for x in s.drawers):
            push(s, ("acquire", seat, "reward"))
    elif effect == "exq_green_14":
        gain_livres(s, seat, p["exq_green_livres"], effect)
    elif effect == "exq_free_jewel":  # any jewel, free, besides a bought one
        if jewelry.has_jeweler(s, seat) and any(j != EMPTY for j in s.jewel_display):
            push(s, ("jewel", seat, g, 1))
    elif effect == "exq_match_vp2":
        jb = s.t.ds.jewelry_box
        if jewel != EMPTY and jb is not None and jb.jewels[jewel].colour == gar.colour:
            gain_vp(s, seat, p["exq_match_vp"], effect)


def _send_options(s: State, seat: int) -> list[str]:
    """A-24: the staff minimum applies (R-STAFF-2)."""
    return [s.t.send[c] for c in sendable(s, seat)]


def _send_apply(s: State, f: SeatStep, action: str) -> None:
    """exq_send_away: the carriage livres, and the card's bonus is not used."""
    if action == "send:none":
        return
    seat = f[1]
    c = actions.card(s.t, action)
    send_away(s, seat, c, "exq_send_away")
    gain_livres(s, seat, s.t.cards[c].send_value, "exq_send_away")


decision("exq_send", lambda s, f: [*_send_options(s, f[1]), "send:none"], _send_apply,
         lambda s, f, a: Refusal("A-24", "send away one of your own employees while your staff exceeds the minimum",
                                 "exquisite_send", {"minimum": s.t.ds.rules.min_staff}),
         ("send",), "R-EXQ-4")
