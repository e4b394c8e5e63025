"""Hidden information stays hidden (R-SETUP-12, A-57, docs/architecture.md principle 7).

A seat's observation holds its own hand, supply and rack, and of the others only what is
public: counts, discard piles, the board.  The tests play random games and check, at every
decision, that no id of another seat's hidden card or tile, and nothing from the bags,
appears in the observation or in the events as that seat sees them.
"""

from __future__ import annotations

import json
import random

import pytest

from salon.rococo.game import Rococo
from salon.rococo.state import EMPTY


def _hidden_ids(g: Rococo, viewer: int | None) -> set[str]:
    s = g.s
    t = s.t
    ids: set[str] = set()
    for seat, p in enumerate(s.players):
        if seat == viewer:
            continue
        ids |= {t.cards[c].id for c in p.hand + p.supply}
        ids |= {t.ds.tiles[x].id for x in p.rack}
    ids |= {t.cards[c].id for c in s.deck}
    ids |= {t.ds.tiles[x].id for x in s.res_bag}
    ids |= {t.ds.garments[x].id for x in s.gar_bag}
    return ids


def _mentions(blob: str, ids: set[str]) -> set[str]:
    return {i for i in ids if f'"{i}"' in blob or f":{i}" in blob}


@pytest.mark.slow
def test_observations_and_events_never_leak_hidden_ids() -> None:
    for seed in range(12):
        players = 2 + seed % 4
        g = Rococo.new({"players": players}, seed)
        rng = random.Random(seed)
        while not g.is_over():
            if rng.random() < 0.2:
                for viewer in [*range(players), None]:
                    blob = json.dumps(g.observe(viewer))
                    leaked = _mentions(blob, _hidden_ids(g, viewer))
                    assert not leaked, f"seat {viewer} sees hidden {leaked}"
            seat = g.current_player()
            assert seat is not None
            events = g.apply(rng.choice(g.legal_actions()))
            for viewer in [*range(players), None]:
                if viewer == seat:
                    continue
                blob = json.dumps([e.view(viewer) for e in events])
                # what the acting seat holds secretly right after its action
                secret = {g.s.t.cards[c].id for c in g.s.players[seat].hand + g.s.players[seat].supply}
                secret |= {g.s.t.ds.tiles[x].id for x in g.s.players[seat].rack}
                for e in events:
                    if e.type in ("tile_kept", "tile_drawn") and e.secret:
                        assert "tile" not in e.view(viewer)
                assert not _mentions(blob, secret & _secret_now(g, seat)), blob


def _secret_now(g: Rococo, seat: int) -> set[str]:
    """Ids the acting seat holds that nobody else ever saw: hand/supply start cards, tiles
    drawn from the bag and kept.  (Cards hired from the display and tiles bought face up
    were public when they moved; they may be named in events.)"""
    s = g.s
    p = s.players[seat]
    return {s.t.cards[c].id for c in p.hand + p.supply if s.t.cards[c].owner == seat}


def test_own_observation_shows_own_secrets_only() -> None:
    g = Rococo.new({"players": 3, "start_player": 0}, 9)
    obs = g.observe(0)
    me = obs["players"][0]
    assert sorted(me["supply"] + me["hand"]) == sorted(f"S1{k}" for k in range(1, 6))
    for other in obs["players"][1:]:
        assert not {"hand", "supply", "rack", "silk"} & set(other)
        assert other["supply_count"] + other["hand_count"] == 5
    spectator = g.observe(None)
    assert all("hand" not in p for p in spectator["players"])


def test_observation_does_not_depend_on_others_secrets() -> None:
    """Swapping another seat's hand and supply, or its rack tiles for other hidden tiles,
    leaves this seat's observation unchanged."""
    g = Rococo.new({"players": 3, "start_player": 0}, 21)
    rng = random.Random(2)
    while g.s.phase != "actions" or not g.s.players[1].hand or not g.s.players[1].supply:
        g.apply(rng.choice(g.legal_actions()))
    before = g.observe(0)
    h = g.clone()
    p = h.s.players[1]
    p.hand[0], p.supply[0] = p.supply[0], p.hand[0]
    if h.s.res_bag and p.rack:
        x = p.rack[0]
        y = h.s.res_bag[0]
        p.rack[0], h.s.res_bag[0] = y, x
    assert h.observe(0) == before


def test_decision_details_only_for_the_deciding_seat() -> None:
    g = Rococo.new({"players": 2, "start_player": 0}, 4)
    seat = g.current_player()
    assert seat is not None
    other = 1 - seat
    assert g.observe(other)["decision"] == {"seat": seat, "kind": g.decision()["kind"]}
    assert g.observe(seat)["decision"] == g.decision() and g.decision()["kind"] == "hand"
    assert EMPTY == -1
