"""The protocol plumbing every step-machine game shares (salon.core.steps).

A :class:`StepGame` holds a config, a seed, its state (with ``stack``, ``events``, ``rng``,
``n`` and ``over``) and the history of applied actions.  It answers whose decision it is,
caches the legal actions, applies one action atomically (legality checked first, so nothing
changes on an error), counts how many trailing actions may be undone, explains refusals, and
clones, snapshots and restores itself.  A game supplies its step registry, its state and
config classes and the few rule-specific answers (the action vocabulary, what reveals
information, the rule that ends the game).
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from mypy_extensions import mypyc_attr

from salon.core.errors import ConfigError, IllegalAction, MalformedAction, RecordError, Refusal
from salon.core.events import Event
from salon.core.game import Game
from salon.core.rng import BaseRng
from salon.core.steps import HasStack, Steps


class StepState(HasStack, Protocol):
    """What the engine needs of a game's state: its step stack, the events of the action being
    applied, its generator, its number of seats, whether the game is over, a clone and a JSON
    form."""

    events: list[Event]
    rng: BaseRng
    n: int
    over: bool

    def clone(self) -> Self: ...

    def to_json(self) -> dict[str, Any]: ...


S = TypeVar("S", bound=StepState)
C = TypeVar("C")
G = TypeVar("G", bound="Game")


@mypyc_attr(allow_interpreted_subclasses=True)  # plug-in games extend it
class StepGame(Game, Generic[S, C]):
    """The engine of a game whose state class is ``S`` and whose config class is ``C``."""

    steps: Steps[S]
    """The game's step registry (one per game class, shared by its instances)."""
    revealing: ClassVar[frozenset[str]] = frozenset()
    """Event types that show something hidden (no undo past them)."""
    irreversible: ClassVar[frozenset[str]] = frozenset()
    """Decision kinds whose taking reveals something to the decider (no undo past them)."""
    game_over_rule: ClassVar[str]
    action_hint: ClassVar[str]
    """Examples of this game's action texts, for the message on malformed input."""

    __slots__ = ("config", "seed", "history", "s", "_legal", "_undo", "_setup")

    config: C
    s: S

    def __init__(self, config: C, seed: int, state: S, history: list[str]) -> None:
        self.config = config
        self.seed = seed
        self.s = state
        self.history = history
        self._legal: tuple[str, ...] | None = None
        self._undo = 0
        self._setup: tuple[Event, ...] = tuple(state.events) if not history else ()

    def __reduce__(self) -> tuple[Callable[[type[Self], dict[str, Any]], Self], tuple[type[Self], dict[str, Any]]]:
        """Pickled as its snapshot (a game sent to a worker process): the state without the
        component tables and step registry it shares with every game of its config, and
        through the game's constructor, which a compiled class needs (salon/compiled.py)."""
        return _from_snapshot, (type(self), self.to_snapshot())

    # --- what each game supplies

    @abstractmethod
    def is_action_text(self, action: str) -> bool:
        """Whether ``action`` is an action of this game at all (its vocabulary)."""

    def reveals(self, events: list[Event]) -> bool:
        return any(e.type in self.revealing for e in events)

    @staticmethod
    @abstractmethod
    def check_state(state: S) -> list[str]:
        """The game's invariants of one state (:meth:`violations`)."""

    @staticmethod
    @abstractmethod
    def check_change(before: S, after: S, events: list[Event]) -> list[str]:
        """The game's invariants of a change between two states and the events it emitted."""

    @classmethod
    @abstractmethod
    def restore_state(cls, config: C, state: dict[str, Any]) -> S:
        """The game's state object from its JSON form."""

    # --- the protocol

    def setup_events(self) -> list[Event]:
        return list(self._setup)

    def violations(self, before: Self | None = None, events: Sequence[Event] = ()) -> list[str]:
        found = self.check_state(self.s)
        if before is not None:
            found += self.check_change(before.s, self.s, list(events))
        return found

    @property
    def num_players(self) -> int:
        return self.s.n

    def current_player(self) -> int | None:
        stack = self.s.stack
        return stack[-1][1] if stack else None

    def legal_actions(self) -> list[str]:
        """A fresh list each call: a caller may change it (pop the actions it has tried, say)
        without touching what the game accepts."""
        return list(self._legal_now())

    def _legal_now(self) -> tuple[str, ...]:
        """The legal actions, computed once per position and kept immutable (a clone shares
        them)."""
        legal = self._legal
        if legal is None:
            stack = self.s.stack
            legal = self._legal = tuple(self.steps.decisions[stack[-1][0]][0](self.s, stack[-1])) if stack else ()
        return legal

    def apply(self, action: object) -> list[Event]:
        """Takes any object: what a user or a file gave is refused in words, never with the
        TypeError of a typed argument (salon/compiled.py)."""
        if not isinstance(action, str) or action not in self._legal_now():
            refused = self.refusal(action)
            err = MalformedAction if refused.rule == "PROTOCOL" else IllegalAction
            raise err(action, refused.rule, refused.reason, refused)
        s = self.s
        events: list[Event] = []
        s.events = events
        rng = s.rng.state
        frame = s.stack.pop()
        self.steps.decisions[frame[0]][1](s, frame, action)
        self.steps.advance(s)
        self._legal = None
        self.history.append(action)
        stack = s.stack
        reversible = (
            rng == s.rng.state and frame[0] not in self.irreversible and stack and stack[-1][1] == frame[1]
            and not self.reveals(events)
        )
        self._undo = self._undo + 1 if reversible else 0
        return events

    def undoable(self) -> int:
        """How many of the last actions may be taken back (Board Game Arena's policy): all by
        the seat still deciding, within its turn, with no random draw and nothing hidden
        revealed since.  A caller undoes by replaying the history without them."""
        return self._undo

    def explain_illegal(self, action: object) -> tuple[str, str]:
        """Why ``action`` is refused: ``PROTOCOL`` for text that is no action of this game,
        otherwise the rule it breaks now (:meth:`refusal`'s rule and English reason)."""
        refused = self.refusal(action)
        return refused.rule, refused.reason

    def refusal(self, action: object) -> Refusal:
        """Why ``action`` is refused, with a reason key and its fields: the engine's own
        reasons (``not_an_action``, ``game_over``, ``legal_now``, ``wrong_step`` with the
        decision being taken), else the decision's explainer's."""
        if not isinstance(action, str) or not self.is_action_text(action):
            return Refusal("PROTOCOL", f"not an action of this game (actions look like {self.action_hint})",
                           "not_an_action")
        if self.s.over:
            return Refusal(self.game_over_rule, "the game is over", "game_over")
        if action in self._legal_now():
            return Refusal("PROTOCOL", "the action is legal now", "legal_now")
        frame = self.s.stack[-1]
        families, rule = self.steps.families[frame[0]]
        if action.split(":", 1)[0] not in families:
            shown = " or ".join(f"'{f}…'" for f in families)
            return Refusal(rule, f"the decision now is {frame[0]!r} for seat {frame[1]}: expected {shown}",
                           "wrong_step", {"decision": frame[0], "seat": frame[1]})
        return self.steps.decisions[frame[0]][2](self.s, frame, action)

    def is_over(self) -> bool:
        return self.s.over

    def clone(self) -> Self:
        g = type(self)(self.config, self.seed, self.s.clone(), self.history[:])
        g._legal = self._legal
        g._undo = self._undo
        g._setup = self._setup
        return g

    def to_snapshot(self) -> dict[str, Any]:
        return {"config": self.config_json(), "seed": self.seed, "history": self.history,
                "state": self.s.to_json()}

    @classmethod
    def from_snapshot(cls, snapshot: dict[str, Any]) -> Self:
        try:
            cfg = cls.parse_config(cls.stored_config(snapshot["config"]))
            state = cls.restore_state(cfg, snapshot["state"])
            return cls(cfg, int(snapshot["seed"]), state, [str(a) for a in snapshot["history"]])
        except ConfigError as refused:  # one name a type: compiled code types the name by its first clause
            raise RecordError(f"the snapshot's config is invalid: {refused}", "record.config") from None
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
            raise RecordError(f"the snapshot is incomplete or malformed ({type(e).__name__}: {e})", "record.malformed",
                              {"where": "snapshot"}) from None


def _from_snapshot(cls: type[G], snapshot: dict[str, Any]) -> G:
    return cls.from_snapshot(snapshot)
