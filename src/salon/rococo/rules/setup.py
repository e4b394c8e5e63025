"""Setup (RULES.md §3)."""

from __future__ import annotations

from salon.core.rng import Rng, derive_seed
from salon.rococo.config import RococoConfig
from salon.rococo.rules.common import emit
from salon.rococo.state import EMPTY, Player, State
from salon.rococo.tables import Tables


def new_state(cfg: RococoConfig, t: Tables, seed: int) -> State:
    s = State.__new__(State)
    s.cfg = cfg
    s.t = t
    s.n = n = cfg.players
    s.rng = rng = Rng(derive_seed(seed))
    ds = t.ds
    b = ds.board
    s.round = 1
    s.phase = "setup"
    # R-SETUP-10: the start player is configurable, random by default
    s.start_player = cfg.start_player if cfg.start_player is not None else rng.below(n)
    s.turn_seat = s.start_player
    s.turn_card = EMPTY
    # R-SETUP-3: levels shuffled separately, VI at the bottom ... I on top (end of list)
    s.deck = []
    for level in range(6, 0, -1):
        packet = [c.index for c in t.cards[: t.deck_size] if c.level == level]
        rng.shuffle(packet)
        s.deck.extend(packet)
    s.display = [EMPTY] * b.hire_spaces
    s.res_bag = list(range(len(ds.tiles)))  # R-SETUP-4
    s.drawers = [EMPTY] * (b.drawers * b.drawer_spaces)
    s.res_discard = []
    s.gar_bag = list(range(len(ds.garments)))  # R-SETUP-5
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
    emit(s, "setup", players=n, side=b.side, start_player=s.start_player)
    return s
