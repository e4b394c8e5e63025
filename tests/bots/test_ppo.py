"""The ppo bot, the exported MaskablePPO policy: it reads the seat's observation only, always
plays a legal action, is deterministic, and refuses weights of another layout or a config it
was not trained on.  Its strength is measured by ``salon ladder``, not here."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np
import pytest

from salon.bots import ppo
from salon.bots.base import make_bot
from salon.bots.model import check, encoding_of
from salon.core.errors import ConfigError, DataError
from salon.core.game import game_class
from salon.core.rng import Rng
from tests.bots.test_search import positions


@pytest.mark.parametrize("name", ["rococo", "necklace"])
def test_the_shipped_policies_read_the_games_vector_and_mask(name: str) -> None:
    """Both games' 2-player policies are shipped, bound to the game's layout (policy_for
    checks the versions) and shaped for the mask and the vector they are given."""
    game = game_class(name).new({"players": 2}, 0)
    policy = ppo.policy_for(game)
    size = len(game.description.action_space) + encoding_of(game).size
    assert policy.net.layers[0][0].shape[0] == size
    assert policy.net.layers[-1][0].shape[1] == len(game.description.action_space)
    assert policy.card["opponent"] == "random"


@pytest.mark.parametrize("name", ["rococo", "necklace"])
def test_it_plays_legal_actions_deterministically_from_the_seats_view(name: str) -> None:
    """The same choice for a game whose secrets are drawn anew from what the deciding seat
    knows, and for a second bot of another seed: the network reads the seat's view alone."""
    for g in positions(name, 4, seed=3):
        seat = g.current_player()
        assert seat is not None
        twin = g.determinize(seat, Rng(17))
        assert twin is not None and twin.state_hash() != g.state_hash()
        choice = make_bot("ppo", 1).choose(g)
        assert choice in g.legal_actions()
        assert make_bot("ppo", 2).choose(twin) == choice


def test_a_game_played_to_the_end() -> None:
    game = game_class("necklace").new({"players": 2}, 5)
    bots = [make_bot("ppo", 0), make_bot("random", 1)]
    while not game.is_over():
        seat = game.current_player()
        assert seat is not None
        game.apply(bots[seat].choose(game))


def test_a_config_without_a_policy_is_refused_by_name() -> None:
    game = game_class("rococo").new({"players": 3}, 0)
    with pytest.raises(ConfigError, match=r"no policy trained for this rococo config; "
                                          r"trained: necklace \(2 players\), rococo \(2 players\)"):
        ppo.policy_for(game)
    with pytest.raises(ConfigError, match="no policy trained"):
        make_bot("ppo").check_game(game)


def test_weights_of_another_layout_or_format_are_refused(tmp_path: Path) -> None:
    game = game_class("necklace").new({"players": 2}, 0)
    policy = ppo.policy_for(game)
    moved = dataclasses.replace(policy, encoding="0" * 16)
    with pytest.raises(ConfigError, match="train it again"):
        check(moved, game, "a test's policy")
    with np.load(ppo.shipped()[0], allow_pickle=False) as data:
        arrays = {k: data[k] for k in data.files}
    arrays["meta"] = np.array(str(arrays["meta"]).replace('"format": 1', '"format": 99'))
    np.savez(tmp_path / "other.npz", **arrays)
    with pytest.raises(DataError, match="format 99"):
        ppo.read(tmp_path / "other.npz")
    (tmp_path / "junk.npz").write_bytes(b"not an archive")
    with pytest.raises(DataError, match="not an exported salon policy"):
        ppo.read(tmp_path / "junk.npz")
