"""Rococo's data files as pydantic models: what each TOML file of ``salon/rococo/data`` may hold.

Why a module of their own.  Validation needs pydantic, which mypyc cannot compile, so these
models stay pure Python (salon.compiled.LEFT_PURE); the engine reads the validated values
through the compiled objects of :mod:`salon.rococo.pieces`, which
:mod:`salon.rococo.components` builds from them.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

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
