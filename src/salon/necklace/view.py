"""What one seat may know: the per-seat observation (QN-INFO-1/2, docs/architecture.md
principle 7), in the shapes of :mod:`salon.necklace.observation`.

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

from salon.necklace.kinds import GEM
from salon.necklace.observation import FORGERY, PRESENTING, SPENDING, CardView, Decision, Observation, Player
from salon.necklace.pieces import Card
from salon.necklace.rules.common import cid, necklace_holder
from salon.necklace.rules.purchase import cost
from salon.necklace.rules.sale import lots
from salon.necklace.state import EMPTY, State


def card_view(card: Card, gem_names: tuple[str, ...]) -> CardView:
    out: CardView = {"id": card.id, "kind": card.kind_name}
    if card.kind == GEM:
        out["gem"] = gem_names[card.gem]
        out["gems"] = card.gems
    return out


def observe(s: State, seat: int | None) -> Observation:
    ds = s.ds
    cards = ds.cards
    names = ds.gem_names
    holder = necklace_holder(s)
    players = [_player(s, i, seat, holder) for i in range(s.n)]
    top = s.stack[-1] if s.stack and not s.over else None
    shown: Decision | None = None
    if top is not None:
        shown = current_decision(s) if seat == top[1] else {"seat": top[1], "kind": top[0]}
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
        "decision": shown,
        "over": s.over,
    }


def _player(s: State, i: int, seat: int | None, holder: int) -> Player:
    """Seat ``i`` as ``seat`` sees it: its own secrets for itself only."""
    p: Player = {
        "seat": i,
        "score": s.scores[i],
        "hand_count": len(s.hands[i]),
        "necklace": holder == i,
        "delayed_sales": [cid(s, c) for c, h in s.delayed if h == i],
    }
    if i == seat:
        p["hand"] = [card_view(s.ds.cards[c], s.ds.gem_names) for c in s.hands[i]]
        p["seen"] = {str(t): [cid(s, c) for c in hand] for t, hand in enumerate(s.peeks[i]) if hand is not None}
    if s.phase == "sale" and s.revealed:
        p["presented"] = lots(s, i, own=i == seat)
    elif s.phase == "sale" and i == seat:
        p["presenting"] = lots(s, i, own=True)
    return p


def current_decision(s: State) -> Decision:
    """The current decision with its details, for the seat that makes it (they may hold its
    secrets); the details each kind gives are those :class:`Decision` declares."""
    f = s.stack[-1]
    kind = f[0]
    out: Decision = {"seat": f[1], "kind": kind}
    if kind in SPENDING:
        out["ducats"] = s.ducats
        out["bought"] = s.bought
    elif kind in FORGERY:
        out["forger"] = f[2]
        out["gem"] = s.ds.gem_names[f[3]]
    elif kind == "queen":
        out["slot"] = f[2]
        out["card"] = s.ds.cards[s.market[f[2]]].id
    elif kind == "cardinal":
        out["merchant"] = cid(s, s.limbo[-1])
        out["active"] = s.active
    elif kind in PRESENTING:
        shown = lots(s, f[1], own=True)
        out["sale"] = s.sales + 1
        out["lots"] = shown["lots"]
        out["bankers"] = shown["bankers"]
    return out
