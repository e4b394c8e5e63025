"""What a seat knows of the other hands (salon.necklace.knowledge) and the worlds that keep it.

Cards go into a hand in everyone's sight when bought (QN-BUY-5, QN-INFO-2) or taken by the
Queen (QN-QUEEN-2), and leave it in everyone's sight when played, discarded or revealed.  A
Confessor shows one seat a whole hand (QN-CONFESSOR-1); a Thief's card is seen by the thief
and its victim only (QN-INFO-1).  The search's worlds keep the cards a seat knows of and draw
the rest anew.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest

from salon.core.events import Event
from salon.core.rng import Rng
from salon.necklace.game import Necklace
from salon.necklace.knowledge import known_hands


def names(game: Necklace, cards: list[int]) -> Counter[str]:
    return Counter(game.data.public_id[c] for c in cards if game.data.cards[c].kind_name != "necklace")


def play_until(players: int, seed: int, found: Callable[[Necklace, list[Event]], bool]) -> Necklace:
    """A game of random moves, stopped just after the action whose events ``found`` accepts."""
    for k in range(200):
        game, rng = Necklace.new({"players": players}, seed + k), random.Random(seed + k)
        while not game.is_over():
            events = game.apply(rng.choice(game.legal_actions()))
            if found(game, events):
                return game
    raise AssertionError("no game of 200 met the event")


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.heavy
def test_what_a_seat_knows_is_in_the_hand_and_stays_there_in_its_worlds_QN_INFO_1(players: int) -> None:
    """After every third action of random games: each card a seat knows of is in that hand, its
    worlds keep each of them there, and its own hand is its own."""
    share = []
    for seed in range(4):
        game, rng = Necklace.new({"players": players}, seed), random.Random(seed)
        while not game.is_over():
            game.apply(rng.choice(game.legal_actions()))
            for seat in range(players) if len(game.history) % 3 == 0 else ():
                known = known_hands(game, seat)
                assert known is not None and known[seat] == ()
                world = game.determinize(seat, Rng(len(game.history)))
                assert world.s.hands[seat] == game.s.hands[seat]
                for q in range(players):
                    assert not Counter(known[q]) - names(game, game.s.hands[q]), (seat, q)
                    assert not Counter(known[q]) - names(world, world.s.hands[q]), (seat, q)
                    share.append((len(known[q]), len(game.s.hands[q])) if q != seat else (0, 0))
    assert sum(k for k, _ in share) > sum(n for _, n in share) / 3  # most of what is bought stays known


def test_a_card_bought_is_known_to_every_other_seat_QN_BUY_5_QN_INFO_2() -> None:
    bought: list[Event] = []

    def buy(g: Necklace, events: list[Event]) -> bool:
        bought[:] = [e for e in events if e.type == "bought"]
        return bool(bought) and g.data.cards[g.data.card_index[bought[0].data["card"]]].kind_name not in (
            "astrologer", "necklace")

    game = play_until(3, 10, buy)
    buyer, card = bought[0].seat, game.data.card_index[bought[0].data["card"]]
    assert buyer is not None and card in game.s.hands[buyer]
    for seat in range(3):
        known = known_hands(game, seat)
        assert known is not None
        assert (game.data.public_id[card] in known[buyer]) is (seat != buyer)


def test_a_thiefs_card_is_known_to_thief_and_victim_and_the_third_seat_forgets_the_victims_hand_QN_THIEF_1() -> None:
    stolen: list[Event] = []

    def theft(g: Necklace, events: list[Event]) -> bool:
        stolen[:] = [e for e in events if e.type == "stolen"]
        return bool(stolen) and g.data.cards[g.data.card_index[stolen[0].data["card"]]].kind_name != "necklace"

    game = play_until(3, 20, theft)
    thief, victim = stolen[0].seat, stolen[0].data["victim"]
    assert thief is not None
    third = 3 - thief - victim
    card = game.data.public_id[game.data.card_index[stolen[0].data["card"]]]
    by_victim, by_third = known_hands(game, victim), known_hands(game, third)
    assert by_victim is not None and by_third is not None
    assert card in by_victim[thief]
    assert by_third[victim] == ()


def test_a_confessor_shows_its_player_the_whole_hand_QN_CONFESSOR_1() -> None:
    game = play_until(3, 30, lambda g, events: any(e.type == "hand_shown" for e in events))
    shown = game.s.peeks
    viewer, target = next((v, t) for v in range(3) for t in range(3) if shown[v][t] is not None)
    known = known_hands(game, viewer)
    assert known is not None
    assert Counter(known[target]) == names(game, game.s.hands[target])


def test_a_game_set_up_from_a_position_or_a_world_keeps_no_knowledge() -> None:
    """Neither holds the history from its seed that the knowledge is read from: its worlds
    draw every other hand anew.  The game it came from, of the same seed, keeps its own."""
    game, rng = Necklace.new({"players": 2}, 3), random.Random(3)
    for _ in range(30):
        game.apply(rng.choice(game.legal_actions()))
    again = Necklace.from_position(game.to_position())
    world = game.determinize(0, Rng(1))
    for copy in (again, world):
        for _ in range(3):
            copy.apply(copy.legal_actions()[-1])
            assert known_hands(copy, 0) is None
    assert known_hands(game, 0) is not None
