"""Rococo's decisions in the terminal: the question of each decision and what each legal
action would do, with its price, its gain and the rule that shapes it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.markup import escape

from salon.cli.rococo.text import RococoText
from salon.i18n import has
from salon.rococo.models import COLOURS
from salon.rococo.observation import DecisionNow
from salon.rococo.rules.turn import ALLOWED, BASE_ACTIONS, MAIN_ACTIONS
from salon.wording.rococo.words import rococo, w


class RococoDecisions(RococoText):
    """Words the decisions of one Rococo game."""

    families = ("pick", "play", "main", "bonus", "take", "tile", "garment", "reduce", "give", "sell", "rent",
                "hire", "finance", "dismiss", "promote", "buy", "silk", "sets", "terrace", "jewel", "send",
                "exq_send_away", "copy", "hall", "remove", "replay", "task")
    """The families of Rococo's action texts (``main`` of ``main:tailor``): ``why`` finds an action
    that is not offered by its short name in them (salon.cli.play)."""

    def prompt(self, decision: Mapping[str, Any]) -> str:
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
            f["exam"] = self.exam(self._exam_of(decision.get("seat")))
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
            details = ([self.say(w("space.master"))] if sp.master else []) + [self.reward(arg)]
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
        return escape(action)

    def _explain_main(self, what: str, d: DecisionNow) -> str:
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

    def _explain_jewel(self, jewel_id: str, d: DecisionNow) -> str:
        if jewel_id == "none":
            return self._("action.jewel_none")
        jewelry = self.game.observe(None)["jewelry"]
        display = jewelry["display"] if jewelry is not None else []
        price = next((sp["price"] for sp in display if sp["jewel"] == jewel_id), 0)
        jb = self.t.ds.jewelry_box
        assert jb is not None
        colour = jb.jewels[self.t.jewel_index[jewel_id]].colour
        garment = d.get("garment")
        match = garment in self.t.garment_index and self.t.ds.garments[self.t.garment_index[garment]].colour == colour
        return self._("action.jewel_match" if match else "action.jewel", jewel=self.jewel(jewel_id),
                      price=self.price(0 if d.get("free") else price))

    def _explain_hall(self, hall: int, d: DecisionNow) -> str:
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
            return escape(choice)
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
        needed = rococo(self.game).silk_needed(garment_id, mode)
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
                          mult=self.multiplier(d.multiplier))
        if d.kind == "jeweler":
            return self._("action.finance_jeweler", deco=self.deco(deco_id), cost=cost, vp=self.vp(d.vp))
        if d.kind == "statue":
            return self._("action.finance_statue", deco=self.deco(deco_id), cost=cost,
                          vp=self.vp(self.t.ds.rules.statue_vp_per_colour))
        if d.kind in ("kitchen_left", "kitchen_right"):
            return self._("action.finance_" + d.kind, deco=self.deco(deco_id), cost=cost, vp=self.vp(d.vp))
        return self._("action.finance", deco=self.deco(deco_id), cost=cost, vp=self.vp(d.vp))

    def _explain_bonus(self, how: str, d: DecisionNow) -> str:
        bonus = str(d.get("bonus", ""))
        if how == "skip":
            return self._("action.bonus_skip")
        if how in ("thread", "lace"):
            paid = self.t.ds.bonus.start_thread_lace_price if bonus == "start_pay1_thread_or_lace" else 0
            price = self._("action.bonus_price", price=self.livres(paid)) if paid else ""
            return self._("action.bonus_" + how, price=price)
        return self._("action.bonus_use", bonus=self.bonus(bonus))

    def _explain_dismiss(self, card_id: str, d: DecisionNow) -> str:
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
