"""Employee bonuses (RULES.md §12): the general rules R-BON-GEN-* and every bonus by id.

Each test plays a card in Phase 3 (``mid_turn``: the opponent still holds a card, so the round
goes on and no income interferes), declines or takes the main action, and checks the ``bonus``
decision -- which options it offers, and that it is not offered when the bonus cannot be used
-- and the exact effect.  Cards are found by their bonus id, and amounts are read from the
bonus parameters, so the tests follow the data.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from salon.rococo.game import Rococo
from salon.rococo.models import BonusParams, EmployeeType
from salon.rococo.pieces import Decoration, Garment
from salon.rococo.state import Player
from tests.rococo.positions import (
    assert_valid,
    clear_rack,
    deck_card,
    decorations,
    find_garments,
    find_tiles,
    give_tiles,
    mid_turn,
    new_game,
    patch_data,
    place_garment,
    run,
    set_decoration,
    set_drawers,
    set_money,
    set_staff,
    set_windows,
    spaces,
    start_card,
    start_scoring,
)

START = ["S11", "S12", "S13", "S14", "S15"]

# ---------------------------------------------------------------------------------------------
# helpers


def card_of(bonus: str) -> str:
    """The id of a card carrying ``bonus`` (a start card of seat 0 or a deck card)."""
    g = new_game(2)
    if bonus.startswith("start_"):
        return start_card(g, 0, bonus)
    return deck_card(g, bonus)


def fillers(card: str, n: int) -> list[str]:
    """``n`` staff cards for seat 0 besides ``card``: its start cards first, then deck cards
    without a bonus that could interfere (any card the test does not play)."""
    g = new_game(2)
    deck = [c.id for c in g.s.t.cards[: g.s.t.deck_size]]
    pool = [c for c in START + deck if c != card]
    assert len(pool) >= n
    return pool[:n]


def turn(card: str, supply: list[str] | None = None, hand: Sequence[str] = (), discard: Sequence[str] = (),
         players: int = 2, livres: int | None = None, thread: int | None = None, lace: int | None = None,
         **config: Any) -> Rococo:
    """Seat 0 has just played ``card``; by default its staff is ``card`` + 4 start cards."""
    g = new_game(players, **config)
    if supply is None:
        supply = fillers(card, 4)
    set_staff(g, 0, list(supply), list(hand), list(discard))
    mid_turn(g, 0, card)
    set_money(g, 0, livres=livres, thread=thread, lace=lace)
    return g


def to_bonus(g: Rococo, main: str = "main:skip") -> list[str]:
    """Take the main action; the bonus decision must follow; returns its options."""
    g.apply(main)
    assert g.decision()["kind"] == "bonus", g.decision()
    return g.legal_actions()


def turn_over(g: Rococo) -> bool:
    """Seat 0's turn has ended: the opponent now plays."""
    return g.decision() == {"seat": 1, "kind": "play"}


def me(g: Rococo) -> Player:
    return g.s.players[0]


def bonus_params(g: Rococo) -> BonusParams:
    return g.s.t.ds.bonus


def card_type(g: Rococo, cid: str) -> EmployeeType:
    return g.s.t.cards[g.s.t.card_index[cid]].type


def staff_ids(g: Rococo, seat: int = 0) -> set[str]:
    return {g.s.t.cards[c].id for c in g.s.players[seat].staff()}


def put(g: Rococo, seat: int, pred: Callable[[Garment], object], n: int) -> list[str]:
    """Rent ``n`` garments matching ``pred`` for ``seat`` on free ordinary guest spaces."""
    placed = set(g.s.guest)
    ids = [x for x in find_garments(g, pred) if g.s.t.garment_index[x] not in placed][:n]
    assert len(ids) == n
    free = [sp for sp in spaces(g, master=False) if g.s.guest[g.s.t.space_index[sp]] < 0]
    for gid, sp in zip(ids, free):
        place_garment(g, seat, gid, sp)
    return ids


def colour(c: str) -> Callable[[Garment], bool]:
    return lambda x: x.colour == c


def tile_with(g: Rococo, silk: tuple[int, int, int, int]) -> str:
    found = find_tiles(g, lambda t: t.silk == silk)
    assert found, f"no tile with silk {silk} in the data"
    return found[0]


def garment_where(g: Rococo, pred: Callable[[Garment], object]) -> str:
    found = find_garments(g, pred)
    assert found, "no such garment in the data"
    return found[0]


def garment_of(g: Rococo, gid: str) -> Garment:
    return g.s.t.ds.garments[g.s.t.garment_index[gid]]


def deco(g: Rococo, did: str) -> Decoration:
    return g.s.t.ds.board.decorations[g.s.t.deco_index[did]]


# ---------------------------------------------------------------------------------------------
# General rules


def test_bonus_comes_only_after_the_main_action_and_once() -> None:
    """R-BON-GEN-1, R-PH3-4: the bonus is offered after the main action (never before) and used
    at most once per play; "bonus:skip" is always offered (optional)."""
    g = turn(card_of("l1_gain_1"), livres=0)
    assert g.decision()["kind"] == "main"
    assert "bonus:use" not in g.legal_actions()
    assert to_bonus(g) == ["bonus:use", "bonus:skip"]
    g.apply("bonus:use")
    assert turn_over(g)
    assert me(g).livres == bonus_params(g).l1_gain


def test_declining_a_bonus_changes_nothing() -> None:
    """R-BON-GEN-1: the bonus is optional; "bonus:skip" ends the turn without effect."""
    g = turn(card_of("l5_livre_per_garment"), livres=3)
    put(g, 0, lambda x: True, 3)
    to_bonus(g)
    g.apply("bonus:skip")
    assert turn_over(g) and me(g).livres == 3 and me(g).vp == 0


def test_once_icon_gives_exactly_one_token() -> None:
    """R-BON-GEN-1 ("x1"): a once-bonus yields its item a single time."""
    g = turn(card_of("l1_gain_thread_or_lace"), thread=0, lace=0)
    to_bonus(g)
    g.apply("bonus:lace")
    assert (me(g).thread, me(g).lace) == (0, 1) and turn_over(g)


def test_white_number_gains_black_number_pays() -> None:
    """R-BON-GEN-2: a white coin number is gained (start_gain_2: +2), a black one is paid
    (start_pay1_thread_or_lace: -1)."""
    g = turn(card_of("start_gain_2"), livres=4)
    to_bonus(g)
    g.apply("bonus:use")
    assert me(g).livres == 6
    g = turn(card_of("start_pay1_thread_or_lace"), livres=4, thread=0)
    to_bonus(g)
    g.apply("bonus:thread")
    assert (me(g).livres, me(g).thread) == (3, 1)


def test_on_the_board_counts_only_own_pieces_and_never_the_all_halls_marker() -> None:
    """R-BON-GEN-3: only the acting player's garments and markers count, and decorations never
    include the all-halls marker."""
    g = turn(card_of("l3_livre_per_dec"), livres=0)
    for d in ("st1", "kl1", "mu2"):
        set_decoration(g, 0, d)
    set_decoration(g, 1, "st2")
    g.s.all_halls[0] = 0
    to_bonus(g)
    g.apply("bonus:use")
    assert me(g).livres == 3
    g = turn(card_of("l5_livre_per_garment"), livres=0)
    put(g, 0, lambda x: True, 2)
    put(g, 1, lambda x: True, 3)
    to_bonus(g)
    g.apply("bonus:use")
    assert me(g).livres == 2


@pytest.mark.parametrize(("dec", "expected"), [(0, 0), (1, 0), (2, 1), (3, 1), (5, 2)])
def test_per_n_effects_round_down(dec: int, expected: int) -> None:
    """R-BON-GEN-4: "per N" effects give floor(x / N)."""
    g = turn(card_of("l2_vp_per_2_dec"))
    for d in ("st1", "st2", "st3", "fw1", "fw2")[:dec]:
        set_decoration(g, 0, d)
    to_bonus(g)
    g.apply("bonus:use")
    assert me(g).vp == expected


def test_staff_tables_count_the_played_card_and_give_nothing_at_four() -> None:
    """R-BON-GEN-5, A-27: the staff size S counts the card being played; S = 4 yields 0 from the
    level-III, level-IV and level-VI tables."""
    for bonus in ("l3_livres_by_staff", "l4_livres_by_staff"):
        card = card_of(bonus)
        g = turn(card, supply=fillers(card, 3), livres=0)
        to_bonus(g)
        g.apply("bonus:use")
        assert me(g).livres == 0, bonus
        g = turn(card, supply=fillers(card, 4), livres=0)  # S = 5 with the played card
        to_bonus(g)
        g.apply("bonus:use")
        assert me(g).livres == getattr(bonus_params(g), f"staff_livres_{bonus[:2]}")["5"] > 0


def test_a_used_bonus_of_another_card_resolves_fully_now() -> None:
    """R-BON-GEN-6: a bonus used through another card's bonus is resolved fully at once; a crown
    bonus used that way has no effect; a start Master contributes nothing."""
    dismiss = card_of("l1_dismiss_use_bonus")
    gain = card_of("l1_gain_1")
    crown = card_of("l6_end_vp_by_staff")
    g = turn(dismiss, supply=["S11", "S12", "S13", "S14", gain, crown], livres=0)
    to_bonus(g)
    g.apply(f"dismiss:{gain}")
    assert g.decision()["kind"] == "bonus" and g.decision()["bonus"] == "l1_gain_1"
    g.apply("bonus:use")
    assert me(g).livres == bonus_params(g).l1_gain and turn_over(g)
    for target in (crown, "S11"):
        g = turn(dismiss, supply=["S11", "S12", "S13", "S14", gain, crown], livres=0)
        to_bonus(g)
        g.apply(f"dismiss:{target}")
        assert turn_over(g) and me(g).livres == 0 and me(g).vp == 0


# ---------------------------------------------------------------------------------------------
# Start cards (§12.1)


def test_start_none_offers_no_bonus() -> None:
    """R-BON-start_none, R-PH3-7: start Masters have no bonus -- no bonus decision at all."""
    for cid in [c for c in START if card_type(new_game(2), c) == "master"]:
        g = turn(cid)
        g.apply("main:skip")
        assert turn_over(g)


def test_start_pay1_thread_or_lace() -> None:
    """R-BON-start_pay1_thread_or_lace: pay 1 livre for 1 thread or 1 lace (choice); not offered
    without a livre."""
    card = card_of("start_pay1_thread_or_lace")
    g = turn(card, livres=1, thread=0, lace=0)
    assert to_bonus(g) == ["bonus:thread", "bonus:lace", "bonus:skip"]
    g.apply("bonus:lace")
    assert (me(g).livres, me(g).thread, me(g).lace) == (0, 0, 1)
    g = turn(card, livres=0)
    g.apply("main:skip")
    assert turn_over(g)


@pytest.mark.parametrize("bonus", ["start_extra_acquire", "l1_extra_acquire"])
def test_extra_acquire_at_the_normal_drawer_price(bonus: str) -> None:
    """R-BON-start_extra_acquire, R-BON-l1_extra_acquire, R-PROC-GRANT: one Acquire Resources at
    the normal price (a drawer of 3 tiles costs 2), whatever the card's type; then the tile is
    kept or converted."""
    g = turn(card_of(bonus), livres=5)
    tiles = find_tiles(g, lambda t: True)[:4]
    set_drawers(g, [tiles[:3], [tiles[3]], []])
    assert to_bonus(g) == ["bonus:use", "bonus:skip"]
    g.apply("bonus:use")
    assert g.decision()["kind"] == "acquire" and g.decision()["mode"] == "bonus"
    assert set(g.legal_actions()) == {f"take:{t}" for t in tiles}
    g.apply(f"take:{tiles[0]}")
    assert me(g).livres == 3
    assert g.decision()["kind"] == "fate"
    g.apply("tile:keep")
    assert turn_over(g) and g.s.t.tile_index[tiles[0]] in me(g).rack


@pytest.mark.parametrize("bonus", ["start_extra_acquire", "l1_extra_acquire"])
def test_extra_acquire_not_offered_without_an_affordable_tile(bonus: str) -> None:
    """R-BON-start_extra_acquire, R-BON-l1_extra_acquire, A-53: an empty display or drawers the
    player cannot pay for -> the bonus is not offered."""
    g = turn(card_of(bonus), livres=0)
    tiles = find_tiles(g, lambda t: True)[:5]
    set_drawers(g, [tiles[:3], tiles[3:5], []])
    g.apply("main:skip")
    assert turn_over(g)
    g = turn(card_of(bonus), livres=9)
    set_drawers(g, [[], [], []])
    g.apply("main:skip")
    assert turn_over(g)


def test_start_gain_2() -> None:
    """R-BON-start_gain_2: take 2 livres."""
    g = turn(card_of("start_gain_2"), livres=0)
    to_bonus(g)
    g.apply("bonus:use")
    assert me(g).livres == 2 == bonus_params(g).start_gain


# ---------------------------------------------------------------------------------------------
# Level I (§12.2)


def test_l1_gain_1() -> None:
    """R-BON-l1_gain_1: take 1 livre."""
    g = turn(card_of("l1_gain_1"), livres=7)
    to_bonus(g)
    g.apply("bonus:use")
    assert me(g).livres == 8


def test_l1_dismiss_offers_every_staff_card_including_itself() -> None:
    """R-BON-l1_dismiss_use_bonus, A-25: any employee of the staff -- supply, hand, discard and
    the played card itself -- may be sent away."""
    card = card_of("l1_dismiss_use_bonus")
    g = turn(card, supply=["S11", "S12"], hand=("S13",), discard=("S14", "S15"))
    options = to_bonus(g)
    assert set(options) == {f"dismiss:{c}" for c in [*START, card]} | {"bonus:skip"}


def test_l1_dismiss_removes_the_target_without_money_and_uses_its_bonus() -> None:
    """R-BON-l1_dismiss_use_bonus, R-PROC-SEND: the target goes to the box, no carriage money
    is paid, then its bonus is used once."""
    card = card_of("l1_dismiss_use_bonus")
    g = turn(card, supply=["S11", "S12", "S13", "S14", "S15"], livres=0)
    to_bonus(g)
    g.apply("dismiss:S15")
    assert "S15" not in staff_ids(g) and "S15" in g.observe(0)["board"]["removed_cards"]
    assert me(g).livres == 0
    assert g.decision()["bonus"] == "start_gain_2"
    assert g.legal_actions() == ["bonus:use", "bonus:skip"]
    g.apply("bonus:use")
    assert me(g).livres == 2 and turn_over(g)
    assert_valid(g)


def test_l1_dismiss_of_itself_does_not_retrigger_by_default() -> None:
    """R-BON-l1_dismiss_use_bonus, A-5: the card may send itself away; it is removed and its
    bonus is not triggered a second time."""
    card = card_of("l1_dismiss_use_bonus")
    g = turn(card, supply=START[:])
    to_bonus(g)
    g.apply(f"dismiss:{card}")
    assert turn_over(g)
    assert card not in staff_ids(g) and len(me(g).staff()) == 5


def test_l1_dismiss_of_itself_retriggers_exactly_once_with_the_config() -> None:
    """R-BON-l1_dismiss_use_bonus, A-5 [config dismiss_self_retrigger]: exactly one re-trigger
    -- the dismissal may be used once more, on another card, and then the turn ends."""
    card = card_of("l1_dismiss_use_bonus")
    g = turn(card, supply=START[:], livres=0, dismiss_self_retrigger=True)
    to_bonus(g)
    g.apply(f"dismiss:{card}")
    assert g.decision()["kind"] == "bonus" and g.decision()["bonus"] == "l1_dismiss_use_bonus"
    assert f"dismiss:{card}" not in g.legal_actions()
    g.apply("dismiss:S15")
    g.apply("bonus:use")  # S15's own bonus: +2
    assert me(g).livres == 2 and turn_over(g)
    assert len(me(g).staff()) == 4


def test_l1_dismiss_of_a_crown_card_gives_nothing_and_it_no_longer_scores() -> None:
    """R-BON-l1_dismiss_use_bonus, R-PH3-8: a crown target is removed, nothing is gained, and it
    is not evaluated at the end."""
    card = card_of("l1_dismiss_use_bonus")
    crown = card_of("l6_end_vp_by_staff")
    g = turn(card, supply=[*START, crown], livres=0)
    to_bonus(g)
    g.apply(f"dismiss:{crown}")
    assert turn_over(g) and me(g).vp == 0 and me(g).livres == 0
    start_scoring(g)
    assert g.s.breakdown[0].get("employees", 0) == 0


def test_l1_dismiss_of_a_hand_card_loses_its_turn() -> None:
    """R-BON-l1_dismiss_use_bonus, A-25: a card sent away from the hand is not played this
    round."""
    card = card_of("l1_dismiss_use_bonus")
    gain = card_of("l1_gain_1")
    g = turn(card, supply=START[:4], hand=(gain, "S15"))
    to_bonus(g)
    g.apply(f"dismiss:{gain}")
    g.apply("bonus:skip")
    assert [g.s.t.cards[c].id for c in me(g).hand] == ["S15"]


def test_l1_dismiss_is_refused_at_the_staff_minimum_and_each_removal_rechecks_it() -> None:
    """R-BON-l1_dismiss_use_bonus, R-STAFF-2: at S = 4 the dismissal is not offered; a chained
    dismissal (target l2_dismiss_for_cash) re-checks the minimum."""
    card = card_of("l1_dismiss_use_bonus")
    g = turn(card, supply=START[:3])  # S = 4
    g.apply("main:skip")
    assert turn_over(g)
    cash = card_of("l2_dismiss_for_cash")
    g = turn(card, supply=[*START[:3], cash], livres=0)  # S = 5
    to_bonus(g)
    g.apply(f"dismiss:{cash}")  # S = 4: the cash dismissal may not follow
    assert turn_over(g) and me(g).livres == 0
    g = turn(card, supply=[*START[:4], cash], livres=0)  # S = 6
    to_bonus(g)
    g.apply(f"dismiss:{cash}")
    assert g.decision()["bonus"] == "l2_dismiss_for_cash"
    g.apply("dismiss:S11")
    assert me(g).livres == bonus_params(g).dismiss_cash["master"] and len(me(g).staff()) == 4


def test_l1_dismiss_while_the_played_card_is_being_sent_away() -> None:
    """R-BON-l1_dismiss_use_bonus, R-STAFF-2, A-21: after main action 5 the played card still
    counts while its bonus resolves but it is leaving: it is no second target, and at S = 5 no
    other card may go either (the turn would end with 3 employees); at S = 6 every other card
    of the staff may."""
    card = card_of("l1_dismiss_use_bonus")
    g = turn(card, supply=START[:4])
    g.apply("main:send")
    assert g.decision()["kind"] != "bonus"  # nothing to dismiss: the bonus is not offered
    g = turn(card, supply=START[:])
    options = to_bonus(g, "main:send")
    assert f"dismiss:{card}" not in options and len(options) == 5 + 1


def test_l1_pay1_draw_bag() -> None:
    """R-BON-l1_pay1_draw_bag, R-PROC-BAG: pay 1 livre, draw one tile secretly from the bag, then
    keep or convert it; not offered without a livre."""
    card = card_of("l1_pay1_draw_bag")
    g = turn(card, livres=2)
    bag = len(g.s.res_bag)
    assert to_bonus(g) == ["bonus:use", "bonus:skip"]
    events = g.apply("bonus:use")
    assert me(g).livres == 1 and len(g.s.res_bag) == bag - 1
    drawn = next(e for e in events if e.type == "tile_drawn")
    assert "tile" in drawn.view(0) and "tile" not in drawn.view(1)
    assert g.decision()["kind"] == "fate" and g.decision()["tile"] == drawn.data["tile"]
    g.apply("tile:keep")
    assert turn_over(g) and len(me(g).rack) == 1
    g = turn(card, livres=0)
    g.apply("main:skip")
    assert turn_over(g)


def test_l1_draw_bag_free() -> None:
    """R-BON-l1_draw_bag_free: one secret bag draw for free, then keep or convert."""
    g = turn(card_of("l1_draw_bag_free"), livres=0)
    to_bonus(g)
    g.apply("bonus:use")
    assert me(g).livres == 0 and g.decision()["kind"] == "fate"
    g.apply(next(a for a in g.legal_actions() if a != "tile:keep"))
    assert turn_over(g) and me(g).rack == [] and len(g.s.res_discard) == 1


def test_l1_gain_thread_or_lace() -> None:
    """R-BON-l1_gain_thread_or_lace: 1 thread or 1 lace for free."""
    g = turn(card_of("l1_gain_thread_or_lace"), livres=0, thread=0, lace=0)
    assert to_bonus(g) == ["bonus:thread", "bonus:lace", "bonus:skip"]
    g.apply("bonus:thread")
    assert (me(g).livres, me(g).thread, me(g).lace) == (0, 1, 0)


# ---------------------------------------------------------------------------------------------
# Level II (§12.3)


def test_l2_livres_blue_green() -> None:
    """R-BON-l2_livres_blue_green: 1 livre per own blue dress + 2 per own green dress."""
    g = turn(card_of("l2_livres_blue_green"), livres=0)
    put(g, 0, colour("blue"), 2)
    put(g, 0, colour("green"), 3)
    put(g, 0, colour("pink"), 1)
    put(g, 1, colour("green"), 1)
    to_bonus(g)
    g.apply("bonus:use")
    assert me(g).livres == 2 + 2 * 3


def _l2_position(need: tuple[int, int, int, int], rack: list[tuple[int, int, int, int]], livres: int = 20,
                 patch: bool = True, config: dict[str, Any] | None = None) -> tuple[Rococo, str]:
    """Seat 0 played the level-II tailoring card; the only garment in the display needs
    ``need`` silk (patched onto a plain blue dress without thread or lace), in the rightmost
    window; the rack holds tiles of the given silk."""
    card = card_of("l2_tailor_less_blue_or_pink")
    g = turn(card, livres=livres, thread=0, lace=0, **(config or {}))
    gid = garment_where(g, lambda x: x.colour == "blue" and not x.thimble)
    if patch:
        patch_data(g, garments={gid: {"silk": need, "thread": 0, "lace": 0}})
    clear_rack(g, 0)
    give_tiles(g, 0, [tile_with(g, t) for t in rack])
    set_windows(g, [None] * (len(g.s.windows) - 1) + [gid])
    return g, gid


def test_l2_tailoring_saves_one_blue_bale() -> None:
    """R-BON-l2_tailor_less_blue_or_pink, R-PROC-GRANT: a granted Tailor with one blue bale
    fewer (3 blue needed, a 2-blue tile suffices); cost and the rest unchanged."""
    g, gid = _l2_position((3, 0, 0, 0), [(2, 0, 0, 0)])
    assert to_bonus(g) == ["bonus:use", "bonus:skip"]
    g.apply("bonus:use")
    assert g.decision()["kind"] == "tailor" and g.decision()["mode"] == "l2"
    g.apply(f"garment:{gid}")
    assert me(g).livres == 20 - g.s.t.ds.board.window_costs[-1]
    assert g.decision()["kind"] == "give" and g.decision()["need"]["blue"] == 2
    g.apply(g.legal_actions()[0])
    assert g.decision()["kind"] == "dispose"


def test_l2_tailoring_not_offered_when_two_bales_are_missing() -> None:
    """R-BON-l2_tailor_less_blue_or_pink: exactly one bale fewer, never more -- 3 blue needed
    and 1 in the rack: the garment cannot be made, so the bonus is not offered."""
    g, _ = _l2_position((3, 0, 0, 0), [(1, 0, 0, 0)])
    g.apply("main:skip")
    assert turn_over(g)


def test_l2_tailoring_keeps_other_colours() -> None:
    """R-BON-l2_tailor_less_blue_or_pink: only one blue or pink bale is saved; the green of a
    blue-and-green garment is still required in full."""
    g, gid = _l2_position((2, 0, 1, 0), [(2, 0, 0, 0)])
    g.apply("main:skip")
    assert turn_over(g)  # green missing -> not offered
    g, gid = _l2_position((2, 0, 1, 0), [(1, 0, 1, 0)])
    to_bonus(g)
    run(g, "bonus:use", f"garment:{gid}")
    assert g.decision()["need"] == {"blue": 1, "pink": 0, "green": 1, "orange": 0}


def test_l2_tailoring_both_colours_required_lets_the_player_choose() -> None:
    """R-BON-l2_tailor_less_blue_or_pink, A-6: with blue and pink both required and both
    reductions affordable the player chooses which single bale to save."""
    g, gid = _l2_position((2, 1, 0, 0), [(2, 0, 0, 0), (0, 1, 0, 0)])
    to_bonus(g)
    run(g, "bonus:use", f"garment:{gid}")
    assert g.decision()["kind"] == "reduce"
    assert g.legal_actions() == ["reduce:blue", "reduce:pink"]
    g.apply("reduce:pink")
    assert g.decision()["need"] == {"blue": 2, "pink": 0, "green": 0, "orange": 0}


def test_l2_tailoring_never_saves_one_of_each() -> None:
    """R-BON-l2_tailor_less_blue_or_pink, A-6: a single bale in total -- blue 2 + pink 1 needed
    with 1 blue and 0 pink in the rack would need one of each saved: not offered."""
    g, _ = _l2_position((2, 1, 0, 0), [(1, 0, 0, 0)])
    g.apply("main:skip")
    assert turn_over(g)


def test_l2_tailoring_forbids_thimble_garments() -> None:
    """R-BON-l2_tailor_less_blue_or_pink: the garment may not show a gold thimble, even when a
    Master performs it."""
    card = card_of("l2_tailor_less_blue_or_pink")
    g = turn(card, livres=30, thread=5, lace=5)
    patch_data(g, cards={card: {"type": "master"}})
    gid = garment_where(g, lambda x: x.thimble and x.colour == "blue")
    clear_rack(g, 0)
    give_tiles(g, 0, find_tiles(g, lambda t: t.silk[0] >= 2)[:4])
    set_windows(g, [None] * (len(g.s.windows) - 1) + [gid])
    g.apply("main:skip")
    assert turn_over(g)


def test_l2_dismiss_for_cash_pays_by_type_and_uses_no_bonus() -> None:
    """R-BON-l2_dismiss_for_cash: send away any staff card for 8 (Master), 5 (Journeyman) or
    2 (Apprentice) livres; the target's bonus is not used."""
    card = card_of("l2_dismiss_for_cash")
    gain = card_of("l1_gain_1")
    cash = bonus_params(new_game(2)).dismiss_cash
    assert dict(cash) == {"master": 8, "journeyman": 5, "apprentice": 2}
    for target in ("S11", "S13", "S15", gain):
        g = turn(card, supply=[*START, gain], livres=0)
        assert f"dismiss:{target}" in to_bonus(g)
        g.apply(f"dismiss:{target}")
        assert turn_over(g), "the target's bonus must not be offered"
        assert me(g).livres == cash[card_type(g, target)]
        assert target not in staff_ids(g)


def test_l2_dismiss_for_cash_refused_at_the_staff_minimum() -> None:
    """R-BON-l2_dismiss_for_cash, R-STAFF-2: not offered at S = 4."""
    card = card_of("l2_dismiss_for_cash")
    g = turn(card, supply=START[:3])
    g.apply("main:skip")
    assert turn_over(g)


def test_l2_vp_per_2_dec() -> None:
    """R-BON-l2_vp_per_2_dec: +floor(DEC/2) VP."""
    g = turn(card_of("l2_vp_per_2_dec"))
    for d in ("st1", "fw1", "kr1", "mu1"):
        set_decoration(g, 0, d)
    to_bonus(g)
    g.apply("bonus:use")
    assert me(g).vp == 2


# ---------------------------------------------------------------------------------------------
# Level III (§12.4)


def test_l3_livre_per_dec() -> None:
    """R-BON-l3_livre_per_dec: DEC livres and no VP (the Deluxe card; D-47)."""
    g = turn(card_of("l3_livre_per_dec"), livres=1)
    for d in ("st1", "fw1", "kr1", "mu1", "mu2"):
        set_decoration(g, 0, d)
    to_bonus(g)
    g.apply("bonus:use")
    assert (me(g).livres, me(g).vp) == (6, 0)


@pytest.mark.parametrize(("n", "expected"), [(2, 0), (3, 1), (7, 2)])
def test_l3_vp_per_3_garments(n: int, expected: int) -> None:
    """R-BON-l3_vp_per_3_garments: +floor(G/3) VP for own garments on the board."""
    g = turn(card_of("l3_vp_per_3_garments"))
    put(g, 0, lambda x: True, n)
    put(g, 1, lambda x: True, 3)
    to_bonus(g)
    g.apply("bonus:use")
    assert me(g).vp == expected


def _finance_turn(bonus: str, livres: int) -> Rococo:
    return turn(card_of(bonus), livres=livres)


@pytest.mark.parametrize(("bonus", "discount"), [("l3_finance_minus5", 5), ("l6_finance_minus10", 10)])
def test_granted_finance_with_discount_never_below_zero(bonus: str, discount: int) -> None:
    """R-BON-l3_finance_minus5, R-BON-l6_finance_minus10, A-10: one Finance a Decoration paying
    max(0, cost - discount); no refund of an unused discount; only spaces affordable after the
    discount are offered."""
    g = _finance_turn(bonus, livres=2)
    assert getattr(bonus_params(g), f"finance_discount_{bonus[:2]}") == discount
    assert to_bonus(g) == ["bonus:use", "bonus:skip"]
    g.apply("bonus:use")
    assert g.decision()["kind"] == "finance" and g.decision()["discount"] == discount
    board = g.s.t.ds.board.decorations
    offered = {a.split(":")[1] for a in g.legal_actions()}
    assert offered == {d.id for d in board if d.cost - discount <= 2}
    cheapest = min(board, key=lambda d: d.cost)
    dearest = max((d for d in board if d.id in offered), key=lambda d: d.cost)
    h = g.clone()
    h.apply(f"finance:{cheapest.id}")
    assert h.s.players[0].livres == 2 - max(0, cheapest.cost - discount)
    g.apply(f"finance:{dearest.id}")
    assert me(g).livres == 2 - max(0, dearest.cost - discount)
    assert g.s.deco[g.s.t.deco_index[dearest.id]] == 0 and turn_over(g)


@pytest.mark.parametrize("bonus", ["l3_finance_minus5", "l6_finance_minus10"])
def test_granted_finance_not_offered_without_an_affordable_space(bonus: str) -> None:
    """R-BON-l3_finance_minus5, R-BON-l6_finance_minus10, A-53: if no free space is affordable
    even after the discount the bonus is not offered."""
    g = _finance_turn(bonus, livres=0)
    discount = getattr(bonus_params(g), f"finance_discount_{bonus[:2]}")
    for i, d in enumerate(g.s.t.ds.board.decorations):
        if d.cost - discount <= 0:
            g.s.deco[i] = 1
    g.apply("main:skip")
    assert turn_over(g)


@pytest.mark.parametrize(("staff", "expected"), [(4, 0), (5, 2), (6, 2), (7, 6), (8, 6), (9, 10), (10, 10),
                                                 (11, 14), (12, 14)])
def test_tv17_l3_livres_by_staff(staff: int, expected: int) -> None:
    """TV-17, R-BON-l3_livres_by_staff, A-27: S = 4 / 5-6 / 7-8 / 9-10 / 11+ -> 0 / 2 / 6 / 10 / 14
    livres (staff 4 / 6 / 7 / 12 -> 0 / 2 / 6 / 14)."""
    card = card_of("l3_livres_by_staff")
    g = turn(card, supply=fillers(card, staff - 1), livres=0)
    assert me(g).staff_size() == staff
    to_bonus(g)
    g.apply("bonus:use")
    assert me(g).livres == expected


# ---------------------------------------------------------------------------------------------
# Level IV (§12.5)


@pytest.mark.parametrize(("staff", "expected"), [(4, 0), (5, 1), (6, 1), (7, 3), (8, 3), (9, 5), (10, 5),
                                                 (11, 7), (13, 7)])
def test_l4_livres_by_staff(staff: int, expected: int) -> None:
    """R-BON-l4_livres_by_staff, A-27: S = 4 / 5-6 / 7-8 / 9-10 / 11+ -> 0 / 1 / 3 / 5 / 7."""
    card = card_of("l4_livres_by_staff")
    g = turn(card, supply=fillers(card, staff - 1), livres=0)
    to_bonus(g)
    g.apply("bonus:use")
    assert me(g).livres == expected


def _l4_position(green_need: int, rack: list[tuple[int, int, int, int]], thimble: bool = False) -> tuple[Rococo, str]:
    card = card_of("l4_tailor_less_green")
    g = turn(card, livres=20, thread=0, lace=0)
    gid = garment_where(g, lambda x: x.colour == "green" and x.thimble == thimble)
    patch_data(g, garments={gid: {"silk": (0, 0, green_need, 0), "thread": 0, "lace": 0}})
    clear_rack(g, 0)
    give_tiles(g, 0, [tile_with(g, t) for t in rack])
    set_windows(g, [None] * (len(g.s.windows) - 1) + [gid])
    return g, gid


def test_l4_tailoring_two_green_fewer() -> None:
    """R-BON-l4_tailor_less_green, R-PROC-GRANT: a granted Tailor needing up to 2 green bales
    fewer (4 green -> 2)."""
    g, gid = _l4_position(4, [(0, 0, 2, 0)])
    to_bonus(g)
    run(g, "bonus:use", f"garment:{gid}")
    assert g.decision()["mode"] == "l4"
    assert g.decision()["need"] == {"blue": 0, "pink": 0, "green": 2, "orange": 0}


def test_l4_tailoring_never_below_zero() -> None:
    """R-BON-l4_tailor_less_green: with 1 green required nothing is handed in (never below 0);
    with 3 required and 0 in the rack the garment cannot be made."""
    g, gid = _l4_position(1, [])
    to_bonus(g)
    run(g, "bonus:use", f"garment:{gid}")
    assert g.decision()["kind"] == "dispose"
    g, _ = _l4_position(3, [])
    g.apply("main:skip")
    assert turn_over(g)


def test_l4_tailoring_forbids_thimble_garments() -> None:
    """R-BON-l4_tailor_less_green: no gold-thimble garment."""
    g, _ = _l4_position(2, [(0, 0, 2, 0)], thimble=True)
    patch_data(g, cards={card_of("l4_tailor_less_green"): {"type": "master"}})
    g.apply("main:skip")
    assert turn_over(g)


def test_l4_pink_livres_orange_vp() -> None:
    """R-BON-l4_pink_livres_orange_vp: +2 livres per own pink coat, +1 VP per own orange coat."""
    g = turn(card_of("l4_pink_livres_orange_vp"), livres=0)
    put(g, 0, colour("pink"), 3)
    put(g, 0, colour("orange"), 2)
    put(g, 0, colour("blue"), 1)
    put(g, 1, colour("orange"), 1)
    to_bonus(g)
    g.apply("bonus:use")
    assert (me(g).livres, me(g).vp) == (6, 2)


@pytest.mark.parametrize(("bonus", "price"), [("l4_buy_vp_4", 4), ("l6_buy_vp_3", 3)])
def test_buy_points_any_number_of_times(bonus: str, price: int) -> None:
    """R-BON-l4_buy_vp_4, R-BON-l6_buy_vp_3: pay the price per VP, any number of times, k >= 0
    with price * k <= money; "buy" is no longer offered once it is unaffordable."""
    g = turn(card_of(bonus), livres=3 * price + price - 1)
    to_bonus(g)
    g.apply("bonus:use")
    assert g.decision()["kind"] == "buy" and g.decision()["price"] == price
    for _ in range(3):
        assert g.legal_actions() == ["buy", "done"]
        g.apply("buy")
    assert g.legal_actions() == ["done"]
    g.apply("done")
    assert (me(g).livres, me(g).vp) == (price - 1, 3) and turn_over(g)


@pytest.mark.parametrize(("bonus", "price"), [("l4_buy_vp_4", 4), ("l6_buy_vp_3", 3)])
def test_buy_points_stop_early_or_not_offered(bonus: str, price: int) -> None:
    """R-BON-l4_buy_vp_4, R-BON-l6_buy_vp_3, A-53: the player may stop at any time; with less
    than the price the bonus is not offered."""
    g = turn(card_of(bonus), livres=2 * price)
    to_bonus(g)
    run(g, "bonus:use", "buy", "done")
    assert (me(g).livres, me(g).vp) == (price, 1)
    g = turn(card_of(bonus), livres=price - 1)
    g.apply("main:skip")
    assert turn_over(g)


# ---------------------------------------------------------------------------------------------
# Level V (§12.6)


def test_l5_livre_per_garment() -> None:
    """R-BON-l5_livre_per_garment: G livres (own garments only)."""
    g = turn(card_of("l5_livre_per_garment"), livres=0)
    put(g, 0, lambda x: True, 5)
    put(g, 1, lambda x: True, 2)
    to_bonus(g)
    g.apply("bonus:use")
    assert me(g).livres == 5


def test_l5_vp_per_2_dec() -> None:
    """R-BON-l5_vp_per_2_dec: +floor(DEC/2) VP."""
    g = turn(card_of("l5_vp_per_2_dec"))
    for d in ("st1", "fw1", "kl1", "mu1", "mu3"):
        set_decoration(g, 0, d)
    to_bonus(g)
    g.apply("bonus:use")
    assert me(g).vp == 2


@pytest.mark.parametrize(("n", "expected"), [(1, 0), (2, 1), (5, 2)])
def test_l5_vp_per_2_garments(n: int, expected: int) -> None:
    """R-BON-l5_vp_per_2_garments: +floor(G/2) VP."""
    g = turn(card_of("l5_vp_per_2_garments"))
    put(g, 0, lambda x: True, n)
    put(g, 1, lambda x: True, 2)
    to_bonus(g)
    g.apply("bonus:use")
    assert me(g).vp == expected


def _silk_position(rack: list[tuple[int, int, int, int]]) -> tuple[Rococo, list[str]]:
    """The level-V silk card is played; the rack holds tiles with exactly the given silk (patched
    onto tiles of the data)."""
    g = turn(card_of("l5_silk_to_vp"), thread=0, lace=0)
    ids = find_tiles(g, lambda t: t.lower == "thread+lace")[: len(rack)]
    patch_data(g, tiles={tid: {"silk": silk} for tid, silk in zip(ids, rack)})
    clear_rack(g, 0)
    give_tiles(g, 0, ids)
    return g, ids


def test_tv15_l5_silk_to_vp() -> None:
    """TV-15, R-BON-l5_silk_to_vp: discard [2 blue], [1 pink + 1 green], [1 orange] ->
    1 (orange) + 1 (green) + floor(3/2) (blue/pink) = 3 VP; lower parts are ignored."""
    g, ids = _silk_position([(2, 0, 0, 0), (0, 1, 1, 0), (0, 0, 0, 1)])
    assert to_bonus(g) == ["bonus:use", "bonus:skip"]
    g.apply("bonus:use")
    assert set(g.legal_actions()) == {f"silk:{t}" for t in ids} | {"done"}
    run(g, *(f"silk:{t}" for t in ids))
    assert g.legal_actions() == ["done"]
    g.apply("done")
    assert me(g).vp == 3 and (me(g).thread, me(g).lace) == (0, 0)
    assert me(g).rack == [] and turn_over(g)


def test_l5_silk_pools_blue_and_pink_across_tiles() -> None:
    """R-BON-l5_silk_to_vp, A-36: bales of all tiles discarded in one use are pooled -- [1 blue]
    and [1 pink] give 1 VP together; a tile kept back stays in the rack."""
    g, ids = _silk_position([(1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 2, 0)])
    to_bonus(g)
    run(g, "bonus:use", f"silk:{ids[0]}", f"silk:{ids[1]}", "done")
    assert me(g).vp == 1
    assert [g.s.t.ds.tiles[x].id for x in me(g).rack] == [ids[2]]


def test_l5_silk_to_vp_not_offered_with_an_empty_rack() -> None:
    """R-BON-l5_silk_to_vp: without silk the bonus cannot be used and is not offered."""
    g = turn(card_of("l5_silk_to_vp"))
    clear_rack(g, 0)
    g.apply("main:skip")
    assert turn_over(g)


# ---------------------------------------------------------------------------------------------
# Level VI (§12.7): crown bonuses have no in-game effect and score in step 2


@pytest.mark.parametrize("bonus", ["l6_end_vp_by_staff", "l6_end_thread_lace_sets", "l6_end_master_guest_pairs",
                                   "l6_end_dress_coat_pairs"])
def test_crown_bonuses_have_no_in_game_effect(bonus: str) -> None:
    """R-PH3-8 with each crown bonus: playing the card offers no bonus at all."""
    g = turn(card_of(bonus), livres=5, thread=2, lace=2)
    g.apply("main:skip")
    assert turn_over(g)
    assert (me(g).livres, me(g).vp, me(g).thread, me(g).lace) == (5, 0, 2, 2)


def _crown_scoring(bonus: str, staff: int = 5) -> Rococo:
    g = new_game(2)
    crown = card_of(bonus)
    set_staff(g, 0, fillers(crown, staff - 1) + [crown])
    for seat in range(2):
        set_money(g, seat, livres=0)
    return g


@pytest.mark.parametrize(("staff", "expected"), [(4, 0), (5, 2), (6, 2), (7, 5), (8, 5), (9, 8), (10, 8),
                                                 (11, 11), (12, 11)])
def test_l6_end_vp_by_staff(staff: int, expected: int) -> None:
    """R-BON-l6_end_vp_by_staff, A-27: in step 2, S = 4 / 5-6 / 7-8 / 9-10 / 11+ -> 0 / 2 / 5 / 8 / 11
    VP."""
    g = _crown_scoring("l6_end_vp_by_staff", staff)
    start_scoring(g)
    assert g.s.breakdown[0].get("employees", 0) == expected


def test_l6_end_thread_lace_sets() -> None:
    """R-BON-l6_end_thread_lace_sets: return k <= min(thread, lace) sets of 1 thread + 1 lace,
    +3 VP each; the player chooses k."""
    g = _crown_scoring("l6_end_thread_lace_sets")
    set_money(g, 0, thread=3, lace=2)
    start_scoring(g)
    assert g.decision() == {"seat": 0, "kind": "sets"}
    assert g.legal_actions() == ["sets:0", "sets:1", "sets:2"]
    g.apply("sets:2")
    assert (me(g).thread, me(g).lace) == (1, 0)
    assert g.s.breakdown[0]["employees"] == 6


def test_l6_end_thread_lace_sets_without_a_set_asks_nothing() -> None:
    """R-BON-l6_end_thread_lace_sets: with no lace there is no set to return and no decision."""
    g = _crown_scoring("l6_end_thread_lace_sets")
    set_money(g, 0, thread=3, lace=0)
    start_scoring(g)
    assert g.decision().get("kind") != "sets"


@pytest.mark.parametrize(("mg", "expected"), [(1, 0), (2, 3), (3, 3), (4, 6)])
def test_l6_end_master_guest_pairs(mg: int, expected: int) -> None:
    """R-BON-l6_end_master_guest_pairs: 3 VP per 2 own garments on master guest spaces."""
    g = _crown_scoring("l6_end_master_guest_pairs")
    masters = spaces(g, master=True)
    pool = find_garments(g, lambda x: True)
    for gid, sp in zip(pool, masters[:mg]):
        place_garment(g, 0, gid, sp)
    place_garment(g, 1, pool[mg], masters[mg])
    put(g, 0, lambda x: True, 2)  # ordinary spaces do not count
    start_scoring(g)
    assert g.s.breakdown[0].get("employees", 0) == expected


def test_l6_end_master_guest_pairs_counts_before_the_terrace() -> None:
    """R-BON-l6_end_master_guest_pairs: evaluated in step 2, before Throne-hall garments on
    master guest spaces could move to the terrace."""
    g = _crown_scoring("l6_end_master_guest_pairs")
    throne_masters = spaces(g, hall=1, master=True)
    assert len(throne_masters) >= 2
    for gid, sp in zip(find_garments(g, lambda x: True), throne_masters[:2]):
        place_garment(g, 0, gid, sp)
    fw = decorations(g, "fireworks")
    set_decoration(g, 0, fw[0])
    set_decoration(g, 0, fw[1])
    start_scoring(g)
    while g.decision().get("kind") == "terrace":
        g.apply(next(a for a in g.legal_actions() if a != "done"))
    assert g.s.breakdown[0]["employees"] == 3


def test_l6_end_dress_coat_pairs() -> None:
    """R-BON-l6_end_dress_coat_pairs: +2 VP per pair of 1 own dress and 1 own coat, any colours
    and positions: 2 * min(D, C)."""
    g = _crown_scoring("l6_end_dress_coat_pairs")
    put(g, 0, colour("blue"), 1)
    put(g, 0, colour("green"), 2)
    put(g, 0, colour("orange"), 2)
    put(g, 1, colour("pink"), 3)
    start_scoring(g)
    assert g.s.breakdown[0]["employees"] == 2 * 2
