"""The bounds of a Rococo game (salon.rococo.rules.limits): sound, that is never exceeded by
seeded random games over the player counts, the expansions, the 2013 edition and the solo mode
(with the ruling options that lengthen a game), nor by a game of the heuristic bot; not loose
beyond a documented factor of the longest of those games; and made of the rulebook's numbers,
checked here by hand."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from functools import cache, partial
from math import ceil
from typing import Any

import pytest

from salon.bots.base import make_bot
from salon.core.game import Limits
from salon.rococo.config import parse_config
from salon.rococo.game import Rococo
from salon.rococo.rules import holdings
from salon.rococo.rules import limits as L
from salon.rococo.rules.registry import DECISIONS
from salon.rococo.tables import Tables, tables

GAMES = 12  # per config: 2 to 12 ms a game
CONFIGS: dict[str, dict[str, Any]] = {
    "2": {"players": 2},
    "3": {"players": 3},
    "5": {"players": 5},
    "all-2": {"players": 2, "expansions": "all", "dismiss_self_retrigger": True, "exquisite_tile_source": "bag"},
    "all-4": {"players": 4, "expansions": "all", "granted_tailoring_never_master": True},
    "2013-3": {"players": 3, "edition": "2013"},
    "2013-5": {"players": 5, "edition": "2013"},
    "solo": {"solo": True},
    "solo-jewelry-box": {"solo": True, "expansions": ["jewelry_box"], "mdb_exam_removal": "human"},
    "solo-all": {"solo": True, "expansions": "all", "solo_two_player_rules": False, "mdb_inspect_tiles": True},
}
SLACK = {"2": 6, "3": 6, "5": 6, "all-2": 10, "all-4": 10, "2013-3": 6, "2013-5": 6, "solo": 10,
         "solo-jewelry-box": 16, "solo-all": 16}
"""How far above the longest sampled game of its config the bound on decisions may lie.  It
holds for players who hire every card, take every exam and buy a point with every 3 livres the
rules let them gain, as random play never does: the longest of 300 random games comes within
3 (five players) to 5 (two) times of the bound; 5 to 8 times with every expansion, whose exams,
jewels and copies add turns, tiles and livres; 7 times for one player against Madame du Barry,
13 with the Jewelry Box, since the bound sizes the board's tiles, exam stacks and money for
that one player.  Heuristic play makes some 1.5 times the decisions of random play."""
OVERALL = 6
"""No config's bound on decisions lies this far above the longest sampled game of all (it
comes within 5 times)."""


def tables_of(raw: dict[str, Any]) -> Tables:
    cfg = parse_config(raw)
    return tables(cfg.side, cfg.seats, cfg.expansions, cfg.solo, cfg.edition)


CLOSING = "reduce, silk_vp, buy"


@cache
def terms_of(t: Tables) -> dict[str, int]:
    return L.decision_terms(t)


@cache
def term_of(kind: str, action: str) -> str:
    """The term of :func:`limits.decision_terms` that counts a decision: the ``done`` ending a
    silk conversion or a purchase is a closing decision, the others go by their kind."""
    if action == "done" and kind in ("silk_vp", "buy"):
        return CLOSING
    return next(term for term in terms_of(TWO) if kind in term.split(", ") and term != CLOSING)


TWO = tables_of(CONFIGS["2"])


def check_game(g: Rococo, terms: Counter[str]) -> None:
    """A finished game within every bound; ``terms`` counts its decisions by term."""
    bound = g.description.limits
    assert sum(terms.values()) == len(g.history) <= bound.decisions
    most = terms_of(g.tables)
    assert all(terms[k] <= most[k] for k in terms), (dict(terms), most)
    low, high = bound.scores
    assert all(low <= score <= high for score in g.result().scores)


def play(g: Rococo, choose: Callable[[Rococo], str]) -> Counter[str]:
    """Play ``g`` to its end, one ``apply`` per decision of a seat that is not automated."""
    automated = g.description.automated_seats
    terms: Counter[str] = Counter()
    while not g.is_over():
        assert g.current_player() not in automated
        kind = g.decision()["kind"]
        action = choose(g)
        terms[term_of(kind, action)] += 1
        g.apply(action)
    return terms


def random_action(rng: random.Random, g: Rococo) -> str:
    return rng.choice(g.legal_actions())


@cache
def longest(name: str) -> int:
    """The decisions of the longest of the config's sampled random games, each checked."""
    most = 0
    for seed in range(GAMES):
        g = Rococo.new(CONFIGS[name], seed)
        check_game(g, play(g, partial(random_action, random.Random(seed))))
        most = max(most, len(g.history))
    return most


@pytest.mark.parametrize("name", CONFIGS)
def test_random_games_stay_within_the_limits(name: str) -> None:
    longest(name)  # every game is checked as it ends


@pytest.mark.heavy
def test_a_heuristic_game_stays_within_the_limits() -> None:
    g = Rococo.new({"players": 2, "expansions": "all"}, 5)
    bots = [make_bot("heuristic:width=1:budget=20", 50 + seat) for seat in range(2)]

    def choose(g: Rococo) -> str:
        seat = g.current_player()
        assert seat is not None
        return bots[seat].choose(g)

    check_game(g, play(g, choose))


@pytest.mark.parametrize("name", CONFIGS)
def test_the_bound_on_decisions_is_not_loose(name: str) -> None:
    bound = Rococo.describe(CONFIGS[name]).limits.decisions
    assert bound < SLACK[name] * longest(name)
    assert bound < OVERALL * max(longest(other) for other in CONFIGS)


def test_every_kind_of_decision_is_counted() -> None:
    """A decision kind added to the rules without a term fails here."""
    named = {kind for term in terms_of(tables_of(CONFIGS["solo-all"])) for kind in term.split(", ")}
    assert named == set(DECISIONS)


def test_the_description_carries_the_limits() -> None:
    for raw in CONFIGS.values():
        assert Rococo.describe(raw).limits == L.limits(tables_of(raw))
    assert Rococo.describe({"players": 2}).limits == Limits(1116, (0, 818))


def test_turns_and_uses_from_the_rulebook_R_NUM_1_3_4_5_R_ROUND_4() -> None:
    """By hand: 7 rounds of 3 hand cards a player (R-NUM-1, R-NUM-3); a display of 4 new cards
    a round from a deck of 6/4/4/4/4/6 cards by level (R-NUM-4, R-NUM-5), so that level L comes
    in round L (R-ROUND-4); a bonus once a round and once more when dismissed."""
    t = TWO
    terms = terms_of(t)
    assert L.main_actions(t) == 7 * 3 and L.hires(t) == 7 * 4 == 28
    assert L.turns(t, 2) == 2 * 21 + 28 == 70
    assert terms["hand"] == 2 * 7 * 3
    assert terms["play, main"] == 2 * 70
    assert terms["bonus"] == 70 + (7 + 1)  # the level-I dismissal (R-BON-l1_dismiss_use_bonus)
    assert terms["hire"] == 28 and terms["terrace"] == 3 + 2  # 3 fireworks spaces on the 1-3 side
    deck = t.cards[: t.deck_size]
    assert [L.first_round(t, c) for c in deck if c.level == 6] == [6] * 6
    assert {L.first_round(t, c) for c in deck if c.level == 3} == {3}
    buy3 = next(c for c in deck if c.bonus == "l6_buy_vp_3")
    assert L.use_rounds(t, buy3) == (6, 7, 7)
    assert L.livre_price(t) == 3  # R-NUM-36: the level-VI card buys a point for 3 livres


def test_jewelry_box_terms_R_NUM_38_R_JB_HIRE_1_A_41() -> None:
    """Two exam stacks of 9 (R-NUM-38), never refilled; a specialized apprentice each, once
    (R-JB-HIRE-1); a task choice once per Journeyman exam prepared (A-41); a jewel offer per
    guest space (26 on the 1-3 side) and one for the Exquisite dress's free jewel."""
    t = tables_of({"players": 3, "expansions": "all"})
    terms = terms_of(t)
    assert L.stack(t, "journeyman") == L.stack(t, "master") == 9 and L.exam_cards(t) == 18
    assert L.turns(t, 3) == 3 * 21 + 28 + 3 + 18 == 112
    assert terms["promote, mdb_remove"] == 18 and terms["hire"] == 28 + 3
    assert terms["task"] == 3 + 9
    assert terms["jewel"] == 26 + 1
    level5 = [c for c in t.cards[: t.deck_size] if c.level == 5]
    assert {L.first_round(t, c) for c in level5 if c.type == "master"} == {1}  # in the Master stack
    assert {L.first_round(t, c) for c in level5 if c.type != "master"} == {5}


def test_madame_du_barry_terms_R_NUM_42_R_SOLO_GEN_4() -> None:
    """4 turns a round and one per hire (R-NUM-42, R-SOLO-PH3-2), 3 points at most a turn
    (R-SOLO-GEN-4); with the Jewelry Box an exam every 3 turns at least, each one more turn."""
    solo = tables_of(CONFIGS["solo"])
    assert L.humans(solo) == 1 and L.madame_turns(solo) == 4 * 7 + 28 == 56
    assert L.madame_terms(solo)["turns"] == 3 * 56
    box = tables_of({"solo": True, "expansions": ["jewelry_box"]})
    assert L.madame_turns(box) == 56 * 3 // 2 == 84 and L.madame_terms(box)["exams"] == 84 // 3
    assert L.madame_terms(box)["tiles"] == 48 // 2  # R-SOLO-END-3: every tile of the game (R-NUM-11)


def test_score_terms_R_SCORE_1_1_R_NUM_33_R_SCORE_7_2() -> None:
    """No points are ever taken away; a livre is worth a third of a point at most (R-NUM-36), a
    thread or lace half a set of 3 points (R-BON-l6_end_thread_lace_sets); statues score 2 a
    colour (R-NUM-33), the terrace multiplies the best garments by x2, x2, x3 (R-SCORE-7-2)."""
    t = TWO
    assert L.limits(t).scores[0] == 0
    rate = L.rates(t)
    assert (rate.livre, rate.goods, rate.unit) == (2, 3 * 3, 2 * 3)  # in sixths of a point
    assert rate.tile == 3 * rate.unit  # 3 green bales, or thread + lace
    full = holdings.holding(t, 7, 26)
    board = L.board_terms(t, full)
    assert board["statues"] == 2 * 4 * 3  # 3 statues, 4 colours
    assert board["terrace"] == (1 + 1 + 2) * 4  # the best garments have prestige 4 (R-NUM-9)
    assert board["favour"] == 3 and board["fireworks"] == 6  # R-NUM-19, R-NUM-31 (the 1-3 side's 6/2)
    assert holdings.holding(t, 1, 26).garments == 6  # the windows offer 6 garments a round on the 1-3 side
    assert L.best_player(t) == L.limits(t).scores[1] == ceil(sum(L.player_terms(t, 26).values()))
