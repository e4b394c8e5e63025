"""Queen's Necklace positions as data (docs/positions.md): round trips along random games of
2-4 players, positions written by hand with the draw pile left out, and refused positions."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from salon.core.errors import PositionError
from salon.necklace.game import Necklace
from salon.necklace.position import STEPS
from salon.necklace.rules import registry

CONFIGS = [
    {"players": 2},
    {"players": 3},
    {"players": 4, "conceal_holders": False},
    {"players": 4, "forger_victim_chooses": False, "cardinal_when_due": True},
]


@pytest.mark.slow
@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: json.dumps(c, sort_keys=True))
@pytest.mark.parametrize("seed", range(5))
def test_round_trip_along_random_games(config: dict[str, Any], seed: int) -> None:
    """At every decision of a random game, the position reloads to a game with the same
    position, the same legal actions and the same state, and that game plays on identically."""
    g = Necklace.new(config, seed)
    rng = random.Random(seed)
    step = 0
    while True:
        position = g.to_position()
        h = Necklace.from_position(json.loads(json.dumps(position)))
        assert h.to_position() == position
        assert h.legal_actions() == g.legal_actions()
        assert h.s.to_json() == g.s.to_json()
        if g.is_over():
            break
        action = rng.choice(g.legal_actions())
        if step % 10 == 0:
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
    """Seat 1's turn begins; the draw pile is left out."""
    return {
        "game": "necklace",
        "config": {"players": 3},
        "seed": 3,
        "turn": {"seat": 1, "number": 4, "phase": "devaluation"},
        "sales": 1,
        "fashion": ["ruby", "diamond", "amber", "emerald"],
        "scores": [40, 10, 0],
        "hands": [["C001", "C002"], ["C010", "C011", "C012"], []],
        "market": [{"card": "C020", "price": 1}, {"card": "C021", "price": 0}, None, None, None],
        "out": ["C030", "C031"],
        "pending": [["turn", 1]],
    }


def test_the_draw_pile_left_out_is_filled_by_a_seeded_shuffle() -> None:
    g = Necklace.from_position(_hand_written())
    again = Necklace.from_position(_hand_written())
    other = Necklace.from_position({**_hand_written(), "seed": 4})
    assert g.to_position() == again.to_position()
    assert g.to_position()["hidden"]["pile"] != other.to_position()["hidden"]["pile"]
    position = g.to_position()
    placed = {c for h in position["hands"] for c in h} | {m["card"] for m in position["market"] if m} | set(
        position["out"])
    assert len(set(position["hidden"]["pile"]) | placed) == len(g.s.ds.cards)
    assert g.current_player() == 1 and g.decision()["kind"] == "influence"
    assert position["turn"]["number"] == 5  # the pending turn step began the turn


def _refused(data: dict[str, Any], message: str) -> None:
    with pytest.raises(PositionError) as err:
        Necklace.from_position(data)
    assert message in str(err.value)


def _edited(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(_hand_written())
    data.update(changes)
    return data


def test_refused_positions_name_the_constraint() -> None:
    _refused(_edited(hands=[["C001", "C001"], [], []]), "seat 0's hand holds C001 twice")
    _refused(_edited(out=["C001"]), "card C001 is both in seat 0's hand and in the cards out of the game")
    _refused(_edited(hidden={"pile": ["C050"]}), "placed nowhere")
    _refused(_edited(sales=4), "4 sales cannot have been held: the game has 3 sales")
    _refused(_edited(hands=[[], []]), "hands: expected 3 entries, not 2")
    _refused(_edited(fashion=["ruby", "diamond", "amber", "opal"]), "fashion[3]: 'opal' is no gem type")
    _refused(_edited(fashion=["ruby", "ruby", "amber", "emerald"]), "Fashion tiles are not one of each")
    _refused(_edited(pending=[["influence", 5]]), "pending[0][1]: 5 is not a seat")
    _refused(_edited(market=[{"card": "C020", "price": 9}, None, None, None, None]), "golden ring off the ladder")
    _refused(_edited(turn={"seat": 1, "phase": "nap"}), "turn.phase: 'nap' is not one of")
    merchant = next(c.id for c in Necklace.new().s.ds.cards if c.kind_name == "merchant")
    _refused(_edited(hands=[["C001", merchant], [], []]), "holds a Merchant (QN-MERCH-1)")
