"""The Queen's Necklace behind the salon protocol: ``Necklace.new(config, seed)`` and the calls
of :class:`salon.core.game.Game`.

Decisions (``decision()["kind"]``) and their actions:

* ``influence`` (active seat): ``play:confessor:<seat>``, ``play:courtesan``,
  ``play:forger:<seat>:<gem>``, ``play:favorite:<gem>``, ``play:thief:<seat>``,
  ``play:musketeers``, ``done``
* ``forger_response`` (named seat): ``react:musketeer`` | ``pass``;
  ``forger_discard``: ``discard:<card>``
* ``buy`` (active seat): ``buy:<card>`` | ``done``
* ``queen`` (after a gem card is drawn in Devaluation): ``react:queen`` | ``pass``
* ``cardinal`` (when a sale is about to happen): ``react:cardinal`` | ``pass``
* ``present`` (every seat in turn, secretly): ``present:<card>``, ``present:<card>:<gem>``, ``done``
* ``alchemist`` (after the reveal): ``alchemist:<card>:<gem>`` | ``pass``

Cards are ``C001``..``C103`` (see data/cards.toml), gems ``diamond``, ``ruby``, ``emerald``,
``amber``, seats 0-based.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Self

from salon.core.data import read_schema
from salon.core.engine import StepGame
from salon.core.errors import IllegalAction
from salon.core.events import Event
from salon.core.game import Description, Result, check_seat, game_seed
from salon.core.rng import BaseRng, Rng
from salon.necklace import invariants, position
from salon.necklace.components import packaged
from salon.necklace.config import PLAYERS, NecklaceConfig, parse_config, stored_config
from salon.necklace.knowledge import known_hands
from salon.necklace.observation import DecisionNow, Observation
from salon.necklace.pieces import DataSet
from salon.necklace.resample import resample
from salon.necklace.rules import (  # noqa: F401  (each module registers its steps)
    devaluation,
    influence,
    merchant,
    purchase,
    sale,
    turn,
)
from salon.necklace.rules.limits import limits
from salon.necklace.rules.registry import STEPS, advance
from salon.necklace.rules.setup import new_state
from salon.necklace.state import State
from salon.necklace.view import current_decision, observe

REVEALING = frozenset({
    "drawn", "merchant", "sale_due", "astrologer_draw", "astrologer_again", "hand_shown", "stolen", "robbed",
    "thief_caught", "forged", "reveal", "sale", "sale_result", "turn", "game_over",
})
"""Events after which an action cannot be taken back: a card came out of the pile, a hand or a
presentation was shown, a random card changed hands, or a new turn began."""


@cache
def action_texts(ds: DataSet, n: int) -> tuple[str, ...]:
    """Every action text of a game with ``n`` seats, in a fixed order."""
    gems = ds.gem_names
    ids = [c.id for c in ds.cards]
    return (
        "done", "pass",
        *(f"play:confessor:{o}" for o in range(n)), "play:courtesan",
        *(f"play:forger:{o}:{g}" for o in range(n) for g in gems), *(f"play:favorite:{g}" for g in gems),
        *(f"play:thief:{o}" for o in range(n)), "play:musketeers",
        "react:musketeer", "react:queen", "react:cardinal",
        *(f"buy:{c}" for c in ids), *(f"discard:{c}" for c in ids),
        *(f"present:{c}" for c in ids), *(f"present:{c}:{g}" for c in ids for g in gems),
        *(f"alchemist:{c}:{g}" for c in ids for g in gems),
    )


@cache
def _vocabulary(ds: DataSet, n: int) -> frozenset[str]:
    return frozenset(action_texts(ds, n))


@cache
def _description(cfg: NecklaceConfig) -> Description:
    return Description(name=Necklace.name, players=PLAYERS, options=NecklaceConfig.model_json_schema()["properties"],
                       action_space=action_texts(packaged(), cfg.players), automated_seats={},
                       limits=limits(cfg), schema=read_schema("salon.necklace"))


class Necklace(StepGame[State, NecklaceConfig]):
    name = "necklace"
    shapes = "salon.necklace.observation"
    steps = STEPS
    revealing = REVEALING
    game_over_rule = "QN-END-1"
    action_hint = "'buy:C012', 'play:thief:1' or 'pass'"

    @classmethod
    def parse_config(cls, config: Any) -> NecklaceConfig:
        return parse_config(config)

    @classmethod
    def stored_config(cls, config: Any) -> Any:
        return stored_config(config)

    @staticmethod
    def check_state(state: State) -> list[str]:
        return invariants.check(state)

    @staticmethod
    def check_change(before: State, after: State, events: list[Event]) -> list[str]:
        return invariants.check_transition(before, after, events)

    @classmethod
    def describe(cls, config: Any = None) -> Description:
        return _description(parse_config(config))

    @property
    def data(self) -> DataSet:
        """The components of the game (the same for every game)."""
        found: DataSet = self.s.ds
        return found

    @classmethod
    def new(cls, config: Any = None, seed: object = 0) -> Self:  # any object: game_seed refuses what is no seed
        cfg = parse_config(config)
        seed = game_seed(seed)
        s = new_state(cfg, packaged(), seed)
        advance(s)
        return cls(cfg, seed, s, [])

    @classmethod
    def restore_state(cls, config: NecklaceConfig, state: dict[str, Any]) -> State:
        return State.from_json(state, config, packaged())

    def to_position(self) -> dict[str, Any]:
        return position.to_position(self.s, self.seed)

    @classmethod
    def from_position(cls, data: object) -> Self:
        config, seed, state = position.from_position(data)
        return cls(config, seed, state, [])

    def is_action_text(self, action: str) -> bool:
        return action in _vocabulary(self.s.ds, self.s.n)

    def decision(self) -> DecisionNow:
        """The decision now (salon.necklace.observation.Decision); an empty mapping once the game
        is over."""
        return current_decision(self.s) if self.s.stack else {}

    def observe(self, seat: object) -> Observation:  # any object: check_seat refuses what is no seat
        return observe(self.s, check_seat(self, seat))

    def determinize(self, seat: int, rng: BaseRng) -> Self:
        """What ``seat`` cannot know drawn anew (salon.necklace.resample)."""
        s = self.s.clone()
        r = Rng(rng.next64())
        resample(s, seat, r, known_hands(self, seat))
        # a fresh seed and no history: the game's seed and the others' secret choices in its
        # history would tell the search what the samples hide
        return type(self)(self.config, r.next64(), s, [])

    def result(self) -> Result:
        """QN-END-2/3: the most livres wins; the rules give no tie-break, tied leaders share."""
        s = self.s
        if not s.over:
            raise IllegalAction("result", "QN-END-1", "the game is not over yet")
        scores = tuple(s.scores)
        ranking = tuple(
            tuple(seat for seat in range(s.n) if scores[seat] == value)
            for value in sorted(set(scores), reverse=True)
        )
        return Result(
            scores=scores,
            ranking=ranking,
            winners=ranking[0],
            tie_break=(0,) * s.n,
            breakdown=tuple(dict(b) for b in s.breakdown),
        )

