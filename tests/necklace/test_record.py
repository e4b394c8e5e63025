"""Save files: records of a Queen's Necklace game save, load and replay through salon.core.record
unchanged (docs/architecture.md principle 6); bad files are refused with a clear message."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from salon.core import record
from salon.core.errors import RecordError
from salon.core.game import SECRET_SEEDS
from salon.necklace.game import Necklace
from salon.necklace.kinds import MERCHANT


def _played(n: int = 120, seed: int = 3, **config: Any) -> Necklace:
    g = Necklace.new({"players": 3, **config}, seed)
    rng = random.Random(seed)
    for _ in range(n):
        if g.is_over():
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


def _resign(rec: dict[str, Any]) -> str:
    body = {k: v for k, v in rec.items() if k != "checksum"}
    rec["checksum"] = record._checksum(body)
    return json.dumps(rec)


def test_round_trip_through_a_file(tmp_path: Path) -> None:
    g = _played()
    path = tmp_path / "necklace.json"
    record.save(g, path)
    loaded = record.load(path)
    assert isinstance(loaded, Necklace)
    assert loaded.state_hash() == g.state_hash() and loaded.history == g.history
    assert loaded.legal_actions() == g.legal_actions()
    rng = random.Random(9)
    while not g.is_over():  # both play on identically
        a = rng.choice(g.legal_actions())
        assert g.apply(a) == loaded.apply(a)
    assert loaded.result() == g.result()


def test_record_holds_game_config_seed_and_actions() -> None:
    g = _played(15, conceal_holders=False)
    rec = record.make_record(g)
    assert rec["game"] == "necklace" and rec["seed"] == 3
    assert rec["config"]["players"] == 3 and rec["config"]["conceal_holders"] is False
    assert rec["actions"] == g.history and len(rec["actions"]) == 15


def test_finished_game_round_trip() -> None:
    g = _played(10_000)
    assert g.is_over()
    loaded = record.loads(json.dumps(record.make_record(g)))
    assert loaded.is_over() and loaded.result() == g.result()


def test_snapshot_loads_without_replay() -> None:
    g = _played(60)
    fast = Necklace.from_snapshot(json.loads(json.dumps(g.to_snapshot())))
    assert fast.state_hash() == g.state_hash() and fast.legal_actions() == g.legal_actions()


def test_edited_action_is_refused() -> None:
    rec = record.make_record(_played(40))
    rec["actions"][5] = "buy:C999"
    with pytest.raises(RecordError, match="action #6"):
        record.loads(_resign(rec))


def test_edited_snapshot_is_refused() -> None:
    rec = record.make_record(_played(40))
    rec["snapshot"]["state"]["scores"][0] += 50
    with pytest.raises(RecordError, match="inconsistent"):
        record.loads(_resign(rec))


def test_tampered_file_is_refused() -> None:
    rec = record.make_record(_played(40))
    rec["seed"] = 4
    with pytest.raises(RecordError, match="checksum"):
        record.loads(json.dumps(rec))


def test_bad_config_in_a_record_is_refused() -> None:
    rec = record.make_record(_played(5))
    rec["config"]["players"] = 9
    with pytest.raises(RecordError, match="config"):
        record.loads(_resign(rec))


def test_broken_snapshot_is_refused() -> None:
    snap = _played(5).to_snapshot()
    del snap["state"]["pile"]
    with pytest.raises(RecordError, match="snapshot"):
        Necklace.from_snapshot(snap)
    snap = _played(5).to_snapshot()
    snap["config"]["players"] = 1
    with pytest.raises(RecordError, match="config"):
        Necklace.from_snapshot(snap)


OLD = Path(__file__).parent / "records" / "saved_before_the_qn_setup_9_and_qn_amb_8_corrections.json"
"""A 3-player game saved by salon before the corrections of QN-SETUP-9 and QN-AMB-8: its
config has neither ``third_merchant_in_last_six`` nor ``cardinal_when_due``.  Its third
Merchant lay sixth from the bottom of the pile, and in it a Cardinal delayed a sale that had
come due (action #74)."""


def test_a_record_saved_before_the_corrections_replays_as_it_was_played_QN_SETUP_9_QN_AMB_8() -> None:
    raw = json.loads(OLD.read_text(encoding="utf-8"))
    assert "cardinal_when_due" not in raw["config"] and "third_merchant_in_last_six" not in raw["config"]
    saved = record.load_saved(OLD)  # replayed and checked against its snapshot
    g = saved.game
    assert g.config.cardinal_when_due is True and g.config.third_merchant_in_last_six is True
    assert g.is_over() and len(g.history) == 213 and saved.seats == ("random",) * 3
    assert record.load(OLD, verify=False).state_hash() == g.state_hash()
    start = Necklace.new(g.config, g.seed)
    cards = start.s.ds.cards
    assert [i for i, c in enumerate(start.s.pile) if cards[c].kind == MERCHANT][0] == 5  # sixth from the bottom
    log = [start.apply(action) for action in g.history[:74]]
    assert [e.type for e in log[-1]][:2] == ["cardinal", "sale_delayed"]
    assert "sale_due" in [e.type for e in log[-2]]  # the window opened as the sale came due
    # the same actions under today's rules: the sale was not delayable
    with pytest.raises(RecordError, match="action #74 'react:cardinal'"):
        record.replay("necklace", {**raw["config"], "cardinal_when_due": False, "third_merchant_in_last_six": False},
                      raw["seed"], raw["actions"])


def test_a_record_saved_now_keeps_the_corrected_rules() -> None:
    """A record lists every option, so the corrected rules come back with it; one that names an
    option of the earlier rules keeps it too."""
    for config in ({}, {"cardinal_when_due": True}):
        g = _played(80, **config)
        loaded = record.loads(json.dumps(record.make_record(g)))
        assert loaded.config == g.config and loaded.state_hash() == g.state_hash()
    assert record.loads(json.dumps(record.make_record(_played(5)))).config.cardinal_when_due is False


def test_an_old_records_snapshot_must_agree_with_its_config() -> None:
    rec = json.loads(OLD.read_text(encoding="utf-8"))
    rec["snapshot"]["config"]["cardinal_when_due"] = False
    with pytest.raises(RecordError, match="snapshot does not match"):
        record.loads(_resign(rec))


def test_a_secret_seed_game_saved_mid_game_replays_and_plays_on() -> None:
    """The keyed generator is saved where it stands within its block of eight words: a record
    loaded by replay or from its snapshot plays on exactly as the game itself."""
    g = Necklace.new({"players": 3}, SECRET_SEEDS.start + 3)
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
    snap = Necklace.new({"players": 3}, 3).to_snapshot()
    snap["state"]["rng"] = rng
    with pytest.raises(RecordError, match="snapshot is incomplete or malformed"):
        Necklace.from_snapshot(snap)
