"""Component data of the four expansions: Jewelry Box, Noble, Festive and Exquisite garments.

The packaged files load alone and together on both board sides and obey every constraint the
rulebook states for them (RULES.md §2.6 R-NUM-37..45, §2.7 R-DATA-5 and R-DATA-7, §13, §15);
each expansion constraint is shown to be reported when a copied data file breaks it, so that a
transcription from a physical copy (COMPONENTS.md policy 4) cannot silently change the game.
"""

from __future__ import annotations

import shutil
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import salon.rococo.data
from salon.core.errors import DataError
from salon.rococo import constraints
from salon.rococo.components import EXPANSION_FILES, load
from salon.rococo.constraints import check
from salon.rococo.models import EXPANSIONS
from salon.rococo.pieces import DataSet, Garment

DATA = Path(salon.rococo.data.__file__).parent
SIDES = ("1-3", "4-5")
ALL = frozenset(EXPANSIONS)
JB = frozenset({"jewelry_box"})


# ---------------------------------------------------------------------------------------------
# helpers


@pytest.fixture
def datadir(tmp_path: Path) -> Path:
    """A copy of every packaged data file, base game and expansions, to be edited by a test."""
    for f in DATA.glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    return tmp_path


def edit(directory: Path, name: str, old: str, new: str) -> None:
    """Replace the first occurrence of ``old`` in a copied data file (which must contain it)."""
    path = directory / name
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def drop_line(directory: Path, name: str, needle: str) -> None:
    """Remove the one line of a copied data file that contains ``needle``."""
    path = directory / name
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    hits = [i for i, line in enumerate(lines) if needle in line]
    assert len(hits) == 1, f"{needle!r} is on {len(hits)} lines of {name}"
    del lines[hits[0]]
    path.write_text("".join(lines), encoding="utf-8")


def problems(
    monkeypatch: pytest.MonkeyPatch, directory: Path, expansions: frozenset[str], side: str = "1-3"
) -> list[str]:
    """Every constraint a copied data set breaks.

    load() raises on the first broken constraint only; with the check switched off during the
    load, the test sees the data set and asks :func:`check` for all of them.
    """
    with monkeypatch.context() as m:
        m.setattr(constraints, "check", lambda ds: [])
        data = load(side, directory=directory, expansions=expansions)
    return check(data)


def reports(msgs: list[str], *needles: str) -> None:
    for needle in needles:
        assert any(needle in m for m in msgs), f"{needle!r} not reported: {msgs}"


def raw(name: str) -> dict[str, Any]:
    return tomllib.loads((DATA / name).read_text(encoding="utf-8"))


def expansion_garments(data: DataSet, expansion: str) -> list[Garment]:
    return [g for g in data.garments if g.expansion == expansion]


# ---------------------------------------------------------------------------------------------
# the packaged data loads and satisfies every constraint


@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("expansion", EXPANSIONS)
def test_each_expansion_loads_alone(side: str, expansion: str) -> None:
    """R-NOBLE-1, R-FEST-1, R-EXQ-1, R-JB-SETUP-1: any one expansion joins the base game."""
    data = load(side, expansions=frozenset({expansion}))
    assert data.expansions == {expansion}
    assert check(data) == []
    assert EXPANSION_FILES[expansion] in data.provenance
    assert (data.jewelry_box is not None) == (expansion == "jewelry_box")


@pytest.mark.parametrize("side", SIDES)
def test_all_four_expansions_load_together(side: str) -> None:
    """R-NUM-37, R-NUM-43..45: 42 + 4 + 4 + 6 garments, 48 + 5 resource tiles, one jeweler space
    per player of the side."""
    data = load(side, expansions=ALL)
    assert check(data) == []
    assert Counter(g.expansion for g in data.garments) == {"": 42, "noble": 4, "festive": 4, "exquisite": 6}
    assert len(data.tiles) == 53
    jewelers = [d for d in data.board.decorations if d.kind == "jeweler"]
    assert len(jewelers) == {"1-3": 3, "4-5": 5}[side]
    assert len({d.id for d in data.board.decorations}) == len(data.board.decorations)


def test_no_id_of_an_expansion_clashes_with_the_base_game() -> None:
    """Garments G43+, tiles R49+, cards E29+ and jewels J01-J24 follow the base ids without a gap."""
    data = load("4-5", expansions=ALL)
    assert [g.id for g in data.garments[42:]] == [f"G{n}" for n in range(43, 57)]
    assert [t.id for t in data.tiles[48:]] == [f"R{n}" for n in range(49, 54)]
    jb = data.jewelry_box
    assert jb is not None
    cards = [*jb.exam_masters, *jb.exam_journeymen, *jb.specialists]
    assert [c.id for c in cards] == [f"E{n}" for n in range(29, 57)]
    assert [j.id for j in jb.jewels] == [f"J{n:02d}" for n in range(1, 25)]


def test_exquisite_without_the_jewelry_box_drops_exactly_its_two_tiles() -> None:
    """R-EXQ-1 (DE:1282): without the Jewelry Box the 2 tiles marked for it stay in the box."""
    marked = {g["id"] for g in raw("exquisite.toml")["garment"] if g.get("requires") == "jewelry_box"}
    assert len(marked) == 2
    alone = {g.id for g in expansion_garments(load("1-3", expansions=frozenset({"exquisite"})), "exquisite")}
    both = {g.id for g in expansion_garments(load("1-3", expansions=frozenset({"exquisite", "jewelry_box"})),
                                             "exquisite")}
    assert len(both) == 6
    assert both - alone == marked


def test_base_checks_see_only_the_base_components() -> None:
    """R-NOBLE-3: expansion tiles may leave the base ranges (value 6-28, prestige 2-4) and the base
    counts (42 garments, 48 tiles) still hold for the base files."""
    data = load("1-3", expansions=ALL)
    outside = [g.id for g in data.garments if g.expansion and not (6 <= g.value <= 28 and 2 <= g.prestige <= 4)]
    assert outside  # the Noble garments and the green Exquisite dress
    assert check(data) == []


# ---------------------------------------------------------------------------------------------
# rulebook values


def test_jewelry_box_parameters_are_the_rulebook_values() -> None:
    """R-NUM-39..41, R-NUM-34 (new Journeyman table), RULES.md §13.9-13.11 (FR:1055-1088)."""
    jb = load("1-3", expansions=JB).jewelry_box
    assert jb is not None
    p = jb.params
    assert (p.exam_fee, p.exam_vp, p.jewel_income, p.jewel_end_vp, p.specialist_vp) == (5, 1, 1, 1, 3)
    assert p.staff_livres_nj == {"4": 6, "5": 5, "6": 4, "7": 2}
    assert (p.nj_livres_per_2_dec, p.nj_sell_vp, p.nj_livres_per_2_rings, p.nj_vp_per_jewels) == (3, 1, 3, 3)
    assert (p.nm_livres_per_hall_garment, p.nm_livres_per_2_master_guests, p.nm_livres_per_2_jewels) == (2, 3, 3)
    assert (p.nm_no_orange_livres, p.nm_no_green_livres) == (5, 4)
    assert (p.nm_jewel_set_vp, p.nm_necklace_pair_vp, p.nm_apprentice_pair_vp) == (6, 3, 3)
    assert (p.sa_min_coats, p.sa_min_dresses, p.sa_min_master_guests, p.sa_min_livres) == (3, 3, 3, 30)
    assert (p.sa_min_jewels, p.sa_min_decoration_kinds, p.sa_min_vp) == (3, 3, 5)
    assert (p.sa_min_tiles, p.sa_min_thread, p.sa_min_lace) == (4, 2, 2)


def test_garment_expansion_parameters_are_the_rulebook_values() -> None:
    """R-FEST-5 (DE:1264-1276), R-NUM-45 (DE:1290, 1301, 1311)."""
    data = load("1-3", expansions=frozenset({"festive", "exquisite"}))
    assert data.garment_params == {
        "fest_pair_vp": 2, "fest_dec_vp": 1, "fest_blue_dress_vp": 1, "fest_pink_coat_vp": 1,
        "exq_favour_livres": 5, "exq_green_livres": 14, "exq_match_vp": 2,
    }
    assert raw("noble.toml")["params"] == {}


def test_jewelry_box_cards() -> None:
    """R-NUM-37, R-JB-COMP-2: 9 level-V Masters and 9 level-II Journeymen with the new bonuses once
    each, 10 level-0 Apprentices with +3 VP and the 10 hiring conditions once each; A-15 send-away
    values 10 / 7 / 4."""
    jb = load("1-3", expansions=JB).jewelry_box
    assert jb is not None
    assert {(c.level, c.type) for c in jb.exam_masters} == {(5, "master")}
    assert {c.bonus for c in jb.exam_masters} == constraints.NEW_MASTER_BONUSES
    assert {(c.level, c.type) for c in jb.exam_journeymen} == {(2, "journeyman")}
    assert {c.bonus for c in jb.exam_journeymen} == constraints.NEW_JOURNEYMAN_BONUSES
    assert {(c.level, c.type, c.bonus) for c in jb.specialists} == {(0, "apprentice", "sa_vp3")}
    assert sorted(c.condition for c in jb.specialists) == sorted(constraints.SPECIALIST_CONDITIONS)
    assert len(jb.exam_masters) == len(jb.exam_journeymen) == 9 and len(jb.specialists) == 10
    send = {"master": 10, "journeyman": 7, "apprentice": 4}
    assert all(c.send_value == send[c.type] for c in (*jb.exam_masters, *jb.exam_journeymen, *jb.specialists))
    assert all(not c.condition for c in (*jb.exam_masters, *jb.exam_journeymen))


def test_jeweler_board() -> None:
    """R-JB-COMP-1, R-DATA-5, A-38: tasks 4 + 3 with "tailor with a Master" on top of the Master
    track; 5 display prices falling to the right; 24 jewels, 6 of each kind and colour."""
    jb = load("1-3", expansions=JB).jewelry_box
    assert jb is not None
    assert jb.journeyman_tasks == ("J1", "J2", "J3", "J4")
    assert jb.master_tasks == ("M3", "M1", "M2")
    assert jb.display_prices == (5, 4, 3, 2, 1)
    assert Counter((j.kind, j.colour) for j in jb.jewels) == constraints.JEWELS


def test_jeweler_decorations_follow_the_reconstruction_guidance() -> None:
    """COMPONENTS.md: decoration costs 5-20, cheaper spaces worth fewer VP; distinct costs, since
    Madame du Barry takes the cheapest free jeweler space (DE:1190); the 1-3 side uses the first 3."""
    small = [d for d in load("1-3", expansions=JB).board.decorations if d.kind == "jeweler"]
    big = [d for d in load("4-5", expansions=JB).board.decorations if d.kind == "jeweler"]
    assert [(d.id, d.cost, d.vp) for d in small] == [(d.id, d.cost, d.vp) for d in big[:3]]
    costs = [d.cost for d in big]
    assert costs == sorted(set(costs)) and all(5 <= c <= 20 for c in costs)
    assert [d.vp for d in big] == sorted(d.vp for d in big)


def test_noble_tiles_are_richer_and_new() -> None:
    """R-NOBLE-2 (DE:1244-1248): the Noble garments reach above the base ranges and need more;
    the Noble resource tiles are combinations no base tile shows; the bag keeps the rarity order
    of DE:110-113."""
    data = load("1-3", expansions=frozenset({"noble"}))
    base = [g for g in data.garments if not g.expansion]
    noble = expansion_garments(data, "noble")
    assert len(noble) == 4 and {g.colour for g in noble} == {"blue", "pink", "green", "orange"}
    assert all(g.value > 28 and g.prestige == 5 for g in noble)

    def demand(g: Garment) -> float:
        """The construction rule of garments.toml: rarer silk weighs more, thread and lace 1.5."""
        blue, pink, green, orange = g.silk
        return blue + pink + 1.5 * green + 2 * orange + 1.5 * (g.thread + g.lace)

    assert min(demand(g) for g in noble) > max(demand(g) for g in base)
    assert all(g.thimble for g in noble)
    base_kinds = {(t.silk, t.lower) for t in data.tiles[:48]}
    assert all((t.silk, t.lower) not in base_kinds for t in data.tiles[48:])
    blue, pink, green, orange = (sum(t.silk[i] for t in data.tiles) for i in range(4))
    assert blue > green and pink > green and green > orange


def test_festive_and_exquisite_tiles() -> None:
    """R-FEST-5 and R-EXQ-4 with A-20 and A-35: one effect per tile; the colour bonuses on a tile of
    that colour; the Exquisite coats and dresses by the German wording; the green dress worth 14
    with prestige 0."""
    data = load("1-3", expansions=frozenset({"festive", "exquisite", "jewelry_box"}))
    fest = {g.effect: g for g in expansion_garments(data, "festive")}
    assert set(fest) == constraints.FESTIVE_EFFECTS
    assert fest["fest_vp_per_blue_dress"].colour == "blue" and fest["fest_vp_per_pink_coat"].colour == "pink"
    exq = {g.effect: g for g in expansion_garments(data, "exquisite")}
    assert {e for e, g in exq.items() if not g.is_dress} == constraints.EXQUISITE_COATS
    assert sum(1 for g in exq.values() if g.colour == "green") == 1
    green = exq["exq_green_14"]
    assert (green.colour, green.value, green.prestige) == ("green", 14, 0)


def test_expansion_files_state_their_provenance() -> None:
    """COMPONENTS.md policy 2: reconstructed values say so; rulebook facts name their lines."""
    data = load("1-3", expansions=ALL)
    for name in EXPANSION_FILES.values():
        assert data.provenance[name].startswith("reconstructed"), name
    for card in raw("jewelry_box.toml")["card"]:
        assert card["provenance"].startswith("rulebook DE:8"), card["id"]
    green = next(g for g in raw("exquisite.toml")["garment"] if g["effect"] == "exq_green_14")
    assert green["provenance"].startswith("rulebook DE:1301")


# ---------------------------------------------------------------------------------------------
# Jewelry Box constraints: a broken copy is reported


def test_load_refuses_a_broken_jewelry_box(datadir: Path) -> None:
    """R-NUM-37 through load(): a lost jewelry tile is refused with the file and the rule named."""
    drop_line(datadir, "jewelry_box.toml", 'id = "J24"')
    load("1-3", directory=datadir, expansions=frozenset({"noble"}))  # the Jewelry Box is not in play
    with pytest.raises(DataError, match=r"^jewelry_box\.toml: 23 jewelry tiles.*\(R-NUM-37\)"):
        load("1-3", directory=datadir, expansions=JB)


def test_r_jb_comp_3_necklaces_and_rings_by_colour(datadir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """R-JB-COMP-3 (DE:892, FR:1085): necklaces blue or green, rings pink or orange."""
    edit(datadir, "jewelry_box.toml", 'kind = "necklace", colour = "blue"', 'kind = "ring",     colour = "blue"')
    reports(problems(monkeypatch, datadir, JB), "jewel J01 is a blue ring", "(R-JB-COMP-3)")


def test_r_data_5_six_jewels_of_each_kind_and_colour(datadir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """R-DATA-5, COMPONENTS.md: 6 blue necklaces, 6 green necklaces, 6 pink rings, 6 orange rings."""
    edit(datadir, "jewelry_box.toml", 'kind = "necklace", colour = "blue"', 'kind = "necklace", colour = "green"')
    msgs = problems(monkeypatch, datadir, JB)
    reports(msgs, "jewelry_box.toml: 5 blue necklaces", "7 green necklaces")
    assert all(m.endswith("(R-DATA-5)") for m in msgs)


def test_r_jb_comp_2_new_master_of_another_type(datadir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """R-JB-COMP-2 (DE:817-818): the 9 new level-V cards are Masters."""
    edit(datadir, "jewelry_box.toml", 'type = "master", bonus = "nm_hall_livres"',
         'type = "journeyman", bonus = "nm_hall_livres"')
    reports(problems(monkeypatch, datadir, JB), "card E29 of level 5 is a journeyman", "(R-JB-COMP-2)")


def test_r_jb_comp_2_new_master_bonuses_once_each(datadir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """R-JB-COMP-2, RULES.md §13.11: the 9 new Master bonuses, one per card."""
    edit(datadir, "jewelry_box.toml", '"nm_vp_blue_green_pairs"', '"nm_hall_livres"')
    reports(problems(monkeypatch, datadir, JB), "missing nm_vp_blue_green_pairs (R-JB-COMP-2)")


def test_r_num_37_nine_new_masters(datadir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """R-NUM-37 (DE:817-818): a new Master on another level leaves 8 for the Master stack."""
    edit(datadir, "jewelry_box.toml", 'id = "E37", level = 5', 'id = "E37", level = 6')
    reports(problems(monkeypatch, datadir, JB), "8 cards of level 5", "(R-NUM-37)")


def test_r_jb_comp_2_new_journeyman_bonuses(datadir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """R-JB-COMP-2, RULES.md §13.10: a base-game bonus on a new Journeyman is reported."""
    edit(datadir, "jewelry_box.toml", '"nj_replay_from_supply"', '"l2_vp_per_2_dec"')
    reports(problems(monkeypatch, datadir, JB), "card E38 of level 2 carries l2_vp_per_2_dec",
            "missing nj_replay_from_supply (R-JB-COMP-2)")


def test_r_jb_hire_3_specialist_bonus(datadir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """R-JB-HIRE-3 (DE:905): a specialized apprentice brings 3 VP, nothing else."""
    edit(datadir, "jewelry_box.toml", 'bonus = "sa_vp3"', 'bonus = "l1_gain_1"')
    reports(problems(monkeypatch, datadir, JB), "card E47 of level 0 carries l1_gain_1", "(R-JB-HIRE-3)")


def test_r_jb_comp_2_specialists_are_apprentices(datadir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """R-JB-COMP-2 (DE:827-829): the level-0 cards are Apprentices."""
    edit(datadir, "jewelry_box.toml", 'level = 0, type = "apprentice"', 'level = 0, type = "master"    ')
    reports(problems(monkeypatch, datadir, JB), "card E47 of level 0 is a master", "(R-JB-COMP-2)")


def test_r_jb_sa_ten_distinct_conditions(datadir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """R-JB-SA-1..10 (FR:1055-1064): each hiring condition on one specialized apprentice."""
    edit(datadir, "jewelry_box.toml", 'condition = "sa_cond_3_dresses"', 'condition = "sa_cond_3_coats"')
    reports(problems(monkeypatch, datadir, JB), "specialized apprentices carry the conditions", "(R-JB-SA-1..10)")


@pytest.mark.parametrize(
    "old, new, needle",
    [
        ('journeyman_tasks = ["J1", "J2", "J3", "J4"]', 'journeyman_tasks = ["J1", "J2", "J3", "J3"]',
         "Journeyman exam tasks"),
        ('master_tasks = ["M3", "M1", "M2"]', 'master_tasks = ["M3", "M1"]', "Master exam tasks"),
    ],
    ids=["journeyman-track", "master-track"],
)
def test_r_num_39_exam_tracks(datadir: Path, monkeypatch: pytest.MonkeyPatch, old: str, new: str,
                              needle: str) -> None:
    """R-NUM-39 (DE:935, DE:960): 4 Journeyman tasks and 3 Master tasks, each once."""
    edit(datadir, "jewelry_box.toml", old, new)
    reports(problems(monkeypatch, datadir, JB), needle, "once each (R-NUM-39)")


def test_a38_master_track_top_task(datadir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A-38 (DE:1116): the top Master task is "tailor with a Master"."""
    edit(datadir, "jewelry_box.toml", 'master_tasks = ["M3", "M1", "M2"]', 'master_tasks = ["M1", "M3", "M2"]')
    reports(problems(monkeypatch, datadir, JB), "the top Master exam task is M1", "(A-38)")


@pytest.mark.parametrize(
    "prices, needle",
    [("[1, 2, 3, 4, 5]", "must not rise to the right"), ("[5, 4, 3, 2]", "4 jewelry display spaces")],
    ids=["rising", "four-spaces"],
)
def test_r_data_5_jewelry_display(datadir: Path, monkeypatch: pytest.MonkeyPatch, prices: str,
                                  needle: str) -> None:
    """R-DATA-5, COMPONENTS.md: 5 display spaces, the cheapest at the right where tiles leave."""
    edit(datadir, "jewelry_box.toml", "display_prices = [5, 4, 3, 2, 1]", f"display_prices = {prices}")
    reports(problems(monkeypatch, datadir, JB), needle, "(R-DATA-5)")


def test_r_data_5_one_jeweler_space_per_player(datadir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """R-DATA-5, COMPONENTS.md: as many jeweler spaces as the side's maximum players."""
    edit(datadir, "jewelry_box.toml", '"1-3" = 3', '"1-3" = 2')
    reports(problems(monkeypatch, datadir, JB), "2 jeweler spaces on the 1-3 side", "(R-DATA-5)")
    assert problems(monkeypatch, datadir, JB, side="4-5") == []


def test_r_data_5_jeweler_space_of_another_kind(datadir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """R-DATA-5, R-JB-FIN-1: a jeweler space transcribed as a statue leaves one player without one."""
    edit(datadir, "jewelry_box.toml", 'id = "jw5", kind = "jeweler"', 'id = "jw5", kind = "statue" ')
    reports(problems(monkeypatch, datadir, JB, side="4-5"), "4 jeweler spaces on the 4-5 side", "(R-DATA-5)")


def test_r_data_5_jeweler_space_id_is_unique(datadir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """R-DATA-5: a jeweler space named like a board space would make finance:<space> ambiguous."""
    edit(datadir, "jewelry_box.toml", 'id = "jw1"', 'id = "mu1"')
    reports(problems(monkeypatch, datadir, JB), "jeweler space id mu1 also names another space", "(R-DATA-5)")


def test_r_jb_fin_1_no_jeweler_space_without_the_expansion(datadir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """R-JB-FIN-1: jeweler spaces come with the Jewelry Box, never on the base board."""
    edit(datadir, "board_1-3.toml", 'kind = "statue"', 'kind = "jeweler"')
    reports(problems(monkeypatch, datadir, frozenset()), "board_1-3.toml: jeweler space", "(R-JB-FIN-1)")


# ---------------------------------------------------------------------------------------------
# Noble, Festive and Exquisite constraints: a broken copy is reported


def test_r_num_43_four_noble_garments(datadir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """R-NUM-43, R-NOBLE-1 (DE:1244): 4 Noble garment tiles."""
    drop_line(datadir, "noble.toml", 'id = "G46"')
    reports(problems(monkeypatch, datadir, frozenset({"noble"})), "noble.toml: 3 garment tiles", "(R-NUM-43)")


def test_r_num_43_five_noble_resource_tiles(datadir: Path) -> None:
    """R-NUM-43, R-NOBLE-1 (DE:1244): 5 Noble resource tiles; through load()."""
    drop_line(datadir, "noble.toml", 'id = "R53"')
    with pytest.raises(DataError, match=r"^resources\.toml, noble\.toml: 52 resource tiles in all.*R-NUM-43\)"):
        load("1-3", directory=datadir, expansions=frozenset({"noble"}))


def test_r_noble_2_no_special_rules(datadir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """R-NOBLE-2 (DE:1242): Noble garments are ordinary garments, with no effect of their own."""
    edit(datadir, "noble.toml", "prestige = 5 }", 'prestige = 5, effect = "fest_vp_per_dec" }')
    reports(problems(monkeypatch, datadir, frozenset({"noble"})), "noble.toml: garment G43 carries the effect",
            "(R-NOBLE-2)")


def test_r_comp_gar_1_expansion_garment_needs_silk(datadir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """R-COMP-GAR-1: every garment needs silk; the message names the expansion's file."""
    edit(datadir, "festive.toml", "silk = { orange = 2 }", "silk = { }")
    reports(problems(monkeypatch, datadir, frozenset({"festive"})), "festive.toml: garment G47 needs no silk",
            "(R-COMP-GAR-1)")


def test_r_num_44_four_festive_garments(datadir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """R-NUM-44 (DE:1254): 4 Festive garment tiles."""
    drop_line(datadir, "festive.toml", 'id = "G50"')
    reports(problems(monkeypatch, datadir, frozenset({"festive"})), "festive.toml: 3 garment tiles", "(R-NUM-44)")


def test_r_fest_5_four_distinct_effects(datadir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """R-FEST-5 (DE:1260-1276): each of the four bonuses on one tile."""
    edit(datadir, "festive.toml", 'effect = "fest_vp_per_pink_coat"', 'effect = "fest_vp_per_blue_dress"')
    reports(problems(monkeypatch, datadir, frozenset({"festive"})), "festive.toml: the tiles carry the effects",
            "(R-FEST-5)")


def test_r_fest_5_amount_missing(datadir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """R-FEST-5: the rules read the bonus amounts from the file; a missing one is reported."""
    drop_line(datadir, "festive.toml", "params.fest_pair_vp")
    reports(problems(monkeypatch, datadir, frozenset({"festive"})), "festive.toml: params lacks fest_pair_vp",
            "(R-FEST-5)")


def test_r_num_45_six_exquisite_garments(datadir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """R-NUM-45 (DE:1282): 6 Exquisite tiles with the Jewelry Box."""
    drop_line(datadir, "exquisite.toml", 'id = "G53"')
    reports(problems(monkeypatch, datadir, frozenset({"exquisite", "jewelry_box"})),
            "exquisite.toml: 5 garment tiles in play, the expansion has 6", "(R-NUM-45, R-EXQ-1)")


def test_r_exq_1_four_exquisite_garments_without_the_jewelry_box(datadir: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """R-EXQ-1 (DE:1282): a Jewelry Box tile not marked as such would join a game without it."""
    edit(datadir, "exquisite.toml", ', requires = "jewelry_box" }', " }")
    msgs = problems(monkeypatch, datadir, frozenset({"exquisite"}))
    reports(msgs, "exquisite.toml: 5 garment tiles in play without the Jewelry Box, the expansion has 4",
            "exq_free_jewel", "(R-EXQ-4)")


def test_r_exq_4_six_distinct_effects(datadir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """R-EXQ-4 (DE:1290-1311): each of the six bonuses on one tile."""
    edit(datadir, "exquisite.toml", 'effect = "exq_send_away"', 'effect = "exq_favour_5"')
    reports(problems(monkeypatch, datadir, ALL), "exquisite.toml: the tiles in play carry the effects",
            "(R-EXQ-4)")


@pytest.mark.parametrize(
    "old, new",
    [('id = "G54", colour = "green"', 'id = "G54", colour = "blue" '),
     ("value = 14, prestige = 0", "value = 14, prestige = 3"),
     ("value = 14, prestige = 0", "value = 13, prestige = 0")],
    ids=["not-green", "prestige", "value"],
)
def test_r_num_45_green_dress(datadir: Path, monkeypatch: pytest.MonkeyPatch, old: str, new: str) -> None:
    """R-NUM-45, A-35 (DE:1301): the exq_green_14 tile is a green dress worth 14 with prestige 0."""
    edit(datadir, "exquisite.toml", old, new)
    reports(problems(monkeypatch, datadir, frozenset({"exquisite"})), "garment G54 with exq_green_14",
            "(R-NUM-45, A-35)")


@pytest.mark.parametrize(
    "old, new, needle",
    [('id = "G51", colour = "pink"', 'id = "G51", colour = "blue"', "G51 with exq_favour_5 is a blue dress"),
     ('id = "G53", colour = "blue"', 'id = "G53", colour = "pink"', "G53 with exq_resource_tile is a pink coat")],
    ids=["coat-as-dress", "dress-as-coat"],
)
def test_a20_exquisite_coats_and_dresses(datadir: Path, monkeypatch: pytest.MonkeyPatch, old: str, new: str,
                                         needle: str) -> None:
    """A-20 (DE:1290-1311): the favour and send-away tiles are coats, the other four dresses."""
    edit(datadir, "exquisite.toml", old, new)
    reports(problems(monkeypatch, datadir, ALL), needle, "(A-20)")


def test_r_exq_4_amount_missing(datadir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """R-EXQ-4: the 14 livres of the green dress are read from the file; a missing amount is reported."""
    drop_line(datadir, "exquisite.toml", "params.exq_green_livres")
    reports(problems(monkeypatch, datadir, frozenset({"exquisite"})), "params lacks exq_green_livres",
            "(R-EXQ-4)")


def test_every_expansion_message_names_its_file_and_ends_with_a_rule(datadir: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """COMPONENTS.md policy 4: each message starts with the file to fix and ends with the rule id."""
    edit(datadir, "jewelry_box.toml", "display_prices = [5, 4, 3, 2, 1]", "display_prices = [1, 2, 3, 4, 5]")
    edit(datadir, "festive.toml", 'effect = "fest_vp_per_pink_coat"', 'effect = "fest_vp_per_blue_dress"')
    edit(datadir, "exquisite.toml", "value = 14, prestige = 0", "value = 14, prestige = 3")
    drop_line(datadir, "noble.toml", 'id = "G46"')
    msgs = problems(monkeypatch, datadir, ALL)
    assert {m.split(":", 1)[0] for m in msgs} == {"jewelry_box.toml", "festive.toml", "exquisite.toml", "noble.toml"}
    assert all(m.endswith(")") and ("(R-" in m or "(A-" in m) for m in msgs)
