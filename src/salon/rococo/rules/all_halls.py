"""The all-halls bonus (RULES.md §9)."""

from __future__ import annotations

from salon.rococo.frames import SeatStep
from salon.rococo.rules.common import emit, present_halls
from salon.rococo.rules.registry import auto
from salon.rococo.state import EMPTY, State


@auto("halls")
def check(s: State, f: SeatStep) -> None:
    """R-HALLS-2..4: present in all 5 halls -> a marker on the most valuable free space of
    the ladder, at most one per player; nothing if the ladder is full."""
    seat = f[1]
    if seat in s.all_halls or EMPTY not in s.all_halls:
        return
    if len(present_halls(s, seat)) < len(s.t.ds.board.halls):
        return
    i = s.all_halls.index(EMPTY)  # the ladder is ordered from the most valuable space down
    s.all_halls[i] = seat
    emit(s, "all_halls", seat, place=i, vp=s.t.ds.board.all_halls_vp[i])
