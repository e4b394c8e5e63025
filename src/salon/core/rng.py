"""A small seeded random generator whose whole state is one integer.

Games keep their generator inside the state (ARCHITECTURE.md principle 6): cloning a state
copies one int, a save file stores one int, and replaying the same actions from the same
seed reproduces every draw.  The generator is SplitMix64 (Steele, Lea & Flood 2014), which
passes BigCrush and is more than enough for shuffling game components.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


class Rng:
    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next64(self) -> int:
        self.state = s = (self.state + _GAMMA) & _MASK
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias (n >= 1)."""
        if n <= 1:
            return 0
        limit = _MASK + 1 - ((_MASK + 1) % n)
        while True:
            r = self.next64()
            if r < limit:
                return r % n

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def pop_random(self, items: list):
        """Remove and return a uniformly chosen element (order of the rest not kept)."""
        j = self.below(len(items))
        items[j], items[-1] = items[-1], items[j]
        return items.pop()

    def choice(self, items):
        return items[self.below(len(items))]


def derive_seed(seed: int, *salt: int) -> int:
    """A well-mixed 64-bit state from a user seed and optional salts."""
    r = Rng(seed)
    for s in salt:
        r.state ^= s & _MASK
        r.next64()
    return r.next64()
