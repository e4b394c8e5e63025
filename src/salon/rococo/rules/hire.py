"""Main action 4, Hire an employee (RULES.md §8.5).  Master only (R-ACT-HIRE-1)."""

from __future__ import annotations

from salon.core.errors import Refusal
from salon.rococo import actions
from salon.rococo.frames import SeatStep
from salon.rococo.rules import specialists
from salon.rococo.rules.common import emit, pay
from salon.rococo.rules.registry import decision
from salon.rococo.state import EMPTY, State


def price(s: State) -> int:
    """R-ACT-HIRE-2: 4 cards -> 5, 3 -> 3, 2 -> 1, 1 -> free (board data)."""
    count = sum(1 for c in s.display if c != EMPTY)
    return s.t.ds.board.hire_price[count] if count else 0


def targets(s: State, seat: int) -> list[str]:
    """R-ACT-HIRE-4 / A-52: an empty display offers nothing; the price must be paid.  With
    the Jewelry Box the own specialized apprentice may be hired instead (R-JB-HIRE-1)."""
    hire = s.t.hire
    cards = [c for c in s.display if c != EMPTY]
    out = [hire[c] for c in cards] if cards and s.players[seat].livres >= price(s) else []
    if s.t.ds.jewelry_box is not None:
        c = specialists.hireable(s, seat)
        if c != EMPTY:
            out.append(hire[c])
    return out


def _apply(s: State, f: SeatStep, action: str) -> None:
    """R-ACT-HIRE-3, R-JB-HIRE-2: the card goes into the hand and may be played this round."""
    seat = f[1]
    p = s.players[seat]
    c = actions.card(s.t, action)
    if c == p.specialist:  # free, once per game
        p.specialist = EMPTY
        emit(s, "hired", seat, card=s.t.cards[c].id, specialist=True)
    else:
        pay(s, seat, price(s), "hire")
        s.display[s.display.index(c)] = EMPTY
        emit(s, "hired", seat, card=s.t.cards[c].id)
    p.hand.append(c)


def _explain(s: State, f: SeatStep, action: str) -> Refusal:
    c = actions.card(s.t, action)
    card = s.t.cards[c].id
    if c == s.players[f[1]].specialist:
        return Refusal("R-JB-HIRE-1", "your specialized apprentice's hiring condition is not met now",
                       "hire_specialist", {"card": card})
    return Refusal("R-ACT-HIRE-3", "choose a card of the new-employee display", "hire_not_displayed", {"card": card})


decision("hire", lambda s, f: targets(s, f[1]), _apply, _explain,
         ("hire",), "R-ACT-HIRE-3")
