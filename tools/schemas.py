"""The event schemas of each game (``data/schema.json`` beside its rules): the typed shape of
every event a seat may see (``Event.view``), as JSON Schema, for front ends written in any
language.  The same file holds the schemas of the decisions and of the observation, which
``python -m tools.shapes`` writes from the game's shapes; this module writes the events.

tests/test_schemas.py checks every event, decision and observation of seeded random games in
every config against them.  The event schemas are written from what those games show, so that
a new event field fails the test until the schema is written again and the diff reviewed:

    .venv/bin/python -m tools.schemas
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

from salon.core.events import Event
from salon.core.game import Game, game_class

CONFIGS: dict[str, list[dict[str, Any]]] = {
    "rococo": [{"players": n} for n in (2, 3, 4, 5)] + [
        {"players": 3, "expansions": ["all"]}, {"players": 2, "expansions": ["jewelry_box"]},
        {"solo": True, "expansions": ["all"]}, {"solo": True}, {"players": 3, "edition": "2013"}],
    "necklace": [{"players": n} for n in (2, 3, 4)] + [
        {"players": 3, "conceal_holders": False, "cardinal_when_due": True, "third_merchant_in_last_six": True}],
}
"""The configs whose games the schemas are written from and checked against."""
SEEDS = range(10)
WRITTEN = {"rococo": {  # events no random game of CONFIGS happened to emit, written from the rules' code
    "replayed": {"card": "string"}, "copied": {"card": "string"}, "garment_bag_refilled": {}}}
"""Events a random game rarely reaches (a Jewelry Box replay or copy bonus, an empty garment
bag), with their fields as the rules emit them."""


TITLE = "{name}: events as a seat sees them, decisions and the observation"


def schema_path(name: str) -> Path:
    return Path(str(resources.files(f"salon.{name}").joinpath("data/schema.json")))


def played(name: str) -> Iterator[tuple[Game, list[Event]]]:
    """Every position of the seeded random games of ``name``, each with the events that led
    to it (the setup's first)."""
    for config in CONFIGS[name]:
        for seed in SEEDS:
            game = game_class(name).new(config, seed)
            rng = random.Random(seed)
            events = game.setup_events()
            while True:
                yield game, events
                if game.is_over():
                    break
                events = game.apply(rng.choice(game.legal_actions()))


def _type(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    return {int: "integer", str: "string", list: "array", dict: "object", type(None): "null"}[type(value)]


def _object(tag: str, name: str, seen: dict[str, set[str]], counts: dict[str, int], total: int,
            secret: set[str]) -> dict[str, Any]:
    """The schema of one event type or decision kind (``name``, under the key ``tag``)."""
    properties: dict[str, Any] = {}
    for key in sorted(seen):
        types = sorted(seen[key])
        prop: dict[str, Any] = {"const": name} if key == tag else {"type": types[0] if len(types) == 1 else types}
        if key in secret:
            prop["x-secret"] = True  # only the event's seat sees it: absent from the others' views
        properties[key] = prop
    required = sorted(k for k in seen if counts[k] == total and k not in secret)
    return {"type": "object", "properties": properties, "required": required, "additionalProperties": False}


def write(name: str) -> None:
    """The event schemas of ``name`` written into its schema file, whose other parts stay."""
    events: dict[str, tuple[dict[str, set[str]], dict[str, int], list[int], set[str]]] = {}
    for _, happened in played(name):
        for e in happened:
            seen, counts, total, secret = events.setdefault(e.type, ({}, {}, [0], set()))
            total[0] += 1
            secret.update(e.secret)
            for key, value in e.view(e.seat).items():
                seen.setdefault(key, set()).add(_type(value))
                counts[key] = counts.get(key, 0) + 1
    for kind, fields in WRITTEN.get(name, {}).items():
        if kind not in events:
            every = {"type": 1, "seat": 1, **dict.fromkeys(fields, 1)}
            events[kind] = ({"type": {"string"}, "seat": {"integer"}, **{k: {t} for k, t in fields.items()}},
                            every, [1], set())
    path = schema_path(name)
    schema = {
        **json.loads(path.read_text(encoding="utf-8")),
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": TITLE.format(name=name),
        "events": {kind: _object("type", kind, seen, counts, total[0], secret)
                   for kind, (seen, counts, total, secret) in sorted(events.items())},
    }
    path.write_text(json.dumps(schema, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    for game_name in CONFIGS:
        write(game_name)
        print(f"wrote {schema_path(game_name)}")
