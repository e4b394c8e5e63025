"""Rococo positions as data (docs/positions.md): round trips along random games of every kind,
positions written by hand with their hidden parts left out, and refused positions."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from salon.core.errors import ConfigError, PositionError
from salon.core.game import secret_seed
from salon.rococo.game import Rococo
from salon.rococo.position import STEPS
from salon.rococo.rules import registry

CONFIGS = [
    {"players": 2},
    {"players": 3, "expansions": ["noble", "festive"]},
    {"players": 4, "expansions": "all"},
    {"players": 5, "expansions": ["jewelry_box", "exquisite"]},
    {"players": 3, "edition": "2013"},
    {"solo": True},
    {"solo": True, "expansions": "all"},
]


def _through_json(position: dict[str, Any]) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(json.dumps(position))
    return loaded


@pytest.mark.slow
@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: json.dumps(c, sort_keys=True))
@pytest.mark.parametrize("seed", range(3))
def test_round_trip_along_random_games(config: dict[str, Any], seed: int) -> None:
    """At every decision of a random game, the position reloads to a game with the same
    position, the same legal actions and the same state, and that game plays on identically."""
    g = Rococo.new(config, seed)
    rng = random.Random(seed)
    step = 0
    while True:
        position = g.to_position()
        h = Rococo.from_position(_through_json(position))
        assert h.to_position() == position
        assert h.legal_actions() == g.legal_actions()
        assert h.s.to_json() == g.s.to_json()
        if g.is_over():
            break
        action = rng.choice(g.legal_actions())
        if step % 25 == 0:
            h.apply(action)
            follower = g.clone()
            follower.apply(action)
            assert h.to_position() == follower.to_position()
        g.apply(action)
        step += 1
    assert h.result() == g.result()


def test_every_step_of_the_engine_has_a_written_form() -> None:
    assert set(STEPS) == set(registry.STEPS.auto_steps) | set(registry.STEPS.decisions)


def _hand_written() -> dict[str, Any]:
    """Seat 0 has just played its Master and chooses its main action; everything hidden is left out."""
    return {
        "game": "rococo",
        "config": {"players": 2},
        "seed": 7,
        "round": 3,
        "phase": "actions",
        "start_player": 0,
        "turn": {"seat": 0, "card": "S15"},
        "players": [
            {"livres": 12, "thread": 1, "lace": 1, "vp": 4, "supply": ["S11", "S12"], "hand": ["S13"],
             "discard": ["S14"], "in_play": "S15", "rack": ["R01", "R02"]},
            {"livres": 9, "supply": ["S21", "S22", "S23"], "hand": ["S24", "S25"]},
        ],
        "board": {"windows": ["G01", "G02", "G03", "G04", None, None],
                  "guests": {"h1s1": {"garment": "G05", "seat": 1}}},
        "pending": [["main", 0], ["bonus_stage", 0, "S15", 1], ["end_turn", 0]],
    }


def test_hidden_parts_left_out_are_filled_by_a_seeded_shuffle() -> None:
    g = Rococo.from_position(_hand_written())
    again = Rococo.from_position(_hand_written())
    other = Rococo.from_position({**_hand_written(), "seed": 8})
    assert g.to_position() == again.to_position()
    hidden = g.to_position()["hidden"]
    assert hidden["deck"] != other.to_position()["hidden"]["deck"]
    levels = [g.s.t.cards[g.s.t.card_index[c]].level for c in hidden["deck"]]
    assert levels == sorted(levels)  # R-SETUP-3: level I on top, VI at the bottom
    assert len(hidden["deck"]) == g.s.t.deck_size
    assert "R01" not in hidden["resource_bag"] and "G05" not in hidden["garment_bag"]
    assert g.decision()["kind"] == "main" and g.current_player() == 0
    assert g.legal_actions() == ["main:send", "main:finance", "main:skip"]  # no silk to tailor, no one to hire
    assert g.to_position()["round"] == 3


def test_a_pending_automatic_step_runs_up_to_the_next_decision() -> None:
    data = _hand_written()
    data |= {"round": 2, "phase": "income", "turn": {"seat": 0, "card": None}, "pending": [["round_start"]]}
    data["players"][0] |= {"hand": [], "in_play": None, "discard": ["S13", "S14", "S15"]}
    data["players"][1] |= {"hand": [], "discard": ["S24", "S25"]}
    g = Rococo.from_position(data)
    assert g.to_position()["round"] == 2 and g.decision()["kind"] == "hand"


def _refused(data: dict[str, Any], message: str) -> None:
    with pytest.raises(PositionError) as err:
        Rococo.from_position(data)
    assert message in str(err.value)


def _edited(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(_hand_written())
    data.update(changes)
    return data


def test_a_card_in_two_places_is_refused() -> None:
    data = _edited()
    data["players"][1]["hand"] = ["S24", "S24", "S25"]
    _refused(data, "seat 1's hand holds S24 twice")
    data = _edited(hidden={"deck": ["E01"]})
    data["players"][0]["hand"] = ["S13", "E01"]
    _refused(data, "card E01 is both in seat 0's hand and in the deck")


def test_a_component_placed_nowhere_is_refused_when_its_pile_is_given() -> None:
    data = _edited(hidden={"resource_bag": ["R03"]})
    _refused(data, "placed nowhere")
    data = _hand_written()
    data["players"][0]["supply"] = ["S11"]
    _refused(data, "card S12 placed nowhere")


def test_impossible_values_are_refused_with_the_constraint_they_break() -> None:
    _refused(_edited(round=8), "round 8 does not exist: the game has 7 rounds")
    _refused(_edited(phase="lunch"), "phase: 'lunch' is not one of")
    _refused(_edited(start_player=2), "start_player: 2 is not a seat")
    _refused(_edited(turn={"seat": 0, "card": "E99"}), "turn.card: 'E99' is no card of this game")
    _refused(_edited(pending=[["main", 3]]), "pending[0][1]: 3 is not a seat")
    _refused(_edited(pending=[["dance", 0]]), "'dance' is no step of this game")
    _refused(_edited(pending=[["main"]]), "the step 'main' takes the arguments seat")
    _refused(_edited(pending=[]), "needs a pending step")
    _refused(_edited(colour="blue"), "unknown field 'colour'")
    _refused(_edited(game="necklace"), "this is a position of 'necklace', not of 'rococo'")
    _refused(_edited(format=2), "position format 2 is unknown")
    _refused(_edited(config={"players": 9}), "config players")
    data = _hand_written()
    data["players"][0]["livres"] = -1
    _refused(data, "players[0].livres: -1 is out of range")
    data = _hand_written()
    data["players"][0]["jewels"] = []
    _refused(data, "players[0].jewels: the jewelry_box is not in play")


def test_an_invariant_of_the_game_refuses_a_position() -> None:
    data = _hand_written()
    data["players"][0] |= {"supply": [], "hand": [], "discard": [], "in_play": "S15"}
    data["out"] = {"employees": ["S11", "S12", "S13", "S14"]}
    with pytest.raises(PositionError, match="R-STAFF-2"):
        Rococo.from_position(data)


def test_a_position_error_is_a_config_error() -> None:
    assert issubclass(PositionError, ConfigError)
    with pytest.raises(ConfigError):
        Rococo.from_position([])


def test_a_game_with_a_secret_seed_round_trips_with_its_keyed_generator() -> None:
    g = Rococo.new({"players": 3, "expansions": "all"}, secret_seed())
    rng = random.Random(1)
    for _ in range(40):
        g.apply(rng.choice(g.legal_actions()))
    h = Rococo.from_position(_through_json(g.to_position()))
    assert h.to_position() == g.to_position() and h.seed == g.seed
    for _ in range(40):
        action = rng.choice(g.legal_actions())
        g.apply(action)
        h.apply(action)
    assert h.to_position() == g.to_position()


def test_a_seed_no_game_accepts_is_refused() -> None:
    _refused(_edited(seed=-1), "seed -1: give an integer")
    _refused(_edited(seed="7"), "seed: expected an integer")


def test_a_decision_without_a_legal_action_is_refused() -> None:
    data = _hand_written()
    data["players"][1] |= {"hand": [], "discard": ["S24", "S25"]}
    _refused(_edited(players=data["players"], pending=[["play", 1]]),
             "pending[0]: the decision 'play' has no legal action in this position")
