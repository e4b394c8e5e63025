"""Position builder for the rule tests: start a game, then put chosen cards where a test needs
them (hands, market, top of the pile, discard) and restart a turn or a sale from there.

Every helper edits the game's position as data (docs/positions.md): it takes
``g.to_position()``, changes it and loads it back through the position format, which refuses
a card in two places or in none (the game's other invariants wait for ``assert_valid``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from salon.core.events import Event
from salon.necklace import position
from salon.necklace.game import Necklace
from salon.necklace.invariants import check
from salon.necklace.kinds import KINDS, MERCHANT
from salon.necklace.state import State
from tests.attributes import attributes


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


Position = dict[str, Any]


def edit(g: Necklace) -> Position:
    """The position of ``g``, to edit and :func:`load` back."""
    return g.to_position()


def load(g: Necklace, pos: Position) -> Necklace:
    """Make ``g`` play on from ``pos``, loaded as ``Necklace.from_position`` loads it.  A test
    builds a position in several steps, so the game's invariants wait for ``assert_valid``;
    every card must still lie in exactly one place.  The state object a test holds stays
    valid: it takes the loaded values."""
    loaded = position.from_position(pos, invariants=False)[2]
    for name in attributes(State):
        setattr(g.s, name, getattr(loaded, name))
    g._legal = None
    return g


def _take(pos: Position, card: str) -> None:
    """Remove a card from wherever it is."""
    for zone in (pos["hidden"]["pile"], pos["out"], pos["merchants"]["resolving"], *pos["hands"]):
        if card in zone:
            zone.remove(card)
            return
    for slot, entry in enumerate(pos["market"]):
        if entry is not None and entry["card"] == card:
            pos["market"][slot] = None
            return
    delayed = pos["merchants"]["delayed"]
    for entry in delayed:
        if entry["card"] == card:
            delayed.remove(entry)
            return
    raise AssertionError(f"card {card} is nowhere")


def _store(g: Necklace, pos: Position, c: int) -> None:
    """Put a card out of the way: at the bottom of the pile (Merchants never go there, so that
    no test draws one unexpectedly; they leave the game instead)."""
    if g.s.ds.cards[c].kind == MERCHANT:
        pos["out"].append(cid(g, c))
    else:
        pos["hidden"]["pile"].append(cid(g, c))


def set_hand(g: Necklace, seat: int, cards: list[int]) -> None:
    pos = edit(g)
    for c in pos["hands"][seat]:
        _store(g, pos, g.s.ds.card_index[c])
    pos["hands"][seat] = []
    for c in cards:
        _take(pos, cid(g, c))
        pos["hands"][seat].append(cid(g, c))
    load(g, pos)


def give(g: Necklace, seat: int, *cards: int) -> None:
    pos = edit(g)
    for c in cards:
        _take(pos, cid(g, c))
        pos["hands"][seat].append(cid(g, c))
    load(g, pos)


def set_market(g: Necklace, cards: Sequence[int | None], steps: list[int] | None = None) -> None:
    """The market slots left to right (None: empty), with their price steps (default 0)."""
    pos = edit(g)
    for slot, entry in enumerate(pos["market"]):
        if entry is not None:
            pos["market"][slot] = None
            _store(g, pos, g.s.ds.card_index[entry["card"]])
    for slot, c in enumerate(cards):
        if c is not None:
            _take(pos, cid(g, c))
            pos["market"][slot] = {"card": cid(g, c), "price": steps[slot] if steps else 0}
    load(g, pos)


def set_pile_top(g: Necklace, cards: list[int]) -> None:
    """Put cards on top of the draw pile; the first given is drawn first."""
    pos = edit(g)
    for c in cards:
        _take(pos, cid(g, c))
    pos["hidden"]["pile"][:0] = [cid(g, c) for c in cards]
    load(g, pos)


def set_pile(g: Necklace, cards: list[int]) -> None:
    """The whole draw pile, first drawn first; the cards it held go out of the game."""
    pos = edit(g)
    names = {cid(g, c) for c in cards}
    pile = pos["hidden"]["pile"]
    pos["out"] += [c for c in reversed(pile) if c not in names]  # the state's order: bottom first
    pos["hidden"]["pile"] = [c for c in pile if c in names]
    load(g, pos)
    set_pile_top(g, cards)


def to_discard(g: Necklace, *cards: int) -> None:
    pos = edit(g)
    for c in cards:
        _take(pos, cid(g, c))
        pos["out"].append(cid(g, c))
    load(g, pos)


def set_fashion(g: Necklace, names: list[str]) -> None:
    pos = edit(g)
    pos["fashion"] = names
    load(g, pos)


def begin_turn(g: Necklace, seat: int) -> None:
    """Start ``seat``'s turn afresh (the cards in its hand now count as held since the turn
    began)."""
    pos = edit(g)
    pos["pending"] = [["turn", seat]]
    load(g, pos)


def begin_sale(g: Necklace, active: int | None = None) -> int:
    """Start a sale now, as if a Merchant had just been drawn in ``active``'s Influence phase
    with no Cardinal played; returns the Merchant."""
    pos = edit(g)
    if active is not None:
        pos["turn"]["seat"] = active
    seat = pos["turn"]["seat"]
    pile = pos["hidden"]["pile"]
    m = next(c for c in reversed(pile) if g.s.ds.cards[g.s.ds.card_index[c]].kind == MERCHANT)
    pile.remove(m)
    pos["merchants"]["resolving"].append(m)
    pos["pending"] = [["sale", -1, m, "influence"], ["turn", (seat + 1) % g.num_players]]
    load(g, pos)
    return g.s.ds.card_index[m]


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
        assert seat is not None
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
