"""The Merchant and the Cardinal (RULES.md §4, QN-CARDINAL).

A drawn Merchant goes to ``limbo`` and starts the trigger of QN-MERCH-2: the Cardinal window
(other seats clockwise from the active seat's left), then the sale or its delay, then the
replacement draw for the Merchant's place.  A delayed Merchant lies beside the Cardinal's
player until the end of that seat's next turn, when the sale takes place: a sale coming due
is no draw, so no window opens then (QN-AMB-8), unless the config's ``cardinal_when_due``
asks for the earlier reading.

Frames: ``("merchant", -1, card, origin, arg)`` and ``("resolve", -1, card, origin, arg)``
where ``origin`` is ``market`` (``arg``: the slot), ``astrologer`` (``arg``: the drawing
seat) or ``due`` (a delayed sale); ``("due", seat, card)``; the decision
``("cardinal", seat)``.
"""

from __future__ import annotations

from typing import Final

from salon.core.errors import Refusal
from salon.core.steps import Frame
from salon.necklace.frames import Due, Merchant, SeatStep
from salon.necklace.kinds import CARDINAL
from salon.necklace.rules.common import cid, discard, emit, first_of_kind, holds, next_in_poll, publicly_gone
from salon.necklace.rules.registry import auto, decision, push
from salon.necklace.state import EMPTY, State

REACT: Final = "react:cardinal"
PASS: Final = "pass"


def drawn(s: State, card: int, origin: str, arg: int) -> None:
    """A Merchant has just been drawn (QN-MERCH-1): it is never displayed or kept."""
    s.limbo.append(card)
    push(s, ("merchant", -1, card, origin, arg))


def _may_answer(s: State, seat: int) -> bool:
    """Who the Cardinal window asks.  Concealed: every seat that might hold a Cardinal by
    public knowledge; otherwise only the holders."""
    if s.cfg.conceal_holders:
        return bool(s.hands[seat]) and not publicly_gone(s, CARDINAL)
    return holds(s, seat, CARDINAL)


def _open_window(s: State) -> None:
    """QN-CARDINAL-1/2: the active seat never plays one; the others are asked clockwise from
    its left."""
    s.cardinal_by = EMPTY
    a = s.active
    seat = next_in_poll(s, EMPTY, (a + 1) % s.n, (a - 1) % s.n, _may_answer)
    if seat != EMPTY:
        push(s, ("cardinal", seat))


@auto("merchant")
def merchant(s: State, f: Merchant) -> None:
    _, _, card, origin, arg = f
    emit(s, "merchant", None, card=cid(s, card), origin=origin)
    push(s, ("resolve", -1, card, origin, arg))
    _open_window(s)


@auto("due")
def due(s: State, f: Due) -> None:
    """QN-CARDINAL-3: the delayed Merchant comes back at the end of the Cardinal player's
    turn and is sold; QN-CARDINAL-1, QN-AMB-8: one window per drawn Merchant, none now."""
    seat, card = f[1], f[2]
    s.delayed.remove((card, seat))
    s.limbo.append(card)
    emit(s, "sale_due", seat, card=cid(s, card))
    push(s, ("resolve", -1, card, "due", -1))
    if s.cfg.cardinal_when_due:
        _open_window(s)


@auto("resolve")
def resolve(s: State, f: Merchant) -> None:
    """QN-MERCH-2 steps 2-3: the sale now, or its delay; then the Merchant's replacement
    (at once when delayed, QN-AMB-7)."""
    _, _, card, origin, arg = f
    frames: list[Frame] = []
    if s.cardinal_by != EMPTY:
        seat = s.cardinal_by
        s.cardinal_by = EMPTY
        s.limbo.remove(card)
        s.delayed.append((card, seat))
        emit(s, "sale_delayed", seat, card=cid(s, card))
        if origin == "market" and not s.cfg.cardinal_refill_at_once:
            origin = "none"
    else:
        frames.append(("sale", -1, card, s.phase))
    if origin == "market":
        frames.append(("refill", -1, arg))
    elif origin == "astrologer":
        frames.append(("astro_draw", arg))
    push(s, *frames)


def _legal(s: State, f: SeatStep) -> list[str]:
    return [REACT, PASS] if holds(s, f[1], CARDINAL) else [PASS]


def _apply(s: State, f: SeatStep, action: str) -> None:
    seat = f[1]
    if action == REACT:
        # QN-CARDINAL-3/4: the sale waits for the end of this seat's next turn; a later
        # Cardinal in the same window moves it again
        c = first_of_kind(s, seat, CARDINAL)
        s.hands[seat].remove(c)
        discard(s, c)
        s.cardinal_by = seat
        emit(s, "cardinal", seat, card=cid(s, c))
    a = s.active
    nxt = next_in_poll(s, seat, (a + 1) % s.n, (a - 1) % s.n, _may_answer)
    if nxt != EMPTY:
        push(s, ("cardinal", nxt))


def _explain(s: State, f: SeatStep, action: str) -> Refusal:
    if action == REACT:
        return Refusal("QN-CARDINAL-1", "you hold no Cardinal", "cardinal_none")
    return Refusal("QN-CARDINAL-1", "a Merchant was drawn: play a Cardinal ('react:cardinal') or 'pass'",
                   "cardinal_or_pass")


decision("cardinal", _legal, _apply, _explain, ("react", "pass"), "QN-CARDINAL-2")
