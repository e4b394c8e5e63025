"""Bots play any registered game through the protocol alone.

A bot is asked to choose one of the legal actions of the current decision.  Game-specific
knowledge enters only through the evaluation a game declares (salon.core.evaluation).

A bot is named by its spec: a name of :data:`BOTS`, optionally with parameters of its factory,
``search:think=3`` or ``heuristic:width=3:budget=2000``; the players' levels are names of
their own (:data:`LEVELS`).  A bot that lives elsewhere, in a layer above the bots or a package
of its own, is registered from there under the entry-point group :data:`GROUP`.
"""

from __future__ import annotations

import inspect
import math
from abc import abstractmethod
from collections.abc import Callable
from typing import ClassVar

from mypy_extensions import mypyc_attr

from salon.core.errors import ConfigError
from salon.core.game import Game, derive_secret_seed, is_secret_seed, secret_key
from salon.core.plugins import load, registry
from salon.core.rng import KeyedRng, Rng, derive_seed


@mypyc_attr(allow_interpreted_subclasses=True)  # plug-in bots extend it
class Bot:
    """A player of any registered game.  A server sends a bot to a worker process and back
    with each of its moves (salon.web.jobs), so a bot pickles, before and after it has played:
    what it keeps only to spare work (weights read, tables built for a config) stays out of its
    pickle, to be rebuilt where it lands on first use."""

    name: str = ""
    instant: ClassVar[bool] = False
    """Whether a choice costs next to nothing (less than copying the game to another process,
    which a server does for every other bot)."""

    def __init__(self, seed: int = 0) -> None:
        """A secret seed (:func:`bot_seed` of a secret game seed) gives the keyed generator, so
        that nobody can foresee a bot's choices from those it has made, as they could
        SplitMix64's after working out its 64-bit state."""
        self.rng: Rng | KeyedRng = (KeyedRng(secret_key(seed)) if is_secret_seed(seed)
                                    else Rng(derive_seed(seed, 0xB07)))

    def __reduce__(self) -> tuple[type[Bot], tuple[()], dict[str, object]]:
        """Pickled through its constructor (salon/compiled.py) with all its attributes: the
        compiled class's own state leaves out those an interpreted subclass (a plug-in's bot,
        the rl extra's) keeps in its ``__dict__``, which would come back without them."""
        state = self.__getstate__()
        return type(self), (), {**(state if isinstance(state, dict) else {}), **getattr(self, "__dict__", {})}

    @property
    def cost(self) -> float:
        """The seconds of CPU one decision is expected to take: a server schedules the bot's
        moves by it among its worker processes (a long job leaves a worker to the quick ones:
        salon.web.compute) and stops a move that runs past it by more than a grace.  0 for an
        instant bot; every other bot of :data:`BOTS` declares its own."""
        return 0.0

    @abstractmethod
    def choose(self, game: Game) -> str:
        """One of ``game.legal_actions()`` for ``game.current_player()``."""

    def check_game(self, game: Game) -> None:
        """Refuse (ConfigError) a game this bot cannot play, before its first decision: most
        bots play any game, a bot made of trained weights only the configs it was trained on."""
        return None


class RandomBot(Bot):
    """Uniformly random legal actions: the baseline every other bot must beat."""

    name = "random"
    instant = True

    def choose(self, game: Game) -> str:
        return self.rng.choice(game.legal_actions())


BUILT_IN = {
    "random": "salon.bots.base:RandomBot",
    "heuristic": "salon.bots.heuristic:HeuristicBot",
    "search": "salon.bots.search:SearchBot",
    "easy": "salon.bots.levels:EasyBot",
    "normal": "salon.bots.heuristic:HeuristicBot",
    "hard": "salon.bots.levels:hard",
    "expert": "salon.bots.levels:expert",
    "learned": "salon.bots.learned:LearnedBot",
    "search-v1": "salon.bots.levels:search_v1",
    "ppo": "salon.bots.ppo:PpoBot",
}
"""The bots of this package by name: the ``"module:attribute"`` of each one's factory."""

GROUP = "salon.bots"
"""The entry-point group of the bots beyond :data:`BUILT_IN`: ``name = "module:attribute"``
of a factory, followed by ``[extra]`` where the bot needs an extra of its distribution
(``ismcts = "salon.rl.ismcts_bot:ISMCTSPlayer [rl]"``, in salon's ``pyproject.toml``)."""

BOTS = {**{name: f"{entry.module}:{entry.attr}" for name, entry in registry(GROUP).items()}, **BUILT_IN}
"""Every bot by name (a registered one gives way to a built-in one of its name): the
``"module:attribute"`` of its factory, imported when first used; ``factory(seed, **parameters)``
makes the bot, and its keyword parameters are the ones a spec may set."""

BOT_EXTRAS = {name: ",".join(entry.extras) for name, entry in registry(GROUP).items() if entry.extras}
"""The extras of salon each registered bot needs beyond salon itself (its entry point's
``[extra]``), named when its modules are missing."""

LEVELS = ("easy", "normal", "hard", "expert")
"""The players' levels, weakest first: the bots the lobby offers, besides the random one."""


def bot_names() -> list[str]:
    return sorted(BOTS)


def _parameters(factory: Callable[..., Bot]) -> dict[str, inspect.Parameter]:
    return {k: v for k, v in inspect.signature(factory).parameters.items() if k != "seed"}


def _parse(spec: str) -> tuple[Callable[..., Bot], dict[str, int | float]]:
    """A spec's factory and parameters; ConfigError names what is wrong."""
    names = bot_names()
    name, *given = spec.split(":")
    if name not in BOTS:
        raise ConfigError(f"unknown bot {name!r}; available: {', '.join(names)}", "error.unknown_bot",
                          {"name": name, "known": ", ".join(names)})
    try:
        factory: Callable[..., Bot] = load(BOTS[name])
    except ModuleNotFoundError as e:
        if name not in BOT_EXTRAS:
            raise
        extra = BOT_EXTRAS[name]
        install = f"pip install 'salon[{extra}]'"
        raise ConfigError(f"bot {name!r} needs {e.name}, which comes with salon's {extra} extra: {install}",
                          "error.bot_extra", {"name": name, "module": str(e.name), "extra": extra,
                                              "install": install}) from None
    known = _parameters(factory)
    params: dict[str, int | float] = {}
    for item in given:
        key, sep, value = item.partition("=")
        if key in known and not sep:
            raise ConfigError(f"bot {spec!r}: give {key}=VALUE", "error.bot_value", {"spec": spec, "param": key})
        if key not in known:
            shown = ", ".join(known) or "none"
            raise ConfigError(f"bot {spec!r}: {item!r} is not a parameter of {name!r} (key=value; it takes: {shown})",
                              "error.bot_param", {"spec": spec, "param": item, "known": shown})
        try:
            number = float(value) if isinstance(known[key].default, float) else int(value)
            if not math.isfinite(number):  # nan or inf: no think time or budget is endless
                raise ValueError(value)
        except ValueError:
            raise ConfigError(f"bot {spec!r}: {key} takes a number, not {value!r}", "error.bot_number",
                              {"spec": spec, "param": key, "value": value}) from None
        params[key] = number
    return factory, params


def bot_parameters(spec: str) -> tuple[str, dict[str, int | float]]:
    """A spec's bot name and the parameters it sets (ConfigError as :func:`check_bot`)."""
    _, params = _parse(spec)
    return spec.split(":", 1)[0], params


def check_bot(spec: str, game: Game | None = None) -> None:
    """Refuse a spec that names no bot or gives it parameters it has not (ConfigError); with
    ``game``, also a bot that cannot play that game's config (:meth:`Bot.check_game`)."""
    factory, params = _parse(spec)
    try:
        bot = factory(0, **params)
    except ValueError as e:
        raise ConfigError(f"bot {spec!r}: {e}") from None
    if game is not None:
        bot.check_game(game)


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` for the game of ``game_seed``: every run with the same
    seed replays the same bot choices, whichever front end (terminal, web, simulate) runs it.
    A secret game seed gives a secret bot seed drawn through the keyed hash, unrelated to the
    game's seed and to the other seats' for whoever lacks the game's seed (a linear formula
    would let anyone who learnt one bot's seed compute the game's)."""
    if is_secret_seed(game_seed):
        return derive_secret_seed(game_seed, b"bot", seat)
    return game_seed * 8 + seat


def make_bot(spec: str, seed: int = 0) -> Bot:
    """The bot of ``spec`` (a name, optionally with parameters) seeded with ``seed``."""
    factory, params = _parse(spec)
    try:
        return factory(seed, **params)
    except ValueError as e:
        raise ConfigError(f"bot {spec!r}: {e}") from None
