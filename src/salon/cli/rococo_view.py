"""Rococo in the terminal: the board, the decisions and the log, in one language.

The board is drawn from ``observe(seat)`` only, so a seat never sees another seat's hand,
supply, rack or specialized apprentice.  The printed component values (a tile's silk, a
garment's needs, a space's reward, a jewel's colour) come from the game's component tables,
which are public knowledge.  Every sentence comes from ``salon.i18n``.  With the Jewelry Box
the board gains the jeweler board and each player's jewels and exam progress; garments of
the garment expansions carry their expansion's name and one-time effect.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from salon.cli.support import GameSupport
from salon.core.events import Event
from salon.core.game import Game
from salon.i18n import count, has, text
from salon.rococo import invariants
from salon.rococo.components import COLOURS
from salon.rococo.rules.scoring import STEPS
from salon.rococo.rules.tailor import sellable
from salon.rococo.rules.turn import ALLOWED, BASE_ACTIONS, MAIN_ACTIONS
from salon.rococo.tables import Tables

PLAYER_STYLES = ("bold red", "bold cyan", "bold yellow", "bold green", "bold magenta")
SILK_STYLES = {"blue": "dodger_blue1", "pink": "hot_pink", "green": "green3", "orange": "dark_orange"}
ROMAN = ("", "I", "II", "III", "IV", "V", "VI")


class RococoView:
    """Renders one Rococo game; ``labels`` names the seats (e.g. "Player 2 (random)")."""

    def __init__(self, game: Game, lang: str, labels: list[str]) -> None:
        self.game = game
        self.t: Tables = game.s.t  # type: ignore[attr-defined]
        self.lang = lang
        self.labels = labels

    # --- small phrases

    def _(self, key: str, **fields: Any) -> str:
        return text(key, self.lang, **fields)

    def livres(self, n: int) -> str:
        return count("unit.livres", n, self.lang)

    def price(self, n: int) -> str:
        return self.livres(n) if n else self._("unit.free")

    def vp(self, n: int) -> str:
        return count("unit.vp", n, self.lang)

    def player(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(self.labels):
            return self._("unit.none")
        return f"[{PLAYER_STYLES[seat % len(PLAYER_STYLES)]}]{escape(self.labels[seat])}[/]"

    def tag(self, seat: int) -> str:
        """The short name of a seat for crowded board cells ("P2")."""
        return f"[{PLAYER_STYLES[seat % len(PLAYER_STYLES)]}]P{seat + 1}[/]"

    def colour(self, name: str) -> str:
        return f"[{SILK_STYLES[name]}]{self._('colour.' + name)}[/]"

    def silk(self, vector: tuple[int, ...] | list[int], word: bool = True) -> str:
        """Silk bales by colour ("1 blue + 2 green silk"; without the word "silk" in tight spots)."""
        parts = [self._("garment.silk", n=n, colour=self.colour(c)) for c, n in zip(COLOURS, vector) if n]
        if not parts:
            return self._("garment.no_silk")
        bales = " + ".join(parts)
        return self._("garment.silk_list", bales=bales) if word else bales

    def lower(self, lower: str) -> str:
        key = {"": "none", "thread": "thread", "lace": "lace", "thread/lace": "either", "thread+lace": "both"}
        return self._("tile.lower_" + key.get(lower, "none"))

    def tile(self, tile_id: str | None) -> str:
        if tile_id is None:
            return self._("unit.none")
        t = self.t.ds.tiles[self.t.tile_index[tile_id]]
        return self._("tile.label", id=tile_id, silk=self.silk(t.silk), lower=self.lower(t.lower))

    def tile_short(self, tile_id: str) -> str:
        t = self.t.ds.tiles[self.t.tile_index[tile_id]]
        return self._("tile.short", id=tile_id, silk=self.silk(t.silk, word=False), lower=self.lower(t.lower))

    def garment(self, garment_id: str | None) -> str:
        if garment_id is None:
            return self._("unit.none")
        g = self.t.ds.garments[self.t.garment_index[garment_id]]
        kind = self._("garment.dress" if g.is_dress else "garment.coat")
        return self._("garment.label", id=garment_id, colour=self.colour(g.colour), kind=kind)

    def garment_notes(self, garment_id: str) -> list[str]:
        """What sets an expansion garment apart: its expansion, its one-time effect, and
        whether it can be sold (R-FEST-3, R-EXQ-3)."""
        g = self.t.ds.garments[self.t.garment_index[garment_id]]
        if not g.expansion:
            return []
        name = self._("expansion." + g.expansion)
        if not g.effect:
            return [name]
        effect = self._("effect." + g.effect, **(self.t.ds.garment_params or {}))
        notes = [self._("garment.expansion_note", expansion=name, effect=effect)]
        if not self.sellable(garment_id):
            notes.append(self._("garment.never_sold" if g.expansion == "festive" else "garment.rent_only"))
        return notes

    def sellable(self, garment_id: str) -> bool:
        """R-FEST-3, R-EXQ-3, asked of the rules themselves."""
        return sellable(self.game.s, self.t.garment_index[garment_id])  # type: ignore[attr-defined]

    def needs(self, garment_id: str, silk: tuple[int, ...] | None = None) -> str:
        g = self.t.ds.garments[self.t.garment_index[garment_id]]
        parts = [self.silk(silk if silk is not None else g.silk)] if any(silk or g.silk) else []
        if g.thread:
            parts.append(count("unit.thread", g.thread, self.lang))
        if g.lace:
            parts.append(count("unit.lace", g.lace, self.lang))
        return ", ".join(parts) or self._("unit.none")

    def card(self, card_id: str | None) -> str:
        if card_id is None:
            return self._("unit.none")
        c = self.t.cards[self.t.card_index[card_id]]
        if c.group == "specialist":
            return self._("employee.specialized", id=card_id)
        level = ROMAN[c.level] if c.level else self._("employee.start")
        return self._("employee.label", id=card_id, type=self._("employee." + c.type), level=level)

    def card_bonus(self, card_id: str) -> str:
        return self._("bonus." + self.t.cards[self.t.card_index[card_id]].bonus)

    def space(self, space_id: str) -> str:
        sp = self.t.ds.board.guest_spaces[self.t.space_index[space_id]]
        return self._("space.guest", hall=sp.hall, n=space_id.split("s")[-1])

    def reward(self, space_id: str) -> str:
        sp = self.t.ds.board.guest_spaces[self.t.space_index[space_id]]
        if sp.reward == "livres":
            return self._("space.reward_livres", livres=self.livres(sp.reward_livres))
        return self._("space.reward_" + sp.reward)

    def deco(self, deco_id: str) -> str:
        d = self.t.ds.board.decorations[self.t.deco_index[deco_id]]
        if d.kind == "musician":
            return self._("deco.musician_of", hall=d.hall, id=deco_id)
        label = self._("deco.label", kind=self._("deco." + d.kind), id=deco_id)
        if d.multiplier:
            label += " " + self._("deco.multiplier", m=d.multiplier)
        return label

    def jewel(self, jewel_id: str) -> str:
        jb = self.t.ds.jewelry_box
        assert jb is not None
        j = jb.jewels[self.t.jewel_index[jewel_id]]
        return self._("jewel.label", id=jewel_id, colour=self.colour(j.colour), kind=self._("jewel." + j.kind))

    def jewels_owned(self, jewel_ids: list[str]) -> str:
        """A player's jewels counted by colour and kind ("2 blue necklaces, 1 pink ring")."""
        jb = self.t.ds.jewelry_box
        assert jb is not None
        counts: dict[tuple[str, str], int] = {}
        for jid in jewel_ids:
            j = jb.jewels[self.t.jewel_index[jid]]
            counts[(j.kind, j.colour)] = counts.get((j.kind, j.colour), 0) + 1
        parts = [count(f"jewel.{kind}s", n, self.lang, colour=self.colour(colour))
                 for (kind, colour), n in sorted(counts.items(), key=lambda kv: COLOURS.index(kv[0][1]))]
        return ", ".join(parts) or self._("unit.none")

    def task(self, name: str) -> str:
        return self._("task." + name.lower())

    def goods(self, thread: int, lace: int) -> str:
        parts = []
        if thread:
            parts.append(count("unit.thread", abs(thread), self.lang))
        if lace:
            parts.append(count("unit.lace", abs(lace), self.lang))
        return " + ".join(parts)

    def why(self, why: str) -> str:
        key = "why." + why
        if has(key, self.lang):
            return self._(key)
        return self._("why.garment_effect" if has("effect." + why, self.lang) else "why.other")

    # --- the board

    def board(self, seat: int | None) -> RenderableType:
        obs = self.game.observe(seat)
        b = obs["board"]
        jewelry = obs["jewelry"]
        # the seat's own situation comes last, right above the decision that follows it
        parts: list[RenderableType] = [self._header(obs), self._halls(b), self._decorations(b)]
        if jewelry is not None:
            parts.append(self._jeweler(b, jewelry))
        parts += [self._windows(b), self._drawers(b), self._employees(b), self._players(obs)]
        if jewelry is not None:
            parts.append(self._progress(obs))
        if seat is not None:
            parts.append(self._private(obs["players"][seat]))
        spaced: list[RenderableType] = []
        for part in parts:
            spaced += [part, Text("")]
        return Group(*spaced[:-1])

    def _table(self, title: str, caption: str | None = None, **options: Any) -> Table:
        """A board section: a bold title, a rule under the column heads, no frame."""
        return Table(title=self._(title), caption=self._(caption) if caption else None, box=box.SIMPLE_HEAD,
                     title_justify="left", title_style="bold", caption_justify="left", pad_edge=False,
                     show_edge=False, **options)

    def _header(self, obs: dict[str, Any]) -> RenderableType:
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

    def _players(self, obs: dict[str, Any]) -> RenderableType:
        table = self._table("board.players", collapse_padding=True)
        for key in ("player", "livres", "thread", "lace", "vp", "rack", "hand", "supply", "staff"):
            table.add_column(self._("board.col_" + key), justify="left" if key == "player" else "right",
                             min_width=10 if key == "player" else None)
        table.add_column(self._("board.col_discard"))
        table.add_column(self._("board.col_notes"))
        for p in obs["players"]:
            notes = []
            if p["seat"] == obs["start_player"]:
                notes.append(self._("board.note_start"))
            if p["seat"] == obs["board"]["favour"]:
                notes.append(self._("board.note_favour"))
            if p["in_play"]:
                notes.append(self._("board.note_in_play", card=p["in_play"]))
            table.add_row(
                self.player(p["seat"]), str(p["livres"]), str(p["thread"]), str(p["lace"]), str(p["vp"]),
                str(p["rack_count"]), str(p["hand_count"]), str(p["supply_count"]), str(p["staff_size"]),
                p["discard"][-1] if p["discard"] else self._("unit.none"), ", ".join(notes),
            )
        return table

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
            grid.add_row(self._("board.empty"), "", "")
        return grid

    def _private(self, me: dict[str, Any]) -> RenderableType:
        # a kept tile only ever counts for its silk (R-PROC-TILE), so its lower part is left out
        tiles = self.t.ds.tiles
        rack = ", ".join(self._("tile.rack", id=x, silk=self.silk(tiles[self.t.tile_index[x]].silk, word=False))
                         for x in me["rack"]) or self._("board.empty")
        silk = tuple(me["silk"][c] for c in COLOURS)
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

    def _windows(self, b: dict[str, Any]) -> RenderableType:
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
                table.add_row(name, str(w["cost"]), self._("unit.none"), "", "", "")
                continue
            g = self.t.ds.garments[self.t.garment_index[gid]]
            label = self.garment(gid) + (f" · {self._('garment.thimble')}" if g.thimble else "")
            if g.expansion:
                label += f" · {self._('expansion.' + g.expansion)}"
            if g.effect:
                effects.append(self._("board.effects", garment=gid, notes="; ".join(self.garment_notes(gid))))
            value = str(g.value) if self.sellable(gid) else self._("unit.none")
            table.add_row(name, str(w["cost"]), label, self.needs(gid), value, str(g.prestige))
        if effects:
            table.caption = "\n".join([self._("board.dark"), *effects])
        return table

    def _drawers(self, b: dict[str, Any]) -> RenderableType:
        """One column per drawer, headed by the price of a tile taken from it now."""
        table = self._table("board.drawers")
        prices = self.t.ds.board.resource_price
        columns = []
        for i, drawer in enumerate(b["drawers"]):
            tiles = [x for x in drawer if x is not None]
            head = self._("board.drawer", n=i + 1, price=self.price(prices[len(tiles)])) if tiles else \
                self._("board.drawer_empty", n=i + 1)
            table.add_column(head, ratio=1)
            columns.append([self.tile_short(x) for x in tiles] or [self._("board.empty")])
        for row in range(max(len(c) for c in columns)):
            table.add_row(*(c[row] if row < len(c) else "" for c in columns))
        return table

    def _employees(self, b: dict[str, Any]) -> RenderableType:
        cards = [c for c in b["display"] if c is not None]
        price = self.price(self.t.ds.board.hire_price[len(cards)]) if cards else self._("unit.none")
        deck = count("unit.cards", b["deck_count"], self.lang)
        title = Text.from_markup(f"[bold]{self._('board.employees', price=price, deck=deck)}[/]")
        return Group(title, self.cards(cards))

    def owner(self, seat: int | None) -> str:
        """A marker's owner in a board cell, or "free"."""
        return self.tag(seat) if seat is not None else f"[dim]{self._('board.free_space')}[/]"

    def cost_vp(self, cost: int, vp: int) -> str:
        return f"{self._('abbr.livres', n=cost)} {self._('abbr.vp', n=vp)}"

    def _space_token(self, space_id: str, occupant: dict[str, Any] | None) -> str:
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

    def _halls(self, b: dict[str, Any]) -> RenderableType:
        table = self._table("board.halls", "board.legend")
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
            name = self._("board.throne") if h.number == 1 else self._("board.hall", n=h.number)
            table.add_row(name, f"{h.majority[0]} / {h.majority[1]}", mus_text, tokens)
        return table

    def _decorations(self, b: dict[str, Any]) -> RenderableType:
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
                    cell += " " + self._("deco.multiplier", m=d.multiplier)
                cell += " " + self.owner(b["decorations"].get(d.id))
                if d.id in b["terrace"]:
                    cell += " " + self._("board.terrace", garment=self.garment(b["terrace"][d.id]))
                cells.append(cell)
            table.add_row(self._("deco." + kind), " · ".join(cells))
        ladder = " · ".join(f"{self._('abbr.vp', n=vp)} {self.owner(o)}"
                            for vp, o in zip(self.t.ds.board.all_halls_vp, b["all_halls"]))
        table.add_row(self._("board.all_halls"), ladder)
        return table

    def _jeweler(self, b: dict[str, Any], jewelry: dict[str, Any]) -> RenderableType:
        """The jeweler board: jewelry display with the price below each space, the jeweler
        decoration spaces with their owners, and how many cards each exam stack holds."""
        table = self._table("board.jeweler", "board.jeweler_caption")
        table.title = self._("board.jeweler", bag=jewelry["bag_count"],
                             removed=count("unit.jewels", len(jewelry["removed"]), self.lang))
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
                        journeyman=count("unit.cards", jewelry["journeyman_stack_count"], self.lang),
                        master=count("unit.cards", jewelry["master_stack_count"], self.lang))
        table.add_row(self._("board.exam_stacks"), stacks)
        return table

    def _progress(self, obs: dict[str, Any]) -> RenderableType:
        """Per player: jewels, the exam worked on and its marked tasks, Master exams passed,
        and whether the specialized apprentice is still to be hired (its card stays secret)."""
        jb = self.t.ds.jewelry_box
        assert jb is not None
        table = self._table("board.progress", "task.legend")
        for key in ("player", "jewels", "exam", "tasks", "master_exams", "specialist"):
            table.add_column(self._("board.col_" + key), justify="right" if key == "master_exams" else "left",
                             no_wrap=key in ("exam", "tasks"))
        for p in obs["players"]:
            track = sorted(jb.master_tasks if p["exam"] == "master" else jb.journeyman_tasks)
            tasks = " ".join(f"[bold]{n}✓[/]" if n in p["tasks"] else f"[dim]{n}[/]" for n in track)
            specialist = self._("board.specialist_held" if p["has_specialist"] else "board.specialist_hired")
            table.add_row(self.player(p["seat"]), self.jewels_owned(p["jewels"]), self._("exam." + p["exam"]),
                          tasks, str(p["master_exams"]), specialist)
        return table

    def standing(self) -> RenderableType:
        obs = self.game.observe(None)
        parts = [self._header(obs), self._players(obs)]
        if obs["jewelry"] is not None:
            parts.append(self._progress(obs))
        return Group(*parts)

    # --- decisions

    def prompt(self, decision: dict[str, Any]) -> str:
        kind = decision.get("kind", "")
        mode = decision.get("mode", "main")
        f: dict[str, Any] = {}
        key = "decision." + kind
        if kind == "hand":
            f["left"] = decision.get("picks_left", 1)
        elif kind == "main":
            f["card"] = self.card(decision.get("card"))
        elif kind == "acquire":
            key = f"decision.acquire_{mode}"
        elif kind == "fate":
            f["tile"] = self.tile(decision.get("tile"))
        elif kind == "tailor" and mode != "main":
            key = "decision.tailor_nj" if mode == "nj" else "decision.tailor_bonus"
        elif kind in ("reduce", "give", "dispose"):
            f["garment"] = self.garment(decision.get("garment"))
            need = decision.get("need") or {}
            f["need"] = self.silk(tuple(need.get(c, 0) for c in COLOURS))
        elif kind == "hire":
            f["price"] = self.price(self._hire_price())
        elif kind == "finance" and decision.get("discount"):
            key = "decision.finance_discount"
            f["discount"] = self.livres(decision["discount"])
        elif kind == "bonus":
            f["card"] = self.card(decision.get("bonus_card"))
            f["bonus"] = self._("bonus." + str(decision.get("bonus")))
        elif kind == "buy":
            f["price"] = self.livres(decision.get("price", 0))
        elif kind == "sets":
            f["vp"] = self.vp(self.t.ds.bonus.thread_lace_set_vp)
        elif kind == "jewel":
            key = "decision.jewel_free" if decision.get("free") else "decision.jewel"
            f["garment"] = self.garment(decision.get("garment"))
        elif kind in ("promote", "task"):
            f["exam"] = self._("exam." + self._exam_of(decision.get("seat")))
        if not kind or not has(key, self.lang):
            return self._("decision.other", kind=kind)
        return self._(key, **f)

    def _exam_of(self, seat: int | None) -> str:
        """The exam a seat works on (during the promotion still the exam being passed)."""
        if seat is None:
            return "journeyman"
        return str(self.game.observe(None)["players"][seat].get("exam", "journeyman"))

    def _hire_price(self) -> int:
        n = sum(1 for c in self.game.observe(None)["board"]["display"] if c is not None)
        return self.t.ds.board.hire_price[n] if n else 0

    def _drawer_price(self, tile_id: str) -> tuple[int, int]:
        """(drawer number, price) of a tile in the resource display."""
        for i, drawer in enumerate(self.game.observe(None)["board"]["drawers"]):
            if tile_id in drawer:
                return i + 1, self.t.ds.board.resource_price[sum(1 for x in drawer if x is not None)]
        return 0, 0

    def explain(self, action: str) -> str:
        d = self.game.decision()
        kind = d.get("kind", "")
        head, _, arg = action.partition(":")
        t = self.t
        if head == "pick":
            return self._("action.pick", card=self.card(arg), bonus=self.card_bonus(arg))
        if head == "play":
            c = t.cards[t.card_index[arg]]
            offered = MAIN_ACTIONS if t.ds.jewelry_box is not None else BASE_ACTIONS
            acts = ", ".join(self._("main_short." + a) for a in offered if a in ALLOWED[c.type])
            return self._("action.play", card=self.card(arg), actions=acts, bonus=self.card_bonus(arg))
        if head == "main":
            return self._explain_main(arg, d)
        if head == "take":
            price = 0 if d.get("mode") == "reward" else self._drawer_price(arg)[1]
            return self._("action.take", tile=self.tile(arg), price=self.price(price))
        if head == "tile":
            return self._explain_fate(arg, d.get("tile"))
        if head == "garment":
            return self._explain_garment(arg, d.get("mode", "main"))
        if head == "reduce":
            return self._("action.reduce_" + arg)
        if head == "give":
            return self._("action.give", tile=self.tile(arg))
        if head == "sell":
            g = t.ds.garments[t.garment_index[d["garment"]]]
            return self._("action.sell", garment=self.garment(d["garment"]), value=self.livres(g.value))
        if head == "rent":
            sp = t.ds.board.guest_spaces[t.space_index[arg]]
            details = ([self._("space.master")] if sp.master else []) + [self.reward(arg)]
            return self._("action.rent", garment=self.garment(d["garment"]), space=self.space(arg),
                          details="; ".join(details))
        if head == "hire":
            return self._explain_hire(arg)
        if head == "finance":
            return self._explain_finance(arg, d.get("discount", 0))
        if head == "bonus":
            return self._explain_bonus(arg, d)
        if head == "dismiss":
            return self._explain_dismiss(arg, d)
        if head == "buy":
            return self._("action.buy", price=self.livres(d.get("price", 0)))
        if head == "done":
            return self._("action.terrace_done" if kind == "terrace" else "action.done")
        if head == "silk":
            return self._("action.silk", tile=self.tile(arg))
        if head == "sets":
            k = int(arg)
            if not k:
                return self._("action.sets_none")
            return self._("action.sets", sets=count("unit.sets", k, self.lang),
                          vp=self.vp(k * t.ds.bonus.thread_lace_set_vp))
        if head == "terrace":
            return self._explain_terrace(arg)
        if head == "jewel":
            return self._explain_jewel(arg, d)
        if head == "promote":
            return self._("action.promote", card=self.card(arg), bonus=self.card_bonus(arg))
        if head == "task":
            return self._("action.task", task=arg, meaning=self.task(arg))
        if head == "send":
            if arg == "none":
                return self._("action.exq_send_none")
            return self._("action.exq_send", card=self.card(arg),
                          livres=self.livres(t.cards[t.card_index[arg]].send_value))
        if head == "replay":
            return self._("action.replay", card=self.card(arg), bonus=self.card_bonus(arg))
        if head == "copy":
            owner = next((p["seat"] for p in self.game.observe(None)["players"]
                          if p["discard"] and p["discard"][-1] == arg), None)
            return self._("action.copy", card=self.card(arg), player=self.player(owner), bonus=self.card_bonus(arg))
        if head == "hall":
            return self._explain_hall(int(arg), d)
        if head == "remove":
            return self._("action.remove", card=self.card(arg))
        return action

    def _explain_main(self, what: str, d: dict[str, Any]) -> str:
        rules = self.t.ds.rules
        if what == "favour":
            return self._("action.main_favour", livres=self.livres(rules.favour_livres),
                          vp=self.vp(rules.favour_end_vp))
        if what == "hire":
            return self._("action.main_hire", price=self.price(self._hire_price()))
        if what == "send":
            card = d.get("card") or ""
            value = self.t.cards[self.t.card_index[card]].send_value if card in self.t.card_index else 0
            return self._("action.main_send", card=self.card(card), livres=self.livres(value))
        jb = self.t.ds.jewelry_box
        if what in ("journeyman_exam", "master_exam") and jb is not None:
            return self._("action.main_" + what, fee=self.livres(jb.params.exam_fee), vp=self.vp(jb.params.exam_vp),
                          card=self.card(d.get("card")))
        return self._("action.main_" + what)

    def _explain_hire(self, card_id: str) -> str:
        """A card of the display for the hire price, or the player's own specialized
        apprentice for free (R-JB-HIRE-1)."""
        c = self.t.cards[self.t.card_index[card_id]]
        if c.group == "specialist":
            return self._("action.hire_specialist", card=self.card(card_id),
                          condition=self._("condition." + c.condition), bonus=self.card_bonus(card_id))
        return self._("action.hire", card=self.card(card_id), price=self.price(self._hire_price()),
                      bonus=self.card_bonus(card_id))

    def _explain_jewel(self, jewel_id: str, d: dict[str, Any]) -> str:
        if jewel_id == "none":
            return self._("action.jewel_none")
        jewelry = self.game.observe(None)["jewelry"] or {"display": []}
        price = next((sp["price"] for sp in jewelry["display"] if sp["jewel"] == jewel_id), 0)
        jb = self.t.ds.jewelry_box
        assert jb is not None
        colour = jb.jewels[self.t.jewel_index[jewel_id]].colour
        garment = d.get("garment")
        match = garment in self.t.garment_index and self.t.ds.garments[self.t.garment_index[garment]].colour == colour
        return self._("action.jewel_match" if match else "action.jewel", jewel=self.jewel(jewel_id),
                      price=self.price(0 if d.get("free") else price))

    def _explain_hall(self, hall: int, d: dict[str, Any]) -> str:
        """nj_hall_vp / nm_hall_livres: what choosing this hall brings now."""
        seat = d.get("seat")
        spaces = self.t.ds.board.guest_spaces
        mine = sum(1 for sid, occ in self.game.observe(None)["board"]["guests"].items()
                   if occ["owner"] == seat and spaces[self.t.space_index[sid]].hall == hall)
        name = self._("board.throne") if hall == 1 else self._("board.hall", n=hall)
        garments = count("unit.garments", mine, self.lang)
        if d.get("bonus") == "nj_hall_vp":
            return self._("action.hall_vp", hall=name, garments=garments, vp=self.vp(mine // 2))
        jb = self.t.ds.jewelry_box
        per = jb.params.nm_livres_per_hall_garment if jb is not None else 0
        return self._("action.hall_livres", hall=name, garments=garments, livres=self.livres(per * mine))

    def _explain_fate(self, choice: str, tile_id: str | None) -> str:
        if tile_id is None:
            return choice
        tile = self.t.ds.tiles[self.t.tile_index[tile_id]]
        if choice == "keep":
            return self._("action.keep", tile=tile_id, silk=self.silk(tile.silk))
        if choice in ("thread", "lace"):
            return self._("action.convert_" + choice, tile=tile_id)
        return self._("action.convert", tile=tile_id, lower=self.lower(tile.lower))

    def _explain_garment(self, garment_id: str, mode: str) -> str:
        t = self.t
        g = t.ds.garments[t.garment_index[garment_id]]
        windows = self.game.observe(None)["board"]["windows"]
        cost = next((w["cost"] for w in windows if w["garment"] == garment_id), 0)
        silk = list(g.silk)
        if mode == "l4":
            silk[2] = max(0, silk[2] - t.ds.bonus.green_reduction_l4)
        key = "action.garment" if self.sellable(garment_id) else "action.garment_unsold"
        explained = self._(key, garment=self.garment(garment_id), prestige=self.vp(g.prestige),
                           value=self.livres(g.value), cost=self.livres(cost) if cost else self._("unit.nothing"),
                           needs=self.needs(garment_id, tuple(silk)))
        notes = self.garment_notes(garment_id) + ([self._("garment.must_sell")] if mode == "nj" else [])
        return "; ".join([explained, *notes])

    def _explain_finance(self, deco_id: str, discount: int) -> str:
        d = self.t.ds.board.decorations[self.t.deco_index[deco_id]]
        cost = self.price(max(0, d.cost - discount))
        if d.kind == "fireworks":
            return self._("action.finance_fireworks", deco=self.deco(deco_id), cost=cost, vp=self.vp(d.vp),
                          mult=self._("deco.multiplier", m=d.multiplier))
        if d.kind == "jeweler":
            return self._("action.finance_jeweler", deco=self.deco(deco_id), cost=cost, vp=self.vp(d.vp))
        return self._("action.finance", deco=self.deco(deco_id), cost=cost, vp=self.vp(d.vp))

    def _explain_bonus(self, how: str, d: dict[str, Any]) -> str:
        bonus = str(d.get("bonus", ""))
        if how == "skip":
            return self._("action.bonus_skip")
        if how in ("thread", "lace"):
            paid = self.t.ds.bonus.start_thread_lace_price if bonus == "start_pay1_thread_or_lace" else 0
            price = self._("action.bonus_price", price=self.livres(paid)) if paid else ""
            return self._("action.bonus_" + how, price=price)
        return self._("action.bonus_use", bonus=self._("bonus." + bonus))

    def _explain_dismiss(self, card_id: str, d: dict[str, Any]) -> str:
        c = self.t.cards[self.t.card_index[card_id]]
        if d.get("bonus") == "l2_dismiss_for_cash":
            return self._("action.dismiss_cash", card=self.card(card_id),
                          livres=self.livres(self.t.ds.bonus.dismiss_cash[c.type]))
        if card_id == d.get("bonus_card") and not self.game.config.dismiss_self_retrigger:
            return self._("action.dismiss_self", card=self.card(card_id))
        return self._("action.dismiss_use", card=self.card(card_id), bonus=self.card_bonus(card_id))

    def _explain_terrace(self, arg: str) -> str:
        garment_id, _, deco_id = arg.partition(":")
        g = self.t.ds.garments[self.t.garment_index[garment_id]]
        d = self.t.ds.board.decorations[self.t.deco_index[deco_id]]
        return self._("action.terrace", garment=self.garment(garment_id), deco=self.deco(deco_id),
                      vp=self.vp(g.prestige * d.multiplier), base=self.vp(g.prestige))

    # --- events

    def event(self, view: dict[str, Any]) -> str | None:
        kind = view["type"]
        seat = view.get("seat")
        f: dict[str, Any] = {"player": self.player(seat)}
        key = "event." + kind
        if kind == "setup":
            f.update(players=view["players"], side=view["side"], player=self.player(view["start_player"]))
        elif kind == "round":
            f["round"] = view["round"]
        elif kind in ("card_removed", "played", "hired", "card_picked", "card_sent_away", "promoted", "replayed",
                      "copied"):
            if "card" not in view:
                hidden = f"event.{kind}_hidden"
                key = hidden if has(hidden, self.lang) else "event.card_picked_hidden"
            else:
                f["card"] = self.card(view["card"])
            f["why"] = self.why(view.get("why", ""))
            if kind == "hired" and view.get("specialist"):
                key = "event.hired_specialist"
            elif kind == "card_sent_away" and view.get("why") in ("journeyman_exam", "master_exam"):
                key = "event.exam_card_left"
        elif kind == "display":
            f["cards"] = ", ".join(self.card(c) for c in view["cards"]) or self._("board.empty")
        elif kind == "drawers":
            f["tiles"] = ", ".join(x for x in view["tiles"] if x) or self._("board.empty")
        elif kind == "windows":
            f["garments"] = ", ".join(g for g in view["garments"] if g) or self._("board.empty")
        elif kind in ("garment_expired", "tailor", "sold", "rented", "terrace"):
            f["garment"] = self.garment(view["garment"])
            if kind == "rented":
                f["space"] = self.space(view["space"])
            if kind == "terrace":
                f["deco"] = self.deco(view["space"])
        elif kind in ("hand_taken", "supply_recycled"):
            f["count"] = count("unit.cards", view["count"], self.lang)
        elif kind == "main":
            f["action"] = self._("main." + view["action"])
        elif kind == "livres":
            amount = view["amount"]
            key = "event.livres_gain" if amount > 0 else "event.livres_pay"
            f.update(amount=self.livres(abs(amount)), why=self.why(view["why"]))
        elif kind == "vp":
            f.update(amount=self.vp(view["amount"]), why=self.why(view["why"]))
        elif kind == "goods":
            th, la = view["thread"], view["lace"]
            key = "event.goods_gain" if th + la > 0 else "event.goods_spend"
            f.update(goods=self.goods(th, la), why=self.why(view["why"]))
        elif kind in ("tile_taken", "tile_kept", "tile_converted", "tile_drawn", "tile_spent"):
            if "tile" not in view:
                key = f"event.{kind}_hidden"
            else:
                f["tile"] = self.tile(view["tile"])
            if kind == "tile_taken":
                f["drawer"] = view["slot"] // self.t.ds.board.drawer_spaces + 1
        elif kind == "financed":
            f["deco"] = self.deco(view["space"])
        elif kind in ("bonus", "bonus_skipped"):
            f["bonus"] = self._("bonus." + view["bonus"])
            if "card" in view:
                f["card"] = self.card(view["card"])
        elif kind == "all_halls":
            f["vp"] = self.vp(view["vp"])
        elif kind == "scored":
            f.update(vp=self.vp(view["vp"]), step=self._("step." + view["step"]))
        elif kind == "start_player":
            f["player"] = self.player(seat)
        elif kind in ("jewel_removed", "jewel"):
            f["jewel"] = self.jewel(view["jewel"])
            if kind == "jewel" and view.get("free"):
                key = "event.jewel_free"
        elif kind == "jewel_display":
            f["jewels"] = ", ".join(self.jewel(j) for j in view["jewels"] if j) or self._("board.empty")
        elif kind == "exam_passed":
            f["exam"] = self._("exam." + view["exam"])
        elif kind == "task":
            f.update(task=view["task"], meaning=self.task(view["task"]))
        elif kind in ("mdb_hand", "mdb_card", "mdb_fallback", "mdb_acquired", "mdb_promoted", "mdb_placement"):
            key = self._solo_event(view, f)
        elif kind == "garment_effect":
            f.update(garment=self.garment(view["garment"]),
                     effect=self._("effect." + view["effect"], **(self.t.ds.garment_params or {})))
        if not has(key, self.lang):
            data = {k: v for k, v in view.items() if k not in ("type", "seat")}
            return self._("event.other", type=kind, data=escape(str(data)))
        return self._(key, **f)


    def _solo_event(self, view: dict[str, Any], f: dict[str, Any]) -> str:
        """Fills the fields of Madame du Barry's automatic steps (solo mode); returns the key."""
        kind = view["type"]
        if kind == "mdb_hand":
            f["count"] = view["count"]
        elif kind in ("mdb_card", "mdb_fallback"):
            f["card"] = view.get("card", "")
            f["action"] = self._("main." + view.get("action", view.get("why", "")))
        elif kind == "mdb_acquired":
            f["tiles"] = ", ".join(self.tile(x) for x in view["tiles"])
        elif kind == "mdb_promoted":
            if "card" not in view:
                return "event.mdb_promoted_hidden"
            f["card"] = self.card(view["card"])
        else:
            f["card"] = view["card"]
            f["hall"] = self._("board.throne") if view["hall"] == 1 else self._("board.hall", n=view["hall"])
        return "event." + kind


def _check(game: Game) -> list[str]:
    return invariants.check(game.s)  # type: ignore[attr-defined]


def _check_transition(before: Game, after: Game, events: list[Event]) -> list[str]:
    return invariants.check_transition(before.s, after.s, events)  # type: ignore[attr-defined]


def _steps(game: Game) -> tuple[str, ...]:
    """The scoring steps in rulebook order; the jewels step only with the Jewelry Box, the
    step of Madame du Barry's resource tiles only in the solo mode."""
    s = game.s  # type: ignore[attr-defined]
    left_out = set()
    if s.t.ds.jewelry_box is None:
        left_out.add("jewels")
    if not s.cfg.solo:
        left_out.add("solo_tiles")
    return tuple(step for step in STEPS if step not in left_out)


SUPPORT = GameSupport(view=RococoView, check=_check, check_transition=_check_transition, score_steps=_steps)
