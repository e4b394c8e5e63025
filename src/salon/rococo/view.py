"""What one seat may know: the per-seat observation (R-SETUP-12, docs/architecture.md
principle 7), in the shapes of :mod:`salon.rococo.observation`.

Public: livres, thread, lace, scores, the board, discard piles, the number of resource
tiles each player keeps and the size of each hand and supply.  Private to their owner:
the rack's tiles, the hand, the supply.  Never shown: the order of the deck and the bags.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from salon.rococo.observation import MAKING, TURN, Board, Decision, Jewelry, Observation, Player, Silk, Solo
from salon.rococo.rules.bonuses import FREE_GAINS, USE
from salon.rococo.rules.common import hidden_prestige
from salon.rococo.state import EMPTY, State
from salon.rococo.state import Player as Holder


class _Named(Protocol):
    @property
    def id(self) -> str: ...


def _id(table: Sequence[_Named], i: int) -> str | None:
    return table[i].id if i != EMPTY else None


def silk(bales: Sequence[int]) -> Silk:
    """Bales by colour, from the state's blue, pink, green, orange."""
    return {"blue": bales[0], "pink": bales[1], "green": bales[2], "orange": bales[3]}


def observe(s: State, seat: int | None) -> Observation:
    top = s.stack[-1] if s.stack and not s.over else None
    shown: Decision | None = None
    if top is not None:
        shown = current_decision(s) if seat == top[1] else {"seat": top[1], "kind": top[0]}
    ds = s.t.ds
    jb = ds.jewelry_box
    return {
        "game": "rococo",
        "viewer": seat,
        "players": [_player(s, i, p, seat) for i, p in enumerate(s.players)],
        "round": s.round,
        "phase": s.phase,
        "start_player": s.start_player,
        "turn_card": _id(s.t.cards, s.turn_card),
        "decision": shown,
        "over": s.over,
        "board": _board(s),
        "expansions": list(s.cfg.expansions),
        "jewelry": None if jb is None else _jewelry(s),
        "festive_waiting": len(s.festive_box),
        "solo": _solo(s) if s.cfg.solo else None,
        "breakdown": s.breakdown if s.phase in ("scoring", "end", "over") and not hidden_prestige(s) else None,
        "money_left": s.money_left if s.over else None,
    }


def _player(s: State, i: int, p: Holder, seat: int | None) -> Player:
    """Seat ``i`` as ``seat`` sees it: its own secrets for itself only."""
    ds = s.t.ds
    cards = s.t.cards
    pub: Player = {
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
        pub["silk"] = silk(p.silk)
        pub["hand"] = [cards[c].id for c in p.hand]
        pub["supply"] = [cards[c].id for c in p.supply]
    return pub


def _board(s: State) -> Board:
    ds = s.t.ds
    b = ds.board
    cards = s.t.cards
    return {
        "side": b.side,
        "windows": [{"garment": _id(ds.garments, g), "cost": c} for g, c in zip(s.windows, b.window_costs)],
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
        "terrace": {d.id: ds.garments[s.terrace[i]].id for i, d in enumerate(b.decorations) if s.terrace[i] != EMPTY},
        "all_halls": [None if o == EMPTY else o for o in s.all_halls],
        "making": _id(ds.garments, s.making),
        "resource_bag_count": len(s.res_bag),
        "resource_discard": [ds.tiles[x].id for x in s.res_discard],
        "garment_bag_count": len(s.gar_bag),
        "garment_discard": [ds.garments[g].id for g in s.gar_discard],
        "removed_cards": [cards[c].id for c in s.boxed],
    }


def _jewelry(s: State) -> Jewelry:
    jb = s.t.ds.jewelry_box
    assert jb is not None
    return {
        "display": [{"jewel": _id(jb.jewels, j), "price": price}
                    for j, price in zip(s.jewel_display, jb.display_prices)],
        "bag_count": len(s.jewel_bag),
        "removed": [jb.jewels[j].id for j in s.jewels_boxed],
        "journeyman_stack_count": len(s.j_stack),
        "master_stack_count": len(s.m_stack),
    }


def _solo(s: State) -> Solo:
    return {
        "seat": 1,
        "hand_count": len(s.mdb_hand),
        "supply_count": len(s.mdb_supply),
        "discard": [s.t.ds.solo_cards[c].id for c in s.mdb_discard],
    }


def current_decision(s: State) -> Decision:
    """The current decision with its details, for the seat that makes it (they may hold its
    secrets); the details each kind gives are those :class:`Decision` declares."""
    f = s.stack[-1]
    kind = f[0]
    t = s.t
    out: Decision = {"seat": f[1], "kind": kind}
    if kind in TURN:
        out["card"] = t.cards[s.turn_card].id
    if kind == "bonus":
        out["bonus_card"] = t.cards[f[2]].id
        out["bonus"] = t.cards[f[2]].bonus
        out["free_gain"] = USE if out["bonus"] in FREE_GAINS else None
    if kind in MAKING:
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
        out["need"] = silk(f[3:7])
    if kind in ("give", "dispose", "reduce"):
        out["garment"] = t.ds.garments[s.making].id
    if kind == "finance":
        out["discount"] = f[2]
    if kind == "buy":
        out["price"] = f[2]
    return out
