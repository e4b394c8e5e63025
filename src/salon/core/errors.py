"""Typed errors of the salon protocol.

Every user mistake (an illegal or malformed action, a broken save file, a bad config or
data file) raises a subclass of :class:`SalonError` with a one-line message; callers show
that message instead of a traceback.
"""

from __future__ import annotations


class SalonError(Exception):
    """Base class of every error a user can cause."""


class ActionError(SalonError):
    """An action was refused; the game state is unchanged.

    ``rule`` names the rule the action breaks (a rule id of ../spec, e.g. ``R-ACT-HIRE-1``,
    or ``PROTOCOL`` for an action that is not well-formed for the current decision).
    """

    def __init__(self, action: str, rule: str, reason: str) -> None:
        self.action = action
        self.rule = rule
        self.reason = reason
        super().__init__(f"{action!r} refused [{rule}]: {reason}")


class IllegalAction(ActionError):
    """A well-formed action that the rules do not allow now."""


class MalformedAction(ActionError):
    """Text that is not an action of this game at all."""


class ConfigError(SalonError):
    """A game configuration that cannot be played."""


class DataError(SalonError):
    """A component data file that is missing, unreadable or inconsistent."""


class RecordError(SalonError):
    """A save file or game record that is unreadable, corrupt or tampered with."""


class PositionError(ConfigError):
    """A position (docs/positions.md) that is malformed or breaks a constraint of the game:
    the message names the field and the constraint."""
