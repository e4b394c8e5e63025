"""The Queen's Necklace's board in the terminal: the Fashion, Gem and Rarity tiles, the market
with each card's price ladder, the players, a sale being prepared or revealed, and the seat's own
hand.

The board is drawn from ``observe(seat)`` only: a seat sees its own hand, the hands a
Confessor or a Forger showed it, and its own presentation while a sale is being prepared;
every other hand and every other presentation stays hidden until the reveal (QN-INFO-1,
QN-SALE-7).  The printed card values (gems, price ladders) come from the game's card data,
which is public knowledge.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich import box
from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from salon.cli.necklace.text import NecklaceText
from salon.necklace.kinds import GEM, KINDS, MERCHANT
from salon.necklace.observation import Observation, Player
from salon.wording.necklace.words import card_class

CROSSED = "✗"
"""The last space of a price ladder: the card leaves the game there (QN-PRICE-1)."""


class NecklaceBoard(NecklaceText):
    """Draws the board of one game of The Queen's Necklace."""

    def board(self, seat: int | None, players: bool = True) -> RenderableType:
        """The whole board; without ``players`` the players' table is left out (the
        full-screen client keeps :meth:`players_table` in view in a pane of its own)."""
        obs = self.game.observe(seat)
        parts: list[RenderableType] = [self._header(obs), self._tiles(obs), self._market(obs)]
        if players:
            parts.append(self._players(obs))
        sale = self._sale(obs, seat)
        if sale is not None:
            parts.append(sale)
        if seat is not None:  # the seat's own situation last, right above its decision
            parts.append(self._private(obs["players"][seat], [t["gem"] for t in obs["fashion"]]))
        spaced: list[RenderableType] = []
        for part in parts:
            spaced += [part, Text("")]
        return Group(*spaced[:-1])

    parts: tuple[str, ...] = ("gems", "market", "players", "sale", "hand")
    """The parts of the board :meth:`region` draws alone (``board market``, a tutorial's step)."""

    def region(self, seat: int | None, point: str) -> RenderableType | None:
        """The part of the board named ``point`` (one of :attr:`parts`: the ``board PART``
        command, a tutorial's step) as ``seat`` sees it; None for another name, and for the sale
        while none is held."""
        obs = self.game.observe(seat)
        me = obs["players"][seat] if seat is not None else None
        parts: dict[str, Callable[[], RenderableType | None]] = {
            "hand": lambda: self._private(me, [t["gem"] for t in obs["fashion"]]) if me is not None else None,
            "market": lambda: self._market(obs),
            "gems": lambda: self._tiles(obs),
            "sale": lambda: self._sale(obs, seat),
            "players": lambda: self._players(obs),
        }
        return parts[point]() if point in parts else None

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

    def _header(self, obs: Observation) -> RenderableType:
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
            out[self.words.data(card_id).kind] += 1
        return ", ".join(self._("card.out", kind=self.kind(k), n=n, total=len(self.ds.of_kind[k]))
                         for k, n in enumerate(out) if n and k not in (GEM, MERCHANT))

    def _tiles(self, obs: Observation) -> RenderableType:
        """The Fashion tiles with the Gem tile under each, and the Rarity tiles of the last sale."""
        table = self._table(self._("board.tiles"))
        for key in ("fashion", "gem", "rarity"):
            table.add_column(self._("board.col_" + key), justify="left" if key == "gem" else "right")
        rarity = obs["last_sale_rarity"] or {}
        for position, tile in enumerate(obs["fashion"], 1):
            gem = tile["gem"]
            table.add_row(f"{position} · +{tile['value']}", self.gem(gem),
                          f"+{rarity[gem]}" if gem in rarity else self.none())
        return Group(table, Text(self._("board.tiles_caption"), style="dim"))

    def ladder(self, ladder: list[int], step: int) -> str:
        """A card's price ladder with the golden ring, in parentheses, on today's price."""
        prices = [f"[bold]({p})[/]" if i == step else str(p) for i, p in enumerate(ladder)]
        return " ".join([*prices, CROSSED])

    def _market(self, obs: Observation) -> RenderableType:
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

    def _players(self, obs: Observation) -> RenderableType:
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

    def players_table(self) -> RenderableType:
        """The players at a glance, one line each (the full-screen client keeps it in view): a
        mark for the seat deciding, the livres, the ducats of the player buying, the cards in
        hand, and the notes (the Necklace, a Merchant's delayed sale).  Headings are whole;
        only the notes give way on a narrow screen."""
        obs = self.public()
        deciding = obs["decision"]["seat"] if obs["decision"] else None
        table = Table(box=None, padding=(0, 1), pad_edge=False, header_style="bold", expand=True)
        table.add_column("", no_wrap=True, width=1)
        table.add_column(self._("board.col_player"), no_wrap=True, overflow="ellipsis")
        for key in ("livres", "ducats", "cards"):
            heading = self._("board.col_" + key)
            table.add_column(heading, justify="right", no_wrap=True, min_width=cell_len(heading))
        table.add_column(self._("board.col_notes"), no_wrap=True, overflow="ellipsis", ratio=1)
        for p in obs["players"]:
            notes = []
            if p["necklace"]:
                notes.append(self._("board.note_necklace"))
            if p["delayed_sales"]:
                notes.append(self._("board.note_delayed"))
            ducats = str(obs["ducats"]) if p["seat"] == obs["active"] and obs["ducats"] is not None else ""
            table.add_row("▶" if p["seat"] == deciding else "", self.player(p["seat"]), str(p["score"]), ducats,
                          str(p["hand_count"]), " · ".join(notes))
        return table

    def _sale(self, obs: Observation, seat: int | None) -> RenderableType | None:
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

    def _private(self, me: Player, fashion: list[str]) -> RenderableType:
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
            c = self.words.data(card_id)
            classes = ("grey", "blue", "purple", "none")
            return (classes.index(card_class(c.kind)), c.kind, position.get(c.gem, 0) * 10 - c.gems, card_id)

        return key
