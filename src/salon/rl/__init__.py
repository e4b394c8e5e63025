"""Learning environments for every installed game that declares an observation encoding
(``pip install 'salon[rl]'``): a PettingZoo AEC environment (:func:`env`), a Gymnasium
environment that seats the learner against bots (:func:`gym_env`) and an OpenSpiel
registration (:mod:`salon.rl.openspiel`).

Each environment acts by indices of the game's fixed action table (``Description.action_space``:
index and text both ways, :class:`~salon.rl.table.ActionTable`) and observes
``{"observation": vector, "action_mask": mask}``; the vector's layout is declared by the game
(its ``encoding`` plug-in part, documented in its module, printed by :func:`layout_table`).
``env(...).version`` hashes both tables, so that a trained policy can refuse an environment
whose indices or vector it was not trained on.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from salon.rl.table import REWARDS, ActionTable, Spec, game_config, layout_table, spec

__all__ = ["REWARDS", "ActionTable", "Spec", "env", "gym_env", "layout_table", "spec"]


def env(game: str, players: int | None = None, expansions: Sequence[str] | str | None = None,
        reward: str = "margin", render_mode: str | None = None, **options: Any) -> Any:
    """The PettingZoo AEC environment of ``game`` with ``players``, ``expansions`` and any
    other config option of the game (``solo=True``, ``edition="2013"`` ...)."""
    from salon.rl.aec import SalonAECEnv

    return SalonAECEnv(game, game_config(players, expansions, **options), reward, render_mode)


def gym_env(game: str, opponents: Sequence[str] = ("random",), players: int | None = None,
            expansions: Sequence[str] | str | None = None, reward: str = "margin", seat: int | None = 0,
            render_mode: str | None = None, **options: Any) -> Any:
    """The Gymnasium environment of ``game`` where the learner plays ``seat`` (None: a seat
    drawn at each reset) against ``opponents`` (bot specs, one per other seat, or one for
    all); ``players`` defaults to the learner and its opponents."""
    from salon.rl.single import SalonGymEnv

    if players is None and not options.get("solo"):
        players = 1 + len(opponents)
    return SalonGymEnv(game, game_config(players, expansions, **options), list(opponents), reward, seat,
                       render_mode)
