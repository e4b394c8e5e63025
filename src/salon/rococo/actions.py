"""Typed readers of Rococo's action texts (``family:argument``, docs/architecture.md principle 4).

The rules offer ready-made texts (salon.rococo.tables); these parsers read an action back
into what it names: a component's index, a number or a word, one parser per shape of
argument.  A text that names nothing of the game raises MalformedAction, as the protocol
does for any text outside the game's vocabulary.
"""

from __future__ import annotations

from salon.core.errors import MalformedAction
from salon.rococo.tables import Tables


def _unknown(action: str, what: str) -> MalformedAction:
    return MalformedAction(action, "PROTOCOL", f"it names no {what} of this game")


def argument(action: str) -> str:
    """The text after the family: ``tailor`` of ``main:tailor``, ``E17`` of ``play:E17``."""
    return action[action.find(":") + 1:]


def card(t: Tables, action: str) -> int:
    """The employee of ``play:E17``, ``hire:E05``, ``pick:S13``, ``dismiss:E02`` ..."""
    try:
        return t.card_index[action[action.find(":") + 1:]]
    except KeyError:
        raise _unknown(action, "employee") from None


def tile(t: Tables, action: str) -> int:
    """The resource tile of ``take:R12``, ``give:R12``, ``silk:R12``."""
    try:
        return t.tile_index[action[action.find(":") + 1:]]
    except KeyError:
        raise _unknown(action, "resource tile") from None


def garment(t: Tables, action: str) -> int:
    """The garment of ``garment:G07``."""
    try:
        return t.garment_index[action[action.find(":") + 1:]]
    except KeyError:
        raise _unknown(action, "garment") from None


def space(t: Tables, action: str) -> int:
    """The guest space of ``rent:h3s2``."""
    try:
        return t.space_index[action[action.find(":") + 1:]]
    except KeyError:
        raise _unknown(action, "guest space") from None


def decoration(t: Tables, action: str) -> int:
    """The decoration space of ``finance:mu1``."""
    try:
        return t.deco_index[action[action.find(":") + 1:]]
    except KeyError:
        raise _unknown(action, "decoration space") from None


def jewel(t: Tables, action: str) -> int:
    """The jewel of ``jewel:jw3``."""
    try:
        return t.jewel_index[action[action.find(":") + 1:]]
    except KeyError:
        raise _unknown(action, "jewel") from None


def number(action: str) -> int:
    """The count of ``sets:3``, the hall of ``hall:2``."""
    text = action[action.find(":") + 1:]
    if not text.isdigit():
        raise MalformedAction(action, "PROTOCOL", "it names no number")
    return int(text)


def terrace_move(t: Tables, action: str) -> tuple[int, int]:
    """The garment and the decoration space of ``terrace:G07:st2``."""
    parts = action.split(":")
    if len(parts) != 3:
        raise MalformedAction(action, "PROTOCOL", "a terrace move names a garment and a decoration space")
    try:
        return t.garment_index[parts[1]], t.deco_index[parts[2]]
    except KeyError:
        raise _unknown(action, "garment or decoration space") from None
