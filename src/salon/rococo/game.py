"""Rococo behind the salon protocol: ``Rococo.new(config, seed)`` and the calls of
:class:`salon.core.game.Game`."""

from __future__ import annotations

from functools import cache
from typing import Any, Self

from salon.core.data import read_schema
from salon.core.engine import StepGame
from salon.core.errors import IllegalAction
from salon.core.events import Event
from salon.core.game import Description, Result, check_seat, game_seed
from salon.core.rng import BaseRng, Rng
from salon.rococo import invariants, position
from salon.rococo.config import MDB, RococoConfig, parse_config
from salon.rococo.observation import DecisionNow, Observation
from salon.rococo.projection import projection
from salon.rococo.resample import resample
from salon.rococo.rules import (  # noqa: F401  (each module registers its steps)
    acquire,
    all_halls,
    bonuses,
    exams,
    finance,
    garment_effects,
    hire,
    income,
    jewelry,
    phase1,
    phase2,
    scoring,
    send_away,
    solo,
    tailor,
    turn,
)
from salon.rococo.rules.common import is_mdb
from salon.rococo.rules.limits import limits
from salon.rococo.rules.registry import STEPS, advance
from salon.rococo.rules.setup import new_state
from salon.rococo.rules.tailor import reductions
from salon.rococo.rules.tailor import sellable as garment_sellable
from salon.rococo.state import State
from salon.rococo.tables import Tables, tables
from salon.rococo.view import current_decision, observe


def _tables(cfg: RococoConfig) -> Tables:
    return tables(cfg.side, cfg.seats, cfg.expansions, cfg.solo, cfg.edition)


@cache
def _vocabulary(t: Tables) -> frozenset[str]:
    return frozenset(Rococo.actions_of(t))


@cache
def _description(cfg: RococoConfig) -> Description:
    return Description(
        name=Rococo.name,
        players=cfg.player_counts,
        options=RococoConfig.model_json_schema()["properties"],
        action_space=tuple(Rococo.actions_of(_tables(cfg))),
        automated_seats={MDB: "madame_du_barry"} if cfg.solo else {},  # RULES.md §14
        limits=limits(_tables(cfg)),
        schema=read_schema("salon.rococo"),
    )


class Rococo(StepGame[State, RococoConfig]):
    name = "rococo"
    shapes = "salon.rococo.observation"
    steps = STEPS
    revealing = frozenset({"card_sent_away", "replayed", "turn_end", "round", "game_over"})
    irreversible = frozenset({"promote"})  # looking through an exam stack reveals it
    game_over_rule = "R-END-1"
    action_hint = "'main:tailor' or 'rent:h3s2'"

    @classmethod
    def parse_config(cls, config: Any) -> RococoConfig:
        return parse_config(config)

    @staticmethod
    def check_state(state: State) -> list[str]:
        return invariants.check(state)

    @staticmethod
    def check_change(before: State, after: State, events: list[Event]) -> list[str]:
        return invariants.check_transition(before, after, events)

    @classmethod
    def describe(cls, config: Any = None) -> Description:
        """``action_space`` lists ``sets:<k>`` up to the thread and lace a player could hold
        in practice (the rules set no limit)."""
        return _description(parse_config(config))

    @property
    def tables(self) -> Tables:
        """The components of this game's config (the same for every game of that config)."""
        return self.s.t

    def sellable(self, garment_id: str) -> bool:
        """Whether a garment may ever be sold (R-FEST-3, R-EXQ-3: some may only be rented)."""
        return garment_sellable(self.s, self.s.t.garment_index[garment_id])

    def silk_needed(self, garment_id: str, mode: str) -> list[tuple[int, ...]]:
        """The silk a tailoring in ``mode`` asks for the garment after its bonus's reduction
        (blue, pink, green, orange; one requirement per choice the bonus leaves), so that a
        menu shows what the rules will take rather than the printed need."""
        return reductions(self.s, self.s.t.garment_index[garment_id], mode)

    @classmethod
    def new(cls, config: Any = None, seed: object = 0) -> Self:  # any object: game_seed refuses what is no seed
        cfg = parse_config(config)
        seed = game_seed(seed)
        s = new_state(cfg, _tables(cfg), seed)
        advance(s)
        return cls(cfg, seed, s, [])

    @classmethod
    def restore_state(cls, config: RococoConfig, state: dict[str, Any]) -> State:
        return State.from_json(state, config, _tables(config))

    def to_position(self) -> dict[str, Any]:
        return position.to_position(self.s, self.seed)

    @classmethod
    def from_position(cls, data: object) -> Self:
        config, seed, state = position.from_position(data)
        return cls(config, seed, state, [])

    def is_action_text(self, action: str) -> bool:
        if action.startswith("sets:"):
            return action[5:].isdigit()
        return action in _vocabulary(self.s.t)

    def reveals(self, events: list[Event]) -> bool:
        """Hiring one's specialized apprentice shows it too (R-JB-SETUP-5)."""
        return any(e.type in self.revealing or e.data.get("specialist") for e in events)

    @staticmethod
    def actions_of(t: Tables) -> list[str]:
        fireworks = [t.ds.board.decorations[d].id for d in t.fireworks]
        jb = t.ds.jewelry_box is not None
        main = [a for k, a in turn.MAIN.items() if jb or k not in exams.EXAMS]
        exq_send = [*t.send, "send:none"] if any(g.effect == "exq_send_away" for g in t.ds.garments) else []
        # the employee a person removes from Madame du Barry's staff after her exam
        mdb_remove = [f"remove:{c.id}" for c in t.cards if c.type in ("apprentice", "journeyman")] \
            if jb and t.ds.solo_cards else []
        return [
            *t.pick, *t.play, *main, *t.take,
            acquire.KEEP, acquire.CONVERT, acquire.THREAD, acquire.LACE,
            *t.garment, "reduce:blue", "reduce:pink", *t.give, "sell", *t.rent, *t.hire, *t.finance,
            bonuses.USE, bonuses.SKIP, bonuses.THREAD, bonuses.LACE, *t.dismiss, "buy", "done", *t.silk,
            *(f"sets:{k}" for k in range(33)),
            *(f"terrace:{g.id}:{d}" for g in t.ds.garments for d in fireworks),
            *exq_send,
            *((*t.jewel, jewelry.NONE, *t.promote, *(f"task:{n}" for n in ("J1", "J2", "J3", "J4", "M1", "M2", "M3")),
               *t.replay, *t.copy, *bonuses.HALLS) if jb else ()),
            *mdb_remove,
        ]

    def decision(self) -> DecisionNow:
        """The decision now (salon.rococo.observation.Decision); an empty mapping once the game
        is over."""
        return current_decision(self.s) if self.s.stack else {}

    def observe(self, seat: object) -> Observation:  # any object: check_seat refuses what is no seat
        return observe(self.s, check_seat(self, seat))

    def projection(self, seat: int | None) -> list[int | None]:
        """Each seat's score if the game ended now, as ``seat`` may know it (salon.rococo.projection)."""
        return projection(self.s, seat)

    def determinize(self, seat: int, rng: BaseRng) -> Self:
        """What ``seat`` cannot know drawn anew (salon.rococo.resample)."""
        s = self.s.clone()
        r = Rng(rng.next64())
        resample(s, seat, r)
        # a fresh seed and no history: the game's seed and the other seats' secret picks in its
        # history would tell the search what the samples hide
        return type(self)(self.config, r.next64(), s, [])

    def result(self) -> Result:
        if not self.s.over:
            raise IllegalAction("result", "R-END-1", "the game is not over yet")
        s = self.s
        scores = tuple(p.vp for p in s.players)
        # R-WIN-1/2; R-SOLO-END-4: Madame du Barry wins every tie
        keys = {seat: (scores[seat], int(is_mdb(s, seat)), s.money_left[seat]) for seat in range(s.n)}
        ranking = scoring.rank_groups(keys)
        return Result(
            scores=scores,
            ranking=tuple(tuple(g) for g in ranking),
            winners=tuple(ranking[0]),
            tie_break=tuple(s.money_left),
            breakdown=tuple(dict(b) for b in s.breakdown),
        )
