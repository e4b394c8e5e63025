"""Where a Rococo look-ahead stops and how far the game has come: the turn a decision belongs
to, the solo mode's planned decisions and their horizon, the game's progress and the spread
of the final margin around the evaluation, which the bots' search reads through
:data:`salon.rococo.evaluation.EVALUATION`."""

from __future__ import annotations

import math

from salon.rococo.game import Rococo
from salon.rococo.rules.common import MDB
from salon.rococo.state import EMPTY, State
from salon.rococo.worth import SPREAD, SPREAD_POWER, SPREAD_SOLO


def same_turn(root: Rococo, node: Rococo) -> bool:
    """Whether ``node`` is still in the turn decided at ``root``: the same round and phase,
    and no new card to play (R-PH3-4: a turn begins by playing a card)."""
    a: State = root.s
    b: State = node.s
    return a.round == b.round and a.phase == b.phase and not (b.stack and b.stack[-1][0] == "play")


def plan_at(game: Rococo) -> bool:
    """In the solo mode, the last round's choices of the hand (R-PH2-*) and of the card to play
    (R-PH3-4) are played out: they shape the rest of the game, the play-outs end in the final
    scoring, where the value is the exact result, and Madame du Barry's turns in them are
    played by her own rules (§14), on cards sampled from what the seat knows.  With several players each
    play-out would also guess the others' turns with the look-ahead, at a cost that grows with
    the table; there the look-ahead alone decides."""
    s: State = game.s
    return s.cfg.solo and s.round == s.t.ds.rules.rounds and game.decision().get("kind") in ("hand", "play")


def same_round(root: Rococo, node: Rococo) -> bool:
    """The play-outs' horizon: the end of the round (in the last round, the end of the game)."""
    a: State = root.s
    b: State = node.s
    return a.round == b.round


def turn(game: Rococo) -> tuple[int, str, int, int]:
    """Which turn it is: a new one begins with each card played (R-PH3-4), and the choice of
    the hands is one stretch of its own.  The cards still to be played this round tell turns
    of the same seat apart: in the solo mode the player's turns follow one another at the
    decisions, Madame du Barry's running inside them (R-SOLO-PH3-1)."""
    s: State = game.s
    if s.phase != "actions":
        return s.round, s.phase, s.turn_seat, 0
    left = sum(len(p.hand) + (p.in_play != EMPTY) for p in s.players) + len(s.mdb_hand)
    return s.round, s.phase, s.turn_seat, left


def progress(game: Rococo) -> float:
    """How much of the game has been played: whole rounds, and within the action phase the
    share of the deciding seats' cards already played (R-PH3-4; a card hired into a hand adds a
    turn, and takes the share back); final scoring is the end."""
    s: State = game.s
    rounds = s.t.ds.rules.rounds
    if s.phase in ("scoring", "end", "over"):
        return 1.0
    done = 0.0
    if s.phase == "actions":
        hand = s.t.ds.rules.hand_size
        seats = [p for q, p in enumerate(s.players) if not (s.cfg.solo and q == MDB)]
        left = sum(len(p.hand) + (p.in_play != EMPTY) for p in seats)
        done = 1.0 - min(left, hand * len(seats)) / (hand * len(seats))
    elif s.phase == "income":
        done = 1.0
    return min(1.0, (s.round - 1 + done) / rounds)


def spread(game: Rococo) -> float:
    """How far the final margin typically still is from the evaluation: the measured spread at
    the start (SPREAD_SOLO against Madame du Barry, SPREAD with other players), shrinking as
    the game nears its end, slowly (SPREAD_POWER): the last round still decides much."""
    s: State = game.s
    start = SPREAD_SOLO if s.cfg.solo else SPREAD
    return start * math.pow(max(0.0, 1.0 - progress(game)), SPREAD_POWER)
