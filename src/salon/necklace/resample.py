"""What a seat of The Queen's Necklace cannot know, drawn anew: the state of
:meth:`Necklace.determinize` (salon.necklace.game), the copy in which a bot searches or a
learner samples a world without profiting from hidden information (QN-INFO-1).

Re-sampled: the other hands (each keeping its size and the cards the seat knows to be in it,
salon.necklace.knowledge; the necklace token's wearer keeps the Necklace card, which otherwise
stays in the pile), the cards of the draw pile (the Merchants keep their places, which the
setup procedure makes public, but for the last one, which may be anywhere among the bottom
five, QN-SETUP-9), and the random generator.  Before a reveal, the
others' unrevealed presentations are dropped (their hands are re-sampled); so are the hands a
Confessor showed another seat, except the seat's own.  Each hidden group is put in a canonical
order before it is shuffled, so the copy depends only on what the seat knows and on the
generator: a search cannot tell two games apart that differ only in secrets.
"""

from __future__ import annotations

from salon.core.rng import Rng
from salon.necklace.kinds import INFLUENCE, MERCHANT, MUSKETEER, NECKLACE
from salon.necklace.rules.common import necklace_holder
from salon.necklace.rules.setup import last_merchant_window
from salon.necklace.state import State


def resample(s: State, seat: int, r: Rng, known: tuple[tuple[str, ...], ...] | None = None) -> None:
    """Draw anew with ``r``, in ``s`` (a copy), everything ``seat`` cannot know; ``known``
    (salon.necklace.knowledge) names, per seat, cards it knows to be in that hand, which stay
    there."""
    s.rng = Rng(r.next64())
    cards = s.ds.cards
    holder = necklace_holder(s)
    pool: list[int] = []
    for q in range(s.n):
        if q == seat:
            continue
        pool += [c for c in s.hands[q] if not (q == holder and cards[c].kind == NECKLACE)]
        if not s.revealed:
            s.shown[q] = []
            s.shown_type[q] = []
    bottom = min(len(s.pile), last_merchant_window(s.cfg, s.ds.rules))
    tail = sorted(s.pile[:bottom])  # each hidden group in a canonical order before it is shuffled:
    r.shuffle(tail)                 # the copy then depends only on what ``seat`` knows and on ``r``
    s.pile[:bottom] = tail
    free = [i for i, c in enumerate(s.pile) if cards[c].kind != MERCHANT]
    unworn = [s.pile[i] for i in free if cards[s.pile[i]].kind == NECKLACE]  # nobody wears it: in the pile
    pool += [s.pile[i] for i in free if cards[s.pile[i]].kind != NECKLACE]
    pool.sort()
    kept = _known_cards(s, pool, known)
    r.shuffle(pool)
    for q in range(s.n):
        if q == seat:
            continue
        keep = [c for c in s.hands[q] if q == holder and cards[c].kind == NECKLACE] + kept[q]
        k = len(s.hands[q]) - len(keep)
        s.hands[q] = keep + pool[:k]
        pool = pool[k:]
    pool += unworn
    r.shuffle(pool)
    for i, c in zip(free, pool):
        s.pile[i] = c
    if s.active != seat:  # what the active hand held when its turn began is as secret as the hand
        s.held = [c for c in s.hands[s.active] if cards[c].kind in INFLUENCE or cards[c].kind == MUSKETEER]
    for viewer, row in enumerate(s.peeks):  # what a Confessor showed another seat (QN-INFO-1)
        if viewer != seat:
            s.peeks[viewer] = [hand if target == seat else None for target, hand in enumerate(row)]


def _known_cards(s: State, pool: list[int], known: tuple[tuple[str, ...], ...] | None) -> list[list[int]]:
    """Per seat, a card of each name it is known to hold, taken out of ``pool`` (sorted): the
    lowest copy of that name, since copies are alike and which one a hand holds is secret."""
    kept: list[list[int]] = [[] for _ in range(s.n)]
    if known is None:
        return kept
    public = s.ds.public_id
    for q, names in enumerate(known):
        for name in names:
            c = next(c for c in pool if public[c] == name)
            pool.remove(c)
            kept[q].append(c)
    return kept
