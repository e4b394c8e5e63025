"""Invariants checked after every action by the simulator and the property tests.

Conservation: every card, resource tile and garment is in exactly one place; nothing a
player owns is negative; markers sit only where the rules allow; and every change of
livres, VP, thread and lace is explained by the events the action returned.
"""

from __future__ import annotations

from collections import Counter

from salon.core.events import Event
from salon.rococo.state import EMPTY, State


def _dupes_or_missing(where: list[int], total: int, what: str) -> list[str]:
    c = Counter(where)
    out = []
    dup = [k for k, v in c.items() if v > 1]
    if dup:
        out.append(f"{what} in two places: {sorted(dup)}")
    missing = set(range(total)) - set(c)
    if missing:
        out.append(f"{what} lost: {sorted(missing)}")
    return out


def check(s: State) -> list[str]:
    out: list[str] = []
    t = s.t
    limbo_tiles = [f[2] for f in s.stack if f[0] == "fate"]
    cards = s.deck + [c for c in s.display if c != EMPTY] + s.boxed + s.j_stack + s.m_stack + s.unseen
    tiles = s.res_bag + [x for x in s.drawers if x != EMPTY] + s.res_discard + limbo_tiles
    jewels = s.jewel_bag + [j for j in s.jewel_display if j != EMPTY] + s.jewels_boxed
    for p in s.players:
        cards += p.supply + p.hand + p.discard + ([p.in_play] if p.in_play != EMPTY else [])
        if p.specialist != EMPTY:
            cards.append(p.specialist)
        tiles += p.rack
        jewels += p.jewels
        for name in ("livres", "thread", "lace", "vp"):
            if getattr(p, name) < 0:
                out.append(f"negative {name}: {getattr(p, name)}")
        silk = [sum(t.ds.tiles[x].silk[c] for x in p.rack) for c in range(4)]
        if silk != p.silk:
            out.append(f"rack silk totals {p.silk} differ from the rack's tiles {silk}")
    garments = s.gar_bag + s.gar_discard + s.festive_box + [g for g in s.windows + s.guest + s.terrace if g != EMPTY]
    if s.making != EMPTY:
        garments.append(s.making)
    out += _dupes_or_missing(cards, len(t.cards), "cards")
    out += _dupes_or_missing(tiles, len(t.ds.tiles), "resource tiles")
    out += _dupes_or_missing(garments, len(t.ds.garments), "garments")
    if t.ds.jewelry_box is not None:
        out += _dupes_or_missing(jewels, len(t.ds.jewelry_box.jewels), "jewels")
    if s.cfg.solo:
        out += _dupes_or_missing(s.mdb_supply + s.mdb_hand + s.mdb_discard, len(t.ds.solo_cards), "solo cards")
        if s.players[1].livres:
            out.append("Madame du Barry holds livres (R-SOLO-GEN-1)")
    for g, o in zip(s.guest, s.guest_owner):
        if (g == EMPTY) != (o == EMPTY) or not (o == EMPTY or 0 <= o < s.n):
            out.append("a guest space's garment and marker disagree")
    for d, g in enumerate(s.terrace):
        if g != EMPTY and s.deco[d] == EMPTY:
            out.append("a terrace garment without its fireworks marker")
    for seat in range(s.n):
        for kind in ("kitchen_left", "kitchen_right", "jeweler"):
            if sum(1 for d in t.deco_of_kind[kind] if s.deco[d] == seat) > 1:
                out.append(f"seat {seat} has two markers on {kind} (R-ACT-FIN-4)")
        if s.all_halls.count(seat) > 1:
            out.append(f"seat {seat} has two all-halls markers (R-HALLS-3)")
        if s.players[seat].staff_size() < t.ds.rules.min_staff:
            out.append(f"seat {seat} has fewer than {t.ds.rules.min_staff} employees (R-STAFF-2)")
    if not s.over and not s.stack:
        out.append("no decision pending although the game is not over")
    return out


def check_transition(before: State, after: State, events: list[Event]) -> list[str]:
    """Every change of livres, VP, thread and lace is accounted for by an event."""
    delta = {(seat, k): 0 for seat in range(before.n) for k in ("livres", "vp", "thread", "lace")}
    for e in events:
        if e.seat is None:
            continue
        if e.type == "livres":
            delta[(e.seat, "livres")] += e.data["amount"]
        elif e.type in ("vp", "scored"):
            delta[(e.seat, "vp")] += e.data.get("amount", e.data.get("vp", 0))
        elif e.type == "goods":
            delta[(e.seat, "thread")] += e.data["thread"]
            delta[(e.seat, "lace")] += e.data["lace"]
    out = []
    for (seat, k), d in delta.items():
        real = getattr(after.players[seat], k) - getattr(before.players[seat], k)
        if real != d:
            out.append(f"seat {seat}: {k} changed by {real} but the events account for {d}")
    return out
