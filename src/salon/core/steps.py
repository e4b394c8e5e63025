"""The step machine that drives a game engine.

A game's state keeps a ``stack`` of the steps still to do.  A step is a tuple
``(kind, seat, *args)`` of plain ints and strings (so that it serialises with the state).
*Automatic* steps run without input and may push further steps; *decisions* wait for one
action of their seat.  Each game owns one :class:`Steps` registry; its rules modules register
the steps they define there, under the names used in their frames.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from salon.core.errors import Refusal

Frame = tuple[Any, ...]
"""A step of any kind; each game names the shape of each of its kinds (its ``frames`` module)."""


class HasStack(Protocol):
    stack: list[Frame]


State = Any  # each game's own state class
# The registry holds every kind's functions together: the frame each one takes is known by
# its kind only, at run time.
Auto = Callable[[State, Any], None]
Legal = Callable[[State, Any], list[str]]
Apply = Callable[[State, Any, str], None]
Explain = Callable[[State, Any, str], Refusal]
F = TypeVar("F", bound=Frame)
S = TypeVar("S")


class Steps:
    """One game's automatic steps and decisions."""

    def __init__(self) -> None:
        self.auto_steps: dict[str, Auto] = {}
        self.decisions: dict[str, tuple[Legal, Apply, Explain]] = {}
        self.families: dict[str, tuple[tuple[str, ...], str]] = {}
        """Per decision kind: the action families (text before the first ':') it can ever
        offer, and the rule that an action of another family breaks (not this decision's turn)."""

    def auto(self, kind: str) -> Callable[[Callable[[S, F], None]], Callable[[S, F], None]]:
        """Register the decorated function as the automatic step ``kind``; it is handed the
        frames of that kind only, so it may declare their shape."""

        def deco(fn: Callable[[S, F], None]) -> Callable[[S, F], None]:
            self.auto_steps[kind] = fn
            return fn

        return deco

    def decision(self, kind: str, legal: Callable[[S, F], list[str]], apply: Callable[[S, F, str], None],
                 explain: Callable[[S, F, str], Refusal], families: tuple[str, ...], rule: str) -> None:
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
