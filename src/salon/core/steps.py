"""The step machine that drives a game engine.

A game's state keeps a ``stack`` of the steps still to do.  A step is a tuple
``(kind, seat, *args)`` of plain ints and strings (so that it serialises with the state).
*Automatic* steps run without input and may push further steps; *decisions* wait for one
action of their seat.  Each game owns one :class:`Steps` registry; its rules modules register
the steps they define there, under the names used in their frames.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol


class HasStack(Protocol):
    stack: list[tuple]


Frame = tuple
State = Any  # each game's own state class
Legal = Callable[[State, Frame], list[str]]
Apply = Callable[[State, Frame, str], None]
Explain = Callable[[State, Frame, str], tuple[str, str]]


class Steps:
    """One game's automatic steps and decisions."""

    def __init__(self) -> None:
        self.auto_steps: dict[str, Callable[[State, Frame], None]] = {}
        self.decisions: dict[str, tuple[Legal, Apply, Explain]] = {}
        self.families: dict[str, tuple[tuple[str, ...], str]] = {}
        """Per decision kind: the action families (text before the first ':') it can ever
        offer, and the rule that an action of another family breaks (not this decision's turn)."""

    def auto(self, kind: str) -> Callable[[Callable[[State, Frame], None]], Callable[[State, Frame], None]]:
        def deco(fn: Callable[[State, Frame], None]) -> Callable[[State, Frame], None]:
            self.auto_steps[kind] = fn
            return fn

        return deco

    def decision(self, kind: str, legal: Legal, apply: Apply, explain: Explain,
                 families: tuple[str, ...], rule: str) -> None:
        self.decisions[kind] = (legal, apply, explain)
        self.families[kind] = (families, rule)

    def advance(self, s: HasStack) -> None:
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
