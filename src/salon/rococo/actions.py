"""Typed readers of Rococo's action texts (``family:argument``, ARCHITECTURE.md principle 4).

The rules offer ready-made texts (salon.rococo.tables); these parsers read an action back
into what it names: a component's index, a number or a word, one parser per shape of
argument.  A text that names nothing of the game raises MalformedAction, as the protocol
does for any text outside the game's vocabulary.
"""

from __future__ import annotations

from salon.core.errors import MalformedAction
from salon.rococo.tables import Tables

_MISSING = -1


def _unknown(action: str, what: str) -> MalformedAction:
    return MalformedAction(action, "PROTOCOL", f"it names no {what} of this game")


def argument(action: str) -> str:
    """The text after the family: ``tailor`` of ``main:tailor``, ``E17`` of ``play:E17``."""
    return action[action.find(":") + 1:]


def card(t: Tables, action: str) -> int:
    """The employee of ``play:E17``, ``hire:E05``, ``pick:S13``, ``dismiss:E02`` ..."""
    c = t.card_index.get(action[action.find(":") + 1:], _MISSING)
    if c == _MISSING:
        raise _unknown(action, "employee")
    return c


def tile(t: Tables, action: str) -> int:
    """The resource tile of ``take:R12``, ``give:R12``, ``silk:R12``."""
    x = t.tile_index.get(action[action.find(":") + 1:], _MISSING)
    if x == _MISSING:
        raise _unknown(action, "resource tile")
    return x


def garment(t: Tables, action: str) -> int:
    """The garment of ``garment:G07``."""
    g = t.garment_index.get(action[action.find(":") + 1:], _MISSING)
    if g == _MISSING:
        raise _unknown(action, "garment")
    return g


def space(t: Tables, action: str) -> int:
    """The guest space of ``rent:h3s2``."""
    i = t.space_index.get(action[action.find(":") + 1:], _MISSING)
    if i == _MISSING:
        raise _unknown(action, "guest space")
    return i


def decoration(t: Tables, action: str) -> int:
    """The decoration space of ``finance:mu1``."""
    d = t.deco_index.get(action[action.find(":") + 1:], _MISSING)
    if d == _MISSING:
        raise _unknown(action, "decoration space")
    return d


def jewel(t: Tables, action: str) -> int:
    """The jewel of ``jewel:jw3``."""
    j = t.jewel_index.get(action[action.find(":") + 1:], _MISSING)
    if j == _MISSING:
        raise _unknown(action, "jewel")
    return j


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
    g = t.garment_index.get(parts[1], _MISSING)
    d = t.deco_index.get(parts[2], _MISSING)
    if g == _MISSING or d == _MISSING:
        raise _unknown(action, "garment or decoration space")
    return g, d
