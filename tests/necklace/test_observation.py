"""Hidden information stays hidden (QN-INFO-1/2, docs/architecture.md principle 7).

A seat's observation holds its own hand, its presentation being prepared and the hands a
Confessor or a Forger showed it; of the others only what is public.  The tests play random
games and check, at many decisions, that no id of a card hidden from the viewer appears in
its observation, that replacing another seat's hidden cards changes nothing the viewer sees,
and that secret event fields are shown to their seat alone.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from salon.necklace.game import Necklace
from salon.necklace.kinds import MERCHANT, NECKLACE
from tests.necklace.positions import begin_sale, find, hidden_names, new_game, run, set_hand

SECRET_EVENTS = {"astrologer_draw", "stolen", "robbed", "hand_shown"}


def _hidden_ids(g: Necklace, viewer: int | None) -> set[str]:
    s = g.s
    seen = set()
    if viewer is not None:
        seen = {c for hand in s.peeks[viewer] if hand for c in hand}
    hidden = set(s.pile)
    for seat, hand in enumerate(s.hands):
        if seat != viewer:
            hidden |= {c for c in hand if c not in seen}
    return hidden_names(g, hidden)


NOT_CARDS = {"game", "kind"}
"""Keys whose texts name the game or a kind of decision or card, which share words with the
cards' public names (``necklace``, ``queen``) but name no card."""


def _strings(value: Any) -> set[str]:
    """Every text a view holds (not its keys), and each part of an action-like text."""
    if isinstance(value, str):
        return {value, *value.split(":")}
    if isinstance(value, dict):
        return set().union(set(), *(_strings(v) for k, v in value.items() if k not in NOT_CARDS))
    if isinstance(value, list):
        return set().union(*map(_strings, value)) if value else set()
    return set()


def _mentions(view: Any, ids: set[str]) -> set[str]:
    return ids & _strings(view)


def _games() -> Iterator[tuple[Necklace, random.Random]]:
    for seed in range(16):
        players = 2 + seed % 3
        g = Necklace.new({"players": players, "conceal_holders": seed % 4 != 3}, seed)
        yield g, random.Random(seed)


@pytest.mark.heavy
def test_observations_never_show_hidden_cards_QN_INFO_1() -> None:
    for g, rng in _games():
        while not g.is_over():
            if rng.random() < 0.25:
                for viewer in [*range(g.num_players), None]:
                    leaked = _mentions(g.observe(viewer), _hidden_ids(g, viewer))
                    assert not leaked, f"seat {viewer} sees hidden {leaked}"
            g.apply(rng.choice(g.legal_actions()))


def test_public_facts_are_in_every_observation_QN_INFO_2() -> None:
    g = Necklace.new({"players": 3}, 5)
    for viewer in (0, 1, None):
        obs = g.observe(viewer)
        assert [p["hand_count"] for p in obs["players"]] == [len(h) for h in g.s.hands]
        assert [p["score"] for p in obs["players"]] == g.s.scores
        assert [m and m["card"]["id"] for m in obs["market"]] == [g.s.ds.cards[c].id for c in g.s.market]
        assert obs["pile_count"] == len(g.s.pile) and obs["discard"] == []
        assert [f["gem"] for f in obs["fashion"]] == [g.s.ds.gem_names[t] for t in g.s.fashion]
        assert "necklace" in obs["players"][0] and "delayed_sales" in obs["players"][0]


def _swap_hidden(g: Necklace, viewer: int) -> Necklace | None:
    """A copy in which every other seat's hand (but for the Necklace, whose holder is public)
    is replaced by cards from the pile, or None when the position does not allow it."""
    h = g.clone()
    s = h.s
    cards = s.ds.cards
    if s.phase == "sale" or any(row for row in s.peeks[viewer] if row):
        return None
    pool = [c for c in s.pile if cards[c].kind not in (MERCHANT, NECKLACE)]
    for seat in range(s.n):
        if seat == viewer:
            continue
        keep = [c for c in s.hands[seat] if cards[c].kind == NECKLACE]
        k = len(s.hands[seat]) - len(keep)
        if len(pool) < k:
            return None
        new, pool = pool[:k], pool[k:]
        for c in new:
            s.pile.remove(c)
        s.pile[:0] = [c for c in s.hands[seat] if c not in keep]
        s.hands[seat] = keep + new
    s.held = [c for c in s.held if c in s.hands[s.active]]
    h._legal = None
    return h


def test_other_hands_do_not_change_the_observation() -> None:
    """What a seat sees is the same whatever the others hold (and whatever the pile's order)."""
    checked = 0
    for g, rng in _games():
        while not g.is_over():
            if rng.random() < 0.1:
                viewer = rng.randrange(g.num_players)
                h = _swap_hidden(g, viewer)
                if h is not None:
                    a, b = g.observe(viewer), h.observe(viewer)
                    if g.current_player() != viewer:  # its own legal actions may differ, not its view
                        assert a == b
                    else:
                        assert {**a, "decision": None} == {**b, "decision": None}
                    checked += 1
            g.apply(rng.choice(g.legal_actions()))
    assert checked > 100


def test_secret_event_fields_reach_their_seat_only() -> None:
    kinds = set()
    for g, rng in _games():
        while not g.is_over():
            events = g.apply(rng.choice(g.legal_actions()))
            for e in events:
                if e.type in SECRET_EVENTS:
                    kinds.add(e.type)
                    assert e.secret
                    for viewer in [*range(g.num_players), None]:
                        view = e.view(viewer)
                        assert (viewer == e.seat) == all(k in view for k in e.secret), (e, viewer)
    assert kinds == SECRET_EVENTS


def test_presentation_stays_hidden_until_the_reveal_QN_INFO_1() -> None:
    g = new_game(3)
    rubies = find(g, "gem", "ruby")[:3]
    set_hand(g, 0, rubies)
    set_hand(g, 1, find(g, "gem", "amber")[:2])
    set_hand(g, 2, find(g, "thief")[:1])
    begin_sale(g, 0)
    run(g, *[f"present:{g.s.ds.cards[c].id}" for c in rubies[:2]], "done")
    for viewer in (1, 2, None):
        obs = g.observe(viewer)
        assert obs["players"][0]["hand_count"] == 3 and "presenting" not in obs["players"][0]
        assert "presented" not in obs["players"][0]
    assert g.observe(0)["players"][0]["presenting"]["lots"] == {"ruby": [g.s.ds.cards[c].id for c in rubies[:2]]}
    run(g, "done", "done")
    while g.decision().get("kind") == "alchemist":
        g.apply("pass")
    assert g.s.sales == 1


def test_decision_context_only_for_the_deciding_seat() -> None:
    g = new_game(2)
    set_hand(g, 0, find(g, "gem", "ruby")[:1])
    begin_sale(g, 0)
    g.apply(f"present:{g.s.ds.cards[find(g, 'gem', 'ruby')[0]].id}")
    decision = g.observe(0)["decision"]
    assert decision is not None and decision["lots"] == {"ruby": [g.s.ds.cards[find(g, "gem", "ruby")[0]].id]}
    assert g.observe(1)["decision"] == {"seat": 0, "kind": "present"}
