"""Reading action texts back (salon.rococo.actions): every offered text names what the rules
meant, and text that names nothing of the game is refused as malformed."""

from __future__ import annotations

import pytest

from salon.core.errors import MalformedAction
from salon.rococo import actions
from salon.rococo.game import Rococo


def test_every_ready_made_text_reads_back_to_its_component() -> None:
    t = Rococo.new({"players": 3, "expansions": "all"}, 0).s.t
    for texts, parse in ((t.play, actions.card), (t.hire, actions.card), (t.pick, actions.card),
                         (t.dismiss, actions.card), (t.take, actions.tile), (t.give, actions.tile),
                         (t.silk, actions.tile), (t.garment, actions.garment), (t.rent, actions.space),
                         (t.finance, actions.decoration), (t.jewel, actions.jewel)):
        assert [parse(t, text) for text in texts] == list(range(len(texts)))


def test_numbers_words_and_terrace_moves() -> None:
    t = Rococo.new({"players": 2}, 0).s.t
    assert actions.number("sets:12") == 12
    assert actions.argument("main:tailor") == "tailor"
    g, d = actions.terrace_move(t, f"terrace:{t.ds.garments[3].id}:{t.ds.board.decorations[2].id}")
    assert (g, d) == (3, 2)


@pytest.mark.parametrize("action", ["play:E99", "give:G01", "rent:h9s9", "garment:", "finance:h1s1"])
def test_a_name_of_nothing_is_malformed(action: str) -> None:
    t = Rococo.new({"players": 2}, 0).s.t
    parse = {"play": actions.card, "give": actions.tile, "rent": actions.space, "garment": actions.garment,
             "finance": actions.decoration}[action.split(":")[0]]
    with pytest.raises(MalformedAction) as err:
        parse(t, action)
    assert err.value.rule == "PROTOCOL"


@pytest.mark.parametrize("action", ["sets:", "sets:two", "hall:-1"])
def test_a_number_that_is_none_is_malformed(action: str) -> None:
    with pytest.raises(MalformedAction):
        actions.number(action)


def test_a_terrace_move_names_two_things() -> None:
    t = Rococo.new({"players": 2}, 0).s.t
    with pytest.raises(MalformedAction):
        actions.terrace_move(t, "terrace:G01")
