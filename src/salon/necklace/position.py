"""Queen's Necklace positions as data (docs/positions.md): the state written with printed card
ids and gem names, and read back with every constraint checked.

The module knows the state's layout, not the rules: a position is refused when it is
malformed, names a card that does not exist, puts one in two places or leaves one nowhere,
or breaks an invariant of :mod:`salon.necklace.invariants`.  A position that omits the draw
pile gets the cards it places nowhere, in a shuffle seeded by its ``seed``.
"""

from __future__ import annotations

from typing import Any

from salon.core.errors import ConfigError, PositionError
from salon.core.game import make_rng
from salon.core.position import (
    FORMAT,
    INT,
    Codec,
    Kind,
    Places,
    array,
    check_decision,
    codec,
    complete,
    counts,
    header,
    hidden_pile,
    integer,
    known,
    read_rng,
    read_seed,
    read_steps,
    seat,
    shuffled,
    text,
    write_steps,
)
from salon.necklace.components import packaged
from salon.necklace.config import NecklaceConfig, parse_config
from salon.necklace.invariants import check
from salon.necklace.observation import PHASES
from salon.necklace.pieces import DataSet
from salon.necklace.rules.registry import DECISIONS, advance
from salon.necklace.state import EMPTY, State

KEYS = ("game", "format", "config", "seed", "rng", "turn", "sales", "fashion", "rarity", "scores", "hands",
        "market", "out", "merchants", "sale", "peeks", "hidden", "pending", "scoring")
TURN_KEYS = ("seat", "number", "phase", "ducats", "bought", "held")

STEPS = {
    "alchemist": "seat", "astro_draw": "seat", "buy": "seat", "cardinal": "seat", "devalue": "seat",
    "due": "seat card", "forger_discard": "seat seat gem", "forger_response": "seat seat gem", "influence": "seat",
    "merchant": "int card str int", "present": "seat", "purchase": "seat", "queen": "seat int",
    "refill": "int int", "resolve": "int card str int", "reveal": "int", "sale": "int card str",
    "settle": "int card str", "turn": "seat", "turn_end": "seat",
}
"""Every step of the engine's step stack with its arguments after the step's name (see
salon.core.position.read_steps): cards are written by id, gem types by name; ``int`` stands
for a number (a market slot) or -1 where a step belongs to no seat."""


def _kinds(ds: DataSet) -> tuple[Kind, Kind]:
    return Kind("card", [c.id for c in ds.cards]), Kind("gem type", ds.gem_names)


def _codecs(ds: DataSet, seats: int) -> dict[str, Codec]:
    cards, gems = _kinds(ds)
    return {"seat": (lambda v: v, lambda v, w: seat(v, w, seats)), "int": INT, "card": codec(cards),
            "gem": codec(gems)}


def to_position(s: State, seed: int) -> dict[str, Any]:
    """The position of ``s`` (a game of ``seed``): every part written, the generator's state
    included, so that loading it continues the game with the same draws."""
    cards, gems = _kinds(s.ds)
    position: dict[str, Any] = {
        "game": "necklace", "format": FORMAT, "config": s.cfg.model_dump(mode="json"), "seed": seed,
        "rng": s.rng.to_json(),
        "turn": {"seat": s.active, "number": s.turn_no, "phase": s.phase, "ducats": s.ducats, "bought": s.bought,
                 "held": cards.names(s.held)},
        "sales": s.sales,
        "fashion": gems.names(s.fashion),
        "rarity": {gems.ids[t]: v for t, v in enumerate(s.rarity)},
        "scores": s.scores,
        "hands": [cards.names(h) for h in s.hands],
        "market": [None if c == EMPTY else {"card": cards.name(c), "price": p} for c, p in zip(s.market, s.price)],
        "out": cards.names(s.out),
        "merchants": {"resolving": cards.names(s.limbo),
                      "delayed": [{"card": cards.name(c), "seat": o} for c, o in s.delayed],
                      "cardinal": None if s.cardinal_by == EMPTY else s.cardinal_by},
        "sale": {"revealed": s.revealed,
                 "shown": [[{"card": cards.name(c), "lot": gems.name(t)} for c, t in zip(shown, types)]
                           for shown, types in zip(s.shown, s.shown_type)]},
        "peeks": [[None if p is None else cards.names(p) for p in row] for row in s.peeks],
        "hidden": {"pile": cards.names(s.pile[::-1])},
        "pending": write_steps(s.stack, STEPS, _codecs(s.ds, s.n)),
    }
    if any(s.breakdown):
        position["scoring"] = {"breakdown": s.breakdown}
    return position


def from_position(data: Any, invariants: bool = True) -> tuple[NecklaceConfig, int, State]:
    """The config, seed and state of a position; PositionError (a ConfigError) naming the
    broken constraint otherwise.  A pending automatic step (``turn`` ...) runs up to the next
    decision, as after an action, so that a position may start a turn; the events it emits
    stay in the state (a game's setup events).  ``invariants=False``, for the tests' position
    builders, skips the game's invariants for a position built in several steps; every card
    must still lie in exactly one place."""
    data = header(data, "necklace", KEYS)
    try:
        cfg = parse_config(data.get("config", {}))
    except ConfigError as refused:  # a name of its own: compiled code types a name by its first clause
        raise PositionError(str(refused)) from None
    seed = read_seed(data)
    s = _read(data, cfg, packaged(), seed)
    if invariants and s.stack and s.stack[-1][0] in DECISIONS:  # else checked once a decision is reached
        _invariants(s)
    try:
        advance(s)
    except (LookupError, ValueError, AssertionError) as e:
        raise PositionError(f"pending: the steps cannot run from this position ({type(e).__name__}: {e})") from None
    if invariants:
        _invariants(s)
        check_decision(s, DECISIONS)
    return cfg, seed, s


def _invariants(s: State) -> None:
    problems = check(s)
    if problems:
        raise PositionError(f"the position breaks the game's invariants: {problems[0]}")


def _read(data: dict[str, Any], cfg: NecklaceConfig, ds: DataSet, seed: int) -> State:
    """The state of a position, read part by part, every card placed once (``places``)."""
    cards, gems = _kinds(ds)
    n = cfg.players
    places = Places()
    s = State.__new__(State)
    s.cfg, s.ds, s.n = cfg, ds, n
    turn = _read_turn(data, s, gems)
    s.hands = [places.pile(cards, h, f"hands[{i}]", f"seat {i}'s hand")
               for i, h in enumerate(array(data.get("hands", [[]] * n), "hands", n))]
    _read_market(data, s, cards, places)
    s.out = places.pile(cards, data.get("out", []), "out", "the cards out of the game")
    _read_merchants(known(data.get("merchants", {}), ("resolving", "delayed", "cardinal"), "merchants"), s, cards,
                    places)
    _read_sale(known(data.get("sale", {}), ("revealed", "shown"), "sale"), s, cards, gems, places)
    s.held = [cards.look_up(c, f"turn.held[{i}]") for i, c in enumerate(array(turn.get("held", []), "turn.held"))]
    s.peeks = [[None if p is None else tuple(cards.look_up(c, f"peeks[{v}][{w}][{k}]")
                                             for k, c in enumerate(array(p, f"peeks[{v}][{w}]")))
                for w, p in enumerate(array(row, f"peeks[{v}]", n))]
               for v, row in enumerate(array(data.get("peeks", [[None] * n] * n), "peeks", n))]
    fill = make_rng(seed)
    hidden = known(data.get("hidden", {}), ("pile",), "hidden")
    s.pile = hidden_pile(hidden, "pile", places, cards, "the draw pile", lambda: shuffled(fill, places.left(cards)),
                         top_first=True)
    complete(places, cards)
    s.rng = read_rng(data, fill)
    s.stack = read_steps(data.get("pending", []), STEPS, _codecs(ds, n))
    _read_scoring(known(data.get("scoring", {}), ("breakdown",), "scoring"), s)
    s.events = []
    return s


def _read_turn(data: dict[str, Any], s: State, gems: Kind) -> dict[str, Any]:
    """Where the game stands: the turn, the sales held, the fashion, the last rarity and the
    scores; the ``turn`` entry, whose held cards are read once every card is placed."""
    r = s.ds.rules
    n = s.n
    turn = known(data.get("turn", {}), TURN_KEYS, "turn")
    s.active = seat(turn.get("seat", 0), "turn.seat", n)
    s.turn_no = integer(turn.get("number", 1), "turn.number", 0)
    s.phase = text(turn.get("phase", "influence"), "turn.phase", PHASES)
    s.ducats = integer(turn.get("ducats", 0), "turn.ducats", 0)
    s.bought = integer(turn.get("bought", 0), "turn.bought", 0)
    s.sales = integer(data.get("sales", 0), "sales", 0)
    if s.sales > r.sales:
        raise PositionError(f"sales: {s.sales} sales cannot have been held: the game has {r.sales} sales")
    names = s.ds.gem_names
    fashion = array(data.get("fashion", list(names)), "fashion", len(names))
    s.fashion = [gems.look_up(g, f"fashion[{i}]") for i, g in enumerate(fashion)]
    rarity = counts(data.get("rarity", {}), "rarity")
    if rarity and set(rarity) != set(names):
        raise PositionError(f"rarity: give a value for every gem type ({', '.join(names)}) or none")
    s.rarity = [rarity[g] for g in names] if rarity else []
    s.scores = [integer(v, f"scores[{i}]") for i, v in enumerate(array(data.get("scores", [0] * n), "scores", n))]
    return turn


def _read_market(data: dict[str, Any], s: State, cards: Kind, places: Places) -> None:
    """The market's cards and the step of each down its price ladder."""
    size = s.ds.rules.market_size
    s.market, s.price = [], []
    for slot, entry in enumerate(array(data.get("market", [None] * size), "market", size)):
        where = f"market[{slot}]"
        if entry is None:
            s.market.append(EMPTY)
            s.price.append(0)
            continue
        entry = known(entry, ("card", "price"), where)
        s.market.append(places.put(cards, entry.get("card"), f"{where}.card", f"market slot {slot}"))
        s.price.append(integer(entry.get("price", 0), f"{where}.price", 0))


def _read_merchants(merchants: dict[str, Any], s: State, cards: Kind, places: Places) -> None:
    """The Merchants resolving, those lying beside a player, and who played the Cardinal."""
    s.limbo = places.pile(cards, merchants.get("resolving", []), "merchants.resolving", "the Merchants resolving")
    s.delayed = []
    for i, entry in enumerate(array(merchants.get("delayed", []), "merchants.delayed")):
        where = f"merchants.delayed[{i}]"
        entry = known(entry, ("card", "seat"), where)
        s.delayed.append((places.put(cards, entry.get("card"), f"{where}.card", "the delayed Merchants"),
                          seat(entry.get("seat"), f"{where}.seat", s.n)))
    s.cardinal_by = seat(merchants.get("cardinal"), "merchants.cardinal", s.n, empty=True)


def _read_sale(sale: dict[str, Any], s: State, cards: Kind, gems: Kind, places: Places) -> None:
    """The presentations of a sale, face down in their hands until the reveal."""
    revealed = sale.get("revealed", False)
    if not isinstance(revealed, bool):
        raise PositionError(f"sale.revealed: expected true or false, not {revealed!r}")
    s.revealed = revealed
    s.shown, s.shown_type = [], []
    for i, lots in enumerate(array(sale.get("shown", [[]] * s.n), "sale.shown", s.n)):
        shown, types = [], []
        for j, entry in enumerate(array(lots, f"sale.shown[{i}]")):
            where = f"sale.shown[{i}][{j}]"
            entry = known(entry, ("card", "lot"), where)
            # a presentation face down stays in its hand until the reveal (invariants.check)
            c = (places.put(cards, entry.get("card"), f"{where}.card", f"seat {i}'s revealed presentation")
                 if revealed else cards.look_up(entry.get("card"), f"{where}.card"))
            shown.append(c)
            types.append(EMPTY if entry.get("lot") is None else gems.look_up(entry["lot"], f"{where}.lot"))
        s.shown.append(shown)
        s.shown_type.append(types)


def _read_scoring(scoring: dict[str, Any], s: State) -> None:
    """The livres scored by sale so far, and whether the game is over, which it is exactly
    when no step is pending."""
    s.breakdown = [counts(x, f"scoring.breakdown[{i}]")
                   for i, x in enumerate(array(scoring.get("breakdown", [{}] * s.n), "scoring.breakdown", s.n))]
    s.over = s.phase == "over"
    if s.over and s.stack:
        raise PositionError("pending: a game that is over has no pending step")
    if not s.over and not s.stack:
        raise PositionError("pending: a game that is not over needs a pending step (the decision now first)")
