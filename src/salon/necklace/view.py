"""What one seat may know: the per-seat observation (QN-INFO-1/2, docs/architecture.md
principle 7).

Public: the market with its prices, the Fashion and Gem tiles, the last sale's Rarity tiles,
scores, the size of every hand, the discards, who wears the necklace, the Merchants lying
beside a player, the number of cards in the draw pile, and every presentation once revealed.
Private to its owner: the hand, the presentation being prepared, and the hands a Confessor or
a Forger showed it.  Never shown: the draw pile's order.

Cards are named by their own ids only in the market and in their holder's own hand and
presentation, where the actions pick them; everywhere else by their public name (the kind,
with the gems of a gem card), shared by identical copies and never a card id, so that no view
tells which copy left a hand and no seat reads an id it knows for another card (common.cid).
"""

from __future__ import annotations

from typing import Any

from salon.necklace.components import GEM, Card
from salon.necklace.rules.common import cid, necklace_holder
from salon.necklace.rules.purchase import cost
from salon.necklace.rules.sale import lots
from salon.necklace.state import EMPTY, State


def card_view(card: Card, gem_names: tuple[str, ...]) -> dict[str, Any]:
    out: dict[str, Any] = {"id": card.id, "kind": card.kind_name}
    if card.kind == GEM:
        out["gem"] = gem_names[card.gem]
        out["gems"] = card.gems
    return out


def observe(s: State, seat: int | None) -> dict[str, Any]:
    ds = s.ds
    cards = ds.cards
    names = ds.gem_names
    holder = necklace_holder(s)
    in_sale = s.phase == "sale"
    players = []
    for i in range(s.n):
        p: dict[str, Any] = {
            "seat": i,
            "score": s.scores[i],
            "hand_count": len(s.hands[i]),
            "necklace": holder == i,
            "delayed_sales": [cid(s, c) for c, h in s.delayed if h == i],
        }
        if i == seat:
            p["hand"] = [card_view(cards[c], names) for c in s.hands[i]]
            p["seen"] = {str(t): [cid(s, c) for c in hand] for t, hand in enumerate(s.peeks[i]) if hand is not None}
        if in_sale and (s.revealed or i == seat):
            p["presented" if s.revealed else "presenting"] = lots(s, i, own=i == seat)
        players.append(p)
    top = s.stack[-1] if s.stack and not s.over else None
    decision: dict[str, Any] | None = None
    if top is not None:
        decision = {"seat": top[1], "kind": top[0]}
        if seat == top[1]:
            decision.update(decision_context(s))
    r = ds.rules
    return {
        "game": "necklace",
        "viewer": seat,
        "players": players,
        "active": s.active,
        "turn": s.turn_no,
        "phase": s.phase,
        "ducats": s.ducats if s.phase in ("influence", "purchase") else None,
        "bought": s.bought,
        "market": [
            None if c == EMPTY else {
                "slot": slot, "card": card_view(cards[c], names), "price": cost(s, slot), "step": s.price[slot],
                "ladder": list(cards[c].ladder),
            }
            for slot, c in enumerate(s.market)
        ],
        "pile_count": len(s.pile),
        "discard": [cid(s, c) for c in s.out],
        "merchants_in_play": [cid(s, c) for c in s.limbo],
        "fashion": [{"gem": names[g], "value": v} for g, v in zip(s.fashion, r.fashion_values)],
        "last_sale_rarity": {names[t]: v for t, v in enumerate(s.rarity)} if s.rarity else None,
        "sales": s.sales,
        "sales_total": r.sales,
        "decision": decision,
        "over": s.over,
    }


def decision_context(s: State) -> dict[str, Any]:
    """Details of the current decision for the seat that makes it (may hold its secrets)."""
    f = s.stack[-1]
    kind = f[0]
    names = s.ds.gem_names
    cards = s.ds.cards
    if kind in ("influence", "buy"):
        return {"ducats": s.ducats, "bought": s.bought}
    if kind in ("forger_response", "forger_discard"):
        return {"forger": f[2], "gem": names[f[3]]}
    if kind == "queen":
        return {"slot": f[2], "card": cards[s.market[f[2]]].id}
    if kind == "cardinal":
        return {"merchant": cid(s, s.limbo[-1]), "active": s.active}
    if kind in ("present", "alchemist"):
        return {"sale": s.sales + 1, **lots(s, f[1], own=True)}
    return {}
