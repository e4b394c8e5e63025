"""The step machine that drives a game.

The state's ``stack`` lists the steps still to do.  A step is a tuple ``(kind, seat, *args)``
of plain ints and strings (so that it serialises with the state); ``seat`` is the seat the
step concerns (-1 when none).  *Automatic* steps run without input and may push further
steps; *decisions* wait for one action of their seat.  Each rules module registers the steps
it defines here, under the names used in its frames.
"""

from __future__ import annotations

from collections.abc import Callable

from salon.necklace.state import State

Frame = tuple
Legal = Callable[[State, Frame], list[str]]
Apply = Callable[[State, Frame, str], None]
Explain = Callable[[State, Frame, str], tuple[str, str]]

AUTO: dict[str, Callable[[State, Frame], None]] = {}
DECISIONS: dict[str, tuple[Legal, Apply, Explain]] = {}
FAMILIES: dict[str, tuple[tuple[str, ...], str]] = {}
"""Per decision kind: the action families (text before the first ':') it can ever offer, and
the rule that an action of another family breaks (it is not this decision's turn)."""


def auto(kind: str):
    def deco(fn: Callable[[State, Frame], None]):
        AUTO[kind] = fn
        return fn

    return deco


def decision(kind: str, legal: Legal, apply: Apply, explain: Explain, families: tuple[str, ...], rule: str) -> None:
    DECISIONS[kind] = (legal, apply, explain)
    FAMILIES[kind] = (families, rule)


def advance(s: State) -> None:
    """Run automatic steps until a decision is on top of the stack (or nothing is left)."""
    stack = s.stack
    auto_steps = AUTO
    while stack:
        fn = auto_steps.get(stack[-1][0])
        if fn is None:
            return
        fn(s, stack.pop())


def push(s: State, *frames: Frame) -> None:
    """Push steps so that the *first* given runs first."""
    s.stack.extend(reversed(frames))
