"""The shapes of what a seat is shown of a Queen's Necklace game (docs/architecture.md
principle 14): ``Observation``, what :func:`salon.necklace.view.observe` builds, and
``Decision``, what ``Necklace.decision()`` gives.  mypy checks the view and its readers against
them; the published schema (``data/schema.json``) and the browser's types (``protocol.js`` beside
its renderer) are written from them by ``python -m tools.shapes``.

A card is named by its own id only in the market and in its holder's own hand and
presentation; everywhere else by its public name, shared by identical copies (salon.necklace.view).
"""

from __future__ import annotations

from typing import Annotated, Literal, Never, NotRequired, TypedDict

from salon.core.shapes import Kinds, OneOf
from salon.necklace.kinds import KINDS

PHASES = ("setup", "influence", "purchase", "devaluation", "sale", "over")
"""The phases of a game: before the first turn, a turn's three phases (QN-TURN-1), a sale
(which returns to the phase it interrupted) and the end."""
DECISIONS = ("alchemist", "buy", "cardinal", "forger_discard", "forger_response", "influence", "present", "queen")
"""Every kind of decision the rules ask (their step registry's decisions)."""
SPENDING = ("influence", "buy")
"""The decisions of the active player's influence and purchase, told the ducats and cards."""
FORGERY = ("forger_response", "forger_discard")
"""The decisions a Forger asks of another seat."""
PRESENTING = ("present", "alchemist")
"""The decisions that shape a seat's presentation at a sale."""


class CardView(TypedDict):
    """A card by its own id, its kind and, for a gem card, its gem type and gems."""

    id: str
    kind: Annotated[str, OneOf(*KINDS)]
    gem: NotRequired[str]
    gems: NotRequired[int]


class Presentation(TypedDict):
    """A presentation: the cards of each gem type's column, in fashion order, and the Bankers
    beside them."""

    lots: dict[str, list[str]]
    bankers: list[str]


class Decision(TypedDict):
    """What is being decided: whose decision and its kind for everyone, its details for the
    seat that decides."""

    seat: int
    kind: Annotated[str, OneOf(*DECISIONS)]
    ducats: NotRequired[Annotated[int, Kinds(*SPENDING)]]
    """Ducats left to spend this turn."""
    bought: NotRequired[Annotated[int, Kinds(*SPENDING)]]
    """Cards bought this turn."""
    forger: NotRequired[Annotated[int, Kinds(*FORGERY)]]
    """The seat playing the Forger."""
    gem: NotRequired[Annotated[str, Kinds(*FORGERY)]]
    """The gem type the Forger names."""
    slot: NotRequired[Annotated[int, Kinds("queen")]]
    """The market slot of the Queen."""
    card: NotRequired[Annotated[str, Kinds("queen")]]
    """The card in that slot."""
    merchant: NotRequired[Annotated[str, Kinds("cardinal")]]
    """The Merchant the Cardinal may cancel."""
    active: NotRequired[Annotated[int, Kinds("cardinal")]]
    """The seat whose turn it is."""
    sale: NotRequired[Annotated[int, Kinds(*PRESENTING)]]
    """The number of the sale."""
    lots: NotRequired[Annotated[dict[str, list[str]], Kinds(*PRESENTING)]]
    """The presentation so far, by gem type."""
    bankers: NotRequired[Annotated[list[str], Kinds(*PRESENTING)]]
    """The Bankers presented so far."""


DecisionNow = Decision | dict[str, Never]
"""What ``decision()`` gives: the decision now, an empty mapping once the game is over."""


class Player(TypedDict):
    """A player as the seat sees them; the hand, the hands seen and the presentation being made
    only for the seat's own."""

    seat: int
    score: int
    hand_count: int
    necklace: bool
    """Whether the player wears the necklace."""
    delayed_sales: list[str]
    """The Merchants lying beside the player."""
    hand: NotRequired[list[CardView]]
    seen: NotRequired[dict[str, list[str]]]
    """The hands a Confessor or a Forger showed, by seat."""
    presenting: NotRequired[Presentation]
    """The presentation being made, before the reveal."""
    presented: NotRequired[Presentation]
    """The presentation, once revealed."""


class MarketSlot(TypedDict):
    """A card for sale in the market: its slot, price and step down its price ladder."""

    slot: int
    card: CardView
    price: int
    step: int
    ladder: list[int]


class Fashion(TypedDict):
    """A gem type and its fashion value."""

    gem: str
    value: int


class Observation(TypedDict):
    """A Queen's Necklace game as one seat may know it (QN-INFO-1/2): what is public, what the
    seat itself holds, and nothing of the draw pile's order."""

    game: Literal["necklace"]
    viewer: int | None
    """The seat observing; null for a spectator."""
    players: list[Player]
    active: int
    """The seat whose turn it is."""
    turn: int
    phase: Annotated[str, OneOf(*PHASES)]
    ducats: int | None
    """The active player's, while they influence and buy."""
    bought: int
    market: list[MarketSlot | None]
    pile_count: int
    discard: list[str]
    merchants_in_play: list[str]
    fashion: list[Fashion]
    """Most fashionable first."""
    last_sale_rarity: dict[str, int] | None
    sales: int
    """Sales held so far."""
    sales_total: int
    decision: Decision | None
    """Null once the game is over."""
    over: bool
