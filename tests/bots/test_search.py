"""The search bot and the hints: fair (its choice depends only on what its seat knows),
deterministic for a seed and an iteration count, quick where there is nothing to weigh, and
strong enough on a small budget that a broken search would show.  Its strength against the
other bots is measured by ``salon strength``, not here."""

from __future__ import annotations

import random

import pytest

from salon.bots.base import RandomBot, make_bot
from salon.bots.heuristic import HeuristicBot
from salon.bots.levels import EasyBot
from salon.bots.search import SECOND, SearchBot, hint, hint_seed
from salon.core.evaluation import evaluation_of
from salon.core.game import Game, game_class, secret_seed
from salon.core.rng import Rng
from salon.rococo.game import Rococo


def positions(name: str, count: int, players: int = 2, seed: int = 3) -> list[Game]:
    """Decisions with several legal actions, from random games of ``name``."""
    rng = random.Random(seed)
    found: list[Game] = []
    for game_seed in range(100):
        g = game_class(name).new({"players": players}, game_seed)
        stop = rng.randrange(5, 120)
        for _ in range(stop):
            if g.is_over():
                break
            g.apply(rng.choice(g.legal_actions()))
        if not g.is_over() and len(g.legal_actions()) > 1:
            found.append(g)
        if len(found) == count:
            return found
    raise AssertionError("not enough positions")


def twins_of(name: str, count: int, players: int = 2, seed: int = 3) -> list[Game]:
    """The positions, each set up anew from its position: as a determinized twin is, with no
    record of what the seat saw before (salon.necklace.knowledge), so the two compare alike."""
    return [type(g).from_position(g.to_position()) for g in positions(name, count, players, seed)]


@pytest.mark.slow
@pytest.mark.parametrize("name", ["rococo", "necklace"])
def test_the_choice_depends_only_on_what_the_seat_knows(name: str) -> None:
    """A game whose secrets (other hands, deck and bag order, the generator) are drawn anew
    from what the deciding seat knows gets the same choice and the same estimates."""
    for g in twins_of(name, 3):
        seat = g.current_player()
        assert seat is not None
        twin = g.determinize(seat, Rng(991))
        assert twin is not None and twin.state_hash() != g.state_hash()
        first, second = SearchBot(7, iterations=2), SearchBot(7, iterations=2)
        assert first.choose(g) == second.choose(twin)
        assert first.estimates == second.estimates


@pytest.mark.slow
def test_deterministic_for_a_seed_and_an_iteration_count() -> None:
    g = positions("rococo", 1, seed=5)[0]
    runs = [SearchBot(11, iterations=3) for _ in range(2)]
    assert runs[0].choose(g.clone()) == runs[1].choose(g.clone())
    assert runs[0].estimates == runs[1].estimates and runs[0].worlds == 3
    kept = [e.action for e in runs[0].estimates]
    assert len(kept) == min(3, len(g.legal_actions())) and set(kept) <= set(g.legal_actions())
    assert [e.value for e in runs[0].estimates] == sorted((e.value for e in runs[0].estimates), reverse=True)


def test_nothing_to_weigh_is_answered_at_once() -> None:
    g = game_class("necklace").new({"players": 2}, 1)
    while len(g.legal_actions()) != 1:
        g.apply(g.legal_actions()[0])
    bot = SearchBot(1, iterations=50)
    assert bot.choose(g) == g.legal_actions()[0] and bot.worlds == 0
    assert hint(g, 1) == hint(g, 2) and hint(g, 1)[0].action == g.legal_actions()[0]
    while not g.is_over():
        g.apply(g.legal_actions()[0])
    assert bot.analyse(g) == [] and bot.worlds == 0


def test_a_time_budget_plays_out_at_least_one_world() -> None:
    g = positions("necklace", 1)[0]
    bot = SearchBot(2, think=1e-9)
    assert bot.choose(g) in g.legal_actions() and bot.worlds == 1


@pytest.mark.slow
def test_a_small_budget_beats_the_random_bot_in_rococo() -> None:
    """One play-out world and two actions a decision already win by far: a search that chose
    badly, or read nothing from its play-outs, would not."""
    g = game_class("rococo").new({"players": 2}, 1)
    bots = {0: SearchBot(1, iterations=1, keep=2), 1: RandomBot(1)}
    while not g.is_over():
        seat = g.current_player()
        assert seat is not None
        g.apply(bots[seat].choose(g))
    scores = g.result().scores
    assert scores[0] - scores[1] > 50, scores


@pytest.mark.slow
def test_a_hint_is_what_the_search_bot_would_play() -> None:
    """Same seed and budget: the hint's first action is the search bot's choice; it is legal,
    and what the seat cannot see does not change it."""
    for g in twins_of("necklace", 3, seed=8):
        seat = g.current_player()
        assert seat is not None
        seed = hint_seed(g.seed, seat, 0)
        shown = hint(g, seed, iterations=2)
        assert shown[0].action in g.legal_actions()
        assert shown[0].action == SearchBot(seed, iterations=2, **SECOND).choose(g)
        twin = g.determinize(seat, Rng(5))
        assert twin is not None and hint(twin, seed, iterations=2) == shown


def test_hint_seeds_are_per_seat_and_hint_and_secret_for_a_secret_game() -> None:
    seeds = {hint_seed(4, seat, asked) for seat in range(3) for asked in range(3)}
    assert len(seeds) == 9 and all(s < 2**64 for s in seeds)
    secret = secret_seed()
    hidden = hint_seed(secret, 0, 0)
    assert hidden >= 2**128 and hidden != secret and hidden != hint_seed(secret, 0, 1)


def test_the_levels() -> None:
    hard, expert = make_bot("hard", 1), make_bot("expert", 1)
    assert isinstance(hard, SearchBot) and (hard.think, hard.keep) == (1.0, 6)  # tests/bots/test_halving.py
    assert isinstance(expert, SearchBot) and (expert.think, expert.keep) == (5.0, 8)
    assert type(make_bot("normal", 1)).__name__ == "HeuristicBot"
    assert isinstance(make_bot("easy", 1), EasyBot)
    custom = make_bot("search:think=3:keep=4", 1)
    assert isinstance(custom, SearchBot) and (custom.think, custom.keep) == (3.0, 4)


def test_the_easy_level_draws_among_the_look_aheads_values() -> None:
    """Cold, it plays the look-ahead's choice; warm, it varies among the legal actions."""
    g = positions("rococo", 1, seed=9)[0]
    cold = EasyBot(3, temperature=1e-6)
    assert cold.choose(g.clone()) == max(cold.values, key=lambda a: cold.values[a])
    warm = {EasyBot(k, temperature=1000.0).choose(g.clone()) for k in range(30)}
    assert len(warm) > 1 and warm <= set(g.legal_actions())


def test_the_heuristic_with_a_temperature_varies_its_play_outs_choice_reproducibly() -> None:
    """``heuristic:temperature=T`` (self-play that visits more positions): cold it plays the
    heuristic's own choice, warm it varies among the legal actions, each seed alike twice; the
    Easy level is the look-ahead alone with the same draw; a negative temperature is refused."""
    g = positions("rococo", 1, seed=9)[0]
    plain = make_bot("heuristic", 3)
    cold = make_bot("heuristic:temperature=0.000001", 3)
    assert isinstance(cold, HeuristicBot) and cold.temperature == 1e-6
    assert cold.choose(g.clone()) == plain.choose(g.clone())
    warm = [make_bot("heuristic:temperature=1000", k).choose(g.clone()) for k in range(20)]
    assert len(set(warm)) > 1 and set(warm) <= set(g.legal_actions())
    assert warm == [make_bot("heuristic:temperature=1000", k).choose(g.clone()) for k in range(20)]
    easy = EasyBot(3, temperature=2.0)
    assert (easy.samples, easy.temperature) == (0, 2.0)
    with pytest.raises(ValueError, match="must not be negative"):
        HeuristicBot(1, temperature=-1.0)


@pytest.mark.heavy
def test_a_solo_play_out_ends_after_the_players_next_turn() -> None:
    """R-SOLO-PH3-1: Madame du Barry's turns run inside the player's, so the player's
    decisions follow one another with the same seat to move; the turn hook still tells each
    turn apart, and a play-out from a card to play ends at the player's turn after the next
    (one full turn of each seat), not at the end of the round."""
    g = game_class("rococo").new({"solo": True}, 11)
    assert isinstance(g, Rococo)
    hooks = evaluation_of(g)
    assert hooks.turn is not None
    while g.decision().get("kind") != "play" or g.s.round != 2:
        g.apply(g.legal_actions()[0])
    turns: list[list[object]] = []  # the hook's value at each decision, turn by turn
    while g.s.round == 2 and len(turns) < 4:
        if g.decision().get("kind") == "play":
            turns.append([])
        turns[-1].append(hooks.turn(g))
        g.apply(g.legal_actions()[0])
    turns = turns[:3]
    assert all(len(set(keys)) == 1 for keys in turns)  # one value all through a turn
    assert len({keys[0] for keys in turns}) == 3  # and another at each turn
    root = g.clone()
    while root.decision().get("kind") != "play":
        root.apply(root.legal_actions()[0])
    bot = SearchBot(1, iterations=1)
    node = root.clone()
    node.apply(root.legal_actions()[0])
    seat = root.current_player()
    assert seat is not None
    bot._play_out(root, node, seat, hooks, planned=False)
    assert node.s.round == root.s.round and hooks.turn(node) != hooks.turn(root)
    played = [a for a in node.history[len(root.history):] if a.startswith("play:")]
    assert len(played) == 2 and node.decision().get("kind") == "play"  # this turn's card and the next's
