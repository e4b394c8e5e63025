"""Self-play records and the fit of the learned models: what a shard holds and means, that a
weights file reads back into a model of the same numbers, and that a file fitted on another
layout, or not a weights file at all, is refused with a clear error."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import numpy as np
import pytest

from salon.bots.base import BotSpec
from salon.bots.model import check, read
from salon.core.errors import ConfigError, DataError
from salon.core.game import game_class
from salon.learn import selfplay, train

CONFIG = {"players": 2}
RANDOM = BotSpec.parse("random")


@pytest.fixture(scope="module")
def shards(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("selfplay")
    selfplay.run("necklace", CONFIG, [RANDOM, RANDOM], 40, 500, out, every=3, shard=16, workers=1)
    return out


@pytest.fixture(scope="module")
def weights(shards: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    data = train.load([shards])
    path = tmp_path_factory.mktemp("weights") / "necklace.npz"
    train.write(path, data, train.fit(data, hidden=8, epochs=3), 1, {"command": "test"})
    return path


def test_a_shard_holds_each_kept_decision_with_its_game_and_result(shards: Path) -> None:
    paths = sorted(shards.glob("shard-*.npz"))
    assert [p.name for p in paths] == ["shard-00000500.npz", "shard-00000516.npz", "shard-00000532.npz"]
    again = selfplay.play(selfplay.Job("necklace", CONFIG, (RANDOM, RANDOM), 500, 3))
    with np.load(paths[0]) as shard:
        meta = json.loads(str(shard["meta"]))
        assert meta["seeds"] == list(range(500, 516)) and meta["bots"] == ["random", "random"]
        first = shard["games"] == 0
        assert np.array_equal(shard["chosen"][first], again.chosen)  # the same game, the same record
        masks = np.unpackbits(shard["masks"], axis=1, count=meta["table"]).astype(bool)
        rows = np.arange(len(masks))
        assert masks[rows, shard["chosen"]].all(), "the choice is one of the legal actions"
        assert (masks.sum(axis=1) > 1).all(), "a forced move is not recorded"
        assert shard["observations"].shape == (len(masks), meta["size"])
        assert set(np.unique(shard["margins"][first])) <= set(again.margins)
        assert (shard["weighed"] == -1).all(), "a bot that is no search weighs nothing"


def test_a_weights_file_reads_back_and_fits_its_game(weights: Path) -> None:
    model = read(weights)
    game = game_class("necklace").new(CONFIG, 9)
    check(model, game, "test")
    seat = game.current_player()
    assert seat is not None
    legal = game.legal_actions()
    priors = model.priors(game, seat, legal)
    assert set(priors) == set(legal) and abs(sum(priors.values()) - 1) < 1e-6
    assert np.isfinite(model.correction(game, seat))
    assert model.card["generation"] == 1 and {"hand_rmse", "corrected_rmse", "policy_top1"} <= set(
        model.card["held_out"])


def test_a_model_of_another_layout_or_config_is_refused(weights: Path) -> None:
    model = read(weights)
    stale = dataclasses.replace(model, encoding="0" * 16)
    with pytest.raises(ConfigError, match="fitted on encoding 0000000000000000.*train it again"):
        check(stale, game_class("necklace").new(CONFIG, 1), "stale.npz")
    with pytest.raises(ConfigError):
        check(model, game_class("necklace").new({"players": 3}, 1), "other.npz")


def test_what_is_not_a_weights_file_is_a_data_error(tmp_path: Path, weights: Path) -> None:
    junk = tmp_path / "junk.npz"
    junk.write_bytes(b"not a zip")
    with pytest.raises(DataError, match="not a salon weights file"):
        read(junk)
    with np.load(weights) as data:
        arrays = {k: data[k] for k in data.files}
    meta = json.loads(str(arrays["meta"]))
    arrays["meta"] = np.array(json.dumps({**meta, "format": 99}))
    other = tmp_path / "other.npz"
    np.savez(other, **arrays)
    with pytest.raises(DataError, match="format 99"):
        read(other)


def test_shards_of_different_configs_are_not_fitted_together(shards: Path, tmp_path: Path) -> None:
    selfplay.run("necklace", {"players": 3}, [RANDOM] * 3, 1, 0, tmp_path, every=5, workers=1)
    with pytest.raises(ConfigError, match="another game, config or layout"):
        train.load([shards, tmp_path])
    with pytest.raises(ConfigError, match="no such folder"):
        train.load([tmp_path / "nothing"])
    (tmp_path / "empty").mkdir()
    with pytest.raises(ConfigError, match="no self-play shards"):
        train.load([tmp_path / "empty"])


def test_a_run_into_a_folder_of_shards_plays_only_the_games_it_lacks(shards: Path, tmp_path: Path) -> None:
    """A long self-play run stopped is resumed by running it again: the seeds the folder's
    shards hold are not played twice, a shard cut short while written is played again, and a
    folder of another layout is refused rather than mixed."""
    out = tmp_path / "resumed"
    out.mkdir()
    for path in sorted(shards.glob("shard-*.npz"))[:1]:
        (out / path.name).write_bytes(path.read_bytes())
    (out / "shard-99999999.part.npz").write_bytes(b"cut short")
    held = selfplay.recorded(out, selfplay.layout(game_class("necklace").new(CONFIG, 500), [RANDOM, RANDOM]))
    assert len(held) == 16
    left = selfplay.remaining("necklace", CONFIG, [RANDOM, RANDOM], 40, 500, out)
    assert sorted(left) == sorted(set(range(500, 540)) - held)
    written = selfplay.run("necklace", CONFIG, [RANDOM, RANDOM], 40, 500, out, every=3, shard=16, workers=1)
    seeds = [s for p in written for s in json.loads(str(np.load(p)["meta"]))["seeds"]]
    assert sorted(seeds) == sorted(left)
    assert selfplay.run("necklace", CONFIG, [RANDOM, RANDOM], 40, 500, out, every=3, shard=16, workers=1) == []
    with pytest.raises(ConfigError, match="another layout"):
        selfplay.remaining("necklace", {"players": 3}, [RANDOM] * 3, 5, 500, out)
