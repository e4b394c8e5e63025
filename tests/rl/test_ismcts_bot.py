"""The ``ismcts`` bot: OpenSpiel's IS-MCTS playing a salon game through its OpenSpiel
registration.  It plays legal actions, is deterministic for its seed, chooses from what its
seat may see only, and without the rl extra names the extra to install."""

from __future__ import annotations

import sys

import pytest

from salon.bots.base import BotSpec, make_bot
from salon.core.errors import ConfigError
from salon.core.game import Game, game_class
from salon.rococo.game import Rococo
from tests.bots.test_hidden_information import seen_alike


def _opening(name: str, config: dict[str, object], spec: str, seed: int, steps: int) -> list[str]:
    """The first ``steps`` actions of a game in which ``spec`` plays every seat, each checked legal."""
    game: Game = game_class(name).new(config, seed)
    bots = {s: make_bot(spec, 10 + s) for s in range(game.num_players)}
    for _ in range(steps):
        seat = game.current_player()
        if seat is None:
            break
        action = bots[seat].choose(game)
        assert action in game.legal_actions()
        game.apply(action)
    return list(game.history)


@pytest.mark.parametrize("name, config", [("rococo", {"players": 2}), ("necklace", {"players": 3}),
                                          ("rococo", {"players": 1, "solo": True})], ids=["rococo", "necklace", "solo"])
@pytest.mark.heavy
def test_it_plays_legal_actions_and_again_the_same_for_its_seed(name: str, config: dict[str, object]) -> None:
    first = _opening(name, config, "ismcts:simulations=3", 4, 12)
    assert len(first) >= 12
    assert _opening(name, config, "ismcts:simulations=3", 4, 12) == first


def test_its_choice_does_not_depend_on_what_its_seat_cannot_see() -> None:
    """Seat 1 picked another hand in each game (R-PH2-1: a secret pick); seat 0 sees both games
    alike and chooses alike in both."""

    def game(picks: list[str]) -> Rococo:
        g = Rococo.new({"players": 2, "start_player": 1}, 7)
        for a in picks:
            g.apply(a)
        while g.current_player() != 0:
            g.apply(g.legal_actions()[0])
        return g

    a = game(["pick:S21", "pick:S22", "pick:S23"])
    b = game(["pick:S23", "pick:S24", "pick:S25"])
    seen_alike(a, b, 0)
    assert len(a.legal_actions()) > 1
    for seed in (1, 2, 3):
        assert make_bot("ismcts:simulations=5", seed).choose(a) == make_bot("ismcts:simulations=5", seed).choose(b)


def test_it_needs_a_simulation() -> None:
    with pytest.raises(ConfigError, match="simulation"):
        BotSpec.parse("ismcts:simulations=0")


def test_without_open_spiel_it_names_the_rl_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    for module in ("salon.rl.ismcts_bot", "salon.rl.openspiel"):
        monkeypatch.delitem(sys.modules, module, raising=False)
    with pytest.raises(ConfigError, match=r"pip install 'salon\[rl\]'") as refused:
        make_bot("ismcts")
    assert refused.value.key == "error.bot_extra"
