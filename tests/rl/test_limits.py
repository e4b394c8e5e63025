"""The environments' bounds come from the games' rules (``Description.limits``), not from
constants of their own."""

from __future__ import annotations

from typing import Any

import pytest

from salon.core.game import game_class

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("rococo", {"players": 2}), ("rococo", {"players": 5, "expansions": "all"}),
    ("rococo", {"players": 1, "solo": True, "expansions": "jewelry_box"}),
    ("rococo", {"players": 4, "edition": "2013"}),
    ("necklace", {"players": 2}), ("necklace", {"players": 4}),
]


@pytest.mark.parametrize(("name", "config"), CONFIGS)
def test_openspiel_length_and_utilities_are_the_rules_limits(name: str, config: dict[str, Any]) -> None:
    import json

    import pyspiel

    from salon.rl.openspiel import register

    register()
    limits = game_class(name).describe(config).limits
    params = {"players": config["players"], "config": json.dumps({k: v for k, v in config.items() if k != "players"})}
    game = pyspiel.load_game(f"python_salon_{name}", params)
    low, high = limits.scores
    assert game.max_game_length() == limits.decisions
    assert (game.min_utility(), game.max_utility()) == (low - high, high - low)
    ranked = pyspiel.load_game(f"python_salon_{name}", {**params, "returns": "rank"})
    assert (ranked.min_utility(), ranked.max_utility()) == (-1.0, 1.0)


@pytest.mark.parametrize(("name", "config"), CONFIGS)
def test_gym_truncates_only_past_any_game_played_by_the_rules(name: str, config: dict[str, Any]) -> None:
    """The learner's legal steps are some of the game's decisions, so no legal game reaches
    the default truncation."""
    from salon.rl.single import MAX_STEPS

    assert game_class(name).describe(config).limits.decisions < MAX_STEPS
