"""Invariants checked after every action by the property tests and the simulator.

Conservation: every card is in exactly one place (pile, market, a hand, a revealed
presentation, a Merchant being resolved or lying beside a player, or out of the game);
nothing that cannot be negative is (scores may be, QN-NECKLACE-3); the market, the tiles and
the presentations obey the rules' shapes; and every change of a score is explained by the
events the action returned.
"""

from __future__ import annotations

from collections import Counter

from salon.core.events import Event
from salon.necklace.kinds import GEM, KING, MERCHANT, ON_A_LOT
from salon.necklace.rules.registry import DECISIONS
from salon.necklace.state import EMPTY, State


def check(s: State) -> list[str]:
    out: list[str] = []
    ds = s.ds
    cards = ds.cards
    where = s.pile + [c for c in s.market if c != EMPTY] + s.out + s.limbo + [c for c, _ in s.delayed]
    for hand in s.hands:
        where += hand
    if s.revealed:
        for shown in s.shown:
            where += shown
    count = Counter(where)
    twice = sorted(cards[c].id for c, k in count.items() if k > 1)
    if twice:
        out.append(f"cards in two places: {twice}")
    lost = sorted(c.id for c in cards if c.index not in count)
    if lost:
        out.append(f"cards lost: {lost}")
    for slot, c in enumerate(s.market):
        if c == EMPTY:
            if s.price[slot]:
                out.append(f"empty market slot {slot} keeps a price step")
        elif cards[c].kind == MERCHANT:
            out.append("a Merchant on display (QN-MERCH-1)")
        elif not 0 <= s.price[slot] < len(cards[c].ladder):
            out.append(f"slot {slot}: golden ring off the ladder ({s.price[slot]})")
    for seat, hand in enumerate(s.hands):
        if any(cards[c].kind == MERCHANT for c in hand):
            out.append(f"seat {seat} holds a Merchant (QN-MERCH-1)")
    if sorted(s.fashion) != list(range(len(ds.gem_names))):
        out.append(f"the Gem tiles under the Fashion tiles are not one of each: {s.fashion}")
    if s.ducats < 0 or s.bought < 0:
        out.append(f"negative ducats ({s.ducats}) or purchases ({s.bought})")
    if not 0 <= s.sales <= ds.rules.sales:
        out.append(f"{s.sales} sales held")
    if s.over != (s.sales == ds.rules.sales):
        out.append("the game ends exactly after the last sale (QN-END-1)")
    out += _presentations(s)
    for c in s.limbo + [c for c, _ in s.delayed]:
        if cards[c].kind != MERCHANT:
            out.append(f"{cards[c].id} waits as a Merchant but is none")
    if any(cards[c].kind == MERCHANT for c in s.pile) and s.over:
        out.append("the game ended with a Merchant still in the pile")
    if not s.over:
        if not s.stack:
            out.append("no step pending although the game is not over")
        elif s.stack[-1][0] not in DECISIONS:
            out.append(f"the step on top ({s.stack[-1][0]}) is not a decision")
    elif s.stack:
        out.append("steps pending after the end of the game")
    return out


def _presentations(s: State) -> list[str]:
    out: list[str] = []
    cards = s.ds.cards
    if s.phase != "sale" and any(s.shown):
        out.append("cards presented outside a sale")
    for seat in range(s.n):
        shown, types = s.shown[seat], s.shown_type[seat]
        if len(shown) != len(types):
            out.append(f"seat {seat}: presented cards and their lots disagree")
            continue
        if not s.revealed and any(c not in s.hands[seat] for c in shown):
            out.append(f"seat {seat}: a card being presented left the hand before the reveal")
        if len(set(shown)) != len(shown):
            out.append(f"seat {seat}: a card presented twice")
        if sum(1 for c in shown if cards[c].kind == KING) > 1:
            out.append(f"seat {seat}: two Kings in one sale (QN-KING-3)")
        gems = {t for c, t in zip(shown, types) if cards[c].kind == GEM}
        for c, t in zip(shown, types):
            kind = cards[c].kind
            if kind == GEM and not s.revealed and t != cards[c].gem:
                out.append(f"seat {seat}: {cards[c].id} in another type's lot (QN-SALE-4)")
            if kind in ON_A_LOT and not s.revealed and t not in gems:
                out.append(f"seat {seat}: {cards[c].id} on a lot without gems (QN-SALE-3)")
            if kind not in ON_A_LOT and kind != GEM and t != EMPTY:
                out.append(f"seat {seat}: {cards[c].id} was given a gem type")
        if shown and not gems and not s.revealed:
            out.append(f"seat {seat}: cards presented without any gem card (QN-SALE-3)")
    return out


def check_transition(before: State, after: State, events: list[Event]) -> list[str]:
    """Every change of a score is accounted for by a ``livres`` event."""
    delta = [0] * before.n
    for e in events:
        if e.type == "livres":
            assert e.seat is not None, "a livres event names its seat"
            delta[e.seat] += e.data["amount"]
    out = []
    for seat in range(before.n):
        change = after.scores[seat] - before.scores[seat]
        if change != delta[seat]:
            out.append(f"seat {seat}: score changed by {change}, events say {delta[seat]}")
    return out
