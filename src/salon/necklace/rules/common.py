"""Small shared functions of the rules: events, card look-ups, draws, and the order of polls."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from salon.core.events import Event
from salon.necklace.kinds import NECKLACE
from salon.necklace.state import EMPTY, State


def emit(s: State, type_: str, seat: int | None = None, secret: tuple[str, ...] = (), **data: Any) -> None:
    s.events.append(Event(type_, seat, data, secret))


def cid(s: State, c: int) -> str:
    """How the events and the other seats' views name card ``c``: its public name, its kind
    (with its gems), shared by all identical copies and never a card id
    (components._public_ids).  Only the market and a seat's own cards name copies apart,
    because the actions that pick them there need to."""
    return s.ds.public_id[c]


def own_id(s: State, c: int) -> str:
    """Card ``c``'s own id, for a field that only the seat that holds or held it sees: that
    seat knows the card by this id from its hand (QN-INFO-1 keeps it from the others)."""
    return s.ds.cards[c].id


def first_of_kind(s: State, seat: int, kind: int) -> int:
    """The lowest-numbered card of ``kind`` in the seat's hand, or EMPTY.  Identical cards are
    interchangeable, so the engine plays the lowest id when a kind is named."""
    cards = s.ds.cards
    best = EMPTY
    for c in s.hands[seat]:
        if cards[c].kind == kind and (best == EMPTY or c < best):
            best = c
    return best


def holds(s: State, seat: int, kind: int) -> bool:
    cards = s.ds.cards
    return any(cards[c].kind == kind for c in s.hands[seat])


def necklace_holder(s: State) -> int:
    """QN-NECKLACE-1: the seat wearing the necklace token, i.e. holding the Necklace card."""
    for c in s.ds.of_kind[NECKLACE]:
        for seat, hand in enumerate(s.hands):
            if c in hand:
                return seat
    return EMPTY


def publicly_gone(s: State, kind: int) -> bool:
    """Whether every card of ``kind`` is where everyone can see it (discarded or on display),
    so that no hand can hold one."""
    copies = s.ds.of_kind[kind]
    seen = sum(1 for c in copies if c in s.out or c in s.market)
    return seen == len(copies)


def draw(s: State) -> int:
    """The top card of the draw pile, or EMPTY when it is exhausted (QN-DEV-5)."""
    return s.pile.pop() if s.pile else EMPTY


def discard(s: State, c: int) -> None:
    """QN-AMB-20: every discard leaves the game."""
    s.out.append(c)


def clockwise(s: State, start: int) -> list[int]:
    """All seats in turn order beginning with ``start`` (QN-TURN-1)."""
    n = s.n
    return [(start + i) % n for i in range(n)]


def next_in_poll(s: State, after: int, first: int, last: int, eligible: Callable[[State, int], bool]) -> int:
    """The next seat after ``after`` (or ``first`` itself when ``after`` is EMPTY) in the
    clockwise run ``first`` .. ``last`` for which ``eligible(s, seat)`` holds, or EMPTY."""
    n = s.n
    length = (last - first) % n + 1
    start = 0 if after == EMPTY else (after - first) % n + 1
    for i in range(start, length):
        seat = (first + i) % n
        if eligible(s, seat):
            return seat
    return EMPTY
