"""Game configuration: defaults, the [config] rulings, and clear refusals."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from salon.core.errors import ConfigError
from salon.core.game import game_class, game_names
from salon.rococo.config import RococoConfig, parse_config
from salon.rococo.game import Rococo


def test_defaults_follow_the_rulings() -> None:
    cfg = parse_config({})
    assert cfg.players == 2
    assert cfg.start_player is None  # R-SETUP-10: random by default
    assert cfg.dismiss_self_retrigger is False
    assert cfg.granted_tailoring_never_master is False


def test_board_side_by_player_count() -> None:
    """R-SETUP-1: 1-3 players use the "1, 2 & 3" side, 4-5 the "4 & 5" side."""
    assert [parse_config({"players": n}).side for n in (2, 3, 4, 5)] == ["1-3", "1-3", "4-5", "4-5"]


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"players": 6}, "2-5 players"),
        ({"players": 0}, "2-5 players"),
        ({"players": 1}, "2-5 players; for one player use the solo mode"),
        ({"players": 1, "edition": "2013"}, "2-5 players$"),  # D-2: no solo mode to point to
        ({"players": "many"}, "players"),
        ({"start_player": 3, "players": 3}, "not a seat"),
        ({"solo": True, "start_player": 0}, r"Madame du Barry \(seat 1\) is the start player \(R-SOLO-SETUP-5\)"),
        ({"mdb_exam_removal": "human"}, "mdb_exam_removal is an option of the solo mode"),
        ({"solo_two_player_rules": False}, "solo_two_player_rules is an option of the solo mode"),
        ({"edition": "2013", "mdb_inspect_tiles": True}, "mdb_inspect_tiles is an option of the solo mode"),
        ({"exquisite_tile_source": "bag"}, "option of the exquisite expansion"),
        ({"colour": "red"}, "unknown option"),
        ([1, 2], "mapping"),
    ],
)
def test_bad_configs_are_refused(raw: object, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        Rococo.new(raw, 0)


def test_options_of_the_modes_in_play_are_accepted() -> None:
    """The solo options with the solo mode, A-4 with the Exquisite garments, her own seat as
    start player, and every option at its default anywhere."""
    assert Rococo.new({"solo": True, "start_player": 1, "mdb_exam_removal": "human"}, 0).s.start_player == 1
    assert parse_config({"expansions": ["exquisite"], "exquisite_tile_source": "bag"}).exquisite_tile_source == "bag"
    assert parse_config({"solo_two_player_rules": True, "mdb_exam_removal": "random",
                         "exquisite_tile_source": "display"}).players == 2


def test_config_object_is_accepted_and_frozen() -> None:
    cfg = RococoConfig(players=4)
    g = Rococo.new(cfg, 1)
    assert g.num_players == 4
    with pytest.raises(ValidationError):
        cfg.players = 5


def test_registry() -> None:
    assert "rococo" in game_names()
    assert game_class("rococo") is Rococo
    with pytest.raises(ConfigError, match="unknown game"):
        game_class("backgammon")
