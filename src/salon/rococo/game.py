"""Rococo behind the salon protocol: ``Rococo.new(config, seed)`` and the calls of
:class:`salon.core.game.Game`."""

from __future__ import annotations

from functools import cache
from typing import Any, Self

from salon.core.errors import IllegalAction, MalformedAction, RecordError
from salon.core.events import Event
from salon.core.game import Game, Result, register
from salon.rococo.config import RococoConfig, parse_config
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
from salon.rococo.rules.registry import DECISIONS, FAMILIES, advance
from salon.rococo.rules.setup import new_state
from salon.rococo.state import State
from salon.rococo.tables import Tables, tables
from salon.rococo.view import decision_context, observe


def _tables(cfg: RococoConfig) -> Tables:
    return tables(cfg.side, cfg.seats, cfg.expansions, cfg.solo, cfg.edition)


IRREVERSIBLE = frozenset({"promote"})  # looking through an exam stack reveals it
REVEALING = frozenset({"card_sent_away", "replayed", "turn_end", "round", "game_over"})


@cache
def _vocabulary(t: Tables) -> frozenset[str]:
    return frozenset(Rococo.actions_of(t))


@register
class Rococo(Game):
    name = "rococo"

    __slots__ = ("config", "seed", "history", "s", "_legal", "_undo")

    def __init__(self, config: RococoConfig, seed: int, state: State, history: list[str]) -> None:
        self.config = config
        self.seed = seed
        self.s = state
        self.history = history
        self._legal: list[str] | None = None
        self._undo = 0

    @classmethod
    def parse_config(cls, config: Any) -> RococoConfig:
        return parse_config(config)

    @classmethod
    def new(cls, config: Any = None, seed: int = 0) -> Self:
        cfg = parse_config(config)
        s = new_state(cfg, _tables(cfg), seed)
        advance(s)
        return cls(cfg, seed, s, [])

    @property
    def num_players(self) -> int:
        return self.s.n

    def current_player(self) -> int | None:
        stack = self.s.stack
        return stack[-1][1] if stack else None

    def legal_actions(self) -> list[str]:
        if self._legal is None:
            stack = self.s.stack
            self._legal = DECISIONS[stack[-1][0]][0](self.s, stack[-1]) if stack else []
        return self._legal

    def apply(self, action: str) -> list[Event]:
        if action not in self.legal_actions():
            rule, reason = self.explain_illegal(action)
            err = MalformedAction if rule == "PROTOCOL" else IllegalAction
            raise err(action, rule, reason)
        s = self.s
        s.events = events = []
        rng = s.rng.state
        frame = s.stack.pop()
        DECISIONS[frame[0]][1](s, frame, action)
        advance(s)
        self._legal = None
        self.history.append(action)
        reversible = (
            rng == s.rng.state and frame[0] not in IRREVERSIBLE and s.stack and s.stack[-1][1] == frame[1]
            and not any(e.type in REVEALING or e.data.get("specialist") for e in events)
        )
        self._undo = self._undo + 1 if reversible else 0
        return events

    def undoable(self) -> int:
        """How many of the last actions may be taken back (Board Game Arena's policy): all by
        the seat still deciding, within its turn, with no random draw and nothing hidden
        revealed since.  A caller undoes by replaying the history without them."""
        return self._undo

    def explain_illegal(self, action: str) -> tuple[str, str]:
        """Why ``action`` is refused: ``PROTOCOL`` for text that is no action of this game,
        otherwise the rule it breaks now."""
        if not isinstance(action, str) or not self._is_action_text(action):
            return "PROTOCOL", "not an action of this game (actions look like 'main:tailor' or 'rent:h3s2')"
        if self.s.over:
            return "R-END-1", "the game is over"
        frame = self.s.stack[-1]
        families, rule = FAMILIES[frame[0]]
        if action.split(":", 1)[0] not in families:
            shown = " or ".join(f"'{f}…'" for f in families)
            return rule, f"the decision now is {frame[0]!r} for seat {frame[1]}: expected {shown}"
        return DECISIONS[frame[0]][2](self.s, frame, action)

    def _is_action_text(self, action: str) -> bool:
        if action.startswith("sets:"):
            return action[5:].isdigit()
        return action in _vocabulary(self.s.t)

    def action_space(self) -> list[str]:
        """Every action text this game can offer with its config, in a fixed order (for
        fixed-size action encodings).  ``sets:<k>`` is listed up to the thread and lace a
        player could hold in practice (the rules set no limit)."""
        return self.actions_of(self.s.t)

    @staticmethod
    def actions_of(t: Tables) -> list[str]:
        fireworks = [t.ds.board.decorations[d].id for d in t.fireworks]
        jb = t.ds.jewelry_box is not None
        main = [a for k, a in turn.MAIN.items() if jb or k not in exams.EXAMS]
        exq_send = [*t.send, "send:none"] if any(g.effect == "exq_send_away" for g in t.ds.garments) else []
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
        ]

    def decision(self) -> dict[str, Any]:
        if not self.s.stack:
            return {}
        f = self.s.stack[-1]
        return {"seat": f[1], "kind": f[0], **decision_context(self.s)}

    def observe(self, seat: int | None) -> dict[str, Any]:
        return observe(self.s, seat)

    def is_over(self) -> bool:
        return self.s.over

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

    def clone(self) -> Self:
        g = Rococo.__new__(Rococo)
        g.config = self.config
        g.seed = self.seed
        g.s = self.s.clone()
        g.history = self.history[:]
        g._legal = self._legal
        g._undo = self._undo
        return g

    def to_snapshot(self) -> dict[str, Any]:
        return {"config": self.config.model_dump(mode="json"), "seed": self.seed, "history": self.history,
                "state": self.s.to_json()}

    @classmethod
    def from_snapshot(cls, snapshot: dict[str, Any]) -> Self:
        try:
            cfg = parse_config(snapshot["config"])
            state = State.from_json(snapshot["state"], cfg, _tables(cfg))
            return cls(cfg, int(snapshot["seed"]), state, [str(a) for a in snapshot["history"]])
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
            raise RecordError(f"the snapshot is incomplete or malformed ({type(e).__name__}: {e})") from None
