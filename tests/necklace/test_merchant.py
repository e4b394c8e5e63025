"""The Merchant and the Cardinal (RULES.md §4, QN-CARDINAL): sales triggered by a draw,
delayed by Cardinals, replacement draws, and the end after the third sale."""

from __future__ import annotations

from typing import Any

from salon.core.events import Event
from salon.necklace.game import Necklace
from tests.necklace.positions import (
    assert_valid,
    begin_turn,
    cid,
    find,
    kinds_of,
    new_game,
    pid,
    run,
    set_hand,
    set_market,
    set_pile,
    set_pile_top,
    to_discard,
)


def board(players: int = 3, **config: Any) -> Necklace:
    """Seat 0 to play with a cheap Ring in slot 0 of a market of Thieves; every other seat
    holds one Confessor (so a concealed Cardinal window asks it); the pile starts with
    Courtesans."""
    g = new_game(players, **config)
    confessors = find(g, "confessor")
    for seat in range(players):
        set_hand(g, seat, confessors[seat - 1:seat] if seat else [])
    set_market(g, [find(g, "ring")[0], *find(g, "thief")[:4]])
    set_pile_top(g, find(g, "courtesan"))
    begin_turn(g, 0)
    return g


def buy_ring(g: Necklace, seat: int = 0) -> list[Event]:
    """The active seat buys the Ring of slot 0 (or the first card offered) and ends its turn."""
    events = g.apply("done")
    events += g.apply(g.legal_actions()[0])
    return events + g.apply("done")


def through_cardinals(g: Necklace) -> list[Event]:
    events: list[Event] = []
    while g.decision().get("kind") == "cardinal":
        events += g.apply("pass")
    return events


def finish_turn(g: Necklace) -> list[Event]:
    """The active seat plays nothing, buys the first card offered and ends its turn; every
    question of other seats on the way is passed."""
    seat = g.s.active
    events = g.apply("done")
    events += g.apply(g.legal_actions()[0])
    events += g.apply("done")
    while g.s.active == seat and not g.is_over():
        events += g.apply("done" if "done" in g.legal_actions() else "pass")
    return events


def test_merchant_drawn_in_devaluation_starts_a_sale_QN_TURN_3_QN_MERCH_1_QN_MERCH_2() -> None:
    g = board()
    merchant = find(g, "merchant")[0]
    set_pile_top(g, [merchant, *find(g, "courtesan")])
    events = buy_ring(g)
    assert kinds_of(events)[-1] == "merchant" and merchant in g.s.limbo
    assert merchant not in g.s.market  # never displayed
    assert g.decision()["kind"] == "cardinal"
    events = through_cardinals(g)
    assert kinds_of(events)[-1] == "sale" and g.decision()["kind"] == "present"
    assert g.observe(2)["merchants_in_play"] == [pid(g, merchant)]
    assert_valid(g)


def test_play_resumes_and_the_merchant_is_replaced_QN_TURN_4_QN_SALE_11_QN_SALE_12() -> None:
    g = board()
    merchant = find(g, "merchant")[0]
    courtesans = find(g, "courtesan")
    set_pile_top(g, [merchant, *courtesans])
    buy_ring(g)
    through_cardinals(g)
    events = []
    while g.decision()["kind"] == "present":
        events += g.apply("done")
    assert kinds_of(events)[-5:] == ["reveal", "sale_result", "drawn", "turn_end", "turn"]
    assert events[-3].data == {"slot": 0, "card": cid(g, courtesans[0])}
    assert merchant in g.s.out and g.s.limbo == []  # QN-SALE-12
    assert g.current_player() == 1 and g.decision()["kind"] == "influence"


def test_a_replacement_merchant_is_a_new_trigger_QN_MERCH_4() -> None:
    g = board()
    m = find(g, "merchant")
    set_pile_top(g, [m[0], m[1], *find(g, "courtesan")])
    buy_ring(g)
    while g.decision()["kind"] in ("present", "cardinal"):
        g.apply("done" if "done" in g.legal_actions() else "pass")
    assert g.s.sales == 2 and m[0] in g.s.out and m[1] in g.s.out
    assert g.s.market[0] == find(g, "courtesan")[0]


def test_three_sales_then_the_end_QN_MERCH_3_QN_END_1() -> None:
    g = board()
    g.s.sales = 2
    to_discard(g, *find(g, "merchant")[1:])  # as if sold
    set_pile_top(g, [find(g, "merchant")[0], *find(g, "courtesan")])
    events = buy_ring(g)
    while not g.is_over():
        events += g.apply("done" if "done" in g.legal_actions() else "pass")
    assert g.s.sales == 3 and g.current_player() is None and g.legal_actions() == []
    assert kinds_of(events)[-1] == "game_over"
    assert g.s.market[0] == -1  # the game ended right after the sale: no replacement
    assert_valid(g)


def test_cardinal_window_clockwise_from_the_left_QN_CARDINAL_1_QN_CARDINAL_2() -> None:
    """QN-CARDINAL-1/2: when a Merchant comes up in seat 1's turn, seats 2, 3 and 0 are asked
    in that order; seat 1 never (it is its own turn), although it holds a Cardinal."""
    g = board(4)
    cardinals = find(g, "cardinal")
    set_hand(g, 1, cardinals[:1] + find(g, "gem", "ruby")[:1])
    set_hand(g, 0, cardinals[1:])
    set_pile_top(g, [find(g, "merchant")[0]])
    begin_turn(g, 1)
    buy_ring(g)
    asked = []
    while g.decision()["kind"] == "cardinal":
        asked.append(g.current_player())
        assert g.legal_actions() == (["react:cardinal", "pass"] if g.current_player() == 0 else ["pass"])
        g.apply("pass")
    assert asked == [2, 3, 0]


def test_active_player_never_plays_a_cardinal_QN_CARDINAL_1() -> None:
    g = board(2, conceal_holders=False)
    set_hand(g, 0, find(g, "cardinal"))
    begin_turn(g, 0)
    set_pile_top(g, [find(g, "merchant")[0]])
    events = buy_ring(g)
    assert "cardinal" not in kinds_of(events) and g.s.sales == 1  # nobody else holds one: no window


def test_cardinal_delays_the_sale_to_the_end_of_its_players_turn_QN_CARDINAL_3_QN_CARDINAL_5_QN_AMB_7() -> None:
    """QN-CARDINAL-3/5, QN-AMB-7: the Merchant lies beside the Cardinal's player, the slot is
    refilled at once, turns go on normally, and the sale takes place at the end of that
    player's next turn, after its Devaluation."""
    g = board(3)
    merchant = find(g, "merchant")[0]
    cardinal = find(g, "cardinal")[0]
    set_hand(g, 2, [cardinal, *find(g, "gem", "amber")[:2]])
    courtesans = find(g, "courtesan")
    set_pile_top(g, [merchant, *courtesans])
    buy_ring(g)
    assert g.decision() == {"seat": 1, "kind": "cardinal", "merchant": pid(g, merchant), "active": 0}
    g.apply("pass")
    events = g.apply("react:cardinal")
    assert cardinal in g.s.out and g.s.delayed == [(merchant, 2)]
    assert "sale_delayed" in kinds_of(events)
    assert g.s.market[0] == courtesans[0]  # replaced at once
    assert g.observe(0)["players"][2]["delayed_sales"] == [pid(g, merchant)]
    assert g.current_player() == 1 and g.s.sales == 0
    finish_turn(g)  # seat 1's turn: nothing happens
    assert g.s.active == 2 and g.s.sales == 0
    events = finish_turn(g)  # seat 2's turn: buying, devaluation, then the sale
    kinds = kinds_of(events)
    assert kinds.index("devalued") < kinds.index("turn_end") < kinds.index("sale_due") < kinds.index("sale")
    assert g.s.sales == 1 and merchant in g.s.out and g.s.delayed == []
    assert g.s.active == 0
    assert_valid(g)


def test_cardinal_refill_config_QN_AMB_7() -> None:
    g = board(3, cardinal_refill_at_once=False)
    set_hand(g, 1, find(g, "cardinal")[:1])
    set_pile_top(g, [find(g, "merchant")[0], *find(g, "courtesan")])
    buy_ring(g)
    g.apply("react:cardinal")
    through_cardinals(g)
    assert g.s.market[0] == -1  # left empty until the next Devaluation refill
    finish_turn(g)
    assert g.s.market[0] == find(g, "courtesan")[0]


def end_own_turn(g: Necklace) -> list[Event]:
    """The active seat plays nothing, buys the first card offered and ends its turn; nothing
    after that is answered, so the test sees any question the end of the turn asks."""
    events = g.apply("done")
    events += g.apply(g.legal_actions()[0])
    return events + g.apply("done")


def test_two_cardinals_on_one_merchant_QN_CARDINAL_4_QN_AMB_8() -> None:
    """QN-CARDINAL-4 / QN-AMB-8: both play in the one window of the drawn Merchant; the sale
    waits for the end of the second player's turn (the later one clockwise), and then takes
    place without a new window."""
    g = board(3)
    cardinals = find(g, "cardinal")
    set_hand(g, 1, [cardinals[0]])
    set_hand(g, 2, [cardinals[1]])
    merchant = find(g, "merchant")[0]
    set_pile_top(g, [merchant, *find(g, "courtesan")])
    buy_ring(g)
    run(g, "react:cardinal", "react:cardinal")
    assert g.s.delayed == [(merchant, 2)]
    finish_turn(g)  # seat 1: its Cardinal was overtaken
    assert g.s.sales == 0
    events = end_own_turn(g)  # seat 2
    assert kinds_of(events)[-2:] == ["sale_due", "sale"] and g.decision()["kind"] == "present"


def test_a_delayed_sale_coming_due_opens_no_window_QN_AMB_8_QN_CARDINAL_1() -> None:
    """QN-CARDINAL-1 / QN-AMB-8: a Cardinal is played only when a Merchant is drawn in
    another player's turn.  Seat 0 draws the Merchant, seat 1 delays it; at the end of seat
    1's turn the sale takes place at once: seat 0, holding a Cardinal, is not asked and
    cannot delay it again."""
    g = board(2)
    cardinals = find(g, "cardinal")
    set_hand(g, 1, [cardinals[0], find(g, "gem", "ruby")[0]])
    set_pile_top(g, [find(g, "merchant")[0], *find(g, "courtesan")])
    buy_ring(g)
    run(g, "react:cardinal")
    assert g.current_player() == 1 and g.decision()["kind"] == "influence"
    set_hand(g, 0, [cardinals[1], find(g, "gem", "emerald")[0]])
    events = end_own_turn(g)
    assert kinds_of(events)[-3:] == ["turn_end", "sale_due", "sale"] and g.decision()["kind"] == "present"
    assert cardinals[1] in g.s.hands[0]


def test_a_seat_that_passed_cannot_delay_the_sale_when_it_comes_due_QN_AMB_8() -> None:
    """QN-AMB-8: the window is the drawn Merchant's; seat 2 passed in it and gets no second
    chance when the sale comes due at the end of seat 1's turn."""
    g = board(3)
    cardinals = find(g, "cardinal")
    set_hand(g, 1, [cardinals[0]])
    set_hand(g, 2, [cardinals[1], find(g, "gem", "ruby")[0]])
    merchant = find(g, "merchant")[0]
    set_pile_top(g, [merchant, *find(g, "courtesan")])
    buy_ring(g)
    run(g, "react:cardinal", "pass")
    assert g.s.delayed == [(merchant, 1)]
    events = end_own_turn(g)
    assert kinds_of(events)[-3:] == ["turn_end", "sale_due", "sale"] and g.decision()["kind"] == "present"
    assert cardinals[1] in g.s.hands[2]


def test_the_earlier_reading_reopens_the_window_when_the_sale_comes_due_QN_AMB_8() -> None:
    """The config's ``cardinal_when_due`` (off by default) keeps the earlier reading of
    QN-AMB-8: when the delayed sale comes due at the end of seat 1's turn, seats 2 and 0 are
    asked again, and seat 2 delays it once more, to the end of its own turn."""
    g = board(3, cardinal_when_due=True)
    cardinals = find(g, "cardinal")
    set_hand(g, 1, [cardinals[0]])
    set_hand(g, 2, [cardinals[1], find(g, "gem", "ruby")[0]])
    merchant = find(g, "merchant")[0]
    set_pile_top(g, [merchant, *find(g, "courtesan")])
    buy_ring(g)
    run(g, "react:cardinal", "pass")
    assert g.s.delayed == [(merchant, 1)]
    end_own_turn(g)  # seat 1's turn ends: the sale is due, seats 2 and 0 may answer
    assert g.decision()["kind"] == "cardinal" and g.current_player() == 2
    g.apply("react:cardinal")
    assert g.s.delayed == [(merchant, 2)] and g.s.sales == 0
    finish_turn(g)
    assert g.s.sales == 1


def test_last_merchant_delayed_and_the_pile_runs_out_QN_CARDINAL_6_QN_AMB_27() -> None:
    """QN-CARDINAL-6, QN-AMB-27: the game goes on without refills until the delayed third sale,
    and ends right after it, at the end of the Cardinal player's turn."""
    g = board(2)
    g.s.sales = 2
    merchant = find(g, "merchant")[0]
    set_hand(g, 1, find(g, "cardinal")[:1] + find(g, "gem", "amber")[:1])
    set_pile(g, [merchant, find(g, "courtesan")[0]])
    buy_ring(g)
    g.apply("react:cardinal")
    assert g.s.pile == [] and not g.is_over()
    g.apply("done")
    g.apply(g.legal_actions()[0])
    events = g.apply("done")
    while not g.is_over():
        events += g.apply("done")
    assert g.s.sales == 3 and "turn_end" in kinds_of(events)
    assert kinds_of(events).index("turn_end") < kinds_of(events).index("sale")
    assert -1 in g.s.market
