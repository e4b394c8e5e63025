"""The jewel sale (RULES.md §6): secret presentation, reveal, the Alchemist, rarity, selling,
the King, the Banker, the Queen's Necklace and its 50-livre bounty, and the end of the game
after the third sale (QN-END-1).

Presentation is a simultaneous secret commitment (QN-SALE-7, QN-AMB-25): the seats are asked
one after another, clockwise from the active seat, and build their lots one card at a time
(``present:C012`` for a gem card or a Banker, ``present:C061:ruby`` for a Ring, King or the
Necklace on a gem type's lot), then ``done``.  Until every seat has committed, the chosen
cards stay in the hand and nothing of the choice is shown to anyone else; the reveal then
moves all of them face up at once.

Frames: ``("sale", -1, merchant, phase)``, the decision ``("present", seat)``,
``("reveal", -1)``, the decision ``("alchemist", seat)``, ``("settle", -1, merchant, phase)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from salon.core.errors import Refusal
from salon.necklace import actions
from salon.necklace.frames import Sale, SeatStep
from salon.necklace.kinds import ALCHEMIST, BANKER, GEM, KING, NECKLACE, ON_A_LOT, RING
from salon.necklace.observation import Presentation
from salon.necklace.pieces import DataSet
from salon.necklace.rules.common import cid, clockwise, discard, emit, holds, next_in_poll, publicly_gone
from salon.necklace.rules.registry import auto, decision, push
from salon.necklace.state import EMPTY, State

DONE: Final = "done"
PASS: Final = "pass"


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a revealed presentation earns (QN-RAR, QN-SELL), per seat and gem type."""

    gems: tuple[tuple[int, ...], ...]  # [seat][type] gems presented
    totals: tuple[int, ...]  # [type] gems presented by all seats (QN-RAR-1)
    rarity: tuple[int, ...]  # [type] rarity value (QN-RAR-2/3/5)
    prices: tuple[int, ...]  # [type] fashion + rarity (QN-SELL-3)
    sellers: tuple[tuple[int, ...], ...]  # [type] seats with the most gems (QN-SELL-1/2)
    cancelled: tuple[bool, ...]  # [type] a King cancels the sale (QN-KING-2, QN-SELL-5)
    income: tuple[tuple[int, ...], ...]  # [seat][type] livres earned (QN-SELL-4)
    bounty: tuple[int, ...]  # [seat] livres paid (negative) or received for Kings on a Necklace


def outcome(ds: DataSet, fashion: list[int], shown: list[list[int]], shown_type: list[list[int]],
            bankers_stack: bool = True) -> Outcome:
    """Rarity, sellers and payments of a presentation (QN-RAR-1..5, QN-SELL-1..5, QN-KING-2,
    QN-NECKLACE-3, QN-BANKER-2/3, QN-RING-2)."""
    r = ds.rules
    cards = ds.cards
    types = len(ds.gem_names)
    n = len(shown)
    gems = [[0] * types for _ in range(n)]
    rings = [[0] * types for _ in range(n)]
    kings: list[list[int]] = [[] for _ in range(types)]
    necklace = [EMPTY] * types
    bankers = [0] * n
    for seat in range(n):
        for c, t in zip(shown[seat], shown_type[seat]):
            card = cards[c]
            k = card.kind
            if k == GEM:
                gems[seat][t] += card.gems
            elif k == RING:
                rings[seat][t] += 1
            elif k == KING:
                kings[t].append(seat)
            elif k == NECKLACE:
                necklace[t] = seat
            elif k == BANKER:
                bankers[seat] += 1
    totals = [sum(gems[seat][t] for seat in range(n)) for t in range(types)]
    position = [0] * types
    for p, t in enumerate(fashion):
        position[t] = p
    rarity = [0] * types
    for rank, t in enumerate(sorted(range(types), key=lambda t: (totals[t], position[t]))):
        rarity[t] = r.rarity_values[rank]
    prices = [r.fashion_values[position[t]] + rarity[t] for t in range(types)]
    income = [[0] * types for _ in range(n)]
    bounty = [0] * n
    sellers: list[tuple[int, ...]] = []
    cancelled: list[bool] = []
    for t in range(types):
        best = max(gems[seat][t] for seat in range(n))
        leaders = tuple(seat for seat in range(n) if best and gems[seat][t] == best)
        sellers.append(leaders)
        blocked = bool(kings[t]) and necklace[t] == EMPTY
        cancelled.append(blocked)
        if not blocked:
            for seat in leaders:
                extra = bankers[seat] if bankers_stack else min(1, bankers[seat])
                income[seat][t] = (1 + rings[seat][t]) * (prices[t] + r.banker_bonus * extra)
        if kings[t] and necklace[t] != EMPTY:
            for seat in kings[t]:
                bounty[seat] -= r.necklace_bounty
                bounty[necklace[t]] += r.necklace_bounty
    return Outcome(
        gems=tuple(tuple(x) for x in gems), totals=tuple(totals), rarity=tuple(rarity), prices=tuple(prices),
        sellers=tuple(sellers), cancelled=tuple(cancelled), income=tuple(tuple(x) for x in income),
        bounty=tuple(bounty),
    )


def lot_types(s: State, seat: int) -> int:
    """Bit mask of the gem types for which the seat has presented a gem card."""
    cards = s.ds.cards
    mask = 0
    for c, t in zip(s.shown[seat], s.shown_type[seat]):
        if cards[c].kind == GEM:
            mask |= 1 << t
    return mask


def lots(s: State, seat: int, own: bool = False) -> Presentation:
    """The seat's presentation as columns by gem type, in fashion order (QN-SALE-5); cards by
    their own ids for their holder (``own``: the actions name them so), else by public name (kind)."""
    names = s.ds.gem_names
    name = (lambda c: s.ds.cards[c].id) if own else (lambda c: cid(s, c))
    columns: dict[str, list[str]] = {}
    bankers: list[str] = []
    by_type: dict[int, list[str]] = {}
    for c, t in zip(s.shown[seat], s.shown_type[seat]):
        if t == EMPTY:
            bankers.append(name(c))
        else:
            by_type.setdefault(t, []).append(name(c))
    for t in s.fashion:
        if t in by_type:
            columns[names[t]] = by_type[t]
    return {"lots": columns, "bankers": bankers}


@auto("sale")
def sale(s: State, f: Sale) -> None:
    card, prior = f[2], f[3]
    s.phase = "sale"
    emit(s, "sale", None, number=s.sales + 1, merchant=cid(s, card))
    seats = [seat for seat in clockwise(s, s.active) if _presents(s, seat)]
    push(s, *[("present", seat) for seat in seats], ("reveal", -1), ("settle", -1, card, prior))


def _presents(s: State, seat: int) -> bool:
    """Concealed, every seat with cards is asked (so being asked reveals nothing); otherwise
    only seats that hold a gem card, without which nothing can be presented (QN-SALE-3)."""
    if s.cfg.conceal_holders:
        return bool(s.hands[seat])
    cards = s.ds.cards
    return any(cards[c].kind == GEM for c in s.hands[seat])


def _present_legal(s: State, f: SeatStep) -> list[str]:
    seat = f[1]
    ds = s.ds
    cards = ds.cards
    shown = s.shown[seat]
    mask = lot_types(s, seat)
    king_shown = any(cards[c].kind == KING for c in shown)
    present, present_on = ds.present, ds.present_on
    types = [t for t in range(len(ds.gem_names)) if mask >> t & 1]
    out: list[str] = []
    for c in s.hands[seat]:
        if c in shown:
            continue
        k = cards[c].kind
        if k == GEM:
            out.append(present[c])
        elif k == BANKER:
            if mask:  # QN-BANKER-1: any lot, but there must be one
                out.append(present[c])
        elif k == RING or k == NECKLACE or (k == KING and not king_shown):  # QN-SALE-3, QN-KING-3
            row = present_on[c]
            out += [row[t] for t in types]
    out.append(DONE)
    return out


def _present_apply(s: State, f: SeatStep, action: str) -> None:
    seat = f[1]
    if action == DONE:
        emit(s, "presented", seat)  # committed; what and how much stays secret until the reveal
        return
    c, named = actions.presented(s.ds, action)
    card = s.ds.cards[c]
    t = card.gem if card.kind == GEM else named
    s.shown[seat].append(c)
    s.shown_type[seat].append(t)
    push(s, ("present", seat))


def _present_explain(s: State, f: SeatStep, action: str) -> Refusal:
    seat = f[1]
    c, named = actions.presented(s.ds, action)
    card = s.ds.cards[c]
    name = card.id
    fields: dict[str, str | int] = {"card": name}
    if c not in s.hands[seat]:
        return Refusal("QN-SALE-1", f"{name} is not in your hand", "present_not_in_hand", fields)
    if c in s.shown[seat]:
        return Refusal("QN-SALE-2", f"{name} is already in your presentation", "present_already", fields)
    if card.kind not in (GEM, BANKER) and card.kind not in ON_A_LOT:
        return Refusal("QN-SALE-1", f"only grey cards are presented; {name} is a {card.kind_name}",
                       "present_not_grey", fields)
    if card.kind in (GEM, BANKER) and named != EMPTY:
        if card.kind == GEM:
            return Refusal("QN-SALE-4", "a gem card goes into the lot of its own gem type ('present:<card>')",
                           "present_gem_own_lot", fields)
        return Refusal("QN-BANKER-1", "a Banker counts for all your lots: present it without a gem type",
                       "present_banker_no_gem", fields)
    if card.kind == BANKER:
        return Refusal("QN-BANKER-1", "present a gem card first: the Banker must lie in one of your lots",
                       "present_banker_first", fields)
    if named == EMPTY:
        return Refusal("QN-SALE-3", f"say which gem type's lot the {card.kind_name} joins ('present:{name}:<gem>')",
                       "present_name_gem", fields)
    if card.kind == KING and any(s.ds.cards[x].kind == KING for x in s.shown[seat]):
        return Refusal("QN-KING-3", "at most one King per player and sale", "present_one_king", fields)
    rule = {RING: "QN-RING-1", KING: "QN-KING-1", NECKLACE: "QN-NECKLACE-2"}[card.kind]
    gem = s.ds.gem_names[named]
    return Refusal(rule, f"a {card.kind_name} must join a lot that holds a {gem} gem card (present one first)",
                   "present_needs_gem", {**fields, "gem": gem})


@auto("reveal")
def reveal(s: State, f: SeatStep) -> None:
    """QN-SALE-5: every presentation face up at once; then the Alchemist's window (QN-SALE-8)."""
    for seat in range(s.n):
        hand = s.hands[seat]
        for c in s.shown[seat]:
            hand.remove(c)
    s.revealed = True
    emit(s, "reveal", None, presented=[lots(s, seat) for seat in range(s.n)])
    seat = _next_alchemist(s, EMPTY)
    if seat != EMPTY:
        push(s, ("alchemist", seat))


def _has_precious(s: State, seat: int) -> bool:
    cards = s.ds.cards
    precious = s.ds.precious
    return any(cards[c].kind == GEM and t in precious for c, t in zip(s.shown[seat], s.shown_type[seat]))


def _may_use_alchemist(s: State, seat: int) -> bool:
    if not _has_precious(s, seat):
        return False
    if s.cfg.conceal_holders:
        return bool(s.hands[seat]) and not publicly_gone(s, ALCHEMIST)
    return holds(s, seat, ALCHEMIST)


def _next_alchemist(s: State, after: int) -> int:
    a = s.active
    return next_in_poll(s, after, a, (a - 1) % s.n, _may_use_alchemist)


def _alchemist_legal(s: State, f: SeatStep) -> list[str]:
    seat = f[1]
    if not holds(s, seat, ALCHEMIST):
        return [PASS]
    cards = s.ds.cards
    precious = sorted(s.ds.precious)
    alchemy = s.ds.alchemy
    mask = lot_types(s, seat)
    out: list[str] = []
    for c, t in zip(s.shown[seat], s.shown_type[seat]):
        if cards[c].kind != GEM or t not in s.ds.precious:  # QN-ALCHEMIST-3: never amber
            continue
        row = alchemy[c]
        out += [row[g] for g in precious if g != t and (s.cfg.alchemist_any_column or mask >> g & 1)]
    out.append(PASS)
    return out


def _alchemist_apply(s: State, f: SeatStep, action: str) -> None:
    seat = f[1]
    if action == PASS:
        nxt = _next_alchemist(s, seat)
        if nxt != EMPTY:
            push(s, ("alchemist", nxt))
        return
    c, g = actions.alchemy(s.ds, action)
    a = next(x for x in s.hands[seat] if s.ds.cards[x].kind == ALCHEMIST)
    s.hands[seat].remove(a)
    discard(s, a)  # QN-ALCHEMIST-5
    i = s.shown[seat].index(c)
    before = s.shown_type[seat][i]
    s.shown_type[seat][i] = g  # QN-ALCHEMIST-2: the whole card changes column
    emit(s, "alchemist", seat, card=cid(s, c), alchemist=cid(s, a), before=s.ds.gem_names[before],
         after=s.ds.gem_names[g])


def _alchemist_explain(s: State, f: SeatStep, action: str) -> Refusal:
    seat = f[1]
    if not holds(s, seat, ALCHEMIST):
        return Refusal("QN-ALCHEMIST-1", "you hold no Alchemist", "alchemist_none")
    c, g = actions.alchemy(s.ds, action)
    card_id, gem = s.ds.cards[c].id, s.ds.gem_names[g]
    fields: dict[str, str | int] = {"card": card_id, "gem": gem}
    if c not in s.shown[seat] or s.ds.cards[c].kind != GEM:
        return Refusal("QN-ALCHEMIST-2", f"{card_id} is not one of your presented gem cards",
                       "alchemist_not_presented", fields)
    t = s.shown_type[seat][s.shown[seat].index(c)]
    if t not in s.ds.precious or g not in s.ds.precious:
        return Refusal("QN-ALCHEMIST-3", "the Alchemist can neither change amber nor make it", "alchemist_amber",
                       fields)
    if g == t:
        return Refusal("QN-ALCHEMIST-2", f"{card_id} already is {gem}", "alchemist_same_gem", fields)
    return Refusal("QN-AMB-14", f"you presented no {gem} (config alchemist_any_column)", "alchemist_gem_absent",
                   fields)


@auto("settle")
def settle(s: State, f: Sale) -> None:
    """Rarity and selling (QN-RAR, QN-SELL); every presented card and the Merchant leave the
    game (QN-SALE-9/12); the game ends after the third sale (QN-END-1)."""
    merchant, prior = f[2], f[3]
    ds = s.ds
    o = outcome(ds, s.fashion, s.shown, s.shown_type, s.cfg.bankers_stack)
    number = s.sales + 1
    for seat in range(s.n):
        earned = sum(o.income[seat])
        b = s.breakdown[seat]
        b[f"sale{number}"] = earned
        if o.bounty[seat] or "bounty" in b:
            b["bounty"] = b.get("bounty", 0) + o.bounty[seat]
        total = earned + o.bounty[seat]
        if total:
            s.scores[seat] += total
            emit(s, "livres", seat, amount=total, sold=earned, bounty=o.bounty[seat])
    names = ds.gem_names
    emit(s, "sale_result", None, number=number,
         gems={names[t]: o.totals[t] for t in range(len(names))},
         rarity={names[t]: o.rarity[t] for t in range(len(names))},
         prices={names[t]: o.prices[t] for t in range(len(names))},
         sellers={names[t]: list(o.sellers[t]) for t in range(len(names))},
         cancelled=[names[t] for t in range(len(names)) if o.cancelled[t]],
         income=[{names[t]: v for t, v in enumerate(row) if v} for row in o.income],
         bounty=list(o.bounty))
    for seat in range(s.n):
        for c in s.shown[seat]:
            discard(s, c)
        s.shown[seat] = []
        s.shown_type[seat] = []
    s.limbo.remove(merchant)
    discard(s, merchant)
    s.revealed = False
    s.rarity = list(o.rarity)
    s.sales = number
    if number >= ds.rules.sales:
        s.over = True
        s.phase = "over"
        s.stack.clear()
        emit(s, "game_over", None, scores=list(s.scores))
    else:
        s.phase = prior


decision("present", _present_legal, _present_apply, _present_explain, ("present", "done"), "QN-SALE-7")
decision("alchemist", _alchemist_legal, _alchemist_apply, _alchemist_explain, ("alchemist", "pass"), "QN-SALE-8")
