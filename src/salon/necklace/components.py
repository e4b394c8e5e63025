"""The Queen's Necklace component data: TOML files loaded into frozen, validated objects.

Data declares the physical game, code declares the rules (docs/architecture.md principle 1;
QN-PRICE-5): every card count, gem count and price ladder, and every number of the rules,
comes from a file in ``salon/necklace/data``.  Each value names its provenance (``rulebook``
with the seed's lines, ``public`` with a source key of RULES.md §0.2, or ``reconstructed``),
so that an owner of the physical cards can correct the reconstructed values by editing data.
The loader validates a complete data set and rejects a broken one with a DataError that
names the file, the entry and the problem.

The engine addresses cards by index (``C001`` is card 0) and kinds and gem types by small
ints; the :class:`DataSet` also holds the ready-made action strings, so that listing legal
actions on the hot path only picks strings.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from salon.core.data import parse, read_toml
from salon.core.errors import DataError

KINDS: tuple[str, ...] = (
    "gem", "ring", "necklace", "king", "banker",
    "confessor", "courtesan", "forger", "favorite", "thief",
    "alchemist", "astrologer", "cardinal", "musketeer", "queen",
    "merchant",
)
"""Card kinds in a fixed index order (engine ids of RULES.md §0.3)."""
(GEM, RING, NECKLACE, KING, BANKER,
 CONFESSOR, COURTESAN, FORGER, FAVORITE, THIEF,
 ALCHEMIST, ASTROLOGER, CARDINAL, MUSKETEER, QUEEN,
 MERCHANT) = range(len(KINDS))
SALE = frozenset({GEM, RING, NECKLACE, KING, BANKER})  # grey cards (QN-COMP-4)
INFLUENCE = frozenset({CONFESSOR, COURTESAN, FORGER, FAVORITE, THIEF})  # blue (QN-COMP-3)
SPECIAL = frozenset({ALCHEMIST, ASTROLOGER, CARDINAL, MUSKETEER, QUEEN})  # purple (QN-COMP-3)
ON_A_LOT = frozenset({RING, KING, NECKLACE})
"""Grey cards that are presented on one gem type's lot (QN-SALE-3)."""


def colour(kind: int) -> str:
    """The card's colour class, which decides when it can be played (QN-COMP-3/4)."""
    if kind in SALE:
        return "grey"
    if kind in INFLUENCE:
        return "blue"
    if kind in SPECIAL:
        return "purple"
    return "none"  # the Merchant


NonNeg = Annotated[int, Field(ge=0)]
Provenance = Annotated[str, Field(pattern=r"^(rulebook|public|reconstructed)( .*)?$")]

CARDS_FILE = "cards.toml"
RULES_FILE = "rules.toml"



class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Meta(_Model):
    """Header of every data file: what it holds and where its values come from."""

    title: str
    provenance: Provenance
    notes: str = ""


class CardProvenance(_Model):
    """Where each value of one card block comes from."""

    count: Provenance
    gems: Provenance | None = None
    ladder: Provenance | None = None


class CardBlock(_Model):
    """Identical cards: their kind, gem type and gem count (gem cards), copies, and the price
    ladder from the highest price down (QN-PRICE-1)."""

    kind: str
    gem: str | None = None
    gems: Annotated[int, Field(ge=0, le=3)] = 0
    count: Annotated[int, Field(ge=1)]
    ladder: list[Annotated[int, Field(ge=1)]] = []
    provenance: CardProvenance

    @model_validator(mode="after")
    def _check(self) -> CardBlock:
        if self.kind not in KINDS:
            raise ValueError(f"unknown card kind {self.kind!r}; expected one of {', '.join(KINDS)}")
        if self.kind == "gem":
            if self.gem is None or self.gems < 1:
                raise ValueError("a gem card needs a gem type and 1-3 gems")
            if self.provenance.gems is None:
                raise ValueError("a gem card block needs the provenance of its gem count")
        elif self.gem is not None or self.gems:
            raise ValueError(f"a {self.kind} card has no gem type or gem count")
        if self.kind == "merchant":
            if self.ladder:
                raise ValueError("a Merchant is never offered for sale and has no price ladder (QN-MERCH-1)")
        else:
            if not self.ladder:
                raise ValueError(f"a {self.kind} card needs its price ladder")
            if any(a <= b for a, b in zip(self.ladder, self.ladder[1:])):
                raise ValueError(f"a price ladder must decrease from top to bottom (QN-PRICE-1): {self.ladder}")
            if self.provenance.ladder is None:
                raise ValueError("a card block with a ladder needs the provenance of its ladder")
        return self


class CardsFile(_Model):
    meta: Meta
    card: list[CardBlock]


class BoxModel(_Model):
    """Components of the box that the rules count but do not use as cards (QN-COMP-1/7/10)."""

    summary_cards: NonNeg
    blank_cards: NonNeg
    fashion_tiles: NonNeg
    gem_tiles: NonNeg
    rarity_tiles: NonNeg
    golden_rings: NonNeg
    necklace_tokens: NonNeg


class RulesModel(_Model):
    """The numbers of the rules (RULES.md §2-§7)."""

    meta: Meta
    gem_types: list[str]
    precious: list[str]
    players_min: Annotated[int, Field(ge=1)]
    players_max: Annotated[int, Field(ge=1)]
    hand_size: Annotated[int, Field(ge=1)]
    market_size: Annotated[int, Field(ge=1)]
    ducats: NonNeg
    courtesan_ducats: NonNeg
    fashion_values: list[NonNeg]
    rarity_values: list[NonNeg]
    banker_bonus: NonNeg
    necklace_bounty: NonNeg
    sales: Annotated[int, Field(ge=1)]
    merchant_bottom: Annotated[int, Field(ge=1)]
    musketeers_for_necklace: Annotated[int, Field(ge=1)]
    ladder_length: Annotated[int, Field(ge=1)]
    box: BoxModel
    provenance: dict[str, Provenance]

    @model_validator(mode="after")
    def _check(self) -> RulesModel:
        if len(set(self.gem_types)) != len(self.gem_types) or len(self.gem_types) < 2:
            raise ValueError("gem_types must name at least two distinct gem types")
        if not set(self.precious) <= set(self.gem_types):
            raise ValueError("precious must be a subset of gem_types")
        n = len(self.gem_types)
        if len(self.fashion_values) != n or len(self.rarity_values) != n:
            raise ValueError(f"fashion_values and rarity_values need one value per gem type ({n})")
        if self.players_min > self.players_max:
            raise ValueError("players_min exceeds players_max")
        values = set(type(self).model_fields) - {"meta", "provenance", "box"}
        values |= set(BoxModel.model_fields)
        missing = sorted(values - set(self.provenance))
        if missing:
            raise ValueError(f"no provenance for {', '.join(missing)}")
        unknown = sorted(set(self.provenance) - values)
        if unknown:
            raise ValueError(f"provenance given for unknown values: {', '.join(unknown)}")
        return self


# ---------------------------------------------------------------------------
# Runtime objects


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


def _read(directory: Path | None, name: str) -> dict[str, Any]:
    return read_toml("salon.necklace.data", directory, name)


_parse = parse


def load(directory: Path | None = None) -> DataSet:
    """Load and validate the data set; ``directory`` replaces the packaged files (a player's
    transcription of the physical cards).  Raises DataError on any problem."""
    rules = _parse(RulesModel, _read(directory, RULES_FILE), RULES_FILE)
    cfile = _parse(CardsFile, _read(directory, CARDS_FILE), CARDS_FILE)
    gem_names = tuple(rules.gem_types)
    cards: list[Card] = []
    block_of: list[int] = []
    for b, block in enumerate(cfile.card):
        if block.gem is not None and block.gem not in gem_names:
            raise DataError(f"{CARDS_FILE}: card.{b}: gem type {block.gem!r} is not one of {', '.join(gem_names)}")
        if block.kind != "merchant" and len(block.ladder) != rules.ladder_length:
            raise DataError(f"{CARDS_FILE}: card.{b}: a ladder has {rules.ladder_length} prices, "
                            f"not {len(block.ladder)} (QN-AMB-4)")
        for _ in range(block.count):
            i = len(cards)
            cards.append(Card(i, f"C{i + 1:03d}", KINDS.index(block.kind),
                              gem_names.index(block.gem) if block.gem else -1, block.gems, tuple(block.ladder)))
            block_of.append(b)
    ds = _dataset(rules, tuple(cards), tuple(cfile.card), tuple(block_of),
                  {RULES_FILE: rules.meta.provenance, CARDS_FILE: cfile.meta.provenance})
    problems = check(ds)
    if problems:
        raise DataError(f"{problems[0]} ({len(problems)} rulebook constraint(s) broken in all)")
    return ds


def _dataset(rules: RulesModel, cards: tuple[Card, ...], blocks: tuple[CardBlock, ...],
             block_of: tuple[int, ...], provenance: dict[str, str]) -> DataSet:
    gem_names = tuple(rules.gem_types)
    ids = [c.id for c in cards]
    public = _public_ids(cards, gem_names)
    return DataSet(
        rules=rules,
        cards=cards,
        blocks=blocks,
        block_of=block_of,
        provenance=provenance,
        gem_names=gem_names,
        precious=frozenset(gem_names.index(g) for g in rules.precious),
        card_index={c: i for i, c in enumerate(ids)},
        public_id=public,
        public_card={name: public.index(name) for name in public},
        of_kind=tuple(tuple(c.index for c in cards if c.kind == k) for k in range(len(KINDS))),
        buy=tuple(f"buy:{c}" for c in ids),
        present=tuple(f"present:{c}" for c in ids),
        present_on=tuple(tuple(f"present:{c}:{g}" for g in gem_names) for c in ids),
        discard=tuple(f"discard:{c}" for c in ids),
        alchemy=tuple(tuple(f"alchemist:{c}:{g}" for g in gem_names) for c in ids),
    )


def _public_ids(cards: tuple[Card, ...], gem_names: tuple[str, ...]) -> tuple[str, ...]:
    """Each card's public name once it has left the market: its kind, with the gem type and
    count of a gem card (``ring``, ``ruby-2``); identical copies share it (the price ladder
    only matters on display).

    At the table identical copies cannot be told apart once they are in a hand, so no view
    may say which copy a player played, presented, lost or showed (QN-INFO-1): a copy seen
    bought would otherwise tell its watchers whether the one played later was another.  The
    name is never a card id, so that no seat reads the id of a card it holds, or saw in the
    market, for another copy."""
    return tuple(f"{gem_names[c.gem]}-{c.gems}" if c.kind == GEM else c.kind_name for c in cards)


# The rulebook's component facts (RULES.md §1) that any transcription must keep.
KIND_COUNTS = {
    "ring": 7, "necklace": 1, "king": 3, "banker": 2,
    "confessor": 4, "courtesan": 3, "forger": 3, "favorite": 3, "thief": 4,
    "alchemist": 1, "astrologer": 3, "cardinal": 2, "musketeer": 4, "queen": 1,
    "merchant": 3,
}


def check(ds: DataSet) -> list[str]:
    """Rulebook constraints on a data set (QN-COMP-1..10, QN-PRICE-2, QN-SETUP-9); an empty
    list when all hold."""
    r = ds.rules
    out: list[str] = []
    count = [0] * len(KINDS)
    for c in ds.cards:
        count[c.kind] += 1
    for name, n in KIND_COUNTS.items():
        if count[KINDS.index(name)] != n:
            out.append(f"{CARDS_FILE}: {count[KINDS.index(name)]} {name} card(s), the rulebook has {n} (QN-COMP-3/6)")
    if count[GEM] != 59:
        out.append(f"{CARDS_FILE}: {count[GEM]} gem cards, the rulebook has 59 (QN-COMP-2)")
    for g, name in enumerate(ds.gem_names):
        sizes = sorted((c.gems for c in ds.cards if c.kind == GEM and c.gem == g), reverse=True)
        if g in ds.precious:
            split = sorted([sizes.count(k) for k in set(sizes)])
            if len(sizes) != 14 or split != [2, 5, 7]:
                out.append(f"{CARDS_FILE}: {name} cards must be 14, split 2 + 5 + 7 by size (QN-COMP-5)")
        elif len(sizes) != 17 or set(sizes) != {1}:
            out.append(f"{CARDS_FILE}: {name} must be 17 cards of one gem each (QN-COMP-5)")
    for c in ds.cards:
        if c.ladder and not 6 <= c.ladder[0] <= 13:
            out.append(f"{CARDS_FILE}: {c.id}: top price {c.ladder[0]} is outside 6-13 (QN-PRICE-2)")
            break
    total = len(ds.cards) + r.box.summary_cards + r.box.blank_cards
    if total != 110:
        out.append(f"{RULES_FILE}: the box holds {total} cards, the rulebook 110 (QN-COMP-1)")
    tiles = r.box.fashion_tiles + r.box.gem_tiles + r.box.rarity_tiles
    if tiles != 12 or r.box.fashion_tiles != len(ds.gem_names) or r.box.rarity_tiles != len(ds.gem_names):
        out.append(f"{RULES_FILE}: 12 tiles, 4 of each kind, one Fashion and one Rarity tile per gem type (QN-COMP-7)")
    if r.box.golden_rings != r.market_size:
        out.append(f"{RULES_FILE}: one golden ring per market card (QN-COMP-8)")
    undealt = len(ds.cards) - count[MERCHANT] - r.hand_size * r.players_max
    if -(-undealt // 3) < r.market_size:
        out.append(f"{RULES_FILE}: the first Merchant would be dealt into the first market (QN-SETUP-9)")
    return out


@cache
def packaged() -> DataSet:
    """The packaged data set (loaded once)."""
    return load()
