"""The step machine that drives a game engine.

A game's state keeps a ``stack`` of the steps still to do.  A step is a tuple
``(kind, seat, *args)`` of plain ints and strings (so that it serialises with the state).
*Automatic* steps run without input and may push further steps; *decisions* wait for one
action of their seat.  Each game owns one :class:`Steps` registry of its own state class; its
rules modules register the steps they define there, under the names used in their frames.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar

from salon.core.errors import Refusal

Frame = tuple[Any, ...]
"""A step of any kind.  The shape of a frame follows from its kind, which is known at run time
only: the registry dispatches on ``frame[0]``.  Each game names the shape of each of its kinds
(its ``frames`` module) and every rule function declares the shape of the frames it is handed;
a variadic tuple of ``Any`` is what such a declaration (a fixed tuple) is checked against."""


class HasStack(Protocol):
    """What the step machine needs of a state: the steps still to do, the next one last."""

    stack: list[Frame]


S = TypeVar("S", bound=HasStack)

Auto = Callable[[S, Frame], None]
"""An automatic step: runs on the state, may push further steps."""
Legal = Callable[[S, Frame], list[str]]
"""A decision's legal actions now."""
Apply = Callable[[S, Frame, str], None]
"""A decision taking one of its legal actions."""
Explain = Callable[[S, Frame, str], Refusal]
"""Why a decision refuses an action (the rule it breaks)."""
Decision = tuple[Legal[S], Apply[S], Explain[S]]
"""A decision's three functions."""


class Steps(Generic[S]):
    """One game's automatic steps and decisions, on that game's state class ``S``: a rule
    function written for another state is a type error where it registers."""

    def __init__(self) -> None:
        self.auto_steps: dict[str, Auto[S]] = {}
        self.decisions: dict[str, Decision[S]] = {}
        self.families: dict[str, tuple[tuple[str, ...], str]] = {}
        """Per decision kind: the action families (text before the first ':') it can ever
        offer, and the rule that an action of another family breaks (not this decision's turn)."""

    def auto(self, kind: str) -> Callable[[Auto[S]], Auto[S]]:
        """Register the decorated function as the automatic step ``kind``; it is handed the
        frames of that kind only, so it may declare their shape."""

        def deco(fn: Auto[S]) -> Auto[S]:
            self.auto_steps[kind] = fn
            return fn

        return deco

    def decision(self, kind: str, legal: Legal[S], apply: Apply[S], explain: Explain[S], families: tuple[str, ...],
                 rule: str) -> None:
        """Register the decision ``kind``; its functions are handed the frames of that kind only."""
        self.decisions[kind] = (legal, apply, explain)
        self.families[kind] = (families, rule)

    def advance(self, s: S) -> None:
        """Run automatic steps until a decision is on top of the stack (or nothing is left)."""
        stack = s.stack
        auto_steps = self.auto_steps
        while stack:
            fn = auto_steps.get(stack[-1][0])
            if fn is None:
                return
            fn(s, stack.pop())


def push(s: HasStack, *frames: Frame) -> None:
    """Push steps so that the *first* given runs first."""
    s.stack.extend(reversed(frames))
