"""``salon.learn.fit``: the evaluation's fitted weights are data with the command that fitted
them, and a fit finds the weights that best explain the final margins."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from salon.bots.base import BotSpec
from salon.core.errors import ConfigError
from salon.core.game import game_class
from salon.core.weights import Fitted
from salon.learn import fit as fit_mod
from salon.rococo import evaluation
from salon.rococo.game import Rococo

SOLO = {"players": 1, "solo": True}
PLAIN = ["MADAME_TURN", "MADAME_TURN_FADE"]
ALL = [*PLAIN, "MADAME_TURN_JB", "MADAME_TURN_FADE_JB"]
RANDOM = BotSpec.parse("random")


def _fitted() -> Fitted:
    return fit_mod.fitted_for(game_class("rococo").new(SOLO, 0))


def test_the_evaluation_reads_its_fitted_weights_from_the_data_file() -> None:
    data = _fitted().read()
    assert data["weights"] == {name: getattr(evaluation, name) for name in ALL}
    for name in ALL:
        how = data["fitted"][name]
        assert how["command"].startswith("salon fit rococo --games") and "--solo" in how["command"]
        assert ("-x jewelry_box" in how["command"] or "--expansions jewelry_box" in how["command"]) \
            == name.endswith("_JB")
        assert how["positions"] > 0 and how["games"] > 0 and name in how["together"]


def test_a_fit_recovers_the_weights_that_made_the_margins() -> None:
    """Margins made by the evaluation itself with known weights: one step from other weights
    finds them again (they enter linearly, so the step is exact), and leaves the module as it was."""
    fitted = _fitted()
    samples = fit_mod.record("rococo", SOLO, range(2), RANDOM, 3)
    truth = {"MADAME_TURN": 4.5, "MADAME_TURN_FADE": 0.05}
    made: list[fit_mod.Sample] = []
    try:
        for name, value in truth.items():
            setattr(evaluation, name, value)
        for x in samples:
            assert isinstance(x.game, Rococo)
            made.append(fit_mod.Sample(x.game, x.seat, evaluation.evaluate(x.game, x.seat)))
    finally:
        for name, value in fitted.weights().items():
            setattr(evaluation, name, value)
    result = fit_mod.fit(fitted, made, start={"MADAME_TURN": 0.0, "MADAME_TURN_FADE": 0.0})
    assert result.after == pytest.approx(truth, abs=1e-6)
    assert result.flat == ["MADAME_TURN_JB", "MADAME_TURN_FADE_JB"]  # the Jewelry Box is not in play
    assert result.error_before.mean_abs > 1.0 and result.error_after.mean_abs < 1e-6
    assert [getattr(evaluation, name) for name in ALL] == list(fitted.weights().values())


def test_a_fit_where_no_weight_acts_is_refused() -> None:
    """Madame du Barry's turns count only in the solo mode: in a 2-player game neither weight acts."""
    samples = fit_mod.record("rococo", {"players": 2}, [0], RANDOM, 25)
    with pytest.raises(ConfigError, match="none of the weights " + ", ".join(ALL) + " acts"):
        fit_mod.fit(_fitted(), samples)


def test_one_weight_can_be_fitted_alone() -> None:
    samples = fit_mod.record("rococo", SOLO, [1], RANDOM, 5)
    result = fit_mod.fit(_fitted(), samples, ["MADAME_TURN_FADE"])
    assert list(result.after) == ["MADAME_TURN_FADE"] and result.flat == []


def test_the_jewelry_box_has_weights_of_its_own() -> None:
    """With the Jewelry Box Madame du Barry's turns bring more: only its weights act there."""
    samples = fit_mod.record("rococo", SOLO | {"expansions": ["jewelry_box"]}, [0], RANDOM, 6)
    result = fit_mod.fit(_fitted(), samples)
    assert list(result.after) == ["MADAME_TURN_JB", "MADAME_TURN_FADE_JB"] and result.flat == PLAIN


def test_an_unknown_weight_is_refused() -> None:
    with pytest.raises(ConfigError, match=", ".join(ALL)):
        fit_mod.fit(_fitted(), fit_mod.record("rococo", SOLO, [0], RANDOM, 50), ["NOPE"])


def test_written_weights_keep_the_command_and_the_others(tmp_path: Path) -> None:
    fitted = _fitted()
    before = fitted.read()
    result = fit_mod.Fit(fitted.weights(), {"MADAME_TURN": 5.123456}, [], fit_mod.Error(-3.0, 9.0),
                         fit_mod.Error(0.5, 7.25))
    out = fit_mod.write(fitted, result, "salon fit rococo --games 3 --seed 0 --solo", 3, 99, tmp_path / "f.json")
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["weights"] == before["weights"] | {"MADAME_TURN": 5.1235}
    assert data["fitted"]["MADAME_TURN"] == {
        "command": "salon fit rococo --games 3 --seed 0 --solo", "games": 3, "positions": 99,
        "error_before": {"mean": -3.0, "mean_abs": 9.0}, "error_after": {"mean": 0.5, "mean_abs": 7.25},
        "together": ["MADAME_TURN"]}
    assert all(data["fitted"][n] == before["fitted"][n] for n in ALL[1:])
    assert data["about"] == before["about"]


def test_a_game_without_fitted_weights_is_refused() -> None:
    with pytest.raises(ConfigError, match="no fitted weights"):
        fit_mod.fitted_for(game_class("necklace").new({"players": 2}, 0))
