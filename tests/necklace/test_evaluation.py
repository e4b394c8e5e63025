"""The Queen's Necklace's hooks for the shared heuristic bot: found by convention, fair (they
use only what the deciding seat may know), and strong enough to beat the random bot."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from salon.bots.base import make_bot
from salon.bots.search import SECOND, SearchBot
from salon.core.evaluation import evaluation_of
from salon.core.rng import Rng
from salon.necklace import evaluation
from salon.necklace.game import Necklace
from salon.necklace.invariants import check
from salon.necklace.kinds import MERCHANT


def _positions(count: int = 60) -> Iterator[tuple[Necklace, int]]:
    """Positions of random games, with the seat deciding there."""
    rng = random.Random(5)
    for seed in range(count):
        g = Necklace.new({"players": 2 + seed % 3}, seed)
        steps = rng.randrange(1, 250)
        for _ in range(steps):
            if g.is_over():
                break
            g.apply(rng.choice(g.legal_actions()))
        if not g.is_over():
            seat = g.current_player()
            assert seat is not None
            yield g, seat


def test_evaluation_found_through_its_plug_in() -> None:
    hooks = evaluation_of(Necklace.new({"players": 2}, 1))
    assert hooks is evaluation.EVALUATION
    assert hooks.evaluate is evaluation.evaluate
    assert hooks.same_turn is evaluation.same_turn


def test_determinize_keeps_what_the_seat_knows() -> None:
    """A determinized copy is a valid game that the seat cannot tell from the real one: its
    observation is identical; the other hands (sizes kept), the pile's order (the Merchants'
    known places kept) and the random generator are re-sampled."""
    changed = 0
    for g, seat in _positions():
        d = g.determinize(seat, Rng(7))
        assert not check(d.s)
        assert d.observe(seat) == g.observe(seat)
        assert d.legal_actions() == g.legal_actions() or seat != g.current_player()
        top = [i for i, c in enumerate(g.s.pile) if g.s.ds.cards[c].kind == MERCHANT and i > 5]
        assert all(g.s.ds.cards[d.s.pile[i]].kind == MERCHANT for i in top)
        changed += any(sorted(d.s.hands[q]) != sorted(g.s.hands[q]) for q in range(g.num_players) if q != seat)
        assert d.history == [] and d.seed != g.seed  # both would let the search rebuild the secrets
    assert changed > 20


def test_determinize_samples_the_last_merchants_place_among_the_last_five_QN_SETUP_9() -> None:
    """The third Merchant's place is known only to lie among the last five cards (QN-SETUP-9):
    the sampled worlds put it on each of them and nowhere else; among the last six for a game
    set up by the earlier procedure."""
    for config, window in (({}, 5), ({"third_merchant_in_last_six": True}, 6)):
        g = Necklace.new({"players": 3, **config}, 4)
        places = set()
        for k in range(80):
            d = g.determinize(0, Rng(k))
            places.add(next(i for i, c in enumerate(d.s.pile) if d.s.ds.cards[c].kind == MERCHANT))
        assert places == set(range(window)), config


def test_evaluation_reads_only_what_the_seat_may_know() -> None:
    for g, seat in _positions():
        d = g.determinize(seat, Rng(11))
        if g.s.phase == "sale" and not g.s.revealed:
            continue  # the others' unrevealed lots are dropped, their hands re-dealt: same counts
        assert abs(evaluation.evaluate(d, seat) - evaluation.evaluate(g, seat)) < 1e-9


def test_same_turn_stops_at_a_new_turn_or_reveal() -> None:
    g = Necklace.new({"players": 2}, 3)
    h = g.clone()
    assert evaluation.same_turn(g, h)
    h.apply("done")  # influence -> purchase
    assert not evaluation.same_turn(g, h)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.heavy
def test_the_spread_shrinks_with_each_sale_and_ends_at_nothing(players: int) -> None:
    """The margin's spread (what a search turns into a chance of finishing first) is declared
    for every player count, shrinks as the sales are held, and is 0 once the result is sure."""
    g = Necklace.new({"players": players}, 6)
    hooks = evaluation_of(g)
    assert hooks.spread is evaluation.spread
    seen = []
    bot = make_bot("heuristic:samples=0", 1)
    while not g.is_over():
        seen.append((g.s.sales, evaluation.spread(g)))
        g.apply(bot.choose(g) if len(g.legal_actions()) > 1 else g.legal_actions()[0])
    by_sales = dict(seen)
    assert sorted(by_sales) == [0, 1, 2] and all(v > 0 for v in by_sales.values())
    assert by_sales[0] > by_sales[1] > by_sales[2]
    assert evaluation.spread(g) == 0.0


def test_the_second_design_grades_its_play_outs_by_how_far_ahead_they_end() -> None:
    """With the chance of finishing first as its objective, the search values a play-out by
    the margin over its spread: a Necklace decision's candidates get values between the sure
    results, not only won (1), level (0.5) or lost (0)."""
    g = Necklace.new({"players": 2}, 8)
    while len(g.legal_actions()) < 4:
        g.apply(g.legal_actions()[-1])
    bot = SearchBot(3, iterations=1, win=1, **SECOND)
    bot.choose(g)
    values = [e.value for e in bot.estimates]
    assert any(v not in (0.0, 0.5, 1.0) for v in values), values
    assert all(0.0 <= v <= 1.0 for v in values)


@pytest.mark.slow
def test_heuristic_beats_random_in_two_player_games() -> None:
    """The full measurement (200+ games) is in the report; here two fixed games, one per seat."""
    for seed, hseat in ((0, 0), (1, 1)):
        g = Necklace.new({"players": 2}, seed)
        bots = [make_bot("heuristic" if s == hseat else "random", seed * 10 + s) for s in range(2)]
        while not g.is_over():
            seat = g.current_player()
            assert seat is not None
            action = bots[seat].choose(g)
            assert action in g.legal_actions()
            g.apply(action)
        assert g.result().winners == (hseat,)
