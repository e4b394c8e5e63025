"""Rococo's words in the terminal: the phrases of :mod:`salon.wording.rococo` and the
terminal's own templates, in one language, with the terminal's colours.

Every sentence comes from ``salon.i18n``: the components' names and the log's texts from the
``events`` catalog (the browser words them from the same), the board's and the decisions' from
the terminal's.  In the 2013 edition every text uses the edition's own words (its yellow dresses
are the engine's blue ones, wool its thread, the fountain its kitchen, the warehouse floors its
resource drawers, the face-down resource stacks its resource bag, the tiles kept in front of a
player their rack: RULES.md §16): the engine's terms reach the texts only through the term
fields every template may use (``{thread}``, ``{Favour}`` ...), so the message keys stay those of
the Deluxe edition.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rich.markup import escape

from salon.core.game import Game
from salon.i18n import catalogue, count, has, inflections, text
from salon.i18n.fields import term_table
from salon.rococo.plugin import PLUGIN
from salon.rococo.tables import Tables
from salon.wording.catalog import reader
from salon.wording.phrase import Phrase, render
from salon.wording.rococo.words import RococoWords, rococo

PLAYER_STYLES = ("bold red", "bold cyan", "bold yellow", "bold green", "bold magenta")
SILK_STYLES = {"blue": "dodger_blue1", "pink": "hot_pink", "green": "green3", "orange": "dark_orange",
               "yellow": "gold1", "red": "red3"}
"""The terminal colour of a silk or garment colour, by the edition's own colour word."""


def term(terms: dict[str, str], name: str, lang: str) -> str:
    """An engine term in the words of a game's edition (``terms``, RULES.md §16: D-3 colours,
    D-6 wool, D-12 no resource bag or racks, D-13 favour card beside the board, D-24 warehouse
    floors, D-32 fountain); the Deluxe words without an edition."""
    word = terms.get(name, name).replace(" ", "_")
    return text(f"{term_table(name)}.{word}", lang)


def term_fields(game: Game, lang: str) -> dict[str, str]:
    """The term fields every template may use, in the words of the game's edition:
    ``{thread}``, ``{Thread}`` to begin a sentence, ``{thr}`` for a board cell, and the forms
    of a language that inflects them (``{drawer_from}``, ``{blue_dress}``; the plain word
    where the language lacks a form of that word)."""
    terms: dict[str, str] = rococo(game).tables.ds.terms or {}
    fields = {"thr": text("abbr." + terms.get("thread", "thread"), lang)}
    own = catalogue(lang)
    for name in PLUGIN.term_fields:
        word = term(terms, name, lang)
        forms = {name: word}
        key = terms.get(name, name).replace(" ", "_")
        for form in inflections(term_table(name), lang):
            inflected = f"{term_table(name)}_{form}.{key}"
            forms[f"{name}_{form}"] = own[inflected] if inflected in own else word
        for field, value in forms.items():
            fields[field] = value
            fields[field[:1].upper() + field[1:]] = value[:1].upper() + value[1:]
    return fields


class RococoText:
    """One Rococo game's words in one language; ``labels`` names the seats."""

    def __init__(self, game: Game, lang: str, labels: list[str]) -> None:
        self.game = rococo(game)
        self.words = RococoWords(game)
        self.t: Tables = self.words.t
        self.lang = lang
        self.labels = labels
        self.mdb = self.words.mdb
        self.fields = term_fields(game, lang)
        self.reader = reader(lang, self.fields, self.player, self._mark, escape)

    def _(self, key: str, **fields: Any) -> str:
        """A template of the terminal's catalog."""
        return text(key, self.lang, **{**self.fields, **fields})

    def counted(self, key: str, n: int, **fields: Any) -> str:
        return count(key, n, self.lang, **{**self.fields, **fields})

    def say(self, phrase: Phrase) -> str:
        """A phrase of the events catalog."""
        return render(phrase, self.reader)

    def _mark(self, style: str, words: str) -> str:
        return f"[{SILK_STYLES[style]}]{words}[/]" if style in SILK_STYLES else words

    def player(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(self.labels):
            return self.say(self.words.none())
        return f"[{PLAYER_STYLES[seat % len(PLAYER_STYLES)]}]{escape(self.labels[seat])}[/]"

    def tag(self, seat: int) -> str:
        """The short name of a seat for crowded board cells ("P2"); Madame du Barry is no
        numbered player, so her markers carry a tag of her own ("MdB")."""
        name = self._("solo.tag") if seat == self.mdb else f"P{seat + 1}"
        return f"[{PLAYER_STYLES[seat % len(PLAYER_STYLES)]}]{name}[/]"

    # --- the components' names (salon.wording.rococo.words)

    def livres(self, n: int) -> str:
        return self.say(self.words.livres(n))

    def price(self, n: int) -> str:
        return self.say(self.words.price(n))

    def vp(self, n: int) -> str:
        return self.say(self.words.vp(n))

    def cards_count(self, n: int) -> str:
        return self.say(self.words.cards_count(n))

    def none(self) -> str:
        return self.say(self.words.none())

    def colour(self, name: str) -> str:
        return self.say(self.words.colour(name))

    def silk(self, vector: tuple[int, ...] | list[int], word: bool = True) -> str:
        return self.say(self.words.silk(vector, word))

    def lower(self, lower: str) -> str:
        return self.say(self.words.lower(lower))

    def tile(self, tile_id: str | None) -> str:
        return self.say(self.words.tile(tile_id))

    def tile_short(self, tile_id: str) -> str:
        return self.say(self.words.tile_short(tile_id))

    def garment(self, garment_id: str | None) -> str:
        return self.say(self.words.garment(garment_id))

    def card(self, card_id: str | None) -> str:
        return self.say(self.words.card(card_id))

    def bonus(self, bonus: str) -> str:
        return self.say(self.words.bonus(bonus))

    def card_bonus(self, card_id: str) -> str:
        return self.say(self.words.card_bonus(card_id))

    def space(self, space_id: str) -> str:
        return self.say(self.words.space(space_id))

    def reward(self, space_id: str) -> str:
        return self.say(self.words.reward(space_id))

    def deco(self, deco_id: str) -> str:
        return self.say(self.words.deco(deco_id))

    def deco_kind(self, kind: str) -> str:
        return self.say(self.words.deco_kind(kind))

    def multiplier(self, m: int) -> str:
        return self.say(self.words.multiplier(m))

    def jewel(self, jewel_id: str) -> str:
        return self.say(self.words.jewel(jewel_id))

    def hall(self, number: int, in_sentence: bool = False) -> str:
        return self.say(self.words.hall(number, in_sentence))

    def task(self, name: str) -> str:
        return self.say(self.words.task(name))

    def exam(self, exam: str) -> str:
        return self.say(self.words.exam(exam))

    def main(self, action: str) -> str:
        return self.say(self.words.main(action))

    def effect(self, effect: str) -> str:
        return self.say(self.words.effect(effect))

    def goods(self, thread: int, lace: int, zero: bool = False) -> str:
        return self.say(self.words.goods(thread, lace, zero))

    def solo_card(self, card_id: str) -> str:
        return self.say(self.words.solo_card(card_id))

    def solo_action(self, card_id: str) -> str:
        return self.say(self.words.solo_action(card_id))

    def empty(self) -> str:
        return self.say(self.words.listed([]))

    def sellable(self, garment_id: str) -> bool:
        """R-FEST-3, R-EXQ-3, asked of the rules themselves."""
        return rococo(self.game).sellable(garment_id)

    def garment_notes(self, garment_id: str) -> list[str]:
        """What sets an expansion garment apart: its expansion, its one-time effect, and
        whether it can be sold (R-FEST-3, R-EXQ-3)."""
        g = self.t.ds.garments[self.t.garment_index[garment_id]]
        if not g.expansion:
            return []
        name = self._("expansion." + g.expansion)
        if not g.effect:
            return [name]
        notes = [self._("garment.expansion_note", expansion=name, effect=self.effect(g.effect))]
        if not self.sellable(garment_id):
            notes.append(self._("garment.never_sold" if g.expansion == "festive" else "garment.rent_only"))
        return notes

    def needs(self, garment_id: str, silk: tuple[int, ...] | None = None) -> str:
        g = self.t.ds.garments[self.t.garment_index[garment_id]]
        parts = [self.silk(silk if silk is not None else g.silk)] if any(silk or g.silk) else []
        if g.thread:
            parts.append(self.goods(g.thread, 0))
        if g.lace:
            parts.append(self.goods(0, g.lace))
        return ", ".join(parts) or self.none()

    # --- refusals

    def refusal(self, key: str, fields: Mapping[str, str | int]) -> str | None:
        """The reason of an engine refusal (salon.core.errors.Refusal) in the player's words,
        from ``rococo.refusal.<key>`` with its raw ids and numbers worded (cards, garments,
        tiles, jewels, spaces, prices); None for a key the catalogs do not know."""
        if not key or not has("rococo.refusal." + key, self.lang):
            return None
        words = {name: self._refusal_word(name, value) for name, value in fields.items()}
        return self._("rococo.refusal." + key, **words)

    def _refusal_word(self, name: str, value: str | int) -> str:
        if isinstance(value, int):
            return self.livres(value) if name in ("cost", "price", "fee") else str(value)
        words: dict[str, Callable[[str], str]] = {
            "card": self.card, "garment": self.garment, "tile": self.tile, "jewel": self.jewel, "space": self.space,
            "decoration": self.deco, "bonus": self.bonus, "type": lambda v: self.say(self.words.employee(v)),
            "action": self.main, "exam": self.main}
        word = words.get(name)
        return word(value) if word is not None else escape(value)
