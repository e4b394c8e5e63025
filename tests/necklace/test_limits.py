"""The bounds of a Queen's Necklace game (salon.necklace.rules.limits): sound, that is never
exceeded by seeded random games at every player count and over the options that change a
game's length, nor by games of the heuristic bot; tight, that is within a small factor of
the longest of those games; and made of the rulebook's numbers, checked here by hand."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, partial
from typing import Any

import pytest

from salon.bots.base import make_bot
from salon.core.game import Limits
from salon.necklace.components import packaged
from salon.necklace.config import NecklaceConfig, parse_config
from salon.necklace.game import Necklace
from salon.necklace.kinds import BANKER, GEM, KING, NECKLACE, RING
from salon.necklace.rules.limits import decision_bounds, displayable, highest_score, limits, lowest_score, turns
from salon.necklace.rules.registry import DECISIONS
from salon.necklace.rules.sale import outcome
from salon.necklace.state import EMPTY

GAMES = 25  # per player count and options: about 3 ms a game
OPTIONS: list[dict[str, Any]] = [
    {},
    {"conceal_holders": False},  # only holders are asked: fewer reactions, a looser ratio
    {"cardinal_when_due": True, "third_merchant_in_last_six": True},  # one more window and delay per Cardinal
    {"cardinal_refill_at_once": False, "queen_on_amber": False, "queen_active_player": False,
     "bankers_stack": False},
]
SLACK = 2
"""How far above the longest sampled game the bounds on decisions and turns may lie.  They
allow for players who stall, buying only the card about to be discarded, which makes some
1.6 times the turns of a random game (limits.turns), and for every card of a kind being
played and every window asking each seat it may; the longest of 300 random games per
config comes within 1.3 to 1.7 times of the bound on decisions."""


@dataclass(frozen=True)
class Sample:
    longest: int  # decisions of the longest game
    turns: int  # turns of the game with the most turns


def cfg_of(players: int, options: dict[str, Any]) -> NecklaceConfig:
    return parse_config({"players": players, **options})


def check_game(g: Necklace, kinds: Counter[str]) -> None:
    """One finished game within every bound; ``kinds`` counts its decisions by kind."""
    cfg, ds = g.config, g.data
    bound = limits(cfg)
    assert sum(kinds.values()) == len(g.history) <= bound.decisions
    per_kind = decision_bounds(cfg, ds)
    assert all(kinds[k] <= per_kind[k] for k in kinds), (dict(kinds), per_kind)
    assert g.s.turn_no <= turns(cfg, ds)
    low, high = bound.scores
    assert all(low <= score <= high for score in g.result().scores)


def play(g: Necklace, choose: Callable[[Necklace], str]) -> Counter[str]:
    """Play ``g`` to its end; its decisions counted by kind."""
    kinds: Counter[str] = Counter()
    while not g.is_over():
        kinds[g.decision()["kind"]] += 1
        g.apply(choose(g))
    return kinds


def random_action(rng: random.Random, g: Necklace) -> str:
    return rng.choice(g.legal_actions())


@cache
def sample(players: int, option: int) -> Sample:
    cfg = cfg_of(players, OPTIONS[option])
    longest = most_turns = 0
    for seed in range(GAMES):
        g = Necklace.new(cfg, seed)
        kinds = play(g, partial(random_action, random.Random(seed)))
        check_game(g, kinds)
        longest, most_turns = max(longest, len(g.history)), max(most_turns, g.s.turn_no)
    return Sample(longest, most_turns)


@pytest.mark.parametrize("option", range(len(OPTIONS)))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_stay_within_the_limits(players: int, option: int) -> None:
    sample(players, option)  # every game is checked as it ends


@pytest.mark.parametrize(("players", "spec", "options"), [
    (3, "heuristic", {}),
    (4, "heuristic:width=1:budget=100", OPTIONS[2]),
])
@pytest.mark.heavy
def test_heuristic_games_stay_within_the_limits(players: int, spec: str, options: dict[str, Any]) -> None:
    g = Necklace.new(cfg_of(players, options), 5)
    bots = [make_bot(spec, 50 + seat) for seat in range(players)]

    def choose(g: Necklace) -> str:
        seat = g.current_player()
        assert seat is not None
        return bots[seat].choose(g)

    check_game(g, play(g, choose))


@pytest.mark.parametrize("option", range(len(OPTIONS)))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_bound_on_decisions_is_not_loose(players: int, option: int) -> None:
    cfg = cfg_of(players, OPTIONS[option])
    found = sample(players, option)
    assert limits(cfg).decisions < SLACK * found.longest
    assert turns(cfg, packaged()) < SLACK * found.turns


def test_every_kind_of_decision_is_bounded() -> None:
    """A decision kind added to the rules without a bound fails here."""
    assert set(decision_bounds(cfg_of(2, {}), packaged())) == set(DECISIONS)


def test_the_description_carries_the_limits() -> None:
    cfg = cfg_of(3, {"conceal_holders": False})
    assert Necklace.describe(cfg).limits == limits(cfg) == Limits(405, (-50, 1100))


def test_terms_from_the_rulebook_numbers_QN_COMP_2_QN_SETUP_6_QN_DEV_2() -> None:
    """By hand: 100 playing cards without the Merchants, 4 each dealt (QN-COMP-2, QN-SETUP-6);
    5 cards on offer a turn (QN-SETUP-10), each for 4 turns (QN-DEV-2, QN-AMB-4); a delayed
    sale due within players - 1 turns (QN-CARDINAL-3), once per Cardinal (2) when a sale coming
    due opens a window (QN-AMB-8), and a slot idle per Cardinal without QN-AMB-7's refill."""
    ds = packaged()
    assert displayable(cfg_of(2, {}), ds) == 92 and displayable(cfg_of(4, {}), ds) == 84
    assert turns(cfg_of(4, {}), ds) == 4 * 84 // 5 + 3 == 70
    assert turns(cfg_of(2, {"cardinal_when_due": True}), ds) == 4 * 92 // 5 + 1 * 2 == 75
    assert turns(cfg_of(2, {"cardinal_refill_at_once": False}), ds) == (4 * 92 + 2) // 5 + 1 == 75
    four = decision_bounds(cfg_of(4, {}), ds)
    assert four["influence"] == 70 + 17 + 4 // 3  # a done a turn, 17 blue cards, 3 Musketeers once
    assert four["buy"] == 70 + 84
    assert four["queen"] == 59 * 4  # QN-COMP-5: 59 gem cards drawn, every seat asked
    assert four["cardinal"] == 3 * 3  # 3 Merchants, the 3 other seats asked
    assert four["present"] == 3 * 4 + 59 + 7 + 1 + 3 + 2  # a done per seat and sale, every grey card once
    assert four["alchemist"] == 3 * 4
    assert four["forger_response"] == four["forger_discard"] == 3
    quiet = decision_bounds(cfg_of(3, {"conceal_holders": False, "queen_on_amber": False}), ds)
    assert (quiet["queen"], quiet["cardinal"], quiet["alchemist"]) == (42 * 1, 3 * 2, 3 * 1)
    assert lowest_score(ds) == -50  # QN-NECKLACE-3: one King's bounty
    # QN-SELL-3/4: 3 sales of (30+20+10) + (30+20+10); 7 Rings at 60; Bankers: 10 x (4 x 2 + 2 x 7)
    assert highest_score(cfg_of(4, {}), ds) == 3 * 120 + 7 * 60 + 10 * (4 * 2 + 2 * 7) + 3 * 50 == 1150
    assert highest_score(cfg_of(2, {"bankers_stack": False}), ds) == 360 + 420 + 10 * (4 * 2 + 1 * 7) + 50


def test_both_score_bounds_are_reached_by_sales_the_rules_allow_QN_SELL_4_QN_NECKLACE_3() -> None:
    """The score bounds are exact: three sales of a four-player game (worked out by the sale's
    own outcome) in which seat 0 ends on the highest score and the others on the lowest.
    Seat 0 sells every type alone, all seven Rings on the type at fashion + rarity 60, both
    Bankers, and the Necklace on amber, where each other seat lays a King (and one amber)."""
    ds = packaged()
    fashion = [ds.gem_index(g) for g in ("diamond", "ruby", "emerald", "amber")]
    ones = [c for c in ds.of_kind[GEM] if ds.cards[c].gems == 1]
    by_gem = {g: [c for c in ones if ds.gem_names[ds.cards[c].gem] == g] for g in ds.gem_names}
    diamond = ds.gem_index("diamond")
    amber = ds.gem_index("amber")
    first: list[list[int]] = [[by_gem["diamond"][0], by_gem["ruby"][0], by_gem["emerald"][0], *by_gem["amber"][:2],
                               *ds.of_kind[RING], *ds.of_kind[BANKER], *ds.of_kind[NECKLACE]]]
    first_types = [[ds.cards[c].gem for c in first[0][:5]] + [diamond] * 7 + [EMPTY, EMPTY, amber]]
    for seat, king in zip(range(1, 4), ds.of_kind[KING]):
        first.append([by_gem["amber"][1 + seat], king])
        first_types.append([amber, amber])
    total = [0] * 4
    for sale in range(3):
        if sale == 0:
            shown, types = first, first_types
        else:
            gems = [by_gem[g][sale] for g in ("diamond", "ruby", "emerald")] + [by_gem["amber"][4 + sale]]
            shown, types = [gems, [], [], []], [[ds.cards[c].gem for c in gems], [], [], []]
        o = outcome(ds, fashion, shown, types)
        for seat in range(4):
            total[seat] += sum(o.income[seat]) + o.bounty[seat]
    assert total == [highest_score(cfg_of(4, {}), ds), lowest_score(ds), lowest_score(ds), lowest_score(ds)]
