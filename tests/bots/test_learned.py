"""The learned bot: fair (its choice depends only on what its seat knows), deterministic for a
seed and an iteration count, never illegal, and reading only the models of its own game and
config.  Its strength is measured by ``salon strength`` and ``salon ladder``, not here."""

from __future__ import annotations

import dataclasses

import pytest

from salon.bots.base import make_bot
from salon.bots.learned import LearnedBot
from salon.bots.model import model_for, shipped
from salon.core.errors import ConfigError
from salon.core.evaluation import evaluation_of
from salon.core.game import game_class
from salon.core.rng import Rng
from tests.bots.test_search import positions, twins_of

SHIPPED = [("rococo", {"players": 2}), ("necklace", {"players": 2})]


@pytest.mark.parametrize("name,config", SHIPPED)
def test_the_shipped_models_fit_their_configs(name: str, config: dict[str, object]) -> None:
    """Every shipped weights file reads, and the configs the docs promise have a model whose
    layout is the game's (model_for checks the encoding's and the action table's versions)."""
    assert shipped(), "salon ships learned models"
    game = game_class(name).new(config, 0)
    model = model_for(game)
    assert model is not None and model.card["held_out"]["corrected_rmse"] <= model.card["held_out"]["hand_rmse"]


@pytest.mark.parametrize("name,config", [("necklace", {"players": 4}), ("rococo", {"players": 1, "solo": True})])
def test_a_config_without_a_model_plays_the_plain_search(name: str, config: dict[str, object]) -> None:
    """The solo mode has no shipped model: its measured ones lost to Madame du Barry far more
    often than the plain search (docs/bots.md, "What they are worth")."""
    game = game_class(name).new(config, 2)
    bot = LearnedBot(3, iterations=1)
    assert model_for(game) is None
    while len(game.legal_actions()) == 1:
        game.apply(game.legal_actions()[0])
    bot.choose(game)
    assert bot.model is None
    with pytest.raises(ConfigError, match="generations"):
        model_for(game_class("rococo").new({"players": 2}, 0), generation=99)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["rococo", "necklace"])
def test_the_choice_depends_only_on_what_the_seat_knows(name: str) -> None:
    """A game whose secrets are drawn anew from what the deciding seat knows gets the same
    choice and the same estimates (the model reads the seat's observation only)."""
    for g in twins_of(name, 2):
        seat = g.current_player()
        assert seat is not None
        twin = g.determinize(seat, Rng(991))
        assert twin is not None and twin.state_hash() != g.state_hash()
        first, second = LearnedBot(7, iterations=1), LearnedBot(7, iterations=1)
        assert first.choose(g) == second.choose(twin)
        assert first.estimates == second.estimates and first.model is not None


@pytest.mark.slow
def test_deterministic_legal_and_weighing_the_policys_choice() -> None:
    for g in positions("rococo", 3, seed=8):
        runs = [make_bot("learned:iterations=1:widen=2", 5) for _ in range(2)]
        choices = [bot.choose(g.clone()) for bot in runs]
        assert choices[0] == choices[1] and choices[0] in g.legal_actions()
        first, second = runs
        assert isinstance(first, LearnedBot) and isinstance(second, LearnedBot)
        assert first.estimates == second.estimates
        weighed = [e.action for e in first.estimates]
        assert len(weighed) <= 3 + 2 and len(set(weighed)) == len(weighed)


def test_a_finished_play_out_is_worth_its_exact_result() -> None:
    """The model was fitted on positions with a decision to make; at the end of the game the
    hand evaluation is the result itself, and no correction is added to it."""
    import random

    from salon.core.evaluation import evaluation_of

    game = game_class("rococo").new({"players": 2}, 4)
    rng = random.Random(4)
    while not game.is_over():
        game.apply(rng.choice(game.legal_actions()))
    bot = LearnedBot(1, iterations=1)
    evaluation = evaluation_of(game)
    assert model_for(game) is not None
    assert bot._leaf(game, 0, evaluation) == evaluation.evaluate(game, 0)
    with pytest.raises(ValueError, match="trust"):
        LearnedBot(1, trust=2.0)


def test_the_correction_is_added_only_in_the_phases_it_was_trusted_in() -> None:
    """A model whose card trusts its value in the late phase only corrects nothing at the start
    of a game and corrects late positions; a card without the list corrects everywhere."""
    g = game_class("rococo").new({"players": 2}, 5)
    model = model_for(g)
    assert model is not None and "value_phases" not in model.card
    progress = evaluation_of(g).progress
    assert progress is not None
    late = g.clone()
    while not late.is_over() and progress(late) < 0.7:
        late.apply(late.legal_actions()[0])
    assert not late.is_over()
    everywhere = [model.correction(x, 0) for x in (g, late)]
    assert all(c != 0.0 for c in everywhere)
    trusting = dataclasses.replace(model, card={**model.card, "value_phases": ["late"]})
    assert trusting.correction(g, 0) == 0.0
    assert trusting.correction(late, 0) == everywhere[1]


def test_playing_for_the_win_reads_the_win_model_where_its_card_trusts_it() -> None:
    """With ``win``, a leaf is worth the win model's chance in the phases its card trusts it
    in, elsewhere the chance that the corrected margin gives; the second design's parts are
    the search's own."""
    import numpy as np

    from salon.bots.model import Mlp, Win
    from salon.core.evaluation import chance, spread_of

    game = game_class("rococo").new({"players": 2}, 6)
    bot = make_bot("learned:iterations=1:win=1:halving=1:turns=2:keep=6", 1)
    assert isinstance(bot, LearnedBot) and bot.win and bot.halving and bot.turns == 2
    model = bot._model_of(game)
    assert model is not None
    evaluation = evaluation_of(game)
    hand = evaluation.evaluate(game, 0)
    margin = hand + model.correction(game, 0)
    assert bot._leaf(game, 0, evaluation) == pytest.approx(chance(margin, spread_of(evaluation, game)))
    sure = Mlp(((np.zeros((len(model.columns), 1), dtype=np.float32), np.array([3.0], dtype=np.float32)),))
    bot.model = dataclasses.replace(model, win=Win(sure, 0.0), card={**model.card, "win_phases": ["early"]})
    assert bot._leaf(game, 0, evaluation) == pytest.approx(1 / (1 + np.exp(-3.0)))
    bot.model = dataclasses.replace(bot.model, card={**model.card, "win_phases": ["late"]})
    assert bot._leaf(game, 0, evaluation) == pytest.approx(chance(margin, spread_of(evaluation, game)))
