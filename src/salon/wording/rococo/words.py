"""The words of Rococo's components as phrases: employees, garments, tiles, spaces,
decorations, jewels, bonuses, reasons, Madame du Barry's cards.

The printed values they name (a tile's silk, a garment's colour, a card's bonus) come from the
game's component tables, which are public knowledge.  In the 2013 edition every phrase uses the
edition's own words (RULES.md §16): an engine term reaches a text only as a field the front end
fills in the edition's words (``{thread}``, a colour), so the keys stay those of the Deluxe
edition.  The log (:mod:`salon.wording.rococo.events`) and the terminal's board both name the
components with these phrases.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from salon.core.game import Game
from salon.rococo.game import Rococo
from salon.rococo.models import COLOURS, SoloCardModel
from salon.rococo.rules.common import MDB
from salon.rococo.tables import Tables
from salon.wording.catalog import has
from salon.wording.phrase import Phrase, counted, field, join, mark, say, seat

ROMAN = ("", "I", "II", "III", "IV", "V", "VI")
LOWER = {"": "none", "thread": "thread", "lace": "lace", "thread/lace": "either", "thread+lace": "both"}
"""The key of what discarding a resource tile gives, by its lower part."""
P = "rococo."


def rococo(game: Game) -> Rococo:
    """The game as a Rococo game (salon.wording gives Rococo's wording only Rococo games)."""
    assert isinstance(game, Rococo)
    return game


def w(key: str, **fields: Any) -> Phrase:
    """A phrase of Rococo's events catalog."""
    return say(P + key, **fields)


def n(key: str, count: int, **fields: Any) -> Phrase:
    """A counted phrase of Rococo's events catalog."""
    return counted(P + key, count, **fields)


def known(key: str) -> bool:
    return has(P + key)


class RococoWords:
    """Names the components of one Rococo game."""

    def __init__(self, game: Game) -> None:
        self.game = rococo(game)
        self.t: Tables = self.game.tables
        self.terms: dict[str, str] = self.t.ds.terms or {}
        self.mdb: int | None = MDB if self.game.config.solo else None
        self.solo_cards: dict[str, SoloCardModel] = {c.id: c for c in self.t.ds.solo_cards}

    # --- units

    def livres(self, amount: int) -> Phrase:
        return n("unit.livres", amount)

    def price(self, amount: int) -> Phrase:
        return self.livres(amount) if amount else w("unit.free")

    def vp(self, amount: int) -> Phrase:
        return n("unit.vp", amount)

    def cards_count(self, count: int) -> Phrase:
        return n("unit.cards", count)

    def tiles_count(self, count: int) -> Phrase:
        return n("unit.tiles", count)

    def goods(self, thread: int, lace: int, zero: bool = False) -> Phrase:
        """Thread and lace ("1 thread + 2 lace"); with ``zero`` a good she has none of is
        counted too ("0 thread + 1 lace")."""
        parts = []
        if thread or zero:
            parts.append(n("unit.thread", abs(thread)))
        if lace or zero:
            parts.append(n("unit.lace", abs(lace)))
        return join(parts, " + ")

    def none(self) -> Phrase:
        return w("unit.none")

    def listed(self, items: Sequence[Phrase | str]) -> Phrase:
        """Items separated by commas, or "(empty)"."""
        return join(items) if items else w("board.empty")

    # --- seats and terms

    def player(self, number: int | None) -> Phrase:
        return self.none() if number is None or not 0 <= number < self.game.num_players else seat(number)

    def shown(self, colour: str) -> str:
        """The colour a component shows in the game's edition (its yellow dresses are the
        engine's blue ones)."""
        return self.terms.get(colour, colour)

    def colour(self, name: str) -> Phrase:
        """An engine colour in the edition's word, marked with the colour it shows."""
        return mark(self.shown(name), field(name))

    # --- components

    def silk(self, vector: Sequence[int], word: bool = True) -> Phrase:
        """Silk bales by colour ("1 blue + 2 green silk"; without the word "silk" in tight spots)."""
        parts = [w("garment.silk", n=k, colour=self.colour(c)) for c, k in zip(COLOURS, vector) if k]
        if not parts:
            return w("garment.no_silk")
        bales = join(parts, " + ")
        return w("garment.silk_list", bales=bales) if word else bales

    def lower(self, lower: str) -> Phrase:
        return w("tile.lower_" + LOWER.get(lower, "none"))

    def tile(self, tile_id: str | None) -> Phrase:
        if tile_id is None:
            return self.none()
        t = self.t.ds.tiles[self.t.tile_index[tile_id]]
        return w("tile.label", id=tile_id, silk=self.silk(t.silk), lower=self.lower(t.lower))

    def tile_short(self, tile_id: str) -> Phrase:
        t = self.t.ds.tiles[self.t.tile_index[tile_id]]
        return w("tile.short", id=tile_id, silk=self.silk(t.silk, word=False), lower=self.lower(t.lower))

    def garment(self, garment_id: str | None) -> Phrase:
        if garment_id is None:
            return self.none()
        g = self.t.ds.garments[self.t.garment_index[garment_id]]
        kind = w("garment.dress" if g.is_dress else "garment.coat")
        return w("garment.label", id=garment_id, colour=self.colour(g.colour), kind=kind)

    def card(self, card_id: str | None) -> Phrase:
        if card_id is None:
            return self.none()
        c = self.t.cards[self.t.card_index[card_id]]
        if c.group == "specialist":
            return w("employee.specialized", id=card_id)
        level: Phrase | str = ROMAN[c.level] if c.level else w("employee.start")
        return w("employee.label", id=card_id, type=self.employee(c.type), level=level)

    def employee(self, kind: str) -> Phrase:
        """An employee type: apprentice, journeyman, master."""
        return w("employee." + kind)

    def bonus(self, bonus: str) -> Phrase:
        """An employee bonus in words; the 2013 level-III card pays VP per decoration where
        the Deluxe one pays livres (D-47), as the edition's data says."""
        params = self.t.ds.bonus
        if bonus == "l3_livre_per_dec" and params.l3_vp_per_dec and not params.l3_livre_per_dec:
            return w("bonus.l3_vp_per_dec", vp=self.vp(params.l3_vp_per_dec))
        return w("bonus." + bonus)

    def card_bonus(self, card_id: str) -> Phrase:
        return self.bonus(self.t.cards[self.t.card_index[card_id]].bonus)

    def space(self, space_id: str) -> Phrase:
        sp = self.t.ds.board.guest_spaces[self.t.space_index[space_id]]
        return w("space.guest", hall=sp.hall, n=space_id.split("s")[-1])

    def reward(self, space_id: str) -> Phrase:
        sp = self.t.ds.board.guest_spaces[self.t.space_index[space_id]]
        if sp.reward == "livres":
            return w("space.reward_livres", livres=self.livres(sp.reward_livres))
        return w("space.reward_" + sp.reward)

    def deco(self, deco_id: str) -> Phrase:
        d = self.t.ds.board.decorations[self.t.deco_index[deco_id]]
        if d.kind == "musician":
            return w("deco.musician_of", hall=d.hall, id=deco_id)
        label = w("deco.label", kind=self.deco_kind(d.kind), id=deco_id)
        return join([label, self.multiplier(d.multiplier)], " ") if d.multiplier else label

    def multiplier(self, m: int) -> Phrase:
        return w("deco.multiplier", m=m)

    def deco_kind(self, kind: str) -> Phrase:
        """A kind of decoration; the kitchen's two sides are the 2013 edition's fountain rows."""
        return w("deco." + self.terms.get(kind, kind).replace(" ", "_"))

    def jewel(self, jewel_id: str) -> Phrase:
        jb = self.t.ds.jewelry_box
        assert jb is not None
        j = jb.jewels[self.t.jewel_index[jewel_id]]
        return w("jewel.label", id=jewel_id, colour=self.colour(j.colour), kind=w("jewel." + j.kind))

    def hall(self, number: int, in_sentence: bool = False) -> Phrase:
        """A hall as a board label ("Throne hall", "Hall 3"), or within a sentence ("hall 3",
        as the guest spaces name it)."""
        if in_sentence:
            return w("solo.hall", n=number)
        return w("board.throne") if number == 1 else w("board.hall", n=number)

    def task(self, name: str) -> Phrase:
        return w("task." + name.lower())

    def exam(self, exam: str) -> Phrase:
        return w("exam." + exam)

    def main(self, action: str) -> Phrase:
        return w("main." + action)

    def step(self, step: str) -> Phrase:
        return w("step." + step)

    def effect(self, effect: str) -> Phrase:
        """A garment's one-time effect, with the numbers of the edition's data."""
        return w("effect." + effect, **(self.t.ds.garment_params or {}))

    def why(self, why: str) -> Phrase:
        """Why livres, points or goods change hands."""
        if known("why." + why):
            return w("why." + why)
        return w("why.garment_effect" if known("effect." + why) else "why.other")

    # --- Madame du Barry's cards

    def solo_card(self, card_id: str) -> Phrase:
        """What one of Madame du Barry's cards shows: its action with its target (top part)
        and the hall and jewelry symbol of its bottom part (R-SOLO-PH3-1, R-SOLO-TAI-4)."""
        c = self.solo_cards[card_id]
        bottom = w("solo.bottom", hall=self.hall(c.hall, True))
        if self.t.ds.jewelry_box is not None:
            bottom = w("solo.bottom_jewel", hall=self.hall(c.hall, True), symbol=w("solo.symbol_" + c.jewel))
        return w("solo.card", top=self.solo_action(card_id), bottom=bottom)

    def solo_action(self, card_id: str) -> Phrase:
        """The top part of one of her cards: the action and its target."""
        c = self.solo_cards[card_id]
        if c.action == "acquire" and c.drawer:
            return w("solo.acquire_drawer", n=c.drawer)
        if c.action == "acquire":
            return w("solo.acquire_position", position=w("solo.position_" + c.position))
        if c.action in ("tailor", "hire"):
            return w("solo." + c.action, ordinal=w(f"solo.ordinal_{c.ordinal}"),
                     direction=w("solo.from_" + c.direction))
        if c.action == "finance":
            return w("solo.finance", kind=w("solo.kind_" + c.kind))
        return w("solo.favour")
