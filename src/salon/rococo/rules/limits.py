"""The bounds every Rococo game of one config keeps (:class:`salon.core.game.Limits`), derived
from the rules' constants and the components of the config's tables, never measured; they hold
for every ruling option of RULES.md §17.

**Decisions** are the steps registered with ``decision(...)`` in this package; players take
them all (Madame du Barry's turns run by themselves, and the one choice a person takes for her,
``mdb_remove``, is the human's).  :func:`decision_terms` counts them by kind, each kind capped by
what the rules let a game use up:

* turns, each playing one hand card (R-PH3-4): the 3 cards a round of Phase 2 (R-PH2-5), the
  cards hired from a display that shows 4 new cards a round (R-PH1-B-2), each player's
  specialized apprentice once (R-JB-HIRE-1), the exam stacks' cards, never refilled (A-39);
* bonus uses: one a turn, and one more for each use that makes another card's bonus resolve
  (R-BON-GEN-6).  A card's bonus resolves for its owner at most once a round -- played, or
  replayed from the supply, it lies on the discard until Phase 2 (R-PH2-4) -- from the first
  round it can be in hand (R-ROUND-4), and once more when a level-I dismissal sends it away
  (A-5's re-trigger is that once); a copy (R-BON-nj_copy_opponent, never of a copy) is one use
  of the copying card;
* what a decision takes for good or until Phase 1: drawer tiles (R-PH1-C-1), window garments
  (R-PH1-D-3), guest and decoration spaces (never freed), jewels (never returned, A-42); each
  tile received is kept or converted once (R-PROC-TILE) and handed in at most once.  Each
  player has 3 main actions a round besides hires and exams, since a hire or an exam brings
  exactly the card that plays its turn back (R-ACT-HIRE-3, R-JB-EXAM-J-3): acquisitions,
  tailorings and finances share them, counted at the split that brings the most decisions;
* each point bought costs livres (R-NUM-36): the livres the buying players can gain.

**Scores.**  No rule takes points away, and a seat may end with none (R-NUM-18): the lowest is
0.  The highest (:func:`player_terms`, :func:`madame_terms`) sums the best every source of points
could give one seat on its own -- the sources compete for the same turns, so no game comes near
the sum.  Livres, tiles and thread or lace count at the best rate at which the rules turn them
into points (:func:`rates`); main actions pay at most a sale, the favour or a send-away, or
bring a tile; a tailored garment is sold or rented (R-ACT-TAILOR-7), and the bound takes the
best split; every bonus use counts on the most the seat can hold in its round: the garments
the windows have offered by then, the jewels rented with them, every decoration it may own.
Madame du Barry gains at most 3 points a turn (R-SOLO-GEN-4, R-SOLO-FAV-1) over 4 turns a
round and one more per hire or exam (R-SOLO-PH3-2), besides the board, her staff's end bonuses
and her tiles (R-SOLO-END-1..3).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import ceil
from typing import Final

from salon.core.game import Limits
from salon.rococo.pieces import Employee, Jewel
from salon.rococo.rules.bonuses import END_GAME
from salon.rococo.rules.finance import ONE_PER_PLAYER
from salon.rococo.rules.holdings import Gain, Holding, box, effects, gain, holding, rentable
from salon.rococo.rules.solo import FALLBACK_VP
from salon.rococo.rules.solo import HAND as MADAME_HAND
from salon.rococo.tables import Tables

CHAINED: Final = frozenset({"l1_dismiss_use_bonus", "nj_replay_from_supply", "nj_copy_opponent"})
"""Bonuses that make another card's bonus resolve (R-BON-GEN-6)."""
COPY: Final = frozenset({"nj_copy_opponent"})
BAG_DRAWS: Final = frozenset({"l1_pay1_draw_bag", "l1_draw_bag_free"})
ACQUIRE_GRANTS: Final = frozenset({"start_extra_acquire", "l1_extra_acquire"})
TAILOR_GRANTS: Final = frozenset({"l2_tailor_less_blue_or_pink", "l4_tailor_less_green", "nj_tailor_sell_vp"})
FINANCE_GRANTS: Final = frozenset({"l3_finance_minus5", "l6_finance_minus10"})
CLOSED: Final = frozenset({"l2_tailor_less_blue_or_pink", "l5_silk_to_vp", "l4_buy_vp_4", "l6_buy_vp_3"})
"""Bonuses with one decision of their own besides the components they use: the bale to save
(A-6), or the ``done`` that ends a repeated choice (R-BON-l5_silk_to_vp, R-BON-GEN-1)."""
BUYS: Final = {"l4_buy_vp_4": "vp_price_l4", "l6_buy_vp_3": "vp_price_l6"}
"""R-NUM-36: the bonuses that buy points, with their price's parameter."""
SETS: Final = frozenset({"l6_end_thread_lace_sets"})
STACKS: Final = {"journeyman": (2, "exam_journeyman"), "master": (5, "exam_master")}
"""R-JB-SETUP-2/3: each exam stack takes its level's deck cards of its type and the new cards
of its group, and gives its top :data:`RETURNED` back to that level's packet."""
RETURNED: Final = 2
JEWEL_SET: Final = (("necklace", "blue"), ("necklace", "green"), ("ring", "pink"), ("ring", "orange"))
"""R-BON-nm_end_jewel_sets: one complete set."""


# --- turns and bonus uses

def humans(t: Tables) -> int:
    """The seats that decide: all but Madame du Barry's in the solo mode (RULES.md §14)."""
    return t.n - 1 if t.ds.solo_cards else t.n


def main_actions(t: Tables) -> int:
    """A player's main actions besides hires and exams: 3 a round (R-NUM-1, R-PH2-5), since a
    hire or an exam brings exactly the card that plays its turn back (R-ACT-HIRE-3,
    R-JB-HIRE-2, R-JB-EXAM-J-3)."""
    return t.ds.rules.rounds * t.ds.rules.hand_size


def hires(t: Tables) -> int:
    """Cards hired from the display: at most every card it shows, 4 a round (R-NUM-4, R-PH1-B-2),
    from a deck that is never refilled (R-ROUND-3)."""
    return min(t.deck_size, t.ds.rules.rounds * t.ds.board.hire_spaces)


@cache
def stack(t: Tables, kind: str) -> int:
    """The cards of one exam stack (R-NUM-38: 9); none without the Jewelry Box."""
    if t.ds.jewelry_box is None:
        return 0
    level, group = STACKS[kind]
    return sum(1 for c in t.cards if c.group == group or (c.group, c.level, c.type) == ("deck", level, kind)) - RETURNED


def exam_cards(t: Tables) -> int:
    """Cards taken from the exam stacks, by exams (R-JB-EXAM-J-3, M-3) or by Madame du Barry's
    (R-SOLO-EXAM-J): the stacks are never refilled (A-39)."""
    return stack(t, "journeyman") + stack(t, "master")


def turns(t: Tables, players: int) -> int:
    """The turns of ``players`` players together, each playing one hand card (R-PH3-4): 3 hand
    cards a round each (R-PH2-5), every card hired, each one's specialized apprentice once
    (R-JB-HIRE-1), every exam card (R-PH3-3)."""
    specialists = players if t.ds.jewelry_box is not None else 0
    return players * main_actions(t) + hires(t) + specialists + exam_cards(t)


def first_round(t: Tables, card: Employee) -> int:
    """The first round ``card`` can be in a hand: round 1 for start cards, specialized
    apprentices and the exam stacks' cards (an exam may hand those out at any time; the Jewelry
    Box puts the deck's level-II Journeymen and level-V Masters in the stacks, R-JB-SETUP-2/3);
    else the round the display reaches its level in the deck, stacked by level with level I on
    top (R-SETUP-3) and revealed 4 cards a round (R-PH1-B-2, R-ROUND-4; the Jewelry Box keeps
    every packet's size, R-JB-SETUP-4)."""
    stacked = t.ds.jewelry_box is not None and STACKS.get(card.type, (0, ""))[0] == card.level
    if card.group != "deck" or stacked:
        return 1
    above = sum(1 for c in t.cards[: t.deck_size] if c.level < card.level)
    return 1 + above // t.ds.board.hire_spaces


@cache
def use_rounds(t: Tables, card: Employee) -> tuple[int, ...]:
    """The rounds of the uses ``card``'s bonus can have for its owner: one a round from its first
    round, and one more (counted in the last) when a level-I dismissal sends it away."""
    rounds = t.ds.rules.rounds
    return (*range(first_round(t, card), rounds + 1), rounds)


def uses(t: Tables, cards: Sequence[Employee]) -> int:
    return sum(len(use_rounds(t, c)) for c in cards)


@cache
def with_bonus(t: Tables, bonuses: frozenset[str]) -> tuple[Employee, ...]:
    """The cards with one of ``bonuses`` that a player can play: not Madame du Barry's start
    cards, which are never played (R-SOLO-SETUP-3)."""
    return tuple(c for c in t.cards if c.bonus in bonuses and not (c.group == "start" and c.owner >= humans(t)))


@cache
def holdable(t: Tables) -> tuple[Employee, ...]:
    """The cards one seat can have: the deck's and the exam stacks', its own start cards
    (R-SETUP-6) and one specialized apprentice (R-JB-SETUP-5)."""
    specialist = [c for c in t.cards if c.group == "specialist"][:1]
    return tuple(c for c in t.cards if c.group not in ("start", "specialist") or c.owner == 0) + tuple(specialist)


def copies(t: Tables) -> int:
    """Copies of other cards' bonuses: one per use of a copying card (R-BON-nj_copy_opponent)."""
    return uses(t, with_bonus(t, COPY))


def chained(t: Tables) -> int:
    """Bonus uses that make another card's bonus resolve (R-BON-GEN-6), copied ones included."""
    return uses(t, with_bonus(t, CHAINED)) + copies(t)


def granted_tailorings(t: Tables) -> int:
    """R-PROC-GRANT: a tailoring per use of a bonus that grants one, and per copy."""
    return uses(t, with_bonus(t, TAILOR_GRANTS)) + copies(t)


def main_action_decisions(t: Tables) -> int:
    """The most decisions of acquisitions, bag draws, tailorings and finances in one game: a tile
    from the display brings three (taken, kept or converted, handed in at most once), a tile
    from the bag two, a tailoring two (the garment, its sale or rent), a finance one; the
    players' main actions go first to the kinds that bring the most, so that no other split
    brings more.  Display tiles: the drawers' tiles, refilled in Phase 1 only (R-PH1-C-1), taken
    by main actions (R-ACT-RES-2), granted acquisitions, guest-space rewards (R-ACT-TAILOR-11, one
    a space) and the Exquisite tile (A-4).  Bag tiles: bonus draws (R-PROC-BAG), jewels matching
    their garment (R-JB-JEWEL-3, one a jewel), the Exquisite tile from the bag (A-4).
    Tailorings: the windows' garments, refilled in Phase 1 only (R-PH1-D-3), by main actions or
    granted (R-PROC-GRANT).  Finances: the decoration spaces (R-ACT-FIN-2), by main actions or
    granted.  A copy may be any granted action (R-BON-nj_copy_opponent)."""
    r = t.ds.rules
    b = t.ds.board
    jb = t.ds.jewelry_box
    main = humans(t) * main_actions(t)
    exquisite_tiles = sum(1 for g in t.ds.garments if g.effect == "exq_resource_tile")
    free_tiles = (uses(t, with_bonus(t, ACQUIRE_GRANTS)) + copies(t) + exquisite_tiles
                  + sum(1 for s in b.guest_spaces if s.reward == "tile"))
    display_tiles = min(r.rounds * b.drawers * b.drawer_spaces, main + free_tiles)
    main -= max(0, display_tiles - free_tiles)
    tailorings = min(r.rounds * len(b.window_costs), main + granted_tailorings(t))
    main -= max(0, tailorings - granted_tailorings(t))
    finances = min(len(b.decorations), main + uses(t, with_bonus(t, FINANCE_GRANTS)) + copies(t))
    bag_tiles = (uses(t, with_bonus(t, BAG_DRAWS)) + copies(t) + (len(jb.jewels) if jb is not None else 0)
                 + exquisite_tiles)
    return 3 * display_tiles + 2 * bag_tiles + 2 * tailorings + finances


# --- livres

def livre_price(t: Tables) -> int:
    """The fewest livres a point costs: a bought one (R-NUM-36) or 10 at the end (R-SCORE-1-1)."""
    prices: list[int] = [getattr(t.ds.bonus, price) for bonus, price in BUYS.items()
                         if with_bonus(t, frozenset({bonus}))]
    return min([t.ds.rules.livres_per_vp, *prices])


@cache
def sale_values(t: Tables) -> tuple[int, ...]:
    """The sale values of every garment the windows can offer, best first: each round a garment
    a window at most (R-PH1-D-3); the bag holds every garment once and refills only when empty
    (R-PH1-D-4), so a garment comes again only after all the bag's garments have come."""
    draws = t.ds.rules.rounds * len(t.ds.board.window_costs)
    values = [g.value for g in t.ds.garments]
    in_bag = sum(1 for g in t.ds.garments if g.expansion != "festive")  # R-SETUP-5, R-FEST-1
    return tuple(sorted(values + [max(values)] * max(0, draws - in_bag), reverse=True)[:draws])


def paying_actions(t: Tables, players: int, rented: int) -> list[int]:
    """The livres of every main action or granted tailoring that can pay, best first: the sale
    of a garment drawn and not rented (R-ACT-TAILOR-7, R-ACT-TAILOR-13), the favour once a round
    (R-ACT-FAVOUR-3), a send-away (R-ACT-SEND-4, R-EXQ-4) of each card beyond the minimum staff
    (R-STAFF-2): the start cards and every card hired (an exam swaps one for another,
    R-STAFF-3)."""
    r = t.ds.rules
    specialists = players if t.ds.jewelry_box is not None else 0
    removable = players * (len(t.ds.start_cards) - r.min_staff) + hires(t) + specialists
    sales = sale_values(t)[: max(0, len(sale_values(t)) - rented)]
    sends = [max(c.send_value for c in t.cards)] * removable
    return sorted([*sales, *sends, *[r.favour_livres] * r.rounds], reverse=True)


def income(t: Tables, players: int, decorations: int, rented: int) -> int:
    """R-PH4-2..6: 5 livres a round each, a livre per decoration (kitchen left), rented garment
    (kitchen right) and jewel held by then."""
    r = t.ds.rules
    per_jewel = box(t).jewel_income if t.ds.jewelry_box is not None else 0
    held = [holding(t, k, rented) for k in range(1, r.rounds + 1)]
    return sum(players * r.base_income + decorations + h.garments + per_jewel * h.jewels for h in held)


def best_uses(t: Tables, cards: Sequence[Employee], players: int, rented: int, value: Callable[[Gain], int]) -> int:
    """The most ``players``' uses of ``cards``' bonuses (and copies) are worth by ``value``, each
    on the most its seat can hold in its round (:func:`use_rounds`), a copy as the best any
    bonus gives.  A bonus that makes another resolve gives nothing itself (R-BON-GEN-6), so a
    turn brings one use worth anything at most: the best uses, as many as the turns."""
    final = holding(t, t.ds.rules.rounds, rented)
    best_copy = max(value(gain(t, c.bonus, final)) for c in t.cards)
    worths = [value(gain(t, c.bonus, holding(t, k, rented))) for c in cards for k in use_rounds(t, c)]
    return sum(sorted(worths + [best_copy] * copies(t), reverse=True)[: turns(t, players)])


def livres(t: Tables, players: int) -> int:
    """The livres ``players`` players together can gain, at the best split of the garments
    between sold and rented: start money (R-SETUP-9), income (every decoration space at most),
    the best paying actions, the guest spaces' livres (R-ACT-TAILOR-11), the best bonus uses of
    the cards they can have, the Exquisite livres."""
    r = t.ds.rules
    b = t.ds.board
    tailorings = players * main_actions(t) + granted_tailorings(t)
    cards = [c for c in t.cards if c.group != "start" or c.owner < players]

    def split(rented: int) -> int:
        final = holding(t, r.rounds, rented)
        return (players * r.start_livres + income(t, players, len(b.decorations), rented)
                + sum(paying_actions(t, players, rented)[: tailorings - rented])
                + sum(s.reward_livres for s in b.guest_spaces)
                + best_uses(t, cards, players, rented, lambda g: g.livres)
                + sum(g.livres for g in effects(t, final)))

    return max(split(rented) for rented in range(min(rentable(t), tailorings) + 1))


def buyers(t: Tables) -> int:
    """The players who can buy points: each card that buys or copies belongs to one player at
    most (R-NUM-36, R-BON-nj_copy_opponent)."""
    return min(humans(t), len(with_bonus(t, frozenset(BUYS) | COPY)))


# --- decisions

def decision_terms(t: Tables) -> dict[str, int]:
    """The most decisions one game asks of all players together, by the decision kinds (the
    steps registered with ``decision``) that each term counts."""
    r = t.ds.rules
    players = humans(t)
    jb = t.ds.jewelry_box
    fireworks = len(t.fireworks)
    return {
        # R-PH2-2/3: a decision per card chosen, 3 a round at most
        "hand": players * r.rounds * r.hand_size,
        # R-PH3-4 (a)-(b): a card played, then a main action or none
        "play, main": 2 * turns(t, players),
        # R-PH3-4 (c), R-BON-GEN-6
        "bonus": turns(t, players) + chained(t),
        "hire": hires(t) + (players if jb is not None else 0),
        # R-JB-EXAM-J-3 / M-3: the card chosen; A-3: the card a person removes for Madame du Barry
        "promote, mdb_remove": exam_cards(t),
        "acquire, fate, give, silk_vp, tailor, dispose, finance": main_action_decisions(t),
        # A-6's bale, and the "done" that ends silk_vp and buy
        "reduce, silk_vp, buy": uses(t, with_bonus(t, CLOSED)) + copies(t),
        # only a kept tile fulfils two tasks (J1 and J2) at once, so once per Journeyman
        # exam a player prepares: the first, then one after each Master exam (R-JB-EXAM-1)
        "task": players + stack(t, "master") if jb is not None else 0,
        # R-JB-JEWEL-1: an offer per garment rented, one a guest space; R-EXQ-4's free jewel
        "jewel": len(t.ds.board.guest_spaces) + sum(1 for g in t.ds.garments if g.effect == "exq_free_jewel")
        if jb is not None else 0,
        # R-EXQ-4: each such garment is rented once
        "exq_send": sum(1 for g in t.ds.garments if g.effect == "exq_send_away"),
        # R-NUM-36: each point bought costs livres of a player who can buy
        "buy": livres(t, buyers(t)) // livre_price(t),
        # R-SCORE-2-1: a choice per card with this crown
        "sets": len(with_bonus(t, SETS)),
        # R-SCORE-5-1: a move per fireworks space, and a "done" per player with one
        "terrace": fireworks + min(players, fireworks),
    }


# --- scores

@dataclass(frozen=True)
class Rates:
    """The most points a livre, a tile and a thread or lace can turn into, in units of
    1/``unit`` point (whole numbers keep the sums exact and quick)."""

    unit: int
    livre: int
    tile: int
    goods: int

    def worth(self, g: Gain) -> int:
        return g.vp * self.unit + g.livres * self.livre + g.tiles * self.tile + g.goods * self.goods


@cache
def rates(t: Tables) -> Rates:
    """A livre buys a point at the cheapest price (:func:`livre_price`); a thread or lace is half
    a returned set (R-BON-l6_end_thread_lace_sets); a tile, kept, gives its silk's points
    (R-BON-l5_silk_to_vp: a point an orange or green bale, one per 2 blue or pink, pooled per
    A-36) or, converted, its thread and lace (R-PROC-TILE).  The unit is half a point over the
    price."""
    price = livre_price(t)
    set_vp = t.ds.bonus.thread_lace_set_vp

    def halves(silk: tuple[int, ...], lower: str) -> int:
        blue, pink, green, orange = silk
        return max(2 * (green + orange) + blue + pink, set_vp * (2 if lower == "thread+lace" else int(bool(lower))))

    return Rates(unit=2 * price, livre=2, tile=price * max(halves(x.silk, x.lower) for x in t.ds.tiles),
                 goods=price * set_vp)


def _jewels(t: Tables) -> tuple[Jewel, ...]:
    jb = t.ds.jewelry_box
    return jb.jewels if jb is not None else ()


CROWNS: dict[str, Callable[[Tables, Holding, int], int]] = {
    # R-SCORE-2-1, §12.7, §13.11: a crown card in the staff at the end, on the holding ``h``,
    # with ``sets`` thread-and-lace sets to return
    "l6_end_vp_by_staff": lambda t, h, sets: max(t.ds.bonus.staff_vp_l6.values()),
    "l6_end_thread_lace_sets": lambda t, h, sets: t.ds.bonus.thread_lace_set_vp * sets,
    "l6_end_master_guest_pairs": lambda t, h, sets: t.ds.bonus.master_guest_pair_vp * (h.master_guests // 2),
    "l6_end_dress_coat_pairs": lambda t, h, sets: t.ds.bonus.dress_coat_pair_vp * h.pairs,
    "nm_end_jewel_sets": lambda t, h, sets: box(t).nm_jewel_set_vp * min(
        h.jewels // len(JEWEL_SET), *(sum(1 for j in _jewels(t) if (j.kind, j.colour) == k) for k in JEWEL_SET)),
    "nm_end_necklace_pairs": lambda t, h, sets: box(t).nm_necklace_pair_vp * (h.necklaces // 2),
    "nm_end_vp_per_dec": lambda t, h, sets: h.decorations,
    "nm_end_apprentice_pairs": lambda t, h, sets: box(t).nm_apprentice_pair_vp * (
        sum(1 for c in holdable(t) if c.type == "apprentice") // 2),
}
if frozenset(CROWNS) != END_GAME:  # a new crown must say what it scores at most
    raise ImportError(f"crowns and end-game bonuses differ: {sorted(frozenset(CROWNS) ^ END_GAME)}")


def board_terms(t: Tables, h: Holding) -> dict[str, int]:
    """Final scoring on the holding ``h`` (R-SCORE-2-2 .. R-SCORE-7-2): the most prestigious
    garments, the best of them beside the highest terrace multipliers, first place in a hall
    per garment and in the fireworks, every statue's colours, every decoration the seat may own,
    the best all-halls space, the favour."""
    b = t.ds.board
    decos = b.decorations
    prestige = sorted((g.prestige for g in t.ds.garments), reverse=True)[: h.garments]
    multipliers = sorted((decos[d].multiplier for d in t.fireworks), reverse=True)
    statues = len(t.deco_of_kind["statue"])
    return {
        "garments": sum(prestige),
        "terrace": sum((m - 1) * p for m, p in zip(multipliers, prestige)),
        "halls": sum(sorted((hall.majority[0] for hall in b.halls), reverse=True)[: h.garments]),
        "fireworks": b.fireworks_majority[0],
        "statues": t.ds.rules.statue_vp_per_colour * min(h.garments, sum(min(n, statues) for n in h.colours)),
        "decorations": sum(max((decos[d].vp for d in spaces), default=0) if kind in ONE_PER_PLAYER
                           else sum(decos[d].vp for d in spaces) for kind, spaces in t.deco_of_kind.items()),
        "all halls": max(b.all_halls_vp, default=0),
        "favour": t.ds.rules.favour_end_vp,
    }


def player_terms(t: Tables, rented: int) -> dict[str, Fraction]:
    """The most points of each source for a player who rents ``rented`` garments in the game."""
    r = t.ds.rules
    b = t.ds.board
    rate = rates(t)
    final = holding(t, r.rounds, rented)
    jb = t.ds.jewelry_box
    rewards = [s.reward for s in b.guest_spaces]
    # the main actions and granted tailorings left besides the rented garments' tailorings
    left = main_actions(t) + granted_tailorings(t) - rented
    paying = sorted([v * rate.livre for v in paying_actions(t, 1, rented)] + [rate.tile] * main_actions(t),
                    reverse=True)
    units = {
        # R-SETUP-9, R-PH4-2..6, R-ACT-TAILOR-11
        "livres": (r.start_livres + income(t, 1, final.decorations, rented)
                   + sum(s.reward_livres for s in b.guest_spaces)) * rate.livre,
        # R-SETUP-9, R-ACT-TAILOR-11
        "thread, lace, tiles": (r.start_thread + r.start_lace + rewards.count("thread") + rewards.count("lace"))
        * rate.goods + rewards.count("tile") * rate.tile,
        "main actions": sum(paying[: max(0, left)]),
        "bonuses": best_uses(t, holdable(t), 1, rented, rate.worth),
        "garment effects": sum(map(rate.worth, effects(t, final))),
        # R-JB-EXAM-J-3 / M-3
        "exams": exam_cards(t) * (jb.params.exam_vp if jb is not None else 0) * rate.unit,
        # R-JB-SCORE-1, R-JB-JEWEL-3: a point each at the end, and a tile for a colour match
        "jewels": final.jewels * ((jb.params.jewel_end_vp if jb is not None else 0) * rate.unit + rate.tile),
        **{k: v * rate.unit for k, v in board_terms(t, final).items()},
        # a player's thread and lace count above, at half a set each
        "end bonuses": sum(CROWNS[c.bonus](t, final, 0) for c in with_bonus(t, END_GAME)) * rate.unit,
    }
    return {k: Fraction(v, rate.unit) for k, v in units.items()}


def best_player(t: Tables) -> int:
    """The highest score of a player: the best split between garments sold and rented, each
    rented garment being one of the player's tailorings (R-ACT-TAILOR-7)."""
    tailorings = main_actions(t) + granted_tailorings(t)
    return max(ceil(sum(player_terms(t, rented).values())) for rented in range(min(rentable(t), tailorings) + 1))


def madame_turns(t: Tables) -> int:
    """Madame du Barry's turns: 4 a round (R-SOLO-PH2-1) and one more per hire and exam
    (R-SOLO-PH3-2).  An exam needs every task of its track covered, one a turn (R-SOLO-RES-3,
    R-SOLO-TAI-5, R-SOLO-FIN-5), so at most one turn in the shortest track's length brings one."""
    base = MADAME_HAND * t.ds.rules.rounds + hires(t)
    jb = t.ds.jewelry_box
    if jb is None:
        return base
    track = min(len(jb.journeyman_tasks), len(jb.master_tasks))
    return base * track // (track - 1)


def madame_terms(t: Tables) -> dict[str, int]:
    """The most points of each source for Madame du Barry (RULES.md §14): 3 a turn, by her
    fallback or the favour (R-SOLO-GEN-4, R-SOLO-FAV-1); her exams (R-SOLO-EXAM-J/M); the
    garments' points (A-49); the board with every garment she can rent and every jewel; her
    staff's crowns, with the sets of the thread and lace she starts with and wins on guest
    spaces (she spends none, §14.6); a point per 2 tiles, every tile at most (R-SOLO-END-3)."""
    r = t.ds.rules
    jb = t.ds.jewelry_box
    final = holding(t, r.rounds, rentable(t))
    rewards = [s.reward for s in t.ds.board.guest_spaces]
    sets = min(r.start_thread + rewards.count("thread"), r.start_lace + rewards.count("lace"))
    exams = 0
    if jb is not None:
        exams = madame_turns(t) // min(len(jb.journeyman_tasks), len(jb.master_tasks)) * jb.params.exam_vp
    return {
        "turns": FALLBACK_VP * madame_turns(t),
        "exams": exams,
        "garment effects": sum(g.vp for g in effects(t, final)),
        "jewels": final.jewels * jb.params.jewel_end_vp if jb is not None else 0,
        **board_terms(t, final),
        "end bonuses": sum(CROWNS[c.bonus](t, final, sets) for c in with_bonus(t, END_GAME)),
        "tiles": len(t.ds.tiles) // 2,
    }


def limits(t: Tables) -> Limits:
    """The limits of every game with the tables ``t`` (of one config)."""
    best = best_player(t)
    if t.ds.solo_cards:
        best = max(best, sum(madame_terms(t).values()))
    return Limits(decisions=sum(decision_terms(t).values()), scores=(0, best))
