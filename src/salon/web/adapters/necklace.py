"""The Queen's Necklace for the web server: public card descriptions, private actions, option hints
and where its browser renderer lives.

Everything here is printed on the cards and tiles (a card's kind, gem type and gem count, its
price ladder, the Fashion and Rarity values, the numbers of the rules), so it is public: the
browser uses it for tooltips and for drawing each card's ladder.  Which card a seat holds is
never part of it; that reaches a seat only through ``observe(seat)``.
"""

from __future__ import annotations

from importlib import resources
from typing import Any

from salon.core.game import Game
from salon.necklace.game import Necklace
from salon.necklace.kinds import colour
from salon.necklace.pieces import DataSet
from salon.web.adapters import Adapter


def _data(game: Game) -> DataSet:
    assert isinstance(game, Necklace)
    return game.data


class NecklaceAdapter(Adapter):
    def scores_now(self, game: Game) -> list[int] | None:
        """The livres each seat has scored so far: the highest total wins (QN-END-2)."""
        players: list[dict[str, Any]] = game.observe(None)["players"]
        return [p["score"] for p in players]

    def components(self, game: Game) -> dict[str, Any]:
        ds = _data(game)
        r = ds.rules
        names = ds.gem_names
        return {
            "gems": list(names),
            "precious": [g for g in names if names.index(g) in ds.precious],
            "cards": {c.id: {
                "kind": c.kind_name, "colour": colour(c.kind),
                "gem": names[c.gem] if c.gem >= 0 else None, "gems": c.gems, "ladder": list(c.ladder),
            } for c in ds.cards},
            # the faces the views name by kind, identical copies alike (QN-INFO-1): no id, no ladder
            "kinds": {name: {
                "kind": c.kind_name, "colour": colour(c.kind),
                "gem": names[c.gem] if c.gem >= 0 else None, "gems": c.gems, "ladder": [],
            } for name, c in ((name, ds.cards[i]) for name, i in ds.public_card.items())},
            "rules": {
                "ducats": r.ducats,
                "courtesan_ducats": r.courtesan_ducats,
                "fashion_values": list(r.fashion_values),
                "rarity_values": list(r.rarity_values),
                "banker_bonus": r.banker_bonus,
                "necklace_bounty": r.necklace_bounty,
                "sales": r.sales,
                "market_size": r.market_size,
                "musketeers_for_necklace": r.musketeers_for_necklace,
            },
        }

    def private_action(self, action: str) -> bool:
        """QN-SALE-7, QN-INFO-1: a presentation is committed card by card, but how many cards
        a player presents is as secret as which (the rulebook warns not to show it): only
        ``done``, which commits it, is seen by the others."""
        return action.startswith("present:")

    def option_hints(self) -> dict[str, dict[str, Any]]:
        return {"start_player": {"main": True}, "third_merchant_in_last_six": {"hidden": True}}


ADAPTER = NecklaceAdapter()
RENDERER = resources.files("salon.web") / "static" / "games" / "necklace"
"""The folder of The Queen's Necklace's browser renderer (salon.web.api.lobby.RENDERERS)."""
