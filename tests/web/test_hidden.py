"""Hidden information stays hidden through the server (R-SETUP-12, docs/architecture.md principle 7).

Whole games are played through the server, by server-side bots and by scripted seats that
act over HTTP; every message any seat or spectator receives (HTTP answers and WebSocket
pushes) is kept.  Afterwards the game is replayed to know, at every version, which ids each
viewer must not see: the other seats' hands, supplies, racks and specialized apprentices,
the deck and the bags.  No observation may name one; no journal entry may name an id that
was hidden from the viewer both before and after the action it reports (unless the action
revealed it publicly, as the spectator's view of the same events shows).
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from salon.core.game import Game
from salon.rococo.game import Rococo
from salon.rococo.state import EMPTY
from salon.web.tables.room import Room
from tests.web import hidden
from tests.web.helpers import create
from tests.web.hidden import Messages, versions


def hidden_from(g: Game, viewer: int | None) -> set[str]:
    assert isinstance(g, Rococo)
    s = g.s
    t = s.t
    ids: set[str] = set()
    for seat, p in enumerate(s.players):
        if seat == viewer:
            continue
        ids |= {t.cards[c].id for c in p.hand + p.supply}
        ids |= {t.ds.tiles[x].id for x in p.rack}
        if p.specialist != EMPTY:
            ids.add(t.cards[p.specialist].id)
    ids |= {t.cards[c].id for c in s.deck}
    ids |= {t.ds.tiles[x].id for x in s.res_bag}
    ids |= {t.ds.garments[x].id for x in s.gar_bag}
    if t.ds.jewelry_box is not None:
        ids |= {t.ds.jewelry_box.jewels[j].id for j in s.jewel_bag}
    return ids


def play(client: TestClient, seats: list[dict[str, Any]], config: dict[str, Any], seed: int) -> tuple[Room, Messages]:
    """A whole Rococo game: every human seat joins and acts at random over HTTP (hidden.play)."""
    game_id, token = create(client, seats, seed, config)
    assert token is not None
    tokens = {0: token}
    for seat, spec in enumerate(seats):
        if seat and spec["kind"] == "human":
            tokens[seat] = client.post(f"/api/games/{game_id}/join", json={"seat": seat}).json()["token"]
    return hidden.play(client, game_id, tokens, seed)


def leaks(room: Room, messages: Messages) -> tuple[list[str], int]:
    """Every hidden Rococo id some message names, and the number of state messages checked."""
    return hidden.leaks(room, messages, hidden_from)


@pytest.mark.slow
@pytest.mark.parametrize(("seats", "config", "seed"), [
    ([{"kind": "human"}, {"kind": "bot", "bot": "random"}], {}, 11),
    ([{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "heuristic"}],
     {"expansions": ["jewelry_box", "festive"]}, 12),
])
def test_no_message_names_another_seats_secrets(client: TestClient, seats: list[dict[str, Any]],
                                                config: dict[str, Any], seed: int) -> None:
    room, messages = play(client, seats, config, seed)
    assert room.game.is_over()
    found, checked = leaks(room, messages)
    assert not found, found[:5]
    assert checked > 50
    # the check has teeth: another seat's view, or its unredacted events, would be caught
    games = versions(room)
    n = len(games) // 3
    forged = {"type": "state", "log_from": n + 1, "observation": games[n].observe(1), "log": []}
    assert leaks(room, {0: [forged]})[0]
    picks = next(i for i, events in enumerate(room.log) if any(e.type == "card_picked" and e.seat == 1 for e in events))
    unredacted = {"n": picks, "events": [e.view(1) for e in room.log[picks]]}
    assert leaks(room, {0: [{"type": "state", "log_from": picks, "observation": {}, "log": [unredacted]}]})[0]
