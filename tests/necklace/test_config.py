"""Game configuration: defaults follow the rulings, bad configs are refused in one line."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from salon.core.errors import ConfigError
from salon.core.game import game_class, game_names
from salon.necklace.config import NecklaceConfig, parse_config
from salon.necklace.game import Necklace


def test_defaults_follow_the_rulings() -> None:
    cfg = parse_config({})
    assert cfg.players == 2
    assert cfg.start_player is None  # QN-SETUP-11, QN-AMB-30: random by default
    assert cfg.conceal_holders is True
    assert cfg.cardinal_refill_at_once is True  # QN-AMB-7
    assert cfg.queen_on_amber is True and cfg.queen_active_player is True  # QN-AMB-9
    assert cfg.forger_names_amber is True and cfg.forger_victim_chooses is True  # QN-AMB-12
    assert cfg.alchemist_any_column is True  # QN-AMB-14
    assert cfg.bankers_stack is True  # QN-AMB-17
    assert cfg.favorite_on_leader is True  # QN-AMB-24


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_to_four_players_QN_SETUP_1(players: int) -> None:
    assert Necklace.new({"players": players}, 1).num_players == players


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"players": 5}, "players"),
        ({"players": 1}, "players"),
        ({"players": "many"}, "players"),
        ({"start_player": 2}, "not a seat"),
        ({"start_player": -1}, "start_player"),
        ({"queen_on_amber": "perhaps"}, "queen_on_amber"),
        ({"colour": "red"}, "unknown option"),
        ([1, 2], "mapping"),
    ],
)
def test_bad_configs_are_refused(raw, message: str) -> None:
    with pytest.raises(ConfigError, match=message) as err:
        Necklace.new(raw, 0)
    assert "\n" not in str(err.value)


def test_config_object_is_accepted_and_frozen() -> None:
    cfg = NecklaceConfig(players=3)
    g = Necklace.new(cfg, 1)
    assert g.num_players == 3 and g.config is cfg
    with pytest.raises(ValidationError):
        cfg.players = 4  # type: ignore[misc]


def test_registered_under_its_name() -> None:
    assert "necklace" in game_names()
    assert game_class("necklace") is Necklace
    assert Necklace.parse_config(None) == NecklaceConfig()
