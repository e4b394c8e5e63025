"""Self-play records and the fit of the learned models: what a shard holds and means, that a
weights file reads back into a model of the same numbers, and that a file fitted on another
layout, or not a weights file at all, is refused with a clear error."""

from __future__ import annotations

import dataclasses
import json
import weakref
from pathlib import Path

import numpy as np
import pytest

from salon.bots.base import BotSpec
from salon.bots.model import Mlp, Win, check, read
from salon.core.errors import ConfigError, DataError
from salon.core.evaluation import evaluation_of
from salon.core.game import game_class
from salon.learn import selfplay, train
from salon.learn import weights as weights_file

pytestmark = pytest.mark.heavy  # self-play and fits, seconds on the pure engine

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
    weights_file.write(path, data, train.fit(data, hidden=8, epochs=3), 1, {"command": "test"})
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


def test_a_run_holds_no_more_games_than_its_shard(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game's record is megabytes at four players (thousands of numbers a position), so a
    run of 20,000 games must let each go once its shard is written, not keep them all."""
    records: list[weakref.ref[selfplay.Record]] = []
    play = selfplay.play

    def traced(job: selfplay.Job) -> selfplay.Record:
        record = play(job)
        records.append(weakref.ref(record))
        return record

    monkeypatch.setattr(selfplay, "play", traced)
    alive: list[int] = []
    selfplay.run("necklace", CONFIG, [RANDOM, RANDOM], 12, 700, tmp_path, every=3, shard=2, workers=1,
                 done=lambda _record: alive.append(sum(r() is not None for r in records)))
    assert len(alive) == 12 and max(alive) == 2, alive


def test_a_shard_records_how_far_into_its_game_each_position_is(shards: Path) -> None:
    """Progress runs from 0 to 1 and never goes back within a game, for each seat."""
    for path in sorted(shards.glob("shard-*.npz")):
        with np.load(path) as shard:
            progress, games, seats = shard["progress"], shard["games"], shard["seats"]
        assert progress.dtype == np.float32 and len(progress) == len(games)
        assert ((progress >= 0) & (progress <= 1)).all()
        for game in np.unique(games):
            for seat in np.unique(seats[games == game]):
                mine = progress[(games == game) & (seats == seat)]
                assert (np.diff(mine) >= 0).all(), f"progress went back in game {game}, seat {seat}"
        assert progress.min() < 1 / 3 and progress.max() >= 2 / 3, "the games' phases are all recorded"


def test_without_a_declared_progress_a_decision_counts_as_its_share_of_the_game(
        monkeypatch: pytest.MonkeyPatch) -> None:
    declared = evaluation_of(game_class("necklace").new(CONFIG, 1))
    monkeypatch.setattr(selfplay, "evaluation_of", lambda game: dataclasses.replace(declared, progress=None))
    every = 3
    record = selfplay.play(selfplay.Job("necklace", CONFIG, (RANDOM, RANDOM), 500, every))
    kept = len(record.progress)
    assert record.progress[0] == 0 and (np.diff(record.progress) > 0).all() and record.progress[-1] < 1
    # the kept decisions are every third of all, so each step is every / decisions
    step = float(record.progress[1])
    assert np.allclose(record.progress, step * np.arange(kept), atol=1e-6)
    assert (kept - 1) * every < every / step <= kept * every


def test_loading_keeps_at_most_so_many_positions_of_each_game_spread_over_it(shards: Path) -> None:
    """--per-game: every game stays, with its first and last position and at most that many
    evenly between, each row one that the whole load has too."""
    whole = train.load([shards])
    thinned = train.load([shards], per_game=3)
    assert thinned.games == whole.games == 40
    assert len(thinned.chosen) <= 3 * 40 < len(whole.chosen)
    games = np.array([0] * 10 + [1] * 2 + [2] * 5, dtype=np.int32)
    assert train._thin(games, 3).tolist() == [0, 4, 9, 10, 11, 12, 14, 16], "first, last and between, per game"
    for column in ("progress", "margins", "evaluations", "chosen"):
        kept = getattr(thinned, column)
        assert np.isin(kept, getattr(whole, column)).all(), column
    assert train.load([shards], per_game=10_000).chosen.tolist() == whole.chosen.tolist()


def test_a_shard_written_before_progress_was_recorded_still_loads(shards: Path, tmp_path: Path) -> None:
    """An old shard's progress is each position's place among its game's kept positions."""
    for path in sorted(shards.glob("shard-*.npz")):
        with np.load(path) as shard:
            arrays = {k: shard[k] for k in shard.files if k != "progress"}
        np.savez_compressed(tmp_path / path.name, **arrays)
    new, old = train.load([shards]), train.load([tmp_path])
    assert np.array_equal(new.margins, old.margins) and np.array_equal(new.held_out, old.held_out)
    assert ((old.progress >= 0) & (old.progress < 1)).all()
    with np.load(sorted(tmp_path.glob("shard-*.npz"))[0]) as shard:
        games = shard["games"]
    first = old.progress[:len(games)][games == 0]
    assert np.allclose(first, np.arange(len(first)) / len(first))
    # the order approximates the recorded progress (sales in the Necklace, not decisions)
    assert np.corrcoef(new.progress, old.progress)[0, 1] > 0.8


def test_the_report_tells_the_held_out_errors_apart_by_phase(shards: Path) -> None:
    data = train.load([shards])
    fitted = train.fit(data, hidden=8, epochs=3)
    phases = fitted["report"]["phases"]
    assert [p["phase"] for p in phases] == ["early", "middle", "late"]
    assert sum(p["positions"] for p in phases) == fitted["report"]["held_out_positions"] == data.held_out.sum()
    keys = ("hand_rmse", "corrected_rmse", "hand_bias", "spread", "log_loss", "brier", "win_log_loss", "win_brier")
    for phase in phases:
        assert phase["positions"] > 0 and all(np.isfinite(phase[k]) for k in keys), phase
        assert phase["spread"] > 0 and 0 <= phase["brier"] <= 1 and phase["log_loss"] > 0
        assert 0 <= phase["win_brier"] <= 1 and phase["win_log_loss"] > 0
    assert set(fitted["value_phases"]) <= {"early", "middle", "late"}
    assert fitted["win_phases"] == [p["phase"] for p in phases if p["win_log_loss"] < p["log_loss"]]
    assert fitted["value_model"] in ("none", *(f"ridge:{p:g}" for p in train.PENALTIES),
                                     *(f"mlp:{h}" for h in train.VALUE_HIDDEN))
    assert fitted["win_penalty"] in train.WIN_PENALTIES


def test_the_weights_file_holds_the_win_model_that_the_report_scored(shards: Path, weights: Path) -> None:
    """The file's win model gives the held-out positions the chances whose log loss the card
    reports, from their vectors and hand evaluations."""
    data = train.load([shards])
    model = read(weights)
    assert model.win is not None
    held = data.held_out
    x = data.observations[held][:, model.columns].astype(np.float32)
    chances = model.win.chances(x, data.evaluations[held])
    assert ((chances > 0) & (chances < 1)).all()
    won = data.margins[held] >= 0
    stage = train.phase_of(data.progress[held])
    for i, phase in enumerate(model.card["held_out"]["phases"]):
        here = stage == i
        sure = np.where(won[here], chances[here], 1 - chances[here])
        assert phase["win_log_loss"] == pytest.approx(-np.mean(np.log(sure)), abs=1e-3)
    game = game_class("necklace").new(CONFIG, 9)
    seat = game.current_player()
    assert seat is not None
    trusted = dataclasses.replace(model, card={**model.card, "win_phases": ["early", "middle", "late"]})
    distrusted = dataclasses.replace(model, card={**model.card, "win_phases": []})
    chance = trusted.chance(game, seat, 0.0)
    assert chance is not None and 0 < chance < 1
    assert distrusted.chance(game, seat, 0.0) is None
    assert dataclasses.replace(model, win=None).chance(game, seat, 0.0) is None


@pytest.mark.filterwarnings("ignore::sklearn.exceptions.ConvergenceWarning")
def test_the_value_model_is_chosen_on_the_validation_games() -> None:
    """A correction that is a plain function of the vector is learned (a ridge regression or a
    perceptron, whichever the validation games prefer); one that nothing in the vector tells
    is left out where no model beats adding nothing."""
    rng = np.random.default_rng(0)
    x = rng.normal(size=(600, 3)).astype(np.float32)
    validation = np.arange(600) % 5 == 0
    inputs = train._Inputs(np.arange(3, dtype=np.int32), np.zeros(3, dtype=np.float32),
                           np.ones(3, dtype=np.float32), x, validation)
    target = (4 * x[:, 0] - 2 * x[:, 1]).astype(np.float32)
    layers, name = train._fit_value(inputs, target, epochs=30, seed=0)
    assert name != "none"
    predicted = Mlp(tuple(layers))(x)[:, 0]
    assert np.sqrt(np.mean((predicted - target) ** 2)) < 0.3


def _positions(progress: list[float], evaluations: list[float], margins: list[float]) -> train.Data:
    """Made-up positions, the even ones held out: one column that is always 1."""
    n = len(progress)
    held = np.arange(n) % 2 == 0
    return train.Data({}, np.ones((n, 1), dtype=np.float16), np.ones((n, 2), dtype=bool), np.zeros(n, dtype=np.int32),
                      np.array(evaluations, dtype=np.float32), np.array(margins, dtype=np.float32),
                      np.array(progress, dtype=np.float32), np.zeros(n, dtype=bool), held, np.zeros(n, dtype=bool), 1)


def test_the_correction_is_used_only_in_the_phases_where_it_beats_the_hand_evaluation() -> None:
    """A correction of +5 where the final margins are the hand evaluation plus 5 late in the
    game but plus 0 or 1 earlier: it is used late only, one of +1 in the middle and late, and one of 0
    nowhere."""
    progress = [0.1] * 4 + [0.5] * 4 + [0.9] * 4
    evaluations = [10.0, -3.0, 7.0, 0.0] * 3
    offsets = [0.0, 0.5, -0.5, 0.0] + [1.0, 1.5, 0.5, 1.0] + [5.0, 4.5, 5.5, 5.0]
    data = _positions(progress, evaluations, [e + o for e, o in zip(evaluations, offsets, strict=True)])
    columns = np.array([0], dtype=np.int32)

    def constant(c: float) -> Mlp:
        return Mlp(((np.zeros((1, 1), dtype=np.float32), np.array([c], dtype=np.float32)),))

    assert train.value_phases(data, columns, constant(5.0)) == ["late"]
    assert train.value_phases(data, columns, constant(1.0)) == ["middle", "late"]
    assert train.value_phases(data, columns, constant(0.0)) == []
    policy = Mlp(((np.zeros((1, 2), dtype=np.float32), np.zeros(2, dtype=np.float32)),))
    even = Win(constant(0.0), 0.0)  # a chance of one half everywhere
    phases = train.report(data, columns, constant(5.0), policy, np.array([0, 1], dtype=np.int32), even)["phases"]
    assert [p["win_log_loss"] for p in phases] == [pytest.approx(np.log(2), abs=1e-4)] * 3
    assert [p["win_brier"] for p in phases] == [0.25] * 3
    late = phases[2]
    assert late["positions"] == 2 and late["corrected_rmse"] < late["hand_rmse"]
    assert late["hand_rmse"] == pytest.approx(np.sqrt(27.625), abs=1e-3)
    assert late["hand_bias"] == pytest.approx(5.25)
    assert phases[0]["spread"] == pytest.approx(np.sqrt(0.125), abs=1e-3)  # of the training positions: 0.5, 0


def test_a_win_model_needs_games_won_and_lost() -> None:
    x = np.zeros((20, 1), dtype=np.float32)
    inputs = train._Inputs(np.arange(1, dtype=np.int32), np.zeros(1, dtype=np.float32), np.ones(1, dtype=np.float32),
                           x, np.arange(20) % 5 == 0)
    with pytest.raises(ConfigError, match="ended alike"):
        train._fit_win(inputs, np.zeros(20, dtype=np.float32), np.ones(20, dtype=bool))
