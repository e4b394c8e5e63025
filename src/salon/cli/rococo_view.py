"""Rococo in the terminal: the board, the decisions and the log, in one language.

The board is drawn from ``observe(seat)`` only, so a seat never sees another seat's hand,
supply, rack or specialized apprentice.  The printed component values (a tile's silk, a
garment's needs, a space's reward, a jewel's colour) come from the game's component tables,
which are public knowledge.  Every sentence comes from ``salon.i18n``.  With the Jewelry Box
the board gains the jeweler board and each player's jewels and exam progress; garments of
the garment expansions carry their expansion's name and one-time effect.

In the solo mode Madame du Barry gets a panel of her own instead of a row among the players
(her employee cards are a face-down staff, her cards a hand pile), and the log tells each
of her automatic turns as one sentence: the card she reveals, what it makes her do, and why
she picks the target she picks; her markers on the board carry a tag of her own.  In the 2013
edition every text uses the edition's own words (its yellow dresses are the engine's blue
ones, wool its thread, the fountain its kitchen, the warehouse floors its resource drawers,
the face-down resource stacks its resource bag, the tiles kept in front of a player their
rack: RULES.md §16): the engine's terms reach the texts only through :meth:`RococoView.term`
and the term fields every template may use (``{thread}``, ``{Favour}`` ...), so the message
keys stay those of the Deluxe edition.  Other players' prestige is hidden until the end (D-10).
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
from salon.i18n import catalogue, count, has, inflections, text
from salon.i18n.fields import term_table
from salon.rococo.components import COLOURS
from salon.rococo.game import Rococo
from salon.rococo.plugin import PLUGIN
from salon.rococo.rules.common import MDB
from salon.rococo.rules.scoring import STEPS
from salon.rococo.rules.solo import FALLBACK_VP
from salon.rococo.rules.turn import ALLOWED, BASE_ACTIONS, MAIN_ACTIONS
from salon.rococo.tables import Tables

PLAYER_STYLES = ("bold red", "bold cyan", "bold yellow", "bold green", "bold magenta")
SILK_STYLES = {"blue": "dodger_blue1", "pink": "hot_pink", "green": "green3", "orange": "dark_orange",
               "yellow": "gold1", "red": "red3"}
"""The terminal colour of a silk or garment colour, by the edition's own colour word."""
ROMAN = ("", "I", "II", "III", "IV", "V", "VI")
TERM_TABLES = {"kitchen_left": "deco", "kitchen_right": "deco"}
"""The catalogue table of the engine terms that are decorations (salon.i18n.fields.term_table
gives the others')."""
LAST_REVEALED = 4
"""How many of Madame du Barry's last revealed cards her panel describes."""


def _rococo(game: Game) -> Rococo:
    """The view's game as a Rococo game (the plug-in gives the view only Rococo games)."""
    assert isinstance(game, Rococo)
    return game


def term(terms: dict[str, str], name: str, lang: str) -> str:
    """An engine term in the words of a game's edition (``terms``, RULES.md §16: D-3 colours,
    D-6 wool, D-12 no resource bag or racks, D-13 favour card beside the board, D-24 warehouse
    floors, D-32 fountain); the Deluxe words without an edition."""
    word = terms.get(name, name).replace(" ", "_")
    return text(f"{TERM_TABLES.get(name) or term_table(name)}.{word}", lang)


def term_fields(game: Game, lang: str) -> dict[str, str]:
    """The term fields every template may use, in the words of the game's edition:
    ``{thread}``, ``{Thread}`` to begin a sentence, ``{thr}`` for a board cell, and the forms
    of a language that inflects them (``{drawer_from}``, ``{blue_dress}``; the plain word
    where the language lacks a form of that word)."""
    terms: dict[str, str] = _rococo(game).tables.ds.terms or {}
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


class RococoView:
    """Renders one Rococo game; ``labels`` names the seats (e.g. "Player 2 (random)")."""

    def __init__(self, game: Game, lang: str, labels: list[str]) -> None:
        self.game = game
        self.t: Tables = _rococo(game).tables
        self.lang = lang
        self.labels = labels
        self.terms: dict[str, str] = self.t.ds.terms or {}
        self.mdb: int | None = MDB if _rococo(game).config.solo else None
        self.solo_cards = {c.id: c for c in self.t.ds.solo_cards}
        self.fields = term_fields(game, lang)

    # --- small phrases

    def _(self, key: str, **fields: Any) -> str:
        return text(key, self.lang, **{**self.fields, **fields})

    def counted(self, key: str, n: int, **fields: Any) -> str:
        return count(key, n, self.lang, **{**self.fields, **fields})

    def term(self, name: str) -> str:
        return term(self.terms, name, self.lang)

    def bonus(self, bonus: str) -> str:
        """An employee bonus in words; the 2013 level-III card pays VP per decoration where
        the Deluxe one pays livres (D-47), as the edition's data says."""
        params = self.t.ds.bonus
        if bonus == "l3_livre_per_dec" and params.l3_vp_per_dec and not params.l3_livre_per_dec:
            return self._("bonus.l3_vp_per_dec", vp=self.vp(params.l3_vp_per_dec))
        return self._("bonus." + bonus)

    def livres(self, n: int) -> str:
        return self.counted("unit.livres", n)

    def price(self, n: int) -> str:
        return self.livres(n) if n else self._("unit.free")

    def vp(self, n: int) -> str:
        return self.counted("unit.vp", n)

    def player(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(self.labels):
            return self._("unit.none")
        return f"[{PLAYER_STYLES[seat % len(PLAYER_STYLES)]}]{escape(self.labels[seat])}[/]"

    def tag(self, seat: int) -> str:
        """The short name of a seat for crowded board cells ("P2"); Madame du Barry is no
        numbered player, so her markers carry a tag of her own ("MdB")."""
        name = self._("solo.tag") if seat == self.mdb else f"P{seat + 1}"
        return f"[{PLAYER_STYLES[seat % len(PLAYER_STYLES)]}]{name}[/]"

    def colour(self, name: str) -> str:
        return f"[{SILK_STYLES[self.terms.get(name, name)]}]{self.term(name)}[/]"

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
        return _rococo(self.game).sellable(garment_id)

    def needs(self, garment_id: str, silk: tuple[int, ...] | None = None) -> str:
        g = self.t.ds.garments[self.t.garment_index[garment_id]]
        parts = [self.silk(silk if silk is not None else g.silk)] if any(silk or g.silk) else []
        if g.thread:
            parts.append(self.counted("unit.thread", g.thread))
        if g.lace:
            parts.append(self.counted("unit.lace", g.lace))
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
        return self.bonus(self.t.cards[self.t.card_index[card_id]].bonus)

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
        label = self._("deco.label", kind=self.deco_kind(d.kind), id=deco_id)
        if d.multiplier:
            label += " " + self._("deco.multiplier", m=d.multiplier)
        return label

    def deco_kind(self, kind: str) -> str:
        """A kind of decoration; the kitchen's two sides are the 2013 edition's fountain rows."""
        return self.term(kind) if kind in TERM_TABLES else self._("deco." + kind)

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
        parts = [self.counted(f"jewel.{kind}s", n, colour=self.colour(colour))
                 for (kind, colour), n in sorted(counts.items(), key=lambda kv: COLOURS.index(kv[0][1]))]
        return ", ".join(parts) or self._("unit.none")

    def task(self, name: str) -> str:
        return self._("task." + name.lower())

    def goods(self, thread: int, lace: int, zero: bool = False) -> str:
        """Thread and lace ("1 thread + 2 lace"); with ``zero`` a good she has none of is
        counted too ("0 thread + 1 lace")."""
        parts = []
        if thread or zero:
            parts.append(self.counted("unit.thread", abs(thread)))
        if lace or zero:
            parts.append(self.counted("unit.lace", abs(lace)))
        return " + ".join(parts)

    def why(self, why: str) -> str:
        key = "why." + why
        if has(key, self.lang):
            return self._(key)
        return self._("why.garment_effect" if has("effect." + why, self.lang) else "why.other")

    # --- the board

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
            "decoration": self.deco, "bonus": self.bonus, "type": lambda v: self._("employee." + v),
            "action": lambda v: self._("main." + v), "exam": lambda v: self._("main." + v)}
        word = words.get(name)
        return word(value) if word is not None else value

    def board(self, seat: int | None) -> RenderableType:
        obs = self.game.observe(seat)
        b = obs["board"]
        jewelry = obs["jewelry"]
        sections: list[RenderableType] = [self._halls(b), self._decorations(b)]
        if jewelry is not None:
            sections.append(self._jeweler(b, jewelry))
        sections += [self._windows(b), self._drawers(b), self._employees(b)]
        return self._board(obs, seat, sections)

    def brief(self, seat: int | None) -> RenderableType:
        """The board as the line mode shows it at each decision: where the game stands, the
        players, the seat's own situation, and only the parts of the board that the decision
        is about (the design display and the halls to tailor, the drawers to acquire...);
        ``board`` shows the whole.  Every action offered explains itself in the choices, so
        nothing needed is left out, and a screen reader reads a page rather than a book."""
        obs = self.game.observe(seat)
        b = obs["board"]
        kind = self.game.decision().get("kind", "")
        parts = {
            "tailor": lambda: [self._windows(b), self._halls(b)],
            "terrace": lambda: [self._halls(b), self._decorations(b)],
            "mdb_remove": lambda: [self._halls(b)],
            "finance": lambda: [self._decorations(b)],
            "acquire": lambda: [self._drawers(b)],
            "hire": lambda: [self._employees(b)],
            "jewel": lambda: [self._jeweler(b, obs["jewelry"])] if obs["jewelry"] is not None else [],
        }.get(kind, list)
        return self._board(obs, seat, parts(), brief=True)

    def _board(self, obs: dict[str, Any], seat: int | None, sections: list[RenderableType],
               brief: bool = False) -> RenderableType:
        """The header, ``sections``, the players, and the seat's own situation last, right
        above the decision that follows it."""
        parts: list[RenderableType] = [self._header(obs), *sections, self._players(obs)]
        if obs["jewelry"] is not None and not brief:
            parts.append(self._progress(obs))
        if obs["solo"] is not None:
            parts.append(self._madame(obs))
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
            notes = []
            if p["seat"] == obs["start_player"]:
                notes.append(self._("board.note_start"))
            if p["seat"] == obs["board"]["favour"]:
                notes.append(self._("board.note_favour"))
            if p["in_play"]:
                notes.append(self._("board.note_in_play", card=p["in_play"]))
            table.add_row(
                self.player(p["seat"]), str(p["livres"]), str(p["thread"]), str(p["lace"]), self.prestige(p["vp"]),
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
        deck = self.counted("unit.cards", b["deck_count"])
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
            table.add_row(self.deco_kind(kind), " · ".join(cells))
        ladder = " · ".join(f"{self._('abbr.vp', n=vp)} {self.owner(o)}"
                            for vp, o in zip(self.t.ds.board.all_halls_vp, b["all_halls"]))
        table.add_row(self._("board.all_halls"), ladder)
        return table

    def _jeweler(self, b: dict[str, Any], jewelry: dict[str, Any]) -> RenderableType:
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
            if p["seat"] == self.mdb:
                continue
            specialist = self._("board.specialist_held" if p["has_specialist"] else "board.specialist_hired")
            table.add_row(self.player(p["seat"]), self.jewels_owned(p["jewels"]), self._("exam." + p["exam"]),
                          self.tasks(p), str(p["master_exams"]), specialist)
        return table

    def tasks(self, p: dict[str, Any]) -> str:
        """The task track of the exam a player works on, the marked tasks ticked."""
        jb = self.t.ds.jewelry_box
        assert jb is not None
        track = sorted(jb.master_tasks if p["exam"] == "master" else jb.journeyman_tasks)
        return " ".join(f"[bold]{n}✓[/]" if n in p["tasks"] else f"[dim]{n}[/]" for n in track)

    def prestige(self, vp: int | None) -> str:
        """A player's prestige points, or the hidden mark while the 2013 edition keeps them
        face down (D-10: ``observe`` gives None for another seat until final scoring)."""
        return self._("board.hidden") if vp is None else str(vp)

    def _madame(self, obs: dict[str, Any]) -> RenderableType:
        """Madame du Barry's panel (solo mode): her points and goods, her resource tiles (1 VP
        per 2 at the end), her face-down staff, her jewels and exam, her card piles and what
        her last revealed cards showed."""
        solo = obs["solo"]
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
                "solo.jewels", jewels=self.jewels_owned(me["jewels"]), exam=self._("exam." + me["exam"]),
                tasks=self.tasks(me), master=me["master_exams"]))
        table.add_row(self._("solo.row_cards"), self._(
            "solo.cards", hand=self.counted("unit.cards", solo["hand_count"]),
            supply=self.counted("unit.cards", solo["supply_count"]),
            discard=self.counted("unit.cards", len(solo["discard"]))))
        last = [f"{c}: {self.solo_card(c)}" for c in reversed(solo["discard"][-LAST_REVEALED:])]
        table.add_row(self._("solo.row_revealed"), "\n".join(last) or self._("unit.none"))
        title = Text.from_markup(f"[bold]{self._('solo.panel', player=self.player(solo['seat']))}[/]")
        return Group(title, table)

    def solo_card(self, card_id: str) -> str:
        """What one of Madame du Barry's cards shows: its action with its target (top part)
        and the hall and jewelry symbol of its bottom part (R-SOLO-PH3-1, R-SOLO-TAI-4)."""
        c = self.solo_cards[card_id]
        bottom = self._("solo.bottom", hall=self.hall(c.hall, True))
        if self.t.ds.jewelry_box is not None:
            bottom = self._("solo.bottom_jewel", hall=self.hall(c.hall, True), symbol=self._("solo.symbol_" + c.jewel))
        return self._("solo.card", top=self.solo_action(card_id), bottom=bottom)

    def solo_action(self, card_id: str) -> str:
        """The top part of one of her cards: the action and its target."""
        c = self.solo_cards[card_id]
        if c.action == "acquire" and c.drawer:
            return self._("solo.acquire_drawer", n=c.drawer)
        if c.action == "acquire":
            return self._("solo.acquire_position", position=self._("solo.position_" + c.position))
        if c.action in ("tailor", "hire"):
            return self._("solo." + c.action, ordinal=self._(f"solo.ordinal_{c.ordinal}"),
                          direction=self._("solo.from_" + c.direction))
        if c.action == "finance":
            return self._("solo.finance", kind=self._("solo.kind_" + c.kind))
        return self._("solo.favour")

    def hall(self, number: int, in_sentence: bool = False) -> str:
        """A hall as a board label ("Throne hall", "Hall 3"), or within a sentence ("hall 3",
        as the guest spaces name it)."""
        if in_sentence:
            return self._("solo.hall", n=number)
        return self._("board.throne") if number == 1 else self._("board.hall", n=number)

    def standing(self) -> RenderableType:
        obs = self.game.observe(None)
        parts = [self._header(obs), self._players(obs)]
        if obs["jewelry"] is not None:
            parts.append(self._progress(obs))
        if obs["solo"] is not None:
            parts.append(self._madame(obs))
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
            f["bonus"] = self.bonus(str(decision.get("bonus")))
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
            return self._("action.sets", sets=self.counted("unit.sets", k),
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
        name = self.hall(hall)
        garments = self.counted("unit.garments", mine)
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
        needed = _rococo(self.game).silk_needed(garment_id, mode)
        needs = self.needs(garment_id, needed[0])
        if len(needed) > 1:
            needs = self._("garment.needs_either", first=needs, second=self.needs(garment_id, needed[1]))
        if tuple(g.silk) not in needed:
            needs = self._("garment.needs_reduced", needs=needs, printed=self.silk(g.silk, word=False))
        key = "action.garment" if self.sellable(garment_id) else "action.garment_unsold"
        explained = self._(key, garment=self.garment(garment_id), prestige=self.vp(g.prestige),
                           value=self.livres(g.value), cost=self.livres(cost) if cost else self._("unit.nothing"),
                           needs=needs)
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
        if d.kind == "statue":
            return self._("action.finance_statue", deco=self.deco(deco_id), cost=cost,
                          vp=self.vp(self.t.ds.rules.statue_vp_per_colour))
        if d.kind in ("kitchen_left", "kitchen_right"):
            return self._("action.finance_" + d.kind, deco=self.deco(deco_id), cost=cost, vp=self.vp(d.vp))
        return self._("action.finance", deco=self.deco(deco_id), cost=cost, vp=self.vp(d.vp))

    def _explain_bonus(self, how: str, d: dict[str, Any]) -> str:
        bonus = str(d.get("bonus", ""))
        if how == "skip":
            return self._("action.bonus_skip")
        if how in ("thread", "lace"):
            paid = self.t.ds.bonus.start_thread_lace_price if bonus == "start_pay1_thread_or_lace" else 0
            price = self._("action.bonus_price", price=self.livres(paid)) if paid else ""
            return self._("action.bonus_" + how, price=price)
        return self._("action.bonus_use", bonus=self.bonus(bonus))

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
            elif kind == "card_sent_away" and view.get("why") in ("journeyman_exam", "master_exam", "mdb_exam"):
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
            f["count"] = self.counted("unit.cards", view["count"])
        elif kind == "main":
            f["action"] = self._("main." + view["action"])
        elif kind == "livres":
            amount = view["amount"]
            key = "event.livres_gain" if amount > 0 else "event.livres_pay"
            f.update(amount=self.livres(abs(amount)), why=self.why(view["why"]))
        elif kind == "vp":
            if "amount" not in view:  # D-10: another seat's prestige tokens stay face down
                key = "event.vp_hidden"
            else:
                f["amount"] = self.vp(view["amount"])
            f["why"] = self.why(view["why"])
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
                f["n"] = view["slot"] // self.t.ds.board.drawer_spaces + 1
        elif kind == "financed":
            f["deco"] = self.deco(view["space"])
        elif kind in ("bonus", "bonus_skipped"):
            f["bonus"] = self.bonus(view["bonus"])
            if "card" in view:
                f["card"] = self.card(view["card"])
        elif kind == "all_halls":
            f["vp"] = self.vp(view["vp"])
        elif kind == "scored":
            f.update(vp=self.vp(view["vp"]), step=self._("step." + view["step"]))
            if "hall" in view:  # R-SCORE-3: each hall's majority is scored on its own
                key, f["hall"] = "event.scored_hall", self.hall(view["hall"])
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
            if seat == self.mdb:
                key = "event.mdb_exam_passed"
        elif kind == "task":
            # Madame du Barry's task follows from her action alone (R-SOLO-RES-3, A-37, A-38)
            f.update(task=view["task"], meaning=self.task(view["task"]))
            if seat == self.mdb:
                key = "event.mdb_task"
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
        """Fills the fields of one of Madame du Barry's automatic steps told alone (solo
        mode); returns the key.  :meth:`log` tells a whole turn of hers in one line."""
        kind = view["type"]
        if kind == "mdb_hand":
            f["count"] = self.counted("unit.cards", view["count"])
        elif kind == "mdb_card":
            f.update(card=view["card"], action=self.solo_card(view["card"]))
        elif kind == "mdb_fallback":
            f.update(reason=self._("solo.fallback_" + view["why"]), vp=self.vp(FALLBACK_VP))
        elif kind == "mdb_acquired":
            f["tiles"] = ", ".join(self.tile(x) for x in view["tiles"])
        elif kind == "mdb_promoted":
            if "card" not in view:
                return "event.mdb_promoted_hidden"
            f["card"] = self.card(view["card"])
        else:
            f.update(card=view["card"], hall=self.hall(view["hall"], True))
        return "event." + kind

    # --- Madame du Barry's turns in one sentence each

    def log(self, views: list[dict[str, Any]]) -> list[str]:
        """The log lines of one action's events.  A turn of Madame du Barry reads as one line
        for her card and what it made her do (the card, the target and why), one for the
        placement of a garment she tailored, and one per further consequence (a jewel, a
        task, an exam); her turn's end is left out.  Every other event is one line."""
        out: list[str] = []
        used: set[int] = set()
        for i, v in enumerate(views):
            if i in used:
                continue
            mine = self.mdb is not None and v.get("seat") == self.mdb
            if mine and v["type"] == "turn_end":
                continue
            line: str | None
            if mine and v["type"] == "mdb_card":
                line = self._mdb_turn(views, i, used)
            elif mine and v["type"] == "mdb_placement":
                line = self._mdb_placement(views, i, used)
            else:
                line = self.event(v)
            if line:
                out.append(line)
        return out

    def _turn_events(self, views: list[dict[str, Any]], start: int) -> range:
        """The indices of the events of her turn that begins with the card at ``start``."""
        end = start + 1
        while end < len(views) and not (views[end].get("seat") == self.mdb
                                         and views[end]["type"] in ("turn_end", "mdb_card")):
            end += 1
        return range(start + 1, end)

    def _find(self, views: list[dict[str, Any]], span: range, used: set[int], kind: str,
              why: str | None = None) -> dict[str, Any] | None:
        """The first event of hers of ``kind`` (and ``why``) in ``span`` not told yet; it is
        marked as told."""
        for j in span:
            v = views[j]
            if j not in used and v["type"] == kind and v.get("seat") == self.mdb and why in (None, v.get("why")):
                used.add(j)
                return v
        return None

    def _mdb_turn(self, views: list[dict[str, Any]], i: int, used: set[int]) -> str:
        """"Madame du Barry reveals D07 (tailor the 2nd garment from the right): she tailors
        G12 blue dress (window 4), free of charge"."""
        card = views[i]["card"]
        c = self.solo_cards[card]
        span = self._turn_events(views, i)
        fallback = self._find(views, span, used, "mdb_fallback")
        if fallback is not None:  # R-SOLO-GEN-4
            self._find(views, span, used, "vp", "mdb_fallback")
            result = self._("solo.did_fallback", reason=self._("solo.fallback_" + fallback["why"]),
                            vp=self.vp(FALLBACK_VP))
        elif c.action == "favour":  # R-SOLO-FAV-1
            took = self._find(views, span, used, "favour") is not None
            self._find(views, span, used, "vp", "mdb_favour")
            result = self._("solo.did_favour" if took else "solo.did_favour_held", vp=self.vp(FALLBACK_VP))
        elif c.action == "acquire":  # R-SOLO-RES-1
            tiles = (self._find(views, span, used, "mdb_acquired") or {}).get("tiles", [])
            result = self._("solo.did_acquire", tiles=", ".join(self.tile_short(x) for x in tiles),
                            n=self.counted("unit.tiles", len(tiles)))
        elif c.action == "tailor":  # R-SOLO-TAI-1/2
            made = self._find(views, span, used, "tailor") or {}
            result = self._("solo.did_tailor", garment=self.garment(made.get("garment")),
                            window=int(made.get("window", 0)) + 1)
        elif c.action == "hire":  # R-SOLO-HIRE-1..3
            hired = self._find(views, span, used, "hired") or {}
            key = "solo.did_hire_end_game" if hired.get("why") == "end_game" else "solo.did_hire"
            result = self._(key, card=self.card(hired.get("card")))
        else:  # R-SOLO-FIN-1..3
            financed = self._find(views, span, used, "financed") or {}
            space = financed.get("space")
            key = "solo.did_finance_jeweler" if financed.get("kind") == "jeweler" else "solo.did_finance"
            result = self._(key, deco=self.deco(space) if space else self._("unit.none"))
        return self._("solo.turn", player=self.player(self.mdb), card=card, what=self.solo_action(card),
                      result=result)

    def _mdb_placement(self, views: list[dict[str, Any]], i: int, used: set[int]) -> str:
        """"She reveals D25 (hall 4, full) and D12 (hall 3) for the placement: she rents G07
        out on hall 3, space 2 (master guest space)" (R-SOLO-TAI-4, R-SOLO-PLACE-1..3)."""
        shown = []
        j = i
        while j < len(views) and views[j]["type"] == "mdb_placement" and views[j].get("seat") == self.mdb:
            used.add(j)
            shown.append(views[j])
            j += 1
        cards = [self._("solo.placement_full", card=v["card"], hall=self.hall(v["hall"], True)) for v in shown[:-1]]
        last = shown[-1]
        cards.append(last["card"])
        placement = self._("solo.placement", player=self.player(self.mdb), cards=self._join(cards))
        if self.t.ds.jewelry_box is not None:
            placement = self._("solo.placement_jewel", placement=placement,
                               symbol=self._("solo.symbol_" + last["jewel"]))
        rented = self._find(views, range(j, len(views)), used, "rented")
        if rented is None:
            return placement
        return self._("solo.placement_rented", placement=placement, garment=self.garment(rented["garment"]),
                      space=self.space(rented["space"]), why=self._space_choice(rented["space"]))

    def _space_choice(self, space_id: str) -> str:
        """Why she took that guest space of the hall (R-SOLO-PLACE-1, A-45)."""
        sp = self.t.ds.board.guest_spaces[self.t.space_index[space_id]]
        if sp.master:
            return self._("space.master")
        if sp.reward != "none":
            return self._("solo.best_reward", reward=self.reward(space_id))
        return self._("solo.first_free")

    def _join(self, items: list[str]) -> str:
        """"a", "a and b", "a, b and c"."""
        if len(items) < 2:
            return "".join(items)
        return self._("solo.and", first=", ".join(items[:-1]), last=items[-1])


def _steps(game: Game) -> tuple[str, ...]:
    """The scoring steps in rulebook order; the jewels step only with the Jewelry Box, the
    step of Madame du Barry's resource tiles only in the solo mode."""
    rococo = _rococo(game)
    left_out = set()
    if rococo.tables.ds.jewelry_box is None:
        left_out.add("jewels")
    if not rococo.config.solo:
        left_out.add("solo_tiles")
    return tuple(step for step in STEPS if step not in left_out)


def _tie_rule(game: Game) -> str | None:
    """R-SOLO-END-4: in the solo mode Madame du Barry wins every tie."""
    return "solo.tie_rule" if _rococo(game).config.solo else None


SUPPORT = GameSupport(view=RococoView, score_steps=_steps, tie_rule=_tie_rule, text_fields=term_fields)
