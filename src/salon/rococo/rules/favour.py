"""Main action 1, Win the Queen's favour (RULES.md §8.1)."""

from __future__ import annotations

from salon.rococo.rules.common import emit, gain_livres
from salon.rococo.state import EMPTY, State


def available(s: State) -> bool:
    """R-ACT-FAVOUR-2/3: only while the tile lies on its space (one taker per round)."""
    return s.favour == EMPTY


def take(s: State, seat: int) -> None:
    s.favour = seat
    emit(s, "favour", seat)
    gain_livres(s, seat, s.t.ds.rules.favour_livres, "favour")
