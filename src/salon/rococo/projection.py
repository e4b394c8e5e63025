"""Each seat's score if the game ended now: most points come only in the final scoring
(R-SCORE-*), so the points scored during the game say little of who leads.

The figure is the engine's own final scoring played out on a copy of the state, with the
choices it asks for made the way that scores most.  A seat may know only its own hand and
supply (R-SETUP-12): the other seats' cards are left out of the copy, so their end bonuses are
not counted; where the edition hides the points (D-10) the other seats' figures are unknown.
"""

from __future__ import annotations

from salon.rococo.rules.common import hidden_prestige
from salon.rococo.rules.registry import STEPS
from salon.rococo.rules.scoring import best_terrace
from salon.rococo.state import State


def _ending(s: State, seat: int, kind: str, legal: list[str]) -> str:
    """The choice of a final scoring decision that scores the most: every thread-and-lace set
    (R-BON-l6_end_thread_lace_sets), the best terrace moves (R-SCORE-5-4)."""
    if kind == "terrace":
        best = best_terrace(s, seat)
        return best[0] if best else "done"
    return legal[-1]  # sets: the most


def projection(state: State, seat: int | None) -> list[int | None]:
    """Each seat's score if the game ended now, as ``seat`` may know it (None: a spectator)."""
    s = state.clone()
    if not s.over:
        for other, p in enumerate(s.players):
            if other != seat:
                p.hand = []
                p.supply = []
        if s.phase not in ("scoring", "end"):
            s.stack = [("final",)]
        STEPS.advance(s)
        while s.stack:
            frame = s.stack.pop()
            kind, decider = frame[0], frame[1]
            legal, apply, _ = STEPS.decisions[kind]
            apply(s, frame, _ending(s, decider, kind, legal(s, frame)))
            STEPS.advance(s)
    hidden = hidden_prestige(state)
    return [p.vp if i == seat or not hidden else None for i, p in enumerate(s.players)]
