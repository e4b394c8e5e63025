"""The game protocol as programs use it (salon.core.game), for every bundled game: the legal
list belongs to the caller, seeds and seats are checked, config values are taken at their
type only."""

from __future__ import annotations

import pytest

from salon.core.errors import ActionError, ConfigError
from salon.core.game import SEEDS, game_class, game_names


@pytest.fixture(params=game_names())
def name(request: pytest.FixtureRequest) -> str:
    return request.param


def test_the_legal_list_is_the_callers(name: str) -> None:
    """Emptying or extending the list a caller got (a search popping the actions it tried)
    changes nothing the game accepts, in the game or in its clones."""
    g = game_class(name).new({}, 5)
    legal = g.legal_actions()
    twin = g.clone()
    legal.clear()
    legal.append("main:tailor")
    assert g.legal_actions() == twin.legal_actions() and g.legal_actions()
    assert g.legal_actions() is not g.legal_actions()
    if "main:tailor" not in g.legal_actions():
        before = g.state_hash()
        with pytest.raises(ActionError):
            g.apply("main:tailor")
        assert g.state_hash() == before
    g.apply(g.legal_actions()[0])  # the game goes on from the original position
    assert twin.legal_actions() == list(game_class(name).new({}, 5).legal_actions())


@pytest.mark.parametrize("seed", [-1, SEEDS, 1.5, "7", True])
def test_a_seed_out_of_range_or_of_another_type_is_refused(name: str, seed: object) -> None:
    with pytest.raises(ConfigError, match="give an integer from 0 to 2\\*\\*64 - 1"):
        game_class(name).new({}, seed)  # type: ignore[arg-type]


def test_no_seed_draws_one_that_replays(name: str) -> None:
    cls = game_class(name)
    g = cls.new({}, None)
    assert 0 <= g.seed < SEEDS
    assert cls.new({}, g.seed).state_hash() == g.state_hash()
    assert cls.new({}, SEEDS - 1).seed == SEEDS - 1


@pytest.mark.parametrize("seat", [-1, 2, "0", True, 0.0])
def test_observing_from_no_seat_is_refused(name: str, seat: object) -> None:
    """A mistaken seat number must not quietly give a spectator's view."""
    g = game_class(name).new({"players": 2}, 1)
    with pytest.raises(ConfigError, match="the seats of this game are 0 to 1"):
        g.observe(seat)  # type: ignore[arg-type]
    assert g.observe(None)["viewer"] is None and g.observe(1)["viewer"] == 1


@pytest.mark.parametrize("config", [{"players": "3"}, {"players": 3.0}, {"start_player": "0"}])
def test_config_values_of_another_type_are_refused(name: str, config: dict) -> None:
    with pytest.raises(ConfigError, match="config"):
        game_class(name).new(config, 0)


def test_rococo_options_are_booleans() -> None:
    cls = game_class("rococo")
    for value in ("yes", 1, "no"):
        with pytest.raises(ConfigError, match="config solo: Input should be a valid boolean"):
            cls.new({"solo": value}, 0)
