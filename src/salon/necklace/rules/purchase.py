"""The Card purchase phase (QN-BUY) and the Astrologer's draw (QN-ASTROLOGER).

The active seat buys market cards one at a time (``buy:C012``) at the price under each
card's golden ring, from 10 ducats plus 3 per Courtesan played (QN-BUY-1/2), and ends with
``done`` once it has bought a card, or at once when nothing is affordable (QN-BUY-3/6,
QN-AMB-6).  A bought slot stays empty until the Devaluation refill (QN-BUY-5).

Frames: ``("purchase", seat)``, the decision ``("buy", seat)``, ``("astro_draw", seat)``.
"""

from __future__ import annotations

from typing import Final

from salon.core.errors import Refusal
from salon.necklace import actions
from salon.necklace.frames import SeatStep
from salon.necklace.kinds import ASTROLOGER, MERCHANT, NECKLACE
from salon.necklace.rules import merchant
from salon.necklace.rules.common import cid, discard, draw, emit, own_id
from salon.necklace.rules.registry import auto, decision, push
from salon.necklace.state import EMPTY, State

DONE: Final = "done"


@auto("purchase")
def purchase(s: State, f: SeatStep) -> None:
    s.phase = "purchase"
    push(s, ("buy", f[1]))


def cost(s: State, slot: int) -> int:
    """QN-BUY-1: the price under the slot's golden ring."""
    return s.ds.cards[s.market[slot]].ladder[s.price[slot]]


def affordable(s: State) -> list[int]:
    return [slot for slot, c in enumerate(s.market) if c != EMPTY and cost(s, slot) <= s.ducats]


def _legal(s: State, f: SeatStep) -> list[str]:
    buy = s.ds.buy
    out = [buy[s.market[slot]] for slot in affordable(s)]
    if s.bought or not out:  # QN-BUY-3 / QN-AMB-6
        out.append(DONE)
    return out


def _apply(s: State, f: SeatStep, action: str) -> None:
    seat = f[1]
    if action == DONE:
        emit(s, "purchase_end", seat, bought=s.bought, lost=s.ducats)  # QN-BUY-4
        return
    c = actions.card(s.ds, action)
    slot = s.market.index(c)
    price = cost(s, slot)
    s.ducats -= price
    s.bought += 1
    s.market[slot] = EMPTY
    s.price[slot] = 0
    kind = s.ds.cards[c].kind
    emit(s, "bought", seat, card=s.ds.cards[c].id, price=price, slot=slot)  # as the market named it
    if kind == ASTROLOGER:  # QN-ASTROLOGER-1/4: discarded at once, then a secret draw
        discard(s, c)
        push(s, ("astro_draw", seat), ("buy", seat))
        return
    s.hands[seat].append(c)  # QN-BUY-5
    if kind == NECKLACE:  # QN-BUY-7
        emit(s, "necklace", seat, how="bought")
    push(s, ("buy", seat))


@auto("astro_draw")
def astro_draw(s: State, f: SeatStep) -> None:
    """QN-ASTROLOGER-1..5: the top card into the hand unseen; a Merchant triggers a sale (the
    next card replaces it afterwards); another Astrologer is discarded and replaced."""
    seat = f[1]
    c = draw(s)
    if c == EMPTY:
        emit(s, "astrologer_draw", seat, card=None)
        return
    kind = s.ds.cards[c].kind
    if kind == MERCHANT:
        merchant.drawn(s, c, "astrologer", seat)
        return
    if kind == ASTROLOGER:
        discard(s, c)
        emit(s, "astrologer_again", seat, card=cid(s, c))
        push(s, ("astro_draw", seat))
        return
    s.hands[seat].append(c)
    emit(s, "astrologer_draw", seat, ("card",), card=own_id(s, c))
    if kind == NECKLACE:
        emit(s, "necklace", seat, how="drawn")


def _explain(s: State, f: SeatStep, action: str) -> Refusal:
    if action == DONE:
        return Refusal("QN-BUY-3", "you must buy at least one card while one is affordable", "buy_one_at_least")
    c = actions.card(s.ds, action)
    card = s.ds.cards[c].id
    if c not in s.market:
        return Refusal("QN-BUY-1", f"{card} is not on display in the market", "buy_not_in_market", {"card": card})
    price = cost(s, s.market.index(c))
    return Refusal("QN-BUY-1", f"{card} costs {price} ducats, you have {s.ducats} left", "buy_too_dear",
                   {"card": card, "cost": price, "ducats": s.ducats})


decision("buy", _legal, _apply, _explain, ("buy", "done"), "QN-BUY-1")
