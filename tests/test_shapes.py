"""Each game's observation and decisions are declared once, as TypedDicts (salon.core.shapes):
the published schema and the browser's types are written from them and committed, the kinds
of decision they name are those the rules ask, the vector layout of the learning environments
reads the keys they declare, and what the engine shows fits them."""

from __future__ import annotations

import random
import typing
from importlib import import_module
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from salon.core.game import game_class
from salon.core.plugins import load, plugin
from salon.core.vectors import Bag, Field, Keyed, Opt, Record, SeatMap, Seats, Slots
from tools import shapes
from tools.schemas import CONFIGS

GAMES = sorted(CONFIGS)


def test_the_schemas_and_the_browser_types_are_written_from_the_shapes() -> None:
    """``python -m tools.shapes`` has been run: the committed files are its output."""
    assert shapes.main(["--check"]) == 0, "run: python -m tools.shapes"
    written = shapes.outputs()
    for name in GAMES:
        assert {shapes.schema_file(name), shapes.types_file(name)} <= set(written)


@pytest.mark.parametrize("name", GAMES)
def test_the_decision_kinds_are_those_the_rules_ask(name: str) -> None:
    declared = import_module(game_class(name).shapes)
    kinds = shapes.values_of(shapes.Shape(declared.Decision).fields["kind"])
    registry = import_module(f"salon.{name}.rules.registry")
    assert kinds is not None and set(kinds) == set(registry.DECISIONS) == set(declared.DECISIONS)


def _walk(field: Field, hint: Any, path: str, found: list[str]) -> None:
    """Where the declared vector layout (``field``) and the shape (``hint``) name different
    keys, into ``found``."""
    hint = shapes.unwrap(hint)[0]
    members = shapes.union_members(hint)
    if members is not None:  # X | None: the layout's optional part
        rest = [m for m in members if m is not type(None)]
        hint = rest[0] if len(rest) == 1 else hint
    if isinstance(field, Opt):
        _walk(field.field, hint, path, found)
    elif isinstance(field, Record):
        shape = shapes.Shape(hint)
        keys = dict(field.fields)
        if set(keys) != set(shape.fields):
            found.append(f"{path}: the layout reads {sorted(set(keys) - set(shape.fields))}, "
                         f"the shape declares {sorted(set(shape.fields) - set(keys))} beside them")
        for key in set(keys) & set(shape.fields):
            _walk(keys[key], shape.fields[key], f"{path}.{key}", found)
    elif isinstance(field, (Seats, Slots)):
        _walk(field.field, typing.get_args(hint)[0], f"{path}[]", found)
    elif isinstance(field, (Keyed, SeatMap)):
        _walk(field.field, typing.get_args(hint)[1], f"{path}{{}}", found)
    elif isinstance(field, Bag) and field.key is not None:
        assert field.key in shapes.Shape(typing.get_args(hint)[0]).fields, path


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.heavy
def test_the_vector_layout_reads_the_keys_the_shapes_declare(name: str) -> None:
    found = plugin(name)
    assert found is not None and found.encoding is not None
    observation = import_module(game_class(name).shapes).Observation
    for config in CONFIGS[name]:
        problems: list[str] = []
        _walk(load(found.encoding)(config).root, observation, "", problems)
        assert problems == [], config


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.heavy
def test_what_the_engine_shows_fits_the_shapes(name: str) -> None:
    """Every seat's and a spectator's observation, and every decision, of one seeded game per
    config, every few steps (tests/test_schemas.py checks many more games)."""
    schema = game_class(name).describe().schema
    observation = Draft202012Validator(schema["observation"])
    decisions = {kind: Draft202012Validator(sub) for kind, sub in schema["decisions"].items()}
    checked = 0
    for config in CONFIGS[name]:
        game = game_class(name).new(config, 1)
        rng = random.Random(1)
        step = 0
        while True:
            if step % 17 == 0 or game.is_over():
                for seat in [*range(game.num_players), None]:
                    observation.validate(game.observe(seat))
                    checked += 1
            if game.is_over():
                break
            decision = game.decision()
            decisions[decision["kind"]].validate(decision)
            game.apply(rng.choice(game.legal_actions()))
            step += 1
    assert checked > 100


def test_a_shape_out_of_step_is_caught() -> None:
    """The check can fail: an observation with a field of the wrong type, an unknown one or a
    missing one."""
    validator = Draft202012Validator(game_class("necklace").describe().schema["observation"])
    good = dict(game_class("necklace").new({"players": 3}, 1).observe(0))
    assert validator.is_valid(good)
    assert not validator.is_valid({**good, "turn": "1"})
    assert not validator.is_valid({**good, "extra": 1})
    assert not validator.is_valid({k: v for k, v in good.items() if k != "sales"})
