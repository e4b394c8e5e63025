"""The sequential strength test and the Elo of a win share (salon.bots.sprt), on simulated
games: blocks of seeded coin flips whose bias is the win chance of a known Elo difference."""

from __future__ import annotations

import math
import random

import pytest

from salon.bots.sprt import Sprt, elo_interval, elo_of, expected_score, parse_bounds
from salon.core.errors import ConfigError


def block(rng: random.Random, elo: float, games: int, opponents: int) -> float:
    """One seed's block: ``games`` games of a bot ``elo`` stronger, its mean win share."""
    chance = expected_score(elo, opponents)
    return sum(rng.random() < chance for _ in range(games)) / games


def verdict(rng: random.Random, test: Sprt, elo: float, games: int, cap: int = 100_000) -> str | None:
    """Feed a test blocks of a bot of the given Elo until it decides (or ``cap`` blocks)."""
    for _ in range(cap):
        test.update(block(rng, elo, games, test.opponents))
        if (found := test.state().verdict) is not None:
            return found
    return None


def test_the_expected_score_is_the_logistic_elo_and_elo_of_its_inverse() -> None:
    assert expected_score(0) == 0.5
    assert expected_score(400) == pytest.approx(10 / 11)
    assert expected_score(0, opponents=3) == pytest.approx(0.25)  # four equals share the first places
    for opponents in (1, 2, 3):
        for elo in (-600.0, -50.0, 0.0, 15.0, 300.0):
            assert elo_of(expected_score(elo, opponents), opponents) == pytest.approx(elo)


def test_a_score_of_nothing_or_everything_has_a_finite_elo() -> None:
    assert math.isfinite(elo_of(0.0)) and math.isfinite(elo_of(1.0))
    assert elo_of(0.0) == pytest.approx(-elo_of(1.0)) and elo_of(0.0) < -1000


def test_before_any_block_the_test_has_no_verdict() -> None:
    state = Sprt(0, 15).state()
    assert state.llr == 0 and state.verdict is None
    assert (state.lower, state.upper) == pytest.approx((math.log(0.05 / 0.95), math.log(0.95 / 0.05)))


@pytest.mark.parametrize(("elo", "expected"), [(150.0, "H1"), (-100.0, "H0")])
@pytest.mark.parametrize(("games", "opponents"), [(1, 1), (2, 1), (4, 3)])
def test_a_clear_difference_is_told_apart(elo: float, expected: str, games: int, opponents: int) -> None:
    rng = random.Random(1)
    assert [verdict(rng, Sprt(0, 50, opponents=opponents), elo, games) for _ in range(20)] == [expected] * 20


@pytest.mark.parametrize(("games", "opponents"), [(2, 1), (4, 3)])
@pytest.mark.heavy
def test_the_error_rates_are_the_ones_asked_for(games: int, opponents: int) -> None:
    """At exactly elo0 the test accepts H1 in about alpha of the runs, at exactly elo1 it
    accepts H0 in about beta of them (with a tolerance for 200 runs: 3 standard errors)."""
    rng = random.Random(7)
    runs = 200
    alpha, beta = 0.05, 0.1
    false_h1 = sum(verdict(rng, Sprt(0, 50, alpha, beta, opponents), 0, games) == "H1" for _ in range(runs))
    false_h0 = sum(verdict(rng, Sprt(0, 50, alpha, beta, opponents), 50, games) == "H0" for _ in range(runs))
    assert false_h1 / runs <= alpha + 3 * math.sqrt(alpha * (1 - alpha) / runs)
    assert false_h0 / runs <= beta + 3 * math.sqrt(beta * (1 - beta) / runs)


def test_games_won_or_lost_are_the_exact_test_of_a_biased_coin() -> None:
    """Blocks of one game, each won or lost: the LLR is the binomial one, whatever the order
    (a thousandth of a virtual block at each end changes it by less than 1e-4)."""
    s0, s1 = expected_score(20), expected_score(70)
    for wins, losses in ((0, 5), (20, 4), (3, 9)):
        test = Sprt(20, 70)
        for score in [1.0] * wins + [0.0] * losses:
            test.update(score)
        exact = wins * math.log(s1 / s0) + losses * math.log((1 - s1) / (1 - s0))
        assert test.state().llr == pytest.approx(exact, abs=1e-4)
    five = Sprt(20, 70)  # five straight losses do not tell a 42% bot from a 60% one
    for _ in range(5):
        five.update(0.0)
    assert five.state().verdict is None


def test_blocks_that_all_score_alike_decide_when_a_coin_would() -> None:
    """No spread among the blocks (a bot that wins every game) decides after as many blocks as
    the exact test needs, not on the first few; blocks all level with H0 accept it."""
    test = Sprt(0, 50)
    blocks = 0
    while test.state().verdict is None:
        test.update(1.0)
        blocks += 1
    assert test.state().verdict == "H1" and blocks == math.ceil(test.state().upper / math.log(expected_score(50) / 0.5))
    alike = Sprt(0, 50)
    for _ in range(40):
        alike.update(0.5)
    assert alike.state().verdict == "H0"


def test_the_interval_holds_the_true_elo_on_a_large_sample() -> None:
    rng = random.Random(3)
    for true, games, opponents in ((100.0, 2, 1), (-60.0, 4, 3)):
        elo, low, high = elo_interval([block(rng, true, games, opponents) for _ in range(3000)], opponents)
        assert low < true < high and low < elo < high and high - low < 60


def test_blocks_that_all_score_alike_get_the_interval_their_number_warrants() -> None:
    """Five lost games: the likelihood-ratio interval of a coin, 0 to 1 - exp(-3.84 / 10), a win
    share of 32%, not an interval that a spread of 0 would shrink to nothing."""
    elo, low, high = elo_interval([0.0] * 5)
    assert elo == low == elo_of(0.0)
    assert high == pytest.approx(elo_of(1 - math.exp(-3.841459 / 10)), abs=2)
    one = elo_interval([0.5])
    assert one[1] < -400 and one[2] > 400 and one[0] == 0


def test_the_interval_of_no_blocks_is_the_widest() -> None:
    assert elo_interval([]) == (0.0, elo_of(0.0), elo_of(1.0))


def test_the_option_text_gives_the_two_bounds() -> None:
    assert parse_bounds("0,15") == (0.0, 15.0)
    assert parse_bounds(" -5, 2.5") == (-5.0, 2.5)


@pytest.mark.parametrize(("spec", "key"), [("a", "error.sprt_spec"), ("1", "error.sprt_spec"),
                                           ("1,2,3", "error.sprt_spec"), ("", "error.sprt_spec"),
                                           ("nan,3", "error.sprt_spec"), ("0,inf", "error.sprt_spec"),
                                           ("15,0", "error.sprt_order"), ("5,5", "error.sprt_order")])
def test_a_bad_option_text_is_refused_saying_why(spec: str, key: str) -> None:
    with pytest.raises(ConfigError) as refused:
        parse_bounds(spec)
    assert refused.value.key == key and spec.split(",")[0].strip() in str(refused.value)


@pytest.mark.parametrize(("alpha", "beta", "key"), [(0.0, 0.05, "error.sprt_rate"), (0.05, 1.0, "error.sprt_rate"),
                                                    (0.6, 0.5, "error.sprt_rates")])
def test_error_rates_no_test_can_keep_are_refused(alpha: float, beta: float, key: str) -> None:
    with pytest.raises(ConfigError) as refused:
        Sprt(0, 15, alpha, beta)
    assert refused.value.key == key
