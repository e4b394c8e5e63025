"""Madame du Barry's turns in one sentence each (the solo mode, RULES.md §14).

Her automatic turn emits an event per step; the log tells the card she reveals, what it makes
her do and why she picks the target she picks as one line, the placement of a garment she
tailored as another, and one line per further consequence (a jewel, a task, an exam); her
turn's end is left out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from salon.rococo.rules.solo import FALLBACK_VP
from salon.wording.phrase import Line, Phrase, join
from salon.wording.rococo.words import RococoWords, w

if TYPE_CHECKING:
    from salon.wording.rococo.events import RococoEvents

View = dict[str, Any]


def her_turns(events: RococoEvents, views: Sequence[View]) -> list[list[Line]]:
    """The lines of one action's events, event by event: each of her turns on the event of
    the card she reveals, its other events told there."""
    mdb = events.words.mdb
    out: list[list[Line]] = [[] for _ in views]
    used: set[int] = set()
    turn = _Turn(events.words, views, used)
    for i, v in enumerate(views):
        if i in used:
            continue
        mine = mdb is not None and v.get("seat") == mdb
        if mine and v["type"] == "turn_end":
            continue
        if mine and v["type"] == "mdb_card":
            out[i] = [turn.card(i)]
        elif mine and v["type"] == "mdb_placement":
            out[i] = [turn.placement(i)]
        else:
            out[i] = events.event(v)
    return out


class _Turn:
    """Tells her turns within one action's events, marking the events told (``used``)."""

    def __init__(self, words: RococoWords, views: Sequence[View], used: set[int]) -> None:
        self.ws = words
        self.views = views
        self.used = used
        self.mdb = words.mdb

    def _span(self, start: int) -> range:
        """The indices of the events of her turn that begins with the card at ``start``."""
        end = start + 1
        views = self.views
        while end < len(views) and not (views[end].get("seat") == self.mdb
                                         and views[end]["type"] in ("turn_end", "mdb_card")):
            end += 1
        return range(start + 1, end)

    def _find(self, span: range, kind: str, why: str | None = None) -> View | None:
        """The first event of hers of ``kind`` (and ``why``) in ``span`` not told yet; it is
        marked as told."""
        for j in span:
            v = self.views[j]
            if j not in self.used and v["type"] == kind and v.get("seat") == self.mdb and why in (None, v.get("why")):
                self.used.add(j)
                return v
        return None

    def card(self, i: int) -> Phrase:
        """"Madame du Barry reveals D07 (tailor the 2nd garment from the right): she tailors
        G12 blue dress (window 4), free of charge"."""
        ws = self.ws
        card = self.views[i]["card"]
        action = ws.solo_cards[card].action
        span = self._span(i)
        fallback = self._find(span, "mdb_fallback")
        if fallback is not None:  # R-SOLO-GEN-4
            self._find(span, "vp", "mdb_fallback")
            result = w("solo.did_fallback", reason=w("solo.fallback_" + fallback["why"]), vp=ws.vp(FALLBACK_VP))
        elif action == "favour":  # R-SOLO-FAV-1
            took = self._find(span, "favour") is not None
            self._find(span, "vp", "mdb_favour")
            result = w("solo.did_favour" if took else "solo.did_favour_held", vp=ws.vp(FALLBACK_VP))
        elif action == "acquire":  # R-SOLO-RES-1
            tiles = (self._find(span, "mdb_acquired") or {}).get("tiles", [])
            result = w("solo.did_acquire", tiles=join([ws.tile_short(x) for x in tiles]),
                       n=ws.tiles_count(len(tiles)))
        elif action == "tailor":  # R-SOLO-TAI-1/2
            made = self._find(span, "tailor") or {}
            result = w("solo.did_tailor", garment=ws.garment(made.get("garment")),
                       window=int(made.get("window", 0)) + 1)
        elif action == "hire":  # R-SOLO-HIRE-1..3
            hired = self._find(span, "hired") or {}
            key = "solo.did_hire_end_game" if hired.get("why") == "end_game" else "solo.did_hire"
            result = w(key, card=ws.card(hired.get("card")))
        else:  # R-SOLO-FIN-1..3
            financed = self._find(span, "financed") or {}
            space = financed.get("space")
            key = "solo.did_finance_jeweler" if financed.get("kind") == "jeweler" else "solo.did_finance"
            result = w(key, deco=ws.deco(space) if space else ws.none())
        return w("solo.turn", player=ws.player(self.mdb), card=card, what=ws.solo_action(card), result=result)

    def placement(self, i: int) -> Phrase:
        """"She reveals D25 (hall 4, full) and D12 (hall 3) for the placement: she rents G07
        out on hall 3, space 2 (master guest space)" (R-SOLO-TAI-4, R-SOLO-PLACE-1..3)."""
        ws = self.ws
        views = self.views
        shown = []
        j = i
        while j < len(views) and views[j]["type"] == "mdb_placement" and views[j].get("seat") == self.mdb:
            self.used.add(j)
            shown.append(views[j])
            j += 1
        cards: list[Phrase | str] = [w("solo.placement_full", card=v["card"], hall=ws.hall(v["hall"], True))
                                     for v in shown[:-1]]
        last = shown[-1]
        cards.append(last["card"])
        placement = w("solo.placement", player=ws.player(self.mdb), cards=self._and(cards))
        if ws.t.ds.jewelry_box is not None:
            placement = w("solo.placement_jewel", placement=placement, symbol=w("solo.symbol_" + last["jewel"]))
        rented = self._find(range(j, len(views)), "rented")
        if rented is None:
            return placement
        return w("solo.placement_rented", placement=placement, garment=ws.garment(rented["garment"]),
                 space=ws.space(rented["space"]), why=self._space_choice(rented["space"]))

    def _space_choice(self, space_id: str) -> Phrase:
        """Why she took that guest space of the hall (R-SOLO-PLACE-1, A-45)."""
        ws = self.ws
        sp = ws.t.ds.board.guest_spaces[ws.t.space_index[space_id]]
        if sp.master:
            return w("space.master")
        if sp.reward != "none":
            return w("solo.best_reward", reward=ws.reward(space_id))
        return w("solo.first_free")

    def _and(self, items: list[Phrase | str]) -> Phrase | str:
        """"a", "a and b", "a, b and c"."""
        if len(items) < 2:
            return join(items, "")
        return w("solo.and", first=join(items[:-1]), last=items[-1])
