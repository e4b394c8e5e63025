"""The hall majorities and the fireworks majority as Rococo's evaluation reckons them: each
contender's expected share of the award, from its lead over its rivals, firming up toward the
end of the game."""

from __future__ import annotations

import math

from salon.rococo.board_facts import BoardCount, Facts
from salon.rococo.state import State
from salon.rococo.worth import SHARP_GAIN, SHARP_START


def majorities(est: list[float], s: State, st: Facts, board: BoardCount, madame: int, madame_turns: float) -> None:
    """The hall majorities (R-SCORE-3-*) and the fireworks majority (R-SCORE-4-*, ties to the
    most expensive space), as shares that firm up toward the end.  Madame du Barry counts with
    the garments her tailor cards still to come will place, each in a hall drawn by another
    card (R-SOLO-TAI-4, R-SOLO-PLACE-1), evenly over the halls."""
    n = s.n
    progress = 1.0 - (st.rounds - s.round) / max(1, st.rounds - 1)
    sharp = SHARP_START + SHARP_GAIN * progress
    halls = len(st.hall_vp)
    coming = madame_turns * st.mdb_tailor / halls
    row, mst = board.by_hall, board.masters
    for h in range(halls):
        at = h * n
        mus = s.deco[st.hall_musician[h]]
        if coming:
            _majority(est, [(row[at + q] + coming if q == madame else row[at + q], mst[at + q], int(mus == q), q)
                            for q in range(n) if row[at + q] or q == madame], st.hall_vp[h], n, sharp)
        else:
            _majority(est, [(row[at + q], mst[at + q], int(mus == q), q) for q in range(n) if row[at + q]],
                      st.hall_vp[h], n, sharp)
    fw = board.fireworks
    _majority(est, [(len(fw[q]), 0, board.fireworks_best[q], q) for q in range(n) if fw[q]], st.fw_vp, n, sharp)


def _share(margin: float, sharp: float) -> float:
    """Chance-like share of a majority from the lead over a rival (0.5 when level)."""
    return 0.5 + 0.5 * math.tanh(sharp * margin)


def _majority(est: list[float], keys: list[tuple[float, int, int, int]], vp: tuple[int, int], n: int,
              sharp: float) -> None:
    """Add each contender's expected share of a majority award (first, second) to ``est``.

    ``keys`` holds (count, tie-break, tie-break, seat) of the seats that have at least one
    piece there (only they can score, A-29), and of Madame du Barry with the pieces she is
    expected to add (a fractional count).  A seat's chance of first place follows its lead
    over the strongest rival; a level count leans by the tie-breaks.  With two players only
    first place scores (R-2P-1, R-2P-2)."""
    if not keys:
        return
    first, second = vp
    if len(keys) == 1:
        c, _, _, q = keys[0]
        est[q] = est[q] + first * _share(c + 0.3, sharp)
        return
    keys.sort(reverse=True)
    for i, key in enumerate(keys):
        rival = keys[1] if i == 0 else keys[0]
        p1 = _share(_lead(key, rival), sharp)
        q = key[3]
        est[q] = est[q] + first * p1
        if n > 2:
            third = keys[2] if i < 2 and len(keys) > 2 else keys[1] if i >= 2 else None
            p2 = _share(_lead(key, third) if third is not None else key[0] + 0.3, sharp)
            est[q] = est[q] + second * max(0.0, p2 - p1)


def _lead(mine: tuple[float, int, int, int], other: tuple[float, int, int, int]) -> float:
    d = mine[0] - other[0]
    if d:
        return float(d)
    a, b = mine[1], other[1]  # a level count leans by the tie-breaks, in order
    if a == b:
        a, b = mine[2], other[2]
    return 0.3 if a > b else -0.3 if a < b else 0.0
