"""The turn (RULES.md §3): Influence, Card purchase, Devaluation, always in this order
(QN-TURN-2), clockwise (QN-TURN-1); delayed sales fall due at the end of a turn
(QN-CARDINAL-3)."""

from __future__ import annotations

from salon.necklace.frames import SeatStep
from salon.necklace.kinds import INFLUENCE, MUSKETEER
from salon.necklace.rules.common import emit
from salon.necklace.rules.registry import auto, push
from salon.necklace.state import State


@auto("turn")
def start_turn(s: State, f: SeatStep) -> None:
    seat = f[1]
    cards = s.ds.cards
    s.active = seat
    s.turn_no += 1
    s.phase = "influence"
    s.ducats = s.ds.rules.ducats  # QN-BUY-1; QN-BUY-4: nothing carries over
    s.bought = 0
    # QN-INF-2, QN-AMB-23: only cards held now may be played in this turn's Influence phase
    s.held = [c for c in s.hands[seat] if cards[c].kind in INFLUENCE or cards[c].kind == MUSKETEER]
    emit(s, "turn", seat, number=s.turn_no)
    push(s, ("influence", seat), ("purchase", seat), ("devalue", seat), ("turn_end", seat))


@auto("turn_end")
def end_turn(s: State, f: SeatStep) -> None:
    """QN-CARDINAL-3: a sale delayed by this seat's Cardinal takes place now, after its
    Devaluation phase; then the next seat clockwise plays."""
    seat = f[1]
    s.held = []
    emit(s, "turn_end", seat)
    due = [card for card, holder in s.delayed if holder == seat]
    push(s, *[("due", seat, card) for card in due], ("turn", (seat + 1) % s.n))
