"""What one seat may know: the per-seat observation (R-SETUP-12, docs/architecture.md
principle 7).

Public: livres, thread, lace, scores, the board, discard piles, the number of resource
tiles each player keeps and the size of each hand and supply.  Private to their owner:
the rack's tiles, the hand, the supply.  Never shown: the order of the deck and the bags.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from salon.rococo.rules.common import hidden_prestige
from salon.rococo.state import EMPTY, State


class _Named(Protocol):
    @property
    def id(self) -> str: ...


def _id(table: Sequence[_Named], i: int) -> str | None:
    return table[i].id if i != EMPTY else None


def observe(s: State, seat: int | None) -> dict[str, Any]:
    t = s.t
    ds = t.ds
    b = ds.board
    cards = t.cards
    players = []
    for i, p in enumerate(s.players):
        pub: dict[str, Any] = {
            "seat": i,
            "livres": p.livres,
            "thread": p.thread,
            "lace": p.lace,
            "vp": p.vp if i == seat or not hidden_prestige(s) else None,
            "rack_count": len(p.rack),
            "hand_count": len(p.hand),
            "supply_count": len(p.supply),
            "discard": [cards[c].id for c in p.discard],
            "in_play": _id(cards, p.in_play),
            "staff_size": p.staff_size(),
        }
        if ds.jewelry_box is not None:
            pub["jewels"] = [ds.jewelry_box.jewels[j].id for j in p.jewels]
            pub["exam"] = "master" if p.exam else "journeyman"
            track = ds.jewelry_box.master_tasks if p.exam else ds.jewelry_box.journeyman_tasks
            pub["tasks"] = [n for k, n in enumerate(track) if p.tasks & (1 << k)]
            pub["master_exams"] = p.master_exams
            pub["has_specialist"] = p.specialist != EMPTY
            if i == seat and p.specialist != EMPTY:
                sa = cards[p.specialist]
                pub["specialist"] = {"card": sa.id, "condition": sa.condition}
        if i == seat:
            pub["rack"] = [ds.tiles[x].id for x in p.rack]
            pub["silk"] = dict(zip(("blue", "pink", "green", "orange"), p.silk))
            pub["hand"] = [cards[c].id for c in p.hand]
            pub["supply"] = [cards[c].id for c in p.supply]
        players.append(pub)
    top = s.stack[-1] if s.stack and not s.over else None
    decision: dict[str, Any] | None = None
    if top is not None:
        decision = {"seat": top[1], "kind": top[0]}
        if seat == top[1]:
            decision.update(decision_context(s))
    return {
        "game": "rococo",
        "viewer": seat,
        "players": players,
        "round": s.round,
        "phase": s.phase,
        "start_player": s.start_player,
        "turn_card": _id(cards, s.turn_card),
        "decision": decision,
        "over": s.over,
        "board": {
            "side": b.side,
            "windows": [
                {"garment": _id(ds.garments, g), "cost": c} for g, c in zip(s.windows, b.window_costs)
            ],
            "drawers": [
                [_id(ds.tiles, x) for x in s.drawers[d * b.drawer_spaces:(d + 1) * b.drawer_spaces]]
                for d in range(b.drawers)
            ],
            "display": [_id(cards, c) for c in s.display],
            "deck_count": len(s.deck),
            "favour": None if s.favour == EMPTY else s.favour,
            "guests": {
                sp.id: {"garment": ds.garments[s.guest[i]].id, "owner": s.guest_owner[i]}
                for i, sp in enumerate(b.guest_spaces) if s.guest[i] != EMPTY
            },
            "decorations": {d.id: s.deco[i] for i, d in enumerate(b.decorations) if s.deco[i] != EMPTY},
            "terrace": {d.id: ds.garments[s.terrace[i]].id for i, d in enumerate(b.decorations)
                        if s.terrace[i] != EMPTY},
            "all_halls": [None if o == EMPTY else o for o in s.all_halls],
            "making": _id(ds.garments, s.making),
            "resource_bag_count": len(s.res_bag),
            "resource_discard": [ds.tiles[x].id for x in s.res_discard],
            "garment_bag_count": len(s.gar_bag),
            "garment_discard": [ds.garments[g].id for g in s.gar_discard],
            "removed_cards": [cards[c].id for c in s.boxed],
        },
        "expansions": list(s.cfg.expansions),
        "jewelry": None if ds.jewelry_box is None else {
            "display": [
                {"jewel": _id(ds.jewelry_box.jewels, j), "price": price}
                for j, price in zip(s.jewel_display, ds.jewelry_box.display_prices)
            ],
            "bag_count": len(s.jewel_bag),
            "removed": [ds.jewelry_box.jewels[j].id for j in s.jewels_boxed],
            "journeyman_stack_count": len(s.j_stack),
            "master_stack_count": len(s.m_stack),
        },
        "festive_waiting": len(s.festive_box),
        "solo": None if not s.cfg.solo else {
            "seat": 1,
            "hand_count": len(s.mdb_hand),
            "supply_count": len(s.mdb_supply),
            "discard": [ds.solo_cards[c].id for c in s.mdb_discard],
        },
        "breakdown": s.breakdown if s.phase in ("scoring", "end", "over") and not hidden_prestige(s) else None,
        "money_left": s.money_left if s.over else None,
    }


def decision_context(s: State) -> dict[str, Any]:
    """Details of the current decision for the seat that makes it (may hold its secrets)."""
    f = s.stack[-1]
    kind = f[0]
    t = s.t
    out: dict[str, Any] = {}
    if kind in ("main", "bonus", "hire", "acquire", "tailor", "finance", "reduce", "give", "dispose"):
        out["card"] = t.cards[s.turn_card].id
    if kind == "bonus":
        out["bonus_card"] = t.cards[f[2]].id
        out["bonus"] = t.cards[f[2]].bonus
    if kind in ("acquire", "tailor", "give", "dispose", "reduce"):
        out["mode"] = f[2]
    if kind == "hand":
        out["picks_left"] = f[2]
    if kind == "fate":
        out["tile"] = t.ds.tiles[f[2]].id
    if kind == "jewel":
        out["garment"] = t.ds.garments[f[2]].id
        out["free"] = bool(f[3])
    if kind == "task":
        out["tasks"] = list(f[3:])
    if kind == "give":
        out["need"] = dict(zip(("blue", "pink", "green", "orange"), f[3:7]))
    if kind in ("give", "dispose", "reduce"):
        out["garment"] = t.ds.garments[s.making].id
    if kind == "finance":
        out["discount"] = f[2]
    if kind == "buy":
        out["price"] = f[2]
    return out
