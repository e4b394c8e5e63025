"""What every game's position format shares (docs/architecture.md principle 11, docs/positions.md).

A position file names components by their printed ids and seats by number; each game's
``position`` module maps it to and from its state.  This module gives those modules the
checks every format needs, each refusing with a :class:`PositionError` that says where in
the file the fault lies: reading typed fields, resolving ids, placing each component in
exactly one place, filling omitted hidden piles with a seeded shuffle, and writing the
pending steps (the state's step stack) with component ids in place of indices.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from salon.core.errors import ConfigError, PositionError
from salon.core.game import game_seed
from salon.core.rng import BaseRng, rng_from_json
from salon.core.steps import Decision, Frame, HasStack

S = TypeVar("S", bound=HasStack)

FORMAT = 1
"""The version of the position formats; a file names it under ``"format"``."""


def header(data: Any, game: str, keys: Sequence[str]) -> dict[str, Any]:
    """The position ``data`` as a mapping of ``game`` in a known format, with no key outside
    ``keys`` (a misspelt key would otherwise be ignored unnoticed)."""
    if not isinstance(data, dict):
        raise PositionError(f"a position is a JSON object, not {type(data).__name__}")
    if data.get("game", game) != game:
        raise PositionError(f"this is a position of {data.get('game')!r}, not of {game!r}")
    if data.get("format", FORMAT) != FORMAT:
        raise PositionError(f"position format {data.get('format')!r} is unknown; this salon reads format {FORMAT}")
    extra = sorted(set(data) - set(keys))
    if extra:
        raise PositionError(f"unknown field {extra[0]!r}; the fields of a {game} position are {', '.join(keys)}")
    return data


def known(data: dict[str, Any], keys: Sequence[str], where: str) -> dict[str, Any]:
    """``data`` (a mapping found at ``where``) with no key outside ``keys``."""
    if not isinstance(data, dict):
        raise PositionError(f"{where}: expected an object, not {type(data).__name__}")
    extra = sorted(set(data) - set(keys))
    if extra:
        raise PositionError(f"{where}: unknown field {extra[0]!r}; known fields: {', '.join(keys)}")
    return data


def integer(value: Any, where: str, low: int | None = None, high: int | None = None) -> int:
    """``value`` as an integer within [low, high] (bounds given as None are open)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(f"{where}: expected an integer, not {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        span = f"from {low}" if high is None else f"up to {high}" if low is None else f"from {low} to {high}"
        raise PositionError(f"{where}: {value} is out of range (expected {span})")
    return value


def text(value: Any, where: str, choices: Sequence[str] | None = None) -> str:
    if not isinstance(value, str):
        raise PositionError(f"{where}: expected a string, not {value!r}")
    if choices is not None and value not in choices:
        raise PositionError(f"{where}: {value!r} is not one of {', '.join(choices)}")
    return value


def array(value: Any, where: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        raise PositionError(f"{where}: expected a list, not {value!r}")
    if length is not None and len(value) != length:
        raise PositionError(f"{where}: expected {length} entries, not {len(value)}")
    return value


def seat(value: Any, where: str, seats: int, empty: bool = False) -> int:
    """A seat number of a game with ``seats`` seats; with ``empty``, None stands for nobody (-1)."""
    if empty and value is None:
        return -1
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < seats:
        nobody = " or null" if empty else ""
        raise PositionError(f"{where}: {value!r} is not a seat (the seats are 0 to {seats - 1}{nobody})")
    return value


class Kind:
    """One kind of component: its noun for messages and its printed ids, by index."""

    def __init__(self, noun: str, ids: Sequence[str]) -> None:
        self.noun = noun
        self.ids = tuple(ids)
        self.index = {c: i for i, c in enumerate(self.ids)}

    def name(self, index: int) -> str | None:
        """The printed id of ``index``, None for an empty space (-1)."""
        return None if index < 0 else self.ids[index]

    def names(self, indices: Sequence[int]) -> list[str | None]:
        return [self.name(i) for i in indices]

    def look_up(self, value: Any, where: str) -> int:
        """The index of the printed id ``value``."""
        found = self.index.get(value) if isinstance(value, str) else None
        if found is None:
            some = ", ".join(self.ids[:3])
            raise PositionError(f"{where}: {value!r} is no {self.noun} of this game (its {self.noun}s are {some}, …)")
        return found


class Places:
    """Where each component has been put while a position is read: a component named in two
    places, or twice in one, is refused with both places in the message."""

    def __init__(self) -> None:
        self._where: dict[tuple[str, int], str] = {}

    def put(self, kind: Kind, value: Any, where: str, place: str) -> int:
        """Place the component ``value`` (a printed id read at ``where``) in ``place``."""
        i = kind.look_up(value, where)
        before = self._where.get((kind.noun, i))
        if before == place:
            raise PositionError(f"{place} holds {value} twice")
        if before is not None:
            raise PositionError(f"{kind.noun} {value} is both in {before} and in {place}")
        self._where[(kind.noun, i)] = place
        return i

    def pile(self, kind: Kind, value: Any, where: str, place: str) -> list[int]:
        """A list of printed ids placed together (a hand, a bag)."""
        return [self.put(kind, v, f"{where}[{k}]", place) for k, v in enumerate(array(value, where))]

    def spaces(self, kind: Kind, value: Any, where: str, place: str, length: int) -> list[int]:
        """A row of spaces, each holding one component or null (-1)."""
        row = array(value, where, length)
        return [-1 if v is None else self.put(kind, v, f"{where}[{k}]", f"{place} {k}") for k, v in enumerate(row)]

    def placed(self, kind: Kind) -> set[int]:
        return {i for noun, i in self._where if noun == kind.noun}

    def left(self, kind: Kind, among: Sequence[int] | None = None) -> list[int]:
        """The components of ``kind`` (of ``among`` if given) placed nowhere yet, in index order."""
        taken = self.placed(kind)
        return [i for i in (range(len(kind.ids)) if among is None else among) if i not in taken]


def hidden_pile(section: dict[str, Any], key: str, places: Places, kind: Kind, place: str,
                fill: Callable[[], list[int]] | None = None, top_first: bool = False) -> list[int]:
    """A hidden pile of ``section``: as listed when present (a draw pile, ``top_first``, is
    listed in drawing order, the state keeps its top last); when omitted, what ``fill`` gives
    (the leftover components, shuffled, in the state's order) or nothing."""
    if key in section:
        pile = places.pile(kind, section[key], f"hidden.{key}", place)
        return pile[::-1] if top_first else pile
    pile = fill() if fill is not None else []
    for i in pile:
        places.put(kind, kind.ids[i], f"hidden.{key}", place)
    return pile


def shuffled(rng: BaseRng, items: list[int]) -> list[int]:
    rng.shuffle(items)
    return items


def complete(places: Places, kind: Kind, among: Sequence[int] | None = None) -> None:
    """Every component of ``kind`` (of ``among``) has a place."""
    missing = places.left(kind, among)
    if missing:
        names = ", ".join(kind.ids[i] for i in missing[:5])
        more = f" and {len(missing) - 5} more" if len(missing) > 5 else ""
        raise PositionError(f"{kind.noun} {names}{more} placed nowhere: "
                            f"every {kind.noun} of the game must have a place")


Codec = tuple[Callable[[int], Any], Callable[[Any, str], int]]
"""How one kind of step argument is written (index -> JSON) and read (JSON, where -> index)."""


def codec(kind: Kind) -> Codec:
    return kind.name, kind.look_up


def plain_int(value: Any, where: str) -> int:
    return integer(value, where)


INT: Codec = (lambda v: v, plain_int)


def write_steps(stack: Sequence[Frame], shapes: Mapping[str, str],
                codecs: Mapping[str, Codec]) -> list[list[Any]]:
    """The step stack as a list, the step now (the decision) first; each step ``[kind, *args]``
    with its arguments written by ``codecs`` as ``shapes`` says (see :func:`read_steps`)."""
    out = []
    for frame in reversed(stack):
        kinds = _arg_kinds(shapes[frame[0]], len(frame) - 1)
        out.append([frame[0], *(a if k == "str" else codecs[k][0](a) for k, a in zip(kinds, frame[1:]))])
    return out


def read_steps(value: Any, shapes: Mapping[str, str], codecs: Mapping[str, Codec]) -> list[Frame]:
    """The step stack from :func:`write_steps`' form.  ``shapes`` gives each step kind's
    arguments as space-separated codec names (``"seat card int?"``): a trailing ``?`` marks an
    optional last argument, ``*`` any number of them; ``str`` is a plain string."""
    frames: list[Frame] = []
    for k, step in enumerate(array(value, "pending")):
        where = f"pending[{k}]"
        if not isinstance(step, list) or not step or not isinstance(step[0], str):
            raise PositionError(f"{where}: a step is a list [kind, arguments...], not {step!r}")
        shape = shapes.get(step[0])
        if shape is None:
            raise PositionError(f"{where}: {step[0]!r} is no step of this game")
        args = step[1:]
        kinds = _arg_kinds(shape, len(args))
        if len(kinds) != len(args):
            raise PositionError(f"{where}: the step {step[0]!r} takes the arguments {shape or 'none'}")
        frames.append((step[0], *(
            text(a, f"{where}[{i + 1}]") if kind == "str" else codecs[kind][1](a, f"{where}[{i + 1}]")
            for i, (kind, a) in enumerate(zip(kinds, args)))))
    frames.reverse()
    return frames


def _arg_kinds(shape: str, count: int) -> list[str]:
    """The codec of each of ``count`` arguments under ``shape`` (shorter when ``count`` does
    not fit it, which the caller refuses)."""
    parts = shape.split()
    fixed = [p for p in parts if not p.endswith(("?", "*"))]
    if parts and parts[-1].endswith("*"):
        return fixed + [parts[-1][:-1]] * max(0, count - len(fixed))
    if parts and parts[-1].endswith("?") and count == len(parts):
        return fixed + [parts[-1][:-1]]
    return fixed


def check_decision(s: S, decisions: Mapping[str, Decision[S]]) -> None:
    """A game that is not over waits for a decision with at least one legal action: from a
    position whose pending decision offers none, the game could never go on."""
    if s.stack and s.stack[-1][0] in decisions:
        frame = s.stack[-1]
        try:
            legal = decisions[frame[0]][0](s, frame)
        except (LookupError, ValueError, AssertionError) as e:
            raise PositionError(f"pending[0]: the decision {frame[0]!r} cannot be asked in this position "
                                f"({type(e).__name__}: {e})") from None
        if not legal:
            raise PositionError(f"pending[0]: the decision {frame[0]!r} has no legal action in this position")


def read_seed(data: dict[str, Any]) -> int:
    """The position's ``seed`` (default 0), any seed a new game accepts (:func:`game_seed`)."""
    value = data.get("seed", 0)
    if value is None or isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(f"seed: expected an integer, not {value!r}")
    try:
        return game_seed(value)
    except ConfigError as e:
        raise PositionError(str(e)) from None


def read_rng(data: dict[str, Any], default: BaseRng) -> BaseRng:
    """The generator a position continues with: its ``rng`` (a generator's state, as
    :meth:`BaseRng.to_json` writes it) if given, else ``default``."""
    if "rng" not in data:
        return default
    try:
        return rng_from_json(data["rng"])
    except (TypeError, ValueError) as e:
        raise PositionError(f"rng: not a generator's state ({e})") from None


def counts(value: Any, where: str) -> dict[str, int]:
    """A mapping of names to integers (points by scoring category, say)."""
    if not isinstance(value, dict):
        raise PositionError(f"{where}: expected an object of integers, not {value!r}")
    return {str(key): integer(v, f"{where}.{key}") for key, v in value.items()}


def dumps(data: dict[str, Any]) -> str:
    """A position as JSON text for people to read and edit: one field a line, each list of
    plain values (a hand, a bag, a step) and each short object of plain values (a market slot)
    on one line."""

    def write(value: Any, indent: str) -> str:
        inner = indent + "  "
        flat = json.dumps(value, ensure_ascii=False)
        if isinstance(value, dict) and value and (len(flat) > 60 or any(isinstance(v, dict | list)
                                                                         for v in value.values())):
            fields = ",\n".join(f"{inner}{json.dumps(k)}: {write(v, inner)}" for k, v in value.items())
            return "{\n" + fields + "\n" + indent + "}"
        if isinstance(value, list) and any(isinstance(v, dict | list) for v in value):
            items = ",\n".join(inner + write(v, inner) for v in value)
            return "[\n" + items + "\n" + indent + "]"
        return flat

    return write(data, "") + "\n"
