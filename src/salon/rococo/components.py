"""Rococo component data: TOML files loaded into frozen, validated objects.

Data declares the physical game, code declares the rules (docs/architecture.md principle 1).
Every value comes from a file in ``salon/rococo/data``; each file names the provenance of
its values (``rulebook`` with seed file and line, ``public`` or ``reconstructed``, see
../spec/rococo/COMPONENTS.md).  A player who owns the game can replace a file with
transcribed values: the loader validates a complete data set and rejects a broken one with
a message that names the file, the entry and the problem.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from salon.core.data import parse, read_toml
from salon.core.errors import DataError
from salon.rococo.bonus_ids import BONUS_IDS
from salon.rococo.models import (
    COLOURS,
    DRESS_COLOURS,
    EXPANSIONS,
    BoardModel,
    BonusParams,
    CardModel,
    DecorationModel,
    EmployeeFile,
    GarmentExpansionFile,
    GarmentFile,
    GarmentModel,
    JewelryBoxFile,
    RulesModel,
    SoloFile,
    StartCardModel,
    TermsFile,
    TileFile,
    TileModel,
)
from salon.rococo.pieces import (
    Board,
    DataSet,
    Decoration,
    Garment,
    GuestSpace,
    Hall,
    Jewel,
    JewelryBox,
    ResourceTile,
)

BASE_FILES = {
    "rules": "rules.toml",
    "bonus": "bonuses.toml",
    "garments": "garments.toml",
    "tiles": "resources.toml",
    "employees": "employees.toml",
}
BOARD_FILES = {
    "1-3": "board_1-3.toml", "4-5": "board_4-5.toml",  # Deluxe Edition
    "2-3": "board_2013_2-3.toml", "2013:4-5": "board_2013_4-5.toml",  # 2013 edition (RULES.md §16)
}
EDITION_FILES = {"2013": {"bonus": "bonuses_2013.toml", "terms": "edition_2013.toml"}}
SOLO_FILE = "solo.toml"
EXPANSION_FILES = {
    "jewelry_box": "jewelry_box.toml",
    "noble": "noble.toml",
    "festive": "festive.toml",
    "exquisite": "exquisite.toml",
}


def _read(directory: Path | None, name: str) -> dict[str, Any]:
    return read_toml("salon.rococo.data", directory, name)


_parse = parse


def _table(prices: dict[str, int], size: int) -> tuple[int, ...]:
    return tuple([0] + [prices[str(n)] for n in range(1, size + 1)])


def _board(m: BoardModel) -> Board:
    spaces: list[GuestSpace] = []
    decos = tuple(
        Decoration(i, d.id, d.kind, d.cost, d.vp, d.multiplier, d.hall) for i, d in enumerate(m.decoration)
    )
    halls = []
    for h in sorted(m.hall, key=lambda h: h.number):
        idx = []
        for s in h.space:
            kind, _, amount = s.reward.partition(":")
            spaces.append(GuestSpace(len(spaces), s.id, h.number, s.master, kind, int(amount or 0)))
            idx.append(len(spaces) - 1)
        musician = next(d.index for d in decos if d.kind == "musician" and d.hall == h.number)
        halls.append(Hall(h.number, h.majority, tuple(idx), musician))
    return Board(
        side=m.side,
        window_costs=tuple(m.window_costs),
        dark_windows=m.dark_windows,
        drawers=m.drawers,
        drawer_spaces=m.drawer_spaces,
        resource_price=_table(m.resource_price, m.drawer_spaces),
        hire_spaces=m.hire_spaces,
        hire_price=_table(m.hire_price, m.hire_spaces),
        fireworks_majority=m.fireworks_majority,
        all_halls_vp=tuple(m.all_halls_vp),
        halls=tuple(halls),
        guest_spaces=tuple(spaces),
        decorations=decos,
    )


def _unique(ids: list[str], what: str, name: str) -> None:
    seen: set[str] = set()
    for i in ids:
        if i in seen:
            raise DataError(f"{name}: {what} id {i} appears twice")
        seen.add(i)


def load(side: str, directory: Path | None = None, expansions: frozenset[str] = frozenset(),
         solo: bool = False, edition: str = "deluxe") -> DataSet:
    """Load and validate the data set for one board side ("1-3" or "4-5") and the chosen
    expansions.

    ``directory`` replaces the packaged data (a player's transcription); every file must be
    there.  Raises DataError with a readable message on any problem.
    """
    if side not in BOARD_FILES:
        raise DataError(f"unknown board side {side!r}; expected one of {', '.join(BOARD_FILES)}")
    unknown = set(expansions) - set(EXPANSION_FILES)
    if unknown:
        raise DataError(f"unknown expansion {sorted(unknown)[0]!r}; expected some of {', '.join(EXPANSION_FILES)}")
    files = {**BASE_FILES, **{k: v for k, v in EDITION_FILES.get(edition, {}).items() if k in BASE_FILES}}
    raw = {k: _read(directory, f) for k, f in files.items()}
    rules = _parse(RulesModel, raw["rules"], BASE_FILES["rules"])
    bonus = _parse(BonusParams, raw["bonus"], files["bonus"])
    gfile = _parse(GarmentFile, raw["garments"], BASE_FILES["garments"])
    tfile = _parse(TileFile, raw["tiles"], BASE_FILES["tiles"])
    efile = _parse(EmployeeFile, raw["employees"], BASE_FILES["employees"])
    bname = BOARD_FILES[f"2013:{side}" if edition == "2013" and side == "4-5" else side]
    bmodel = _parse(BoardModel, _read(directory, bname), bname)
    if bmodel.side != side:
        raise DataError(f"{bname}: declares side {bmodel.side!r}, expected {side!r}")
    terms: dict[str, str] = {}
    if "terms" in EDITION_FILES.get(edition, {}):
        tname = EDITION_FILES[edition]["terms"]
        terms = _parse(TermsFile, _read(directory, tname), tname).terms
    _check_ids(gfile, tfile, efile, bmodel, bname)
    extra = _expansions(directory, expansions, gfile, tfile, bmodel)
    if extra.decorations != bmodel.decoration:
        bmodel = bmodel.model_copy(update={"decoration": extra.decorations})
    provenance = {
        BASE_FILES["rules"]: rules.meta.provenance,
        files["bonus"]: bonus.meta.provenance,
        BASE_FILES["garments"]: gfile.meta.provenance,
        BASE_FILES["tiles"]: tfile.meta.provenance,
        BASE_FILES["employees"]: efile.meta.provenance,
        bname: bmodel.meta.provenance,
        **extra.provenance,
    }
    ds = DataSet(
        rules=rules,
        bonus=bonus,
        garments=tuple(
            Garment(i, g.id, g.colour, COLOURS.index(g.colour), g.colour in DRESS_COLOURS, g.thimble,
                    g.silk.vector(), g.thread, g.lace, g.value, g.prestige, exp, g.effect)
            for i, (g, exp) in enumerate(extra.garments)
        ),
        tiles=tuple(ResourceTile(i, t.id, t.silk.vector(), t.lower, exp) for i, (t, exp) in enumerate(extra.tiles)),
        deck_cards=tuple(efile.card),
        start_cards=tuple(efile.start),
        board=_board(bmodel),
        provenance=provenance,
        expansions=frozenset(expansions),
        jewelry_box=extra.jewelry_box,
        garment_params=extra.garment_params,
        solo_cards=tuple(_parse(SoloFile, _read(directory, SOLO_FILE), SOLO_FILE).card) if solo else (),
        edition=edition,
        terms=terms,
    )
    from salon.rococo import constraints  # imports this module

    problems = constraints.check(ds)
    if problems:
        raise DataError(f"{problems[0]} ({len(problems)} rulebook constraint(s) broken in all)")
    return ds


def _check_ids(gfile: GarmentFile, tfile: TileFile, efile: EmployeeFile, bmodel: BoardModel, bname: str) -> None:
    """Every id of the base files once, and every card's bonus one the rules know."""
    _unique([g.id for g in gfile.garment], "garment", BASE_FILES["garments"])
    _unique([t.id for t in tfile.tile], "tile", BASE_FILES["tiles"])
    _unique([c.id for c in efile.card], "card", BASE_FILES["employees"])
    _unique([s.key for s in efile.start], "start card", BASE_FILES["employees"])
    _unique([s.id for h in bmodel.hall for s in h.space] + [d.id for d in bmodel.decoration], "space", bname)
    employee_models: list[CardModel | StartCardModel] = [*efile.card, *efile.start]
    for c in employee_models:
        if c.bonus not in BONUS_IDS:
            label = c.id if isinstance(c, CardModel) else f"start {c.key}"
            raise DataError(f"{BASE_FILES['employees']}: card {label}: unknown bonus {c.bonus!r}")


@dataclass
class _Expanded:
    """The base game's garments, tiles and decorations with those of the expansions in play,
    each garment and tile with the expansion it comes from ("" for the base game)."""

    garments: list[tuple[GarmentModel, str]]
    tiles: list[tuple[TileModel, str]]
    decorations: list[DecorationModel]
    provenance: dict[str, str] = field(default_factory=dict)
    garment_params: dict[str, int] = field(default_factory=dict)
    jewelry_box: JewelryBox | None = None


def _expansions(directory: Path | None, expansions: frozenset[str], gfile: GarmentFile, tfile: TileFile,
                bmodel: BoardModel) -> _Expanded:
    """The expansions' files read into the base game's components: the Jewelry Box's cards,
    jewels and jeweler spaces, the garment expansions' garments, tiles and amounts."""
    side = bmodel.side
    out = _Expanded([(g, "") for g in gfile.garment], [(t, "") for t in tfile.tile], list(bmodel.decoration))
    for exp in EXPANSIONS:
        if exp not in expansions:
            continue
        name = EXPANSION_FILES[exp]
        raw_exp = _read(directory, name)
        if exp == "jewelry_box":
            jfile = _parse(JewelryBoxFile, raw_exp, name)
            out.jewelry_box = _jewelry_box(jfile, name, BONUS_IDS)
            if side == "2-3":
                raise DataError(f"{name}: no jeweler spaces for board side {side!r}")
            out.decorations += jfile.decoration[: jfile.jeweler_spaces[side]]
            out.provenance[name] = jfile.meta.provenance
            continue
        xfile = _parse(GarmentExpansionFile, raw_exp, name)
        out.provenance[name] = xfile.meta.provenance
        out.garment_params.update(xfile.params)
        for g in xfile.garment:
            if g.requires == "jewelry_box" and "jewelry_box" not in expansions:
                continue  # R-EXQ-1
            out.garments.append((g, exp))
        out.tiles += [(t, exp) for t in xfile.tile]
    _unique([g.id for g, _ in out.garments], "garment", "garment files")
    _unique([t.id for t, _ in out.tiles], "tile", "resource tile files")
    return out


def _jewelry_box(f: JewelryBoxFile, name: str, known_bonuses: frozenset[str]) -> JewelryBox:
    _unique([c.id for c in f.card], "card", name)
    _unique([j.id for j in f.jewel], "jewel", name)
    for c in f.card:
        if c.bonus not in known_bonuses:
            raise DataError(f"{name}: card {c.id}: unknown bonus {c.bonus!r}")
    return JewelryBox(
        params=f.params,
        display_prices=tuple(f.display_prices),
        jewels=tuple(Jewel(i, j.id, j.kind, j.colour) for i, j in enumerate(f.jewel)),
        exam_masters=tuple(c for c in f.card if c.level == 5),
        exam_journeymen=tuple(c for c in f.card if c.level == 2),
        specialists=tuple(c for c in f.card if c.level == 0),
        journeyman_tasks=tuple(f.journeyman_tasks),
        master_tasks=tuple(f.master_tasks),
    )


@cache
def packaged(side: str, expansions: frozenset[str] = frozenset(), solo: bool = False,
             edition: str = "deluxe") -> DataSet:
    """The data shipped with the package, loaded once per board side, expansion set, solo
    mode and edition."""
    return load(side, expansions=expansions, solo=solo, edition=edition)
