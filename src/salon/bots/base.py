"""Bots play any registered game through the protocol alone.

A bot is asked to choose one of the legal actions of the current decision.  Game-specific
knowledge enters only through evaluation hooks that a game registers (see heuristic.py).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable

from salon.core.errors import ConfigError
from salon.core.game import Game
from salon.core.rng import Rng, derive_seed


class Bot(ABC):
    name: str = ""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(derive_seed(seed, 0xB07))

    @abstractmethod
    def choose(self, game: Game) -> str:
        """One of ``game.legal_actions()`` for ``game.current_player()``."""


class RandomBot(Bot):
    """Uniformly random legal actions: the baseline every other bot must beat."""

    name = "random"

    def choose(self, game: Game) -> str:
        return self.rng.choice(game.legal_actions())


_BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot}


def register_bot(name: str, factory: Callable[[int], Bot]) -> None:
    _BOTS[name] = factory


def bot_names() -> list[str]:
    import salon.bots.heuristic  # noqa: F401  (registers itself)

    return sorted(_BOTS)


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` for the game of ``game_seed``: every run with the same
    seed replays the same bot choices, whichever front end (terminal, web, simulate) runs it."""
    return game_seed * 8 + seat


def make_bot(name: str, seed: int = 0) -> Bot:
    names = bot_names()
    if name not in _BOTS:
        raise ConfigError(f"unknown bot {name!r}; available: {', '.join(names)}")
    return _BOTS[name](seed)
