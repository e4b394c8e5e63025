"""The action table policy (salon.learn.table): its fit learns a preference that changes with
the phase of the game, its gradient is the loss's, its penalty is chosen on validation
positions, and what ``salon train`` writes plays as the play-out policy it was fitted to be."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import numpy as np
import pytest

from salon.bots.base import BotSpec
from salon.bots.model import TablePlayout, read
from salon.core.errors import ConfigError
from salon.core.evaluation import PHASES, evaluation_of, phase
from salon.core.game import game_class
from salon.learn import selfplay, table, train
from salon.learn import weights as weights_file

pytestmark = pytest.mark.heavy  # self-play and fits, seconds on the pure engine

SIZE = 6


def _choices(rows: int, seed: int = 0) -> table.Choices:
    """Early on action 1 is chosen over 2 whenever both are legal, late 2 over 1; action 0 is
    legal everywhere and chosen when neither is (a preference a table must learn by phase)."""
    rng = np.random.default_rng(seed)
    phases = rng.integers(0, len(PHASES), rows)
    masks = rng.random((rows, SIZE)) < 0.5
    masks[:, 0] = True
    chosen = np.zeros(rows, dtype=np.int32)
    for i in range(rows):
        best = (2, 1) if phases[i] == 2 else (1, 2)
        chosen[i] = next((a for a in best if masks[i, a]), 0)
    return table.Choices(phases, masks, chosen)


def test_the_fit_learns_a_preference_that_turns_with_the_phase() -> None:
    choices = _choices(600)
    scores, penalty = table.fit(choices, np.arange(600) % 5 == 0)
    assert scores.shape == (len(PHASES), SIZE) and penalty in table.PENALTIES
    assert scores[0, 1] > scores[0, 2] and scores[2, 2] > scores[2, 1]
    assert table.agreement(scores, _choices(300, seed=1)) == 1.0
    assert table.agreement(np.zeros_like(scores), _choices(300, seed=1)) < 0.7  # the first legal: not enough


def test_the_loss_is_the_choices_likelihood_and_the_gradient_its() -> None:
    choices = _choices(50)
    scores = np.random.default_rng(3).normal(size=len(PHASES) * SIZE)
    legal = table._Legal.of(choices)
    loss, gradient = table._loss(scores, legal, 0.5)
    rows = scores.reshape(len(PHASES), SIZE)
    by_hand = 0.5 * 0.5 * float(np.sum(scores ** 2))
    for p, mask, c in zip(choices.phases, choices.masks, choices.chosen, strict=True):
        by_hand -= rows[p, c] - np.log(np.exp(rows[p][mask]).sum())
    assert loss == pytest.approx(by_hand)
    step = 1e-3
    for k in (0, 7, 13, 17):
        up, down = scores.copy(), scores.copy()
        up[k] += step
        down[k] -= step
        numeric = (table._loss(up, legal, 0.5)[0] - table._loss(down, legal, 0.5)[0]) / (2 * step)
        assert gradient[k] == pytest.approx(numeric, rel=1e-5, abs=1e-5)


def test_a_heavier_penalty_is_chosen_where_the_choices_are_noise() -> None:
    """Choices drawn at random teach nothing that holds on other positions: the validation
    positions choose the heaviest penalty, which keeps the scores near 0."""
    rng = np.random.default_rng(5)
    masks = np.ones((400, SIZE), dtype=bool)
    noise = table.Choices(rng.integers(0, len(PHASES), 400), masks, rng.integers(0, SIZE, 400).astype(np.int32))
    scores, penalty = table.fit(noise, np.arange(400) % 5 == 0)
    assert penalty == max(table.PENALTIES) and np.abs(scores).max() < 1.0


@pytest.fixture(scope="module")
def shards(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Necklace games of the heuristic with a little noise."""
    out = tmp_path_factory.mktemp("table-selfplay")
    bot = BotSpec.parse("heuristic:temperature=0.5:samples=0")
    selfplay.run("necklace", {"players": 2}, [bot, bot], 6, 600, out, every=2, shard=6, workers=1)
    return out


@pytest.fixture(scope="module")
def weights(shards: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    data = train.load([shards])
    path = tmp_path_factory.mktemp("table-weights") / "necklace.npz"
    fitted = train.fit(data, hidden=8, epochs=3)
    weights_file.write(path, data, fitted, 1, {"command": "test"})
    return path


def test_the_weights_file_holds_the_table_its_card_scored(weights: Path) -> None:
    model = read(weights)
    assert model.table is not None and model.table.shape[0] == len(PHASES)
    held = model.card["held_out"]
    assert 0 <= held["uniform_top1"] < held["table_top1"] <= 1, "the table beats a random legal action"
    assert model.card["table"]["penalty"] in table.PENALTIES and model.card["table"]["command"] == "test"


def test_the_table_plays_the_legal_action_of_the_highest_score_at_the_games_phase(weights: Path) -> None:
    model = read(weights)
    assert model.table is not None
    game = game_class("necklace").new({"players": 2}, 3)
    playout = TablePlayout(model, game, "test")
    progress = evaluation_of(game).progress
    assert progress is not None
    index = {a: i for i, a in enumerate(game.description.action_space)}
    rng = np.random.default_rng(0)
    decisions = 0
    while not game.is_over() and decisions < 200:
        legal = game.legal_actions()
        row = model.table[PHASES.index(phase(progress(game)))]
        chosen = playout.choose(game)
        assert chosen in legal and row[index[chosen]] == max(row[index[a]] for a in legal)
        game.apply(legal[int(rng.integers(len(legal)))])
        decisions += 1
    assert decisions > 50


def test_a_file_without_a_table_is_refused_as_a_play_out_policy(weights: Path) -> None:
    bare = dataclasses.replace(read(weights), table=None)
    with pytest.raises(ConfigError, match="no action table policy"):
        TablePlayout(bare, game_class("necklace").new({"players": 2}, 3), "search:table=1")


def test_a_table_is_added_to_a_weights_file_keeping_all_else(shards: Path, weights: Path, tmp_path: Path) -> None:
    """``salon train --table-into``: the table and its card are replaced, every other array and
    card entry of the file is kept; shards of another config are refused and the file is left
    as it was."""
    copy = tmp_path / "copy.npz"
    copy.write_bytes(weights.read_bytes())
    data = train.load([shards])
    tabled = {**train.fit_table(data), "games": 99}
    tabled["scores"] = tabled["scores"] + 1.0
    weights_file.add_table(copy, data, tabled, "salon train shards --table-into copy.npz")
    with np.load(weights) as old, np.load(copy) as new:
        assert set(old.files) == set(new.files)
        for name in old.files:
            if name not in ("meta", "table"):
                assert np.array_equal(old[name], new[name]), name
        assert np.array_equal(new["table"], old["table"] + 1.0)
        before, after = json.loads(str(old["meta"]))["card"], json.loads(str(new["meta"]))["card"]
    assert after["table"]["games"] == 99 and after["table"]["command"] == "salon train shards --table-into copy.npz"
    assert {k: v for k, v in after.items() if k != "table"} == {k: v for k, v in before.items() if k != "table"}
    other = dataclasses.replace(data, meta={**data.meta, "config": json.dumps({"players": 3})})
    kept = copy.read_bytes()
    with pytest.raises(ConfigError, match="another game, config or layout"):
        weights_file.add_table(copy, other, tabled, "x")
    assert copy.read_bytes() == kept
