"""Setup (RULES.md §3)."""

from __future__ import annotations

from salon.core.game import make_rng
from salon.rococo.config import RococoConfig
from salon.rococo.rules.common import MDB, emit
from salon.rococo.state import EMPTY, Player, State
from salon.rococo.tables import Tables


def new_state(cfg: RococoConfig, t: Tables, seed: int) -> State:
    s = State.__new__(State)
    s.cfg = cfg
    s.t = t
    s.n = n = cfg.seats
    s.rng = rng = make_rng(seed)
    ds = t.ds
    b = ds.board
    s.round = 1
    s.phase = "setup"
    # R-SETUP-10: the start player is configurable, random by default
    s.start_player = cfg.start_player if cfg.start_player is not None else rng.below(n)
    s.turn_seat = s.start_player
    s.turn_card = EMPTY
    s.j_stack = []
    s.m_stack = []
    # R-SETUP-3: levels shuffled separately, VI at the bottom ... I on top (end of list)
    s.deck = []
    for level in range(6, 0, -1):
        packet = [c.index for c in t.cards[: t.deck_size] if c.level == level]
        if cfg.has("jewelry_box") and level in (5, 2):
            packet = _exam_packet(s, packet, level)
        rng.shuffle(packet)
        s.deck.extend(packet)
    s.display = [EMPTY] * b.hire_spaces
    s.res_bag = list(range(len(ds.tiles)))  # R-SETUP-4 (Noble tiles included, R-NOBLE-1)
    s.drawers = [EMPTY] * (b.drawers * b.drawer_spaces)
    s.res_discard = []
    # R-SETUP-5; Festive tiles wait until the end of Phase 1 of round 1 (R-FEST-1)
    s.gar_bag = [g.index for g in ds.garments if g.expansion != "festive"]
    s.festive_box = [g.index for g in ds.garments if g.expansion == "festive"]
    s.windows = [EMPTY] * len(b.window_costs)
    s.gar_discard = []
    s.making = EMPTY
    s.guest = [EMPTY] * len(b.guest_spaces)
    s.guest_owner = [EMPTY] * len(b.guest_spaces)
    s.deco = [EMPTY] * len(b.decorations)
    s.all_halls = [EMPTY] * len(b.all_halls_vp)
    s.terrace = [EMPTY] * len(b.decorations)
    s.favour = EMPTY  # R-SETUP-2: on its space
    s.boxed = []
    s.unseen = []
    s.promoted = []  # cards taken from an exam stack, unplayed: secret while in a hand or staff
    s.players = []
    for seat in range(n):  # R-SETUP-6, R-SETUP-9
        p = Player()
        p.livres = ds.rules.start_livres
        p.thread = ds.rules.start_thread
        p.lace = ds.rules.start_lace
        p.supply = [c.index for c in t.cards if c.owner == seat]
        s.players.append(p)
    s.stack = [("round_start",)]
    s.events = []
    s.breakdown = [{} for _ in range(n)]
    s.money_left = [0] * n
    s.over = False
    s.rent_jewel = EMPTY
    s.mdb_supply, s.mdb_hand, s.mdb_discard = [], [], []
    if cfg.solo:  # R-SOLO-SETUP-2..5: Madame du Barry is seat 1
        mdb = s.players[MDB]
        mdb.livres = 0
        s.start_player = MDB
        s.turn_seat = MDB
    jb = ds.jewelry_box
    s.jewel_bag = list(range(len(jb.jewels))) if jb else []  # R-JB-SETUP-1
    s.jewel_display = [EMPTY] * len(jb.display_prices) if jb else []
    s.jewels_boxed = []
    if jb:  # R-JB-SETUP-5: one secret specialized apprentice each, the rest to the box
        specialists = [c.index for c in t.cards if c.group == "specialist"]
        rng.shuffle(specialists)
        for seat, p in enumerate(s.players):
            if not (cfg.solo and seat == MDB):  # R-SOLO-SETUP-6: none for her
                p.specialist = specialists.pop()
        s.unseen = specialists  # back to the box unseen: not among the public removed cards
    emit(s, "setup", players=n, side=b.side, start_player=s.start_player)
    return s


def _exam_packet(s: State, packet: list[int], level: int) -> list[int]:
    """R-JB-SETUP-2/3: level V gives up its Masters (level II its Journeymen) to the exam
    stack with the 9 new cards; the stack is shuffled and its top 2 go back into the packet."""
    t = s.t
    kind, group = ("master", "exam_master") if level == 5 else ("journeyman", "exam_journeyman")
    stack = [c for c in packet if t.cards[c].type == kind] + [c.index for c in t.cards if c.group == group]
    s.rng.shuffle(stack)
    keep = [c for c in packet if t.cards[c].type != kind] + [stack.pop(), stack.pop()]
    if level == 5:
        s.m_stack = stack
    else:
        s.j_stack = stack
    return keep
