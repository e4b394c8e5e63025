"""Property tests over many seeded random games (2-4 players, every config option).

After every action: every card is in exactly one place, nothing that cannot be negative is,
every score change is explained by an event, the legal-action list is complete and never
empty before the end.  Every few decisions every listed action is applied to a clone, and a
sample of unlisted and malformed actions is refused without changing anything.  Every game
ends after its third sale and replays identically from its record (salon.core.record).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from salon.core import record
from salon.core.errors import ActionError, IllegalAction, MalformedAction
from salon.core.game import SECRET_SEEDS
from salon.core.rng import KeyedRng
from salon.necklace.game import Necklace
from salon.necklace.invariants import check, check_transition

GAMES = 500
CHUNKS = 10
CHECK_ALL_EVERY = 4  # decisions whose every listed action is applied on a clone
MALFORMED: list[Any] = [  # None too: what an untyped caller may pass
    "", "buy", "buy:", "buy:C999", "play:thief", "play:thief:9", "present:C001:opal", "react:king",
    "Done", "pass:1", "play:courtesan:1", "discard:C01", "alchemist:C001", None,
]

OPTIONS = [
    {},
    {"conceal_holders": False},
    {"cardinal_refill_at_once": False, "queen_on_amber": False, "queen_active_player": False},
    {"forger_names_amber": False, "forger_victim_chooses": False, "favorite_on_leader": False},
    {"alchemist_any_column": False, "bankers_stack": False, "conceal_holders": False},
    {"cardinal_when_due": True, "third_merchant_in_last_six": True},
]


def _fingerprint(g: Necklace) -> str:
    return json.dumps(g.s.to_json(), sort_keys=True)


def play_checked(seed: int, players: int, **config: Any) -> Necklace:
    g = Necklace.new({"players": players, **config}, seed)
    rng = random.Random(seed)
    vocabulary = g.description.action_space
    step = 0
    while not g.is_over():
        legal = g.legal_actions()
        assert legal, f"seed {seed}: no legal action before the end"
        assert len(set(legal)) == len(legal), f"seed {seed}: duplicate legal actions {legal}"
        seat = g.current_player()
        assert g.decision()["seat"] == seat
        if step % CHECK_ALL_EVERY == 0:
            for a in legal:
                trial = g.clone()
                trial.apply(a)
                assert not check(trial.s), f"seed {seed}: {a!r} breaks an invariant: {check(trial.s)}"
            before = _fingerprint(g)
            for a in rng.sample(vocabulary, 12):
                if a not in legal:
                    with pytest.raises(IllegalAction):
                        g.apply(a)
            for text in MALFORMED:
                with pytest.raises(MalformedAction):
                    g.apply(text)
            assert _fingerprint(g) == before, f"seed {seed}: a refused action changed the state"
            assert g.legal_actions() == legal
        action = rng.choice(legal)
        before_state = g.s.clone()
        events = g.apply(action)
        problems = check(g.s) + check_transition(before_state, g.s, events)
        assert not problems, f"seed {seed} after {action!r} (step {step}): {problems}"
        step += 1
    assert g.s.sales == 3
    with pytest.raises(ActionError):
        g.apply("done")
    result = g.result()
    assert len(result.scores) == players and set(result.winners) <= set(range(players))
    return g


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_every_invariant(chunk: int) -> None:
    """500 seeded random games at 2-4 players over the config options; every second game is
    saved, loaded (replayed) and compared, with and without verification."""
    per = GAMES // CHUNKS
    for seed in range(chunk * per, (chunk + 1) * per):
        g = play_checked(seed, 2 + seed % 3, **OPTIONS[seed // 3 % len(OPTIONS)])
        if seed % 2 == 0:
            text = json.dumps(record.make_record(g))
            loaded = record.loads(text)
            assert loaded.state_hash() == g.state_hash() and loaded.history == g.history
            assert record.loads(text, verify=False).state_hash() == g.state_hash()


@pytest.mark.slow
def test_secret_seed_games_keep_every_invariant() -> None:
    """Games drawn from the keyed generator: 12 at 2-4 players over the config options,
    invariants after every action, each replayed from its record."""
    for i in range(12):
        g = play_checked(SECRET_SEEDS.start + 0x5EC + i, 2 + i % 3, **OPTIONS[i % len(OPTIONS)])
        assert isinstance(g.s.rng, KeyedRng)
        assert record.loads(json.dumps(record.make_record(g))).state_hash() == g.state_hash()


def test_the_same_seed_and_actions_give_the_same_game() -> None:
    a = Necklace.new({"players": 3}, 77)
    b = Necklace.new({"players": 3}, 77)
    rng = random.Random(1)
    while not a.is_over():
        action = rng.choice(a.legal_actions())
        assert a.apply(action) == b.apply(action)
        assert a.state_hash() == b.state_hash()
