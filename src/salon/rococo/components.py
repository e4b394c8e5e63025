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
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from salon.core.data import parse, read_toml
from salon.core.errors import DataError
from salon.rococo.bonus_ids import BONUS_IDS

COLOURS: tuple[str, ...] = ("blue", "pink", "green", "orange")
"""Silk and garment colours in a fixed index order (used for silk vectors)."""
DRESS_COLOURS = frozenset({"blue", "green"})  # R-COMP-GAR-2
EXPANSIONS = ("jewelry_box", "noble", "festive", "exquisite")
REWARD_RE = r"^(none|thread|lace|tile|livres:[1-9][0-9]?)$"

NonNeg = Annotated[int, Field(ge=0)]
Provenance = Annotated[str, Field(pattern=r"^(rulebook|public|reconstructed)( .*)?$")]
EmployeeType = Literal["master", "journeyman", "apprentice"]


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Meta(_Model):
    """Header of every data file: what it holds and where its values come from."""

    title: str
    provenance: Provenance
    notes: str = ""


class SilkModel(_Model):
    blue: NonNeg = 0
    pink: NonNeg = 0
    green: NonNeg = 0
    orange: NonNeg = 0

    def vector(self) -> tuple[int, int, int, int]:
        return (self.blue, self.pink, self.green, self.orange)


class GarmentModel(_Model):
    id: Annotated[str, Field(pattern=r"^[A-Z][A-Z0-9]{1,4}$")]
    colour: Literal["blue", "pink", "green", "orange"]
    thimble: bool = False
    silk: SilkModel
    thread: NonNeg = 0
    lace: NonNeg = 0
    value: NonNeg
    prestige: NonNeg
    effect: str = ""
    """Festive and Exquisite tiles: the id of the tile's one-time bonus (RULES.md §15)."""
    requires: Literal["", "jewelry_box"] = ""
    """Exquisite tiles that are used only together with the Jewelry Box (R-EXQ-1)."""
    provenance: Provenance | None = None


class GarmentFile(_Model):
    meta: Meta
    garment: list[GarmentModel]


class TileModel(_Model):
    id: Annotated[str, Field(pattern=r"^[A-Z][A-Z0-9]{1,4}$")]
    silk: SilkModel
    lower: Literal["", "thread", "lace", "thread/lace", "thread+lace"] = ""
    provenance: Provenance | None = None


class TileFile(_Model):
    meta: Meta
    tile: list[TileModel]


class CardModel(_Model):
    id: Annotated[str, Field(pattern=r"^[A-Z][A-Z0-9]{1,4}$")]
    level: Annotated[int, Field(ge=0, le=6)]
    type: EmployeeType
    bonus: str
    send_value: NonNeg
    condition: str = ""
    """Specialized apprentices (Jewelry Box): the hiring condition id (R-JB-SA-*)."""
    provenance: Provenance | None = None


class StartCardModel(_Model):
    """One of the five start employees every player receives (R-SETUP-6)."""

    key: Annotated[str, Field(pattern=r"^[1-9]$")]
    type: EmployeeType
    bonus: str
    send_value: NonNeg
    provenance: Provenance | None = None


class EmployeeFile(_Model):
    meta: Meta
    card: list[CardModel]
    start: list[StartCardModel]


class GuestSpaceModel(_Model):
    id: Annotated[str, Field(pattern=r"^h[1-5]s[0-9]{1,2}$")]
    master: bool = False
    reward: Annotated[str, Field(pattern=REWARD_RE)] = "none"


class HallModel(_Model):
    number: Annotated[int, Field(ge=1, le=5)]
    majority: tuple[NonNeg, NonNeg]
    space: list[GuestSpaceModel]

    @model_validator(mode="after")
    def _check(self) -> HallModel:
        if self.majority[0] <= self.majority[1]:
            raise ValueError(f"hall {self.number}: first-place VP must exceed second-place VP")
        for s in self.space:
            if not s.id.startswith(f"h{self.number}s"):
                raise ValueError(f"hall {self.number}: space {s.id} is named for another hall")
        return self


class DecorationModel(_Model):
    id: Annotated[str, Field(pattern=r"^[a-z]{2}[0-9]{1,2}$")]
    kind: Literal["fireworks", "kitchen_left", "kitchen_right", "statue", "musician", "jeweler"]
    cost: NonNeg
    vp: NonNeg = 0
    multiplier: Annotated[int, Field(ge=0, le=3)] = 0
    hall: Annotated[int, Field(ge=0, le=5)] = 0

    @model_validator(mode="after")
    def _check(self) -> DecorationModel:
        if self.kind == "fireworks" and self.multiplier not in (2, 3):
            raise ValueError(f"fireworks space {self.id} needs multiplier 2 or 3")
        if self.kind != "fireworks" and self.multiplier:
            raise ValueError(f"{self.id}: only fireworks spaces have a multiplier")
        if (self.kind == "musician") != (self.hall != 0):
            raise ValueError(f"{self.id}: a musician space names its hall (1-5), no other space does")
        return self


class BoardModel(_Model):
    meta: Meta
    side: Literal["1-3", "4-5", "2-3"]
    players: list[Annotated[int, Field(ge=1, le=5)]]
    window_costs: list[NonNeg]
    dark_windows: Annotated[int, Field(ge=1)]
    drawers: Annotated[int, Field(ge=1)]
    drawer_spaces: Annotated[int, Field(ge=1)]
    resource_price: dict[str, NonNeg]
    """Price of a tile by the number of tiles in its drawer (the chosen one included)."""
    hire_spaces: Annotated[int, Field(ge=1)]
    hire_price: dict[str, NonNeg]
    """Price of a hire by the number of cards in the display."""
    fireworks_majority: tuple[NonNeg, NonNeg]
    all_halls_vp: list[NonNeg]
    hall: list[HallModel]
    decoration: list[DecorationModel]

    @field_validator("resource_price", "hire_price")
    @classmethod
    def _keys_are_counts(cls, v: dict[str, int]) -> dict[str, int]:
        for k in v:
            if not k.isdigit() or int(k) < 1:
                raise ValueError(f"price table key {k!r} must be a count 1, 2, ...")
        return v

    @model_validator(mode="after")
    def _check(self) -> BoardModel:
        if self.dark_windows >= len(self.window_costs):
            raise ValueError("there must be more windows than dark windows")
        if sorted(h.number for h in self.hall) != [1, 2, 3, 4, 5]:
            raise ValueError("the board needs exactly the halls 1-5")
        if any(self.all_halls_vp[i] < self.all_halls_vp[i + 1] for i in range(len(self.all_halls_vp) - 1)):
            raise ValueError("all_halls_vp must be ordered from the most valuable space down")
        for n in range(1, self.drawer_spaces + 1):
            if str(n) not in self.resource_price:
                raise ValueError(f"resource_price lacks a price for a drawer holding {n} tiles")
        for n in range(1, self.hire_spaces + 1):
            if str(n) not in self.hire_price:
                raise ValueError(f"hire_price lacks a price for a display holding {n} cards")
        musicians = sorted(d.hall for d in self.decoration if d.kind == "musician")
        if musicians != [1, 2, 3, 4, 5]:
            raise ValueError("the board needs exactly one musician space per hall")
        for kind in ("fireworks", "kitchen_left", "kitchen_right", "statue"):
            if not any(d.kind == kind for d in self.decoration):
                raise ValueError(f"the board has no {kind} space")
        return self


class RulesModel(_Model):
    """Numbers the rulebook states for the rules themselves (R-NUM-*)."""

    meta: Meta
    rounds: Annotated[int, Field(ge=1)]
    hand_size: Annotated[int, Field(ge=1)]
    start_livres: NonNeg
    start_thread: NonNeg
    start_lace: NonNeg
    favour_livres: NonNeg
    favour_end_vp: NonNeg
    min_staff: Annotated[int, Field(ge=1)]
    base_income: NonNeg
    livres_per_vp: Annotated[int, Field(ge=1)]
    statue_vp_per_colour: NonNeg


class BonusParams(_Model):
    """Parameters of the employee bonuses of RULES.md §12 (tables, prices, discounts)."""

    meta: Meta
    staff_livres_l3: dict[str, NonNeg]
    staff_livres_l4: dict[str, NonNeg]
    staff_vp_l6: dict[str, NonNeg]
    dismiss_cash: dict[EmployeeType, NonNeg]
    finance_discount_l3: NonNeg
    finance_discount_l6: NonNeg
    vp_price_l4: Annotated[int, Field(ge=1)]
    vp_price_l6: Annotated[int, Field(ge=1)]
    green_reduction_l4: NonNeg
    start_thread_lace_price: NonNeg
    draw_bag_price: NonNeg
    start_gain: NonNeg
    l1_gain: NonNeg
    thread_lace_set_vp: NonNeg
    master_guest_pair_vp: NonNeg
    dress_coat_pair_vp: NonNeg
    l3_livre_per_dec: NonNeg = 1
    l3_vp_per_dec: NonNeg = 0

    @field_validator("staff_livres_l3", "staff_livres_l4", "staff_vp_l6")
    @classmethod
    def _min_sizes(cls, v: dict[str, int]) -> dict[str, int]:
        for k in v:
            if not k.isdigit():
                raise ValueError(f"staff table key {k!r} must be the smallest staff size of a row")
        return v


class JewelModel(_Model):
    id: Annotated[str, Field(pattern=r"^J[0-9]{2}$")]
    kind: Literal["necklace", "ring"]
    colour: Literal["blue", "pink", "green", "orange"]


class JewelryBoxParams(_Model):
    """Numbers of RULES.md §13 (exam fee and reward, jewel income and points, the new
    bonuses' amounts)."""

    exam_fee: NonNeg
    exam_vp: NonNeg
    jewel_income: NonNeg
    jewel_end_vp: NonNeg
    specialist_vp: NonNeg
    staff_livres_nj: dict[str, NonNeg]
    """nj_livres_small_staff by staff size (keys: a size; the largest key covers larger staffs)."""
    nj_livres_per_2_dec: NonNeg
    nj_sell_vp: NonNeg
    nj_livres_per_2_rings: NonNeg
    nj_vp_per_jewels: Annotated[int, Field(ge=1)]
    nm_livres_per_hall_garment: NonNeg
    nm_livres_per_2_master_guests: NonNeg
    nm_livres_per_2_jewels: NonNeg
    nm_no_orange_livres: NonNeg
    nm_no_green_livres: NonNeg
    nm_jewel_set_vp: NonNeg
    nm_necklace_pair_vp: NonNeg
    nm_apprentice_pair_vp: NonNeg
    sa_min_coats: NonNeg
    sa_min_dresses: NonNeg
    sa_min_master_guests: NonNeg
    sa_min_livres: NonNeg
    sa_min_jewels: NonNeg
    sa_min_decoration_kinds: NonNeg
    sa_min_tiles: NonNeg
    sa_min_thread: NonNeg
    sa_min_lace: NonNeg
    sa_min_vp: NonNeg


class JewelryBoxFile(_Model):
    meta: Meta
    params: JewelryBoxParams
    display_prices: list[NonNeg]
    """Price below each jewelry display space, left to right (tiles leave at the right)."""
    jeweler_spaces: dict[Literal["1-3", "4-5"], Annotated[int, Field(ge=1)]]
    """How many jeweler decoration spaces are used on each board side."""
    decoration: list[DecorationModel]
    journeyman_tasks: list[Literal["J1", "J2", "J3", "J4"]]
    master_tasks: list[Literal["M1", "M2", "M3"]]
    """Task spaces from top to bottom."""
    jewel: list[JewelModel]
    card: list[CardModel]


class SoloCardModel(_Model):
    """A Madame du Barry card (RULES.md §14, R-DATA-6): the top part is her action with its
    parameter, the bottom part a hall and a jewelry symbol."""

    id: Annotated[str, Field(pattern=r"^D[0-9]{2}$")]
    action: Literal["favour", "acquire", "tailor", "hire", "finance"]
    drawer: Annotated[int, Field(ge=0, le=3)] = 0
    position: Literal["", "left", "middle", "right"] = ""
    direction: Literal["", "left", "right"] = ""
    ordinal: Annotated[int, Field(ge=0, le=3)] = 0
    kind: Literal["", "fireworks", "kitchen", "musicians", "statues"] = ""
    hall: Annotated[int, Field(ge=1, le=5)]
    jewel: Literal["colour", "type", "none"]

    @model_validator(mode="after")
    def _check(self) -> SoloCardModel:
        a = self.action
        if a == "acquire" and (self.drawer > 0) == bool(self.position):
            raise ValueError(f"{self.id}: an acquire card names either a drawer or a position")
        if a in ("tailor", "hire") and not (self.direction and self.ordinal):
            raise ValueError(f"{self.id}: a {a} card names a direction and an ordinal")
        if a == "finance" and not self.kind:
            raise ValueError(f"{self.id}: a finance card names a decoration kind")
        return self


class TermsFile(_Model):
    """An edition's own words for what the engine calls by Deluxe names (RULES.md §16: the
    2013 edition's yellow/red dresses, green/blue coats, wool, fountain)."""

    meta: Meta
    terms: dict[str, str]


class SoloFile(_Model):
    meta: Meta
    card: list[SoloCardModel]


class GarmentExpansionFile(_Model):
    """Noble, Festive or Exquisite: garments (and for Noble, resource tiles)."""

    meta: Meta
    params: dict[str, NonNeg] = {}
    garment: list[GarmentModel]
    tile: list[TileModel] = []


# ---------------------------------------------------------------------------
# Runtime objects (frozen, index-addressed for the engine's hot path)


@dataclass(frozen=True, slots=True)
class Garment:
    index: int
    id: str
    colour: str
    colour_index: int
    is_dress: bool
    thimble: bool
    silk: tuple[int, int, int, int]
    thread: int
    lace: int
    value: int
    prestige: int
    expansion: str = ""  # "", "noble", "festive", "exquisite"
    effect: str = ""  # Festive / Exquisite one-time bonus id


@dataclass(frozen=True, slots=True)
class ResourceTile:
    index: int
    id: str
    silk: tuple[int, int, int, int]
    lower: str  # "", "thread", "lace", "thread/lace", "thread+lace"
    expansion: str = ""  # "" for the base game, "noble"

    @property
    def bales(self) -> int:
        return sum(self.silk)


@dataclass(frozen=True, slots=True)
class Employee:
    index: int
    id: str
    level: int
    type: EmployeeType
    bonus: str
    send_value: int
    owner: int  # seat for start cards, -1 for all others
    group: str = "deck"  # deck | start | exam_master | exam_journeyman | specialist
    condition: str = ""  # a specialized apprentice's hiring condition (R-JB-SA-*)


@dataclass(frozen=True, slots=True)
class GuestSpace:
    index: int
    id: str
    hall: int
    master: bool
    reward: str  # none | thread | lace | tile | livres
    reward_livres: int


@dataclass(frozen=True, slots=True)
class Decoration:
    index: int
    id: str
    kind: str
    cost: int
    vp: int
    multiplier: int
    hall: int


@dataclass(frozen=True, slots=True)
class Hall:
    number: int
    majority: tuple[int, int]
    spaces: tuple[int, ...]  # guest space indices
    musician: int  # decoration index


@dataclass(frozen=True, slots=True)
class Board:
    side: str
    window_costs: tuple[int, ...]
    dark_windows: int
    drawers: int
    drawer_spaces: int
    resource_price: tuple[int, ...]  # indexed by tiles in drawer (0 unused)
    hire_spaces: int
    hire_price: tuple[int, ...]  # indexed by cards in display (0 unused)
    fireworks_majority: tuple[int, int]
    all_halls_vp: tuple[int, ...]
    halls: tuple[Hall, ...]
    guest_spaces: tuple[GuestSpace, ...]
    decorations: tuple[Decoration, ...]


@dataclass(frozen=True, slots=True)
class Jewel:
    index: int
    id: str
    kind: str  # necklace | ring
    colour: str


@dataclass(frozen=True, slots=True)
class JewelryBox:
    """The Jewelry Box's components (RULES.md §13.1)."""

    params: JewelryBoxParams
    display_prices: tuple[int, ...]
    jewels: tuple[Jewel, ...]
    exam_masters: tuple[CardModel, ...]  # the 9 new Masters (level V)
    exam_journeymen: tuple[CardModel, ...]  # the 9 new Journeymen (level II)
    specialists: tuple[CardModel, ...]  # the 10 specialized apprentices (level 0)
    journeyman_tasks: tuple[str, ...]  # top to bottom
    master_tasks: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DataSet:
    """Everything one game needs: rules numbers, bonus parameters, tiles, cards, board,
    and the components of the expansions in play."""

    rules: RulesModel
    bonus: BonusParams
    garments: tuple[Garment, ...]
    tiles: tuple[ResourceTile, ...]
    deck_cards: tuple[CardModel, ...]
    start_cards: tuple[StartCardModel, ...]
    board: Board
    provenance: dict[str, str]  # file name -> its meta provenance
    expansions: frozenset[str] = frozenset()
    jewelry_box: JewelryBox | None = None
    garment_params: dict[str, int] | None = None  # Festive / Exquisite amounts by name
    solo_cards: tuple[SoloCardModel, ...] = ()
    edition: str = "deluxe"
    terms: dict[str, str] | None = None  # an edition's own names for engine terms (colours, thread ...)


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
