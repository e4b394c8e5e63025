"""The game protocol every consumer drives (docs/architecture.md principle 2).

A game is created from a config and a seed; it says whose decision it is, lists the legal
actions, applies one action atomically, shows itself from one seat, and reports the result.
Actions are strings in a stable text form (``play:E17``, ``main:tailor``, ``rent:h3s2``):
they print and parse round-trip, hash, and serve as log entries, URL parts and save-file
lines alike.  Each game is installed as a plug-in under its name (salon.core.plugins);
shared code never names a game, and no front end reads a game's state: what they need
besides the protocol, :meth:`Game.describe` tells.
"""

from __future__ import annotations

import hashlib
import json
import operator
import secrets
from abc import abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from mypy_extensions import mypyc_attr

from salon.core.errors import ConfigError, PositionError, Refusal
from salon.core.events import Event
from salon.core.plugins import load, plugin, plugins
from salon.core.rng import KEY_BYTES, BaseRng, KeyedRng, Rng, derive_seed


@dataclass(frozen=True)
class Result:
    """Final standing: ``scores[seat]``, ``ranking`` as groups of seats (best first, a group
    shares its place), the ``winners`` and the per-seat tie-break value that decided ties."""

    scores: tuple[int, ...]
    ranking: tuple[tuple[int, ...], ...]
    winners: tuple[int, ...]
    tie_break: tuple[int, ...]
    breakdown: tuple[dict[str, int], ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "ranking": [list(g) for g in self.ranking],
            "winners": list(self.winners),
            "tie_break": list(self.tie_break),
            "breakdown": [dict(b) for b in self.breakdown],
        }

    def margins(self) -> list[float]:
        """Every seat's score minus the best other score (an automated seat's too): the
        margin the learning environments reward and self-play records."""
        return [float(v - max((w for t, w in enumerate(self.scores) if t != s), default=0))
                for s, v in enumerate(self.scores)]

    def rank_values(self) -> list[float]:
        """Every seat's place as a value: +1 for the first down to -1 for the last, a shared
        place sharing the values of the places it spans."""
        n = len(self.scores)
        out = [0.0] * n
        place = 0
        for group in self.ranking:
            value = sum(1 - 2 * p / max(n - 1, 1) for p in range(place, place + len(group))) / len(group)
            for s in group:
                out[s] = value
            place += len(group)
        return out


@dataclass(frozen=True)
class Limits:
    """Bounds the rules put on every game of one config, derived from the rules' constants and
    the components' data (never measured): what tools that size buffers or scale returns ask
    of a game, such as OpenSpiel's maximum game length and utility bounds."""

    decisions: int
    """The most decisions one game can ask of its players, every seat together (an automated
    seat's moves are not decisions)."""
    scores: tuple[int, int]
    """The lowest and the highest final score any seat can end with."""


@dataclass(frozen=True)
class Description:
    """What a front end, a bot or a tool may know of a game with a config before and while
    playing it, without reading its state: the player counts its other options accept, its
    options (as the config's JSON schema properties), every action text it can ever offer in
    a fixed order (for fixed-size action encodings), and the seats the game plays by itself
    inside ``apply`` (an automaton such as Rococo's Madame du Barry: no one takes such a seat
    and no one waits for it), each with the name of its ``player.<name>`` text; the bounds
    the rules put on a game's length and scores (:class:`Limits`); and the schemas of what
    the game tells (:attr:`schema`)."""

    name: str
    players: tuple[int, ...]
    options: dict[str, dict[str, Any]]
    action_space: tuple[str, ...]
    automated_seats: dict[int, str]
    limits: Limits
    schema: dict[str, Any] = field(default_factory=dict)
    """JSON Schemas of the game's ``events`` (by type, as :meth:`Event.view` shows them; a
    property marked ``x-secret`` only the event's seat sees), ``decisions`` (by kind, as
    :meth:`Game.decision` gives them) and ``observation`` (as :meth:`Game.observe` gives it);
    empty for a game that publishes none."""


@mypyc_attr(allow_interpreted_subclasses=True)  # plug-in games and test doubles extend it
class Game:
    """One game in progress.  Subclasses implement the rules of one title; every consumer
    drives a game through these calls alone, whichever game it is::

        >>> from salon.core.game import game_class
        >>> game = game_class("necklace").new({"players": 3}, seed=7)
        >>> game.current_player(), game.decision()["kind"]
        (0, 'influence')
        >>> game.legal_actions()
        ['done']
        >>> [event.type for event in game.apply("done")]
        ['influence_end']
        >>> game.decision()
        {'seat': 0, 'kind': 'buy', 'ducats': 10, 'bought': 0}
        >>> game.is_over()
        False
    """

    name: ClassVar[str]
    shapes: ClassVar[str] = ""
    """The module that declares the game's ``Observation`` and ``Decision`` as TypedDicts, from
    which its published schema and the browser's types are written (tools/shapes.py); empty
    for a game that declares none."""

    seed: int
    config: Any
    history: list[str]

    @classmethod
    @abstractmethod
    def new(cls, config: Any = None, seed: int | None = 0) -> Self:
        """A new game from a config (a mapping or the game's config object) and a seed
        (:func:`game_seed`: None draws one; :attr:`seed` tells which).  The same config and
        seed make the same game::

            >>> rococo = game_class("rococo")
            >>> game = rococo.new({"players": 2}, seed=1)
            >>> game.seed, game.num_players, game.decision()
            (1, 2, {'seat': 0, 'kind': 'hand', 'picks_left': 3})
            >>> rococo.new({"players": 2}, seed=1).state_hash() == game.state_hash()
            True
        """

    @classmethod
    @abstractmethod
    def parse_config(cls, config: Any) -> Any:
        """Validate a config mapping; raise ConfigError with a clear message."""

    def config_json(self) -> dict[str, Any]:
        """This game's config as JSON-ready data that :meth:`parse_config` reads back (for
        records, snapshots and reports).  The default serves a pydantic config or a mapping."""
        dump = getattr(self.config, "model_dump", None)
        return dict(dump(mode="json")) if dump is not None else dict(self.config)

    @classmethod
    def stored_config(cls, config: Any) -> Any:
        """A config read back from storage (a record, a snapshot, a server's table), before
        :meth:`parse_config`: a game whose rules gained an option since stores every option it
        has, so it fills the ones a stored config lacks with the values that reproduce the
        games stored before them.  The default: the config as stored."""
        return config

    @classmethod
    @abstractmethod
    def describe(cls, config: Any = None) -> Description:
        """The description of a game with ``config`` (ConfigError if the game refuses it); its
        player counts are those the config's other options accept."""

    @property
    def description(self) -> Description:
        """The description of this game's config."""
        return self.describe(self.config)

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @abstractmethod
    def current_player(self) -> int | None:
        """The seat that must decide now, or None when the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[str]:
        """Every legal action of the current decision (empty only when the game is over), as
        texts, in an order fixed by the rules::

            >>> game = game_class("necklace").new({"players": 3}, seed=7)
            >>> events = game.apply("done")
            >>> game.legal_actions()
            ['buy:C022', 'buy:C063', 'buy:C087', 'buy:C075', 'buy:C041']
        """

    @abstractmethod
    def apply(self, action: str) -> list[Event]:
        """Apply one action for the current player, and return the events it caused.  Raises
        ActionError and changes nothing if the action is malformed or illegal; :meth:`refusal`
        tells why without raising::

            >>> game = game_class("necklace").new({"players": 3}, seed=7)
            >>> [(event.type, event.seat) for event in game.apply("done")]
            [('influence_end', 0)]
            >>> game.refusal("buy:C001").rule, game.refusal("buy:C001").reason
            ('QN-BUY-1', 'C001 is not on display in the market')
        """

    def violations(self, before: Self | None = None, events: Sequence[Event] = ()) -> list[str]:
        """What breaks the game's invariants now (components and money conserved, nothing
        out of range), and, given the game ``before`` the action that caused ``events``, in
        that change; empty when nothing does.  ``salon simulate`` asks it after every action.
        The default: a game that states no invariants breaks none."""
        return []

    def setup_events(self) -> list[Event]:
        """The events the setup emitted, as :meth:`apply` returns an action's (a log starts
        with them); a game rebuilt from a snapshot has none."""
        return []

    @abstractmethod
    def decision(self) -> Mapping[str, Any]:
        """What is being decided now: ``{"seat": s, "kind": ..., ...details}``, empty once the
        game is over.  A game types it as its ``Decision`` (:attr:`shapes`)."""

    @abstractmethod
    def observe(self, seat: int | None) -> Mapping[str, Any]:
        """The game as ``seat`` may know it (None: a spectator's public view), JSON-ready;
        ConfigError for a number that is no seat (:func:`check_seat`).  A game types it as its
        ``Observation`` (:attr:`shapes`).  A seat sees its own hand, not the others'::

            >>> game = game_class("necklace").new({"players": 3}, seed=7)
            >>> mine, theirs = game.observe(0)["players"][:2]
            >>> mine["hand"][0], "hand" in theirs, theirs["hand_count"]
            ({'id': 'C046', 'kind': 'gem', 'gem': 'amber', 'gems': 1}, False, 4)
            >>> game.observe(None)["viewer"] is None
            True
        """

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def result(self) -> Result: ...

    @abstractmethod
    def clone(self) -> Self: ...

    def determinize(self, seat: int, rng: BaseRng) -> Self | None:
        """A copy of this game that keeps everything ``seat`` knows and draws the rest anew
        with ``rng`` (the other seats' secrets, the order of decks and bags, the game's own
        generator), so that a search or a learner's sampled world never profits from
        hidden information: two games that ``seat`` cannot tell apart give the same copy for
        the same ``rng``.  The copy has a seed of its own and no history, which would tell
        what it hides.  None where the game provides none (the default): the bots then think
        on clones of the game itself.

            >>> from salon.core.rng import Rng
            >>> game = game_class("necklace").new({"players": 3}, seed=7)
            >>> world = game.determinize(0, Rng(1))
            >>> world.observe(0) == game.observe(0), world.history, world.seed == game.seed
            (True, [], False)
        """
        return None

    @abstractmethod
    def to_snapshot(self) -> dict[str, Any]:
        """The complete state as JSON-ready data (random generator included)."""

    @classmethod
    @abstractmethod
    def from_snapshot(cls, snapshot: dict[str, Any]) -> Self:
        """Rebuild a game from :meth:`to_snapshot` output; raise RecordError if invalid."""

    def to_position(self) -> dict[str, Any]:
        """The position now as human-editable JSON-ready data naming components by their
        printed ids (docs/positions.md), for tests, puzzles, tutorials and bug reports.  Unlike
        a snapshot it holds no history: a game loaded from it starts there.  The default: a
        game without a position format says so::

            >>> game = game_class("necklace").new({"players": 3}, seed=7)
            >>> position = game.to_position()
            >>> position["turn"]
            {'seat': 0, 'number': 1, 'phase': 'influence', 'ducats': 10, 'bought': 0, 'held': []}
            >>> position["hands"][0][:3]
            ['C046', 'C044', 'C053']
        """
        raise PositionError(f"{self.name} has no position format")

    @classmethod
    def from_position(cls, data: object) -> Self:
        """A game from a position (:meth:`to_position`'s output or one written by hand, with
        hidden parts left out); raise PositionError, saying which constraint the position
        breaks, if it is malformed or impossible::

            >>> necklace = game_class("necklace")
            >>> position = necklace.new({"players": 3}, seed=7).to_position()
            >>> position["scores"] = [12, 0, 3]
            >>> necklace.from_position(position).observe(None)["players"][0]["score"]
            12
            >>> position["hands"][1].append("C046")
            >>> necklace.from_position(position)
            Traceback (most recent call last):
            salon.core.errors.PositionError: card C046 is both in seat 0's hand and in seat 1's hand
        """
        raise PositionError(f"{cls.name} has no position format")

    @abstractmethod
    def undoable(self) -> int:
        """How many of the latest actions the deciding seat may take back now (0: none).
        Undo = replay the history without them (the game is its seed and actions)."""

    @abstractmethod
    def explain_illegal(self, action: str) -> tuple[str, str]:
        """(rule id, reason) for an action that is not legal now."""

    def refusal(self, action: str) -> Refusal:
        """Why ``action`` is not legal now, with the reason's key and fields for a front end to
        word (:class:`Refusal`).  The default, for a game that only explains in English: the
        rule and reason of :meth:`explain_illegal`, without a key."""
        rule, reason = self.explain_illegal(action)
        return Refusal(rule, reason)

    def state_hash(self) -> str:
        """A hash of the complete state: equal hashes mean identical games."""
        return snapshot_hash(self.to_snapshot())


def snapshot_hash(snapshot: dict[str, Any]) -> str:
    """The hash of a snapshot (:meth:`Game.state_hash`)."""
    blob = json.dumps(snapshot, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()


SEEDS = 2**64
"""Fast seeds run from 0 to ``SEEDS - 1``: SplitMix64's state size, so that no two seeds give
the same game.  Anyone who sees a fast-seeded game's setup can work out its seed, and with it
every draw to come: they are for local play, simulations and benchmarks."""

SECRET_SEEDS = range(2**128, 2**256)
"""Secret seeds: a seed in this range is the 32-byte key (big-endian) of a :class:`KeyedRng`,
whose draws cannot be foreseen from the game's public setup, for games other people watch.
The range starts far above the fast seeds, so a seed alone says which generator it picks."""


def game_seed(seed: Any) -> int:
    """The seed of a new game: an integer (a numpy integer too) from 0 to ``SEEDS - 1`` or a
    secret seed (:data:`SECRET_SEEDS`); None draws a fast one at random (the game keeps it, so
    the game can still be replayed)."""
    if seed is None:
        return secrets.randbelow(SEEDS)
    try:
        value = -1 if isinstance(seed, bool) else operator.index(seed)
    except TypeError:
        value = -1
    if not (0 <= value < SEEDS or value in SECRET_SEEDS):
        raise ConfigError(f"seed {seed!r}: give an integer from 0 to 2**64 - 1, a secret seed from 2**128 "
                          "to 2**256 - 1, or None for a random seed", "error.seed", {"seed": str(seed)})
    return value


def is_secret_seed(seed: int) -> bool:
    """Whether ``seed`` picks the keyed generator (:data:`SECRET_SEEDS`)."""
    return seed in SECRET_SEEDS


def secret_seed() -> int:
    """A new secret seed with 128 random bits, far too many to search for; a server seeds every
    game with one so that no watcher can foresee its draws."""
    return SECRET_SEEDS.start + secrets.randbits(128)


def secret_key(seed: int) -> bytes:
    """The keyed generator's key of a secret seed: its 32 bytes, big-endian."""
    return seed.to_bytes(KEY_BYTES, "big")


def derive_secret_seed(seed: int, label: bytes, index: int) -> int:
    """A secret seed for a purpose (``label``, ``index``) drawn from the secret seed ``seed``
    through keyed BLAKE2b: unrelated to ``seed`` and to every other purpose's seed for whoever
    lacks ``seed``.  Its message (longer than 8 bytes) and digest size (16) both differ from
    those of the keyed generator's blocks under the same key, so that the game's draws and the
    derived seeds tell nothing of each other."""
    message = label + b":" + index.to_bytes(8, "big")
    digest = hashlib.blake2b(message, key=secret_key(seed), digest_size=16).digest()
    return SECRET_SEEDS.start + int.from_bytes(digest, "big")


def make_rng(seed: int) -> Rng | KeyedRng:
    """The generator a game of ``seed`` (from :func:`game_seed`) starts with: a keyed one for a
    secret seed, otherwise SplitMix64 exactly as every game had before secret seeds existed,
    so stored games replay unchanged."""
    if is_secret_seed(seed):
        return KeyedRng(secret_key(seed))
    return Rng(derive_seed(seed))


def check_seat(game: Game, seat: Any) -> int | None:
    """``seat`` as a seat of ``game`` to observe from (None: a spectator); a number that is no
    seat is refused, so that a mistaken seat never yields a spectator's view unnoticed."""
    if seat is None:
        return None
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.num_players:
        raise ConfigError(f"seat {seat!r}: the seats of this game are 0 to {game.num_players - 1} "
                          "(None for a spectator)")
    return seat


def game_class(name: str) -> type[Game]:
    """The engine of the installed game ``name`` (salon.core.plugins)."""
    found = plugin(name)
    if found is None:
        known = ", ".join(game_names()) or "none (is the package installed?)"
        raise ConfigError(f"unknown game {name!r}; available: {known}", "error.unknown_game",
                          {"name": name, "known": known})
    engine: type[Game] = load(found.engine)
    return engine


def game_names() -> list[str]:
    """The names of every installed game."""
    return sorted(plugins())
