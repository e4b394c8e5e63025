"""Bots play any registered game through the protocol alone.

A bot is asked to choose one of the legal actions of the current decision.  Game-specific
knowledge enters only through the evaluation a game declares (salon.core.evaluation).

A bot is named by its spec: a name of :data:`BOTS`, optionally with parameters of its factory,
``search:think=3`` or ``heuristic:width=3:budget=2000``; the players' levels are names of
their own (:data:`LEVELS`).  A spec is read once, where it comes in, into a :class:`BotSpec`,
which makes the bot.  A bot that lives elsewhere, in a layer above the bots or a package
of its own, is registered from there under the entry-point group :data:`GROUP`.
"""

from __future__ import annotations

import inspect
import math
from abc import abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
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


def _factory(name: str) -> Callable[..., Bot]:
    """The factory of the bot ``name``; ConfigError for a name of no bot, or one whose extra
    is not installed."""
    if name not in BOTS:
        names = bot_names()
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
    return factory


def _number(text: str, name: str, known: dict[str, inspect.Parameter], item: str) -> tuple[str, int | float]:
    """One ``key=value`` of the spec ``text`` of the bot ``name`` as the factory's keyword and
    its number (a float where the factory's default is one); ConfigError names what is wrong."""
    key, sep, value = item.partition("=")
    if key in known and not sep:
        raise ConfigError(f"bot {text!r}: give {key}=VALUE", "error.bot_value", {"spec": text, "param": key})
    if key not in known:
        shown = ", ".join(known) or "none"
        raise ConfigError(f"bot {text!r}: {item!r} is not a parameter of {name!r} (key=value; it takes: {shown})",
                          "error.bot_param", {"spec": text, "param": item, "known": shown})
    try:
        number = float(value) if isinstance(known[key].default, float) else int(value)
        if not math.isfinite(number):  # nan or inf: no think time or budget is endless
            raise ValueError(value)
    except ValueError:
        raise ConfigError(f"bot {text!r}: {key} takes a number, not {value!r}", "error.bot_number",
                          {"spec": text, "param": key, "value": value}) from None
    return key, number


@dataclass(frozen=True)
class BotSpec:
    """A bot as its spec names it, read once where the text comes in (a command's option, a
    request's body, a stored seat, a learning environment's argument), so that everything
    below it takes a checked, typed value and nothing parses the text again: the bot's
    ``name`` (a name of :data:`BOTS`), the ``params`` its spec sets as the factory's keywords
    with their numbers (the last one given of a keyword counts), and the ``text`` it was read
    from, which ``str()`` gives back for what is stored or printed (records, reports, a
    server's seats).  Tables and jobs carry it to worker processes, so it pickles."""

    name: str
    params: tuple[tuple[str, int | float], ...]
    text: str

    @staticmethod
    def parse(text: str) -> BotSpec:
        """The spec ``text`` (``search:think=3``); ConfigError for a name of no bot, a bot whose
        extra is missing, a parameter the bot has not, a value that is no number, or one its
        factory refuses (``search:think=-1``)."""
        name, *given = text.split(":")
        known = _parameters(_factory(name))
        spec = BotSpec(name, tuple(dict(_number(text, name, known, item) for item in given).items()), text)
        spec.make()  # the factory's own checks of the values
        return spec

    def __str__(self) -> str:
        return self.text

    def __reduce__(self) -> tuple[type[BotSpec], tuple[str, tuple[tuple[str, int | float], ...], str]]:
        """Pickled through its constructor, which a compiled class needs (salon/compiled.py)."""
        return BotSpec, (self.name, self.params, self.text)

    def make(self, seed: int = 0) -> Bot:
        """The bot, seeded with ``seed`` (a seat's is :func:`bot_seed`)."""
        try:
            return _factory(self.name)(seed, **dict(self.params))
        except ValueError as e:
            raise ConfigError(f"bot {self.text!r}: {e}") from None

    def check(self, game: Game) -> None:
        """Refuse (ConfigError) a bot that cannot play ``game``'s config (:meth:`Bot.check_game`)."""
        self.make().check_game(game)


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` for the game of ``game_seed``: every run with the same
    seed replays the same bot choices, whichever front end (terminal, web, simulate) runs it.
    A secret game seed gives a secret bot seed drawn through the keyed hash, unrelated to the
    game's seed and to the other seats' for whoever lacks the game's seed (a linear formula
    would let anyone who learnt one bot's seed compute the game's)."""
    if is_secret_seed(game_seed):
        return derive_secret_seed(game_seed, b"bot", seat)
    return game_seed * 8 + seat


def make_bot(text: str, seed: int = 0) -> Bot:
    """The bot of the spec ``text`` seeded with ``seed``: one line for scripts and tests, which
    read a spec and make its bot at once."""
    return BotSpec.parse(text).make(seed)
