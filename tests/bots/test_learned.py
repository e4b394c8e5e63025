"""The learned bot: fair (its choice depends only on what its seat knows), deterministic for a
seed and an iteration count, never illegal, and reading only the models of its own game and
config.  Its strength is measured by ``salon strength`` and ``salon ladder``, not here."""

from __future__ import annotations

import pytest

from salon.bots.base import make_bot
from salon.bots.learned import LearnedBot
from salon.bots.model import model_for, shipped
from salon.core.errors import ConfigError
from salon.core.game import game_class
from salon.core.rng import Rng
from tests.bots.test_search import positions

SHIPPED = [("rococo", {"players": 2}), ("rococo", {"players": 1, "solo": True}), ("necklace", {"players": 2})]


@pytest.mark.parametrize("name,config", SHIPPED)
def test_the_shipped_models_fit_their_configs(name: str, config: dict[str, object]) -> None:
    """Every shipped weights file reads, and the configs the docs promise have a model whose
    layout is the game's (model_for checks the encoding's and the action table's versions)."""
    assert shipped(), "salon ships learned models"
    game = game_class(name).new(config, 0)
    model = model_for(game)
    assert model is not None and model.card["held_out"]["corrected_rmse"] <= model.card["held_out"]["hand_rmse"]


def test_a_config_without_a_model_plays_the_plain_search() -> None:
    game = game_class("necklace").new({"players": 4}, 2)
    bot = LearnedBot(3, iterations=1)
    assert model_for(game) is None
    bot.choose(game)
    assert bot.model is None
    with pytest.raises(ConfigError, match="generations"):
        model_for(game_class("rococo").new({"players": 2}, 0), generation=99)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["rococo", "necklace"])
def test_the_choice_depends_only_on_what_the_seat_knows(name: str) -> None:
    """A game whose secrets are drawn anew from what the deciding seat knows gets the same
    choice and the same estimates (the model reads the seat's observation only)."""
    for g in positions(name, 2):
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
