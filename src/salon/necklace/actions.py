"""Typed readers of The Queen's Necklace's action texts (``family:argument``, docs/architecture.md
principle 4).

The rules offer ready-made texts; these parsers read an action back into what it names (a
card's index, a seat, a gem type's index), one parser per shape of action.  A text that
names nothing of the game raises MalformedAction, as the protocol does for any text outside
the game's vocabulary.
"""

from __future__ import annotations

from salon.core.errors import MalformedAction
from salon.necklace.pieces import DataSet
from salon.necklace.state import EMPTY


def _malformed(action: str, why: str) -> MalformedAction:
    return MalformedAction(action, "PROTOCOL", why)


def _card(ds: DataSet, action: str, name: str) -> int:
    try:
        return ds.card_index[name]
    except KeyError:
        raise _malformed(action, f"it names no card of this game ({name!r})") from None


def _gem(ds: DataSet, action: str, name: str) -> int:
    try:
        return ds.gem_names.index(name)
    except ValueError:
        raise _malformed(action, f"it names no gem type of this game ({name!r})") from None


def card(ds: DataSet, action: str) -> int:
    """The card of ``buy:<card>`` or ``discard:<card>``."""
    try:
        return ds.card_index[action[action.find(":") + 1:]]
    except KeyError:
        raise _malformed(action, "it names no card of this game") from None


def presented(ds: DataSet, action: str) -> tuple[int, int]:
    """The card of ``present:<card>`` or ``present:<card>:<gem>``, and the gem type of the lot
    it joins (EMPTY when the text names none)."""
    parts = action.split(":")
    if len(parts) == 2:
        return _card(ds, action, parts[1]), EMPTY
    if len(parts) == 3:
        return _card(ds, action, parts[1]), _gem(ds, action, parts[2])
    raise _malformed(action, "a presentation names a card and, for a card of no gem type, a gem type")


def alchemy(ds: DataSet, action: str) -> tuple[int, int]:
    """The presented card and the gem type it turns into, of ``alchemist:<card>:<gem>``."""
    parts = action.split(":")
    if len(parts) != 3:
        raise _malformed(action, "the Alchemist names a presented card and a gem type")
    return _card(ds, action, parts[1]), _gem(ds, action, parts[2])


def played(ds: DataSet, action: str) -> tuple[str, int, int]:
    """The influence card's kind, the target seat and the gem type of ``play:<kind>``,
    ``play:<kind>:<seat>``, ``play:<kind>:<gem>`` (the Favorite) or
    ``play:forger:<seat>:<gem>``; EMPTY where the text names no seat or gem type."""
    parts = action.split(":")
    n = len(parts)
    if n == 2:
        return parts[1], EMPTY, EMPTY
    if n == 3:
        if parts[2].isdigit():
            return parts[1], int(parts[2]), EMPTY
        return parts[1], EMPTY, _gem(ds, action, parts[2])
    if n == 4 and parts[2].isdigit():
        return parts[1], int(parts[2]), _gem(ds, action, parts[3])
    raise _malformed(action, "an influence card is played as 'play:<kind>', with the seat and gem type it names")
