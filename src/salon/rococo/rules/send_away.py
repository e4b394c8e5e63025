"""Main action 5, Send away this employee (RULES.md §8.6)."""

from __future__ import annotations

from salon.rococo.frames import Box
from salon.rococo.rules.common import emit, gain_livres
from salon.rococo.rules.registry import auto
from salon.rococo.state import EMPTY, State


def available(s: State, seat: int) -> bool:
    """R-ACT-SEND-3 / R-STAFF-2: illegal at the minimum staff."""
    return s.players[seat].staff_size() > s.t.ds.rules.min_staff


def send(s: State, seat: int, card: int) -> None:
    """R-ACT-SEND-4..6: take the carriage livres; the bonus may still be used, then the card
    goes to the box (it counts as staff while its bonus resolves, A-21)."""
    gain_livres(s, seat, s.t.cards[card].send_value, "send_away")
    top = s.stack.pop()  # the pending bonus step of this card
    s.stack.append(("box", seat, card, "send_away"))
    s.stack.append(top)


@auto("box")
def box(s: State, f: Box) -> None:
    """The played card leaves the game after its bonus (send-away, exams)."""
    seat, card, why = f[1], f[2], f[3]
    p = s.players[seat]
    if p.in_play == card:  # not already sent away by its own dismissal bonus
        p.in_play = EMPTY
        s.boxed.append(card)
        emit(s, "card_sent_away", seat, card=s.t.cards[card].id, why=why)
