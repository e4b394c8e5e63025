"""The Queen's Necklace's events in words: which text tells each event and with which fields.

A jewel sale reads as the rules suggest presenting it (QN-SALE-6): the revealed lots column by
column, most fashionable gem first, then rarity, price and who sells each column, and only then
what each player earned.  A payment tells the player's new total.  What the events alone do not
tell (the totals, the number of the sale being revealed, the fashion order of a sale) is read
back from the game's position after the last entry told (:meth:`NecklaceEvents.entries`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from salon.core.game import Game
from salon.wording.catalog import has
from salon.wording.necklace.words import NecklaceWords, P, n, w
from salon.wording.phrase import Line, Phrase, join

View = dict[str, Any]
HEADINGS = frozenset({"turn", "sale", "sale_result", "game_over"})
"""The events that open a new part of the game."""
CARD_EVENTS = ("forged", "astrologer_again", "bought", "queen", "cardinal", "sale_due", "sale_delayed")


@dataclass
class _Back:
    """The public totals after the event being told, read backwards from the position now."""

    scores: list[int]
    sales: int
    fashion: list[tuple[str, int]]
    """The fashion order now, (gem, Fashion tile value) most fashionable first."""
    sale: dict[str, Any] = field(default_factory=dict)
    """The sale whose result comes after the event: its number and fashion order."""


class NecklaceEvents:
    """Words the events of one game of The Queen's Necklace."""

    def __init__(self, game: Game) -> None:
        self.words = NecklaceWords(game)

    def entries(self, entries: Sequence[Sequence[View]]) -> list[list[list[Line]]]:
        """The lines of consecutive log entries (one action's events each, as one seat sees
        them) that end at the game's position now, event by event."""
        obs = self.words.game.observe(None)
        back = _Back([p["score"] for p in obs["players"]], obs["sales"],
                     [(t["gem"], t["value"]) for t in obs["fashion"]])
        told = [self._entry(views, back) for views in reversed(entries)]
        return told[::-1]

    def entry(self, views: Sequence[View]) -> list[list[Line]]:
        """The lines of the last action's events."""
        return self.entries([views])[0]

    def _entry(self, views: Sequence[View], back: _Back) -> list[list[Line]]:
        told: dict[int, dict[str, Any]] = {}
        for i in reversed(range(len(views))):  # what each payment and reveal needs told
            v = views[i]
            if v["type"] == "livres":
                told[i] = {"score": back.scores[v["seat"]]}
                back.scores[v["seat"]] -= v["amount"]
            elif v["type"] == "sale_result":
                back.sale = {"number": v["number"], "fashion": self._fashion_of(v)}
                back.sales -= 1
            elif v["type"] == "reveal":
                told[i] = {"number": back.sale.get("number", back.sales + 1),
                           "fashion": back.sale.get("fashion", back.fashion)}
            elif v["type"] == "sale":
                back.sale = {}
        out: list[list[Line]] = [[] for _ in views]
        payments: list[Line] = []
        for i, v in enumerate(views):
            kind = v["type"]
            if kind == "livres":
                line = self.line(v, score=told[i]["score"])
                if any(x["type"] == "sale_result" for x in views[i:]):  # told after the sale's result
                    payments.append(line)
                else:
                    out[i] = [line]
            elif kind == "reveal":
                out[i] = [self.line(v, number=told[i]["number"]), *self._reveal(v, told[i]["fashion"])]
            elif kind == "sale_result":
                out[i] = [*self.event(v), *self._result(v), *payments]
                payments = []
            else:
                out[i] = self.event(v)
        return out

    def _fashion_of(self, result: View) -> list[tuple[str, int]]:
        """A sale's fashion order, from its result: a column's price is its Fashion tile's
        value and its rarity (QN-SELL-1)."""
        values = self.words.ds.rules.fashion_values
        worth = {g: result["prices"][g] - result["rarity"][g] for g in result["prices"]}
        return sorted(worth.items(), key=lambda gv: values.index(gv[1]) if gv[1] in values else len(values))

    def event(self, view: View) -> list[Line]:
        """One event as one line (none for an event another line tells)."""
        if view["type"] == "robbed" and "card" not in view:
            return []  # the thief's "stolen" line tells it already
        line = self.line(view)
        if view["type"] in HEADINGS:
            line["heading"] = True
        return [line]

    def line(self, view: View, score: int | None = None, number: int = 0) -> Phrase:
        ws = self.words
        kind = view["type"]
        f: dict[str, Any] = {"player": ws.player(view.get("seat"))}
        key = "event." + kind
        # the number of the card a sentence is about, where its verb agrees with the card's
        # name (a counted phrase: "C030 3 emeralds join the market")
        subject: int | None = None
        if kind == "setup":
            f.update(players=ws.game.num_players, fashion=ws.fashion_order(view["fashion"]),
                     player=ws.player(view["first"]))
        elif kind in ("turn", "sale", "sale_result"):
            f["number"] = view["number"]
        elif kind == "played":
            key = f"event.played_{view['kind']}"
            f.update(target=ws.player(view.get("target")), gem=ws.some_gem(view.get("gem")),
                     ducats=ws.ducats(view.get("ducats", 0)), fashion=ws.fashion_order(view.get("fashion", [])))
        elif kind == "hand_shown":
            f.update(target=ws.player(view["target"]), why=w("why." + view["why"]))
            if "cards" in view:
                f["cards"] = ws.cards(view["cards"])
            else:
                key = "event.hand_shown_hidden"
        elif kind in ("stolen", "robbed"):
            f.update(victim=ws.player(view.get("victim")), thief=ws.player(view.get("thief")))
            if "card" in view:
                f["card"] = ws.card(view["card"])
            else:
                key = "event.stolen_hidden"
        elif kind == "thief_caught":
            f.update(card=ws.card(view["card"]), thief=ws.player(view["thief"]))
        elif kind in CARD_EVENTS:
            f.update(card=ws.card(view["card"]), price=ws.ducats(view.get("price", 0)))
        elif kind == "forger_cancelled":
            f["forger"] = ws.player(view["forger"])
        elif kind == "purchase_end":
            key = "event.purchase_end" if view["bought"] else "event.purchase_end_none"
            f.update(bought=ws.cards_count(view["bought"]), lost=ws.ducats(view["lost"]))
        elif kind == "astrologer_draw":
            if "card" not in view:
                key = "event.astrologer_draw_hidden"
            elif view["card"] is None:
                key = "event.astrologer_draw_empty"
            else:
                f["card"] = ws.card(view["card"])
        elif kind == "devalued":
            key = "event.devalued_gone" if view["discarded"] else "event.devalued"
            f.update(n=ws.cards_count(len(view["lowered"]) + len(view["discarded"])), cards=ws.cards(view["discarded"]))
        elif kind == "drawn":
            f.update(card=ws.card(view["card"]), price=ws.ducats(ws.data(view["card"]).ladder[0]),
                     slot=view["slot"] + 1)
            subject = ws.number(view["card"])
        elif kind == "merchant":
            key = "event.merchant_astrologer" if view["origin"] == "astrologer" else "event.merchant"
        elif kind == "alchemist":
            f.update(card=ws.card(view["card"]), before=ws.gem(view["before"]), after=ws.gem(view["after"]))
            subject = ws.number(view["card"])
        elif kind == "livres":
            key = "event.livres_gain" if view["amount"] >= 0 else "event.livres_pay"
            f.update(amount=ws.livres(abs(view["amount"])), score=ws.livres(score or 0))
        elif kind == "reveal":
            f["number"] = number
        elif kind == "necklace":
            key = f"event.necklace_{view['how']}"
            f["previous"] = ws.player(view.get("previous"))
        if not has(P + key):
            data = {k: v for k, v in view.items() if k not in ("type", "seat")}
            return w("event.other", type=kind, data=str(data))
        return w(key, **f) if subject is None else n(key, subject, **f)

    def _reveal(self, view: View, fashion: list[tuple[str, int]]) -> list[Line]:
        """One line per gem column with every player's lot in it, then the Bankers."""
        ws = self.words
        shown = view["presented"]
        lines: list[Line] = []
        for gem, value in fashion:
            lots: list[Phrase | str] = [
                w("sale.lot", player=ws.player(who), gems=ws.gems(gem, ws.lot_gems(p["lots"][gem])),
                  cards=ws.lot_cards(p["lots"][gem]))
                for who, p in enumerate(shown) if gem in p["lots"]]
            lines.append(w("sale.column", gem=ws.gem(gem), fashion=value,
                           lots=join(lots, " · ") if lots else w("sale.nobody")))
        bankers = [w("sale.banker_lot", player=ws.player(who), cards=ws.cards(p["bankers"]))
                   for who, p in enumerate(shown) if p["bankers"]]
        if bankers:
            lines.append(w("sale.bankers", lots=join(bankers, " · ")))
        return [{**line, "depth": 1} for line in lines]

    def _result(self, view: View) -> list[Line]:
        """Per gem column, most fashionable first: gems in all, rarity, price, and who sells
        (QN-RAR, QN-SELL); then the Necklace bounty if Kings met the Necklace."""
        ws = self.words
        lines: list[Line] = []
        income = view["income"]
        for gem, _ in self._fashion_of(view):
            sellers = view["sellers"][gem]
            if gem in view["cancelled"]:
                outcome: Phrase = w("sale.cancelled")
            elif not sellers:
                outcome = w("sale.nobody_sells")
            else:
                outcome = join([w("sale.seller", player=ws.player(s), livres=ws.livres(income[s].get(gem, 0)))
                                   for s in sellers], ", ")
            lines.append(w("sale.result", gem=ws.gem(gem), gems=ws.gem_total(view["gems"][gem]),
                           rarity=view["rarity"][gem], price=ws.livres(view["prices"][gem]), outcome=outcome))
        changes = [w("sale.change", player=ws.player(s), amount=f"{b:+d}") for s, b in enumerate(view["bounty"]) if b]
        if changes:
            lines.append(w("sale.bounty", changes=join(changes, ", ")))
        return [{**line, "depth": 1} for line in lines]


