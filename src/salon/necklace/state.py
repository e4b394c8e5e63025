"""The mutable state of one game of The Queen's Necklace: plain lists and ints, cheap to clone.

Cards are addressed by their index in the (shared, frozen) data set, gem types by their index
in ``rules.gem_types``; ``EMPTY`` (-1) marks an empty market slot or "nobody".  Nothing here
knows a rule: the modules of ``salon.necklace.rules`` change the state and
``salon.necklace.game`` exposes it through the protocol.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from salon.core.events import Event
from salon.core.rng import BaseRng, rng_from_json
from salon.core.steps import Frame
from salon.necklace.config import NecklaceConfig
from salon.necklace.pieces import DataSet

EMPTY: Final = -1


class State:
    """Everything that changes during a game.  ``stack`` holds the pending steps (see
    rules/registry.py): the top is either a decision or an automatic step still to run."""

    __slots__ = (
        "cfg", "ds", "n", "rng", "pile", "market", "price", "hands", "out", "fashion", "scores",
        "active", "turn_no", "phase", "ducats", "bought", "held", "sales", "delayed", "limbo",
        "cardinal_by", "shown", "shown_type", "revealed", "rarity", "peeks", "stack", "events",
        "breakdown", "over",
    )

    cfg: NecklaceConfig
    ds: DataSet
    n: int
    rng: BaseRng
    pile: list[int]  # the draw pile, its top card last
    market: list[int]  # one card per slot, or EMPTY
    price: list[int]  # the golden ring's position on each slot's ladder (0 = top price)
    hands: list[list[int]]
    out: list[int]  # every discarded card, out of the game (QN-AMB-20), in discard order
    fashion: list[int]  # gem type under Fashion tile 1..4 (index 0 = +30)
    scores: list[int]  # livres
    active: int  # the seat whose turn it is
    turn_no: int  # turns begun so far
    phase: str  # setup | influence | purchase | devaluation | sale | over
    ducats: int  # left to spend in this turn's purchase phase
    bought: int  # cards bought in this turn
    held: list[int]  # influence cards and Musketeers in the active hand when the turn began (QN-INF-2)
    sales: int  # sales held so far
    delayed: list[tuple[int, int]]  # (Merchant, seat whose turn end holds the sale) (QN-CARDINAL-3)
    limbo: list[int]  # Merchants drawn whose sale (or delay) is being resolved
    cardinal_by: int  # the seat whose Cardinal delays the Merchant being polled, or EMPTY
    shown: list[list[int]]  # per seat: cards presented in the current sale
    shown_type: list[list[int]]  # per seat: the gem type of each presented card (EMPTY: a Banker)
    revealed: bool  # whether the current sale's presentation is face up
    rarity: list[int]  # rarity value per gem type at the current or last sale (empty before the first)
    peeks: list[list[tuple[int, ...] | None]]  # [viewer][target]: the hand last shown to viewer
    stack: list[Frame]
    events: list[Event]
    breakdown: list[dict[str, int]]  # per seat: livres by sale ("sale1" ...) and "bounty"
    over: bool

    def clone(self) -> State:
        s = State.__new__(State)
        s.cfg = self.cfg
        s.ds = self.ds
        s.n = self.n
        s.rng = self.rng.clone()
        s.pile = self.pile[:]
        s.market = self.market[:]
        s.price = self.price[:]
        s.hands = list(map(list.copy, self.hands))
        s.out = self.out[:]
        s.fashion = self.fashion[:]
        s.scores = self.scores[:]
        s.active = self.active
        s.turn_no = self.turn_no
        s.phase = self.phase
        s.ducats = self.ducats
        s.bought = self.bought
        s.held = self.held[:]
        s.sales = self.sales
        s.delayed = self.delayed[:]
        s.limbo = self.limbo[:]
        s.cardinal_by = self.cardinal_by
        s.shown = list(map(list.copy, self.shown))
        s.shown_type = list(map(list.copy, self.shown_type))
        s.revealed = self.revealed
        s.rarity = self.rarity[:]
        s.peeks = list(map(list.copy, self.peeks))
        s.stack = self.stack[:]
        s.events = []
        s.breakdown = list(map(dict, self.breakdown))
        s.over = self.over
        return s

    _INTS: ClassVar[tuple[str, ...]] = ("n", "active", "turn_no", "ducats", "bought", "sales", "cardinal_by")
    _LISTS: ClassVar[tuple[str, ...]] = (
        "pile", "market", "price", "out", "fashion", "scores", "held", "limbo", "rarity",
    )
    _NESTED: ClassVar[tuple[str, ...]] = ("hands", "shown", "shown_type")

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {k: getattr(self, k) for k in self._INTS + self._LISTS}
        for k in self._NESTED:
            d[k] = [list(x) for x in getattr(self, k)]
        d["phase"] = self.phase
        d["revealed"] = self.revealed
        d["over"] = self.over
        d["rng"] = self.rng.to_json()
        d["delayed"] = [list(x) for x in self.delayed]
        d["peeks"] = [[None if p is None else list(p) for p in row] for row in self.peeks]
        d["stack"] = [list(f) for f in self.stack]
        d["breakdown"] = self.breakdown
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any], cfg: NecklaceConfig, ds: DataSet) -> State:
        s = State.__new__(State)
        s.cfg = cfg
        s.ds = ds
        for k in cls._INTS:
            setattr(s, k, int(d[k]))
        for k in cls._LISTS:
            setattr(s, k, [int(x) for x in d[k]])
        for k in cls._NESTED:
            setattr(s, k, [[int(x) for x in row] for row in d[k]])
        s.phase = str(d["phase"])
        s.revealed = bool(d["revealed"])
        s.over = bool(d["over"])
        s.rng = rng_from_json(d["rng"])
        s.delayed = [(int(a), int(b)) for a, b in d["delayed"]]
        s.peeks = [[None if p is None else tuple(int(x) for x in p) for p in row] for row in d["peeks"]]
        s.stack = [tuple(f) for f in d["stack"]]
        s.events = []
        s.breakdown = [{str(k): int(v) for k, v in b.items()} for b in d["breakdown"]]
        return s
