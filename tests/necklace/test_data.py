"""Component data: the packaged files load, match the rulebook's counts, mark every
reconstructed value as such, and a broken data set is refused with a message that names the
file and the problem (RULES.md §1, docs/architecture.md principle 1)."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

import salon.necklace.data
import salon.necklace.kinds
from salon.core.errors import DataError
from salon.necklace.components import check, load, packaged
from salon.necklace.kinds import GEM, INFLUENCE, KINDS, MERCHANT, SPECIAL, colour

DATA = Path(salon.necklace.data.__file__).parent


@pytest.fixture
def datadir(tmp_path: Path) -> Path:
    for f in DATA.glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    return tmp_path


def edit(directory: Path, name: str, old: str, new: str) -> None:
    path = directory / name
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def kinds() -> Counter[str]:
    return Counter(c.kind_name for c in packaged().cards)


def test_the_packaged_data_loads_and_keeps_every_constraint() -> None:
    ds = packaged()
    assert check(ds) == []
    assert load(DATA).cards == ds.cards


def test_box_contents_QN_COMP_1() -> None:
    """QN-COMP-1: 110 cards, 12 tiles, 5 golden rings, 1 necklace token."""
    r = packaged().rules
    assert len(packaged().cards) + r.box.summary_cards + r.box.blank_cards == 110
    assert r.box.fashion_tiles + r.box.gem_tiles + r.box.rarity_tiles == 12
    assert r.box.golden_rings == 5 and r.box.necklace_tokens == 1


def test_card_groups_QN_COMP_2() -> None:
    """QN-COMP-2: 59 gem cards, 7 Rings, 1 Necklace, 33 characters, 3 Merchants = 103 in play;
    4 Summary cards and 3 blanks stay in the box (QN-COMP-10)."""
    k = kinds()
    characters = sum(n for name, n in k.items() if name not in ("gem", "ring", "necklace", "merchant"))
    assert (k["gem"], k["ring"], k["necklace"], characters, k["merchant"]) == (59, 7, 1, 33, 3)
    assert len(packaged().cards) == 103
    r = packaged().rules
    assert (r.box.summary_cards, r.box.blank_cards) == (4, 3)  # QN-COMP-10


def test_characters_by_colour_QN_COMP_3() -> None:
    k = kinds()
    assert {n: k[n] for n in ("confessor", "courtesan", "forger", "favorite", "thief")} == {
        "confessor": 4, "courtesan": 3, "forger": 3, "favorite": 3, "thief": 4}
    assert sum(k[KINDS[i]] for i in INFLUENCE) == 17
    assert {n: k[n] for n in ("alchemist", "astrologer", "cardinal", "musketeer", "queen")} == {
        "alchemist": 1, "astrologer": 3, "cardinal": 2, "musketeer": 4, "queen": 1}
    assert sum(k[KINDS[i]] for i in SPECIAL) == 11
    assert k["king"] + k["banker"] == 5 and k["king"] == 3


def test_sale_cards_are_grey_QN_COMP_4() -> None:
    assert {colour(KINDS.index(n)) for n in ("gem", "ring", "necklace", "king", "banker")} == {"grey"}
    assert colour(KINDS.index("thief")) == "blue" and colour(KINDS.index("queen")) == "purple"
    assert colour(MERCHANT) == "none"


def test_gem_cards_QN_COMP_5_QN_AMB_1() -> None:
    """QN-COMP-5, QN-AMB-1: 2 cards of 3 gems, 5 of 2, 7 of 1 per precious type (23 gems);
    17 amber cards of one gem."""
    ds = packaged()
    for g, name in enumerate(ds.gem_names):
        sizes = Counter(c.gems for c in ds.cards if c.kind == GEM and c.gem == g)
        if name == "amber":
            assert sizes == {1: 17}
        else:
            assert sizes == {3: 2, 2: 5, 1: 7}
            assert sum(k * v for k, v in sizes.items()) == 23


def test_rings_necklace_merchants_QN_COMP_6() -> None:
    k = kinds()
    assert (k["ring"], k["necklace"], k["merchant"]) == (7, 1, 3)


def test_tiles_QN_COMP_7() -> None:
    r = packaged().rules
    assert r.fashion_values == [30, 20, 10, 0] and r.rarity_values == [30, 20, 10, 0]
    assert r.gem_types == ["diamond", "ruby", "emerald", "amber"]


def test_price_markers_and_ladders_QN_COMP_8_QN_PRICE_1_QN_AMB_4() -> None:
    """QN-COMP-8, QN-PRICE-1, QN-AMB-4: one golden ring per market card; every card but the
    Merchant has four decreasing prices."""
    ds = packaged()
    assert ds.rules.box.golden_rings == ds.rules.market_size == 5
    for c in ds.cards:
        if c.kind == MERCHANT:
            assert c.ladder == ()
        else:
            assert len(c.ladder) == 4 and all(a > b for a, b in zip(c.ladder, c.ladder[1:]))


def test_necklace_token_QN_COMP_9() -> None:
    assert packaged().rules.box.necklace_tokens == 1


def test_top_prices_QN_PRICE_2() -> None:
    tops = {c.ladder[0] for c in packaged().cards if c.ladder}
    assert min(tops) == 6 and max(tops) == 13


def test_precious_gem_ladders_QN_PRICE_3() -> None:
    ds = packaged()
    ladders = {(c.gems, c.ladder) for c in ds.cards if c.kind == GEM and c.gem in ds.precious}
    assert ladders == {(3, (10, 8, 6, 4)), (2, (8, 6, 4, 2)), (1, (6, 4, 2, 1))}


def test_reconstructed_values_are_marked_QN_PRICE_4_QN_AMB_2_QN_AMB_3() -> None:
    """QN-PRICE-4, QN-AMB-2/3: every ladder but the precious gems' is reconstructed, and so is
    every precious card's gem count (QN-AMB-1); nothing reconstructed claims the rulebook."""
    ds = packaged()
    for b in ds.blocks:
        if b.kind == "gem" and b.gem != "amber":
            assert b.provenance.gems is not None and b.provenance.gems.startswith("reconstructed")
            assert b.provenance.ladder is not None and b.provenance.ladder.startswith("public")
        elif b.kind != "merchant":
            assert b.provenance.ladder is not None and b.provenance.ladder.startswith("reconstructed"), b
        assert b.provenance.count.startswith("rulebook")
    defaults = {b.kind: b.ladder for b in ds.blocks if b.kind != "gem"}
    assert defaults["necklace"] == [13, 10, 7, 4] and defaults["king"] == [10, 8, 6, 4]
    assert next(b.ladder for b in ds.blocks if b.gem == "amber") == [6, 4, 2, 1]


def test_ladders_are_read_from_data_QN_PRICE_5(datadir: Path) -> None:
    """QN-PRICE-5: a corrected ladder in the data changes the game, without code."""
    edit(datadir, "cards.toml", "ladder = [13, 10, 7, 4]", "ladder = [12, 9, 7, 5]")
    ds = load(datadir)
    necklace = next(c for c in ds.cards if c.kind_name == "necklace")
    assert necklace.ladder == (12, 9, 7, 5)


@pytest.mark.parametrize(
    ("name", "old", "new", "message"),
    [
        ("cards.toml", 'kind = "thief"', 'kind = "pirate"', "unknown card kind"),
        ("cards.toml", "count = 4\nladder = [8, 6, 4, 2]", "count = 5\nladder = [8, 6, 4, 2]", "thief"),
        ("cards.toml", "ladder = [13, 10, 7, 4]", "ladder = [13, 14, 7, 4]", "decrease"),
        ("cards.toml", "ladder = [13, 10, 7, 4]", "ladder = [13, 10, 7]", "QN-AMB-4"),
        ("cards.toml", "ladder = [13, 10, 7, 4]", "ladder = [15, 10, 7, 4]", "QN-PRICE-2"),
        ("cards.toml", 'gem = "amber"', 'gem = "opal"', "opal"),
        ("cards.toml", 'gems = "public P5"', 'gems = "transcribed"', "provenance"),
        ("cards.toml", "gems = 3\ncount = 2", "gems = 2\ncount = 2", "must be 14, split"),
        ("rules.toml", "blank_cards = 3\n", "blank_cards = 4\n", "110"),
        ("rules.toml", 'ducats = "rulebook 003 L107"\n', "", "no provenance for ducats"),
        ("rules.toml", "golden_rings = 5", "golden_rings = 4", "golden ring"),
        ("rules.toml", "hand_size = 4", "hand_size = four", "not valid TOML"),
    ],
)
def test_broken_data_is_refused(datadir: Path, name: str, old: str, new: str, message: str) -> None:
    edit(datadir, name, old, new)
    with pytest.raises(DataError, match=message):
        load(datadir)


def test_missing_file_is_refused(datadir: Path) -> None:
    (datadir / "cards.toml").unlink()
    with pytest.raises(DataError, match="cards.toml: file not found"):
        load(datadir)


def test_each_kind_constant_is_the_index_of_its_name() -> None:
    """The kinds' constants are written out, so that compiled rules inline them; they must
    stay the indices of KINDS (RULES.md §0.3)."""
    constants = {name: getattr(salon.necklace.kinds, name.upper()) for name in KINDS}
    assert constants == {name: i for i, name in enumerate(KINDS)}
