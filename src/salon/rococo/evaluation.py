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

The hand-set weights are in salon.rococo.worth, the flattened components and the board's
counts in salon.rococo.board_facts, the majorities' shares in salon.rococo.majorities, the
estimate during final scoring in salon.rococo.scoring_estimate, what a bonus used now is worth
in salon.rococo.bonus_worth, and where a look-ahead stops in salon.rococo.horizon
(``same_turn`` ends it where the seat's turn ends, even when the seat is the next to move
again; ``plan_at`` and ``same_round`` make the bot choose the last round's hand and the card
to play in each of its turns against Madame du Barry by playing the game out to its end).

:data:`EVALUATION` declares these (salon.core.evaluation) with the fitted weights, which
live here because ``salon fit`` sets them; the game's plug-in names it, and the bots load it
the first time they meet a Rococo game.
"""

from __future__ import annotations

import math
from typing import Final

from salon.core.evaluation import Evaluation
from salon.core.weights import Fitted
from salon.rococo.board_facts import BoardCount, Facts, facts, garment_worth
from salon.rococo.bonus_worth import NOW, BonusContext
from salon.rococo.game import Rococo
from salon.rococo.horizon import plan_at, progress, same_round, same_turn, spread, turn
from salon.rococo.majorities import majorities
from salon.rococo.rules.common import MDB, hidden_prestige
from salon.rococo.rules.scoring import end_bonus_vp
from salon.rococo.rules.solo import HAND as MADAME_HAND
from salon.rococo.rules.solo import end_value
from salon.rococo.scoring_estimate import scoring_estimate, terrace_gain
from salon.rococo.state import EMPTY, Player, State
from salon.rococo.worth import (
    BALE,
    BALE_CAP,
    BALE_SURPLUS,
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
    READY,
    REWARD_TILE,
    SOLO_STAFF_FUTURE,
    SPEND_TURNS,
    STAFF_FUTURE,
    STATUE_HOPE,
    TERRACE_HOPE,
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


# --- the evaluation

def evaluate(game: Rococo, seat: int) -> float:
    """``seat``'s estimated final points minus the best opponent's."""
    s: State = game.s
    st = facts(s.t)
    if s.over:
        est = [p.vp + 0.01 * s.money_left[q] for q, p in enumerate(s.players)]
    elif s.phase in ("scoring", "end"):
        est = [scoring_estimate(s, q, seat) for q in range(s.n)]
    else:
        est = _play_estimates(s, st, seat)
    best = -math.inf
    for q, v in enumerate(est):
        if q != seat and v > best:
            best = v
    return est[seat] - best


def _play_estimates(s: State, st: Facts, me: int) -> list[float]:
    """Every seat's final points as ``me`` may reckon them during the rounds: what the board
    holds now, the majorities it promises, what each seat's pieces and purse promise, and what
    its cards do (``me``'s own from its secrets, the others' as anyone may reckon them)."""
    n = s.n
    rounds_after = st.rounds - s.round
    before_actions = s.phase in ("setup", "prepare", "choose")
    players = s.players
    board = BoardCount(s, st)
    hidden = hidden_prestige(s)  # known_vp, for every seat at once
    est = [float((p.vp if q == me or not hidden else players[me].vp) + board.prestige[q] + board.printed[q])
           for q, p in enumerate(players)]
    solo = s.cfg.solo
    madame = MDB if solo else -1
    madame_turns = _madame_turns(s, st, before_actions, rounds_after) if solo else 0.0
    majorities(est, s, st, board, madame, madame_turns)
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


def _placed_prospects(est: list[float], s: State, st: Facts, board: BoardCount, turns: list[float]) -> None:
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
            v += terrace_gain(mults, throne)
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


def _purses(est: list[float], s: State, st: Facts, board: BoardCount, turns: list[float], me: int, madame: int) -> None:
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


def _own_prospects(s: State, st: Facts, me: int, colours: list[int], dec: int, master_guests: int,
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
        v += garment_worth(st, g, lam)
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


def _display_garment(s: State, st: Facts, p: Player, lam: float) -> tuple[float, bool, bool]:
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
            worth = garment_worth(st, g, lam) - cost * lam
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


def _public_prospects(s: State, st: Facts, q: int) -> float:
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


def _public_crowns(s: State, st: Facts, q: int) -> float:
    """Crown cards another seat shows on its discard pile, as they would score now."""
    points = 0
    for c in s.players[q].discard:
        if st.card_crown[c]:
            points += _crown(s, q, st.card_bonus[c])
    return float(points)


def _madame_turns(s: State, st: Facts, before_actions: bool, rounds_after: int) -> float:
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


def _madame_crowns(s: State, st: Facts) -> float:
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
