"""The search's second design: worlds spent by Sequential Halving, the look-ahead's choice kept
unless another is significantly better, play-outs that reach further, the chance of winning as
the objective, and a learned policy deciding in the play-outs beyond the first reply
(salon.bots.search, salon.core.evaluation.win_chance, salon.bots.model.Playout).  Their
strength is measured by ``salon strength`` (docs/bots.md), not here."""

from __future__ import annotations

import math
import pickle

import pytest

from salon.bots.base import BotSpec, make_bot
from salon.bots.heuristic import HeuristicBot
from salon.bots.levels import search_v1
from salon.bots.model import Playout, model_for
from salon.bots.search import SearchBot, _Trial
from salon.core.errors import ConfigError
from salon.core.evaluation import Evaluation, evaluation_of, win_chance
from salon.core.game import Game, game_class
from tests.bots.test_search import positions

SOLO = {"players": 1, "solo": True}


def _wide(name: str = "rococo", count: int = 3) -> list[Game]:
    """Decisions with at least four legal actions."""
    return [g for g in positions(name, 12, seed=4) if len(g.legal_actions()) >= 4][:count]


def _first(seed: int, g: Game) -> str:
    """The look-ahead's own choice at ``g``, as a search of ``seed`` ranks it (ties keep the legal order)."""
    look = HeuristicBot(seed, samples=0)
    look.choose(g.clone())
    return sorted(look.values, key=lambda a: -look.values[a])[0]


@pytest.mark.heavy
def test_halving_plays_the_look_aheads_choice_in_every_world_and_halves_the_rest() -> None:
    g = _wide()[0]
    bot = SearchBot(3, iterations=2, keep=4, halving=1)
    bot.choose(g.clone())
    prior_best = _first(3, g)
    played = {e.action: e.worlds for e in bot.estimates}
    rounds = math.ceil(math.log2(4))
    assert bot.worlds == 2 * rounds  # `iterations` worlds a round
    assert played[prior_best] == bot.worlds
    assert sorted(played.values())[0] == 2  # the worse half played only the first round
    assert sum(1 for w in played.values() if w == bot.worlds) <= 2


@pytest.mark.heavy
def test_a_time_budget_plays_every_halving_round_at_least_once() -> None:
    g = _wide()[0]
    bot = SearchBot(2, think=1e-9, keep=4, halving=1)
    assert bot.choose(g.clone()) in g.legal_actions()
    assert bot.worlds == 2 and max(e.worlds for e in bot.estimates) == 2


def test_the_hard_and_expert_levels_are_the_second_design() -> None:
    hard, expert = make_bot("hard"), make_bot("expert")
    assert isinstance(hard, SearchBot) and isinstance(expert, SearchBot)
    assert (hard.think, hard.keep, hard.halving, hard.turns, hard.win) == (1.0, 6, True, 2, True)
    assert (expert.think, expert.keep, expert.halving, expert.turns, expert.win) == (5.0, 8, True, 2, True)


@pytest.mark.heavy
def test_halving_is_deterministic_for_a_seed() -> None:
    g = _wide()[0]
    runs = [SearchBot(5, iterations=2, keep=5, halving=1) for _ in range(2)]
    assert runs[0].choose(g.clone()) == runs[1].choose(g.clone())
    assert runs[0].estimates == runs[1].estimates


@pytest.mark.parametrize("name", ["rococo", "necklace"])
@pytest.mark.heavy
def test_the_look_aheads_choice_stands_unless_another_is_better_in_the_same_worlds(name: str) -> None:
    """With an unreachable confidence another action replaces the look-ahead's choice only when
    it was ahead by the same amount in every world (no spread: a sure gain); with none at
    all the best mean of the finalists is taken, as the first search did."""
    for g in _wide(name, 2):
        first = _first(9, g)
        stubborn = SearchBot(9, iterations=2, keep=4, halving=1, confidence=1e9)
        chosen = stubborn.choose(g.clone())
        values = {e.action: e.value for e in stubborn.estimates}
        assert chosen == first or values[chosen] > values[first]
        greedy = SearchBot(9, iterations=2, keep=4, halving=1, confidence=0)
        greedy.choose(g.clone())
        finalists = [e for e in greedy.estimates if e.worlds == greedy.worlds]
        assert greedy.estimates[0].value == max(e.value for e in finalists)


def test_an_advantage_counts_only_beyond_its_standard_error() -> None:
    g = _wide()[0]
    trial = _Trial(SearchBot(1), g, 0, evaluation_of(g), ["a", "b"])
    trial.values = {"a": {0: 5.0, 1: -3.0, 2: 4.0}, "b": {0: 1.0, 1: 1.0, 2: 1.0}}
    assert trial.significant("a", "b", 0.0) is True  # ahead on average (by 1/3)
    assert trial.significant("a", "b", 1.0) is False  # ... by far less than its standard error
    trial.values = {"a": {0: 2.0, 1: 2.5, 2: 2.2}, "b": {0: 1.0, 1: 1.0, 2: 1.0}}
    assert trial.significant("a", "b", 3.0) is True
    trial.values = {"a": {0: 2.0}, "b": {1: 1.0}}
    assert trial.significant("a", "b", 0.0) is False  # never played in the same world


@pytest.mark.heavy
def test_longer_play_outs_reach_more_turns() -> None:
    """With ``turns=2`` a play-out ends a turn of the seat later than with one: further on in
    the game on average over the actions, as its progress tells (a line may end early where a
    bonus looks like a turn of its own)."""
    g = game_class("rococo").new({"players": 2}, 8)
    while len(g.legal_actions()) < 3 or g.decision().get("kind") != "play":
        g.apply(g.legal_actions()[0])
    evaluation = evaluation_of(g)
    progress = evaluation.progress
    seat = g.current_player()
    assert progress is not None and seat is not None
    reached: dict[int, float] = {}
    for turns in (1, 2):
        bot = SearchBot(1, turns=turns)
        ends = []
        for action in g.legal_actions():
            node = g.clone()
            node.apply(action)
            bot._play_out(g, node, seat, evaluation, False)
            ends.append(progress(node))
        reached[turns] = sum(ends) / len(ends)
    assert reached[2] > reached[1] > progress(g)


@pytest.mark.heavy
def test_rivals_that_stray_from_the_look_ahead_change_the_play_outs_reproducibly() -> None:
    """With ``rivals`` the other seats' play-out moves are drawn, not the look-ahead's best: the
    estimates move, and a seed still gives the same ones."""
    changed = 0
    for g in _wide("rococo", 3):
        plain = SearchBot(6, iterations=2, keep=3)
        plain.choose(g.clone())
        drawn = [SearchBot(6, iterations=2, keep=3, rivals=2.0) for _ in range(2)]
        for bot in drawn:
            bot.choose(g.clone())
        assert drawn[0].estimates == drawn[1].estimates
        changed += drawn[0].estimates != plain.estimates
    assert changed


@pytest.mark.heavy
def test_the_win_objective_judges_by_the_chance_of_finishing_first() -> None:
    g = game_class("rococo").new(SOLO, 4)
    while len(g.legal_actions()) < 3:
        g.apply(g.legal_actions()[0])
    bot = SearchBot(2, iterations=2, keep=3, win=1, turns=2)
    bot.choose(g)
    assert bot.estimates and all(0.0 <= e.value <= 1.0 for e in bot.estimates)


def test_a_win_chance_follows_the_margin_and_the_spread() -> None:
    g = game_class("rococo").new({"players": 2}, 1)
    ev = evaluation_of(g)
    margin = ev.evaluate(g, 0)
    assert ev.spread is not None and ev.spread(g) > 0
    one_ahead = Evaluation(lambda game, seat: ev.spread(game), spread=ev.spread)  # type: ignore[misc]
    assert win_chance(one_ahead, g, 0) == pytest.approx(0.84, abs=0.01)  # Phi(1)
    assert (win_chance(ev, g, 0) > 0.5) == (margin > 0)
    assert win_chance(Evaluation(lambda game, seat: 3.0), g, 0) == 1.0  # no spread: the sign
    assert win_chance(Evaluation(lambda game, seat: 0.0), g, 0) == 0.5
    assert win_chance(Evaluation(lambda game, seat: -1e9, spread=ev.spread), g, 0) == 0.0


@pytest.mark.parametrize("name,config", [("rococo", {"players": 2}), ("rococo", SOLO), ("necklace", {"players": 3})])
@pytest.mark.heavy
def test_progress_runs_from_the_start_to_the_end(name: str, config: dict[str, object]) -> None:
    g = game_class(name).new(config, 2)
    ev = evaluation_of(g)
    assert ev.progress is not None
    seen = [ev.progress(g)]
    bot = HeuristicBot(1, samples=0)
    while not g.is_over():
        g.apply(bot.choose(g) if len(g.legal_actions()) > 1 else g.legal_actions()[0])
        seen.append(ev.progress(g))
    assert seen[0] == 0.0 and seen[-1] == 1.0
    # a card hired into a hand adds a turn to the round: a step back of one turn's share at most
    step = 1 / 12 if name == "rococo" else 0.0
    assert all(b >= a - step for a, b in zip(seen, seen[1:], strict=False)), "progress goes back a turn at most"
    assert 0.25 < seen[len(seen) // 2] < 0.75
    if ev.spread is not None:
        assert ev.spread(g) == 0.0


@pytest.mark.heavy
def test_search_v1_keeps_the_first_design_whatever_the_search_becomes() -> None:
    g = _wide()[0]
    v1 = search_v1(4, iterations=2)
    first = SearchBot(4, iterations=2, keep=3, halving=0, turns=1, win=0)
    assert v1.choose(g.clone()) == first.choose(g.clone())
    assert isinstance(v1, SearchBot) and v1.estimates == first.estimates


@pytest.mark.parametrize("spec", ["search:halving=2", "search:win=3", "search:turns=0", "search:turns=5",
                                  "search:confidence=-1", "search:rivals=-2", "search:fast=-1",
                                  "search:table=-1", "search:fast=1:table=1"])
def test_bad_search_parameters_are_refused(spec: str) -> None:
    with pytest.raises(ConfigError):
        make_bot(spec)


def test_the_play_out_policy_plays_the_policys_most_likely_legal_action() -> None:
    """``Playout`` ranks the legal actions by the policy's logits alone, as the priors' softmax
    of the same logits does (an action never seen chosen below every seen one)."""
    for g in positions("rococo", 40, seed=9):
        seat = g.current_player()
        assert seat is not None
        model = model_for(g, 1)
        assert model is not None
        priors = model.priors(g, seat, g.legal_actions())
        assert Playout(model, g).choose(g) == max(priors, key=priors.__getitem__)


@pytest.mark.parametrize("policy", ["fast", "table"])
@pytest.mark.heavy
def test_play_out_policies_change_the_estimates_reproducibly_and_survive_pickling(policy: str) -> None:
    """With ``fast`` the model's policy decides beyond the first reply, with ``table`` its action
    table: the estimates move, a seed still gives the same ones, and a bot sent to another
    process (without the model's weights) binds the policy again and goes on as the original
    does."""
    changed = 0
    for g in _wide("rococo", 3):
        plain = SearchBot(6, iterations=2, keep=3, turns=2)
        plain.choose(g.clone())
        bots = [SearchBot(6, iterations=2, keep=3, turns=2, **{policy: 1}) for _ in range(2)]
        for bot in bots:
            bot.choose(g.clone())
        assert bots[0].estimates == bots[1].estimates
        changed += bots[0].estimates != plain.estimates
        copy = pickle.loads(pickle.dumps(bots[0]))
        assert copy._playout is None and len(pickle.dumps(bots[0])) < 10_000
        assert copy.choose(g.clone()) == bots[0].choose(g.clone()) and copy.estimates == bots[0].estimates
    assert changed


def test_fast_play_outs_need_a_model_of_the_config() -> None:
    with pytest.raises(ConfigError, match="no model was trained for this rococo config"):
        BotSpec.parse("search:fast=1").check(game_class("rococo").new(SOLO, 1))
    with pytest.raises(ConfigError, match="search:table=1: no model was trained for this rococo config"):
        BotSpec.parse("search:table=1").check(game_class("rococo").new(SOLO, 1))
    with pytest.raises(ConfigError, match="generations 1, 2, not 7"):
        BotSpec.parse("search:fast=7").check(game_class("rococo").new({"players": 2}, 1))
