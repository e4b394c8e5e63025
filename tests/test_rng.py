"""The random generators (salon.core.rng) and the seeds that pick them (salon.core.game): the
keyed generator is BLAKE2b in counter mode and keeps its place through clones, JSON and
pickling (a game on its way to the server's worker processes); draws
in a range are unbiased; secret seeds one bit apart share nothing; bot seeds of a secret game
are secret too; fast seeds give SplitMix64 exactly as before."""

from __future__ import annotations

import hashlib
import pickle
from collections import Counter
from typing import Any

import pytest

from salon.bots.base import RandomBot, bot_seed
from salon.core.errors import ConfigError
from salon.core.game import SECRET_SEEDS, SEEDS, game_seed, is_secret_seed, make_rng, secret_key, secret_seed
from salon.core.rng import BaseRng, KeyedRng, Rng, derive_seed, rng_from_json

KEY = bytes(range(32))


def _block(key: bytes, counter: int) -> list[int]:
    digest = hashlib.blake2b(counter.to_bytes(8, "little"), key=key, digest_size=64).digest()
    return [int.from_bytes(digest[i:i + 8], "little") for i in range(0, 64, 8)]


def test_keyed_draws_are_blake2b_in_counter_mode() -> None:
    r = KeyedRng(KEY)
    assert [r.next64() for _ in range(20)] == _block(KEY, 0) + _block(KEY, 1) + _block(KEY, 2)[:4]
    assert r.state == 20


def test_a_secret_seed_keys_the_generator_with_its_32_bytes() -> None:
    seed = SECRET_SEEDS.start + 0xC0FFEE
    rng = make_rng(seed)
    assert isinstance(rng, KeyedRng) and rng.key == secret_key(seed) == seed.to_bytes(32, "big")
    assert [rng.next64() for _ in range(8)] == _block(seed.to_bytes(32, "big"), 0)


@pytest.mark.parametrize("seed", [0, 1, 12345, SEEDS - 1])
@pytest.mark.heavy
def test_a_fast_seed_keeps_splitmix64(seed: int) -> None:
    rng = make_rng(seed)
    assert type(rng) is Rng and rng.state == Rng(derive_seed(seed)).state
    assert rng.to_json() == rng.state  # save files store a bare integer, as they always did


def test_the_same_key_draws_the_same_stream() -> None:
    a, b = KeyedRng(KEY), KeyedRng(KEY)
    assert [a.next64() for _ in range(30)] == [b.next64() for _ in range(30)]


@pytest.mark.parametrize("make", [lambda: KeyedRng(KEY), lambda: Rng(99)], ids=["keyed", "splitmix"])
@pytest.mark.parametrize("drawn", [0, 1, 7, 8, 13])
def test_clones_json_and_pickles_continue_the_stream(make: Any, drawn: int) -> None:
    """Wherever the generator stands in a block, a clone, a JSON round trip and a pickle round
    trip draw on from there, and drawing from a copy leaves the original where it was."""
    rng = make()
    for _ in range(drawn):
        rng.next64()
    clone = rng.clone()
    loaded = rng_from_json(rng.to_json())
    unpickled = pickle.loads(pickle.dumps(rng))
    assert type(clone) is type(loaded) is type(unpickled) is type(rng) and loaded.to_json() == rng.to_json()
    ahead = [clone.next64() for _ in range(10)]
    assert [loaded.next64() for _ in range(10)] == ahead
    assert [unpickled.next64() for _ in range(10)] == ahead
    assert [rng.next64() for _ in range(10)] == ahead


def test_every_draw_changes_the_state() -> None:
    """The engine tells a random draw happened by comparing ``state`` (undo stops there)."""
    for rng in (KeyedRng(KEY), Rng(0)):
        seen = [rng.state]
        for _ in range(20):
            rng.next64()
            seen.append(rng.state)
        assert len(set(seen)) == len(seen)


@pytest.mark.parametrize("value", [
    True, 1.5, "5", None, [1], -1, SEEDS,
    {"key": KEY.hex()}, {"key": KEY.hex(), "drawn": 0, "more": 1}, {"key": KEY.hex()[:-2], "drawn": 0},
    {"key": "zz" * 32, "drawn": 0}, {"key": KEY.hex(), "drawn": -1}, {"key": KEY.hex(), "drawn": True},
    {"key": KEY.hex(), "drawn": "3"}, {"key": 5, "drawn": 0},
])
def test_a_malformed_generator_is_refused(value: Any) -> None:
    with pytest.raises((ValueError, TypeError)):
        rng_from_json(value)


class _Scripted(BaseRng):
    """Draws the given outputs in turn, to see which ones ``below`` keeps."""

    __slots__ = ("drawn", "outputs")

    def __init__(self, outputs: list[int]) -> None:
        self.drawn = 0
        self.outputs = outputs

    @property
    def state(self) -> int:
        return self.drawn

    def next64(self) -> int:
        self.drawn += 1
        return self.outputs[self.drawn - 1]

    def clone(self) -> _Scripted:
        return _Scripted(self.outputs[self.state:])

    def to_json(self) -> Any:
        return None


def _splitmix64(state: int, count: int) -> list[int]:
    """SplitMix64 as published (Steele, Lea & Flood 2014), on Python's integers."""
    mask, out = (1 << 64) - 1, []
    for _ in range(count):
        state = (state + 0x9E3779B97F4A7C15) & mask
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        out.append(z ^ (z >> 31))
    return out


@pytest.mark.parametrize("seed", [0, 1, 2**63 - 1, 2**63, 2**64 - 1, 0x0123456789ABCDEF])
def test_splitmix64_draws_the_published_stream_across_the_sign_bit(seed: int) -> None:
    """The generator keeps its state as a signed 64-bit number: states and outputs on both
    sides of 2**63 are the published algorithm's, and so is the state it reports."""
    rng = Rng(seed)
    assert [rng.next64() for _ in range(500)] == _splitmix64(seed, 500)
    assert rng.state == (seed + 500 * 0x9E3779B97F4A7C15) % 2**64


class _Unsigned(BaseRng):
    """An :class:`Rng`'s draws through :meth:`BaseRng.below`'s own arithmetic on unsigned draws."""

    __slots__ = ("rng",)

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    @property
    def state(self) -> int:
        return self.rng.state

    def next64(self) -> int:
        return self.rng.next64()

    def clone(self) -> _Unsigned:
        twin = _Unsigned(0)
        twin.rng = self.rng.clone()
        return twin

    def to_json(self) -> Any:
        return None


BOUNDS = [1, 2, 3, 6, 7, 10, 52, 2**31 + 1, 2**62 + 3, 3 * 2**61 + 1, 2**63 - 1, 2**63, 2**63 + 1, 2**64 - 1]


@pytest.mark.parametrize("seed", [5, 2**63 + 11])
def test_splitmix64_below_draws_what_the_unsigned_rule_draws(seed: int) -> None:
    """:meth:`Rng.below` reckons on signed draws; every bound, small ones, ones whose rejected
    tail is most of the range and ones beyond 63 bits, gets what the unsigned rule gets."""
    fast, plain = Rng(seed), _Unsigned(seed)
    for n in BOUNDS * 40:
        assert fast.below(n) == plain.below(n)
    assert fast.state == plain.state


@pytest.mark.parametrize(("n", "rejected", "kept"), [
    (3, [2**64 - 1], 5),  # 2**64 = 3k + 1: the last value would favour 0
    (2**63 + 1, [2**63 + 1, 2**64 - 1], 2**63),
    (6, [2**64 - 4], 2**64 - 5),
])
def test_below_rejects_the_values_that_would_bias_it(n: int, rejected: list[int], kept: int) -> None:
    rng = _Scripted([*rejected, kept])
    assert rng.below(n) == kept % n and rng.state == len(rejected) + 1


def test_below_stays_in_range_and_is_uniform() -> None:
    rng = KeyedRng(KEY)
    assert {rng.below(1) for _ in range(5)} == {0} and rng.state == 0
    counts = Counter(rng.below(6) for _ in range(6000))
    assert set(counts) == set(range(6))
    chi2 = sum((c - 1000) ** 2 / 1000 for c in counts.values())
    assert chi2 < 20.5  # 5 degrees of freedom, p = 0.001
    assert all(0 <= rng.below(n) < n for n in (2, 7, 100, 2**40 + 3, 2**63 + 1) for _ in range(20))


@pytest.mark.parametrize("bit", [0, 1, 63, 64, 127, 129, 200, 255])
def test_secret_seeds_one_bit_apart_give_unrelated_streams(bit: int) -> None:
    base = SECRET_SEEDS.start + 0x0123456789ABCDEF0123456789ABCDEF
    a, b = make_rng(base), make_rng(base ^ (1 << bit))
    xs, ys = [a.next64() for _ in range(64)], [b.next64() for _ in range(64)]
    assert not set(xs) & set(ys)
    differing = sum(bin(x ^ y).count("1") for x, y in zip(xs, ys))
    assert 0.45 * 64 * 64 < differing < 0.55 * 64 * 64


def test_secret_seeds_are_the_range_from_2_128_to_2_256() -> None:
    for seed in (SECRET_SEEDS.start, SECRET_SEEDS.start + 1, 2**200, 2**256 - 1):
        assert game_seed(seed) == seed and is_secret_seed(seed)
    for seed in (0, SEEDS - 1):
        assert game_seed(seed) == seed and not is_secret_seed(seed)
    for seed in (SEEDS, 2**128 - 1, 2**256):
        with pytest.raises(ConfigError, match=r"a secret seed from 2\*\*128 to 2\*\*256 - 1"):
            game_seed(seed)


def test_a_drawn_secret_seed_has_128_random_bits() -> None:
    seeds = {secret_seed() for _ in range(20)}
    assert len(seeds) == 20
    assert all(SECRET_SEEDS.start <= s < SECRET_SEEDS.start + 2**128 for s in seeds)


def test_bot_seeds_of_a_secret_game_are_secret_and_not_linear() -> None:
    game = SECRET_SEEDS.start + 1000
    seeds = {(d, seat): bot_seed(game + d, seat) for d in range(3) for seat in range(4)}
    assert all(is_secret_seed(s) for s in seeds.values()) and len(set(seeds.values())) == len(seeds)
    # no formula a * game + b * seat + c gives them: the steps along each axis differ
    assert seeds[1, 0] - seeds[0, 0] != seeds[2, 0] - seeds[1, 0]
    assert seeds[0, 1] - seeds[0, 0] != seeds[0, 2] - seeds[0, 1]
    assert seeds[0, 1] - seeds[0, 0] != seeds[1, 1] - seeds[1, 0]
    digest = hashlib.blake2b(b"bot:" + (2).to_bytes(8, "big"), key=game.to_bytes(32, "big"), digest_size=16)
    assert seeds[0, 2] == SECRET_SEEDS.start + int.from_bytes(digest.digest(), "big")
    bot = RandomBot(seeds[0, 0])
    assert isinstance(bot.rng, KeyedRng) and bot.rng.key == secret_key(seeds[0, 0])


def test_bot_seeds_of_a_fast_game_are_as_before() -> None:
    assert bot_seed(5, 3) == 43 and bot_seed(SEEDS - 1, 7) == (SEEDS - 1) * 8 + 7
    for seed in (43, bot_seed(SEEDS - 1, 7)):
        rng = RandomBot(seed).rng
        assert type(rng) is Rng and rng.state == derive_seed(seed, 0xB07)
