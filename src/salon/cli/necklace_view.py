"""The Queen's Necklace in the terminal: the board, the decisions and the log, in one language.

The board is drawn from ``observe(seat)`` only: a seat sees its own hand, the hands a
Confessor or a Forger showed it, and its own presentation while a sale is being prepared;
every other hand and every other presentation stays hidden until the reveal (QN-INFO-1,
QN-SALE-7).  The printed card values (gems, price ladders) come from the game's card data,
which is public knowledge.  The log tells a jewel sale as the rules suggest presenting it
(QN-SALE-6): the revealed lots column by column, most fashionable gem first, then rarity,
prices and who sells each column.  Every sentence comes from ``salon.i18n`` (the game's own
texts, ``necklace.*``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from salon.cli.support import GameSupport
from salon.core.game import Game
from salon.i18n import count, has, text
from salon.necklace.components import GEM, INFLUENCE, KINDS, MERCHANT, SALE, SPECIAL, Card, DataSet
from salon.necklace.game import Necklace

PLAYER_STYLES = ("bold red", "bold cyan", "bold yellow", "bold green")
GEM_STYLES = {"diamond": "bright_white", "ruby": "red3", "emerald": "green3", "amber": "dark_orange"}
"""The terminal colour of a gem type (a type the table does not know is left plain)."""
CLASS_STYLES = {"grey": "grey70", "blue": "dodger_blue1", "purple": "medium_purple1"}
"""The terminal colour of a card's colour class (QN-COMP-3/4)."""
CROSSED = "✗"
"""The last space of a price ladder: the card leaves the game there (QN-PRICE-1)."""
PREFIX = "necklace."


def _necklace(game: Game) -> Necklace:
    """The view's game as a Necklace game (the plug-in gives the view only Necklace games)."""
    assert isinstance(game, Necklace)
    return game


def rule_fields(game: Game, lang: str) -> dict[str, str]:
    """The numbers of the rules every text of the game may use (``{courtesan_ducats}`` ...),
    read from the game's data so that a corrected data set corrects the texts too."""
    r = _necklace(game).data.rules
    return {"courtesan_ducats": str(r.courtesan_ducats), "banker_bonus": str(r.banker_bonus),
            "necklace_bounty": str(r.necklace_bounty), "sales_total": str(r.sales), "base_ducats": str(r.ducats),
            "musketeers": str(r.musketeers_for_necklace)}


def card_class(kind: int) -> str:
    """The colour class of a card kind: grey sale cards, blue influence, purple special."""
    if kind in SALE:
        return "grey"
    if kind in INFLUENCE:
        return "blue"
    return "purple" if kind in SPECIAL else "none"


class NecklaceView:
    """Renders one game of The Queen's Necklace; ``labels`` names the seats."""

    def __init__(self, game: Game, lang: str, labels: list[str]) -> None:
        self.game = game
        self.ds: DataSet = _necklace(game).data
        self.lang = lang
        self.labels = labels
        self.fields = rule_fields(game, lang)

    # --- small phrases

    def _(self, key: str, **fields: Any) -> str:
        return text(PREFIX + key, self.lang, **{**self.fields, **fields})

    def has(self, key: str) -> bool:
        return has(PREFIX + key, self.lang)

    def counted(self, key: str, n: int, **fields: Any) -> str:
        return count(PREFIX + key, n, self.lang, **{**self.fields, **fields})

    def livres(self, n: int) -> str:
        return count("unit.livres", n, self.lang)

    def ducats(self, n: int) -> str:
        return self.counted("unit.ducats", n)

    def cards_count(self, n: int) -> str:
        return count("unit.cards", n, self.lang)

    def player(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(self.labels):
            return text("unit.none", self.lang)
        return f"[{PLAYER_STYLES[seat % len(PLAYER_STYLES)]}]{escape(self.labels[seat])}[/]"

    def gem(self, name: str) -> str:
        word = self._("gem." + name)
        style = GEM_STYLES.get(name)
        return f"[{style}]{word}[/]" if style else word

    def some_gem(self, name: str | None) -> str:
        """A gem's name, or nothing where a decision or an event names none."""
        return "" if name is None else self.gem(name)

    def gems(self, name: str, n: int) -> str:
        """A number of gems of one type ("2 rubies")."""
        words = self.counted("gems." + name, n)
        style = GEM_STYLES.get(name)
        return f"[{style}]{words}[/]" if style else words

    def data(self, card_id: str) -> Card:
        """The card a view names, by its own id or by its public name (the same face)."""
        return self.ds.named(card_id)

    def own(self, card_id: str) -> bool:
        """Whether a view names this card by its own id (the market, the seat's own cards);
        else it names one of identical copies by its kind, which the board prints without an
        id (QN-INFO-1)."""
        return card_id in self.ds.card_index

    def kind(self, kind: int) -> str:
        return self._("kind." + KINDS[kind])

    def card(self, card_id: str | None) -> str:
        """A card by id and what it is: "C012 2 diamonds", "C061 Ring"; a card named by its
        kind only what it is: "2 diamonds", "Ring"."""
        if card_id is None:
            return text("unit.none", self.lang)
        c = self.data(card_id)
        if c.kind == GEM:
            gems = self.gems(self.ds.gem_names[c.gem], c.gems)
            return self._("card.gem", id=card_id, gems=gems) if self.own(card_id) else gems
        style = CLASS_STYLES.get(card_class(c.kind))
        name = f"[{style}]{self.kind(c.kind)}[/]" if style else self.kind(c.kind)
        return self._("card.label", id=card_id, name=name) if self.own(card_id) else name

    def cards(self, card_ids: list[str]) -> str:
        return ", ".join(self.card(c) for c in card_ids) or self._("board.nothing")

    def effect(self, card_id: str) -> str:
        """What a card does; nothing for a gem card, whose worth the Fashion and Rarity tiles tell."""
        c = self.data(card_id)
        return "" if c.kind == GEM else self._("effect." + c.kind_name)

    def lot_gems(self, card_ids: list[str]) -> int:
        """The gems on the gem cards of a lot (QN-RAR-1)."""
        return sum(c.gems for c in map(self.data, card_ids) if c.kind == GEM)

    def lot_cards(self, card_ids: list[str]) -> str:
        """The cards of a lot whose gems are counted already: the gem cards by their gems, the
        Rings, Kings and the Necklace by name ("2 + 1 + Ring")."""
        gems = " + ".join(str(self.data(c).gems) for c in card_ids if self.data(c).kind == GEM)
        extras = [self.card(c) for c in card_ids if self.data(c).kind != GEM]
        return " + ".join([gems, *extras] if gems else extras)

    def lots(self, lots: dict[str, list[str]], bankers: list[str]) -> str:
        """A presentation in one line: each lot by gem type, then the Bankers."""
        parts = [f"{self.gem(g)}: {' + '.join(self.card(c) for c in ids)}" for g, ids in lots.items()]
        parts += [self.card(c) for c in bankers]
        return "; ".join(parts) or self._("board.nothing")

    def fashion_order(self, gems: list[str]) -> str:
        return ", ".join(self.gem(g) for g in gems)

    def public(self) -> dict[str, Any]:
        return self.game.observe(None)

    # --- the board

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
        return str(value)

    def board(self, seat: int | None) -> RenderableType:
        obs = self.game.observe(seat)
        parts: list[RenderableType] = [self._header(obs), self._tiles(obs), self._market(obs), self._players(obs)]
        sale = self._sale(obs, seat)
        if sale is not None:
            parts.append(sale)
        if seat is not None:  # the seat's own situation last, right above its decision
            parts.append(self._private(obs["players"][seat], [t["gem"] for t in obs["fashion"]]))
        spaced: list[RenderableType] = []
        for part in parts:
            spaced += [part, Text("")]
        return Group(*spaced[:-1])

    def brief(self, seat: int | None) -> RenderableType:
        """The whole board: it fits a screen."""
        return self.board(seat)

    def standing(self) -> RenderableType:
        obs = self.public()
        return Group(self._header(obs), self._tiles(obs), self._players(obs))

    def _table(self, title: str, caption: str | None = None, **options: Any) -> Table:
        """A board section: a bold title, a rule under the column heads, no frame."""
        return Table(title=title, caption=caption, box=box.SIMPLE_HEAD, title_justify="left", title_style="bold",
                     caption_justify="left", pad_edge=False, show_edge=False, **options)

    def _header(self, obs: dict[str, Any]) -> RenderableType:
        if obs["over"]:
            title = self._("board.title_over", turn=obs["turn"])
        else:
            title = self._("board.title", turn=obs["turn"], player=self.player(obs["active"]),
                           phase=self._("phase." + obs["phase"]))
        lines = [f"[bold]{title}[/]"]
        lines.append(" · ".join([
            self._("board.sales", sales=obs["sales"]),
            self._("board.pile", cards=self.cards_count(obs["pile_count"])),
            self._("board.out", cards=self.cards_count(len(obs["discard"]))),
        ]))
        second = []
        if obs["ducats"] is not None:
            second.append(self._("board.ducats", ducats=self.ducats(obs["ducats"]),
                                 bought=self.cards_count(obs["bought"])))
        holder = next((p["seat"] for p in obs["players"] if p["necklace"]), None)
        second.append(self._("board.necklace_none") if holder is None
                      else self._("board.necklace_worn", player=self.player(holder)))
        lines.append(" · ".join(second))
        gone = self._gone(obs["discard"])
        if gone:
            lines.append(self._("board.characters_out", kinds=gone))
        return Text.from_markup("\n".join(lines))

    def _gone(self, discard: list[str]) -> str:
        """How many cards of each kind but the gems have left the game ("Queen 1 of 1"): it
        tells which reactions can still come."""
        out = [0] * len(KINDS)
        for card_id in discard:
            out[self.data(card_id).kind] += 1
        return ", ".join(self._("card.out", kind=self.kind(k), n=n, total=len(self.ds.of_kind[k]))
                         for k, n in enumerate(out) if n and k not in (GEM, MERCHANT))

    def _tiles(self, obs: dict[str, Any]) -> RenderableType:
        """The Fashion tiles with the Gem tile under each, and the Rarity tiles of the last sale."""
        table = self._table(self._("board.tiles"))
        for key in ("fashion", "gem", "rarity"):
            table.add_column(self._("board.col_" + key), justify="left" if key == "gem" else "right")
        rarity = obs["last_sale_rarity"] or {}
        for position, tile in enumerate(obs["fashion"], 1):
            gem = tile["gem"]
            table.add_row(f"{position} · +{tile['value']}", self.gem(gem),
                          f"+{rarity[gem]}" if gem in rarity else text("unit.none", self.lang))
        return Group(table, Text(self._("board.tiles_caption"), style="dim"))

    def ladder(self, ladder: list[int], step: int) -> str:
        """A card's price ladder with the golden ring, in parentheses, on today's price."""
        prices = [f"[bold]({p})[/]" if i == step else str(p) for i, p in enumerate(ladder)]
        return " ".join([*prices, CROSSED])

    def _market(self, obs: dict[str, Any]) -> RenderableType:
        table = self._table(self._("board.market"), self._("board.market_caption"))
        for key in ("slot", "card", "price", "ladder", "effect"):
            table.add_column(self._("board.col_" + key), justify="right" if key in ("slot", "price") else "left",
                             no_wrap=key != "effect")
        for slot, entry in enumerate(obs["market"], 1):
            if entry is None:
                table.add_row(str(slot), f"[dim]{self._('board.empty_slot')}[/]", "", "", "")
                continue
            card_id = entry["card"]["id"]
            table.add_row(str(slot), self.card(card_id), str(entry["price"]),
                          self.ladder(entry["ladder"], entry["step"]), f"[dim]{self.effect(card_id)}[/]")
        return table

    def _players(self, obs: dict[str, Any]) -> RenderableType:
        table = self._table(self._("board.players"))
        for key in ("player", "livres", "cards", "notes"):
            table.add_column(self._("board.col_" + key), justify="right" if key in ("livres", "cards") else "left")
        for p in obs["players"]:
            notes = []
            if p["seat"] == obs["active"] and not obs["over"]:
                notes.append(self._("board.note_active"))
            if p["necklace"]:
                notes.append(self._("board.note_necklace"))
            if p["delayed_sales"]:
                notes.append(self._("board.note_delayed"))
            table.add_row(self.player(p["seat"]), str(p["score"]), str(p["hand_count"]), " · ".join(notes))
        return table

    def _sale(self, obs: dict[str, Any], seat: int | None) -> RenderableType | None:
        """During a sale: every presentation once revealed (QN-SALE-5, one column per gem type,
        most fashionable first); before, only the seat's own presentation so far."""
        if obs["phase"] != "sale":
            return None
        number = obs["sales"] + 1
        players = obs["players"]
        if any("presented" in p for p in players):
            gems = [t["gem"] for t in obs["fashion"]]
            table = self._table(self._("board.presented", sale=number))
            table.add_column(self._("board.col_player"))
            for g in gems:
                table.add_column(self.gem(g))
            table.add_column(self._("board.col_bankers"))
            for p in players:
                shown = p["presented"]
                cells = [self._lot_cell(shown["lots"].get(g, [])) for g in gems]
                table.add_row(self.player(p["seat"]), *cells, "\n".join(self.card(c) for c in shown["bankers"]))
            return table
        if seat is None or "presenting" not in players[seat]:
            return None
        mine = players[seat]["presenting"]
        title = self._("board.presenting", sale=number)
        return Text.from_markup(f"[bold]{title}[/]\n{self.lots(mine['lots'], mine['bankers'])}")

    def _lot_cell(self, card_ids: list[str]) -> str:
        return "\n".join(self.card(c) for c in card_ids)

    def _private(self, me: dict[str, Any], fashion: list[str]) -> RenderableType:
        """The seat's hand, grey sale cards first (gems in fashion order), with what each card
        does; then the hands a Confessor or a Forger showed it."""
        position = {self.ds.gem_names.index(g): i for i, g in enumerate(fashion)}
        hand = sorted((c["id"] for c in me["hand"]), key=self._hand_order(position))
        grid = Table.grid(padding=(0, 2), pad_edge=True)
        grid.add_column(no_wrap=True)
        grid.add_column(style="dim")
        for card_id in hand:
            grid.add_row(self.card(card_id), self.effect(card_id))
        if not hand:
            grid.add_row(self._("board.nothing"), "")
        parts: list[RenderableType] = [
            Text.from_markup(f"[bold]{self._('board.your_hand', cards=self.cards_count(len(hand)))}[/]"), grid]
        if me["seen"]:
            seen = [f"  {self.player(int(t))}: {self.cards(ids)}" for t, ids in sorted(me["seen"].items())]
            parts.append(Text.from_markup("\n".join([f"[bold]{self._('board.seen')}[/]", *seen])))
        return Group(*parts)

    def _hand_order(self, position: dict[int, int]) -> Callable[[str], tuple[int, int, int, str]]:
        """Sale cards first, then influence, then special cards; gems in fashion order, the
        biggest first."""

        def key(card_id: str) -> tuple[int, int, int, str]:
            c = self.data(card_id)
            classes = ("grey", "blue", "purple", "none")
            return (classes.index(card_class(c.kind)), c.kind, position.get(c.gem, 0) * 10 - c.gems, card_id)

        return key

    # --- decisions

    def prompt(self, decision: dict[str, Any]) -> str:
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

    def _explain_play(self, args: list[str], d: dict[str, Any]) -> str:
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

    def _explain_done(self, kind: str, d: dict[str, Any]) -> str:
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

    def _explain_buy(self, card_id: str, d: dict[str, Any]) -> str:
        price = next(e["price"] for e in self.public()["market"] if e is not None and e["card"]["id"] == card_id)
        key = "action.buy_astrologer" if self.data(card_id).kind_name == "astrologer" else "action.buy"
        return self._(key, card=self.card(card_id), price=self.ducats(price),
                      left=self.ducats(d.get("ducats", 0) - price))

    def _explain_present(self, args: list[str], d: dict[str, Any]) -> str:
        card_id = args[0]
        c = self.data(card_id)
        if len(args) > 1:  # a Ring, King or the Necklace on a gem type's lot (QN-SALE-3)
            return self._("action.present_" + c.kind_name, card=self.card(card_id), gem=self.gem(args[1]))
        if c.kind != GEM:
            return self._("action.present_banker", card=self.card(card_id))
        gem = self.ds.gem_names[c.gem]
        total = self.lot_gems(d.get("lots", {}).get(gem, [])) + c.gems
        return self._("action.present_gem", card=self.card(card_id), gem=self.gem(gem), total=self.gems(gem, total))

    # --- events

    def event(self, view: dict[str, Any]) -> str | None:
        return self._event(view, {})

    def _event(self, view: dict[str, Any], extra: dict[str, Any]) -> str | None:
        """One event in words; ``extra`` carries what only the surrounding events tell (the
        score after a payment, the number of the sale being revealed)."""
        kind = view["type"]
        seat = view.get("seat")
        f: dict[str, Any] = {"player": self.player(seat), **extra}
        key = "event." + kind
        if kind == "setup":
            f.update(players=len(self.labels), fashion=self.fashion_order(view["fashion"]),
                     player=self.player(view["first"]))
        elif kind == "turn":
            f["number"] = view["number"]
        elif kind == "played":
            key = f"event.played_{view['kind']}"
            f.update(target=self.player(view.get("target")), gem=self.some_gem(view.get("gem")),
                     ducats=self.ducats(view.get("ducats", 0)), fashion=self.fashion_order(view.get("fashion", [])))
        elif kind == "hand_shown":
            f.update(target=self.player(view["target"]), why=self._("why." + view["why"]))
            if "cards" in view:
                f["cards"] = self.cards(view["cards"])
            else:
                key = "event.hand_shown_hidden"
        elif kind in ("stolen", "robbed"):
            f.update(victim=self.player(view.get("victim")), thief=self.player(view.get("thief")))
            if "card" in view:
                f["card"] = self.card(view["card"])
            elif kind == "robbed":  # the thief's "stolen" line tells it already
                return None
            else:
                key = "event.stolen_hidden"
        elif kind == "thief_caught":
            f.update(card=self.card(view["card"]), thief=self.player(view["thief"]))
        elif kind in ("forged", "astrologer_again", "bought", "queen", "cardinal"):
            f.update(card=self.card(view["card"]), price=self.ducats(view.get("price", 0)))
        elif kind == "forger_cancelled":
            f["forger"] = self.player(view["forger"])
        elif kind == "purchase_end":
            key = "event.purchase_end" if view["bought"] else "event.purchase_end_none"
            f.update(bought=self.cards_count(view["bought"]), lost=self.ducats(view["lost"]))
        elif kind == "astrologer_draw":
            if "card" not in view:
                key = "event.astrologer_draw_hidden"
            elif view["card"] is None:
                key = "event.astrologer_draw_empty"
            else:
                f["card"] = self.card(view["card"])
        elif kind == "devalued":
            key = "event.devalued_gone" if view["discarded"] else "event.devalued"
            f.update(n=self.cards_count(len(view["lowered"]) + len(view["discarded"])),
                     cards=self.cards(view["discarded"]))
        elif kind == "drawn":
            f.update(card=self.card(view["card"]), price=self.ducats(self.data(view["card"]).ladder[0]),
                     slot=view["slot"] + 1)
        elif kind == "merchant":
            key = "event.merchant_astrologer" if view["origin"] == "astrologer" else "event.merchant"
        elif kind == "sale":
            f["number"] = view["number"]
        elif kind == "alchemist":
            f.update(card=self.card(view["card"]), before=self.gem(view["before"]), after=self.gem(view["after"]))
        elif kind == "livres":
            amount = view["amount"]
            key = "event.livres_gain" if amount >= 0 else "event.livres_pay"
            f.update(amount=self.livres(abs(amount)), score=self.livres(extra.get("score", 0)))
        elif kind == "sale_result":
            f["number"] = view["number"]
        elif kind == "reveal":  # alone, the sale still open; log() reads the number from its result
            f["number"] = extra.get("number", self.public()["sales"] + 1)
        elif kind == "necklace":
            key = f"event.necklace_{view['how']}"
            f["previous"] = self.player(view.get("previous"))
        if not self.has(key):
            data = {k: v for k, v in view.items() if k not in ("type", "seat")}
            return self._("event.other", type=kind, data=escape(str(data)))
        return self._(key, **f)

    def log(self, views: list[dict[str, Any]]) -> list[str]:
        """The log lines of one action's events.  A sale reads as the rules suggest revealing
        it: the lots column by column, most fashionable gem first (QN-SALE-6); then rarity,
        price and sellers of every column, and only then what each player earned."""
        scores = [p["score"] for p in self.public()["players"]]
        for v in views:  # the scores before the action, so that each payment tells the new total
            if v["type"] == "livres":
                scores[v["seat"]] -= v["amount"]
        out: list[str] = []
        payments: list[str] = []
        for i, v in enumerate(views):
            kind = v["type"]
            result = next((w for w in views[i:] if w["type"] == "sale_result"), None)
            if kind == "livres":
                scores[v["seat"]] += v["amount"]
                paid = self._event(v, {"score": scores[v["seat"]]}) or ""
                # a sale's payments are told after its result
                (payments if result is not None else out).append(paid)
            elif kind == "reveal":
                # the sale still open, unless its result came with the same action
                number = result["number"] if result is not None else self.public()["sales"] + 1
                out += [self._event(v, {"number": number}) or "", *self._reveal(v)]
            elif kind == "sale_result":
                out += [self._event(v, {}) or "", *self._result(v), *payments]
                payments = []
            else:
                line = self.event(v)
                if line:
                    out.append(line)
        return out

    def _fashion(self) -> list[tuple[str, int]]:
        return [(t["gem"], t["value"]) for t in self.public()["fashion"]]

    def _reveal(self, view: dict[str, Any]) -> list[str]:
        """One line per gem column with every player's lot in it, then the Bankers."""
        shown = view["presented"]
        lines = []
        for gem, value in self._fashion():
            lots = [self._("sale.lot", player=self.player(seat), gems=self.gems(gem, self.lot_gems(p["lots"][gem])),
                           cards=self.lot_cards(p["lots"][gem]))
                    for seat, p in enumerate(shown) if gem in p["lots"]]
            lines.append("  " + self._("sale.column", gem=self.gem(gem), fashion=value,
                                       lots=" · ".join(lots) or self._("sale.nobody")))
        bankers = [self._("sale.banker_lot", player=self.player(seat), cards=self.cards(p["bankers"]))
                   for seat, p in enumerate(shown) if p["bankers"]]
        if bankers:
            lines.append("  " + self._("sale.bankers", lots=" · ".join(bankers)))
        return lines

    def _result(self, view: dict[str, Any]) -> list[str]:
        """Per gem column, most fashionable first: gems in all, rarity, price, and who sells
        (QN-RAR, QN-SELL); then the Necklace bounty if Kings met the Necklace."""
        lines = []
        income = view["income"]
        for gem, _ in self._fashion():
            sellers = view["sellers"][gem]
            if gem in view["cancelled"]:
                outcome = self._("sale.cancelled")
            elif not sellers:
                outcome = self._("sale.nobody_sells")
            else:
                outcome = ", ".join(self._("sale.seller", player=self.player(s),
                                           livres=self.livres(income[s].get(gem, 0))) for s in sellers)
            lines.append("  " + self._("sale.result", gem=self.gem(gem),
                                       gems=self.counted("unit.gems", view["gems"][gem]), rarity=view["rarity"][gem],
                                       price=self.livres(view["prices"][gem]), outcome=outcome))
        changes = [self._("sale.change", player=self.player(s), amount=f"{b:+d}")
                   for s, b in enumerate(view["bounty"]) if b]
        if changes:
            lines.append("  " + self._("sale.bounty", changes=", ".join(changes)))
        return lines


def _steps(game: Game) -> tuple[str, ...]:
    """The breakdown of a result: the livres of each sale in order, then the Necklace
    bounties (QN-NECKLACE-3)."""
    sales = _necklace(game).data.rules.sales
    return (*(f"sale{n}" for n in range(1, sales + 1)), "bounty")


def _tie_rule(game: Game) -> str | None:
    """QN-END-3: no tie-break, tied leaders share the win.  Told of the rules (a report on many
    games) and of a finished game whose leaders tie; a game with one winner has no tie to tell."""
    if game.is_over() and len(game.result().winners) == 1:
        return None
    return PREFIX + "ui.tie_rule"


SUPPORT = GameSupport(view=NecklaceView, score_steps=_steps, tie_rule=_tie_rule, text_fields=rule_fields,
                      money_left=False, score_unit="unit.livres")
