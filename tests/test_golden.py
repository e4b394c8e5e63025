"""The golden games (tests/golden.py) replay to the same legal-action counts and states at every
step, for each game, config and edition."""

from __future__ import annotations

import json

import pytest

from salon.core.game import game_class
from tests.golden import CASES, FOLDER, steps


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_golden_game_replays_unchanged(case: str) -> None:
    golden = json.loads((FOLDER / f"{case}.json").read_text(encoding="utf-8"))
    name, config, seed = CASES[case]
    assert (golden["game"], golden["config"], golden["seed"]) == (name, config, seed)
    game = game_class(name).new(config, seed)
    assert steps(game) == (golden["legal"][0], golden["hashes"][0]), f"{case}: the setup differs"
    for i, action in enumerate(golden["actions"], 1):
        game.apply(action)
        assert steps(game) == (golden["legal"][i], golden["hashes"][i]), (
            f"{case}: step {i} ({action}) differs; if the change is intended, run python -m tests.golden")
    assert game.is_over()
