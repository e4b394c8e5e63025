"""The Queen's Necklace's words in the terminal: the phrases of :mod:`salon.wording.necklace`
and the terminal's own templates (the game's own texts, ``necklace.*``), in one language, with
the terminal's colours.  The cards' names and the log's texts come from the ``events`` catalog,
which the browser words them from too."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.markup import escape

from salon.core.game import Game
from salon.i18n import count, has, text
from salon.necklace.kinds import KINDS
from salon.necklace.observation import Observation
from salon.necklace.pieces import DataSet
from salon.wording.catalog import reader
from salon.wording.necklace.words import NecklaceWords, necklace
from salon.wording.phrase import Phrase, render

PLAYER_STYLES = ("bold red", "bold cyan", "bold yellow", "bold green")
STYLES = {"gem-diamond": "bright_white", "gem-ruby": "red3", "gem-emerald": "green3", "gem-amber": "dark_orange",
          "class-grey": "grey70", "class-blue": "dodger_blue1", "class-purple": "medium_purple1"}
"""The terminal colour of a gem type and of a card's colour class (QN-COMP-3/4); a gem type the
table does not know is left plain."""
PREFIX = "necklace."


def rule_fields(game: Game, lang: str) -> dict[str, str]:
    """The numbers of the rules every text of the game may use (``{courtesan_ducats}`` ...),
    read from the game's data so that a corrected data set corrects the texts too."""
    r = necklace(game).data.rules
    return {"courtesan_ducats": str(r.courtesan_ducats), "banker_bonus": str(r.banker_bonus),
            "necklace_bounty": str(r.necklace_bounty), "sales_total": str(r.sales), "base_ducats": str(r.ducats),
            "musketeers": str(r.musketeers_for_necklace)}


class NecklaceText:
    """One game's words in one language; ``labels`` names the seats."""

    def __init__(self, game: Game, lang: str, labels: list[str]) -> None:
        self.game = necklace(game)
        self.words = NecklaceWords(game)
        self.ds: DataSet = self.words.ds
        self.lang = lang
        self.labels = labels
        self.fields = rule_fields(game, lang)
        self.reader = reader(lang, self.fields, self.player, self._mark, escape)

    def _(self, key: str, **fields: Any) -> str:
        """A template of the terminal's catalog."""
        return text(PREFIX + key, self.lang, **{**self.fields, **fields})

    def has(self, key: str) -> bool:
        return has(PREFIX + key, self.lang)

    def say(self, phrase: Phrase) -> str:
        """A phrase of the events catalog."""
        return render(phrase, self.reader)

    def _mark(self, style: str, words: str) -> str:
        return f"[{STYLES[style]}]{words}[/]" if style in STYLES else words

    def public(self) -> Observation:
        return self.game.observe(None)

    def player(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(self.labels):
            return self.none()
        return f"[{PLAYER_STYLES[seat % len(PLAYER_STYLES)]}]{escape(self.labels[seat])}[/]"

    # --- the cards' names (salon.wording.necklace.words)

    def none(self) -> str:
        return self.say(self.words.none())

    def livres(self, n: int) -> str:
        return self.say(self.words.livres(n))

    def ducats(self, n: int) -> str:
        return self.say(self.words.ducats(n))

    def cards_count(self, n: int) -> str:
        return count("unit.cards", n, self.lang)

    def gem(self, name: str) -> str:
        return self.say(self.words.gem(name))

    def some_gem(self, name: str | None) -> str:
        return self.say(self.words.gem(name)) if name is not None else ""

    def gems(self, name: str, n: int) -> str:
        return self.say(self.words.gems(name, n))

    def kind(self, kind: int) -> str:
        return self.say(self.words.kind(kind))

    def card(self, card_id: str | None) -> str:
        return self.say(self.words.card(card_id))

    def cards(self, card_ids: Sequence[str]) -> str:
        return self.say(self.words.cards(card_ids))

    def effect(self, card_id: str) -> str:
        """What a card does; nothing for a gem card, whose worth the Fashion and Rarity tiles tell."""
        c = self.words.data(card_id)
        return "" if c.kind_name == "gem" else self._("effect." + c.kind_name)

    def lots(self, lots: dict[str, list[str]], bankers: list[str]) -> str:
        """A presentation in one line: each lot by gem type, then the Bankers."""
        parts = [f"{self.gem(g)}: {' + '.join(self.card(c) for c in ids)}" for g, ids in lots.items()]
        parts += [self.card(c) for c in bankers]
        return "; ".join(parts) or self._("board.nothing")

    def fashion_order(self, gems: list[str]) -> str:
        return self.say(self.words.fashion_order(gems))

    # --- refusals

    def refusal(self, key: str, fields: Mapping[str, str | int]) -> str | None:
        """The reason of an engine refusal (salon.core.errors.Refusal) in the player's words,
        from ``necklace.refusal.<key>`` with its raw ids and numbers worded (cards, ducats, gems,
        card kinds, players); None for a key the catalogs do not know."""
        if not key or not self.has("refusal." + key):
            return None
        words = {name: self._refusal_word(name, value) for name, value in fields.items()}
        return self._("refusal." + key, **words)

    def _refusal_word(self, name: str, value: str | int) -> str:
        if name in ("cost", "ducats"):
            return self.ducats(int(value))
        if name == "seat":
            return self.player(int(value))
        if name == "card":
            return self.card(str(value))
        if name == "gem":
            return self.gem(str(value))
        if name == "kind":
            return self.kind(KINDS.index(str(value)))
        return escape(str(value))
