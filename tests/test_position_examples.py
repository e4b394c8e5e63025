"""The example positions of docs/positions/ load, play on, and say what docs/positions.md says
they are."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from salon.core.game import game_class

EXAMPLES = sorted((Path(__file__).resolve().parents[1] / "docs" / "positions").glob("*.json"))


def test_there_is_an_example_for_every_game() -> None:
    assert {p.stem for p in EXAMPLES} == {"rococo", "necklace"}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_an_example_loads_and_plays_on(path: Path) -> None:
    data = json.loads(path.read_text())
    g = game_class(data["game"]).from_position(data)
    assert g.decision()["seat"] == data["turn"]["seat"]
    again = type(g).from_position(g.to_position())
    assert again.to_position() == g.to_position()
    g.apply(g.legal_actions()[-1])


def test_the_rococo_example_waits_for_seat_0s_main_action() -> None:
    data = json.loads((EXAMPLES[[p.stem for p in EXAMPLES].index("rococo")]).read_text())
    g = game_class("rococo").from_position(data)
    assert g.decision() == {"seat": 0, "kind": "main", "card": "S15"}
    position = g.to_position()
    assert position["players"][0]["in_play"] == "S15" and position["round"] == 6
    # the deck left out holds the rest of the base game's 28 general-deck cards (E01-E28)
    assert len(position["hidden"]["deck"]) + len([c for c in position["board"]["display"] if c]) + 1 == 28


def test_the_examples_in_the_docs_are_the_example_files() -> None:
    docs = (EXAMPLES[0].parent.parent / "positions.md").read_text()
    shown = [json.loads(block) for block in re.findall(r"```json\n(.*?)```", docs, re.S)]
    assert shown == [json.loads(path.read_text()) for path in sorted(EXAMPLES, key=lambda p: p.stem != "rococo")]


def test_the_necklace_example_begins_seat_1s_turn() -> None:
    data = json.loads((EXAMPLES[0].parent / "necklace.json").read_text())
    position = game_class("necklace").from_position(data).to_position()
    assert position["turn"]["number"] == 8 and position["turn"]["ducats"] == 10
    assert len(position["hidden"]["pile"]) == 90
