"""Typed errors of the salon protocol.

Every user mistake (an illegal or malformed action, a broken save file, a bad config or
data file) raises a subclass of :class:`SalonError` with a one-line message; callers show
that message instead of a traceback.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple


class SalonError(Exception):
    """Base class of every error a user can cause.

    The message says it in English (for logs and scripts); ``key`` is the catalog key that
    words it in the player's language (``config.not_integer``, ``record.corrupt``; empty
    where none is given), with ``fields`` as raw values (an option's key, a number)."""

    def __init__(self, message: str, key: str = "", fields: Mapping[str, str | int] | None = None) -> None:
        super().__init__(message)
        self.key = key
        self.fields: dict[str, str | int] = dict(fields or {})

    def __reduce__(self) -> tuple[type[SalonError], tuple[object, ...]]:
        return type(self), (str(self), self.key, self.fields)  # a worker process keeps the key


class Refusal(NamedTuple):
    """Why an action is not legal now, for people to read in their own language.

    ``rule`` is the rule id the action breaks (``PROTOCOL`` for text that is no action of the
    game, or one that is legal), ``reason`` the engine's English sentence (the message of
    :class:`ActionError`).  ``key`` names the reason among the game's reasons (``buy_too_dear``;
    empty where a game gives none), and ``fields`` the values its wording needs, as raw ids and
    numbers (a card id, a cost), never as words: a front end words them through its catalogs.
    A refusal answers the deciding seat about its own options, so its fields hold nothing that
    seat may not know.  A named tuple, cheap to build; the legality checks themselves build
    none (they run on the engine's hot path).
    """

    rule: str
    reason: str
    key: str = ""
    fields: Mapping[str, str | int] = MappingProxyType({})


class ActionError(SalonError):
    """An action was refused; the game state is unchanged.

    ``rule`` names the rule the action breaks (a rule id of ../spec, e.g. ``R-ACT-HIRE-1``,
    or ``PROTOCOL`` for an action that is not well-formed for the current decision).
    ``refusal`` is the whole :class:`Refusal` the engine gave, with its key and fields, so
    that a front end words it without asking the game again.
    """

    def __init__(self, action: object, rule: str, reason: str, refusal: Refusal | None = None) -> None:
        self.action = action
        self.rule = rule
        self.reason = reason
        self.refusal = refusal if refusal is not None else Refusal(rule, reason)
        super().__init__(f"{action!r} refused [{rule}]: {reason}")

    def __reduce__(self) -> tuple[type[ActionError], tuple[object, str, str, Refusal]]:
        why = self.refusal  # its fields may be a read-only view, which does not pickle
        return type(self), (self.action, self.rule, self.reason, Refusal(why.rule, why.reason, why.key,
                                                                         dict(why.fields)))


class IllegalAction(ActionError):
    """A well-formed action that the rules do not allow now."""


class MalformedAction(ActionError):
    """Text that is not an action of this game at all."""


class ConfigError(SalonError):
    """A game configuration that cannot be played (or a command's options that cannot be
    followed); its key words it (``config.*``, ``<game>.config.*``, ``error.*``)."""


class DataError(SalonError):
    """A component data file that is missing, unreadable or inconsistent."""


class RecordError(SalonError):
    """A save file or game record that is unreadable, corrupt or tampered with."""


class EncodingError(SalonError):
    """An observation that does not fit its game's declared vector encoding
    (salon.core.vectors)."""


class PositionError(ConfigError):
    """A position (docs/positions.md) that is malformed or breaks a constraint of the game:
    the message names the field and the constraint."""
