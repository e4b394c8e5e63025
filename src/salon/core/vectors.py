"""Fixed-size numeric vectors of a seat's observation, declared per game as data.

A learning algorithm needs every observation of a game and config as a vector of one fixed
length, and a trained policy needs that layout never to shift under it.  Each game declares
the shape of what :meth:`Game.observe` shows as a tree of the fields below (the game's
``encoding`` plug-in part, a function of its config); this module turns an observation into
the vector, lists the layout as rows (offset, size, path, meaning) for the documentation,
and hashes it into a version.  The vector is made from the observation alone, so it carries
exactly what the seat was shown; and strictly: an observation key, a token or a list longer
than the declaration allows raises :class:`EncodingError` instead of being dropped.

Seats are encoded relative to the viewer (the viewer first, then clockwise), so that a
policy sees the same layout from every seat.

Speed.  A learner asks for a vector at every step, and walking the declaration field by
field, a call per value, took several times as long as the game's step.  So the declaration
is compiled, once per viewer, into one Python function that reads the observation as the
declaration says, with every offset (relative seats included), scale and path fixed in its
text: a number is one division and one store, a one-hot value one dictionary look-up and one
store, with no call per field.  Each field writes its own part of that function
(:meth:`Field.emit`, through salon.core.vector_code); the errors name the value's path as before.
"""

from __future__ import annotations

import hashlib
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from functools import cached_property, lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from salon.core.errors import EncodingError
from salon.core.game import Game
from salon.core.vector_code import Code, Writer, check_list, emit_list, emit_mapping, literal

Vector = npt.NDArray[np.float32]
FLOAT32 = np.dtype(np.float32)
"""The vectors' element type as a dtype object: ``np.frombuffer`` takes it at half the cost of
the scalar type, which counts at a step's scale."""

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
    def emit(self, code: Code, depth: int, indent: int, at: int, path: str) -> None:
        """Add the code that writes the value in ``v<depth>`` into ``out[at:at + size]``;
        ``path`` names the value in an error."""

    def rows(self, path: str, at: int) -> list[Row]:
        """The layout rows of this field placed at ``at``."""
        return [Row(at, self.size, path, self.meaning())]

    def meaning(self) -> str:
        return ""


class OneHot(Field):
    """A field that writes a single 1 for a value, in a place fixed by the value."""

    @abstractmethod
    def places(self, at: int, viewer: int) -> dict[Any, int]:
        """Where each value's 1 goes, for ``viewer`` at offset ``at``."""

    @abstractmethod
    def refused(self) -> str:
        """What a value without a place is not, for an error (``is not a seat``)."""

    def emit(self, code: Code, depth: int, indent: int, at: int, path: str) -> None:
        places = code.name(self.places(at, code.viewer))
        code.add(indent, "try:")
        code.add(indent + 1, f"out[{places}[v{depth}]] = 1.0")
        code.add(indent, "except (KeyError, TypeError):")
        code.fail(indent + 1, f"{literal(path)}: {{v{depth}!r}} {literal(self.refused())}")


@dataclass(frozen=True)
class Const(Field):
    """A value every observation of one seat shows alike (the game's name, the viewer's own
    seat): it tells nothing and takes no room."""

    @cached_property
    def size(self) -> int:
        return 0

    def emit(self, code: Code, depth: int, indent: int, at: int, path: str) -> None:
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

    def emit(self, code: Code, depth: int, indent: int, at: int, path: str) -> None:
        code.add(indent, "try:")  # a text or a list cannot be divided
        code.add(indent + 1, f"out[{at}] = v{depth} / {float(self.scale)!r}")
        code.add(indent, "except TypeError:")
        code.fail(indent + 1, f"{literal(path)}: {{v{depth}!r}} is not a number")

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

    def emit(self, code: Code, depth: int, indent: int, at: int, path: str) -> None:
        code.add(indent, f"out[{at}] = 1.0")
        self.field.emit(code, depth, indent, at + 1, path)

    def rows(self, path: str, at: int) -> list[Row]:
        return [Row(at, 1, path + "?", "1 if present")] + self.field.rows(path, at + 1)


@dataclass(frozen=True)
class Token(OneHot):
    """One text out of a fixed vocabulary: one-hot (all zero when absent)."""

    vocabulary: tuple[str, ...]

    @cached_property
    def size(self) -> int:
        return len(self.vocabulary)

    def places(self, at: int, viewer: int) -> dict[Any, int]:
        return {t: at + i for i, t in enumerate(self.vocabulary)}

    def refused(self) -> str:
        return f"is not one of the {len(self.vocabulary)} declared values"

    def meaning(self) -> str:
        return f"one-hot of {_listing(self.vocabulary)}"


@dataclass(frozen=True)
class Seat(OneHot):
    """A seat number, one-hot relative to the viewer (slot 0: the viewer, then clockwise)."""

    seats: int

    @cached_property
    def size(self) -> int:
        return self.seats

    def places(self, at: int, viewer: int) -> dict[Any, int]:
        return {s: at + (s - viewer) % self.seats for s in range(self.seats)}

    def refused(self) -> str:
        return "is not a seat"

    def meaning(self) -> str:
        return "seat one-hot, relative to the viewer"


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

    def emit(self, code: Code, depth: int, indent: int, at: int, path: str) -> None:
        item = f"v{depth + 1}"
        places = code.name(self.token.places(at, code.viewer))
        check_list(code, depth, indent, path)
        code.add(indent, "try:")
        code.add(indent + 1, f"for {item} in v{depth}:")
        named = item if self.key is None else f"{item}[{self.key!r}]"
        code.add(indent + 2, f"out[{places}[{named}]] += 1.0")
        code.add(indent, "except (KeyError, TypeError, IndexError):")
        code.fail(indent + 1, f"{literal(path)}: {{{item}!r}} {literal(self.refused())}")

    def refused(self) -> str:
        what = "" if self.key is None else f"a mapping whose {self.key!r} is "
        return f"is not {what}one of the {self.token.size} declared values"

    def meaning(self) -> str:
        return f"count of each of {_listing(self.token.vocabulary)}"


@dataclass(frozen=True)
class Record(Field):
    """A mapping with declared keys, each its own field, in the declared order."""

    fields: tuple[tuple[str, Field], ...]

    @cached_property
    def size(self) -> int:
        return sum(field.size for _, field in self.fields)

    def emit(self, code: Code, depth: int, indent: int, at: int, path: str) -> None:
        entries = []
        for key, field in self.fields:
            entries.append((key, field, at))
            at += field.size
        emit_mapping(code, depth, indent, path, entries)

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

    @cached_property
    def size(self) -> int:
        return len(self.keys) * self.field.size

    def emit(self, code: Code, depth: int, indent: int, at: int, path: str) -> None:
        step = self.field.size
        field = self.field
        if not isinstance(field, Num | OneHot):
            emit_mapping(code, depth, indent, path, [(k, field, at + i * step) for i, k in enumerate(self.keys)])
            return
        # most keys are absent (a decoration without owner): the mapping's items are read, not every key
        value, key, item = f"v{depth}", f"k{depth}", f"v{depth + 1}"
        code.add(indent, f"if {value}.__class__ is not dict:")
        code.fail(indent + 1, f"{literal(path)}: {{{value}!r}} is not a mapping")
        code.add(indent, "try:")
        code.add(indent + 1, f"for {key}, {item} in {value}.items():")
        code.add(indent + 2, f"if {item} is not None:")
        if isinstance(field, Num):
            places = code.name({k: at + i for i, k in enumerate(self.keys)})
            code.add(indent + 3, f"out[{places}[{key}]] = {item} / {float(field.scale)!r}")
        else:
            places = code.name({k: field.places(at + i * step, code.viewer) for i, k in enumerate(self.keys)})
            code.add(indent + 3, f"out[{places}[{key}][{item}]] = 1.0")
        code.add(indent, "except (KeyError, TypeError):")
        code.add(indent + 1, f"if {key} not in {code.name(frozenset(self.keys))}:")
        code.fail(indent + 2, f"{literal(path)}: undeclared key {{{key}!r}}")
        refused = "is not a number" if isinstance(field, Num) else field.refused()
        code.fail(indent + 1, f"{literal(path)}.{{{key}}}: {{{item}!r}} {literal(refused)}")

    def rows(self, path: str, at: int) -> list[Row]:
        if self.field.size == 0:
            return []
        inner = self.field.rows(f"{path}.<key>", 0)
        detail = "; ".join(f"{r.path.removeprefix(path + '.<key>') or 'value'}: {r.meaning}" for r in inner)
        return [Row(at, self.size, f"{path}.<key>",
                    f"{self.field.size} per key of {_listing(self.keys)} ({detail})")]


@dataclass(frozen=True)
class SeatMap(Field):
    """A mapping keyed by seat numbers as texts (``{"2": ...}``), placed relative to the
    viewer like :class:`Seats`; a seat left out is absent."""

    seats: int
    field: Field

    @cached_property
    def size(self) -> int:
        return self.seats * self.field.size

    def emit(self, code: Code, depth: int, indent: int, at: int, path: str) -> None:
        step = self.field.size
        emit_mapping(code, depth, indent, path, [(str(s), self.field, at + (s - code.viewer) % self.seats * step)
                                                  for s in range(self.seats)])

    def rows(self, path: str, at: int) -> list[Row]:
        rows: list[Row] = []
        for relative in range(self.seats):
            rows += self.field.rows(f"{path}.<viewer+{relative}>", at + relative * self.field.size)
        return rows


@dataclass(frozen=True)
class Slots(Field):
    """A list of at most ``length`` items whose positions matter (windows, a display): each
    position's field in turn; positions past the list's end are absent."""

    length: int
    field: Field

    @cached_property
    def size(self) -> int:
        return self.length * self.field.size

    def emit(self, code: Code, depth: int, indent: int, at: int, path: str) -> None:
        step = self.field.size
        emit_list(code, depth, indent, path, self.field, [at + i * step for i in range(self.length)], False)

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

    def emit(self, code: Code, depth: int, indent: int, at: int, path: str) -> None:
        step = self.field.size
        emit_list(code, depth, indent, path, self.field,
                   [at + (s - code.viewer) % self.seats * step for s in range(self.seats)], True)

    def rows(self, path: str, at: int) -> list[Row]:
        rows: list[Row] = []
        for relative in range(self.seats):
            rows += self.field.rows(f"{path}[viewer+{relative}]", at + relative * self.field.size)
        return rows


@lru_cache(maxsize=256)
def compiled(root: Field, viewer: int) -> Writer:
    """``root`` compiled for ``viewer`` (once per layout and viewer, however many encodings of
    one config are made)."""
    code = Code(viewer)
    root.emit(code, 0, 1, 0, "observation")
    return code.compile()


@dataclass(frozen=True)
class Encoding:
    """A game's encoding for one config: its root field and its number of seats."""

    root: Field
    seats: int
    _writers: dict[int, Writer] = dataclass_field(default_factory=dict, init=False, repr=False, compare=False)

    @cached_property
    def size(self) -> int:
        return self.root.size

    def encode(self, observation: Mapping[str, object], viewer: int) -> Vector:
        """The vector of what seat ``viewer`` was shown (a fresh array)."""
        write = self._writers.get(viewer)
        if write is None:
            if isinstance(viewer, bool) or not isinstance(viewer, int) or not 0 <= viewer < self.seats:
                raise EncodingError(f"viewer {viewer!r}: the seats are 0 to {self.seats - 1}")
            write = self._writers[viewer] = compiled(self.root, viewer)
        buffer = bytearray(4 * self.size)
        write(observation, memoryview(buffer).cast("f"))
        return np.frombuffer(buffer, FLOAT32)

    def vector(self, game: Game, viewer: int) -> Vector:
        """The vector of ``game.observe(viewer)``."""
        return self.encode(game.observe(viewer), viewer)

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


def _listing(values: Sequence[str]) -> str:
    """A vocabulary in a table cell: short ones whole, long ones by their ends."""
    if len(values) <= 8:
        return ", ".join(values) if values else "nothing"
    return f"{len(values)} values ({values[0]} ... {values[-1]})"
