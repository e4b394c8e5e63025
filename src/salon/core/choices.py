"""What a front end may answer for a person, and which answers cannot be taken back.

The engine never chooses for a player (docs/architecture.md principle 3): every decision lists
all of its legal actions, even one, even when they all come to the same.  A front end may spare
a person the questions that decide nothing, and these functions tell it which, for any game,
through the protocol alone:

- :func:`alike`: every answer leads to the same position (the same state, the same next
  decision), so that asking would be a click for nothing; front ends always take it;
- :func:`lone`: the only answer is to pass or to be done (``auto_pass``, a person's preference);
- :func:`free_gain`: the answer the game declares a free gain, which can only help (a bonus that
  just gives money or points: ``auto_free``, a person's preference);
- :func:`irrevocable`: whether an answer can be taken back afterwards (``confirm_irrevocable``:
  a front end asks once more before playing one).

A game declares its free gains in its decisions: the decision's ``free_gain`` entry names the
action that is one (:data:`FREE_GAIN`).  Each function is deterministic: the same game gives the
same answer, so that a replay marks the same moves as made for a person.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from salon.core.game import Game

ALIKE_MOST = 12
"""The most legal actions :func:`alike` compares: each costs a clone, an apply and a snapshot,
and a longer list is a real choice in every game so far."""
LONE = frozenset({"pass", "done"})
"""Actions that decide nothing when they are the only legal one."""
ALIKE, LONE_MOVE, FREE = "alike", "lone", "free"
"""Why :func:`taken` takes an action: every answer is alike, a lone pass or done, a free gain."""
FREE_GAIN = "free_gain"
"""The key under which a game's decision names the action that is a free gain: taking it can
only help (it gains, costs nothing, sends nothing away and asks nothing further)."""


@dataclass(frozen=True)
class Preferences:
    """What a person asks a front end to answer for them, and to ask them twice; the defaults
    are a new player's."""

    auto_free: bool = True
    """Take a free gain without asking (:func:`free_gain`)."""
    auto_pass: bool = True
    """Pass, or be done, without asking when that is the only choice (:func:`lone`)."""
    confirm_irrevocable: bool = False
    """Ask before a move that cannot be taken back (:func:`irrevocable`)."""


DEFAULTS = Preferences()
"""The preferences of a person who chose none."""


def _outcome(game: Game, action: str) -> tuple[Any, int | None, dict[str, Any]]:
    """The position ``action`` leads to: the state (not the history, which names the action),
    who decides next and what."""
    after = game.clone()
    after.apply(action)
    return after.to_snapshot()["state"], after.current_player(), dict(after.decision())


def alike(game: Game) -> str | None:
    """The action to take for the deciding seat when the decision has two legal actions or
    more and every one leads to the same position (the first of them); None otherwise, and for a
    list longer than :data:`ALIKE_MOST`, which is not tried."""
    legal = game.legal_actions()
    if not 2 <= len(legal) <= ALIKE_MOST:
        return None
    first = _outcome(game, legal[0])
    for action in legal[1:]:
        if _outcome(game, action) != first:
            return None
    return legal[0]


def lone(game: Game) -> str | None:
    """The deciding seat's only legal action when it is to pass or to be done; else None."""
    legal = game.legal_actions()
    return legal[0] if len(legal) == 1 and legal[0] in LONE else None


def free_gain(game: Game) -> str | None:
    """The action the decision declares a free gain (:data:`FREE_GAIN`), when it is legal now;
    else None."""
    declared = game.decision().get(FREE_GAIN)
    return declared if isinstance(declared, str) and declared in game.legal_actions() else None


def irrevocable(game: Game, action: str) -> bool:
    """Whether ``action`` cannot be taken back once played: after it (on a clone) the same seat
    is not still deciding with it undoable (:meth:`Game.undoable`: a draw, a reveal or the end of
    the seat's turn closes what may be undone)."""
    seat = game.current_player()
    after = game.clone()
    after.apply(action)
    return not (after.current_player() == seat and after.undoable() > 0)


def taken(game: Game, prefs: Preferences = DEFAULTS) -> tuple[str, str] | None:
    """The action a front end takes for the deciding person and why (:data:`ALIKE`,
    :data:`LONE_MOVE` or :data:`FREE`), or None to ask them: a decision whose answers are all alike
    always; the lone pass or done, and a free gain, as ``prefs`` say."""
    found = alike(game)
    if found is not None:
        return found, ALIKE
    found = lone(game) if prefs.auto_pass else None
    if found is not None:
        return found, LONE_MOVE
    found = free_gain(game) if prefs.auto_free else None
    return (found, FREE) if found is not None else None


def taken_for(game: Game, prefs: Preferences = DEFAULTS) -> str | None:
    """The action of :func:`taken`, without why."""
    found = taken(game, prefs)
    return found[0] if found is not None else None
