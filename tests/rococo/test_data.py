"""Rococo component data: the packaged files load, obey every rulebook constraint, and a broken
data set is rejected with a message naming the file (COMPONENTS.md policy 3-4, RULES.md §2).

Every constraint test mutates a copy of the packaged data and asserts that :func:`check`
reports exactly that rule; the packaged data is first shown to report nothing, so each test
can fail.
"""

from __future__ import annotations

import dataclasses
import re
import shutil
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import salon.rococo.data
from salon.core.errors import DataError
from salon.rococo.components import BASE_FILES, BOARD_FILES, load
from salon.rococo.constraints import check
from salon.rococo.models import COLOURS, CardModel, StartCardModel
from salon.rococo.pieces import DataSet, ResourceTile

DATA = Path(salon.rococo.data.__file__).parent
SIDES = ("1-3", "4-5")


# ---------------------------------------------------------------------------------------------
# helpers


@pytest.fixture(params=SIDES)
def ds(request: pytest.FixtureRequest) -> DataSet:
    data = load(request.param)
    assert check(data) == []
    return data


@pytest.fixture
def base() -> DataSet:
    data = load("1-3")
    assert check(data) == []
    return data


@pytest.fixture
def datadir(tmp_path: Path) -> Path:
    for f in DATA.glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    return tmp_path


def edit(directory: Path, name: str, old: str, new: str) -> None:
    """Replace the first occurrence of ``old`` in a copied data file (which must contain it)."""
    path = directory / name
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def reports(data: DataSet, *needles: str) -> list[str]:
    msgs = check(data)
    for needle in needles:
        assert any(needle in m for m in msgs), f"{needle!r} not reported: {msgs}"
    return msgs


def with_garment(data: DataSet, index: int, **changes: Any) -> DataSet:
    gs = list(data.garments)
    gs[index] = dataclasses.replace(gs[index], **changes)
    return dataclasses.replace(data, garments=tuple(gs))


def with_tiles(data: DataSet, fn: Callable[[ResourceTile], ResourceTile]) -> DataSet:
    return dataclasses.replace(data, tiles=tuple(fn(t) for t in data.tiles))


def with_card(data: DataSet, card_id: str, **changes: Any) -> DataSet:
    cards = tuple(c.model_copy(update=changes) if c.id == card_id else c for c in data.deck_cards)
    return dataclasses.replace(data, deck_cards=cards)


def with_start(data: DataSet, key: str, **changes: Any) -> DataSet:
    cards = tuple(c.model_copy(update=changes) if c.key == key else c for c in data.start_cards)
    return dataclasses.replace(data, start_cards=cards)


def with_board(data: DataSet, **changes: Any) -> DataSet:
    return dataclasses.replace(data, board=dataclasses.replace(data.board, **changes))


def card_with(data: DataSet, level: int, type_: str | None = None, bonus: str | None = None) -> CardModel:
    return next(
        c for c in data.deck_cards
        if c.level == level and (type_ is None or c.type == type_) and (bonus is None or c.bonus == bonus)
    )


def with_hall_masters(data: DataSet, hall: int, master: bool) -> DataSet:
    idx = set(data.board.halls[hall - 1].spaces)
    spaces = tuple(dataclasses.replace(s, master=master) if s.index in idx else s for s in data.board.guest_spaces)
    return with_board(data, guest_spaces=spaces)


# ---------------------------------------------------------------------------------------------
# the packaged data


@pytest.mark.parametrize("side", SIDES)
def test_both_sides_load_and_satisfy_every_constraint(side: str) -> None:
    data = load(side)
    assert data.board.side == side
    assert check(data) == []
    assert set(data.provenance) == {*BASE_FILES.values(), BOARD_FILES[side]}


def test_rule_numbers_are_the_rulebook_values(base: DataSet) -> None:
    """R-NUM-1, -3, -17, -19, -22, -25, -29, -33 (RULES.md §2.6)."""
    r = base.rules
    assert (r.rounds, r.hand_size, r.start_livres, r.start_thread, r.start_lace) == (7, 3, 15, 1, 1)
    assert (r.favour_livres, r.favour_end_vp, r.min_staff, r.base_income) == (5, 3, 4, 5)
    assert (r.livres_per_vp, r.statue_vp_per_colour) == (10, 2)


def test_bonus_parameters_are_the_rulebook_values(base: DataSet) -> None:
    """R-NUM-24, R-NUM-34..36 and the bonus texts of RULES.md §12."""
    b = base.bonus
    assert b.staff_livres_l3 == {"5": 2, "7": 6, "9": 10, "11": 14}
    assert b.staff_livres_l4 == {"5": 1, "7": 3, "9": 5, "11": 7}
    assert b.staff_vp_l6 == {"5": 2, "7": 5, "9": 8, "11": 11}
    assert b.dismiss_cash == {"master": 8, "journeyman": 5, "apprentice": 2}
    assert (b.finance_discount_l3, b.finance_discount_l6, b.vp_price_l4, b.vp_price_l6) == (5, 10, 4, 3)
    assert (b.green_reduction_l4, b.start_thread_lace_price, b.draw_bag_price, b.start_gain, b.l1_gain) == (
        2, 1, 1, 2, 1,
    )
    assert (b.thread_lace_set_vp, b.master_guest_pair_vp, b.dress_coat_pair_vp) == (3, 3, 2)
    assert (b.l3_livre_per_dec, b.l3_vp_per_dec) == (1, 0)


def test_rulebook_fixtures_exist(base: DataSet) -> None:
    """R-ACT-TAILOR-6 (DE:495-497) and R-ACT-RES-6 (DE:460-470) can be replayed on real data."""
    assert any(
        g.colour == "blue" and g.thimble and g.silk == (3, 0, 0, 0) and (g.thread, g.lace) == (0, 1)
        for g in base.garments
    )
    assert any(t.silk == (0, 2, 0, 0) and t.lower == "thread/lace" for t in base.tiles)


def test_send_values_follow_ruling_a15(base: DataSet) -> None:
    """A-15: send-away value 10 / 7 / 4 by type until verified on the Deluxe cards."""
    want = {"master": 10, "journeyman": 7, "apprentice": 4}
    cards: tuple[CardModel | StartCardModel, ...] = (*base.deck_cards, *base.start_cards)
    assert all(c.send_value == want[c.type] for c in cards)


def test_every_file_states_its_provenance() -> None:
    """COMPONENTS.md policy 2: reconstructed data says so; the board says what self-play checked."""
    for side in SIDES:
        prov = load(side).provenance
        assert prov["rules.toml"].startswith("rulebook") and prov["bonuses.toml"].startswith("rulebook")
        for name in ("garments.toml", "resources.toml", "employees.toml", BOARD_FILES[side]):
            assert prov[name].startswith("reconstructed"), name
        assert "self-play check (heuristic bots" in (DATA / BOARD_FILES[side]).read_text(encoding="utf-8").lower()


def test_board_sides_follow_the_structural_defaults() -> None:
    """COMPONENTS.md table: windows, drawers, guest spaces, decorations per side; A-17."""
    small, big = load("1-3").board, load("4-5").board
    assert (len(small.window_costs), small.drawer_spaces, small.fireworks_majority) == (6, 3, (6, 2))
    assert (len(big.window_costs), big.drawer_spaces, big.fireworks_majority) == (8, 4, (7, 3))
    assert 24 <= len(small.guest_spaces) <= 28 and 34 <= len(big.guest_spaces) <= 38
    for board, n_fw, n_kitchen, n_statue in ((small, 3, 2, 3), (big, 4, 3, 4)):
        kinds = Counter(d.kind for d in board.decorations)
        assert kinds == {"musician": 5, "fireworks": n_fw, "kitchen_left": n_kitchen,
                         "kitchen_right": n_kitchen, "statue": n_statue}
        assert all(5 <= d.cost <= 20 for d in board.decorations)
        rewards = sum(1 for s in board.guest_spaces if s.reward != "none")
        assert len(board.guest_spaces) / 4 <= rewards <= len(board.guest_spaces) / 2


# ---------------------------------------------------------------------------------------------
# garments (R-NUM-7..9, R-COMP-GAR-*)


def test_r_num_7_garment_count_per_colour(base: DataSet) -> None:
    i = next(g.index for g in base.garments if g.colour == "blue")
    data = with_garment(base, i, colour="pink", colour_index=1, is_dress=False)
    reports(data, "12 blue garments", "14 pink garments", "R-NUM-7")


def test_r_num_7_missing_garment(base: DataSet) -> None:
    data = dataclasses.replace(base, garments=tuple(g for g in base.garments if g.id != "G42"))
    reports(data, "5 orange garments", "R-NUM-7")


@pytest.mark.parametrize("value", [5, 29])
def test_r_num_8_garment_value_range(base: DataSet, value: int) -> None:
    reports(with_garment(base, 0, value=value), "G01", "R-NUM-8")


@pytest.mark.parametrize("prestige", [1, 5])
def test_r_num_9_garment_prestige_range(base: DataSet, prestige: int) -> None:
    reports(with_garment(base, 3, prestige=prestige), "G04", "R-NUM-9")


def test_r_comp_gar_1_garment_needs_silk(base: DataSet) -> None:
    reports(with_garment(base, 5, silk=(0, 0, 0, 0)), "G06", "R-COMP-GAR-1")


# ---------------------------------------------------------------------------------------------
# resource tiles (R-NUM-11, R-COMP-RES-1, R-DATA-2)


def test_r_num_11_tile_count(base: DataSet) -> None:
    reports(dataclasses.replace(base, tiles=base.tiles[:-1]), "47 resource tiles", "R-NUM-11")


def test_r_data_2_tile_needs_a_bale(base: DataSet) -> None:
    data = with_tiles(base, lambda t: dataclasses.replace(t, silk=(0, 0, 0, 0)) if t.id == "R48" else t)
    reports(data, "tile R48", "R-DATA-2")


@pytest.mark.parametrize(
    "a, b",
    [("blue", "green"), ("pink", "green"), ("green", "orange")],
    ids=["blue-not-above-green", "pink-not-above-green", "green-not-above-orange"],
)
def test_r_comp_res_1_rarity_order(base: DataSet, a: str, b: str) -> None:
    """Swapping two colours on every tile turns the rarity order blue, pink > green > orange around."""
    i, j = COLOURS.index(a), COLOURS.index(b)

    def swap(t: ResourceTile) -> ResourceTile:
        silk = list(t.silk)
        silk[i], silk[j] = silk[j], silk[i]
        blue, pink, green, orange = silk
        return dataclasses.replace(t, silk=(blue, pink, green, orange))

    reports(with_tiles(base, swap), "rarity order", "R-COMP-RES-1")


def test_r_data_2_some_tile_mixes_two_colours(base: DataSet) -> None:
    def single(t: ResourceTile) -> ResourceTile:
        main = max(range(4), key=lambda k: t.silk[k])
        blue, pink, green, orange = (t.bales if k == main else 0 for k in range(4))
        return dataclasses.replace(t, silk=(blue, pink, green, orange))

    reports(with_tiles(base, single), "mixes two silk colours", "R-DATA-2")


# ---------------------------------------------------------------------------------------------
# employee cards (R-NUM-5, R-COMP-EMP-3..6)


def test_r_num_5_deck_size(base: DataSet) -> None:
    data = dataclasses.replace(base, deck_cards=base.deck_cards[1:])
    reports(data, "27 cards in the hire deck", "5 cards of level 1", "R-NUM-5")


def test_r_comp_emp_3_cards_per_level(base: DataSet) -> None:
    card = card_with(base, 1)
    reports(with_card(base, card.id, level=2), "5 cards of level 1", "5 cards of level 2", "R-COMP-EMP-3")


def test_r_comp_emp_3_no_level_outside_i_to_vi(base: DataSet) -> None:
    """Level 0 belongs to the Jewelry Box apprentices, never to the base deck."""
    card = card_with(base, 1)
    reports(with_card(base, card.id, level=0), "card(s) of level 0", "R-COMP-EMP-3")


def test_r_comp_emp_5_bonus_of_another_level(base: DataSet) -> None:
    card = card_with(base, 3)
    reports(with_card(base, card.id, bonus="l2_vp_per_2_dec"), card.id, "not a level-3 bonus", "R-COMP-EMP-5")


def test_r_comp_emp_5_bonus_twice_on_a_level(base: DataSet) -> None:
    first, second = [c for c in base.deck_cards if c.level == 1][:2]
    reports(with_card(base, second.id, bonus=first.bonus), f"{first.bonus} appears twice", "R-COMP-EMP-5")


@pytest.mark.parametrize("level, type_, new", [(2, "master", "journeyman"), (5, "master", "apprentice")])
def test_r_comp_emp_4_level_ii_and_v_composition(base: DataSet, level: int, type_: str, new: str) -> None:
    """Level II = 1 Master, 2 Journeymen, 1 Apprentice (DE:852); level V = 2/1/1 (DE:846)."""
    card = card_with(base, level, type_)
    reports(with_card(base, card.id, type=new), f"level {level} holds", "R-COMP-EMP-4")


def test_r_comp_emp_4_crown_bonus_on_a_journeyman(base: DataSet) -> None:
    card = card_with(base, 6, "apprentice", "l6_end_dress_coat_pairs")
    reports(with_card(base, card.id, type="journeyman"), "level 6 must hold the 4 Apprentices", "R-COMP-EMP-4")


def test_r_comp_emp_4_crown_bonus_missing_from_level_vi(base: DataSet) -> None:
    crown = card_with(base, 6, "apprentice", "l6_end_vp_by_staff")
    other = card_with(base, 6, bonus="l6_buy_vp_3")
    data = with_card(with_card(base, crown.id, bonus="l6_buy_vp_3"), other.id, bonus="l6_end_vp_by_staff")
    reports(data, "level 6 must hold the 4 Apprentices", "R-COMP-EMP-4")


def test_r_num_6_five_start_cards(base: DataSet) -> None:
    data = dataclasses.replace(base, start_cards=base.start_cards[:4])
    reports(data, "4 start cards", "R-NUM-6")


def test_r_comp_emp_6_start_masters_have_no_bonus(base: DataSet) -> None:
    master = next(s for s in base.start_cards if s.type == "master")
    reports(with_start(base, master.key, bonus="start_gain_2"), "2 Masters without bonus", "R-COMP-EMP-6")


def test_r_comp_emp_6_start_bonuses_once_each(base: DataSet) -> None:
    a, b = [s for s in base.start_cards if s.type != "master"][:2]
    reports(with_start(base, b.key, bonus=a.bonus), "once each", "R-COMP-EMP-6")


# ---------------------------------------------------------------------------------------------
# the board, both sides (R-DATA-4, R-NUM-4, -10, -20, -21, -31, -32, A-16)


def test_r_num_10_window_cost_range(ds: DataSet) -> None:
    costs = (9, *ds.board.window_costs[1:])
    reports(with_board(ds, window_costs=costs), "leave the range 0-8", "R-NUM-10")


def test_a16_window_costs_fall_to_the_right(ds: DataSet) -> None:
    costs = tuple(reversed(ds.board.window_costs))
    reports(with_board(ds, window_costs=costs), "must fall from left to right", "A-16")


def test_a16_rightmost_window_is_free(ds: DataSet) -> None:
    costs = tuple(c + 1 for c in ds.board.window_costs)
    reports(with_board(ds, window_costs=costs), "to 0 at the rightmost window", "A-16")


def test_r_data_4_two_dark_windows(ds: DataSet) -> None:
    reports(with_board(ds, dark_windows=3), "3 dark windows", "R-DATA-4")


def test_r_data_4_three_drawers(ds: DataSet) -> None:
    reports(with_board(ds, drawers=4), "4 resource drawers", "R-DATA-4")


def test_r_num_20_tile_price_table(ds: DataSet) -> None:
    prices = list(ds.board.resource_price)
    prices[2] = 2
    reports(with_board(ds, resource_price=tuple(prices)), "drawer holding 2 costs 2", "R-NUM-20")


def test_r_num_20_drawer_size_beyond_the_table(ds: DataSet) -> None:
    reports(with_board(ds, drawer_spaces=5, resource_price=(0, 0, 1, 2, 2, 2)), "drawers of 5 spaces", "R-NUM-20")


def test_r_num_21_hire_price_table(ds: DataSet) -> None:
    reports(with_board(ds, hire_price=(0, 0, 1, 3, 4)), "display of 4 costs 4", "R-NUM-21")


def test_r_num_4_four_hire_spaces(ds: DataSet) -> None:
    reports(with_board(ds, hire_spaces=3, hire_price=(0, 0, 1, 3)), "3 employee display spaces", "R-NUM-4")


@pytest.mark.parametrize("hall, master", [(3, False), (2, True)], ids=["none", "all"])
def test_r_data_4_one_or_two_master_spaces_per_hall(ds: DataSet, hall: int, master: bool) -> None:
    reports(with_hall_masters(ds, hall, master), f"hall {hall} has", "master guest spaces", "R-DATA-4")


def test_r_data_4_throne_hall_is_the_largest(ds: DataSet) -> None:
    halls = list(ds.board.halls)
    halls[1] = dataclasses.replace(halls[1], spaces=halls[1].spaces + halls[4].spaces)
    reports(with_board(ds, halls=tuple(halls)), "more guest spaces than any other hall", "R-DATA-4")


def test_r_data_4_throne_hall_is_worth_most(ds: DataSet) -> None:
    halls = list(ds.board.halls)
    halls[2] = dataclasses.replace(halls[2], majority=(halls[0].majority[0], 1))
    reports(with_board(ds, halls=tuple(halls)), "highest first-place VP", "R-DATA-4")


def test_r_num_32_fireworks_have_both_multipliers(ds: DataSet) -> None:
    decos = tuple(dataclasses.replace(d, multiplier=2) if d.kind == "fireworks" else d for d in ds.board.decorations)
    reports(with_board(ds, decorations=decos), "both x2 and x3", "R-NUM-32")


def test_r_data_4_fireworks_costs_rise_to_the_right(ds: DataSet) -> None:
    fw = [d for d in ds.board.decorations if d.kind == "fireworks"]
    last = fw[-1]
    decos = tuple(dataclasses.replace(d, cost=fw[-2].cost) if d is last else d for d in ds.board.decorations)
    reports(with_board(ds, decorations=decos), "must rise strictly from left to right", "DE:695")


@pytest.mark.parametrize("majority", [(6, 3), (5, 2), (8, 3)])
def test_r_num_31_fireworks_majority(ds: DataSet, majority: tuple[int, int]) -> None:
    reports(with_board(ds, fireworks_majority=majority), "fireworks majority", "R-NUM-31")


def test_r_data_4_one_musician_per_hall(ds: DataSet) -> None:
    decos = tuple(dataclasses.replace(d, hall=1) if d.kind == "musician" and d.hall == 5 else d
                  for d in ds.board.decorations)
    msgs = reports(with_board(ds, decorations=decos), "2 musician spaces in hall 1", "0 musician spaces in hall 5")
    assert all("R-DATA-4" in m for m in msgs)


def test_r_data_4_musician_for_no_hall(ds: DataSet) -> None:
    decos = tuple(dataclasses.replace(d, hall=0) if d.kind == "musician" and d.hall == 3 else d
                  for d in ds.board.decorations)
    reports(with_board(ds, decorations=decos), "musician space for hall 0", "0 musician spaces in hall 3")


# ---------------------------------------------------------------------------------------------
# load(): constraint violations and malformed files raise DataError naming the file


def test_copied_data_loads(datadir: Path) -> None:
    """COMPONENTS.md policy 4: a complete replacement data set loads without code changes."""
    for side in SIDES:
        assert check(load(side, directory=datadir)) == []


def test_load_rejects_a_broken_constraint(datadir: Path) -> None:
    """R-NUM-7 through load(): a 14th blue garment (transcription slip) is refused."""
    edit(datadir, "garments.toml", 'id = "G14", colour = "pink"', 'id = "G14", colour = "blue"')
    with pytest.raises(DataError, match=r"garments\.toml: 14 blue garments.*R-NUM-7.*\(2 rulebook constraint"):
        load("1-3", directory=datadir)


def test_load_rejects_a_board_constraint(datadir: Path) -> None:
    """R-NUM-21 through load(): a misread hire price."""
    edit(datadir, "board_4-5.toml", '"4" = 5 }', '"4" = 4 }')
    load("1-3", directory=datadir)  # the other side is unaffected
    with pytest.raises(DataError, match=r"board_4-5\.toml: .*R-NUM-21"):
        load("4-5", directory=datadir)


def test_missing_file(datadir: Path) -> None:
    (datadir / "resources.toml").unlink()
    with pytest.raises(DataError, match=r"^resources\.toml: file not found"):
        load("1-3", directory=datadir)


def test_missing_board_file(datadir: Path) -> None:
    (datadir / "board_4-5.toml").unlink()
    load("1-3", directory=datadir)
    with pytest.raises(DataError, match=r"^board_4-5\.toml: file not found"):
        load("4-5", directory=datadir)


def test_invalid_toml(datadir: Path) -> None:
    edit(datadir, "rules.toml", "rounds = 7", "rounds = [7")
    with pytest.raises(DataError, match=r"^rules\.toml: not valid TOML"):
        load("1-3", directory=datadir)


def test_wrong_type(datadir: Path) -> None:
    edit(datadir, "rules.toml", "rounds = 7", 'rounds = "seven"')
    with pytest.raises(DataError, match=r"^rules\.toml: rounds: "):
        load("1-3", directory=datadir)


def test_wrong_type_in_a_table(datadir: Path) -> None:
    edit(datadir, "garments.toml", "value =  6", "value = -6")
    with pytest.raises(DataError, match=r"^garments\.toml: garment\.0\.value"):
        load("1-3", directory=datadir)


def test_unknown_bonus_id(datadir: Path) -> None:
    edit(datadir, "employees.toml", 'bonus = "l1_gain_1"', 'bonus = "l1_gain_100"')
    with pytest.raises(DataError, match=r"^employees\.toml: card E01: unknown bonus 'l1_gain_100'"):
        load("1-3", directory=datadir)


def test_duplicate_id(datadir: Path) -> None:
    edit(datadir, "resources.toml", 'id = "R02"', 'id = "R01"')
    with pytest.raises(DataError, match=r"^resources\.toml: tile id R01 appears twice"):
        load("1-3", directory=datadir)


def test_duplicate_card_id(datadir: Path) -> None:
    edit(datadir, "employees.toml", 'id = "E28"', 'id = "E27"')
    with pytest.raises(DataError, match=r"^employees\.toml: card id E27 appears twice"):
        load("1-3", directory=datadir)


@pytest.mark.parametrize("side", SIDES)
def test_guest_space_named_for_another_hall(datadir: Path, side: str) -> None:
    name = BOARD_FILES[side]
    edit(datadir, name, 'id = "h2s1"', 'id = "h3s9"')
    with pytest.raises(DataError, match="^" + re.escape(name) + ": hall.*named for another hall"):
        load(side, directory=datadir)


def test_board_file_for_the_wrong_side(datadir: Path) -> None:
    edit(datadir, "board_1-3.toml", 'side = "1-3"', 'side = "4-5"')
    with pytest.raises(DataError, match=r"^board_1-3\.toml: declares side"):
        load("1-3", directory=datadir)


def test_loading_and_checking_data_needs_no_rules() -> None:
    """Data before rules: a data set is loaded and checked against the rulebook's constraints
    without importing the rules; the bonus ids it may name are the data format's own, and the
    rules implement exactly those."""
    import subprocess
    import sys

    script = ("import sys; from salon.rococo.components import load; "
              "load('1-3', expansions=frozenset({'jewelry_box'})); "
              "print(sorted(m for m in sys.modules if m.startswith('salon.rococo.rules')))")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
    from salon.rococo.bonus_ids import BONUS_IDS
    from salon.rococo.rules.bonuses import BONUSES

    assert set(BONUSES) == BONUS_IDS
