"""Fixed-size numeric vectors of a seat's observation, declared per game as data.

A learning algorithm needs every observation of a game and config as a vector of one fixed
length, and a trained policy needs that layout never to shift under it.  Each game declares
the shape of what :meth:`Game.observe` shows as a tree of the fields below (the game's
``encoding`` plug-in part, a function of its config); this module turns an observation into
the vector, lists the layout as rows (offset, size, path, meaning) for the documentation,
and hashes it into a version.  Encoding is strict: an observation key, a token or a list
longer than the declaration allows raises :class:`EncodingError` instead of being dropped,
so that the vector carries exactly what the seat was shown, and nothing else (it is
computed from the observation alone).

Seats are encoded relative to the viewer (the viewer first, then clockwise), so that a
policy sees the same layout from every seat.
"""

from __future__ import annotations

import hashlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from functools import cached_property
from typing import Any

import numpy as np
import numpy.typing as npt

from salon.core.errors import SalonError

Vector = npt.NDArray[np.float32]
FLOAT32 = np.dtype(np.float32)
"""The vectors' element type as a dtype object: ``np.frombuffer`` takes it at half the cost of
the scalar type, which counts at a step's scale."""

Where = tuple[Any, ...]
"""Where a value lies in the observation, built cheaply while encoding and spelt out only in
an error: ``()`` for the root, ``(parent, key)`` below it."""


def spelt(where: Where) -> str:
    """A :data:`Where` as a path (``.board.windows[2].garment``)."""
    parts: list[str] = []
    while where:
        where, key = where
        parts.append(f"[{key}]" if isinstance(key, int) else f".{key}")
    return "".join(reversed(parts)) or "observation"


class EncodingError(SalonError):
    """An observation that does not fit its game's declared encoding."""


@dataclass(frozen=True)
class Row:
    """One field of a layout: where it lies in the vector and what it holds."""

    offset: int
    size: int
    path: str
    meaning: str


class Field(ABC):
    """One part of an observation's declared shape."""

    @property
    @abstractmethod
    def size(self) -> int:
        """How many numbers the field takes."""

    @abstractmethod
    def write(self, value: Any, viewer: int, out: Vector, at: int, path: Where) -> None:
        """Write ``value`` (None: absent) into ``out[at:at + size]``, which holds zeros;
        ``path`` says where ``value`` lies, for an error."""

    def rows(self, path: str, at: int) -> list[Row]:
        """The layout rows of this field placed at ``at``."""
        return [Row(at, self.size, path, self.meaning())]

    def meaning(self) -> str:
        return ""


class Const(Field):
    """A value every observation of one seat shows alike (the game's name, the viewer's own
    seat): it tells nothing and takes no room."""

    size = 0

    def write(self, value: Any, viewer: int, out: Vector, at: int, path: Where) -> None:
        return None

    def rows(self, path: str, at: int) -> list[Row]:
        return []


@dataclass(frozen=True)
class Num(Field):
    """A number (or a truth value) divided by ``scale``, so that typical values lie near 0..1."""

    scale: float = 1.0

    @cached_property
    def size(self) -> int:
        return 1

    def write(self, value: Any, viewer: int, out: Vector, at: int, path: Where) -> None:
        if value is None:
            return
        if not isinstance(value, int | float):
            raise EncodingError(f"{spelt(path)}: {value!r} is not a number")
        out[at] = float(value) / self.scale

    def meaning(self) -> str:
        return "number" if self.scale == 1 else f"number / {self.scale:g}"


@dataclass(frozen=True)
class Opt(Field):
    """A field that may be absent (None, or a key the observation leaves out): one slot that
    is 1 when present, then the field, so that absent and zero differ."""

    field: Field

    @cached_property
    def size(self) -> int:
        return 1 + self.field.size

    def write(self, value: Any, viewer: int, out: Vector, at: int, path: Where) -> None:
        if value is not None:
            out[at] = 1.0
            self.field.write(value, viewer, out, at + 1, path)

    def rows(self, path: str, at: int) -> list[Row]:
        return [Row(at, 1, path + "?", "1 if present")] + self.field.rows(path, at + 1)


@dataclass(frozen=True)
class Token(Field):
    """One text out of a fixed vocabulary: one-hot (all zero when absent)."""

    vocabulary: tuple[str, ...]
    _index: dict[str, int] = dataclass_field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {t: i for i, t in enumerate(self.vocabulary)})

    @cached_property
    def size(self) -> int:
        return len(self.vocabulary)

    def index(self, value: Any, path: Where) -> int:
        found = self._index.get(value) if isinstance(value, str) else None
        if found is None:
            raise EncodingError(f"{spelt(path)}: {value!r} is not one of the {len(self.vocabulary)} declared values")
        return found

    def write(self, value: Any, viewer: int, out: Vector, at: int, path: Where) -> None:
        if value is not None:
            out[at + self.index(value, path)] = 1.0

    def meaning(self) -> str:
        return f"one-hot of {_listing(self.vocabulary)}"


@dataclass(frozen=True)
class Bag(Field):
    """A list of texts whose order tells nothing (a hand, a discard pile): how many times
    each vocabulary entry occurs.  With ``key``, the items are mappings named by that key
    (a card shown as its id with its printed values, which the id fixes)."""

    token: Token
    key: str | None = None

    @cached_property
    def size(self) -> int:
        return self.token.size

    def write(self, value: Any, viewer: int, out: Vector, at: int, path: Where) -> None:
        for item in _items(value, path):
            if self.key is not None:
                if not isinstance(item, dict):
                    raise EncodingError(f"{spelt(path)}: {item!r} is not a mapping")
                item = item.get(self.key)
            out[at + self.token.index(item, path)] += 1.0

    def meaning(self) -> str:
        return f"count of each of {_listing(self.token.vocabulary)}"


@dataclass(frozen=True)
class Seat(Field):
    """A seat number, one-hot relative to the viewer (slot 0: the viewer, then clockwise)."""

    seats: int

    @cached_property
    def size(self) -> int:
        return self.seats

    def write(self, value: Any, viewer: int, out: Vector, at: int, path: Where) -> None:
        if value is None:
            return
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < self.seats:
            raise EncodingError(f"{spelt(path)}: {value!r} is not a seat")
        out[at + (value - viewer) % self.seats] = 1.0

    def meaning(self) -> str:
        return "seat one-hot, relative to the viewer"


@dataclass(frozen=True)
class Record(Field):
    """A mapping with declared keys, each its own field, in the declared order."""

    fields: tuple[tuple[str, Field], ...]
    _placed: dict[str, tuple[Field, int]] = dataclass_field(init=False, repr=False, compare=False)
    _size: int = dataclass_field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        placed = {}
        at = 0
        for key, field in self.fields:
            placed[key] = (field, at)
            at += field.size
        object.__setattr__(self, "_placed", placed)
        object.__setattr__(self, "_size", at)

    @cached_property
    def size(self) -> int:
        return self._size

    def write(self, value: Any, viewer: int, out: Vector, at: int, path: Where) -> None:
        if value is None:
            return
        if not isinstance(value, dict):
            raise EncodingError(f"{spelt(path)}: {value!r} is not a mapping")
        placed = self._placed
        for key, item in value.items():
            found = placed.get(key)
            if found is None:
                raise EncodingError(f"{spelt(path)}: undeclared key {key!r}")
            if item is not None:
                found[0].write(item, viewer, out, at + found[1], (path, key))

    def rows(self, path: str, at: int) -> list[Row]:
        rows: list[Row] = []
        for key, field in self.fields:
            rows += field.rows(f"{path}.{key}", at)
            at += field.size
        return rows


def record(**fields: Field) -> Record:
    """A :class:`Record` from keyword fields, in their order."""
    return Record(tuple(fields.items()))


@dataclass(frozen=True)
class Keyed(Field):
    """A mapping whose keys come from a fixed list (guest spaces, decorations): each key's
    field in the list's order; a key left out is absent."""

    keys: tuple[str, ...]
    field: Field
    _index: dict[str, int] = dataclass_field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {k: i for i, k in enumerate(self.keys)})

    @cached_property
    def size(self) -> int:
        return len(self.keys) * self.field.size

    def write(self, value: Any, viewer: int, out: Vector, at: int, path: Where) -> None:
        if value is None:
            return
        if not isinstance(value, dict):
            raise EncodingError(f"{spelt(path)}: {value!r} is not a mapping")
        step = self.field.size
        for key, item in value.items():
            i = self._index.get(key)
            if i is None:
                raise EncodingError(f"{spelt(path)}: undeclared key {key!r}")
            self.field.write(item, viewer, out, at + i * step, (path, key))

    def rows(self, path: str, at: int) -> list[Row]:
        if self.field.size == 0:
            return []
        inner = self.field.rows(f"{path}.<key>", 0)
        detail = "; ".join(f"{r.path.removeprefix(path + '.<key>') or 'value'}: {r.meaning}" for r in inner)
        return [Row(at, self.size, f"{path}.<key>",
                    f"{self.field.size} per key of {_listing(self.keys)} ({detail})")]


@dataclass(frozen=True)
class Slots(Field):
    """A list of at most ``length`` items whose positions matter (windows, a display): each
    position's field in turn; positions past the list's end are absent."""

    length: int
    field: Field

    @cached_property
    def size(self) -> int:
        return self.length * self.field.size

    def write(self, value: Any, viewer: int, out: Vector, at: int, path: Where) -> None:
        items = _items(value, path)
        step = self.field.size
        if len(items) > self.length:
            raise EncodingError(f"{spelt(path)}: {len(items)} items, at most {self.length} declared")
        for i, item in enumerate(items):
            self.field.write(item, viewer, out, at + i * step, (path, i))

    def rows(self, path: str, at: int) -> list[Row]:
        if self.field.size == 0:
            return []
        inner = self.field.rows(f"{path}[i]", 0)
        detail = "; ".join(f"{r.path.removeprefix(path + '[i]') or 'value'}: {r.meaning}" for r in inner)
        return [Row(at, self.size, f"{path}[i]", f"{self.length} positions of {self.field.size} ({detail})")]


@dataclass(frozen=True)
class Seats(Field):
    """A list indexed by seat, reordered relative to the viewer: the viewer's entry first."""

    seats: int
    field: Field

    @cached_property
    def size(self) -> int:
        return self.seats * self.field.size

    def write(self, value: Any, viewer: int, out: Vector, at: int, path: Where) -> None:
        items = _items(value, path)
        step = self.field.size
        if value is not None and len(items) != self.seats:
            raise EncodingError(f"{spelt(path)}: {len(items)} entries for {self.seats} seats")
        for seat, item in enumerate(items):
            relative = (seat - viewer) % self.seats
            self.field.write(item, viewer, out, at + relative * step, (path, seat))

    def rows(self, path: str, at: int) -> list[Row]:
        rows: list[Row] = []
        for relative in range(self.seats):
            rows += self.field.rows(f"{path}[viewer+{relative}]", at + relative * self.field.size)
        return rows


@dataclass(frozen=True)
class SeatMap(Field):
    """A mapping keyed by seat numbers as texts (``{"2": ...}``), placed relative to the
    viewer like :class:`Seats`; a seat left out is absent."""

    seats: int
    field: Field

    @cached_property
    def size(self) -> int:
        return self.seats * self.field.size

    def write(self, value: Any, viewer: int, out: Vector, at: int, path: Where) -> None:
        if value is None:
            return
        if not isinstance(value, dict):
            raise EncodingError(f"{spelt(path)}: {value!r} is not a mapping")
        for key, item in value.items():
            if key not in {str(s) for s in range(self.seats)}:
                raise EncodingError(f"{spelt(path)}: {key!r} is not a seat")
            relative = (int(key) - viewer) % self.seats
            self.field.write(item, viewer, out, at + relative * self.field.size, (path, key))

    def rows(self, path: str, at: int) -> list[Row]:
        rows: list[Row] = []
        for relative in range(self.seats):
            rows += self.field.rows(f"{path}.<viewer+{relative}>", at + relative * self.field.size)
        return rows


def locate(field: Field, *keys: str) -> tuple[Field, int]:
    """The field under the record keys ``keys`` of ``field`` and its offset from ``field``'s
    start, for a game's direct encoder (:attr:`Encoding.direct`) that writes the declared layout
    without the observation: an optional record on the way is passed through (its 1 lies just
    before the record), an optional field at the end is returned as it is."""
    at = 0
    for key in keys:
        while isinstance(field, Opt):
            field, at = field.field, at + 1
        if not isinstance(field, Record):
            raise KeyError(f"{key!r}: {type(field).__name__} is no record")
        field, offset = field._placed[key]
        at += offset
    return field, at


def positions(token: Token, values: Sequence[Any]) -> list[int | None]:
    """Each value's slot in ``token``'s one-hot (None for a value outside its vocabulary), so
    that a direct encoder indexes by a component's table index instead of its text."""
    return [token._index.get(v) for v in values]


DirectEncoder = Callable[[Any, int], Vector]
"""``direct(game, viewer)``: the vector :meth:`Encoding.encode` makes of ``game.observe(viewer)``,
written from the game's state without building the observation.  It raises
:class:`DirectMiss` where it cannot tell (something outside the declaration), and the
reference encoder then decides (it raises :class:`EncodingError` for what does not fit)."""


class DirectMiss(Exception):
    """A direct encoder met a state it cannot encode on its own."""


@dataclass(frozen=True)
class Encoding:
    """A game's encoding for one config: its root field and the table of its layout.
    ``direct``, where the game supplies one, is a faster encoder of the same vectors straight
    from the game's state (the learning environments use it; the tests compare it with
    :meth:`encode` on every step of many games)."""

    root: Field
    seats: int
    direct: DirectEncoder | None = dataclass_field(default=None, compare=False, repr=False)

    @cached_property
    def size(self) -> int:
        return self.root.size

    def encode(self, observation: dict[str, Any], viewer: int) -> Vector:
        """The vector of what seat ``viewer`` was shown (the reference encoder)."""
        out = np.zeros(self.size, dtype=np.float32)
        self.root.write(observation, viewer, out, 0, ())
        return out

    def vector(self, game: Any, viewer: int) -> Vector:
        """The vector of ``game.observe(viewer)``: by the direct encoder where there is one
        (the reference encoder where it misses), otherwise by :meth:`encode`."""
        if self.direct is not None:
            try:
                return self.direct(game, viewer)
            except (DirectMiss, LookupError, TypeError, AttributeError):
                pass
        return self.encode(game.observe(viewer), viewer)

    def check(self, game: Any, viewer: int) -> Vector:
        """:meth:`vector`, checked against the reference encoder: EncodingError where the
        direct encoder disagrees with the declaration (a key the game's view gained, say)."""
        reference = self.encode(game.observe(viewer), viewer)
        if self.direct is not None:
            fast = self.vector(game, viewer)
            if not np.array_equal(fast, reference):
                wrong = int(np.flatnonzero(fast != reference)[0])
                row = next(r for r in self.rows() if r.offset <= wrong < r.offset + max(r.size, 1))
                raise EncodingError(f"the direct encoder disagrees with the declaration at {wrong} ({row.path}): "
                                    f"{fast[wrong]} against {reference[wrong]}")
        return reference

    def rows(self) -> list[Row]:
        return self.root.rows("", 0)

    def table(self) -> str:
        """The layout as a Markdown table (offset, size, path, meaning)."""
        lines = ["| offset | size | path | meaning |", "|---:|---:|---|---|"]
        lines += [f"| {r.offset} | {r.size} | `{r.path}` | {r.meaning} |" for r in self.rows()]
        return "\n".join(lines)

    @property
    def version(self) -> str:
        """A hash of the layout: equal versions read vectors alike."""
        blob = "\n".join(f"{r.offset}|{r.size}|{r.path}|{r.meaning}" for r in self.rows())
        return hashlib.sha256(blob.encode()).hexdigest()[:16]


EncodingFactory = Callable[[Any], Encoding]
"""A game's ``encoding`` plug-in part: its :class:`Encoding` for a config."""


def _items(value: Any, path: Where) -> Sequence[Any]:
    if value is None:
        return ()
    if not isinstance(value, list | tuple):
        raise EncodingError(f"{spelt(path)}: {value!r} is not a list")
    return value


def _listing(values: Sequence[str]) -> str:
    """A vocabulary in a table cell: short ones whole, long ones by their ends."""
    if len(values) <= 8:
        return ", ".join(values) if values else "nothing"
    return f"{len(values)} values ({values[0]} ... {values[-1]})"
