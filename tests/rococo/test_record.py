"""Save files: a versioned JSON record that replays exactly; bad files are refused with a
clear message (docs/architecture.md principle 6)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from salon.core import record
from salon.core.errors import ConfigError, RecordError
from salon.core.game import SECRET_SEEDS
from salon.rococo.game import Rococo


def _played(n: int = 80, seed: int = 3) -> Rococo:
    g = Rococo.new({"players": 3}, seed)
    rng = random.Random(seed)
    for _ in range(n):
        g.apply(rng.choice(g.legal_actions()))
    return g


def _resign(rec: dict[str, Any]) -> str:
    """Recompute the checksum, as a deliberate editor would."""
    body = {k: v for k, v in rec.items() if k != "checksum"}
    rec["checksum"] = record._checksum(body)
    return json.dumps(rec)


def test_round_trip_through_a_file(tmp_path: Path) -> None:
    g = _played()
    path = tmp_path / "game.json"
    record.save(g, path)
    loaded = record.load(path)
    assert loaded.state_hash() == g.state_hash()
    assert loaded.history == g.history
    assert json.loads(path.read_text())["version"] == record.VERSION


def test_a_secret_exam_card_survives_saving() -> None:
    """The cards an exam put face down into Madame du Barry's staff (R-SOLO-EXAM-J) stay
    marked secret through a record, loaded fast or replayed; a state without any such card
    writes no entry for them, as records did before they were tracked."""
    g = Rococo.new({"solo": True, "expansions": ["jewelry_box"]}, 0)
    rng = random.Random(1)
    while not g.s.promoted:
        g.apply(rng.choice(g.legal_actions()))
    text = json.dumps(record.make_record(g, ["me", "her"]))
    for verify in (True, False):
        loaded = record.loads(text, verify)
        assert isinstance(loaded, Rococo) and loaded.s.promoted == g.s.promoted
    assert "promoted" not in _played().to_snapshot()["state"]


def test_record_holds_config_seed_and_actions() -> None:
    g = _played(10)
    rec = record.make_record(g)
    assert rec["game"] == "rococo" and rec["seed"] == 3 and rec["config"]["players"] == 3
    assert rec["actions"] == g.history and len(rec["actions"]) == 10


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "invalid JSON"),
        ("[]", "not a salon record"),
        ('{"format": "other"}', "not a salon record"),
        ('{"format": "salon-record", "version": 99}', "unsupported record version"),
        ('{"format": "salon-record", "version": 1, "game": "rococo"}', "malformed record"),
    ],
)
def test_unreadable_records_are_refused(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        record.loads(text)


def test_corruption_is_detected_by_the_checksum() -> None:
    rec = record.make_record(_played())
    rec["seed"] += 1
    with pytest.raises(RecordError, match="checksum"):
        record.loads(json.dumps(rec))


def test_edited_actions_are_detected_even_with_a_new_checksum() -> None:
    rec = record.make_record(_played())
    rec["actions"] = rec["actions"][:-1]
    with pytest.raises(RecordError, match="does not reproduce"):
        record.loads(_resign(rec))


def test_an_illegal_action_names_its_position() -> None:
    rec = record.make_record(_played())
    rec["actions"][5] = "main:hire"
    with pytest.raises(RecordError, match=r"action #6 'main:hire'"):
        record.loads(_resign(rec))


def test_edited_snapshot_is_detected() -> None:
    rec = record.make_record(_played())
    rec["snapshot"]["state"]["players"][0]["livres"] += 50
    with pytest.raises(RecordError, match="snapshot does not match"):
        record.loads(_resign(rec))


def test_broken_snapshot_is_refused_when_loading_fast() -> None:
    rec = record.make_record(_played())
    del rec["snapshot"]["state"]["players"]
    with pytest.raises(RecordError, match="snapshot is incomplete"):
        record.loads(_resign(rec), verify=False)


def test_bad_config_in_a_record() -> None:
    rec = record.make_record(_played())
    rec["config"]["players"] = 9
    with pytest.raises(RecordError, match="config is invalid"):
        record.loads(_resign(rec))


def test_unknown_game_in_a_record() -> None:
    rec = record.make_record(_played())
    rec["game"] = "chess"
    with pytest.raises(ConfigError, match="unknown game 'chess'"):
        record.loads(_resign(rec))


def test_missing_and_binary_files(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read"):
        record.load(tmp_path / "nope.json")
    bad = tmp_path / "bin.json"
    bad.write_bytes(b"\xff\xfe\x00\x81")
    with pytest.raises(RecordError):
        record.load(bad)


def test_a_secret_seed_game_saved_mid_game_replays_and_plays_on() -> None:
    """The keyed generator is saved where it stands within its block of eight words: a record
    loaded by replay or from its snapshot plays on exactly as the game itself."""
    g = Rococo.new({"players": 3}, SECRET_SEEDS.start + 3)
    rng = random.Random(3)
    for _ in range(30):
        g.apply(rng.choice(g.legal_actions()))
    while g.s.rng.state % 8 == 0:
        g.apply(rng.choice(g.legal_actions()))
    text = json.dumps(record.make_record(g))
    assert json.loads(text)["seed"] == g.seed
    games = [g, record.loads(text), record.loads(text, verify=False)]
    assert len({x.state_hash() for x in games}) == 1
    while not g.is_over():
        action = rng.choice(g.legal_actions())
        events = [x.apply(action) for x in games]
        assert events[0] == events[1] == events[2]
    assert len({x.state_hash() for x in games}) == 1


@pytest.mark.parametrize("rng", [True, "12", -1, 2**64, {"key": "00", "drawn": 1}, {"drawn": 1}])
def test_a_snapshot_with_a_broken_generator_is_refused(rng: object) -> None:
    snap = Rococo.new({"players": 3}, 3).to_snapshot()
    snap["state"]["rng"] = rng
    with pytest.raises(RecordError, match="snapshot is incomplete or malformed"):
        Rococo.from_snapshot(snap)
