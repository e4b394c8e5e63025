"""How much a position of The Queen's Necklace is worth: the evaluation the shared bots search
with.

The bots' search (salon.bots) knows only the protocol; this module supplies the game's
knowledge.  ``evaluate(game, seat)`` estimates every seat's final livres and returns
``seat``'s estimate minus the best opponent's.  An estimate is the livres already scored plus
what the position promises:

* the hand, for the sales still to come: gem cards by type, worth more the more gems of one
  type the hand holds (a majority sells) and the more fashionable the type; Rings by the best
  type they could multiply; Kings, Bankers and the Necklace by their typical effect; the
  characters by what playing them usually brings;
* in the active seat's Influence and Purchase phases, the ducats still to spend;
* during a sale before the reveal, the seat's own lots against the opponents' expected
  presentation (a share of the gems their hands hold on average), with rarity worked out
  from the expected totals; after the reveal, the sale's exact outcome
  (``salon.necklace.rules.sale.outcome``).

Fairness: for its own seat the evaluation reads the hand and the presentation being
prepared; for the other seats it reads public facts only (scores, hand sizes, the necklace
token, revealed presentations).  The bots search copies of the game in which the other
hands, the order of the draw pile (but for what the setup procedure makes public: the first
two Merchants' places) and the random generator are re-sampled (``Necklace.determinize``,
salon.necklace.resample), and ``same_turn`` stops a look-ahead at a new phase, turn, reveal
or sale, so that it never sees an opponent's secret presentation or a card drawn after its own
decisions.

:data:`EVALUATION` declares these (salon.core.evaluation); the game's plug-in names it, and the
bots load it the first time they meet a Necklace game.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import Final

from salon.core.evaluation import Evaluation
from salon.necklace.game import Necklace
from salon.necklace.kinds import (
    ALCHEMIST,
    BANKER,
    CARDINAL,
    CONFESSOR,
    COURTESAN,
    FAVORITE,
    FORGER,
    GEM,
    KING,
    MERCHANT,
    MUSKETEER,
    NECKLACE,
    QUEEN,
    RING,
    THIEF,
)
from salon.necklace.pieces import DataSet
from salon.necklace.rules.sale import outcome
from salon.necklace.state import EMPTY, State

# --- weights (livres per unit); chosen by self-play against the random bot

DUCAT: Final = 0.8  # a ducat still to spend in the active seat's turn
WIN_SLOPE: Final = 1.1  # how fast a gem lead turns into a sure majority
HOLD_DECAY: Final = 0.6  # the value of one more gem of a held type shrinks by this factor
FUTURE: Final = (0.0, 0.6, 1.0)  # share of a held type's worth, by the number of sales still to come after this one
RARITY_GUESS: Final = 15  # the average rarity bonus, before the presentation is known
PRESENT_SHARE: Final = 0.7  # share of an opponent's gems it is expected to present
RING_SHARE: Final = 0.5  # a held Ring: this share of the best held type's worth
CARD_VALUE: Final = {  # a character or special card in hand, in livres
    CONFESSOR: 1.0, COURTESAN: 3.0, FORGER: 5.0, FAVORITE: 5.0, THIEF: 8.0,
    ALCHEMIST: 4.0, CARDINAL: 2.0, MUSKETEER: 3.0, QUEEN: 5.0,
    KING: 12.0, BANKER: 12.0, NECKLACE: 18.0,
}
OPPONENT_CARD: Final = 8.0  # an unknown card in another hand
SPREAD: Final = {2: (235.0, 175.0, 130.0), 3: (125.0, 105.0, 80.0), 4: (115.0, 90.0, 70.0)}
"""How far the final margin typically still is from ``evaluate``, in livres, by the number of
players and the sales held so far (0, 1, 2): the root mean square of the final margin less the
evaluation over heuristic:temperature=0.5 self-play (1,000 games of 2 players, 400 of 3 and 400
of 4; docs/bots.md, "The value of a position"), rounded to 5 livres."""


@dataclass(frozen=True, slots=True)
class _Static:
    """Facts of one data set the evaluation reads in its loops."""

    types: int
    present_per_card: tuple[float, ...]  # gems of each type an unknown card is expected to bring to a sale
    kind: tuple[int, ...]
    gem: tuple[int, ...]
    gems: tuple[int, ...]


@cache
def _static(ds: DataSet) -> _Static:
    playable = [c for c in ds.cards if c.kind != MERCHANT]
    types = len(ds.gem_names)
    per = tuple(PRESENT_SHARE * sum(c.gems for c in playable if c.kind == GEM and c.gem == t) / len(playable)
                for t in range(types))
    return _Static(types, per, tuple(c.kind for c in ds.cards), tuple(c.gem for c in ds.cards),
                   tuple(c.gems for c in ds.cards))


def _win(lead: float) -> float:
    return 1.0 / (1.0 + math.exp(-WIN_SLOPE * lead))


def evaluate(game: Necklace, seat: int) -> float:
    s: State = game.s
    if s.over:
        return _ahead([float(v) for v in s.scores], seat)
    st = _static(s.ds)
    est = [float(v) for v in s.scores]
    in_sale = s.phase == "sale"
    later = s.ds.rules.sales - s.sales - (1 if in_sale else 0)  # sales after the current one
    fashion_value, places = _fashion(s)
    for q in range(s.n):
        if q == seat:
            est[q] = est[q] + _own_hand(s, st, q, later, fashion_value)
        elif later > 0:
            est[q] = est[q] + len(s.hands[q]) * OPPONENT_CARD * min(1.0, later / 2)
    if s.active == seat and s.phase in ("influence", "purchase"):
        est[seat] = est[seat] + s.ducats * DUCAT
    if in_sale:
        if s.revealed:
            o = outcome(s.ds, s.fashion, s.shown, s.shown_type, s.cfg.bankers_stack)
            for q in range(s.n):
                est[q] = est[q] + (sum(o.income[q]) + o.bounty[q])
        else:
            _expected_sale(s, st, seat, est, fashion_value, places)
    return _ahead(est, seat)


def _ahead(est: list[float], seat: int) -> float:
    """``seat``'s estimate minus the best other's (a plain loop: compiled code would run ``max``
    over a generator through the interpreter, salon/compiled.py)."""
    best = -math.inf
    for q, v in enumerate(est):
        if q != seat and v > best:
            best = v
    return est[seat] - best


def _fashion(s: State) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each gem type's fashion value and place (0 for the top tile)."""
    return _fashion_of(s.ds, tuple(s.fashion))


@cache
def _fashion_of(ds: DataSet, fashion: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """:func:`_fashion` of one order of the tiles: a game has few, and the search asks often."""
    values = [0] * len(fashion)
    places = [0] * len(fashion)
    for place, t in enumerate(fashion):
        values[t] = ds.rules.fashion_values[place]
        places[t] = place
    return tuple(values), tuple(places)


def _own_hand(s: State, st: _Static, seat: int, later: int, fashion_value: tuple[int, ...]) -> float:
    """What the cards kept in hand promise for the sales after the current one."""
    if later <= 0:
        return 0.0
    pending = set(s.shown[seat]) if not s.revealed else set()
    gems = [0] * st.types
    rings = 0
    v = 0.0
    for c in s.hands[seat]:
        if c in pending:
            continue
        k = st.kind[c]
        if k == GEM:
            t = st.gem[c]
            gems[t] = gems[t] + st.gems[c]
        elif k == RING:
            rings += 1
        else:
            v += CARD_VALUE.get(k, 0.0)
    best = 0.0
    future = FUTURE[min(later, len(FUTURE) - 1)]
    for t in range(st.types):
        if gems[t]:
            worth = (fashion_value[t] + RARITY_GUESS) * (1.0 - HOLD_DECAY ** gems[t]) * future
            v += worth
            best = max(best, worth)
    v += rings * RING_SHARE * best
    return v


def _expected_sale(s: State, st: _Static, seat: int, est: list[float], fashion_value: tuple[int, ...],
                   places: tuple[int, ...]) -> None:
    """The current sale before the reveal: the seat's lots against the others' expected ones."""
    types = st.types
    mine = [0] * types
    rings = [0] * types
    king = EMPTY
    necklace = EMPTY
    bankers = 0
    for c, t in zip(s.shown[seat], s.shown_type[seat]):
        k = st.kind[c]
        if k == GEM:
            mine[t] = mine[t] + st.gems[c]
        elif k == RING:
            rings[t] = rings[t] + 1
        elif k == KING:
            king = t
        elif k == NECKLACE:
            necklace = t
        elif k == BANKER:
            bankers += 1
    others = [q for q in range(s.n) if q != seat]
    sizes = [len(s.hands[q]) for q in others]
    most, all_others = max(sizes), sum(sizes)
    per = st.present_per_card
    totals = [mine[t] + all_others * per[t] for t in range(types)]
    rules = s.ds.rules
    rarity = [0] * types
    order = list(zip(totals, places))  # rarer first; a level total goes by the fashion tiles
    for rank, t in enumerate(sorted(range(types), key=order.__getitem__)):
        rarity[t] = rules.rarity_values[rank]
    bonus = rules.banker_bonus * (bankers if s.cfg.bankers_stack else min(1, bankers))
    for t in range(types):
        price = fashion_value[t] + rarity[t]
        p = _win(mine[t] - most * per[t] - 0.5) if mine[t] else 0.0
        kinged = king == t
        if not kinged:
            est[seat] = est[seat] + p * (1 + rings[t]) * (price + bonus)
        if necklace == t:
            est[seat] = est[seat] + 0.2 * price
        if not (kinged and necklace != t):
            share = (1.0 - p) / len(others) * price
            for q, size in zip(others, sizes):
                if size:
                    est[q] = est[q] + share


def same_turn(root: Necklace, node: Necklace) -> bool:
    """Whether ``node`` still belongs to the stretch decided at ``root``: the same turn, phase
    and sale, and no presentation revealed since (the next phase begins with draws from the
    pile, which the look-ahead must not see)."""
    a: State = root.s
    b: State = node.s
    return a.turn_no == b.turn_no and a.sales == b.sales and a.revealed == b.revealed and a.phase == b.phase


def turn(game: Necklace) -> int:
    """Which turn it is (QN-TURN-1): reactions and sales within a turn belong to it."""
    s: State = game.s
    return s.turn_no


def spread(game: Necklace) -> float:
    """How far the final margin typically still is from the evaluation (:data:`SPREAD`): what
    turns a margin into a chance of finishing first (salon.core.evaluation.win_chance), so that
    a search judging by that chance sees how far ahead a play-out ends, not only whether."""
    s: State = game.s
    if s.over:
        return 0.0
    by_sales = SPREAD[s.n]
    return by_sales[min(s.sales, len(by_sales) - 1)]


def progress(game: Necklace) -> float:
    """How much of the game has been played: the share of its three sales held (QN-MERCH-3)."""
    s: State = game.s
    return 1.0 if s.over else min(1.0, s.sales / s.ds.rules.sales)


EVALUATION: Final = Evaluation(evaluate, same_turn=same_turn, turn=turn, progress=progress, spread=spread)
"""The Necklace's evaluation, which its plug-in names (salon.core.evaluation)."""
