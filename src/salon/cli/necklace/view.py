"""The Queen's Necklace in the terminal: the board, the decisions and the log, in one language.

The view puts together the cards' names and the terminal's templates
(:mod:`salon.cli.necklace.text`), the board (:mod:`salon.cli.necklace.board`), the decisions
and the log, whose lines :mod:`salon.wording.necklace` chooses for the browser too: a jewel
sale reads as the rules suggest presenting it (QN-SALE-6), the revealed lots column by column,
most fashionable gem first, then rarity, prices and who sells each column.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.markup import escape

from salon.cli.necklace.board import NecklaceBoard
from salon.cli.necklace.text import PREFIX, rule_fields
from salon.cli.support import GameSupport, WordedLog
from salon.core.game import Game
from salon.necklace.kinds import GEM
from salon.necklace.observation import DecisionNow
from salon.wording.necklace.events import NecklaceEvents
from salon.wording.necklace.words import necklace


class NecklaceView(NecklaceBoard, WordedLog):
    """Renders one game of The Queen's Necklace; ``labels`` names the seats.  A sale reads in
    the log as the rules suggest revealing it: the lots column by column, most fashionable gem
    first (QN-SALE-6); then rarity, price and sellers of every column, and only then what each
    player earned."""

    families = ("play", "buy", "present", "discard", "alchemist", "react", "pass", "done")
    """The families of the game's action texts (``buy`` of ``buy:<card>``): ``why`` finds an action
    that is not offered by its short name in them (salon.cli.play)."""

    def __init__(self, game: Game, lang: str, labels: list[str]) -> None:
        super().__init__(game, lang, labels)
        self.events = NecklaceEvents(game)

    # --- decisions

    def prompt(self, decision: Mapping[str, Any]) -> str:
        kind = decision.get("kind", "")
        f: dict[str, Any] = {}
        if kind in ("influence", "buy"):
            f.update(ducats=self.ducats(decision.get("ducats", 0)), bought=decision.get("bought", 0))
        elif kind in ("forger_response", "forger_discard"):
            f.update(forger=self.player(decision.get("forger")), gem=self.gem(str(decision.get("gem"))))
        elif kind == "queen":
            f["card"] = self.card(decision.get("card"))
        elif kind == "cardinal":
            f["player"] = self.player(decision.get("active"))
        elif kind in ("present", "alchemist"):
            f.update(sale=decision.get("sale", 0),
                     lots=self.lots(decision.get("lots", {}), decision.get("bankers", [])))
        if not kind or not self.has("decision." + kind):
            return self._("decision.other", kind=kind)
        if kind == "buy" and decision.get("bought"):  # QN-BUY-3: the one card owed is bought
            return self._("decision.buy_more", **f)
        return self._("decision." + kind, **f)

    def explain(self, action: str) -> str:
        d = self.game.decision()
        kind = d.get("kind", "")
        parts = action.split(":")
        head = parts[0]
        if head == "play":
            return self._explain_play(parts[1:], d)
        if head == "done":
            return self._explain_done(kind, d)
        if head == "buy":
            return self._explain_buy(parts[1], d)
        if head == "present":
            return self._explain_present(parts[1:], d)
        if head == "discard":
            return self._("action.discard", card=self.card(parts[1]))
        if head == "alchemist":
            before = next((g for g, ids in d.get("lots", {}).items() if parts[1] in ids), "")
            return self._("action.alchemist", card=self.card(parts[1]), before=self.gem(before),
                          after=self.gem(parts[2]))
        if head == "react":
            return self._("action.react_" + parts[1], card=self.card(d.get("card")))
        if head == "pass" and self.has(f"action.pass_{kind}"):
            return self._(f"action.pass_{kind}", card=self.card(d.get("card")), gem=self.some_gem(d.get("gem")))
        return self._("action.other", action=escape(action))

    def _explain_play(self, args: list[str], d: DecisionNow) -> str:
        what = args[0]
        players = self.public()["players"]
        if what in ("confessor", "thief"):
            target = int(args[1])
            return self._("action.play_" + what, target=self.player(target),
                          cards=self.cards_count(players[target]["hand_count"]))
        if what == "courtesan":
            total = d.get("ducats", 0) + self.ds.rules.courtesan_ducats
            return self._("action.play_courtesan", ducats=self.ducats(total))
        if what == "forger":
            return self._("action.play_forger", target=self.player(int(args[1])), gem=self.gem(args[2]))
        if what == "favorite":
            order = [t["gem"] for t in self.public()["fashion"]]
            if order[0] == args[1]:
                return self._("action.play_favorite_same", gem=self.gem(args[1]))
            order.remove(args[1])
            return self._("action.play_favorite", gem=self.gem(args[1]), order=self.fashion_order([args[1], *order]))
        holder = next((p["seat"] for p in players if p["necklace"]), None)
        return self._("action.play_musketeers", target=self.player(holder))

    def _explain_done(self, kind: str, d: DecisionNow) -> str:
        if kind == "influence":
            return self._("action.done_influence", ducats=self.ducats(d.get("ducats", 0)))
        if kind == "buy":
            if not d.get("bought"):
                return self._("action.done_buy_none")
            return self._("action.done_buy", ducats=self.ducats(d.get("ducats", 0)))
        lots, bankers = d.get("lots", {}), d.get("bankers", [])
        if not lots and not bankers:
            return self._("action.done_present_empty")
        return self._("action.done_present", lots=self.lots(lots, bankers))

    def _explain_buy(self, card_id: str, d: DecisionNow) -> str:
        price = next(e["price"] for e in self.public()["market"] if e is not None and e["card"]["id"] == card_id)
        key = "action.buy_astrologer" if self.words.data(card_id).kind_name == "astrologer" else "action.buy"
        return self._(key, card=self.card(card_id), price=self.ducats(price),
                      left=self.ducats(d.get("ducats", 0) - price))

    def _explain_present(self, args: list[str], d: DecisionNow) -> str:
        card_id = args[0]
        c = self.words.data(card_id)
        if len(args) > 1:  # a Ring, King or the Necklace on a gem type's lot (QN-SALE-3)
            return self._("action.present_" + c.kind_name, card=self.card(card_id), gem=self.gem(args[1]))
        if c.kind != GEM:
            return self._("action.present_banker", card=self.card(card_id))
        gem = self.ds.gem_names[c.gem]
        total = self.words.lot_gems(d.get("lots", {}).get(gem, [])) + c.gems
        return self._("action.present_gem", card=self.card(card_id), gem=self.gem(gem), total=self.gems(gem, total))


def _steps(game: Game) -> tuple[str, ...]:
    """The breakdown of a result: the livres of each sale in order, then the Necklace
    bounties (QN-NECKLACE-3)."""
    sales = necklace(game).data.rules.sales
    return (*(f"sale{n}" for n in range(1, sales + 1)), "bounty")


def _tie_rule(game: Game) -> str | None:
    """QN-END-3: no tie-break, tied leaders share the win.  Told of the rules (a report on many
    games) and of a finished game whose leaders tie; a game with one winner has no tie to tell."""
    if game.is_over() and len(game.result().winners) == 1:
        return None
    return PREFIX + "ui.tie_rule"


SUPPORT = GameSupport(view=NecklaceView, score_steps=_steps, tie_rule=_tie_rule, text_fields=rule_fields,
                      money_left=False, score_unit="unit.livres")
