"""The mutable Rococo game state: plain lists and ints, cheap to clone.

Components are addressed by their index in the (shared, frozen) tables; ``-1`` marks an
empty space.  Nothing here knows a rule: the modules of ``salon.rococo.rules`` change the
state, and ``salon.rococo.game`` exposes it through the protocol.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from salon.core.events import Event
from salon.core.rng import BaseRng, rng_from_json
from salon.core.steps import Frame
from salon.rococo.config import RococoConfig
from salon.rococo.tables import Tables

EMPTY: Final = -1


class Player:
    """One seat's belongings (R-SETUP-6, R-SETUP-7)."""

    __slots__ = (
        "livres", "thread", "lace", "vp", "rack", "silk", "supply", "hand", "discard", "in_play",
        "jewels", "specialist", "exam", "tasks", "master_exams",
    )

    livres: int
    thread: int
    lace: int
    vp: int
    rack: list[int]
    silk: list[int]
    supply: list[int]
    hand: list[int]
    discard: list[int]
    in_play: int
    jewels: list[int]
    specialist: int
    exam: int
    tasks: int
    master_exams: int

    def __init__(self) -> None:
        self.livres = 0
        self.thread = 0
        self.lace = 0
        self.vp = 0
        self.rack = []  # resource tiles kept as silk (content secret)
        self.silk = [0, 0, 0, 0]  # derived: silk bales in the rack by colour
        self.supply = []  # face-down employee pile
        self.hand = []
        self.discard = []  # face up; the last card is the top
        self.in_play = EMPTY  # the card being played this turn
        # Jewelry Box
        self.jewels = []  # jewelry tiles owned (face up)
        self.specialist = EMPTY  # the secret specialized apprentice until it is hired
        self.exam = 0  # 0: start marker on the Journeyman exam, 1: on the Master exam
        self.tasks = 0  # bit i set: the i-th task of the current exam is marked
        self.master_exams = 0  # completed Master exams (sa_cond_master_exam)

    def staff_size(self) -> int:
        """R-STAFF-1: supply + hand + discard + the card being played."""
        return len(self.supply) + len(self.hand) + len(self.discard) + (self.in_play != EMPTY)

    def staff(self) -> list[int]:
        cards = self.supply + self.hand + self.discard
        if self.in_play != EMPTY:
            cards.append(self.in_play)
        return cards

    def copy(self) -> Player:
        p = Player.__new__(Player)
        p.livres = self.livres
        p.thread = self.thread
        p.lace = self.lace
        p.vp = self.vp
        p.rack = self.rack[:]
        p.silk = self.silk[:]
        p.supply = self.supply[:]
        p.hand = self.hand[:]
        p.discard = self.discard[:]
        p.in_play = self.in_play
        p.jewels = self.jewels[:]
        p.specialist = self.specialist
        p.exam = self.exam
        p.tasks = self.tasks
        p.master_exams = self.master_exams
        return p

    _FIELDS: ClassVar[tuple[str, ...]] = (
        "livres", "thread", "lace", "vp", "rack", "supply", "hand", "discard", "in_play",
        "jewels", "specialist", "exam", "tasks", "master_exams",
    )

    def to_json(self) -> dict[str, Any]:
        return {f: getattr(self, f) for f in self._FIELDS}


class State:
    """Everything that changes during a game.  ``stack`` holds the pending steps: the top
    is either a decision (see rules/flow.py) or an automatic step still to run."""

    __slots__ = (
        "cfg", "t", "n", "rng", "round", "phase", "start_player", "turn_seat", "turn_card",
        "deck", "display", "res_bag", "drawers", "res_discard", "gar_bag", "windows", "gar_discard",
        "making", "guest", "guest_owner", "deco", "all_halls", "terrace", "favour", "boxed",
        "players", "stack", "events", "breakdown", "money_left", "over",
        "jewel_bag", "jewel_display", "jewels_boxed", "j_stack", "m_stack", "festive_box", "rent_jewel",
        "mdb_supply", "mdb_hand", "mdb_discard", "unseen", "promoted",
    )

    cfg: RococoConfig
    t: Tables
    n: int
    rng: BaseRng
    round: int
    phase: str  # setup | prepare | choose | actions | income | scoring | end | over
    start_player: int
    turn_seat: int  # the seat whose turn it is (Phase 3)
    turn_card: int  # the card played this turn, or EMPTY
    deck: list[int]  # the general deck, its top card last
    display: list[int]  # the new-employee display, EMPTY where taken
    res_bag: list[int]
    drawers: list[int]  # the resource drawers' spaces, drawer 1 first
    res_discard: list[int]
    gar_bag: list[int]
    windows: list[int]  # the design display, left to right
    gar_discard: list[int]
    making: int  # the garment being tailored, or EMPTY
    guest: list[int]  # the garment on each guest space
    guest_owner: list[int]  # the marker on each guest space
    deco: list[int]  # the marker on each decoration space
    all_halls: list[int]  # the marker on each all-halls space
    terrace: list[int]  # the garment moved to the terrace at each decoration space
    favour: int  # the seat holding the Queen's favour, or EMPTY
    boxed: list[int]  # employee cards out of the game
    players: list[Player]
    stack: list[Frame]
    events: list[Event]
    breakdown: list[dict[str, int]]  # per seat: points by scoring category
    money_left: list[int]  # per seat: livres left after the money conversion
    over: bool
    jewel_bag: list[int]
    jewel_display: list[int]
    jewels_boxed: list[int]
    j_stack: list[int]  # the Journeyman exam stack
    m_stack: list[int]  # the Master exam stack
    festive_box: list[int]  # Festive garments waiting for round 2
    rent_jewel: int
    mdb_supply: list[int]
    mdb_hand: list[int]
    mdb_discard: list[int]
    unseen: list[int]  # secret specialized apprentices still in the box
    promoted: list[int]  # cards taken from an exam stack into a hand, secret until played

    def clone(self) -> State:
        s = State.__new__(State)
        s.cfg = self.cfg
        s.t = self.t
        s.n = self.n
        s.rng = self.rng.clone()
        s.round = self.round
        s.phase = self.phase
        s.start_player = self.start_player
        s.turn_seat = self.turn_seat
        s.turn_card = self.turn_card
        s.deck = self.deck[:]
        s.display = self.display[:]
        s.res_bag = self.res_bag[:]
        s.drawers = self.drawers[:]
        s.res_discard = self.res_discard[:]
        s.gar_bag = self.gar_bag[:]
        s.windows = self.windows[:]
        s.gar_discard = self.gar_discard[:]
        s.making = self.making
        s.guest = self.guest[:]
        s.guest_owner = self.guest_owner[:]
        s.deco = self.deco[:]
        s.all_halls = self.all_halls[:]
        s.terrace = self.terrace[:]
        s.favour = self.favour
        s.boxed = self.boxed[:]
        s.players = [p.copy() for p in self.players]
        s.stack = self.stack[:]
        s.events = []
        s.breakdown = [dict(b) for b in self.breakdown]
        s.money_left = self.money_left[:]
        s.over = self.over
        s.jewel_bag = self.jewel_bag[:]
        s.jewel_display = self.jewel_display[:]
        s.jewels_boxed = self.jewels_boxed[:]
        s.j_stack = self.j_stack[:]
        s.m_stack = self.m_stack[:]
        s.festive_box = self.festive_box[:]
        s.rent_jewel = self.rent_jewel
        s.mdb_supply = self.mdb_supply[:]
        s.mdb_hand = self.mdb_hand[:]
        s.mdb_discard = self.mdb_discard[:]
        s.unseen = self.unseen
        s.promoted = self.promoted[:]
        return s

    _LISTS: ClassVar[tuple[str, ...]] = (
        "deck", "display", "res_bag", "drawers", "res_discard", "gar_bag", "windows", "gar_discard",
        "guest", "guest_owner", "deco", "all_halls", "terrace", "boxed", "money_left",
        "jewel_bag", "jewel_display", "jewels_boxed", "j_stack", "m_stack", "festive_box",
        "mdb_supply", "mdb_hand", "mdb_discard", "unseen",
    )
    _INTS: ClassVar[tuple[str, ...]] = (
        "n", "round", "start_player", "turn_seat", "turn_card", "making", "favour", "rent_jewel",
    )

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {k: getattr(self, k) for k in self._INTS + self._LISTS}
        d["phase"] = self.phase
        d["over"] = self.over
        d["rng"] = self.rng.to_json()
        d["players"] = [p.to_json() for p in self.players]
        d["stack"] = [list(f) for f in self.stack]
        d["breakdown"] = self.breakdown
        if self.promoted:  # only when an exam has put a card in a hand: older records stay valid
            d["promoted"] = self.promoted
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any], cfg: RococoConfig, t: Tables) -> State:
        s = State.__new__(State)
        s.cfg = cfg
        s.t = t
        for k in cls._INTS:
            setattr(s, k, int(d[k]))
        for k in cls._LISTS:
            setattr(s, k, [int(x) for x in d[k]])
        s.phase = str(d["phase"])
        s.over = bool(d["over"])
        s.rng = rng_from_json(d["rng"])
        s.players = []
        for pd in d["players"]:
            p = Player()
            for f in Player._FIELDS:
                v = pd[f]
                setattr(p, f, [int(x) for x in v] if isinstance(v, list) else int(v))
            p.silk = [sum(t.ds.tiles[i].silk[c] for i in p.rack) for c in range(4)]
            s.players.append(p)
        s.stack = [tuple(f) for f in d["stack"]]
        s.events = []
        s.breakdown = [{str(k): int(v) for k, v in b.items()} for b in d["breakdown"]]
        s.promoted = [int(x) for x in d.get("promoted", [])]
        return s
