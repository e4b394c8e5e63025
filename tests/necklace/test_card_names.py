"""One name per card for every seat (QN-INFO-1): whatever a seat is shown names a card by an
id only where that id is the card's own and the seat knows the card by it.

A seat knows a card by its id while it lies in the market, in the seat's hand or in the seat's
presentation; an event may also name a card the seat knew so just before or just after the
action (a purchase, a draw into the market, a card stolen from or into its hand).  Everywhere
else identical copies are named by their kind, which is never an id, so that no seat reads
that a card it never held was taken from it.  The property is checked on random games, on the
events and observations a seat receives and on the terminal's log and board drawn for it.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from rich.console import Console
from rich.text import Text

from salon.cli.necklace.view import NecklaceView
from salon.necklace.game import Necklace
from salon.necklace.state import EMPTY

ID = re.compile(r"\bC\d{3}\b")


def _known(g: Necklace, seat: int) -> set[str]:
    """The ids a seat may read now: the market, its hand and its presentation."""
    s = g.s
    cards = s.ds.cards
    return {cards[c].id for c in (*s.market, *s.hands[seat], *s.shown[seat]) if c != EMPTY}


def _ids(value: Any, ids: frozenset[str]) -> set[str]:
    """The card ids among the texts of a view (and the parts of an action-like text)."""
    if isinstance(value, str):
        return {part for part in (value, *value.split(":")) if part in ids}
    if isinstance(value, dict):
        return set().union(set(), *(_ids(v, ids) for v in value.values()))
    if isinstance(value, list):
        return set().union(set(), *(_ids(v, ids) for v in value))
    return set()


def _text(view: NecklaceView, seat: int) -> str:
    console = Console(width=160, record=True, file=None, force_terminal=False)
    with console.capture() as capture:
        console.print(view.board(seat))
    return capture.get()


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_seat_reads_an_id_it_knows_for_another_card_QN_INFO_1(players: int) -> None:
    g = Necklace.new({"players": players}, players)
    ids = frozenset(g.s.ds.card_index)
    rng = random.Random(players)
    views = [NecklaceView(g, "en", [f"P{i}" for i in range(players)]) for _ in range(players)]
    step = 0
    while not g.is_over():
        before = [_known(g, seat) for seat in range(players)]
        events = g.apply(rng.choice(g.legal_actions()))
        step += 1
        for seat in range(players):
            allowed = before[seat] | _known(g, seat)
            shown = [e.view(seat) for e in events]
            named = _ids(shown, ids)
            assert named <= allowed, f"step {step}: seat {seat} reads {named - allowed} in {shown}"
            printed = set(ID.findall(Text.from_markup("\n".join(views[seat].log(shown))).plain))
            assert printed <= allowed, f"step {step}: seat {seat}'s log prints {printed - allowed}"
            obs = g.observe(seat)
            assert _ids(obs, ids) <= _known(g, seat), f"step {step}: seat {seat}'s observation"
            if step % 20 == 0:
                board = set(ID.findall(_text(views[seat], seat)))
                assert board <= _known(g, seat), f"step {step}: seat {seat}'s board prints {board}"


def test_public_names_are_never_card_ids() -> None:
    """Identical copies share a public name that names their kind and gems, not a card."""
    ds = Necklace.new({"players": 2}, 0).data
    assert not set(ds.public_id) & set(ds.card_index)
    assert {ds.public_id[c.index] for c in ds.cards if c.kind_name == "thief"} == {"thief"}
    ruby = next(c for c in ds.cards if c.kind_name == "gem" and ds.gem_names[c.gem] == "ruby" and c.gems == 2)
    assert ds.public_id[ruby.index] == "ruby-2" and ds.named("ruby-2").gems == 2
