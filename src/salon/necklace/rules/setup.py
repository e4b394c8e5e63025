"""Setup (RULES.md §2): the tiles, the deal, the Merchants in the draw pile, the first market."""

from __future__ import annotations

from salon.core.game import make_rng
from salon.core.rng import BaseRng
from salon.necklace.config import NecklaceConfig
from salon.necklace.kinds import ASTROLOGER, MERCHANT, NECKLACE
from salon.necklace.models import RulesModel
from salon.necklace.pieces import DataSet
from salon.necklace.rules.common import emit
from salon.necklace.rules.registry import push
from salon.necklace.state import EMPTY, State


def new_state(cfg: NecklaceConfig, ds: DataSet, seed: int) -> State:
    r = ds.rules
    s = State.__new__(State)
    s.cfg = cfg
    s.ds = ds
    s.n = n = cfg.players
    s.rng = rng = make_rng(seed)
    s.events = []
    s.stack = []
    # QN-SETUP-2/3: Fashion tiles +30 ... +0 from left to right, a random Gem tile under each
    s.fashion = list(range(len(ds.gem_names)))
    rng.shuffle(s.fashion)
    # QN-SETUP-5: the Merchants aside, the other cards shuffled (top of a list = its last card)
    merchants = [c.index for c in ds.cards if c.kind == MERCHANT]
    deck = [c.index for c in ds.cards if c.kind != MERCHANT]
    rng.shuffle(deck)
    # QN-SETUP-6: four cards each, dealt from the top
    s.hands = []
    for _ in range(n):
        s.hands.append([deck.pop() for _ in range(r.hand_size)])
    # QN-SETUP-7: a dealt Astrologer is given back and replaced (again if the replacement is one);
    # the Astrologers given back are shuffled into the undealt cards afterwards
    returned: list[int] = []
    for hand in s.hands:
        for i, c in enumerate(hand):
            while ds.cards[c].kind == ASTROLOGER and deck:
                returned.append(c)
                c = deck.pop()
            hand[i] = c
    if returned:
        deck.extend(returned)
        rng.shuffle(deck)
    s.pile = _insert_merchants(rng, deck, merchants, last_merchant_window(cfg, r))
    s.out = []
    s.market = [EMPTY] * r.market_size
    s.price = [0] * r.market_size
    # QN-SETUP-10: the top five cards face up, each at its highest price
    for slot in range(r.market_size):
        s.market[slot] = s.pile.pop()
    s.scores = [0] * n  # QN-SETUP-12
    s.active = cfg.start_player if cfg.start_player is not None else rng.below(n)  # QN-SETUP-11
    s.turn_no = 0
    s.phase = "setup"
    s.ducats = 0  # QN-SETUP-12: ducats exist only inside a turn
    s.bought = 0
    s.held = []
    s.sales = 0
    s.delayed = []
    s.limbo = []
    s.cardinal_by = EMPTY
    s.shown = [[] for _ in range(n)]
    s.shown_type = [[] for _ in range(n)]
    s.revealed = False
    s.rarity = []
    s.peeks = [[None] * n for _ in range(n)]
    s.breakdown = [{} for _ in range(n)]
    s.over = False
    emit(s, "setup", None, fashion=[ds.gem_names[g] for g in s.fashion], first=s.active,
         market=[ds.cards[c].id for c in s.market])
    for seat, hand in enumerate(s.hands):  # QN-SETUP-8: the necklace token shows its holder
        if any(ds.cards[c].kind == NECKLACE for c in hand):
            emit(s, "necklace", seat, how="dealt")
    push(s, ("turn", s.active))
    return s


def last_merchant_window(cfg: NecklaceConfig, r: RulesModel) -> int:
    """QN-SETUP-9: among how many cards at the bottom of the pile the third Merchant lies
    (the rulebook's five; six under the earlier procedure, kept for games stored with it)."""
    return r.merchant_bottom + (1 if cfg.third_merchant_in_last_six else 0)


def _insert_merchants(rng: BaseRng, undealt: list[int], merchants: list[int], last: int) -> list[int]:
    """QN-SETUP-9 / QN-AMB-5: split the undealt cards top to bottom into stacks of
    ceil(N/3), ceil((N - that)/2) and the rest; a Merchant goes under each of the first two,
    the third is shuffled with the bottom ``last - 1`` cards, so that it lies, uniformly,
    among the last ``last`` cards of the pile.  Returns the pile, top card last."""
    top_down = undealt[::-1]
    n = len(top_down)
    a = -(-n // 3)
    b = -(-(n - a) // 2)
    first, second, third = top_down[:a], top_down[a:a + b], top_down[a + b:]
    keep = max(0, len(third) - (last - 1))
    tail = [*third[keep:], *merchants[2:]]
    rng.shuffle(tail)
    pile = [*first, *merchants[:1], *second, *merchants[1:2], *third[:keep], *tail]
    return pile[::-1]
