"""The Queen's Necklace's data files as pydantic models: what each TOML file of
``salon/necklace/data`` may hold.

Why a module of their own.  Validation needs pydantic, which mypyc cannot compile, so these
models stay pure Python (salon.compiled.LEFT_PURE); the engine reads the validated values
through the compiled objects of :mod:`salon.necklace.pieces`, which
:mod:`salon.necklace.components` builds from them.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, model_validator

from salon.necklace.kinds import KINDS

NonNeg = Annotated[int, Field(ge=0)]
Provenance = Annotated[str, Field(pattern=r"^(rulebook|public|reconstructed)( .*)?$")]




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
