"""The score a Rococo seat is shown during the game: the engine's final scoring on a copy, from
what that seat may know only."""

from __future__ import annotations

import random

from salon.core.rng import Rng
from salon.rococo.game import Rococo
from salon.rococo.rules.registry import STEPS
from salon.rococo.rules.scoring import best_terrace
from salon.web.adapters import adapter


def _played(config: dict[str, object] | None, seed: int, actions: int) -> Rococo:
    g = Rococo.new(config, seed)
    rng = random.Random(seed)
    for _ in range(actions):
        g.apply(rng.choice(g.legal_actions()))
    return g


def _ended_now(g: Rococo) -> tuple[int, ...]:
    """The scores of ``g`` ended now through the engine's own moves: the final scoring with the
    best terrace moves and every thread-and-lace set."""
    end = g.clone()
    end.s.stack = [("final",)]
    STEPS.advance(end.s)
    while not end.is_over():
        seat = end.current_player()
        assert seat is not None
        legal = end.legal_actions()
        best = best_terrace(end.s, seat) if legal[-1] == "done" else []
        end.apply(best[0] if best else legal[-1])
    return end.result().scores


def test_the_figure_is_the_final_scoring_of_the_position_now() -> None:
    g = _played({"players": 3}, 5, 150)
    assert g.s.phase == "actions" and g.s.round >= 3
    ended = _ended_now(g)
    for seat in range(3):
        mine = g.projection(seat)[seat]
        assert mine == ended[seat]
        assert mine is not None and mine > g.s.players[seat].vp  # most points come at the end
    observed = adapter("rococo").observe(g, 1)
    assert observed["projection"] == g.projection(1)


def test_the_figure_tells_nothing_of_the_other_seats_secrets() -> None:
    g = _played({"players": 3}, 6, 210)
    own = [g.projection(seat)[seat] for seat in range(3)]
    assert g.projection(None) != own  # a crown card in a hand or supply: only its owner counts it
    for viewer in (None, 0, 1, 2):
        shown = g.projection(viewer)
        for k in range(4):  # the other seats' hands and supplies drawn anew: the same figures
            other = g.determinize(0 if viewer is None else viewer, Rng(k))
            if viewer is None:
                assert other.projection(None) == shown
            else:
                assert other.projection(viewer) == shown


def test_the_2013_edition_hides_the_other_seats_figures_until_the_end() -> None:
    g = _played({"edition": "2013"}, 3, 120)
    assert g.projection(0)[0] is not None and g.projection(0)[1] is None
    assert g.projection(None) == [None, None]
    while not g.is_over():
        g.apply(g.legal_actions()[0])
    assert g.projection(None) == list(g.result().scores)
