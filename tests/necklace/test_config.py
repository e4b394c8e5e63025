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
    assert cfg.cardinal_when_due is False  # QN-AMB-8: one Cardinal window per drawn Merchant
    assert cfg.third_merchant_in_last_six is False  # QN-SETUP-9: among the last five


def test_a_stored_config_without_the_newer_options_keeps_the_earlier_rules_QN_AMB_8_QN_SETUP_9() -> None:
    """A stored config lists every option of the salon that stored it: one without
    ``cardinal_when_due`` and ``third_merchant_in_last_six`` was stored before they existed
    and is read with the earlier rules; what it does state is kept; a new config is not
    touched."""
    earlier = parse_config(Necklace.stored_config({"players": 3, "conceal_holders": False}))
    assert earlier.cardinal_when_due is True and earlier.third_merchant_in_last_six is True
    assert earlier.players == 3 and earlier.conceal_holders is False
    stated = parse_config(Necklace.stored_config({"cardinal_when_due": False}))
    assert stated.cardinal_when_due is False and stated.third_merchant_in_last_six is True
    full = NecklaceConfig(players=4).model_dump(mode="json")
    assert parse_config(Necklace.stored_config(full)) == NecklaceConfig(players=4)
    assert Necklace.stored_config([1, 2]) == [1, 2]  # left for parse_config to refuse


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
def test_bad_configs_are_refused(raw: object, message: str) -> None:
    with pytest.raises(ConfigError, match=message) as err:
        Necklace.new(raw, 0)
    assert "\n" not in str(err.value)


def test_config_object_is_accepted_and_frozen() -> None:
    cfg = NecklaceConfig(players=3)
    g = Necklace.new(cfg, 1)
    assert g.num_players == 3 and g.config is cfg
    with pytest.raises(ValidationError):
        cfg.players = 4


def test_registered_under_its_name() -> None:
    assert "necklace" in game_names()
    assert game_class("necklace") is Necklace
    assert Necklace.parse_config(None) == NecklaceConfig()
