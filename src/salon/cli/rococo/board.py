"""Rococo's board in the terminal: the halls, the decorations, the jeweler, the design display,
the drawers, the employees, the players and the seat's own situation.

The board is drawn from ``observe(seat)`` only, so a seat never sees another seat's hand,
supply, rack or specialized apprentice; other players' prestige is hidden until the end in the
2013 edition (D-10).  With the Jewelry Box the board gains the jeweler board and each player's
jewels and exam progress; garments of the garment expansions carry their expansion's name and
one-time effect.  In the solo mode Madame du Barry gets a panel of her own instead of a row
among the players (her employee cards are a face-down staff, her cards a hand pile); her
markers on the board carry a tag of her own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich import box
from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from salon.cli.rococo.text import RococoText
from salon.rococo.models import COLOURS
from salon.rococo.observation import Board, Guest, Jewelry, Observation, Player, Solo

LAST_REVEALED = 4
"""How many of Madame du Barry's last revealed cards her panel describes."""


class RococoBoard(RococoText):
    """Draws the board of one Rococo game."""

    def jewels_owned(self, jewel_ids: list[str]) -> str:
        """A player's jewels counted by colour and kind ("2 blue necklaces, 1 pink ring")."""
        jb = self.t.ds.jewelry_box
        assert jb is not None
        counts: dict[tuple[str, str], int] = {}
        for jid in jewel_ids:
            j = jb.jewels[self.t.jewel_index[jid]]
            counts[(j.kind, j.colour)] = counts.get((j.kind, j.colour), 0) + 1
        parts = [self.counted(f"jewel.{kind}s", n, colour=self.colour(colour))
                 for (kind, colour), n in sorted(counts.items(), key=lambda kv: COLOURS.index(kv[0][1]))]
        return ", ".join(parts) or self.none()


    def board(self, seat: int | None, players: bool = True) -> RenderableType:
        """The whole board; without ``players`` the players' table is left out (the
        full-screen client keeps :meth:`players_table` in view in a pane of its own)."""
        obs = self.game.observe(seat)
        b = obs["board"]
        jewelry = obs["jewelry"]
        sections: list[RenderableType] = [self._halls(b), self._decorations(b)]
        if jewelry is not None:
            sections.append(self._jeweler(b, jewelry))
        sections += [self._windows(b), self._drawers(b), self._employees(b)]
        return self._board(obs, seat, sections, players=players)

    def brief(self, seat: int | None) -> RenderableType:
        """The board as the line mode shows it at each decision: where the game stands, the
        players, the seat's own situation, and only the parts of the board that the decision
        is about (the design display and the halls to tailor, the drawers to acquire...);
        ``board`` shows the whole.  Every action offered explains itself in the choices, so
        nothing needed is left out, and a screen reader reads a page rather than a book."""
        obs = self.game.observe(seat)
        b = obs["board"]
        kind = self.game.decision().get("kind", "")
        parts: dict[str, Callable[[], list[RenderableType]]] = {
            "tailor": lambda: [self._windows(b), self._halls(b)],
            "terrace": lambda: [self._halls(b), self._decorations(b)],
            "mdb_remove": lambda: [self._halls(b)],
            "finance": lambda: [self._decorations(b)],
            "acquire": lambda: [self._drawers(b)],
            "hire": lambda: [self._employees(b)],
            "jewel": lambda: [self._jeweler(b, obs["jewelry"])] if obs["jewelry"] is not None else [],
        }
        return self._board(obs, seat, parts[kind]() if kind in parts else [], brief=True)

    parts: tuple[str, ...] = ("halls", "decorations", "designs", "drawers", "employees", "players", "hand", "supply",
                              "madame")
    """The parts of the board :meth:`region` draws alone (``board drawers``, a tutorial's step)."""

    def region(self, seat: int | None, point: str) -> RenderableType | None:
        """The part of the board named ``point`` (one of :attr:`parts`: the ``board PART``
        command, a tutorial's step) as ``seat`` sees it; None for another name, and for a part
        this game has not (Madame du Barry's board in a game without her)."""
        obs = self.game.observe(seat)
        b = obs["board"]
        me = obs["players"][seat] if seat is not None else None
        parts: dict[str, Callable[[], RenderableType | None]] = {
            "supply": lambda: self._private(me) if me is not None else None,
            "hand": lambda: self._private(me) if me is not None else None,
            "drawers": lambda: self._drawers(b),
            "designs": lambda: self._windows(b),
            "halls": lambda: self._halls(b),
            "employees": lambda: self._employees(b),
            "decorations": lambda: self._decorations(b),
            "players": lambda: self._players(obs),
            "madame": lambda: self._madame(obs, obs["solo"]) if obs["solo"] is not None else None,
        }
        return parts[point]() if point in parts else None

    def _board(self, obs: Observation, seat: int | None, sections: list[RenderableType],
               brief: bool = False, players: bool = True) -> RenderableType:
        """The header, ``sections``, the players, and the seat's own situation last, right
        above the decision that follows it."""
        parts: list[RenderableType] = [self._header(obs), *sections]
        if players:
            parts.append(self._players(obs))
        if obs["jewelry"] is not None and not brief:
            parts.append(self._progress(obs))
        if obs["solo"] is not None:
            parts.append(self._madame(obs, obs["solo"]))
        if seat is not None:
            parts.append(self._private(obs["players"][seat]))
        if brief:
            parts.append(Text(self._("ui.brief_board"), style="dim"))
        spaced: list[RenderableType] = []
        for part in parts:
            spaced += [part, Text("")]
        return Group(*spaced[:-1])

    def _table(self, title: str, caption: str | None = None, **options: Any) -> Table:
        """A board section: a bold title, a rule under the column heads, no frame."""
        return Table(title=self._(title), caption=self._(caption) if caption else None, box=box.SIMPLE_HEAD,
                     title_justify="left", title_style="bold", caption_justify="left", pad_edge=False,
                     show_edge=False, **options)

    def _header(self, obs: Observation) -> RenderableType:
        rounds = self.t.ds.rules.rounds
        title = self._("board.title", round=obs["round"], rounds=rounds, phase=self._("phase." + obs["phase"]))
        fav = obs["board"]["favour"]
        favour = self._("board.favour_free") if fav is None else self._("board.favour_held", player=self.player(fav))
        line = [f"[bold]{title}[/]", self._("board.start_player", player=self.player(obs["start_player"])), favour]
        if obs["turn_card"]:
            line.append(self._("board.turn_card", card=self.card(obs["turn_card"])))
        if obs["board"]["making"]:
            line.append(self._("board.making", garment=self.garment(obs["board"]["making"])))
        lines = [" · ".join(line)]
        if obs["expansions"]:
            names = ", ".join(self._("expansion." + x) for x in obs["expansions"])
            extra = [self._("board.expansions", names=names)]
            if obs["festive_waiting"]:
                extra.append(self._("board.festive_waiting", n=obs["festive_waiting"]))
            lines.append(" · ".join(extra))
        return Text.from_markup("\n".join(lines))

    def _players(self, obs: Observation) -> RenderableType:
        """One row per player.  A single space between the columns and a seat's name never
        wrapped: five names like "Player 2 (heuristic)" fit 80 columns whole, the notes wrap."""
        table = self._table("board.players", padding=(0, 0))
        for key in ("player", "livres", "thread", "lace", "vp", "rack", "hand", "supply", "staff"):
            table.add_column(self._("board.col_" + key), justify="left" if key == "player" else "right",
                             no_wrap=key == "player")
        table.add_column(self._("board.col_discard"))
        table.add_column(self._("board.col_notes"))
        for p in obs["players"]:
            if p["seat"] == self.mdb:
                continue
            table.add_row(
                self.player(p["seat"]), str(p["livres"]), str(p["thread"]), str(p["lace"]), self.prestige(p["vp"]),
                str(p["rack_count"]), str(p["hand_count"]), str(p["supply_count"]), str(p["staff_size"]),
                p["discard"][-1] if p["discard"] else self.none(), self._notes(p, obs),
            )
        return table

    def players_table(self) -> RenderableType:
        """The players at a glance, one line each (the full-screen client keeps it in view): a
        mark for the seat deciding, the livres, prestige (or the hidden mark), the goods, the
        resource tiles, the cards in hand and the staff, and the start player's and the
        favour's notes.  Headings are whole; only the notes give way on a narrow screen."""
        obs = self.game.observe(None)
        deciding = obs["decision"].get("seat") if obs["decision"] else None
        table = Table(box=None, padding=(0, 1), pad_edge=False, header_style="bold", expand=True)
        table.add_column("", no_wrap=True, width=1)
        table.add_column(self._("board.col_player"), no_wrap=True, overflow="ellipsis")
        for key in ("livres", "vp", "thread", "lace", "rack", "hand", "staff"):
            heading = self._("board.col_" + key)
            table.add_column(heading, justify="right", no_wrap=True, min_width=cell_len(heading))
        table.add_column(self._("board.col_notes"), no_wrap=True, overflow="ellipsis", ratio=1)
        for p in obs["players"]:
            table.add_row("▶" if p["seat"] == deciding else "", self.player(p["seat"]), str(p["livres"]),
                          self.prestige(p["vp"]), str(p["thread"]), str(p["lace"]), str(p["rack_count"]),
                          str(p["hand_count"]), str(p["staff_size"]), self._notes(p, obs))
        return table

    def _notes(self, p: Player, obs: Observation) -> str:
        """A seat's notes in the players' tables: the start player, the favour, the card in play."""
        notes = []
        if p["seat"] == obs["start_player"]:
            notes.append(self._("board.note_start"))
        if p["seat"] == obs["board"]["favour"]:
            notes.append(self._("board.note_favour"))
        if p["in_play"]:
            notes.append(self._("board.note_in_play", card=p["in_play"]))
        return ", ".join(notes)

    def cards(self, card_ids: list[str]) -> RenderableType:
        """Cards one per row: label, bonus, send-away value (wrapped text stays in its column)."""
        grid = Table.grid(padding=(0, 1), pad_edge=True)
        grid.add_column(no_wrap=True)
        grid.add_column()
        grid.add_column(no_wrap=True, style="dim")
        for c in card_ids:
            value = self.t.cards[self.t.card_index[c]].send_value
            grid.add_row(self.card(c), self.card_bonus(c), self._("employee.sends_for", livres=self.livres(value)))
        if not card_ids:
            grid.add_row(self.empty(), "", "")
        return grid

    def _private(self, me: Player) -> RenderableType:
        # a kept tile only ever counts for its silk (R-PROC-TILE), so its lower part is left out
        tiles = self.t.ds.tiles
        rack = ", ".join(self._("tile.rack", id=x, silk=self.silk(tiles[self.t.tile_index[x]].silk, word=False))
                         for x in me["rack"]) or self.empty()
        bales = me["silk"]
        silk = (bales["blue"], bales["pink"], bales["green"], bales["orange"])
        parts: list[RenderableType] = [
            Text.from_markup(f"[bold]{self._('board.your_hand')}[/]"), self.cards(me["hand"]),
            Text.from_markup(f"[bold]{self._('board.your_supply')}[/]"), self.cards(me["supply"]),
            Text.from_markup(self._("board.your_rack", tiles=rack)),
            Text.from_markup(self._("board.your_silk", silk=self.silk(silk))),
        ]
        specialist = me.get("specialist")
        if specialist:  # only the owner's observation holds it (R-JB-SETUP-5)
            parts.append(Text.from_markup(self._(
                "board.your_specialist", card=self.card(specialist["card"]),
                condition=self._("condition." + specialist["condition"]), bonus=self.card_bonus(specialist["card"]))))
        return Group(*parts)

    def _windows(self, b: Board) -> RenderableType:
        table = self._table("board.windows", "board.dark")
        effects: list[str] = []
        for key in ("window", "cost", "garment", "needs", "sells", "prestige"):
            table.add_column(self._("board.col_" + key), justify="right" if key in ("cost", "sells", "prestige")
                             else "left")
        dark_from = len(b["windows"]) - self.t.ds.board.dark_windows
        for i, w in enumerate(b["windows"]):
            gid = w["garment"]
            name = f"{i + 1}" + ("*" if i >= dark_from else "")
            if gid is None:
                table.add_row(name, str(w["cost"]), self.none(), "", "", "")
                continue
            g = self.t.ds.garments[self.t.garment_index[gid]]
            label = self.garment(gid) + (f" · {self._('garment.thimble')}" if g.thimble else "")
            if g.expansion:
                label += f" · {self._('expansion.' + g.expansion)}"
            if g.effect:
                effects.append(self._("board.effects", garment=gid, notes="; ".join(self.garment_notes(gid))))
            value = str(g.value) if self.sellable(gid) else self.none()
            table.add_row(name, str(w["cost"]), label, self.needs(gid), value, str(g.prestige))
        if effects:
            table.caption = "\n".join([self._("board.dark"), *effects])
        return table

    def _drawers(self, b: Board) -> RenderableType:
        """One column per drawer, headed by the price of a tile taken from it now."""
        table = self._table("board.drawers")
        prices = self.t.ds.board.resource_price
        columns = []
        for i, drawer in enumerate(b["drawers"]):
            tiles = [x for x in drawer if x is not None]
            head = self._("board.drawer", n=i + 1, price=self.price(prices[len(tiles)])) if tiles else \
                self._("board.drawer_empty", n=i + 1)
            table.add_column(head, ratio=1)
            columns.append([self.tile_short(x) for x in tiles] or [self.empty()])
        for row in range(max(len(c) for c in columns)):
            table.add_row(*(c[row] if row < len(c) else "" for c in columns))
        return table

    def _employees(self, b: Board) -> RenderableType:
        cards = [c for c in b["display"] if c is not None]
        price = self.price(self.t.ds.board.hire_price[len(cards)]) if cards else self.none()
        deck = self.counted("unit.cards", b["deck_count"])
        title = Text.from_markup(f"[bold]{self._('board.employees', price=price, deck=deck)}[/]")
        return Group(title, self.cards(cards))

    def owner(self, seat: int | None) -> str:
        """A marker's owner in a board cell, or "free"."""
        return self.tag(seat) if seat is not None else f"[dim]{self._('board.free_space')}[/]"

    def cost_vp(self, cost: int, vp: int) -> str:
        return f"{self._('abbr.livres', n=cost)} {self._('abbr.vp', n=vp)}"

    def _space_token(self, space_id: str, occupant: Guest | None) -> str:
        """A guest space in a hall row: number, master mark, reward, and the garment on it."""
        sp = self.t.ds.board.guest_spaces[self.t.space_index[space_id]]
        parts = [self._("abbr.space", n=space_id.split("s")[-1])]
        if sp.master:
            parts.append(self._("abbr.master"))
        if sp.reward != "none":
            parts.append(self._("abbr.reward_" + sp.reward, n=sp.reward_livres))
        token = " ".join(parts)
        if occupant is None:
            return f"[dim]{token}[/]"
        g = self.t.ds.garments[self.t.garment_index[occupant["garment"]]]
        return " ".join((token, occupant["garment"], self.colour(g.colour), self._("abbr.vp", n=g.prestige),
                         self.tag(occupant["owner"])))

    def _halls(self, b: Board) -> RenderableType:
        table = self._table("board.halls")
        owners = self._("board.owners")
        if self.mdb is not None:
            owners = self._("board.owners_solo", player=self.tag(0), name=self.player(0), madame=self.tag(self.mdb),
                            madame_name=self.player(self.mdb))
        table.caption = self._("board.legend", owners=owners)
        for key in ("hall", "majority", "musician", "spaces"):
            table.add_column(self._("board.col_" + key), ratio=3 if key == "spaces" else None)
        board = self.t.ds.board
        decos = board.decorations
        for h in board.halls:
            mus = decos[h.musician]
            owner = b["decorations"].get(mus.id)
            mus_text = f"{mus.id} {self.cost_vp(mus.cost, mus.vp)} {self.owner(owner)}"
            spaces = [board.guest_spaces[i].id for i in h.spaces]
            tokens = "  ".join(self._space_token(sid, b["guests"].get(sid)) for sid in spaces)
            table.add_row(self.hall(h.number), f"{h.majority[0]} / {h.majority[1]}", mus_text, tokens)
        return table

    def _decorations(self, b: Board) -> RenderableType:
        table = self._table("board.decorations")
        table.add_column(self._("board.col_kind"))
        table.add_column(self._("board.col_deco_spaces"))
        for kind in ("fireworks", "kitchen_left", "kitchen_right", "statue"):
            cells = []
            for d in self.t.ds.board.decorations:
                if d.kind != kind:
                    continue
                cell = f"{d.id} {self.cost_vp(d.cost, d.vp)}"
                if d.multiplier:
                    cell += " " + self.multiplier(d.multiplier)
                cell += " " + self.owner(b["decorations"].get(d.id))
                if d.id in b["terrace"]:
                    cell += " " + self._("board.terrace", garment=self.garment(b["terrace"][d.id]))
                cells.append(cell)
            table.add_row(self.deco_kind(kind), " · ".join(cells))
        ladder = " · ".join(f"{self._('abbr.vp', n=vp)} {self.owner(o)}"
                            for vp, o in zip(self.t.ds.board.all_halls_vp, b["all_halls"]))
        table.add_row(self._("board.all_halls"), ladder)
        return table

    def _jeweler(self, b: Board, jewelry: Jewelry) -> RenderableType:
        """The jeweler board: jewelry display with the price below each space, the jeweler
        decoration spaces with their owners, and how many cards each exam stack holds."""
        table = self._table("board.jeweler", "board.jeweler_caption")
        table.title = self._("board.jeweler", bag=jewelry["bag_count"],
                             removed=self.counted("unit.jewels", len(jewelry["removed"])))
        table.add_column(self._("board.col_part"), no_wrap=True)
        table.add_column(self._("board.col_content"))
        display = " · ".join(
            f"{self._('abbr.livres', n=space['price'])} "
            + (self.jewel(space["jewel"]) if space["jewel"] else f"[dim]{self._('board.empty')}[/]")
            for space in jewelry["display"])
        table.add_row(self._("board.jewelry_display"), display)
        spaces = " · ".join(f"{d.id} {self.cost_vp(d.cost, d.vp)} {self.owner(b['decorations'].get(d.id))}"
                            for d in self.t.ds.board.decorations if d.kind == "jeweler")
        table.add_row(self._("board.jeweler_spaces"), spaces)
        stacks = self._("board.stacks",
                        journeyman=self.counted("unit.cards", jewelry["journeyman_stack_count"]),
                        master=self.counted("unit.cards", jewelry["master_stack_count"]))
        table.add_row(self._("board.exam_stacks"), stacks)
        return table

    def _progress(self, obs: Observation) -> RenderableType:
        """Per player: jewels, the exam worked on and its marked tasks, Master exams passed,
        and whether the specialized apprentice is still to be hired (its card stays secret)."""
        jb = self.t.ds.jewelry_box
        assert jb is not None
        table = self._table("board.progress", "task.legend")
        for key in ("player", "jewels", "exam", "tasks", "master_exams", "specialist"):
            table.add_column(self._("board.col_" + key), justify="right" if key == "master_exams" else "left",
                             no_wrap=key in ("exam", "tasks"))
        for p in obs["players"]:
            if p["seat"] == self.mdb:
                continue
            specialist = self._("board.specialist_held" if p["has_specialist"] else "board.specialist_hired")
            table.add_row(self.player(p["seat"]), self.jewels_owned(p["jewels"]), self.exam(p["exam"]),
                          self.tasks(p), str(p["master_exams"]), specialist)
        return table

    def tasks(self, p: Player) -> str:
        """The task track of the exam a player works on, the marked tasks ticked."""
        jb = self.t.ds.jewelry_box
        assert jb is not None
        track = sorted(jb.master_tasks if p["exam"] == "master" else jb.journeyman_tasks)
        return " ".join(f"[bold]{n}✓[/]" if n in p["tasks"] else f"[dim]{n}[/]" for n in track)

    def prestige(self, vp: int | None) -> str:
        """A player's prestige points, or the hidden mark while the 2013 edition keeps them
        face down (D-10: ``observe`` gives None for another seat until final scoring)."""
        return self._("board.hidden") if vp is None else str(vp)

    def _madame(self, obs: Observation, solo: Solo) -> RenderableType:
        """Madame du Barry's panel (solo mode): her points and goods, her resource tiles (1 VP
        per 2 at the end), her face-down staff, her jewels and exam, her card piles and what
        her last revealed cards showed."""
        me = obs["players"][solo["seat"]]
        notes = []
        if me["seat"] == obs["start_player"]:
            notes.append(self._("board.note_start"))
        if me["seat"] == obs["board"]["favour"]:
            notes.append(self._("board.note_favour"))
        table = Table.grid(padding=(0, 1))
        table.add_column(style="bold", no_wrap=True)
        table.add_column()
        points = self._("solo.points", vp=self.prestige(me["vp"]),
                        goods=self.goods(me["thread"], me["lace"], zero=True),
                        tiles=self.counted("unit.tiles", me["rack_count"]), tile_vp=self.vp(me["rack_count"] // 2),
                        staff=self.counted("unit.cards", me["staff_size"]))
        table.add_row(self._("solo.row_points"), " · ".join([points, *notes]))
        if obs["jewelry"] is not None:
            table.add_row(self._("solo.row_jewels"), self._(
                "solo.jewels", jewels=self.jewels_owned(me["jewels"]), exam=self.exam(me["exam"]),
                tasks=self.tasks(me), master=me["master_exams"]))
        table.add_row(self._("solo.row_cards"), self._(
            "solo.cards", hand=self.counted("unit.cards", solo["hand_count"]),
            supply=self.counted("unit.cards", solo["supply_count"]),
            discard=self.counted("unit.cards", len(solo["discard"]))))
        last = [f"{c}: {self.solo_card(c)}" for c in reversed(solo["discard"][-LAST_REVEALED:])]
        table.add_row(self._("solo.row_revealed"), "\n".join(last) or self.none())
        title = Text.from_markup(f"[bold]{self._('solo.panel', player=self.player(solo['seat']))}[/]")
        return Group(title, table)

    def standing(self) -> RenderableType:
        obs = self.game.observe(None)
        parts = [self._header(obs), self._players(obs)]
        if obs["jewelry"] is not None:
            parts.append(self._progress(obs))
        if obs["solo"] is not None:
            parts.append(self._madame(obs, obs["solo"]))
        return Group(*parts)
