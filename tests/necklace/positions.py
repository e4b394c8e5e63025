"""Position builder for the rule tests: start a game, then put chosen cards where a test needs
them (hands, market, top of the pile, discard) while every card stays in exactly one place,
and restart a turn or a sale from there."""

from __future__ import annotations

from typing import Any

from salon.core.events import Event
from salon.necklace.components import KINDS, MERCHANT
from salon.necklace.game import Necklace
from salon.necklace.invariants import check
from salon.necklace.rules.registry import advance
from salon.necklace.state import EMPTY, State


def new_game(players: int = 2, seed: int = 0, start: int = 0, **config: Any) -> Necklace:
    return Necklace.new({"players": players, "start_player": start, **config}, seed)


def find(g: Necklace, kind: str, gem: str | None = None, gems: int | None = None) -> list[int]:
    """Indices of every card of a kind (and gem type / gem count), lowest first."""
    ds = g.s.ds
    k = KINDS.index(kind)
    return [
        c.index for c in ds.cards
        if c.kind == k and (gem is None or ds.gem_names[c.gem] == gem) and (gems is None or c.gems == gems)
    ]


def cid(g: Necklace, c: int) -> str:
    """The card's own id, as the market and its holder's hand name it."""
    return g.s.ds.cards[c].id


def pid(g: Necklace, c: int) -> str:
    """The card's public id, as events and the other views name it (shared by identical copies)."""
    return g.s.ds.public_id[c]


def hidden_names(g: Necklace, hidden: set[int]) -> set[str]:
    """The names that would betray a card of ``hidden`` (indices): its own id, and its public
    id unless some copy of the same public id is not hidden (then the name is that copy's)."""
    ds = g.s.ds
    named_openly = {ds.public_id[c] for c in range(len(ds.cards)) if c not in hidden}
    return {ds.cards[c].id for c in hidden if ds.cards[c].id != ds.public_id[c]} | (
        {ds.public_id[c] for c in hidden} - named_openly)


def gem(g: Necklace, name: str) -> int:
    return g.s.ds.gem_index(name)


def _take(s: State, c: int) -> None:
    """Remove a card from wherever it is."""
    for zone in (s.pile, s.out, s.limbo, *s.hands):
        if c in zone:
            zone.remove(c)
            return
    if c in s.market:
        slot = s.market.index(c)
        s.market[slot] = EMPTY
        s.price[slot] = 0
        return
    for pair in s.delayed:
        if pair[0] == c:
            s.delayed.remove(pair)
            return
    raise AssertionError(f"card {c} is nowhere")


def _store(s: State, c: int) -> None:
    """Put a card out of the way: at the bottom of the pile (Merchants never go there, so that
    no test draws one unexpectedly; they leave the game instead)."""
    if s.ds.cards[c].kind == MERCHANT:
        s.out.append(c)
    else:
        s.pile.insert(0, c)


def set_hand(g: Necklace, seat: int, cards: list[int]) -> None:
    s = g.s
    for c in s.hands[seat][:]:
        s.hands[seat].remove(c)
        _store(s, c)
    for c in cards:
        _take(s, c)
        s.hands[seat].append(c)
    g._legal = None


def give(g: Necklace, seat: int, *cards: int) -> None:
    for c in cards:
        _take(g.s, c)
        g.s.hands[seat].append(c)
    g._legal = None


def set_market(g: Necklace, cards: list[int | None], steps: list[int] | None = None) -> None:
    """The market slots left to right (None: empty), with their price steps (default 0)."""
    s = g.s
    for slot, c in enumerate(s.market):
        if c != EMPTY:
            s.market[slot] = EMPTY
            _store(s, c)
    for slot, c in enumerate(cards):
        if c is not None:
            _take(s, c)
            s.market[slot] = c
        s.price[slot] = (steps[slot] if steps else 0) if c is not None else 0
    g._legal = None


def set_pile_top(g: Necklace, cards: list[int]) -> None:
    """Put cards on top of the draw pile; the first given is drawn first."""
    s = g.s
    for c in cards:
        _take(s, c)
    s.pile.extend(reversed(cards))
    g._legal = None


def set_pile(g: Necklace, cards: list[int]) -> None:
    """The whole draw pile, first drawn first; the cards it held go out of the game."""
    s = g.s
    for c in s.pile[:]:
        if c not in cards:
            s.pile.remove(c)
            s.out.append(c)
    set_pile_top(g, cards)


def to_discard(g: Necklace, *cards: int) -> None:
    for c in cards:
        _take(g.s, c)
        g.s.out.append(c)
    g._legal = None


def set_fashion(g: Necklace, names: list[str]) -> None:
    g.s.fashion = [gem(g, n) for n in names]


def begin_turn(g: Necklace, seat: int) -> None:
    """Start ``seat``'s turn afresh (the cards in its hand now count as held since the turn
    began)."""
    s = g.s
    s.stack = [("turn", seat)]
    s.events = []
    advance(s)
    g._legal = None


def begin_sale(g: Necklace, active: int | None = None) -> int:
    """Start a sale now, as if a Merchant had just been drawn in ``active``'s Influence phase
    with no Cardinal played; returns the Merchant."""
    s = g.s
    if active is not None:
        s.active = active
    m = next(c for c in s.pile if s.ds.cards[c].kind == MERCHANT)
    s.pile.remove(m)
    s.limbo.append(m)
    s.stack = [("turn", (s.active + 1) % s.n), ("sale", -1, m, "influence")]
    s.events = []
    advance(s)
    g._legal = None
    return m


def run(g: Necklace, *actions: str) -> list[Event]:
    events: list[Event] = []
    for a in actions:
        events += g.apply(a)
    return events


def present_all(g: Necklace, lots: dict[int, list[str]]) -> list[Event]:
    """Every seat asked to present does so: the actions listed for it, then ``done``."""
    events: list[Event] = []
    while g.decision().get("kind") == "present":
        seat = g.current_player()
        events += run(g, *lots.get(seat, []), "done")
    return events


def skip_alchemist(g: Necklace) -> list[Event]:
    events: list[Event] = []
    while g.decision().get("kind") == "alchemist":
        events += g.apply("pass")
    return events


def assert_valid(g: Necklace) -> None:
    problems = check(g.s)
    assert not problems, problems


def kinds_of(events: list[Event]) -> list[str]:
    return [e.type for e in events]
