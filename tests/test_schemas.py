"""Typed events, decisions and observations: every event of seeded random games, as each
seat and a spectator see it, every decision and the observations fit the JSON Schemas the
games publish in their descriptions (tools/schemas.py writes the events', tools/shapes.py
the others' from the games' shapes).  A field an event keeps secret is one the schema
marks (it may be public in other events of the type), and it reaches no one but the event's
seat."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from salon.core.game import game_class
from tools.schemas import CONFIGS, WRITTEN, played, schema_path

SRC = Path(__file__).resolve().parents[1] / "src" / "salon"


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_the_schemas_are_valid_json_schema_and_published(name: str) -> None:
    schema = game_class(name).describe().schema
    assert schema == json.loads(schema_path(name).read_text(encoding="utf-8"))
    assert schema["events"] and schema["decisions"] and schema["observation"]
    Draft202012Validator.check_schema(schema["observation"])
    for part in ("events", "decisions"):
        for kind, sub in schema[part].items():
            Draft202012Validator.check_schema(sub)
            assert sub["properties"]["type" if part == "events" else "kind"] == {"const": kind}


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_every_event_type_the_rules_emit_has_a_schema(name: str) -> None:
    """No event type of the rules' code is missing from the schema, and the schema lists none
    the rules never emit."""
    emitted = set()
    for path in (SRC / name).rglob("*.py"):
        emitted |= set(re.findall(r'emit\(s, "([a-z_]+)"', path.read_text(encoding="utf-8")))
    assert set(game_class(name).describe().schema["events"]) == emitted
    assert set(WRITTEN.get(name, {})) <= emitted


OBSERVED = 25
"""The observations of every seat are checked every this many positions."""


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_every_event_decision_and_observation_fits(name: str) -> None:
    schema = game_class(name).describe().schema
    events = {k: Draft202012Validator(v) for k, v in schema["events"].items()}
    decisions = {k: Draft202012Validator(v) for k, v in schema["decisions"].items()}
    observation = Draft202012Validator(schema["observation"])
    checked = 0
    for position, (game, happened) in enumerate(played(name)):
        seats = [*range(game.num_players), None]
        if position % OBSERVED == 0 or game.is_over():
            for seat in seats:
                observation.validate(game.observe(seat))
        for e in happened:
            assert e.type in events, f"event {e.type!r} has no schema"
            secret = {k for k, p in schema["events"][e.type]["properties"].items() if p.get("x-secret")}
            assert set(e.secret) <= secret, f"{e.type}: an unmarked secret field"
            for seat in seats:
                view = e.view(seat)
                events[e.type].validate(view)
                if seat != e.seat:
                    assert not set(e.secret) & set(view), f"{e.type}: a secret reaches seat {seat}"
                checked += 1
        if not game.is_over():
            d = game.decision()
            assert d["kind"] in decisions, f"decision {d['kind']!r} has no schema"
            decisions[d["kind"]].validate(d)
    assert checked > 1000


def test_a_field_out_of_shape_is_caught() -> None:
    """The check can fail: a field of the wrong type, an unknown field or a missing one."""
    validator = Draft202012Validator(game_class("rococo").describe().schema["events"]["livres"])
    assert validator.is_valid({"type": "livres", "seat": 0, "amount": 3, "why": "income"})
    assert not validator.is_valid({"type": "livres", "seat": 0, "amount": "3", "why": "income"})
    assert not validator.is_valid({"type": "livres", "seat": 0, "amount": 3, "why": "income", "extra": 1})
    assert not validator.is_valid({"type": "livres", "seat": 0, "why": "income"})
