"""Bots play any registered game through the protocol alone.

A bot is asked to choose one of the legal actions of the current decision.  Game-specific
knowledge enters only through evaluation hooks that a game registers (see heuristic.py).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable

from salon.core.errors import ConfigError
from salon.core.game import Game, derive_secret_seed, is_secret_seed, secret_key
from salon.core.rng import KeyedRng, Rng, derive_seed


class Bot(ABC):
    name: str = ""

    def __init__(self, seed: int = 0) -> None:
        """A secret seed (:func:`bot_seed` of a secret game seed) gives the keyed generator, so
        that nobody can foresee a bot's choices from those it has made, as they could
        SplitMix64's after working out its 64-bit state."""
        self.rng: Rng | KeyedRng = (KeyedRng(secret_key(seed)) if is_secret_seed(seed)
                                    else Rng(derive_seed(seed, 0xB07)))

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
    seed replays the same bot choices, whichever front end (terminal, web, simulate) runs it.
    A secret game seed gives a secret bot seed drawn through the keyed hash, unrelated to the
    game's seed and to the other seats' for whoever lacks the game's seed (a linear formula
    would let anyone who learnt one bot's seed compute the game's)."""
    if is_secret_seed(game_seed):
        return derive_secret_seed(game_seed, b"bot", seat)
    return game_seed * 8 + seat


def make_bot(name: str, seed: int = 0) -> Bot:
    names = bot_names()
    if name not in _BOTS:
        raise ConfigError(f"unknown bot {name!r}; available: {', '.join(names)}")
    return _BOTS[name](seed)
