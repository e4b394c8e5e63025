"""The heuristic bot's play-outs (salon.bots.heuristic): where the game marks a decision, the
best actions of the look-ahead are played out in sampled worlds to the game's horizon."""

from __future__ import annotations

from dataclasses import replace

import pytest

from salon.bots.heuristic import HeuristicBot, world
from salon.core.evaluation import evaluation_of
from salon.core.rng import Rng
from salon.necklace.game import Necklace
from salon.rococo.game import Rococo
from salon.rococo.invariants import check
from tests.bots.test_hidden_information import seen_alike
from tests.rococo.positions import new_game, solo_game


def _to(g: Rococo, kind: str, last_round: bool = True) -> Rococo:
    """``g`` played on by the look-ahead alone until seat 0 has a choice of ``kind`` (in the
    last round, unless ``last_round`` is False)."""
    bot = HeuristicBot(1, samples=0)
    rounds = g.s.t.ds.rules.rounds
    while not (g.current_player() == 0 and g.decision()["kind"] == kind and len(g.legal_actions()) > 1
               and (g.s.round == rounds) == last_round):
        assert not g.is_over(), f"the game ended before a choice of {kind!r}: pick another seed"
        g.apply(bot.choose(g))
    return g


@pytest.mark.slow
def test_rococo_plays_out_the_last_rounds_hands_and_card_plays_R_PH2_1_R_PH3_4() -> None:
    """In the solo mode the last round's hand picks and card plays are marked; the same choices
    in an earlier round are not, nor is the choice of an action."""
    hooks = evaluation_of(solo_game(5))
    assert hooks.plan_at is not None
    for kind in ("hand", "play"):
        assert hooks.plan_at(_to(solo_game(5), kind))
        assert not hooks.plan_at(_to(solo_game(5), kind, last_round=False))
    assert not hooks.plan_at(_to(solo_game(5), "main"))


@pytest.mark.slow
def test_where_nothing_is_played_out_it_is_the_look_ahead() -> None:
    g = _to(solo_game(4), "main")
    assert HeuristicBot(9).choose(g.clone()) == HeuristicBot(9, samples=0).choose(g.clone())
    n = Necklace.new({"players": 3}, 2)
    while len(n.legal_actions()) < 2:
        n.apply(n.legal_actions()[0])
    assert HeuristicBot(9).choose(n.clone()) == HeuristicBot(9, samples=0).choose(n.clone())


@pytest.mark.slow
def test_play_outs_reach_the_end_of_the_game_and_leave_it_alone() -> None:
    """In the last round every play-out is scored when the game is over (the exact result);
    the kept actions are the look-ahead's best; the real game is not touched; the choice is
    legal and the same for the same seed."""
    g = _to(solo_game(5), "hand")
    assert len(g.legal_actions()) > 3
    before = g.state_hash()
    look_ahead = HeuristicBot(7, samples=0)
    look_ahead.choose(g)
    best = sorted(look_ahead.values, key=lambda a: -look_ahead.values[a])[:3]
    bot = HeuristicBot(7, samples=2, keep=3)
    choice = bot.choose(g)
    assert choice in best and sorted(bot.values) == sorted(best)
    assert g.state_hash() == before and check(g.s) == []
    assert HeuristicBot(7, samples=2, keep=3).choose(g) == choice

    hooks = evaluation_of(g)
    scored: list[bool] = []

    def spy(node: Rococo, seat: int) -> float:
        scored.append(node.is_over())
        return hooks.evaluate(node, seat)

    HeuristicBot(7)._play_outs([world(g, 0, rng) for rng in (Rng(1), Rng(2))], best, replace(hooks, evaluate=spy), 0)
    assert scored == [True] * 6
    assert g.state_hash() == before


@pytest.mark.slow
def test_keep_zero_plays_out_every_action() -> None:
    g = _to(solo_game(3), "play")
    bot = HeuristicBot(3, samples=1, keep=0)
    assert bot.choose(g) in g.legal_actions()
    assert sorted(bot.values) == sorted(g.legal_actions())


@pytest.mark.slow
def test_the_choice_does_not_depend_on_madame_du_barrys_hidden_cards_R_SOLO_PH2_1() -> None:
    """R-SOLO-PH1-1, R-SOLO-PH2-1: her supply is shuffled and her hand pile drawn face down.
    Two games that differ only in which card lies in her hand pile look alike to the human,
    and the play-outs (which start from determinized copies) value every action alike in
    both.  The check has teeth: play-outs from the real games value them differently."""
    a = _to(solo_game(5), "hand")
    assert a.s.mdb_hand, "she is start player here: her hand pile is drawn before the human chooses"
    b = a.clone()
    b.s.mdb_hand[0], b.s.mdb_supply[0] = b.s.mdb_supply[0], b.s.mdb_hand[0]
    seen_alike(a, b, 0)
    bots = HeuristicBot(2, samples=1, keep=0), HeuristicBot(2, samples=1, keep=0)
    assert bots[0].choose(a) == bots[1].choose(b)
    assert bots[0].values == bots[1].values and len(bots[0].values) == len(a.legal_actions())

    peeking = [HeuristicBot(2), HeuristicBot(2)]  # play-outs from the real cards
    values = [bot._play_outs([game.clone()], game.legal_actions(), evaluation_of(a), 0)
              for bot, game in zip(peeking, (a, b))]
    assert values[0] != values[1]


@pytest.mark.slow
def test_a_whole_solo_game() -> None:
    """One solo game to the end with one sample per action: every choice is legal (apply would
    refuse it) and the invariants hold at the end."""
    g = solo_game(8)
    bot = HeuristicBot(8, samples=1)
    while not g.is_over():
        g.apply(bot.choose(g))
    assert check(g.s) == [] and len(g.result().scores) == 2


@pytest.mark.slow
def test_with_several_players_the_look_ahead_alone_decides() -> None:
    """Play-outs would guess the other players' turns: in a game of three the last round's
    hand is chosen by the look-ahead."""
    g = _to(new_game(3, 9), "hand")
    hooks = evaluation_of(g)
    assert hooks.plan_at is not None and not hooks.plan_at(g)
    assert HeuristicBot(4).choose(g.clone()) == HeuristicBot(4, samples=0).choose(g.clone())
