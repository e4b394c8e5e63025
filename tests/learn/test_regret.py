"""The regret set (salon.learn.regret, ``salon regret``): each position replays to a decision
whose every legal action the reference scored; the same seeds give the same set; a bot's regret
is what its choice gives up against the reference's best, compared position by position; and
a file edited or of another kind is refused with a clear error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from salon.bots.base import BotSpec
from salon.core.errors import ConfigError, SalonError
from salon.learn import regret
from salon.learn.regret import Choice, Position, RegretSet

GENERATOR = BotSpec.parse("heuristic:samples=0")
REFERENCE = regret.reference_of("search:iterations=2:win=1")


@pytest.fixture(scope="module")
def two_player(tmp_path_factory: pytest.TempPathFactory) -> Path:
    found = regret.build("rococo", {"players": 2}, GENERATOR, REFERENCE, 3, 800_000, workers=1)
    path = tmp_path_factory.mktemp("regret") / "rococo.jsonl"
    found.save(path)
    return path


@pytest.mark.slow
@pytest.mark.parametrize(("game", "config"), [("rococo", {"players": 2}), ("rococo", {"players": 1, "solo": True}),
                                              ("necklace", {"players": 2})])
def test_each_position_replays_to_a_decision_whose_every_legal_action_is_scored(
        game: str, config: dict[str, object]) -> None:
    found = regret.build(game, config, GENERATOR, REFERENCE, 2, 800_000, workers=1)
    assert found.unit == "win" and len(found.positions) == 2
    for position in found.positions:
        replayed = found.replay(position)
        assert replayed.current_player() == position.seat
        assert position.seat not in replayed.description.automated_seats
        assert sorted(replayed.legal_actions()) == sorted(position.values) and len(position.values) > 1
        assert position.worlds == 2
        assert all(0 <= v <= 1 for v in position.values.values()), "win chances"
        assert min(position.regret(a) for a in position.values) == 0
        assert all(position.regret(a) >= 0 for a in position.values)
    assert found.positions[0].history != found.positions[1].history


@pytest.mark.slow
def test_the_same_seeds_build_the_same_set(two_player: Path) -> None:
    again = regret.build("rococo", {"players": 2}, GENERATOR, REFERENCE, 3, 800_000, workers=2)
    assert again == RegretSet.load(two_player)


def test_a_regret_is_what_the_choice_gives_up_and_bots_are_compared_position_by_position() -> None:
    positions = [Position(1, (), 0, {"a": 0.75, "b": 0.5, "c": 0.25}, 4),
                 Position(2, (), 1, {"a": 0.5, "b": 0.5}, 4)]
    regrets = RegretSet("rococo", {"players": 2}, "heuristic", "search:iterations=4:win=1", "win", positions)
    assert [positions[0].regret(a) for a in "abc"] == [0, 0.25, 0.5]
    assert positions[1].regret("b") == 0, "a best action shared"
    with pytest.raises(SalonError, match="not one of the position's legal actions"):
        positions[0].regret("d")
    first = [Choice("b", 0.25, 0.01), Choice("a", 0.0, 0.01)]
    second = [Choice("c", 0.5, 0.03), Choice("b", 0.0, 0.03)]
    data = regret.report(regrets, {"x": first, "y": second})
    x, y = data["bots"]
    assert (x["mean_regret"], x["best_share"], x["ms_per_decision"]) == (0.125, 0.5, 10.0)
    assert (y["mean_regret"], y["best_share"]) == (0.25, 0.5)
    assert "against_first" not in x
    assert y["against_first"][0] == 0.125 and y["against_first"][1] <= 0.125 <= y["against_first"][2]
    assert data["unit"] == "win" and data["worlds"] == 4


def test_the_reference_must_play_every_action_in_the_same_worlds() -> None:
    for text in ("heuristic", "search:iterations=2:halving=1"):
        with pytest.raises(ConfigError, match="must be a search without halving"):
            regret.reference_of(text)


@pytest.mark.slow
def test_a_file_edited_or_of_another_kind_is_refused(two_player: Path, tmp_path: Path) -> None:
    header, *rows = two_player.read_text().splitlines()
    edited = json.loads(rows[0])
    edited["history"] = edited["history"][:-1]
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_text("\n".join([header, json.dumps(edited)]) + "\n")
    loaded = RegretSet.load(tampered)
    with pytest.raises(SalonError, match="does not replay to its decision"):
        regret.score(loaded, BotSpec.parse("random"), workers=1)
    other = tmp_path / "other.jsonl"
    other.write_text(json.dumps({**json.loads(header), "format": 99}) + "\n")
    with pytest.raises(ConfigError, match="format 99"):
        RegretSet.load(other)
    garbage = tmp_path / "garbage.jsonl"
    garbage.write_text('{"format": 1}\n[1, 2]\n')
    with pytest.raises(ConfigError, match="not a regret set"):
        RegretSet.load(garbage)
    with pytest.raises(ConfigError, match="cannot be read"):
        RegretSet.load(tmp_path / "missing.jsonl")
