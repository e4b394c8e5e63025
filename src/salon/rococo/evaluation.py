"""How much a Rococo position is worth: the evaluation the shared bots search with.

The bots' search (salon.bots) knows only the protocol; this module supplies the Rococo
knowledge.  ``evaluate(game, seat)`` estimates every seat's final score and returns
``seat``'s estimate minus the best opponent's.  An estimate is the points already scored
plus what the position promises:

* livres, valued by how many turns are left to spend them (late in the game a livre is
  worth a tenth of a point, as in final scoring step 1) and the income still to come;
* garments: prestige, a share of each hall's majority that sharpens as the game nears its
  end, terrace multipliers, statue colours and the all-halls ladder;
* decorations: printed points, kitchen income, the fireworks majority;
* silk, thread and lace as progress toward the garments on display;
* employees: the cards in hand (turns still to play this round, worth more when they can
  do something useful now), the quality of the cards left for the next round's hand and
  the average quality of the staff for the rounds after it, and the end-game (crown)
  bonuses as they would score now; in the solo mode Madame du Barry's
  crown cards, and the best one on display, which her next hire card would take;
* Madame du Barry's turns still to come (she tailors, finances and hires for free), her
  tiles at a point per two, and no livres;
* the Jewelry Box: owned jewels (income and a point each), a jeweler space (access to the
  jewelry display), marked exam tasks; Festive and Exquisite garments that cannot be sold
  are worth their rent only.

During final scoring the remaining steps are computed exactly with the scoring rules.

Fairness: for its own seat the evaluation reads the rack, hand and supply, which that seat
may inspect (R-SETUP-12).  For the other seats it reads public facts only: the board,
livres, thread, lace, points (not in the 2013 edition, which hides them), discard piles and the
sizes of racks and hands.
The bots search copies of the game in which the secrets of the other seats, the bags, the
deck order and the random generator are re-sampled (``Rococo.determinize``,
salon.rococo.resample), so that a look-ahead through a bag draw or a new round sees a
plausible future, not the real one.

The hand-set weights are in salon.rococo.worth, what a bonus used now is worth in
salon.rococo.bonus_worth, and where a look-ahead stops in salon.rococo.horizon
(``same_turn`` ends it where the seat's turn ends, even when the seat is the next to move
again; ``plan_at`` and ``same_round`` make the bot choose the last round's hand and the card
to play in each of its turns against Madame du Barry by playing the game out to its end).

:data:`EVALUATION` declares these (salon.core.evaluation) with the fitted weights, which
live here because ``salon fit`` sets them; the game's plug-in names it, and the bots load it
the first time they meet a Rococo game.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from salon.core.evaluation import Evaluation
from salon.core.weights import Fitted
from salon.rococo.bonus_worth import NOW, BonusContext
from salon.rococo.game import Rococo
from salon.rococo.horizon import plan_at, progress, same_round, same_turn, spread, turn
from salon.rococo.rules.common import MDB, hidden_prestige
from salon.rococo.rules.scoring import end_bonus_vp, fireworks_awards, hall_awards, marker_vp
from salon.rococo.rules.solo import HAND as MADAME_HAND
from salon.rococo.rules.solo import end_value
from salon.rococo.state import EMPTY, Player, State
from salon.rococo.tables import Tables
from salon.rococo.worth import (
    BALE,
    BALE_CAP,
    BALE_SURPLUS,
    BONUS_QUALITY,
    CROWN,
    EXAM_TASK,
    FAVOUR_START,
    GOODS,
    GOODS_CAP,
    GOODS_SURPLUS,
    HIDDEN_TILE,
    JEWEL_HOPE,
    LADDER_CHANCE,
    LIVRE_EXTRA,
    LIVRE_LATE,
    PLACE_BONUS,
    READY,
    RENT_EXTRA,
    REWARD_TILE,
    SHARP_GAIN,
    SHARP_START,
    SOLO_RENT_EXTRA,
    SOLO_STAFF_FUTURE,
    SPEND_TURNS,
    STAFF_FUTURE,
    STATUE_HOPE,
    TAILOR_NOW,
    TERRACE_HOPE,
    TYPE_NOW,
    TYPE_QUALITY,
)

WEIGHTS: Final = Fitted(__name__, "salon.rococo:data/fitted.json")
"""The weights below read from the data file (``salon fit`` fits them again)."""
_FITTED: Final = WEIGHTS.weights()
MADAME_TURN = _FITTED["MADAME_TURN"]  # Madame du Barry's turns still to come, set against the player's
MADAME_TURN_FADE = _FITTED["MADAME_TURN_FADE"]  # prospects: T turns are worth T * (MADAME_TURN -
# MADAME_TURN_FADE * T) points beyond the garments they add to her hall majorities.  Fitted against the
# final margins of heuristic solo games (`salon fit rococo --solo`; data/fitted.json says on which
# games, and how far off the estimate was).  Without them her estimate stopped at what she has, and the
# player's round-1 margin read about +130 in games that ended level
MADAME_TURN_JB = _FITTED["MADAME_TURN_JB"]  # the same with the Jewelry Box, where her turns bring more
MADAME_TURN_FADE_JB = _FITTED["MADAME_TURN_FADE_JB"]  # (`salon fit rococo --solo -x jewelry_box`)


@dataclass(frozen=True, slots=True)
class _Static:
    """Component facts of one data set, flattened to tuples for the evaluation's loops."""

    rounds: int
    hand: int
    per_vp: int
    base_income: int
    favour_vp: int
    statue_vp: int
    space_hall: tuple[int, ...]  # 0-based hall of each guest space
    space_master: tuple[bool, ...]
    hall_vp: tuple[tuple[int, int], ...]
    hall_musician: tuple[int, ...]
    fw_vp: tuple[int, int]
    all_halls_vp: tuple[int, ...]
    deco_kind: tuple[str, ...]
    deco_vp: tuple[int, ...]
    deco_cost: tuple[int, ...]
    deco_mult: tuple[int, ...]
    deco_hall: tuple[int, ...]
    window_costs: tuple[int, ...]
    gar_prestige: tuple[int, ...]
    gar_colour: tuple[int, ...]
    gar_need: tuple[tuple[int, ...], ...]  # silk by colour, then thread and lace
    gar_thimble: tuple[bool, ...]
    gar_sell: tuple[float | None, ...]  # livres a sale brings; None when the garment can only be rented
    gar_rent: tuple[float, ...]  # points a rent promises beyond livres: prestige, the rent's extras, its bonus
    gar_place_livres: tuple[int, ...]  # livres paid when the garment is placed (R-EXQ-4 exq_green_14)
    tile_silk: tuple[tuple[int, int, int, int], ...]
    tile_lower: tuple[str, ...]
    card_bonus: tuple[str, ...]
    card_quality: tuple[float, ...]
    card_now: tuple[float, ...]  # TYPE_NOW of each card's type
    card_tailor_now: tuple[float, ...]  # TAILOR_NOW of each card's type
    card_master: tuple[bool, ...]
    card_crown: tuple[bool, ...]  # a crown card, scored at the end (R-SCORE-2-1)
    mdb_extra: float  # Madame du Barry's turns per card of her hand pile, hires included (R-SOLO-HIRE-3)
    mdb_round: float  # ... and per round
    mdb_tailor: float  # share of tailor cards in her deck


_STATIC: dict[int, tuple[Tables, _Static]] = {}
_STATIC_KEEP: Final = 16  # tables of edited data sets (tests) must not pile up


def _static(t: Tables) -> _Static:
    hit = _STATIC.get(id(t))
    if hit is not None and hit[0] is t:
        return hit[1]
    if len(_STATIC) >= _STATIC_KEEP:
        _STATIC.clear()
    ds = t.ds
    b = ds.board
    r = ds.rules
    hires = sum(1 for c in ds.solo_cards if c.action == "hire")
    extra = len(ds.solo_cards) / (len(ds.solo_cards) - hires) if ds.solo_cards else 1.0
    st = _Static(
        rounds=r.rounds,
        hand=r.hand_size,
        per_vp=r.livres_per_vp,
        base_income=r.base_income,
        favour_vp=r.favour_end_vp,
        statue_vp=r.statue_vp_per_colour,
        space_hall=tuple(sp.hall - 1 for sp in b.guest_spaces),
        space_master=tuple(sp.master for sp in b.guest_spaces),
        hall_vp=tuple(h.majority for h in b.halls),
        hall_musician=tuple(h.musician for h in b.halls),
        fw_vp=b.fireworks_majority,
        all_halls_vp=b.all_halls_vp,
        deco_kind=tuple(d.kind for d in b.decorations),
        deco_vp=tuple(d.vp for d in b.decorations),
        deco_cost=tuple(d.cost for d in b.decorations),
        deco_mult=tuple(d.multiplier for d in b.decorations),
        deco_hall=tuple(d.hall - 1 for d in b.decorations),
        window_costs=b.window_costs,
        gar_prestige=tuple(g.prestige for g in ds.garments),
        gar_colour=tuple(g.colour_index for g in ds.garments),
        gar_need=tuple((*g.silk, g.thread, g.lace) for g in ds.garments),
        gar_thimble=tuple(g.thimble for g in ds.garments),
        gar_sell=tuple(_sale(g.expansion, g.effect, g.value) for g in ds.garments),
        gar_rent=tuple(g.prestige + (SOLO_RENT_EXTRA if ds.solo_cards else RENT_EXTRA)
                       + (PLACE_BONUS if g.effect and g.effect != GREEN_14 else 0.0)
                       for g in ds.garments),
        gar_place_livres=tuple(g.value if g.effect == GREEN_14 else 0 for g in ds.garments),
        tile_silk=tuple(x.silk for x in ds.tiles),
        tile_lower=tuple(x.lower for x in ds.tiles),
        card_bonus=tuple(c.bonus for c in t.cards),
        card_quality=tuple(TYPE_QUALITY[c.type] + BONUS_QUALITY.get(c.bonus, 0.0) for c in t.cards),
        card_now=tuple(TYPE_NOW[c.type] for c in t.cards),
        card_tailor_now=tuple(TAILOR_NOW[c.type] for c in t.cards),
        card_master=tuple(c.type == "master" for c in t.cards),
        card_crown=tuple(c.bonus in CROWN for c in t.cards),
        mdb_extra=extra,
        mdb_round=MADAME_HAND * extra,
        mdb_tailor=sum(1 for c in ds.solo_cards if c.action == "tailor") / max(1, len(ds.solo_cards)),
    )
    _STATIC[id(t)] = (t, st)
    return st


GREEN_14: Final = "exq_green_14"


def _sale(expansion: str, effect: str, value: int) -> float | None:
    """R-FEST-3, R-EXQ-3: Festive garments are never sold, Exquisite ones only the green dress."""
    if expansion == "festive" or (expansion == "exquisite" and effect != GREEN_14):
        return None
    return value


def _garment_worth(st: _Static, g: int, lam: float) -> float:
    """A garment about to be made: the better of selling and renting it (the green dress pays
    its livres either way and has no prestige, A-35)."""
    rent = st.gar_rent[g] + st.gar_place_livres[g] * lam
    sale = st.gar_sell[g]
    return rent if sale is None else max(sale * lam, rent)


# --- small valuations shared by several terms

def _total(table: tuple[float, ...], cards: list[int]) -> float:
    """The sum of ``table`` over ``cards``, left to right: compiled code runs this loop natively,
    where it would call the builtin ``sum`` through the interpreter."""
    total = 0.0
    for c in cards:
        total += table[c]
    return total


def _int_total(values: list[int]) -> int:
    """``sum(values)``, natively compiled (see :func:`_total`)."""
    total = 0
    for x in values:
        total += x
    return total


def _goods(x: int) -> float:
    return min(x, GOODS_CAP) * GOODS + max(0, x - GOODS_CAP) * GOODS_SURPLUS


def _silk(silk: list[int] | tuple[int, ...]) -> float:
    total = 0.0
    for b in silk:
        total += b * BALE if b <= BALE_CAP else BALE_CAP * BALE + (b - BALE_CAP) * BALE_SURPLUS
    return total


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


def _terrace_gain(mults: list[int], prestiges: list[int]) -> int:
    """R-SCORE-5-4: the best terrace pairs the highest prestige with the highest multiplier."""
    mults = sorted(mults)
    prestiges = sorted(prestiges)
    gain = 0
    for i in range(1, min(len(mults), len(prestiges)) + 1):
        gain += (mults[-i] - 1) * prestiges[-i]
    return gain


# --- the evaluation

def evaluate(game: Rococo, seat: int) -> float:
    """``seat``'s estimated final points minus the best opponent's."""
    s: State = game.s
    st = _static(s.t)
    if s.over:
        est = [p.vp + 0.01 * s.money_left[q] for q, p in enumerate(s.players)]
    elif s.phase in ("scoring", "end"):
        est = [_scoring_estimate(s, q, seat) for q in range(s.n)]
    else:
        est = _play_estimates(s, st, seat)
    best = -math.inf
    for q, v in enumerate(est):
        if q != seat and v > best:
            best = v
    return est[seat] - best


def _known_vp(s: State, q: int, me: int) -> int:
    """Seat ``q``'s prestige as ``me`` knows it.  The 2013 edition keeps it secret (D-10), so
    another seat is taken to be level with ``me``: what sets the seats apart is then what
    the board, the money and the goods show."""
    return s.players[q].vp if q == me or not hidden_prestige(s) else s.players[me].vp


def _scoring_estimate(s: State, q: int, me: int) -> float:
    """Points after final scoring, from the steps still to run (each exact, RULES.md §11)."""
    p = s.players[q]
    pending = {f[0] for f in s.stack}
    own = {f[0] for f in s.stack if len(f) > 1 and f[1] == q}
    v = _known_vp(s, q, me) + 0.01 * p.livres
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
        v += _terrace_gain(spots, throne)
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


class _Board:
    """What the board shows of every seat, counted once per evaluation: its garments seated,
    the halls it is present in, and the decoration spaces it holds by what they score or bring.
    Each count runs on local lists, which the loops reach faster than attributes; the counts
    per hall are one flat list (hall h, seat q at h * n + q), the spaces held once by a seat are
    bits (bit q for seat q), and the lists per seat are copies of one list of zeros: making and
    freeing lists is most of what counting the board costs.
    An item is added to as ``a[i] = a[i] + x``, not ``a[i] += x``, which compiled code would
    run through the interpreter's generic addition."""

    __slots__ = ("by_hall", "masters", "prestige", "colours", "rented", "master_guests", "throne", "present",
                 "held", "printed", "fireworks", "fireworks_best", "statues", "kitchen_left", "kitchen_right",
                 "jeweler")

    by_hall: list[int]  # garments per hall and seat (h * n + q)
    masters: list[int]  # ... of them on master spaces
    prestige: list[int]
    colours: list[list[int]]  # per seat, per colour
    rented: list[int]
    master_guests: list[int]
    throne: list[list[int]]  # the prestige of each of the seat's garments in the Throne hall
    present: list[int]  # bit h: a garment or a musician of the seat in hall h
    held: list[int]  # decoration spaces
    printed: list[int]  # the points printed on them
    fireworks: list[list[int]]  # the multiplier of each fireworks space
    fireworks_best: list[int]  # the dearest fireworks space's cost (the majority's tie-break)
    statues: list[int]
    kitchen_left: int  # bit q: seat q holds a space of that kind
    kitchen_right: int
    jeweler: int

    def __init__(self, s: State, st: _Static) -> None:
        self._count_guests(s, st)
        self._count_decorations(s, st)

    def _count_guests(self, s: State, st: _Static) -> None:
        n = s.n
        zeros = [0] * n
        cnt = [0] * (len(st.hall_vp) * n)
        mst = cnt[:]
        prestige, rented, master_guests, present = zeros[:], zeros[:], zeros[:], zeros
        colours = [[0, 0, 0, 0] for _ in range(n)]
        throne: list[list[int]] = [[] for _ in range(n)]
        for g, q, h, master in zip(s.guest, s.guest_owner, st.space_hall, st.space_master):
            if g == EMPTY:
                continue
            at = h * n + q
            cnt[at] = cnt[at] + 1
            if master:
                mst[at] = mst[at] + 1
                master_guests[q] = master_guests[q] + 1
            prestige[q] = prestige[q] + st.gar_prestige[g]
            mine = colours[q]
            c = st.gar_colour[g]
            mine[c] = mine[c] + 1
            rented[q] = rented[q] + 1
            if h == 0:
                throne[q].append(st.gar_prestige[g])
            present[q] = present[q] | 1 << h
        self.by_hall, self.masters, self.prestige, self.colours = cnt, mst, prestige, colours
        self.rented, self.master_guests, self.throne, self.present = rented, master_guests, throne, present

    def _count_decorations(self, s: State, st: _Static) -> None:
        n = s.n
        zeros = [0] * n
        dec, printed, statues = zeros[:], zeros[:], zeros
        fw_mults: list[list[int]] = [[] for _ in range(n)]
        fw_best = [-1] * n
        kitchen_left = kitchen_right = jeweler = 0
        present = self.present
        for d, (o, kind) in enumerate(zip(s.deco, st.deco_kind)):
            if o == EMPTY:
                continue
            dec[o] = dec[o] + 1
            printed[o] = printed[o] + st.deco_vp[d]
            if kind == "fireworks":
                fw_mults[o].append(st.deco_mult[d])
                fw_best[o] = max(fw_best[o], st.deco_cost[d])
            elif kind == "statue":
                statues[o] = statues[o] + 1
            elif kind == "kitchen_left":
                kitchen_left |= 1 << o
            elif kind == "kitchen_right":
                kitchen_right |= 1 << o
            elif kind == "musician":
                present[o] = present[o] | 1 << st.deco_hall[d]
            elif kind == "jeweler":
                jeweler |= 1 << o
        self.held, self.printed, self.fireworks, self.fireworks_best = dec, printed, fw_mults, fw_best
        self.statues, self.jeweler = statues, jeweler
        self.kitchen_left, self.kitchen_right = kitchen_left, kitchen_right


def _play_estimates(s: State, st: _Static, me: int) -> list[float]:
    """Every seat's final points as ``me`` may reckon them during the rounds: what the board
    holds now, the majorities it promises, what each seat's pieces and purse promise, and what
    its cards do (``me``'s own from its secrets, the others' as anyone may reckon them)."""
    n = s.n
    rounds_after = st.rounds - s.round
    before_actions = s.phase in ("setup", "prepare", "choose")
    players = s.players
    board = _Board(s, st)
    hidden = hidden_prestige(s)  # _known_vp, for every seat at once
    est = [float((p.vp if q == me or not hidden else players[me].vp) + board.prestige[q] + board.printed[q])
           for q, p in enumerate(players)]
    solo = s.cfg.solo
    madame = MDB if solo else -1
    madame_turns = _madame_turns(s, st, before_actions, rounds_after) if solo else 0.0
    _majorities(est, s, st, board, madame, madame_turns)
    turns = [madame_turns if q == madame  # each seat's turns left
             else float((st.hand if before_actions else len(p.hand)) + st.hand * rounds_after)
             for q, p in enumerate(players)]
    _placed_prospects(est, s, st, board, turns)
    _purses(est, s, st, board, turns, me, madame)
    hall_most = 0
    for h in range(len(st.hall_vp)):
        hall_most = max(hall_most, board.by_hall[h * n + me])
    est[me] = est[me] + _own_prospects(s, st, me, board.colours[me], board.held[me], board.master_guests[me], hall_most,
                              board.present[me].bit_count())
    jb = s.t.ds.jewelry_box is not None
    for q in range(n):
        if q == madame:
            est[q] = est[q] + (_madame_crowns(s, st) + madame_future(madame_turns, jb))
        elif q != me:
            est[q] = est[q] + (_public_crowns(s, st, q) + _public_prospects(s, st, q))
    return est


def _majorities(est: list[float], s: State, st: _Static, board: _Board, madame: int, madame_turns: float) -> None:
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


def _placed_prospects(est: list[float], s: State, st: _Static, board: _Board, turns: list[float]) -> None:
    """What each seat's garments and decorations promise in the final scoring: the terrace
    (R-SCORE-5-*), the statues (R-SCORE-6-3) and the all-halls ladder (R-HALLS-*), the parts
    still open weighed by how soon the seat's ``turns`` run out."""
    free_ladder = EMPTY in s.all_halls
    next_ladder = st.all_halls_vp[s.all_halls.index(EMPTY)] if free_ladder else 0
    fireworks, statues, present = board.fireworks, board.statues, board.present
    for q in range(s.n):
        v = est[q]
        soon = min(1.0, turns[q] / 6)
        mults = fireworks[q]
        if mults:  # the best pairing now, and the lowest spots still waiting for a garment
            throne = board.throne[q]
            v += _terrace_gain(mults, throne)
            waiting = len(mults) - len(throne)
            if waiting > 0:
                v += (sum(sorted(mults)[:waiting]) - waiting) * TERRACE_HOPE * soon
        k = statues[q]
        if k:  # distinct colours now, and colours still to come
            covered = sum(min(c, k) for c in board.colours[q])
            v += st.statue_vp * (covered + (4 * k - covered) * STATUE_HOPE * soon)
        for vp, o in zip(st.all_halls_vp, s.all_halls):
            if o == q:
                v += vp
                break
        else:
            if free_ladder:
                v += next_ladder * LADDER_CHANCE.get(present[q].bit_count(), 0.0) * soon
        est[q] = v


def _purses(est: list[float], s: State, st: _Static, board: _Board, turns: list[float], me: int, madame: int) -> None:
    """What each seat's livres, income, jewels, favour and goods are worth in points (R-PH4-*,
    R-SCORE-1-1): a livre is worth more while there are turns to spend it; thread and lace are
    public, another seat's silk only by its tile count.  Madame du Barry has no livres and no
    income (R-SOLO-GEN-1, R-SOLO-PH4-1); her tiles are never spent and bring a point per two at
    the end (R-SOLO-END-3)."""
    jb = s.t.ds.jewelry_box
    rounds_after = st.rounds - s.round
    held, rented, left, right = board.held, board.rented, board.kitchen_left, board.kitchen_right
    for q, p in enumerate(s.players):
        v = est[q]
        extra = (held[q] if left >> q & 1 else 0) + (rented[q] if right >> q & 1 else 0)
        if jb is not None:
            # Jewelry Box (RULES.md §13): jewels pay income and a point at the end (R-JB-PH4-1,
            # R-JB-SCORE-1); a jeweler space opens the jewelry display (R-JB-FIN-3); exam tasks
            # lead to +1 VP and a better card (R-JB-EXAM-*)
            extra += jb.params.jewel_income * len(p.jewels)
            v += jb.params.jewel_end_vp * len(p.jewels)
            if board.jeweler >> q & 1:
                v += JEWEL_HOPE * turns[q] / (st.mdb_round if q == madame else float(st.hand))
            v += EXAM_TASK * p.tasks.bit_count() * min(1.0, turns[q] / 6)
        if q == madame:
            if s.favour == q:
                v += st.favour_vp if rounds_after == 0 else FAVOUR_START
            est[q] = v + len(p.rack) * 0.5
            continue
        income = st.base_income + extra
        if turns[q] == 0:
            total = p.livres + income
            v += total // st.per_vp + 0.005 * (total % st.per_vp)
        else:
            lam = LIVRE_LATE + LIVRE_EXTRA * min(1.0, turns[q] / SPEND_TURNS)
            v += p.livres * lam + income * (rounds_after + 1) * 0.5 * (lam + LIVRE_LATE)
        if s.favour == q:
            v += st.favour_vp if rounds_after == 0 else FAVOUR_START
        use = min(1.0, turns[q] / 4)
        if q == me:
            v += use * (_silk(p.silk) + _goods(p.thread) + _goods(p.lace))
        else:
            v += use * (len(p.rack) * HIDDEN_TILE + _goods(p.thread) + _goods(p.lace))
        est[q] = v


def _own_prospects(s: State, st: _Static, me: int, colours: list[int], dec: int, master_guests: int,
                   hall_most: int, halls: int) -> float:
    """What the seat's own secrets promise: the garment its rack nearly makes, pending steps of
    its turn, its hand, its staff and its crown cards."""
    p = s.players[me]
    rounds_after = st.rounds - s.round
    before_actions = s.phase in ("setup", "prepare", "choose")
    turns = (st.hand if before_actions else len(p.hand)) + st.hand * rounds_after
    use = min(1.0, turns / 4)
    lam = LIVRE_LATE + LIVRE_EXTRA * min(1.0, turns / SPEND_TURNS)
    silk = p.silk
    v = 0.0

    ready_master = ready_journeyman = False
    if turns:
        best, ready_master, ready_journeyman = _display_garment(s, st, p, lam)
        v += best * use

    # steps of the turn still pending: a tile to keep or convert, silk to hand in, a garment
    # being made, a free reward tile
    if s.making != EMPTY and s.turn_seat == me:
        g = s.making
        v += _garment_worth(st, g, lam)
    for f in s.stack:
        if len(f) < 2 or f[1] != me:
            continue
        kind = f[0]
        if kind == "fate":
            tile = f[2]
            keep = _silk([a + b for a, b in zip(silk, st.tile_silk[tile])]) - _silk(silk)
            lower = st.tile_lower[tile]
            thread_gain = _goods(p.thread + 1) - _goods(p.thread)
            lace_gain = _goods(p.lace + 1) - _goods(p.lace)
            convert = {"thread": thread_gain, "lace": lace_gain, "thread/lace": max(thread_gain, lace_gain),
                       "thread+lace": thread_gain + lace_gain}.get(lower, 0.0)
            v += use * max(keep, convert)
        elif kind == "give":
            v -= use * BALE * sum(f[3:7])
        elif kind == "acquire" and f[2] == "reward":
            v += use * REWARD_TILE

    # the hand: turns still to play this round, better when the card can act usefully now
    garments = _int_total(colours)
    size = p.staff_size()
    jb = s.t.ds.jewelry_box
    ctx = BonusContext(s.t.ds.bonus, jb.params if jb is not None else None, lam, use, garments, colours, dec, size,
                        p.livres, _int_total(silk), ready_journeyman, master_guests, hall_most, halls, len(p.jewels),
                        sum(1 for j in p.jewels if jb is not None and jb.jewels[j].kind == "ring"))
    for c in p.hand:
        ready = ready_master if st.card_master[c] else ready_journeyman
        now = NOW.get(st.card_bonus[c])
        v += st.card_now[c] + st.card_tailor_now[c] * ready + (now(ctx) if now else 0.0)

    # the staff in later rounds: once this round's hand is chosen, the next round's hand is
    # known in part (``_next_hand``), the rounds after it play the staff's average; and crown
    # cards as they would score now (R-SCORE-2-1)
    staff = p.staff()
    if rounds_after:
        quality = st.card_quality
        mean = _total(quality, staff) / len(staff)
        future = (mean * rounds_after if before_actions
                  else _next_hand(p, st.card_quality, st.hand) + mean * (rounds_after - 1))
        v += future * st.hand * (SOLO_STAFF_FUTURE if s.cfg.solo else STAFF_FUTURE)
    for c in staff:
        if st.card_crown[c]:
            v += _crown(s, me, st.card_bonus[c])
    return v


def _display_garment(s: State, st: _Static, p: Player, lam: float) -> tuple[float, bool, bool]:
    """The best garment on display the seat's rack can (nearly) pay for, as the share of its
    worth that what is missing leaves (``READY``), and whether a garment is ready now for a
    Master and for a Journeyman (one without a thimble)."""
    ready_master = ready_journeyman = False
    best = 0.0
    have = (*p.silk, p.thread, p.lace)
    for w, g in enumerate(s.windows):
        if g == EMPTY:
            continue
        cost = st.window_costs[w]
        short = int(p.livres < cost)  # units missing: the price, then silk, thread and lace
        for x, y in zip(st.gar_need[g], have):
            if x > y:
                short += x - y
        if short == 0:
            ready_master = True
            ready_journeyman = ready_journeyman or not st.gar_thimble[g]
        if short < len(READY):
            worth = _garment_worth(st, g, lam) - cost * lam
            best = max(best, worth * READY[short])
    return best, ready_master, ready_journeyman


def _next_hand(p: Player, quality: tuple[float, ...], size: int) -> float:
    """The mean play quality of the next round's hand of ``size`` cards (R-PH2-3): the best
    cards of the supply, or, when fewer are left there, all of them and the best of the
    discard pile, where this round's cards will lie by then.  Without this, playing the best
    cards now would look free, though the weaker ones left behind are the next round's hand."""
    left = _best(quality, p.supply, size)
    if len(left) < size:
        rest = p.discard + p.hand + ([p.in_play] if p.in_play != EMPTY else [])
        left.extend(_best(quality, rest, size - len(left)))
    total = 0.0
    for x in left:
        total += x
    return total / len(left)


def _best(quality: tuple[float, ...], cards: list[int], k: int) -> list[float]:
    """The ``k`` highest qualities of ``cards``, highest first."""
    values = [quality[c] for c in cards]
    values.sort()
    values.reverse()
    del values[k:]
    return values


def _public_prospects(s: State, st: _Static, q: int) -> float:
    """What another seat's staff promises, as anyone may reckon it: its hired cards are public,
    which of them it holds is not, so each card in its hand is worth the staff's average
    turn, and its later rounds the staff's average quality.  Without this a seat's own
    prospects would count against nothing, and its estimate would run ahead of the truth."""
    p = s.players[q]
    staff = p.staff()
    v = len(p.hand) * _total(st.card_now, staff) / len(staff)
    rounds_after = st.rounds - s.round
    if rounds_after:
        mean = _total(st.card_quality, staff) / len(staff)
        v += mean * rounds_after * st.hand * STAFF_FUTURE
    return v


def _public_crowns(s: State, st: _Static, q: int) -> float:
    """Crown cards another seat shows on its discard pile, as they would score now."""
    points = 0
    for c in s.players[q].discard:
        if st.card_crown[c]:
            points += _crown(s, q, st.card_bonus[c])
    return float(points)


def _madame_turns(s: State, st: _Static, before_actions: bool, rounds_after: int) -> float:
    """How many turns Madame du Barry still has: her hand pile this round (four cards before it
    is drawn, R-SOLO-PH2-1), four cards each later round, and one more turn for each hire card
    among them (R-SOLO-HIRE-3), by the share of hire cards in her deck (each extra card may
    be a hire card again)."""
    now = MADAME_HAND if before_actions else len(s.mdb_hand) if s.phase == "actions" else 0
    return now * st.mdb_extra + st.mdb_round * rounds_after


def madame_future(turns: float, jewelry_box: bool = False) -> float:
    """What Madame du Barry's ``turns`` still to come are worth against the player's prospects."""
    if jewelry_box:
        return turns * (MADAME_TURN_JB - MADAME_TURN_FADE_JB * turns)
    return turns * (MADAME_TURN - MADAME_TURN_FADE * turns)


def _madame_crowns(s: State, st: _Static) -> float:
    """Madame du Barry's crown cards (R-SOLO-HIRE-2): those she hired, as they would score now,
    and the best one on display, which her next hire card takes first; its worth counts by the
    chance that one of her face-down hand cards is a hire card.  Hiring that card first then
    shows as denying it to her."""
    owned = float(sum(end_value(s, MDB, c) for c in s.players[MDB].supply
                      if st.card_bonus[c] in CROWN and c not in s.promoted))  # R-SOLO-EXAM-M: face down
    shown = [end_value(s, MDB, c) for c in s.display if c != EMPTY and st.card_bonus[c] in CROWN]
    if not shown:
        return owned
    deck = s.t.ds.solo_cards
    miss = 1.0 - sum(1 for c in deck if c.action == "hire") / len(deck)
    return owned + max(shown) * (1.0 - miss ** len(s.mdb_hand))


def _crown(s: State, q: int, bonus: str) -> int:
    """R-BON-l6_end_*, R-BON-nm_end_*: a crown card's end-game points as they would score now
    (the thread and lace sets are handed in at the end, R-BON-l6_end_thread_lace_sets)."""
    if bonus == "l6_end_thread_lace_sets":
        p = s.players[q]
        return s.t.ds.bonus.thread_lace_set_vp * min(p.thread, p.lace)
    return end_bonus_vp(s, q, bonus)




EVALUATION: Final = Evaluation(evaluate, same_turn=same_turn, plan_at=plan_at, horizon=same_round, turn=turn,
                        weights=WEIGHTS, progress=progress, spread=spread)
"""Rococo's evaluation, which its plug-in names (salon.core.evaluation)."""
