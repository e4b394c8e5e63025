"""The Queen's Necklace component data: TOML files loaded into frozen, validated objects.

Data declares the physical game, code declares the rules (docs/architecture.md principle 1;
QN-PRICE-5): every card count, gem count and price ladder, and every number of the rules,
comes from a file in ``salon/necklace/data``.  Each value names its provenance (``rulebook``
with the seed's lines, ``public`` with a source key of RULES.md §0.2, or ``reconstructed``),
so that an owner of the physical cards can correct the reconstructed values by editing data.
The loader validates a complete data set and rejects a broken one with a DataError that
names the file, the entry and the problem.

The engine addresses cards by index (``C001`` is card 0) and kinds (:mod:`salon.necklace.kinds`)
and gem types by small ints; the data set it reads (:mod:`salon.necklace.pieces`) also holds
the ready-made action strings, so that listing legal actions on the hot path only picks strings.
The files' schemas are :mod:`salon.necklace.models`.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from salon.core.data import parse, read_toml
from salon.core.errors import DataError
from salon.necklace.kinds import GEM, KINDS, MERCHANT
from salon.necklace.models import CardBlock, CardsFile, RulesModel
from salon.necklace.pieces import Card, DataSet

CARDS_FILE = "cards.toml"
RULES_FILE = "rules.toml"


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
