"""The Devaluation phase (QN-DEV) and the Queen's window (QN-QUEEN).

Every card left in the market moves one step down its ladder; a card that reaches the
crossed-out space leaves the game; then the empty slots are refilled from the pile, left to
right, each new card at its top price (QN-DEV-1..3).  Each drawn card is checked as it
appears: a Merchant triggers a sale, a gem card opens the Queen's window (QN-DEV-4).

Frames: ``("devalue", seat)``, ``("refill", -1, slot)``, the decision ``("queen", seat, slot)``.
"""

from __future__ import annotations

from typing import Final

from salon.core.errors import Refusal
from salon.necklace.frames import Queen, Refill, SeatStep
from salon.necklace.kinds import GEM, MERCHANT, QUEEN
from salon.necklace.rules import merchant
from salon.necklace.rules.common import cid, discard, draw, emit, first_of_kind, holds, next_in_poll, publicly_gone
from salon.necklace.rules.registry import auto, decision, push
from salon.necklace.state import EMPTY, State

REACT: Final = "react:queen"
PASS: Final = "pass"


@auto("devalue")
def devalue(s: State, f: SeatStep) -> None:
    s.phase = "devaluation"
    cards = s.ds.cards
    lowered: list[str] = []
    gone: list[str] = []
    for slot, c in enumerate(s.market):
        if c == EMPTY:
            continue
        s.price[slot] += 1  # QN-DEV-1
        if s.price[slot] >= len(cards[c].ladder):  # QN-DEV-2: the crossed-out space
            s.market[slot] = EMPTY
            s.price[slot] = 0
            discard(s, c)
            gone.append(cards[c].id)
        else:
            lowered.append(cards[c].id)
    emit(s, "devalued", f[1], lowered=lowered, discarded=gone)
    push(s, *[("refill", -1, slot) for slot, c in enumerate(s.market) if c == EMPTY])


@auto("refill")
def refill(s: State, f: Refill) -> None:
    """QN-DEV-3/4/5: one slot from the top of the pile (nothing when it is exhausted)."""
    slot = f[2]
    if s.market[slot] != EMPTY:
        return
    c = draw(s)
    if c == EMPTY:
        return
    card = s.ds.cards[c]
    if card.kind == MERCHANT:
        merchant.drawn(s, c, "market", slot)
        return
    s.market[slot] = c
    s.price[slot] = 0
    emit(s, "drawn", None, slot=slot, card=card.id)
    if card.kind == GEM and (s.cfg.queen_on_amber or card.gem in s.ds.precious):
        seat = _next(s, EMPTY)
        if seat != EMPTY:
            push(s, ("queen", seat, slot))


def _may_answer(s: State, seat: int) -> bool:
    """QN-AMB-9, QN-QUEEN-3: any seat, the active one included (config); concealed, every seat
    that might hold the Queen by public knowledge is asked."""
    if seat == s.active and not s.cfg.queen_active_player:
        return False
    if s.cfg.conceal_holders:
        return bool(s.hands[seat]) and not publicly_gone(s, QUEEN)
    return holds(s, seat, QUEEN)


def _next(s: State, after: int) -> int:
    """The Queen's window asks the active seat first, then the others clockwise."""
    a = s.active
    return next_in_poll(s, after, a, (a - 1) % s.n, _may_answer)


def _legal(s: State, f: Queen) -> list[str]:
    return [REACT, PASS] if holds(s, f[1], QUEEN) else [PASS]


def _apply(s: State, f: Queen, action: str) -> None:
    seat, slot = f[1], f[2]
    if action == REACT:
        # QN-QUEEN-2: the gem card goes to her player's hand, the next card replaces it
        q = first_of_kind(s, seat, QUEEN)
        s.hands[seat].remove(q)
        discard(s, q)
        c = s.market[slot]
        s.market[slot] = EMPTY
        s.price[slot] = 0
        s.hands[seat].append(c)
        emit(s, "queen", seat, card=s.ds.cards[c].id, queen=cid(s, q), slot=slot)  # card: as the market named it
        push(s, ("refill", -1, slot))
        return
    nxt = _next(s, seat)
    if nxt != EMPTY:
        push(s, ("queen", nxt, slot))


def _explain(s: State, f: Queen, action: str) -> Refusal:
    if action == REACT:
        return Refusal("QN-QUEEN-1", "you do not hold the Queen", "queen_none")
    return Refusal("QN-QUEEN-1", "a gem card was drawn: play the Queen ('react:queen') or 'pass'", "queen_or_pass")


decision("queen", _legal, _apply, _explain, ("react", "pass"), "QN-QUEEN-1")
