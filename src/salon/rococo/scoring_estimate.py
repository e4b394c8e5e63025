"""Rococo's evaluation during final scoring: the steps still to run, each exact (RULES.md
§11), and the best terrace, which the evaluation also reckons during the rounds."""

from __future__ import annotations

from salon.rococo.rules.common import MDB, hidden_prestige
from salon.rococo.rules.scoring import fireworks_awards, hall_awards, marker_vp
from salon.rococo.state import EMPTY, State


def terrace_gain(mults: list[int], prestiges: list[int]) -> int:
    """R-SCORE-5-4: the best terrace pairs the highest prestige with the highest multiplier."""
    mults = sorted(mults)
    prestiges = sorted(prestiges)
    gain = 0
    for i in range(1, min(len(mults), len(prestiges)) + 1):
        gain += (mults[-i] - 1) * prestiges[-i]
    return gain


def known_vp(s: State, q: int, me: int) -> int:
    """Seat ``q``'s prestige as ``me`` knows it.  The 2013 edition keeps it secret (D-10), so
    another seat is taken to be level with ``me``: what sets the seats apart is then what
    the board, the money and the goods show."""
    return s.players[q].vp if q == me or not hidden_prestige(s) else s.players[me].vp


def scoring_estimate(s: State, q: int, me: int) -> float:
    """Points after final scoring, from the steps still to run (each exact, RULES.md §11)."""
    p = s.players[q]
    pending = {f[0] for f in s.stack}
    own = {f[0] for f in s.stack if len(f) > 1 and f[1] == q}
    v = known_vp(s, q, me) + 0.01 * p.livres
    b = s.t.ds.bonus
    if "sets" in own:
        v += b.thread_lace_set_vp * min(p.thread, p.lace)
    if "score3" in pending:
        v += sum(hall_awards(s, h.number).get(q, 0) for h in s.t.ds.board.halls)
    if "score4" in pending:
        v += fireworks_awards(s).get(q, 0)
    if "terrace_stage" in pending or "terrace" in own:
        decos = s.t.ds.board.decorations
        gar = s.t.ds.garments
        spots = [decos[d].multiplier for d in s.t.fireworks if s.deco[d] == q and s.terrace[d] == EMPTY]
        throne = [gar[g].prestige for i, g in enumerate(s.guest) if s.guest_owner[i] == q and s.t.hall_of_space[i] == 1]
        v += terrace_gain(spots, throne)
    if "score6" in pending:
        k = sum(1 for d in s.t.deco_of_kind["statue"] if s.deco[d] == q)
        if k:
            counts = [0, 0, 0, 0]
            gar = s.t.ds.garments
            for i, g in enumerate(s.guest):
                if s.guest_owner[i] == q:
                    counts[gar[g].colour_index] += 1
            for d, g in enumerate(s.terrace):
                if g != EMPTY and s.deco[d] == q:
                    counts[gar[g].colour_index] += 1
            v += s.t.ds.rules.statue_vp_per_colour * sum(min(c, k) for c in counts)
    if "score7" in pending:
        v += marker_vp(s, q)
        if s.cfg.solo and q == MDB:  # R-SOLO-END-3
            v += len(p.rack) // 2
    return v
