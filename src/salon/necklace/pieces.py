"""The Queen's Necklace's components as the engine reads them: cards addressed by index, and
the data set with the ready-made action strings.

Why a module of their own.  The pydantic models that validate the data files
(:mod:`salon.necklace.models`) and the loader (:mod:`salon.necklace.components`) stay pure
Python (salon.compiled.LEFT_PURE), and a class defined there is read attribute by attribute
through the interpreter; defined here, these are compiled with the engine and read directly.
"""

from __future__ import annotations

from dataclasses import dataclass

from salon.necklace.kinds import KINDS
from salon.necklace.models import CardBlock, RulesModel


@dataclass(frozen=True, slots=True)
class Card:
    index: int
    id: str
    kind: int  # an index of KINDS
    gem: int  # gem type index (gem cards), else -1
    gems: int  # gems shown (gem cards), else 0
    ladder: tuple[int, ...]  # prices from the top; empty for the Merchant

    @property
    def kind_name(self) -> str:
        return KINDS[self.kind]


@dataclass(frozen=True, eq=False)  # one object per data set, compared by identity
class DataSet:
    """Everything one game needs: the rules numbers, the 103 playing cards, provenance, and
    the action strings of every card."""

    rules: RulesModel
    cards: tuple[Card, ...]
    blocks: tuple[CardBlock, ...]
    block_of: tuple[int, ...]  # card index -> index of its block in the cards file
    provenance: dict[str, str]  # file name -> its meta provenance
    gem_names: tuple[str, ...]
    precious: frozenset[int]  # gem type indices the Alchemist may touch (QN-ALCHEMIST-3)
    card_index: dict[str, int]
    public_id: tuple[str, ...]  # card index -> how the card is named once it has left the market
    public_card: dict[str, int]  # public name -> the first card of that name
    of_kind: tuple[tuple[int, ...], ...]  # kind -> card indices
    # ready-made action strings
    buy: tuple[str, ...]  # buy:C012
    present: tuple[str, ...]  # present:C012 (gem cards and Bankers)
    present_on: tuple[tuple[str, ...], ...]  # present:C061:ruby (Rings, Kings, the Necklace)
    discard: tuple[str, ...]  # discard:C012
    alchemy: tuple[tuple[str, ...], ...]  # alchemist:C012:ruby

    def gem_index(self, name: str) -> int:
        return self.gem_names.index(name)

    def named(self, name: str) -> Card:
        """The card a view names: by its own id, or by its public name (then the first copy,
        which has the same kind, gem type and gem count)."""
        found = self.card_index.get(name)
        return self.cards[self.public_card[name] if found is None else found]
