"""Seeded random generators whose whole state is a few plain values.

Games keep their generator inside the state (docs/architecture.md principle 6): cloning a state
copies the generator, a save file stores it, and replaying the same actions from the same
seed reproduces every draw.  Two generators share one interface (:class:`BaseRng`):

* :class:`Rng`, SplitMix64 (Steele, Lea & Flood 2014): one 64-bit integer of state, fast,
  passes BigCrush.  Its output function is invertible, so one output reveals the state and
  with it every draw to come: fine for local play, simulations and benchmarks.
* :class:`KeyedRng`, counter mode over keyed BLAKE2b: whoever lacks the 32-byte key cannot
  predict a draw nor recover the key from any number of seen draws, so a game whose setup is
  public (a table watched on a server) keeps its hidden cards hidden.
"""

from __future__ import annotations

import hashlib
import struct
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, Final, Self, TypeVar

from mypy_extensions import i64, mypyc_attr

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1
_LOW63: Final[i64] = (1 << 63) - 1
# SplitMix64's constants as signed 64-bit numbers: 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9 and
# 0x94D049BB133111EB less 2**64
_GAMMA: Final[i64] = -7046029254386353131
_MIX1: Final[i64] = -4658895280553007687
_MIX2: Final[i64] = -7723592293110705685


@mypyc_attr(allow_interpreted_subclasses=True)  # scripted generators of tests extend it
class BaseRng(ABC):
    """What a game draws with.  ``state`` is an int that changes on every draw, so a caller
    can tell whether anything was drawn between two moments by comparing it."""

    __slots__ = ()

    @property
    @abstractmethod
    def state(self) -> int:
        """A number that changes on every draw (with the key, if any, the whole state)."""

    @abstractmethod
    def next64(self) -> int:
        """A uniform integer in [0, 2**64)."""

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy that draws what this one would draw."""

    @abstractmethod
    def to_json(self) -> int | dict[str, str | int]:
        """The whole state as JSON-ready data (:func:`rng_from_json` reads it back)."""

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias (n >= 1)."""
        if n <= 1:
            return 0
        limit = _MASK + 1 - ((_MASK + 1) % n)
        while True:
            r = self.next64()
            if r < limit:
                return r % n

    def shuffle(self, items: list[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def pop_random(self, items: list[T]) -> T:
        """Remove and return a uniformly chosen element (order of the rest not kept)."""
        j = self.below(len(items))
        items[j], items[-1] = items[-1], items[j]
        return items.pop()

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]


def _wrap(x: i64) -> i64:
    """``x`` modulo 2**64 as a signed 64-bit number.  Compiled, 64-bit arithmetic has already
    wrapped and this changes nothing; pure Python's integers grow instead, and this wraps them,
    so that both draw the same numbers."""
    return (x & _LOW63) - (((x >> 63) & 1) << 63)


class Rng(BaseRng):
    """SplitMix64; its JSON form is the state itself, as save files have always stored it.

    The state is kept as a signed 64-bit number (the unsigned state less 2**64 from 2**63 on),
    which compiled code holds and multiplies in a machine word: on Python's integers every draw
    made and masked 128-bit products, and that was a sixth of the time of random play."""

    __slots__ = ("_s",)

    def __init__(self, state: int) -> None:
        state &= _MASK
        self._s: i64 = state - ((state >> 63) << 64)

    @property
    def state(self) -> int:
        s: int = self._s
        return s & _MASK

    def _next(self) -> i64:
        """The next draw as a signed 64-bit number: ``next64``'s less 2**64 from 2**63 on (the
        right shifts of negative numbers are masked to the logical shifts of the unsigned)."""
        s = self._s = _wrap(self._s + _GAMMA)
        s = _wrap((s ^ ((s >> 30) & 0x3FFFFFFFF)) * _MIX1)
        s = _wrap((s ^ ((s >> 27) & 0x1FFFFFFFFF)) * _MIX2)
        return s ^ ((s >> 31) & 0x1FFFFFFFF)

    def next64(self) -> int:
        r: int = self._next()
        return r & _MASK

    def below(self, n: int) -> int:
        """:meth:`BaseRng.below`, drawing the same numbers, reckoned on the signed draw: the
        unsigned draw is rejected from 2**64 - (2**64 mod n) on, which is the signed draws
        from -(2**64 mod n) on, and a negative draw's remainder is its low 63 bits' plus 2**63's."""
        if n <= 1:
            return 0
        if n > _MASK >> 1:  # beyond a signed 64-bit number
            return super().below(n)
        m: i64 = n
        half = (_LOW63 % m + 1) % m  # 2**63 mod n
        rest = 2 * half % m  # 2**64 mod n
        while True:
            r = self._next()
            if r >= 0:
                return r % m
            if r < -rest:
                return ((r & _LOW63) % m + half) % m

    def clone(self) -> Rng:
        return Rng(self.state)

    def __reduce__(self) -> tuple[type[Rng], tuple[int]]:
        """Pickled as its state, like :class:`KeyedRng`: the compiled class has no other way."""
        return Rng, (self.state,)

    def to_json(self) -> int:
        return self.state


KEY_BYTES: Final = 32
"""The length of a :class:`KeyedRng` key: BLAKE2b's longest, 256 bits."""

_BLOCK_WORDS: Final = 8
_BLOCK: Final = struct.Struct("<8Q")
"""One BLAKE2b digest of 64 bytes read as 8 little-endian 64-bit words."""


class KeyedRng(BaseRng):
    """Counter mode over keyed BLAKE2b: block ``b`` is
    ``blake2b(b.to_bytes(8, "little"), key=key, digest_size=64)``, read as eight
    little-endian 64-bit words, and the stream is block 0's words, then block 1's, and so on.

    ``drawn`` (its ``state``) counts the words drawn so far: with the key it is the whole
    state (the block and the word within it follow from it), and it grows on every draw.  One
    hash yields eight words because hashing dominates the cost of a draw; the current block is
    kept so that only every eighth draw hashes."""

    __slots__ = ("key", "drawn", "_mac", "_block", "_words")

    def __init__(self, key: object, state: object = 0, mac: hashlib.blake2b | None = None) -> None:
        """``key`` and ``state`` are checked here, whatever their type (compiled code would take
        True for the int 1); ``mac``: the keyed hash of ``key`` when it is at hand (a clone's)."""
        if not isinstance(key, bytes) or len(key) != KEY_BYTES:
            raise ValueError(f"a KeyedRng key is {KEY_BYTES} bytes")
        if isinstance(state, bool) or not isinstance(state, int) or state < 0:
            raise ValueError("a KeyedRng state is a count of words drawn, an integer >= 0")
        self.key = key
        self.drawn = state
        # keyed once: copying the keyed hash skips hashing the key block on every refill
        self._mac = hashlib.blake2b(key=key, digest_size=_BLOCK.size) if mac is None else mac
        self._block = -1
        self._words: tuple[int, ...] = ()

    @property
    def state(self) -> int:
        return self.drawn

    def next64(self) -> int:
        i = self.drawn
        self.drawn = i + 1
        block = i >> 3
        if block != self._block:
            h = self._mac.copy()
            h.update(block.to_bytes(8, "little"))
            self._words = _BLOCK.unpack(h.digest())
            self._block = block
        return self._words[i & (_BLOCK_WORDS - 1)]

    def __reduce__(self) -> tuple[type[KeyedRng], tuple[bytes, int]]:
        """Pickled as its key and state (the keyed hash object cannot be): a game or a bot on
        its way to the server's worker processes carries its generator along."""
        return KeyedRng, (self.key, self.drawn)

    def clone(self) -> KeyedRng:
        """A copy that shares the keyed hash and the current block (neither is ever changed in
        place), so that cloning a game, which a searching bot does constantly, hashes nothing."""
        r = KeyedRng(self.key, self.drawn, self._mac)
        r._block = self._block
        r._words = self._words
        return r

    def to_json(self) -> dict[str, str | int]:
        return {"key": self.key.hex(), "drawn": self.drawn}


def rng_from_json(value: Any) -> Rng | KeyedRng:
    """The generator of :meth:`BaseRng.to_json`: an integer is a SplitMix64 state, a mapping
    ``{"key", "drawn"}`` a keyed generator.  ValueError or TypeError for anything else, so
    that a damaged snapshot is refused rather than played with another generator."""
    if isinstance(value, dict):
        if set(value) != {"key", "drawn"}:
            raise ValueError(f"a keyed generator is {{'key', 'drawn'}}, not {sorted(value)}")
        key = value["key"]
        if not isinstance(key, str) or len(key) != 2 * KEY_BYTES:
            raise ValueError(f"a keyed generator's key is {2 * KEY_BYTES} hexadecimal digits")
        return KeyedRng(bytes.fromhex(key), value["drawn"])
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"a generator state is an integer or a keyed generator, not {type(value).__name__}")
    if not 0 <= value <= _MASK:
        raise ValueError(f"a SplitMix64 state is from 0 to 2**64 - 1, not {value}")
    return Rng(value)


def derive_seed(seed: int, *salt: int) -> int:
    """A well-mixed 64-bit state from a user seed and optional salts."""
    r = Rng(seed)
    for s in salt:
        r = Rng(r.state ^ (s & _MASK))
        r.next64()
    return r.next64()
