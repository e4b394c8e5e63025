"""The shapes of what a seat is shown of a Rococo game (docs/architecture.md principle 14):
``Observation``, what :func:`salon.rococo.view.observe` builds, and ``Decision``, what
``Rococo.decision()`` gives.  mypy checks the view and its readers against them; the published
schema (``data/schema.json``) and the browser's types (``protocol.js`` beside its renderer) are
written from them by ``python -m tools.shapes``.  Components are named by their printed ids,
seats by number.
"""

from __future__ import annotations

from typing import Annotated, Literal, Never, NotRequired, TypedDict

from salon.core.shapes import Kinds, OneOf

PHASES = ("setup", "prepare", "choose", "actions", "income", "scoring", "end", "over")
"""The state's phases: setup, Phase 1 (prepare), Phase 2 (choose), Phase 3 (actions),
Phase 4 (income), final scoring (scoring, then end once garments count on the terrace,
R-SCORE-6-4) and over."""
DECISIONS = ("acquire", "bonus", "buy", "dispose", "exq_send", "fate", "finance", "give", "hand", "hire", "jewel",
             "main", "mdb_remove", "play", "promote", "reduce", "sets", "silk_vp", "tailor", "task", "terrace")
"""Every kind of decision the rules ask (their step registry's decisions)."""
TURN = ("main", "bonus", "hire", "acquire", "tailor", "finance", "reduce", "give", "dispose")
"""The decisions of a card's turn, which name the card played."""
MAKING = ("acquire", "tailor", "give", "dispose", "reduce")
"""The decisions that tell how they came about (a main action, a bonus, a reward): their mode."""


class Silk(TypedDict):
    """Silk bales by colour."""

    blue: int
    pink: int
    green: int
    orange: int


class Decision(TypedDict):
    """What is being decided: whose decision and its kind for everyone, its details for the
    seat that decides."""

    seat: int
    kind: Annotated[str, OneOf(*DECISIONS)]
    card: NotRequired[Annotated[str, Kinds(*TURN)]]
    """The card being played."""
    bonus_card: NotRequired[Annotated[str, Kinds("bonus")]]
    """The card whose bonus is offered."""
    bonus: NotRequired[Annotated[str, Kinds("bonus")]]
    """The bonus offered, by its id."""
    free_gain: NotRequired[Annotated[str | None, Kinds("bonus")]]
    """The action that uses a bonus which only gains livres or points, which a front end may take
    for the player (salon.core.choices); null for any other bonus."""
    mode: NotRequired[Annotated[str, Kinds(*MAKING)]]
    """How the acquisition or tailoring comes about: ``main``, ``bonus``, ``reward`` or a garment's effect."""
    picks_left: NotRequired[Annotated[int, Kinds("hand")]]
    """Cards still to pick for the hand."""
    tile: NotRequired[Annotated[str, Kinds("fate")]]
    """The resource tile to keep or convert."""
    garment: NotRequired[Annotated[str, Kinds("jewel", "give", "dispose", "reduce")]]
    """The garment being made or placed."""
    free: NotRequired[Annotated[bool, Kinds("jewel")]]
    """Whether the jewel comes free."""
    tasks: NotRequired[Annotated[list[str], Kinds("task")]]
    """The exam tasks to mark one of."""
    need: NotRequired[Annotated[Silk, Kinds("give")]]
    """The silk still to hand in."""
    discount: NotRequired[Annotated[int, Kinds("finance")]]
    """Livres off the decoration's price."""
    price: NotRequired[Annotated[int, Kinds("buy")]]
    """The price of what may be bought."""


DecisionNow = Decision | dict[str, Never]
"""What ``decision()`` gives: the decision now, an empty mapping once the game is over."""


class Specialist(TypedDict):
    """A specialized apprentice and the condition of hiring it (R-JB-SA-*)."""

    card: str
    condition: str


class Player(TypedDict):
    """A player as the seat sees them: the public counts and goods of everyone, the seat's own
    rack, silk, hand, supply and specialized apprentice; the jewels and exam with the Jewelry Box."""

    seat: int
    livres: int
    thread: int
    lace: int
    vp: int | None
    """Null where it is hidden (the 2013 edition keeps the others' prestige secret, D-10)."""
    rack_count: int
    hand_count: int
    supply_count: int
    discard: list[str]
    in_play: str | None
    staff_size: int
    jewels: NotRequired[list[str]]
    exam: NotRequired[Literal["journeyman", "master"]]
    tasks: NotRequired[list[str]]
    """The tasks of the current exam already marked."""
    master_exams: NotRequired[int]
    has_specialist: NotRequired[bool]
    specialist: NotRequired[Specialist]
    rack: NotRequired[list[str]]
    silk: NotRequired[Silk]
    hand: NotRequired[list[str]]
    supply: NotRequired[list[str]]


class Window(TypedDict):
    """A window of the design display, its garment and its cost."""

    garment: str | None
    cost: int


class Guest(TypedDict):
    """A garment seated on a guest space, and whose it is."""

    garment: str
    owner: int


class Board(TypedDict):
    """The board now: the design display's windows, the drawers of resource tiles, the new
    employees, the decorations and guests placed, the bags and discards."""

    side: str
    windows: list[Window]
    drawers: list[list[str | None]]
    display: list[str | None]
    """The employees to hire, by space."""
    deck_count: int
    favour: int | None
    """The seat holding the Queen's favour."""
    guests: dict[str, Guest]
    """By guest space."""
    decorations: dict[str, int]
    """The seat owning each decoration space taken."""
    terrace: dict[str, str]
    """The garment on the terrace beside each fireworks space."""
    all_halls: list[int | None]
    """The seat on each space of the all-halls ladder."""
    making: str | None
    """The garment being made."""
    resource_bag_count: int
    resource_discard: list[str]
    garment_bag_count: int
    garment_discard: list[str]
    removed_cards: list[str]


class JewelSpace(TypedDict):
    """A space of the jewelry display, its jewel and its price."""

    jewel: str | None
    price: int


class Jewelry(TypedDict):
    """The jeweler's board (the Jewelry Box)."""

    display: list[JewelSpace]
    bag_count: int
    removed: list[str]
    journeyman_stack_count: int
    master_stack_count: int


class Solo(TypedDict):
    """Madame du Barry in the solo mode: her seat, her cards' counts and discard pile."""

    seat: int
    hand_count: int
    supply_count: int
    discard: list[str]


class Observation(TypedDict):
    """A Rococo game as one seat may know it (R-SETUP-12): what is public, what the seat itself
    holds, and nothing of what nobody sees (the order of the deck and the bags)."""

    game: Literal["rococo"]
    viewer: int | None
    """The seat observing; null for a spectator."""
    players: list[Player]
    round: int
    phase: Annotated[str, OneOf(*PHASES)]
    start_player: int
    turn_card: str | None
    """The card being played."""
    decision: Decision | None
    """Null once the game is over."""
    over: bool
    board: Board
    expansions: list[str]
    jewelry: Jewelry | None
    festive_waiting: int
    """Festive garments waiting for the second round."""
    solo: Solo | None
    breakdown: list[dict[str, int]] | None
    """Each seat's points by scoring step, once scored (and shown)."""
    money_left: list[int] | None
    """Each seat's livres left, once the game is over."""
