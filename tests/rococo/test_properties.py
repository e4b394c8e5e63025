"""Property tests over many seeded games (random and mixed play, 2-5 players).

After every action: every card, tile and garment is in exactly one place, nothing is
negative, every change of livres/VP/thread/lace is explained by an event, the legal-action
list is never empty before the end, and every legal action applies.  Samples of unlisted
actions are refused without changing the state.  At the end, save -> load -> replay gives
the identical state.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from salon.core import record
from salon.core.errors import ActionError
from salon.core.game import SECRET_SEEDS
from salon.core.rng import KeyedRng, Rng
from salon.rococo.game import Rococo
from salon.rococo.invariants import check, check_transition

GAMES = 500
CHECK_ALL_LEGAL_EVERY = 7  # decisions whose every listed action is applied on a clone


def _fingerprint(g: Rococo) -> str:
    return json.dumps(g.s.to_json(), sort_keys=True)


def play_checked(seed: int, players: int, **config: Any) -> Rococo:
    g = Rococo.new({"players": players, **config}, seed)
    rng = random.Random(seed)
    vocabulary = g.description.action_space
    step = 0
    while not g.is_over():
        legal = g.legal_actions()
        assert legal, f"seed {seed}: no legal action before the end"
        assert len(set(legal)) == len(legal), f"seed {seed}: duplicate legal actions {legal}"
        if step % CHECK_ALL_LEGAL_EVERY == 0:
            for a in legal:
                g.clone().apply(a)
            before = _fingerprint(g)
            for a in rng.sample(vocabulary, 12) + ["", "main:", "garbage", "take:R99", "play:E01:x"]:
                if a in legal:
                    continue
                with pytest.raises(ActionError):
                    g.apply(a)
            assert _fingerprint(g) == before, f"seed {seed}: a refused action changed the state"
        action = rng.choice(legal)
        before_state = g.s.clone()
        events = g.apply(action)
        problems = check(g.s) + check_transition(before_state, g.s, events)
        assert not problems, f"seed {seed} after {action!r} (step {step}): {problems}"
        step += 1
    result = g.result()
    assert len(result.scores) == g.num_players
    assert all(score >= 0 for score in result.scores)
    return g


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(10))
def test_random_games_keep_every_invariant(chunk: int) -> None:
    """500 seeded random games, 2-5 players, invariants after every action."""
    per = GAMES // 10
    for seed in range(chunk * per, (chunk + 1) * per):
        g = play_checked(seed, 2 + seed % 4)
        if seed % 5 == 0:
            loaded = record.loads(json.dumps(record.make_record(g)))
            assert loaded.state_hash() == g.state_hash()


@pytest.mark.slow
@pytest.mark.parametrize("expansions", [[], ["all"]], ids=["base", "all"])
def test_secret_seed_games_keep_every_invariant(expansions: list[str]) -> None:
    """Games drawn from the keyed generator: 8 at 2-5 players, invariants after every action,
    each replayed from its record."""
    for i in range(8):
        g = play_checked(SECRET_SEEDS.start + 0x5EC + i, 2 + i % 4, expansions=expansions)
        assert isinstance(g.s.rng, KeyedRng)
        assert record.loads(json.dumps(record.make_record(g))).state_hash() == g.state_hash()


EXPANSION_SETS = [["jewelry_box"], ["noble"], ["festive"], ["exquisite"], ["all"], ["exquisite", "festive"]]


@pytest.mark.slow
@pytest.mark.parametrize("expansions", EXPANSION_SETS, ids=lambda e: "+".join(e))
def test_expansion_games_keep_every_invariant(expansions: list[str]) -> None:
    """Every expansion alone, all four, and Exquisite without the Jewelry Box: 48 seeded
    games each at 2-5 players, invariants after every action, records replay."""
    for seed in range(48):
        g = play_checked(10_000 + seed, 2 + seed % 4, expansions=expansions)
        if seed % 8 == 0:
            assert record.loads(json.dumps(record.make_record(g))).state_hash() == g.state_hash()


@pytest.mark.slow
@pytest.mark.parametrize("expansions", [[], ["jewelry_box"], ["all"]], ids=["base", "jewelry_box", "all"])
def test_solo_games_keep_every_invariant(expansions: list[str]) -> None:
    """R-SOLO-*: 100 seeded solo games per setting; Madame du Barry's turns never ask for input
    (the only deciding seat is the human's), and she never holds livres."""
    for seed in range(100):
        g = Rococo.new({"solo": True, "expansions": expansions}, 20_000 + seed)
        rng = random.Random(seed)
        while not g.is_over():
            assert g.current_player() == 0
            before = g.s.clone()
            events = g.apply(rng.choice(g.legal_actions()))
            problems = check(g.s) + check_transition(before, g.s, events)
            assert not problems, f"seed {seed}: {problems}"
        assert len(g.result().scores) == 2
        if seed % 10 == 0:
            assert record.loads(json.dumps(record.make_record(g))).state_hash() == g.state_hash()


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(3))
def test_2013_edition_games_keep_every_invariant(chunk: int) -> None:
    """D-*: 300 seeded games of the 2013 edition at 2-5 players."""
    for seed in range(chunk * 100, (chunk + 1) * 100):
        play_checked(30_000 + seed, 2 + seed % 4, edition="2013")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_save_load_replay_mid_game_is_identical(players: int) -> None:
    """A record saved mid-game replays to the same state, and play continues identically."""
    g = Rococo.new({"players": players}, 1000 + players)
    rng = random.Random(players)
    for _ in range(100):
        g.apply(rng.choice(g.legal_actions()))
    text = json.dumps(record.make_record(g))
    loaded = record.loads(text)
    fast = record.loads(text, verify=False)
    assert loaded.state_hash() == g.state_hash() == fast.state_hash()
    while not g.is_over():
        a = rng.choice(g.legal_actions())
        assert loaded.legal_actions() == g.legal_actions()
        g.apply(a)
        loaded.apply(a)
    assert loaded.state_hash() == g.state_hash()


def test_same_seed_same_actions_same_game() -> None:
    a = Rococo.new({"players": 4}, 77)
    b = Rococo.new({"players": 4}, 77)
    rng = random.Random(0)
    while not a.is_over():
        assert a.legal_actions() == b.legal_actions()
        x = rng.choice(a.legal_actions())
        a.apply(x)
        b.apply(x)
    assert a.state_hash() == b.state_hash()
    assert Rococo.new({"players": 4}, 78).state_hash() != Rococo.new({"players": 4}, 77).state_hash()


def test_clone_is_independent() -> None:
    g = Rococo.new({"players": 3}, 5)
    c = g.clone()
    before = g.state_hash()
    rng = random.Random(1)
    for _ in range(100):
        c.apply(rng.choice(c.legal_actions()))
    assert g.state_hash() == before


@pytest.mark.parametrize("edition", ["deluxe", "2013"])
def test_a_clone_scored_to_the_end_leaves_the_original_as_it_was(edition: str) -> None:
    """A clone (or a sample) scored to the end, with the 2013 edition's levelling of hidden
    prestige in the sample, changes nothing of the original's points booked by step."""
    g = Rococo.new({"players": 3, "edition": edition}, 23)
    rng = random.Random(23)  # final scoring stops for a decision; the seats began it with other points
    while g.s.phase != "scoring" or g.current_player() is None:
        g.apply(rng.choice(g.legal_actions()))
    before, booked = g.state_hash(), [dict(b) for b in g.s.breakdown]
    for seat in range(3):
        c = g.determinize(seat, Rng(seat)) or g.clone()
        while not c.is_over():
            c.apply(rng.choice(c.legal_actions()))
        assert c.s.breakdown != booked
    assert g.state_hash() == before and g.s.breakdown == booked


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.text(max_size=30))
def test_any_text_is_applied_or_refused_cleanly(text: str) -> None:
    """Arbitrary input never crashes the engine: it applies, or raises an ActionError and
    changes nothing."""
    g = Rococo.new({"players": 2}, 3)
    before = g.state_hash()
    try:
        g.apply(text)
    except ActionError as e:
        assert e.rule and e.reason
        assert g.state_hash() == before


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=2**63), st.integers(min_value=2, max_value=5), st.data())
def test_action_text_round_trips(seed: int, players: int, data: st.DataObject) -> None:
    """Every legal action is a text of the game's action space, printed without spaces, and the
    text typed anew (rebuilt from its parts, as a user or a save file gives it) is the same
    action: applied to a copy, it leads to the same game."""
    g = Rococo.new({"players": players}, seed)
    space = set(g.description.action_space)
    rng = random.Random(seed)
    for _ in range(data.draw(st.integers(min_value=0, max_value=200))):
        if g.is_over():
            break
        legal = g.legal_actions()
        assert set(legal) <= space and all(a and not any(c.isspace() for c in a) for a in legal)
        action = rng.choice(legal)
        typed = ":".join("".join(part) for part in (list(p) for p in action.split(":")))
        twin = g.clone()
        assert twin.apply(typed) == g.apply(action)
        assert twin.state_hash() == g.state_hash()
