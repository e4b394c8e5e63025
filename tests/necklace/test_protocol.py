"""The protocol calls beyond play: typed refusals naming the rule, atomic apply, undo depth,
clone independence, the action space and the decision description."""

from __future__ import annotations

import random

import pytest

from salon.core import record
from salon.core.errors import IllegalAction, MalformedAction
from salon.necklace.game import Necklace
from tests.necklace.positions import begin_sale, begin_turn, cid, find, new_game, set_hand, set_market


def test_malformed_and_illegal_are_told_apart() -> None:
    g = Necklace.new({"players": 2, "start_player": 0}, 1)
    for text in ("", "fly", "buy:C000", "buy:C104", "play:thief:2", "present:C001:pearl", "play:gem"):
        with pytest.raises(MalformedAction) as err:
            g.apply(text)
        assert err.value.rule == "PROTOCOL"
    with pytest.raises(IllegalAction) as illegal:
        g.apply("react:queen")
    assert illegal.value.rule == "QN-INF-1" and "influence" in illegal.value.reason
    with pytest.raises(IllegalAction) as illegal:
        g.apply(f"buy:{cid(g, g.s.market[0])}")
    assert illegal.value.rule == "QN-INF-1"  # the Influence phase comes first (QN-TURN-2)


def test_explain_illegal() -> None:
    g = Necklace.new({"players": 2, "start_player": 0}, 1)
    assert g.explain_illegal("nonsense")[0] == "PROTOCOL"
    assert g.explain_illegal("done") == ("PROTOCOL", "the action is legal now")
    assert g.explain_illegal("pass")[0] == "QN-INF-1"


def test_refused_action_changes_nothing() -> None:
    g = new_game(2)
    before = g.state_hash()
    history = list(g.history)
    for text in ("present:C001", "buy:C050", "react:cardinal", "x"):
        with pytest.raises((IllegalAction, MalformedAction)):
            g.apply(text)
    assert g.state_hash() == before and g.history == history


def test_undo_depth_within_a_turn() -> None:
    """The deciding seat may take back its own actions since the last draw, reveal or random
    event; replaying the history without them restores the position."""
    g = new_game(2)
    set_hand(g, 0, find(g, "courtesan")[:1] + find(g, "thief")[:1])
    set_hand(g, 1, find(g, "gem", "amber")[:2])
    set_market(g, [*find(g, "ring")[:5]])
    begin_turn(g, 0)
    assert g.undoable() == 0
    g.apply("play:courtesan")
    assert g.undoable() == 1
    g.apply("play:thief:1")  # a random card changes hands: no undo past it
    assert g.undoable() == 0
    g.apply("done")
    assert g.undoable() == 1
    g.apply(f"buy:{cid(g, g.s.market[0])}")
    assert g.undoable() == 2
    g.apply("done")  # Devaluation draws new cards
    assert g.undoable() == 0


def test_undo_by_replay() -> None:
    g = Necklace.new({"players": 3}, 12)
    rng = random.Random(3)
    hashes = [g.state_hash()]
    undone = 0
    while not g.is_over() and len(g.history) < 300:
        g.apply(rng.choice(g.legal_actions()))
        hashes.append(g.state_hash())
        k = g.undoable()
        if k:
            back = record.replay("necklace", g.config.model_dump(), g.seed, g.history[:-k])
            assert back.state_hash() == hashes[-1 - k]
            assert back.current_player() == g.current_player()
            undone += 1
    assert undone > 20


def test_presentation_can_be_taken_back_until_committed() -> None:
    g = new_game(2)
    rubies = find(g, "gem", "ruby")[:2]
    set_hand(g, 0, rubies)
    begin_sale(g, 0)
    g.apply(f"present:{cid(g, rubies[0])}")
    g.apply(f"present:{cid(g, rubies[1])}")
    assert g.undoable() == 2
    g.apply("done")
    assert g.undoable() == 0


def test_clones_are_independent() -> None:
    g = Necklace.new({"players": 4}, 3)
    h = g.clone()
    before = g.state_hash()
    rng = random.Random(0)
    for _ in range(80):
        h.apply(rng.choice(h.legal_actions()))
    assert g.state_hash() == before and g.history != h.history


def test_action_space_holds_every_legal_action() -> None:
    g = Necklace.new({"players": 4}, 8)
    space = g.description.action_space
    assert len(space) == len(set(space))
    vocabulary = set(space)
    rng = random.Random(1)
    while not g.is_over():
        assert set(g.legal_actions()) <= vocabulary
        g.apply(rng.choice(g.legal_actions()))
    assert g.legal_actions() == [] and g.current_player() is None and g.decision() == {}


def test_decision_describes_the_choice() -> None:
    g = new_game(3)
    d = g.decision()
    assert d == {"seat": 0, "kind": "influence", "ducats": 10, "bought": 0}
    assert g.observe(0)["decision"] == d and g.observe(1)["decision"] == {"seat": 0, "kind": "influence"}


@pytest.mark.slow
def test_every_unlisted_action_is_refused_with_a_rule() -> None:
    """At sampled decisions of random games, every action text of the game that is not listed
    is refused with IllegalAction naming a QN rule (never another exception), changing nothing."""
    rng = random.Random(4)
    kinds = set()
    for seed in range(6):
        g = Necklace.new({"players": 2 + seed % 3, "conceal_holders": seed % 2 == 0}, seed)
        space = g.description.action_space
        while not g.is_over():
            if rng.random() < 0.08:
                kinds.add(g.decision()["kind"])
                legal = set(g.legal_actions())
                before = g.state_hash()
                for a in space:
                    if a not in legal:
                        with pytest.raises(IllegalAction) as err:
                            g.apply(a)
                        assert err.value.rule.startswith("QN-"), (a, err.value.rule)
                assert g.state_hash() == before
            g.apply(rng.choice(g.legal_actions()))
    assert {"influence", "buy", "present", "queen"} <= kinds
