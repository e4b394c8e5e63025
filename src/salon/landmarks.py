"""Where the turns and the rounds of a recorded game begin, for the replays to jump to.

A replay's positions are its steps: step ``s`` is the game after its first ``s`` actions.  A
turn ends after an action whose events include ``turn_end`` (every game emits it when a
player's turn is over, even where the same player plays the next turn too) or where the next
action is another seat's; a round ends where the public observation's ``round`` counter moves.
A game that counts turns rather than rounds (an observation with a ``turn`` counter and no
``round``) has a round in every run of as many turns as it has seats.  The landmarks are the
positions between them: the start, every end of a turn (of a round), and the end of the
record, so that "next turn" shows the board once the turn is played.  The terminal's replay
(salon.cli.replay_view) and the browser's (salon.web.replay) both jump by them.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from salon.core.game import Game

TURN_END = "turn_end"
"""The type of the event that ends a player's turn."""


@dataclass(frozen=True)
class Landmarks:
    """The steps a replay jumps to, in order, the first (0) and the last included, and the
    round of every step (None for a game that has no rounds)."""

    turns: tuple[int, ...]
    rounds: tuple[int, ...]
    round: tuple[int | None, ...]

    def to_json(self) -> dict[str, Any]:
        return {"turns": list(self.turns), "rounds": list(self.rounds)}


def round_of(game: Game, observation: Mapping[str, object]) -> int | None:
    """The round of a position, from its public observation."""
    counted, turn = observation.get("round"), observation.get("turn")
    if isinstance(counted, int):
        return counted
    if isinstance(turn, int):
        return (turn - 1) // game.num_players + 1
    return None


def landmarks(game: Game, actions: Sequence[str]) -> Landmarks:
    """The landmarks of ``actions`` played from ``game`` (a new game, which is left as it was)."""
    game = game.clone()
    last = len(actions)
    turns, rounds = [0], [0]
    rounds_at: list[int | None] = [round_of(game, game.observe(None))]
    actor: int | None = None
    for step, action in enumerate(actions, 1):
        actor = game.current_player()
        ended = any(e.type == TURN_END for e in game.apply(action))
        rounds_at.append(round_of(game, game.observe(None)))
        if step == last:
            break
        if rounds_at[-1] != rounds_at[-2]:
            rounds.append(step)
            turns.append(step)
        elif ended or game.current_player() != actor:
            turns.append(step)
    if last:
        turns.append(last)
        rounds.append(last)
    return Landmarks(tuple(turns), tuple(rounds), tuple(rounds_at))


def following(marks: Sequence[int], step: int) -> int | None:
    """The first landmark after ``step`` (None: there is none)."""
    i = bisect_right(marks, step)
    return marks[i] if i < len(marks) else None


def preceding(marks: Sequence[int], step: int) -> int | None:
    """The last landmark before ``step`` (None: there is none)."""
    i = bisect_left(marks, step)
    return marks[i - 1] if i > 0 else None
