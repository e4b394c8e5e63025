"""Rococo for the web server: public component descriptions, option hints and where its browser
renderer lives.

Everything here is printed on the physical components (a garment's silk and prestige, a
tile's contents, a card's bonus, a space's reward or cost), so it is public: the browser
uses it for the board's geometry and for tooltips.  Nothing depends on the game's hidden
state; only the config (board side, expansions, edition, solo mode) selects which components
exist.  The 2013 edition names some of them differently (its ``terms``: colours, wool for
thread, fountain for kitchen), and the browser shows those names at its tables.

Beside the observation it tells each seat's score if the game ended now (``projection``):
most points come only in the final scoring (R-SCORE-*), so the points scored during the game
say little of who leads.
"""

from __future__ import annotations

from importlib import resources
from typing import Any

from salon.core.game import Game
from salon.rococo.config import MDB, SOLO_ONLY
from salon.rococo.game import Rococo
from salon.rococo.models import COLOURS, EXPANSIONS
from salon.rococo.observation import Observation
from salon.rococo.tables import Tables
from salon.web.adapters import Adapter


def _silk(vector: tuple[int, ...]) -> dict[str, int]:
    return {c: n for c, n in zip(COLOURS, vector) if n}


def _tables(game: Game) -> Tables:
    assert isinstance(game, Rococo)
    return game.tables


class Shown(Observation):
    """What a seat's browser is sent: its observation, and each seat's score if the game ended
    now as the seat may know it (None: unknown)."""

    projection: list[int | None]


class RococoAdapter(Adapter):
    def observe(self, game: Game, seat: int | None) -> Shown:
        assert isinstance(game, Rococo)
        return {**game.observe(seat), "projection": game.projection(seat)}

    def scores_now(self, game: Game) -> list[int] | None:
        """Each seat's projection as the seat itself knows it: its own hand counted, which
        no other seat's view of it counts (salon.rococo.projection)."""
        assert isinstance(game, Rococo)
        return [game.projection(seat)[seat] or 0 for seat in range(game.num_players)]

    def components(self, game: Game) -> dict[str, Any]:
        t = _tables(game)
        ds = t.ds
        b = ds.board
        rules = ds.rules
        bonus = ds.bonus
        decos = b.decorations
        jb = ds.jewelry_box
        cfg = game.config
        return {
            "edition": cfg.edition,
            "terms": dict(ds.terms or {}),
            "solo": {"seat": MDB, "cards": {c.id: c.model_dump(exclude={"id"}) for c in ds.solo_cards}}
            if cfg.solo else None,
            "side": b.side,
            "rounds": rules.rounds,
            "colours": list(COLOURS),
            "garments": {g.id: {
                "colour": g.colour, "dress": g.is_dress, "master_only": g.thimble, "silk": _silk(g.silk),
                "thread": g.thread, "lace": g.lace, "value": g.value, "prestige": g.prestige,
                "expansion": g.expansion, "effect": g.effect,
            } for g in ds.garments},
            "tiles": {x.id: {"silk": _silk(x.silk), "lower": x.lower} for x in ds.tiles},
            "cards": {c.id: {
                "level": c.level, "type": c.type, "bonus": c.bonus, "send_value": c.send_value,
                "owner": c.owner if c.owner >= 0 else None, "group": c.group, "condition": c.condition,
            } for c in t.cards},
            "board": {
                "window_costs": list(b.window_costs),
                "dark_windows": b.dark_windows,
                "drawers": b.drawers,
                "drawer_spaces": b.drawer_spaces,
                "resource_price": list(b.resource_price),
                "hire_spaces": b.hire_spaces,
                "hire_price": list(b.hire_price),
                "fireworks_majority": list(b.fireworks_majority),
                "all_halls_vp": list(b.all_halls_vp),
                "halls": [{
                    "number": h.number,
                    "majority": list(h.majority),
                    "musician": decos[h.musician].id,
                    "spaces": [{"id": s.id, "master": s.master, "reward": s.reward, "livres": s.reward_livres}
                               for s in (b.guest_spaces[i] for i in h.spaces)],
                } for h in b.halls],
                "decorations": [{"id": d.id, "kind": d.kind, "cost": d.cost, "vp": d.vp,
                                 "multiplier": d.multiplier, "hall": d.hall} for d in decos],
            },
            "rules": {
                "favour_livres": rules.favour_livres,
                "favour_end_vp": rules.favour_end_vp,
                "start_thread_lace_price": bonus.start_thread_lace_price,
                "thread_lace_set_vp": bonus.thread_lace_set_vp,
                "green_reduction_l4": bonus.green_reduction_l4,
                "dismiss_cash": dict(bonus.dismiss_cash),
            },
            "jewelry": None if jb is None else {
                "jewels": {j.id: {"kind": j.kind, "colour": j.colour} for j in jb.jewels},
                "display_prices": list(jb.display_prices),
                "journeyman_tasks": list(jb.journeyman_tasks),
                "master_tasks": list(jb.master_tasks),
                "exam_fee": jb.params.exam_fee,
                "exam_vp": jb.params.exam_vp,
            },
        }

    def option_hints(self) -> dict[str, dict[str, Any]]:
        main = {"main": True}  # shown first in the lobby; the rulings' options go under "more options"
        deluxe = {**main, "requires": {"edition": "deluxe"}}  # D-2: the 2013 edition has neither
        solo_only = {"requires": {"solo": True}}  # the config refuses them without the solo mode
        return {"edition": main, "solo": deluxe,
                "expansions": {**deluxe, "type": "list", "choices": list(EXPANSIONS)},
                "start_player": {"requires": {"solo": False}},  # R-SOLO-SETUP-5: she starts
                **{key: solo_only for key in SOLO_ONLY},
                "exquisite_tile_source": {"requires": {"expansions": {"contains": "exquisite"}}}}


ADAPTER = RococoAdapter()
RENDERER = resources.files("salon.web") / "static" / "games" / "rococo"
"""The folder of Rococo's browser renderer (salon.web.api.lobby.RENDERERS)."""
