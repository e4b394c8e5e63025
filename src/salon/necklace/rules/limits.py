"""The bounds the rules put on one game of The Queen's Necklace (salon.core.game.Limits):
the most decisions its seats can be asked for, and the lowest and highest final score.

Tools size buffers and scale returns by them (OpenSpiel's maximum game length and utility
bounds), so they must hold for every legal game, however contrary its players; they are
therefore worked out from the rules' constants and the component data (rules.toml,
cards.toml), never measured.  tests/necklace/test_limits.py checks them against many played
games and keeps them within a small factor of the longest.

Decisions.  Every kind of decision the rules register is counted on its own
(:func:`decision_bounds`); the terms that grow with the game's length rest on a bound on its
turns (:func:`turns`).  The argument for it: until the last Merchant is drawn the pile is
not empty, so every Devaluation refills the whole market (QN-DEV-3) and each purchase phase
offers ``market_size`` cards, while a card is on offer in at most ``ladder_length`` purchase
phases before its ring reaches the crossed-out space (QN-DEV-2, QN-AMB-4) and no card enters
the market twice.  The turns up to that draw are thus at most the market's card-phases,
``ladder_length`` times the cards that can ever be displayed, over the slots filled in each
phase.  That is reachable in principle: a player who buys only the card about to be
discarded lets every card stay its full time.  After the last draw only delayed sales remain
(QN-CARDINAL-3), each due within a round.

Scores.  A seat gains livres only by selling (QN-SELL) and by the Necklace's bounty, and
loses them only by that bounty (QN-NECKLACE-3); each term is the most one seat can take of
it, summed over the game's sales, with every Ring, Banker and King counted once, since every
presented card leaves the game (QN-SALE-9).
"""

from __future__ import annotations

from typing import Final

from salon.core.game import Limits
from salon.necklace.components import packaged
from salon.necklace.config import NecklaceConfig
from salon.necklace.kinds import (
    ALCHEMIST,
    BANKER,
    CARDINAL,
    FORGER,
    GEM,
    INFLUENCE,
    KING,
    MERCHANT,
    MUSKETEER,
    NECKLACE,
    QUEEN,
    RING,
    SALE,
)
from salon.necklace.pieces import DataSet

KINGS_PER_SALE: Final = 1
"""QN-KING-3: a seat presents at most one King per sale."""


def limits(cfg: NecklaceConfig) -> Limits:
    """The Limits of a game with ``cfg`` and the packaged components."""
    ds = packaged()
    return Limits(decisions=sum(decision_bounds(cfg, ds).values()),
                  scores=(lowest_score(ds), highest_score(cfg, ds)))


def copies(ds: DataSet, *kinds: int) -> int:
    """How many cards of these kinds the deck holds."""
    return sum(len(ds.of_kind[k]) for k in kinds)


def displayable(cfg: NecklaceConfig, ds: DataSet) -> int:
    """The cards that can ever be on display in the market: every playing card but the
    Merchants, which are never displayed (QN-MERCH-1), and the starting hands (QN-SETUP-5/6).
    Each is displayed at most once: a card leaves the market for a hand or out of the game."""
    return len(ds.cards) - copies(ds, MERCHANT) - cfg.players * ds.rules.hand_size


def turns(cfg: NecklaceConfig, ds: DataSet) -> int:
    """The most turns a game can begin (see the module's docstring).

    Up to the draw of the last Merchant: ``ladder_length`` purchase phases per displayed card
    (QN-DEV-2), over ``market_size`` cards on offer in each (QN-DEV-3, QN-SETUP-10); when a
    delayed Merchant's slot waits for the next refill (QN-AMB-7 read otherwise), each Cardinal
    leaves one slot empty for one phase.  Then: a delayed sale falls due at the end of its
    Cardinal's player's next turn, at most ``players - 1`` turns on (QN-CARDINAL-3/4), once,
    or once per Cardinal when a sale coming due may be delayed again (QN-AMB-8's earlier
    reading); the game ends with the third sale (QN-END-1, QN-AMB-27)."""
    r = ds.rules
    cardinals = copies(ds, CARDINAL)
    idle_slots = 0 if cfg.cardinal_refill_at_once else cardinals
    until_last_merchant = (r.ladder_length * displayable(cfg, ds) + idle_slots) // r.market_size
    delays = cardinals if cfg.cardinal_when_due else min(cardinals, 1)
    return until_last_merchant + (cfg.players - 1) * delays


def asked(cfg: NecklaceConfig, seats: int, held: int) -> int:
    """How many seats a reaction window asks: every seat it may ask while holders are
    concealed (QN-INFO-1), else only the seats holding one of the ``held`` cards."""
    return seats if cfg.conceal_holders else min(seats, held)


def decision_bounds(cfg: NecklaceConfig, ds: DataSet) -> dict[str, int]:
    """The most decisions of each kind one game can ask for, every seat together."""
    r = ds.rules
    n = cfg.players
    t = turns(cfg, ds)
    forgers = copies(ds, FORGER)
    # QN-DEV-4, QN-QUEEN-1, QN-AMB-9: a window per gem card (amber too, unless the config
    # says otherwise) refilled into the market; the first five are laid out, not refilled
    queen_gems = sum(1 for c in ds.of_kind[GEM] if cfg.queen_on_amber or ds.cards[c].gem in ds.precious)
    queen_windows = min(queen_gems, displayable(cfg, ds) - r.market_size)
    cardinals = copies(ds, CARDINAL)
    # QN-CARDINAL-1, QN-AMB-8: a window per Merchant drawn, and per delayed sale coming due
    cardinal_windows = copies(ds, MERCHANT) + (cardinals if cfg.cardinal_when_due else 0)
    return {
        # QN-INF-1/4/5, QN-MUSKETEER-4: a `done` per turn; each play spends an influence card
        # or three Musketeers for good
        "influence": t + copies(ds, *INFLUENCE) + copies(ds, MUSKETEER) // r.musketeers_for_necklace,
        # QN-FORGER-2/3: each Forger asks its victim once to answer and once to discard
        "forger_response": forgers,
        "forger_discard": forgers,
        # QN-BUY-5/6: a `done` per turn; each displayed card is bought at most once
        "buy": t + displayable(cfg, ds),
        "queen": queen_windows * asked(cfg, n if cfg.queen_active_player else n - 1, copies(ds, QUEEN)),
        # QN-CARDINAL-2: the other seats
        "cardinal": cardinal_windows * asked(cfg, n - 1, cardinals),
        # QN-SALE-2/7/9: a `done` per seat and sale (QN-MERCH-3); each grey card is presented
        # once, then leaves the game
        "present": r.sales * n + copies(ds, *SALE),
        # QN-SALE-8: once per seat and sale at most
        "alchemist": r.sales * asked(cfg, n, copies(ds, ALCHEMIST)),
    }


def necklace_sales(ds: DataSet) -> int:
    """The sales in which a Necklace can be presented: each Necklace in one, since it leaves
    the game after it (QN-NECKLACE-4)."""
    return min(copies(ds, NECKLACE), ds.rules.sales)


def lowest_score(ds: DataSet) -> int:
    """Sales never cost livres (QN-SELL-3/4); a seat loses the bounty for each of its Kings
    on a Necklace's type (QN-NECKLACE-3), one King a sale (QN-KING-3)."""
    r = ds.rules
    return -r.necklace_bounty * min(copies(ds, KING), KINGS_PER_SALE * necklace_sales(ds))


def highest_score(cfg: NecklaceConfig, ds: DataSet) -> int:
    """What one seat can earn at most:

    * selling every gem type in every sale, at fashion + rarity (QN-SELL-1/3, QN-RAR-4): both
      sets of tiles' values, summed;
    * one jewel more per Ring at the best price (QN-RING-2), each Ring presented once;
    * the Bankers' bonus per jewel (QN-BANKER-2/3, QN-SELL-4): each Banker on every type of
      its sale, and the Rings' jewels in one sale with as many Bankers as count there
      (QN-AMB-17: one, unless they stack);
    * the bounty of every other seat's King on its Necklace's type (QN-NECKLACE-3, QN-KING-3)."""
    r = ds.rules
    types = len(ds.gem_names)
    rings, bankers, kings = copies(ds, RING), copies(ds, BANKER), copies(ds, KING)
    sold = r.sales * (sum(r.fashion_values) + sum(r.rarity_values))
    ringed = rings * (max(r.fashion_values) + max(r.rarity_values))
    banked = r.banker_bonus * (types * bankers + (bankers if cfg.bankers_stack else min(bankers, 1)) * rings)
    bounty = r.necklace_bounty * min(kings, (cfg.players - 1) * KINGS_PER_SALE * necklace_sales(ds))
    return sold + ringed + banked + bounty
