"""Rococo's events in words: which text tells each event and with which fields.

One event is one line (:meth:`RococoEvents.event`), from the view of it a seat may see
(``Event.view``): a card drawn in secret is told without its id to the others, and so are
another seat's prestige tokens while the 2013 edition keeps them face down (D-10).  An action's
events together (:meth:`RococoEvents.entry`) read the same, except a turn of Madame du Barry in
the solo mode, told as one sentence (:mod:`salon.wording.rococo.solo`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from salon.core.game import Game
from salon.rococo.rules.solo import FALLBACK_VP
from salon.wording.phrase import Line, Phrase, join
from salon.wording.rococo.solo import her_turns
from salon.wording.rococo.words import RococoWords, known, w

CARD_EVENTS = ("card_removed", "played", "hired", "card_picked", "card_sent_away", "promoted", "replayed", "copied")
TILE_EVENTS = ("tile_taken", "tile_kept", "tile_converted", "tile_drawn", "tile_spent")
GARMENT_EVENTS = ("garment_expired", "tailor", "sold", "rented", "terrace")
EXAMS = ("journeyman_exam", "master_exam", "mdb_exam")
HEADINGS = frozenset({"round"})
"""The events that open a new part of the game."""


class RococoEvents:
    """Words the events of one Rococo game."""

    def __init__(self, game: Game) -> None:
        self.words = RococoWords(game)

    def entries(self, entries: Sequence[Sequence[dict[str, Any]]]) -> list[list[list[Line]]]:
        """The lines of log entries, entry by entry and event by event (an entry alone tells
        all there is to tell of it)."""
        return [self.entry(views) for views in entries]

    def entry(self, views: Sequence[dict[str, Any]]) -> list[list[Line]]:
        """The lines of one action's events, event by event (none for an event another line
        tells)."""
        return her_turns(self, views)

    def event(self, view: dict[str, Any]) -> list[Line]:
        """One event as one line."""
        line = self.line(view)
        if view["type"] in HEADINGS:
            line["heading"] = True
        return [line]

    def line(self, view: dict[str, Any]) -> Phrase:
        ws = self.words
        kind = view["type"]
        who = view.get("seat")
        f: dict[str, Any] = {"player": ws.player(who)}
        key = "event." + kind
        if kind == "setup":
            key = "event.setup_solo" if ws.mdb is not None else key
            f.update(players=view["players"], side=view["side"], player=ws.player(view["start_player"]))
        elif kind == "round":
            f["round"] = view["round"]
        elif kind in CARD_EVENTS:
            key = self._card(view, f, key)
        elif kind == "display":
            f["cards"] = ws.listed([ws.card(c) for c in view["cards"]])
        elif kind == "drawers":
            f["tiles"] = ws.listed([x for x in view["tiles"] if x])
        elif kind == "windows":
            f["garments"] = ws.listed([g for g in view["garments"] if g])
        elif kind in GARMENT_EVENTS:
            f["garment"] = ws.garment(view["garment"])
            if kind == "rented":
                f["space"] = ws.space(view["space"])
            if kind == "terrace":
                f["deco"] = ws.deco(view["space"])
        elif kind in ("hand_taken", "supply_recycled", "mdb_hand"):
            f["count"] = ws.cards_count(view["count"])
        elif kind == "main":
            f["action"] = ws.main(view["action"])
        elif kind in ("livres", "vp", "goods"):
            key = self._gain(view, f)
        elif kind in TILE_EVENTS:
            if "tile" not in view:
                key = f"event.{kind}_hidden"
            else:
                f["tile"] = ws.tile(view["tile"])
            if kind == "tile_taken":
                f["n"] = view["slot"] // ws.t.ds.board.drawer_spaces + 1
        elif kind == "financed":
            f["deco"] = ws.deco(view["space"])
        elif kind in ("bonus", "bonus_skipped"):
            f["bonus"] = ws.bonus(view["bonus"])
            if "card" in view:
                f["card"] = ws.card(view["card"])
        elif kind == "all_halls":
            f["vp"] = ws.vp(view["vp"])
        elif kind == "scored":
            f.update(vp=ws.vp(view["vp"]), step=ws.step(view["step"]))
            if "hall" in view:  # R-SCORE-3: each hall's majority is scored on its own
                key, f["hall"] = "event.scored_hall", ws.hall(view["hall"])
        elif kind in ("jewel_removed", "jewel"):
            f["jewel"] = ws.jewel(view["jewel"])
            if kind == "jewel" and view.get("free"):
                key = "event.jewel_free"
        elif kind == "jewel_display":
            f["jewels"] = ws.listed([ws.jewel(j) for j in view["jewels"] if j])
        elif kind == "exam_passed":
            f["exam"] = ws.exam(view["exam"])
            if who == ws.mdb:
                key = "event.mdb_exam_passed"
        elif kind == "task":
            # Madame du Barry's task follows from her action alone (R-SOLO-RES-3, A-37, A-38)
            f.update(task=view["task"], meaning=ws.task(view["task"]))
            if who == ws.mdb:
                key = "event.mdb_task"
        elif kind.startswith("mdb_"):
            key = self._solo(view, f)
        elif kind == "garment_effect":
            f.update(garment=ws.garment(view["garment"]), effect=ws.effect(view["effect"]))
        if not known(key):
            data = {k: v for k, v in view.items() if k not in ("type", "seat")}
            return w("event.other", type=kind, data=str(data))
        return w(key, **f)

    def _card(self, view: dict[str, Any], f: dict[str, Any], key: str) -> str:
        """An employee card taken, played, hired or sent away; told without its id to a seat
        that may not see it."""
        kind = view["type"]
        if "card" not in view:
            hidden = f"event.{kind}_hidden"
            key = hidden if known(hidden) else "event.card_picked_hidden"
        else:
            f["card"] = self.words.card(view["card"])
        f["why"] = self.words.why(view.get("why", ""))
        if kind == "hired" and view.get("specialist"):
            return "event.hired_specialist"
        if kind == "card_sent_away" and view.get("why") in EXAMS:
            return "event.exam_card_left"
        return key

    def _gain(self, view: dict[str, Any], f: dict[str, Any]) -> str:
        """Livres, prestige points or goods won or paid."""
        ws = self.words
        kind = view["type"]
        f["why"] = ws.why(view["why"])
        if kind == "livres":
            f["amount"] = ws.livres(abs(view["amount"]))
            return "event.livres_gain" if view["amount"] > 0 else "event.livres_pay"
        if kind == "vp":
            if "amount" not in view:  # D-10: another seat's prestige tokens stay face down
                return "event.vp_hidden"
            f["amount"] = ws.vp(view["amount"])
            return "event.vp"
        f["goods"] = ws.goods(view["thread"], view["lace"])
        return "event.goods_gain" if view["thread"] + view["lace"] > 0 else "event.goods_spend"

    def _solo(self, view: dict[str, Any], f: dict[str, Any]) -> str:
        """One of Madame du Barry's automatic steps told alone (solo mode); returns the key."""
        ws = self.words
        kind = str(view["type"])
        if kind == "mdb_card":
            f.update(card=view["card"], action=ws.solo_card(view["card"]))
        elif kind == "mdb_fallback":
            f.update(reason=w("solo.fallback_" + view["why"]), vp=ws.vp(FALLBACK_VP))
        elif kind == "mdb_acquired":
            f["tiles"] = join([ws.tile(x) for x in view["tiles"]])
        elif kind == "mdb_promoted":
            if "card" not in view:
                return "event.mdb_promoted_hidden"
            f["card"] = ws.card(view["card"])
        elif kind == "mdb_placement":
            f.update(card=view["card"], hall=ws.hall(view["hall"], True))
        return "event." + kind
