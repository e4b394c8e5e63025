"""Rococo's components as the engine reads them: frozen objects addressed by index.

Why a module of their own.  The pydantic models that validate the data files
(:mod:`salon.rococo.models`) and the loader (:mod:`salon.rococo.components`) stay pure Python
(salon.compiled.LEFT_PURE), and a class defined there is read attribute by attribute through
the interpreter.  The rules and the
evaluation read these objects at every decision; defined here, they are compiled with the
engine and read directly (docs/speed.md, "The compiled engine").
"""

from __future__ import annotations

from dataclasses import dataclass

from salon.rococo.models import (
    BonusParams,
    CardModel,
    EmployeeType,
    JewelryBoxParams,
    RulesModel,
    SoloCardModel,
    StartCardModel,
)


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
