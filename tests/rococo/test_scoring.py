"""End of the game and final scoring (RULES.md §11): steps 1-7, the winner and the
two-player rules, with the test vectors TV-5, TV-8..TV-14 of Appendix B.

Positions are built directly in final scoring (``start_scoring``); every expected number is
read from the component data (hall boxes, fireworks values, prestige, printed VP), so the tests
check the rules, not the reconstructed values.  Points are read per step from the score
breakdown, which isolates the step a test is about.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest
from rich.text import Text

from salon.bots.base import RandomBot
from salon.cli.rococo.view import RococoView
from salon.core.errors import IllegalAction
from salon.rococo.game import Rococo
from salon.rococo.pieces import Decoration, Garment
from tests.rococo.positions import (
    assert_valid,
    decorations,
    find_garments,
    move_card,
    new_game,
    place_garment,
    run,
    set_decoration,
    set_money,
    set_staff,
    spaces,
    start_scoring,
)

# ---------------------------------------------------------------------------------------------
# helpers


def vp(g: Rococo, seat: int, step: str) -> int:
    """Points booked under one scoring step."""
    return g.s.breakdown[seat].get(step, 0)


def finish(g: Rococo) -> Rococo:
    """Decline every remaining scoring decision (no terrace moves, no thread-and-lace sets)."""
    while not g.is_over():
        legal = g.legal_actions()
        g.apply("done" if "done" in legal else "sets:0")
    return g


def quiet(g: Rococo) -> Rococo:
    """No money, so that step 1 adds nothing unless a test sets livres."""
    for seat in range(g.s.n):
        set_money(g, seat, livres=0)
    return g


def garments(g: Rococo, n: int, pred: Callable[[Garment], object] = lambda x: True) -> list[str]:
    """``n`` garment ids matching ``pred`` that are not on the board yet, in id order."""
    placed = set(g.s.guest) | set(g.s.terrace)
    found = [x for x in find_garments(g, pred) if g.s.t.garment_index[x] not in placed]
    assert len(found) >= n, "the data holds too few matching garments"
    return found[:n]


def of_prestige(prestige: int) -> Callable[[Garment], bool]:
    return lambda x: x.prestige == prestige


def of_colour(colour: str) -> Callable[[Garment], bool]:
    return lambda x: x.colour == colour


def garment_by_id(g: Rococo, gid: str) -> Garment:
    return g.s.t.ds.garments[g.s.t.garment_index[gid]]


def deco_by_id(g: Rococo, did: str) -> Decoration:
    return g.s.t.ds.board.decorations[g.s.t.deco_index[did]]


def hall_box(g: Rococo, hall: int) -> tuple[int, int]:
    return g.s.t.ds.board.halls[hall - 1].majority


def fill_hall(g: Rococo, hall: int, plan: dict[int, tuple[int, int]]) -> None:
    """Put, for each seat, (ordinary, master-guest) garments into ``hall``."""
    plain = free_spaces(g, hall, master=False)
    master = free_spaces(g, hall, master=True)
    for seat, (n_plain, n_master) in plan.items():
        for _ in range(n_plain):
            place_garment(g, seat, garments(g, 1)[0], plain.pop(0))
        for _ in range(n_master):
            place_garment(g, seat, garments(g, 1)[0], master.pop(0))


def free_spaces(g: Rococo, hall: int, master: bool | None = None) -> list[str]:
    return [sp for sp in spaces(g, hall=hall, master=master) if g.s.guest[g.s.t.space_index[sp]] < 0]


def musician(g: Rococo, hall: int) -> str:
    return next(d.id for d in g.s.t.ds.board.decorations if d.kind == "musician" and d.hall == hall)


def fireworks_by_cost(g: Rococo) -> list[str]:
    """Fireworks spaces, cheapest first."""
    return sorted(decorations(g, "fireworks"), key=lambda d: deco_by_id(g, d).cost)


# ---------------------------------------------------------------------------------------------
# R-END-*: when the game ends and in which order the steps run


def test_game_ends_after_round_7_income_then_scores_and_refuses_further_actions() -> None:
    """R-END-1 (with R-PH4-7): the game ends after Phase 4 of round 7; income is paid, then the
    final scoring runs; afterwards every action is refused under R-END-1, and the result is
    unavailable before the end."""
    g = Rococo.new({"players": 3, "start_player": 0}, seed=3)
    bot = RandomBot(3)
    events = []
    with pytest.raises(IllegalAction) as err:
        g.result()
    assert err.value.rule == "R-END-1"
    while not g.is_over():
        events += g.apply(bot.choose(g))
    rounds = [e.data["round"] for e in events if e.type == "round"]
    assert rounds == list(range(2, 8))  # round 1 starts inside Rococo.new
    assert g.s.round == 7
    last_round = max(i for i, e in enumerate(events) if e.type == "round")
    first_score = next(i for i, e in enumerate(events) if e.type == "scored" or e.type == "game_over")
    incomes = [i for i, e in enumerate(events)
               if e.type == "livres" and e.data["why"] == "income" and i > last_round]
    assert len(incomes) == 3 and max(incomes) < first_score
    assert g.current_player() is None and g.legal_actions() == []
    with pytest.raises(IllegalAction) as err:
        g.apply("main:skip")
    assert err.value.rule == "R-END-1"


def test_steps_run_in_order_and_step_7_starts_with_the_start_player() -> None:
    """R-END-2: each step is completed for every player before the next starts; step 7 runs
    player by player from the start player."""
    g = quiet(new_game(3))
    g.s.start_player = 1
    set_money(g, 0, livres=25)
    set_money(g, 2, livres=12)
    for seat, gid in zip(range(3), garments(g, 3)):
        place_garment(g, seat, gid, spaces(g, hall=2 + seat, master=False)[0])
    set_decoration(g, 0, "st1")
    fw = fireworks_by_cost(g)
    set_decoration(g, 2, fw[0])
    g.s.favour = 1
    g.s.events = []
    start_scoring(g)
    assert g.is_over()
    events = g.s.events
    order = ["money", "employees", "favour", "halls", "fireworks", "statues", "markers"]
    steps = [order.index(e.data["step"]) for e in events if e.type == "scored"]
    assert steps == sorted(steps) and len(set(steps)) >= 5
    markers = [e.seat for e in events if e.type == "scored" and e.data["step"] == "markers"]
    assert markers == [1, 2, 0]


# ---------------------------------------------------------------------------------------------
# Step 1 -- money


@pytest.mark.parametrize(("livres", "gain", "left"), [(37, 3, 7), (9, 0, 9), (40, 4, 0), (0, 0, 0)])
def test_money_converts_every_full_ten_livres(livres: int, gain: int, left: int) -> None:
    """R-SCORE-1-1, TV-14, A-34: VP += L // 10, the remainder L % 10 stays for the tie-break
    (37 livres -> +3 VP, 7 left); conversion is mandatory and maximal."""
    g = quiet(new_game(2))
    set_money(g, 0, livres=livres)
    start_scoring(g)
    assert vp(g, 0, "money") == gain
    assert g.s.players[0].livres == left
    finish(g)
    assert g.result().tie_break[0] == left
    assert (money_left := g.observe(1)["money_left"]) is not None and money_left[0] == left


# ---------------------------------------------------------------------------------------------
# Step 2 -- end-game bonuses and the favour


def test_crown_bonuses_of_the_whole_staff_score_once_and_removed_cards_do_not() -> None:
    """R-SCORE-2-1: every end-game (crown) bonus of a card in the staff -- supply, hand or
    discard -- is evaluated once in step 2; a card removed from the game scores nothing."""
    g = quiet(new_game(2))
    set_staff(g, 0, ["S11", "S12", "S13"], discard=["S14", "S15", "E25"])  # staff 6
    set_staff(g, 1, ["S21", "S22", "S23", "S24"])
    move_card(g, 1, "E28", "box")
    for gid, space in zip(garments(g, 2, lambda x: x.is_dress), spaces(g, hall=2, master=False)):
        place_garment(g, 1, gid, space)
    place_garment(g, 1, garments(g, 1, lambda x: not x.is_dress)[0], spaces(g, hall=3, master=False)[0])
    start_scoring(g)
    table = g.s.t.ds.bonus.staff_vp_l6
    assert vp(g, 0, "employees") == table["5"]  # staff 6 -> the 5-6 row, scored once
    assert vp(g, 1, "employees") == 0  # E28 (dress-and-coat pairs) was removed from the game


def test_favour_holder_scores_three_points_in_step_2() -> None:
    """R-SCORE-2-2 (R-ACT-FAVOUR-5): the holder of the Queen's favour gains 3 VP."""
    g = quiet(new_game(3))
    g.s.favour = 2
    start_scoring(g)
    assert [vp(g, seat, "favour") for seat in range(3)] == [0, 0, g.s.t.ds.rules.favour_end_vp]
    assert g.s.t.ds.rules.favour_end_vp == 3


# ---------------------------------------------------------------------------------------------
# Step 3 -- hall majorities


def test_most_garments_first_second_most_second() -> None:
    """R-SCORE-3-1: most garments in a hall -> the higher number of its box, second-most -> the
    lower number; a player without garments there scores nothing."""
    g = quiet(new_game(3))
    fill_hall(g, 3, {0: (1, 0), 1: (2, 0)})
    start_scoring(g)
    first, second = hall_box(g, 3)
    assert (vp(g, 1, "halls"), vp(g, 0, "halls"), vp(g, 2, "halls")) == (first, second, 0)


def test_each_hall_majority_names_its_hall() -> None:
    """R-SCORE-3-1: each hall is scored on its own, so each award names its hall, and the
    players read which hall brought the points, in every language."""
    g = quiet(new_game(3))
    fill_hall(g, 3, {0: (1, 0), 1: (2, 0)})
    fill_hall(g, 5, {2: (1, 0)})
    start_scoring(g)
    events = g.s.events
    halls = [(e.seat, e.data["hall"], e.data["vp"])
             for e in events if e.type == "scored" and e.data["step"] == "halls"]
    assert halls == [(1, 3, hall_box(g, 3)[0]), (0, 3, hall_box(g, 3)[1]), (2, 5, hall_box(g, 5)[0])]
    fifth = next(e for e in events if e.data.get("hall") == 5).view(None)
    said = {lang: Text.from_markup(RococoView(g, lang, ["Ann", "Bob", "Cy"]).log([fifth])[0]).plain
            for lang in ("en", "de")}
    assert said == {"en": f"Cy scores {hall_box(g, 5)[0]} VP for the hall majority: Hall 5",
                    "de": f"Cy erhält {hall_box(g, 5)[0]} AP für die Saalmehrheit: Saal 5"}


def test_tv8_master_guest_garments_break_a_tie() -> None:
    """TV-8, R-SCORE-3-2, R-SCORE-3-4: equal garments; one master-guest garment wins the tie and
    the loser of the broken first-place tie takes second place."""
    g = quiet(new_game(3))
    fill_hall(g, 2, {0: (2, 0), 1: (1, 1)})
    start_scoring(g)
    first, second = hall_box(g, 2)
    assert (vp(g, 1, "halls"), vp(g, 0, "halls")) == (first, second)


def test_musician_breaks_a_tie_that_master_guests_leave_open() -> None:
    """R-SCORE-3-2: second tie-break -- occupying the hall's musician."""
    g = quiet(new_game(3))
    fill_hall(g, 4, {0: (2, 0), 1: (2, 0)})
    set_decoration(g, 0, musician(g, 4))
    start_scoring(g)
    first, second = hall_box(g, 4)
    assert (vp(g, 0, "halls"), vp(g, 1, "halls")) == (first, second)


def test_master_guests_decide_before_the_musician() -> None:
    """R-SCORE-3-2: the cascade is ordered -- master-guest garments first, the musician only if
    they are equal."""
    g = quiet(new_game(3))
    fill_hall(g, 2, {0: (1, 1), 1: (2, 0)})
    set_decoration(g, 1, musician(g, 2))
    start_scoring(g)
    first, second = hall_box(g, 2)
    assert (vp(g, 0, "halls"), vp(g, 1, "halls")) == (first, second)


def test_tv9_unresolved_first_place_tie_gives_everyone_first_and_nobody_second() -> None:
    """TV-9, R-SCORE-3-2, R-SCORE-3-3: A and B tie on everything -> both get the full first
    value; C (fewer garments) gets nothing, because nobody takes second place."""
    g = quiet(new_game(3))
    fill_hall(g, 1, {0: (2, 0), 1: (2, 0), 2: (1, 0)})
    start_scoring(g)
    first, _ = hall_box(g, 1)
    assert [vp(g, seat, "halls") for seat in range(3)] == [first, first, 0]


def test_tv10_broken_second_place_tie_and_a_full_ranking() -> None:
    """TV-10, R-SCORE-3-4, A-29: A has 3 garments; B and C have 2 each and B holds the
    musician -> A first, B second, C nothing."""
    g = quiet(new_game(3))
    fill_hall(g, 1, {0: (1, 2), 1: (2, 0), 2: (2, 0)})
    set_decoration(g, 1, musician(g, 1))
    start_scoring(g)
    first, second = hall_box(g, 1)
    assert [vp(g, seat, "halls") for seat in range(3)] == [first, second, 0]


def test_unresolved_second_place_tie_pays_each_tied_player_in_full() -> None:
    """R-SCORE-3-2, R-SCORE-3-4, A-29: a second place still tied after both tie-breaks gives
    every tied player the full second value."""
    g = quiet(new_game(3))
    fill_hall(g, 1, {0: (1, 2), 1: (2, 0), 2: (2, 0)})
    start_scoring(g)
    first, second = hall_box(g, 1)
    assert [vp(g, seat, "halls") for seat in range(3)] == [first, second, second]


def test_only_the_next_rank_group_is_second_with_four_players() -> None:
    """R-SCORE-3-4: players are ranked by (garments, master guests, musician); third place and
    below score nothing."""
    g = quiet(new_game(4))
    fill_hall(g, 1, {0: (3, 0), 1: (2, 0), 2: (1, 0)})
    start_scoring(g)
    first, second = hall_box(g, 1)
    assert [vp(g, seat, "halls") for seat in range(4)] == [first, second, 0, 0]


def test_a_musician_without_garments_never_scores_majority() -> None:
    """R-SCORE-3-4, A-29: only garments count; a musician alone neither scores nor takes the
    second place from a player with a garment."""
    g = quiet(new_game(3))
    fill_hall(g, 5, {0: (2, 0), 1: (1, 0)})
    set_decoration(g, 2, musician(g, 5))
    start_scoring(g)
    first, second = hall_box(g, 5)
    assert [vp(g, seat, "halls") for seat in range(3)] == [first, second, 0]


def test_throne_hall_majority_is_scored_before_garments_move_to_the_terrace() -> None:
    """R-SCORE-3-5: step 3 comes before the terrace moves, so the Throne hall counts all its
    garments even if they move to the terrace afterwards."""
    g = quiet(new_game(3))
    fill_hall(g, 1, {0: (2, 0), 1: (1, 0)})
    fw = fireworks_by_cost(g)
    set_decoration(g, 0, fw[0])
    set_decoration(g, 0, fw[1])
    start_scoring(g)
    first, second = hall_box(g, 1)
    assert g.decision()["kind"] == "terrace"
    while g.decision().get("kind") == "terrace":
        g.apply(next(a for a in g.legal_actions() if a != "done"))
    finish(g)
    assert _guests(g, 0, 1) == [] and len(g.observe(None)["board"]["terrace"]) == 2
    assert (vp(g, 0, "halls"), vp(g, 1, "halls")) == (first, second)


@pytest.mark.parametrize("tie", [False, True])
def test_tv11_two_players_only_first_place_scores(tie: bool) -> None:
    """TV-11, R-2P-1: with two players only the first place scores in each hall; nobody
    receives the second value (a tie for first gives both the first value)."""
    g = quiet(new_game(2))
    fill_hall(g, 2, {0: (2, 0), 1: (2 if tie else 1, 0)})
    start_scoring(g)
    first, _ = hall_box(g, 2)
    assert (vp(g, 0, "halls"), vp(g, 1, "halls")) == ((first, first) if tie else (first, 0))


# ---------------------------------------------------------------------------------------------
# Step 4 -- fireworks majority


def test_most_fireworks_markers_first_even_against_a_costlier_single_space() -> None:
    """R-SCORE-4-1: the count of fireworks markers decides first; second-most scores second."""
    g = quiet(new_game(3))
    fw = fireworks_by_cost(g)
    set_decoration(g, 0, fw[0])
    set_decoration(g, 0, fw[1])
    set_decoration(g, 1, fw[-1])
    start_scoring(g)
    first, second = g.s.t.ds.board.fireworks_majority
    assert [vp(g, seat, "fireworks") for seat in range(3)] == [first, second, 0]


def test_fireworks_tie_goes_to_the_most_expensive_space() -> None:
    """R-SCORE-4-2, A-31: a tie is won by the player whose marker sits on the most expensive
    fireworks space; a player without fireworks markers is not ranked."""
    g = quiet(new_game(3))
    fw = fireworks_by_cost(g)
    set_decoration(g, 0, fw[0])
    set_decoration(g, 1, fw[-1])
    start_scoring(g)
    first, second = g.s.t.ds.board.fireworks_majority
    assert [vp(g, seat, "fireworks") for seat in range(3)] == [second, first, 0]


def test_tv12_second_place_tie_broken_by_the_costliest_space() -> None:
    """TV-12, R-SCORE-4-1, R-SCORE-4-2, A-31: the player with most markers scores first; of two
    players tied for second the one on the costlier space scores second, the other nothing."""
    g = quiet(new_game(4))
    fw = fireworks_by_cost(g)
    assert len(fw) >= 4, "TV-12 needs four fireworks spaces"
    set_decoration(g, 0, fw[0])  # Alice: two markers
    set_decoration(g, 0, fw[1])
    set_decoration(g, 1, fw[-1])  # Jose: the costliest space
    set_decoration(g, 2, fw[-2])  # Mathilde
    start_scoring(g)
    first, second = g.s.t.ds.board.fireworks_majority
    assert [vp(g, seat, "fireworks") for seat in range(4)] == [first, second, 0, 0]


def test_two_players_only_the_fireworks_first_place_scores() -> None:
    """R-2P-2: with two players only the first place of the fireworks majority scores."""
    g = quiet(new_game(2))
    fw = fireworks_by_cost(g)
    set_decoration(g, 0, fw[0])
    set_decoration(g, 0, fw[1])
    set_decoration(g, 1, fw[2])
    start_scoring(g)
    first, _ = g.s.t.ds.board.fireworks_majority
    assert (vp(g, 0, "fireworks"), vp(g, 1, "fireworks")) == (first, 0)


# ---------------------------------------------------------------------------------------------
# Step 5 -- the terrace


def _terrace_position(throne: int = 3, other_halls: int = 1) -> Rococo:
    """Seat 0: ``throne`` garments in the Throne hall, ``other_halls`` in hall 2, markers on two
    fireworks spaces; seat 1: a Throne-hall garment and the third fireworks space."""
    g = quiet(new_game(3))
    fill_hall(g, 1, {0: (throne, 0), 1: (1, 0)})
    fill_hall(g, 2, {0: (other_halls, 0)})
    fw = fireworks_by_cost(g)
    set_decoration(g, 0, fw[1])
    set_decoration(g, 0, fw[2])
    set_decoration(g, 1, fw[0])
    return g


def _guests(g: Rococo, seat: int, hall: int) -> list[str]:
    board = g.observe(None)["board"]["guests"]
    return [v["garment"] for k, v in board.items() if v["owner"] == seat and k.startswith(f"h{hall}s")]


def test_terrace_offers_own_throne_garments_beside_own_fireworks_only() -> None:
    """R-SCORE-5-1, R-SCORE-5-3: each of your Throne-hall garments may move beside each of your
    fireworks markers; garments of halls 2-5, other players' garments and other players'
    fireworks are never offered."""
    g = _terrace_position()
    start_scoring(g)
    assert g.decision() == {"seat": 0, "kind": "terrace"}
    own_fw = [d for d in decorations(g, "fireworks") if g.s.deco[g.s.t.deco_index[d]] == 0]
    expected = {f"terrace:{gid}:{d}" for gid in _guests(g, 0, 1) for d in own_fw}
    assert set(g.legal_actions()) == expected | {"done"}
    assert len(expected) == 3 * 2


def test_terrace_moves_one_garment_per_space_and_more_garments_than_spaces_stay() -> None:
    """R-SCORE-5-1, R-SCORE-5-2: one garment per fireworks space; with more Throne-hall garments
    than markers the player chooses, and the rest stay in the Throne hall."""
    g = _terrace_position(throne=3)
    start_scoring(g)
    first = g.legal_actions()[0]
    _, gid, did = first.split(":")
    g.apply(first)
    legal = g.legal_actions()
    assert not any(a.endswith(f":{did}") or f":{gid}:" in a for a in legal)
    assert len(legal) == 2 + 1  # two garments left, one spot left, plus done
    g.apply(legal[0])
    assert g.current_player() != 0 or g.decision()["kind"] != "terrace"  # no spot left: done
    finish(g)
    assert len(_guests(g, 0, 1)) == 1
    assert len(g.observe(None)["board"]["terrace"]) == 2


def test_fewer_throne_garments_than_fireworks_leave_spots_empty() -> None:
    """R-SCORE-5-2: with fewer Throne-hall garments than fireworks markers the extra spots stay
    empty; once no garment is left no further terrace decision is asked."""
    g = _terrace_position(throne=1)
    start_scoring(g)
    g.apply(g.legal_actions()[0])
    assert g.decision().get("kind") != "terrace" or g.decision()["seat"] != 0
    finish(g)
    assert len(g.observe(None)["board"]["terrace"]) == 1


def test_terrace_is_optional() -> None:
    """R-SCORE-5-1 "may", A-28: "done" at once leaves every garment in its hall."""
    g = _terrace_position()
    start_scoring(g)
    before = _guests(g, 0, 1)
    g.apply("done")
    finish(g)
    assert _guests(g, 0, 1) == before
    assert g.observe(None)["board"]["terrace"] == {}


def _best_final_total(g: Rococo, seat: int) -> tuple[int, list[list[str]]]:
    """Brute force over every sequence of terrace choices of ``seat``: the best final score and
    the move sets that reach it."""
    best, ways = -1, []

    def walk(h: Rococo, moves: list[str]) -> None:
        nonlocal best, ways
        if not h.is_over() and h.decision() == {"seat": seat, "kind": "terrace"}:
            for a in h.legal_actions():
                c = h.clone()
                c.apply(a)
                walk(c, moves + ([a] if a != "done" else []))
            return
        finish(h)
        score = h.result().scores[seat]
        if score > best:
            best, ways = score, [sorted(moves)]
        elif score == best:
            ways.append(sorted(moves))

    walk(g, [])
    return best, ways


def test_tv13_terrace_multiplies_prestige_and_the_maximising_assignment() -> None:
    """TV-13, R-SCORE-5-4, R-SCORE-7-2: fireworks x3 and x2, Throne-hall garments of prestige
    4, 3 and 2 -> 4x3 + 3x2 + 2 = 20 VP of garment markers; pairing the highest prestige with
    the x3 space first is the best of all possible choices."""
    g = quiet(new_game(3))
    by_prestige = {p: garments(g, 1, of_prestige(p))[0] for p in (4, 3, 2)}
    plain = spaces(g, hall=1, master=False)
    for space, gid in zip(plain, by_prestige.values()):
        place_garment(g, 0, gid, space)
    fw = fireworks_by_cost(g)
    x3 = next(d for d in fw if deco_by_id(g, d).multiplier == 3)
    x2 = next(d for d in fw if deco_by_id(g, d).multiplier == 2)
    set_decoration(g, 0, x3)
    set_decoration(g, 0, x2)
    start_scoring(g)
    best, ways = _best_final_total(g.clone(), 0)
    assert sorted([f"terrace:{by_prestige[4]}:{x3}", f"terrace:{by_prestige[3]}:{x2}"]) in ways
    run(g, f"terrace:{by_prestige[4]}:{x3}", f"terrace:{by_prestige[3]}:{x2}")
    finish(g)
    deco_vp = deco_by_id(g, x3).vp + deco_by_id(g, x2).vp
    assert vp(g, 0, "markers") == 4 * 3 + 3 * 2 + 2 + deco_vp
    assert g.result().scores[0] == best


# ---------------------------------------------------------------------------------------------
# Step 6 -- statues


def _with_colours(g: Rococo, seat: int, counts: dict[str, int], hall_order: tuple[int, ...] = (2, 3, 4, 5, 1)) -> None:
    free = [sp for h in hall_order for sp in free_spaces(g, h, master=False)]
    for colour, n in counts.items():
        for gid in garments(g, n, of_colour(colour)):
            place_garment(g, seat, gid, free.pop(0))


def test_tv5_two_statues_optimal_partition() -> None:
    """TV-5, R-SCORE-6-1, R-SCORE-6-3: 2 statues; blue 2, pink 1, green 3, orange 1 ->
    8 + 4 = 12 VP (one green garment unused)."""
    g = quiet(new_game(3))
    _with_colours(g, 0, {"blue": 2, "pink": 1, "green": 3, "orange": 1})
    statues = decorations(g, "statue")
    set_decoration(g, 0, statues[0])
    set_decoration(g, 0, statues[1])
    start_scoring(g)
    assert vp(g, 0, "statues") == 12


@pytest.mark.parametrize(("counts", "statues", "expected"), [
    ({"blue": 1, "pink": 1, "green": 1, "orange": 1}, 1, 8),  # max 8 per statue
    ({"blue": 5}, 1, 2),  # distinct colours only
    ({"blue": 1, "pink": 1, "green": 1, "orange": 1}, 2, 8),  # no garment counts twice
    ({"blue": 2, "pink": 2}, 3, 8),
    ({}, 2, 0),
])
def test_statues_score_two_per_distinct_colour_per_disjoint_set(counts: dict[str, int], statues: int,
                                                                expected: int) -> None:
    """R-SCORE-6-1, R-SCORE-6-2, R-SCORE-6-3: 2 VP per distinct colour of a set of own garments,
    at most 8 per statue; several statues use disjoint sets: 2 x sum_c min(n_c, k)."""
    g = quiet(new_game(3))
    _with_colours(g, 0, counts)
    _with_colours(g, 1, {"orange": 1, "green": 1}, hall_order=(1,))  # not seat 0's garments
    for d in decorations(g, "statue")[:statues]:
        set_decoration(g, 0, d)
    start_scoring(g)
    assert vp(g, 0, "statues") == expected


def test_terrace_garments_still_count_for_statues() -> None:
    """R-SCORE-6-4: garments moved to the terrace are still on the board for the statues."""
    g = quiet(new_game(3))
    _with_colours(g, 0, {"blue": 1}, hall_order=(1,))
    _with_colours(g, 0, {"pink": 1})
    set_decoration(g, 0, decorations(g, "statue")[0])
    set_decoration(g, 0, fireworks_by_cost(g)[0])
    start_scoring(g)
    g.apply(g.legal_actions()[0])
    finish(g)
    assert len(g.observe(None)["board"]["terrace"]) == 1
    assert vp(g, 0, "statues") == 4


# ---------------------------------------------------------------------------------------------
# Step 7 -- ownership markers


def test_markers_score_prestige_printed_decoration_vp_and_the_all_halls_space() -> None:
    """R-SCORE-7-1: a garment marker scores its prestige, a decoration marker the VP printed
    at its space, an all-halls marker its space's VP."""
    g = quiet(new_game(3))
    gids = garments(g, 2)
    place_garment(g, 0, gids[0], spaces(g, hall=2, master=False)[0])
    place_garment(g, 0, gids[1], spaces(g, hall=3, master=True)[0])
    set_decoration(g, 0, "st2")
    set_decoration(g, 0, musician(g, 4))
    g.s.all_halls[1] = 0
    start_scoring(g)
    finish(g)
    expected = sum(garment_by_id(g, x).prestige for x in gids)
    expected += deco_by_id(g, "st2").vp + deco_by_id(g, musician(g, 4)).vp
    expected += g.s.t.ds.board.all_halls_vp[1]
    assert vp(g, 0, "markers") == expected


def test_a_terrace_garment_scores_prestige_times_its_multiplier() -> None:
    """R-SCORE-7-2: a garment on the terrace scores prestige x the multiplier of its fireworks
    space (the fireworks marker scores its printed VP besides)."""
    g = quiet(new_game(3))
    gid = garments(g, 1, lambda x: x.prestige >= 3)[0]
    place_garment(g, 0, gid, spaces(g, hall=1, master=False)[0])
    for d in fireworks_by_cost(g):
        fw = deco_by_id(g, d)
        h = g.clone()
        set_decoration(h, 0, d)
        start_scoring(h)
        run(h, f"terrace:{gid}:{d}")
        finish(h)
        assert vp(h, 0, "markers") == garment_by_id(h, gid).prestige * fw.multiplier + fw.vp


# ---------------------------------------------------------------------------------------------
# Winner


def _scored_game(vps: list[int], livres: list[int]) -> Rococo:
    g = new_game(len(vps))
    for seat, (v, lv) in enumerate(zip(vps, livres)):
        set_money(g, seat, livres=lv, vp=v)
    start_scoring(g)
    return finish(g)


def test_most_points_wins() -> None:
    """R-WIN-1: the most VP after final scoring wins, whatever the money left."""
    r = _scored_game([10, 14, 12], [9, 0, 5]).result()
    assert r.scores == (10, 14, 12)
    assert r.winners == (1,)
    assert r.ranking == ((1,), (2,), (0,))


def test_tie_broken_by_money_left_after_conversion() -> None:
    """R-WIN-2: equal VP -> more money left over after step 1 wins (27 livres: 2 VP, 7 left,
    beats 35 livres: 3 VP, 5 left, once both reach the same VP)."""
    r = _scored_game([11, 10, 0], [27, 35, 0]).result()
    assert r.scores[0] == r.scores[1] == 13
    assert r.tie_break[:2] == (7, 5)
    assert r.winners == (0,)
    assert r.ranking[:2] == ((0,), (1,))


def test_a_tie_in_points_and_money_is_shared() -> None:
    """R-WIN-2 engine ruling: a tie that survives the money tie-break is shared -- one ranking
    group, several winners."""
    r = _scored_game([12, 12, 12], [4, 4, 3]).result()
    assert r.winners == (0, 1)
    assert r.ranking == ((0, 1), (2,))


def test_scores_equal_the_sum_of_the_breakdown() -> None:
    """R-END-2, R-WIN-1: the final score is the points of the game plus every step's points."""
    g = Rococo.new({"players": 4, "start_player": 2}, seed=11)
    bot = RandomBot(11)
    while not g.is_over():
        g.apply(bot.choose(g))
    r = g.result()
    for seat in range(4):
        assert r.scores[seat] == sum(r.breakdown[seat].values())
    assert_valid(g)


def test_two_player_rules_together() -> None:
    """R-2P-1, R-2P-2: in a two-player game neither a hall nor the fireworks pay a second
    place, across all five halls."""
    g = quiet(new_game(2))
    for hall in range(1, 6):
        fill_hall(g, hall, {0: (2, 0), 1: (1, 0)})
    fw = fireworks_by_cost(g)
    set_decoration(g, 0, fw[0])
    set_decoration(g, 0, fw[1])
    set_decoration(g, 1, fw[2])
    start_scoring(g)
    assert vp(g, 1, "halls") == 0 and vp(g, 1, "fireworks") == 0
    assert vp(g, 0, "halls") == sum(hall_box(g, h)[0] for h in range(1, 6))


def test_every_permutation_of_hall_seats_gives_the_same_awards() -> None:
    """R-END-2: within a step players are independent -- the awards do not depend on seat
    order, only on the positions."""
    base = {0: (1, 2), 1: (2, 0), 2: (2, 0)}
    results = set()
    for perm in itertools.permutations(range(3)):
        g = quiet(new_game(3))
        fill_hall(g, 1, {perm[k]: v for k, v in base.items()})
        set_decoration(g, perm[1], musician(g, 1))
        start_scoring(g)
        results.add(tuple(vp(g, perm[k], "halls") for k in range(3)))
    first, second = hall_box(new_game(3), 1)
    assert results == {(first, second, 0)}
