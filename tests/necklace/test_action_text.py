"""Reading action texts back (salon.necklace.actions): cards, seats and gem types, and text
that names nothing of the game refused as malformed."""

from __future__ import annotations

import pytest

from salon.core.errors import MalformedAction
from salon.necklace import actions
from salon.necklace.game import Necklace
from salon.necklace.pieces import DataSet
from salon.necklace.state import EMPTY


def _ds() -> DataSet:
    return Necklace.new({"players": 3}, 0).s.ds


def test_cards_presentations_and_alchemy() -> None:
    ds = _ds()
    card = ds.cards[5].id
    gem = ds.gem_names[1]
    assert actions.card(ds, f"buy:{card}") == 5
    assert actions.card(ds, f"discard:{card}") == 5
    assert actions.presented(ds, f"present:{card}") == (5, EMPTY)
    assert actions.presented(ds, f"present:{card}:{gem}") == (5, 1)
    assert actions.alchemy(ds, f"alchemist:{card}:{gem}") == (5, 1)


def test_influence_cards_name_a_seat_and_a_gem_type() -> None:
    ds = _ds()
    gem = ds.gem_names[2]
    assert actions.played(ds, "play:courtesan") == ("courtesan", EMPTY, EMPTY)
    assert actions.played(ds, "play:thief:1") == ("thief", 1, EMPTY)
    assert actions.played(ds, f"play:favorite:{gem}") == ("favorite", EMPTY, 2)
    assert actions.played(ds, f"play:forger:2:{gem}") == ("forger", 2, 2)


@pytest.mark.parametrize("action", ["buy:nothing", "present:", "alchemist:x", "play", "play:forger:1:glass",
                                    "play:thief:1:2:3"])
def test_a_name_of_nothing_is_malformed(action: str) -> None:
    ds = _ds()
    parse = {"buy": actions.card, "present": actions.presented, "alchemist": actions.alchemy,
             "play": actions.played}[action.split(":")[0]]
    with pytest.raises(MalformedAction) as err:
        parse(ds, action)
    assert err.value.rule == "PROTOCOL"
