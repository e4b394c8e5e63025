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

from salon.core.errors import ConfigError, IllegalAction, MalformedAction, RecordError
from salon.core.events import Event
from salon.core.game import Game, Result, register
from salon.necklace.components import DataSet, packaged
from salon.necklace.config import NecklaceConfig, parse_config
from salon.necklace.rules import (  # noqa: F401  (each module registers its steps)
    devaluation,
    influence,
    merchant,
    purchase,
    sale,
    turn,
)
from salon.necklace.rules.registry import DECISIONS, FAMILIES, advance
from salon.necklace.rules.setup import new_state
from salon.necklace.state import State
from salon.necklace.view import decision_context, observe

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


@register
class Necklace(Game):
    name = "necklace"

    __slots__ = ("config", "seed", "history", "s", "_legal", "_undo")

    def __init__(self, config: NecklaceConfig, seed: int, state: State, history: list[str]) -> None:
        self.config = config
        self.seed = seed
        self.s = state
        self.history = history
        self._legal: list[str] | None = None
        self._undo = 0

    @classmethod
    def parse_config(cls, config: Any) -> NecklaceConfig:
        return parse_config(config)

    @classmethod
    def new(cls, config: Any = None, seed: int = 0) -> Self:
        cfg = parse_config(config)
        s = new_state(cfg, packaged(), seed)
        advance(s)
        return cls(cfg, seed, s, [])

    @property
    def num_players(self) -> int:
        return self.s.n

    def current_player(self) -> int | None:
        stack = self.s.stack
        return stack[-1][1] if stack else None

    def legal_actions(self) -> list[str]:
        legal = self._legal
        if legal is None:
            stack = self.s.stack
            legal = self._legal = DECISIONS[stack[-1][0]][0](self.s, stack[-1]) if stack else []
        return legal

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
        stack = s.stack
        reversible = (rng == s.rng.state and stack and stack[-1][1] == frame[1]
                      and not any(e.type in REVEALING for e in events))
        self._undo = self._undo + 1 if reversible else 0
        return events

    def undoable(self) -> int:
        """How many of the last actions the deciding seat may take back: all of its own
        consecutive actions since another seat decided, a card was drawn, a hand or a
        presentation was shown, or a random card changed hands.  A caller undoes by replaying
        the history without them."""
        return self._undo

    def explain_illegal(self, action: str) -> tuple[str, str]:
        """Why ``action`` is refused: ``PROTOCOL`` for text that is no action of this game,
        otherwise the rule it breaks now."""
        s = self.s
        if not isinstance(action, str) or action not in _vocabulary(s.ds, s.n):
            return "PROTOCOL", "not an action of this game (actions look like 'buy:C012', 'play:thief:1' or 'pass')"
        if s.over:
            return "QN-END-1", "the game is over"
        if action in self.legal_actions():
            return "PROTOCOL", "the action is legal now"
        frame = s.stack[-1]
        families, rule = FAMILIES[frame[0]]
        if action.split(":", 1)[0] not in families:
            shown = " or ".join(f"'{f}…'" for f in families)
            return rule, f"the decision now is {frame[0]!r} for seat {frame[1]}: expected {shown}"
        return DECISIONS[frame[0]][2](s, frame, action)

    def action_space(self) -> list[str]:
        """Every action text this game can offer with its number of seats, in a fixed order
        (for fixed-size action encodings)."""
        return list(action_texts(self.s.ds, self.s.n))

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

    def clone(self) -> Self:
        g = Necklace.__new__(Necklace)
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
            state = State.from_json(snapshot["state"], cfg, packaged())
            return cls(cfg, int(snapshot["seed"]), state, [str(a) for a in snapshot["history"]])
        except ConfigError as e:
            raise RecordError(f"the snapshot's config is invalid: {e}") from None
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
            raise RecordError(f"the snapshot is incomplete or malformed ({type(e).__name__}: {e})") from None
