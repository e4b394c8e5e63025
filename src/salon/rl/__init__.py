"""Learning environments for every installed game that declares an observation encoding
(``pip install 'salon[rl]'``): a PettingZoo AEC environment (:func:`env`), a Gymnasium
environment that seats the learner against bots (:func:`gym_env`) and an OpenSpiel
registration (:mod:`salon.rl.openspiel`).

Importing this package registers each game's Gymnasium environment, as Gymnasium's own
environments are: ``gymnasium.make("salon/Rococo-v0", players=3)`` (the keyword arguments of
:func:`gym_env`), ``gymnasium.make_vec("salon/Necklace-v0", num_envs=8)``; or, without the
import, ``gymnasium.make("salon.rl:salon/Rococo-v0")``.

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

import gymnasium

from salon.core.game import game_names
from salon.core.plugins import plugin
from salon.rl.table import REWARDS, ActionTable, Spec, game_config, layout_table, spec

__all__ = ["REWARDS", "ActionTable", "Spec", "env", "gym_env", "gym_id", "layout_table", "spec"]


def env(game: str, players: int | None = None, expansions: Sequence[str] | str | None = None,
        reward: str = "margin", render_mode: str | None = None, illegal: str = "raise", **options: Any) -> Any:
    """The PettingZoo AEC environment of ``game`` with ``players``, ``expansions`` and any
    other config option of the game (``solo=True``, ``edition="2013"`` ...); ``illegal``: what
    an illegal action does (``"raise"``, or ``"lose"``: the game ends with -1 for its agent)."""
    from salon.rl.aec import SalonAECEnv

    return SalonAECEnv(game, game_config(players, expansions, **options), reward, render_mode, illegal)


def gym_env(game: str, opponents: Sequence[str] = ("random",), players: int | None = None,
            expansions: Sequence[str] | str | None = None, reward: str = "margin", seat: int | None = 0,
            render_mode: str | None = None, illegal: str = "penalize", max_steps: int | None = None,
            **options: Any) -> Any:
    """The Gymnasium environment of ``game`` where the learner plays ``seat`` (None: a seat
    drawn at each reset) against ``opponents`` (bot specs, one per other seat, or one for
    all); ``players`` defaults to the learner and its opponents; ``illegal`` (``"penalize"``,
    ``"lose"`` or ``"raise"``) and ``max_steps`` as :mod:`salon.rl.single` says."""
    from salon.rl.single import MAX_STEPS, SalonGymEnv

    if players is None and not options.get("solo"):
        players = 1 + len(opponents)
    return SalonGymEnv(game, game_config(players, expansions, **options), list(opponents), reward, seat,
                       render_mode, illegal, MAX_STEPS if max_steps is None else max_steps)


def gym_id(game: str) -> str:
    """The Gymnasium id of ``game``'s environment: ``salon/Rococo-v0``."""
    return f"salon/{game.title().replace('_', '')}-v0"


def _register() -> None:
    for game in game_names():
        found = plugin(game)
        if found is not None and found.encoding is not None and gym_id(game) not in gymnasium.registry:
            gymnasium.register(gym_id(game), entry_point="salon.rl:gym_env", kwargs={"game": game})


_register()
