"""The words of The Queen's Necklace's cards as phrases: gems, card kinds, cards, amounts.

The printed card values (gems, price ladders) come from the game's card data, which is public
knowledge; a card is named by its id where the views name it so (the market, a seat's own
cards) and by what it is where they name one of identical copies by its kind (QN-INFO-1).  The
log (:mod:`salon.wording.necklace.events`) and the terminal's board both name the cards with
these phrases.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from salon.core.game import Game
from salon.necklace.game import Necklace
from salon.necklace.kinds import GEM, INFLUENCE, KINDS, SALE, SPECIAL
from salon.necklace.pieces import Card, DataSet
from salon.wording.phrase import Phrase, counted, join, mark, say, seat

P = "necklace."


def necklace(game: Game) -> Necklace:
    """The game as a Necklace game (salon.wording gives the Necklace's wording only Necklace games)."""
    assert isinstance(game, Necklace)
    return game


def w(key: str, **fields: Any) -> Phrase:
    """A phrase of the Necklace's events catalog."""
    return say(P + key, **fields)


def n(key: str, count: int, **fields: Any) -> Phrase:
    """A counted phrase of the Necklace's events catalog."""
    return counted(P + key, count, **fields)


def card_class(kind: int) -> str:
    """The colour class of a card kind: grey sale cards, blue influence, purple special."""
    if kind in SALE:
        return "grey"
    if kind in INFLUENCE:
        return "blue"
    return "purple" if kind in SPECIAL else "none"


class NecklaceWords:
    """Names the cards of one game of The Queen's Necklace."""

    def __init__(self, game: Game) -> None:
        self.game = necklace(game)
        self.ds: DataSet = self.game.data

    def livres(self, amount: int) -> Phrase:
        return n("unit.livres", amount)

    def ducats(self, amount: int) -> Phrase:
        return n("unit.ducats", amount)

    def cards_count(self, count: int) -> Phrase:
        return n("unit.cards", count)

    def gem_total(self, count: int) -> Phrase:
        """Gems of any type ("9 gems")."""
        return n("unit.gems", count)

    def none(self) -> Phrase:
        return w("unit.none")

    def player(self, number: int | None) -> Phrase:
        return self.none() if number is None or not 0 <= number < self.game.num_players else seat(number)

    def gem(self, name: str) -> Phrase:
        return mark("gem-" + name, w("gem." + name))

    def some_gem(self, name: str | None) -> Phrase | str:
        """A gem's name, or nothing where a decision or an event names none."""
        return "" if name is None else self.gem(name)

    def gems(self, name: str, count: int) -> Phrase:
        """A number of gems of one type ("2 rubies")."""
        return mark("gem-" + name, n("gems." + name, count))

    def data(self, card_id: str) -> Card:
        """The card a view names, by its own id or by its public name (the same face)."""
        return self.ds.named(card_id)

    def own(self, card_id: str) -> bool:
        """Whether a view names this card by its own id (the market, the seat's own cards);
        else it names one of identical copies by its kind, which the board prints without an id."""
        return card_id in self.ds.card_index

    def kind(self, kind: int) -> Phrase:
        return w("kind." + KINDS[kind])

    def card(self, card_id: str | None) -> Phrase:
        """A card by id and what it is: "C012 2 diamonds", "C061 Ring"; a card named by its
        kind only what it is: "2 diamonds", "Ring"."""
        if card_id is None:
            return self.none()
        c = self.data(card_id)
        if c.kind == GEM:
            gems = self.gems(self.ds.gem_names[c.gem], c.gems)
            return w("card.gem", id=card_id, gems=gems) if self.own(card_id) else gems
        name = mark("class-" + card_class(c.kind), self.kind(c.kind))
        return w("card.label", id=card_id, name=name) if self.own(card_id) else name

    def number(self, card_id: str) -> int:
        """The number a card's name reads as, for the verb of a sentence it is the subject of:
        a gem card's gems ("3 emeralds join the market"), 1 for a card named by its kind."""
        c = self.data(card_id)
        return c.gems if c.kind == GEM else 1

    def cards(self, card_ids: Sequence[str]) -> Phrase:
        return join([self.card(c) for c in card_ids]) if card_ids else w("board.nothing")

    def lot_gems(self, card_ids: Sequence[str]) -> int:
        """The gems on the gem cards of a lot (QN-RAR-1)."""
        return sum(c.gems for c in map(self.data, card_ids) if c.kind == GEM)

    def lot_cards(self, card_ids: Sequence[str]) -> Phrase:
        """The cards of a lot whose gems are counted already: the gem cards by their gems, the
        Rings, Kings and the Necklace by name ("2 + 1 + Ring")."""
        gems = " + ".join(str(self.data(c).gems) for c in card_ids if self.data(c).kind == GEM)
        extras = [self.card(c) for c in card_ids if self.data(c).kind != GEM]
        return join([gems, *extras] if gems else extras, " + ")

    def fashion_order(self, gems: Sequence[str]) -> Phrase:
        return join([self.gem(g) for g in gems])
