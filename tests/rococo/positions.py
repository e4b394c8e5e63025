"""Build Rococo positions for rule tests.

Every helper edits the game's position as data (docs/positions.md): it takes
``g.to_position()``, moves a component from wherever it lies to where the test wants it and
loads the result back through the position format, which refuses a component in two places or
in none, so a helper can never lose or duplicate one (the game's other invariants wait for
``assert_valid``: a test builds its position in several steps).  ``at_turn`` puts a seat in
the middle of a turn with a chosen card played, waiting for its main action.  Tests then drive
the position through the public protocol (``legal_actions`` / ``apply``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from salon.core.events import Event
from salon.rococo import position
from salon.rococo.game import Rococo
from salon.rococo.invariants import check
from salon.rococo.pieces import Garment, ResourceTile
from salon.rococo.rules.registry import advance
from salon.rococo.state import Player, State
from tests.attributes import attributes


def new_game(players: int = 2, seed: int = 0, **config: Any) -> Rococo:
    return Rococo.new({"players": players, "start_player": 0, **config}, seed)


def refresh(g: Rococo) -> Rococo:
    """Forget the cached legal actions (after a test edits ``g.s`` itself)."""
    g._legal = None
    return g


Position = dict[str, Any]

_SPACES = ("display", "windows", "jewel_display")
"""Rows of spaces in a position: a component taken from one leaves an empty space (None)."""
_SINGLE = ("in_play", "specialist", "making", "rent_jewel")
_REFERENCES = ("config", "rng", "turn", "pending", "promoted", "scoring")
"""Parts of a position that name components without holding them."""


def _pull(node: Any, cid: str) -> bool:
    """Take the component ``cid`` from wherever it lies in a position (part)."""
    if isinstance(node, dict):
        for key, value in list(node.items()):
            if key in _REFERENCES:
                continue
            if value == cid:
                if key in _SINGLE:
                    node[key] = None
                else:
                    del node[key]  # a terrace space
                return True
            if isinstance(value, dict) and value.get("garment") == cid:
                del node[key]  # a guest space
                return True
            if isinstance(value, list) and key in _SPACES and cid in value:
                value[value.index(cid)] = None
                return True
            if key == "drawers" and any(cid in row for row in value):
                row = next(row for row in value if cid in row)
                row[row.index(cid)] = None
                return True
            if _pull(value, cid):
                return True
    elif isinstance(node, list):
        if cid in node:
            node.remove(cid)
            return True
        return any(_pull(x, cid) for x in node if isinstance(x, dict | list))
    return False


def pull(pos: Position, cid: str) -> str:
    """Take a card, tile, garment or jewel from wherever it lies in ``pos``; returns ``cid``."""
    assert _pull(pos, cid), f"{cid} not found"
    return cid


def edit(g: Rococo) -> Position:
    """The position of ``g``, to edit and :func:`load` back."""
    return g.to_position()


def load(g: Rococo, pos: Position) -> Rococo:
    """Make ``g`` play on from ``pos``, loaded as ``Rococo.from_position`` loads it, on ``g``'s
    own component tables (which ``patch_data`` may have edited).  A test builds a position in
    several steps, so the game's invariants wait for ``assert_valid``; every component must
    still lie in exactly one place.  The state and player objects a test holds stay valid:
    they take the loaded values."""
    loaded = position.from_position(pos, g.s.t, invariants=False)[2]
    for held, new in zip(g.s.players, loaded.players):
        for name in attributes(Player):
            setattr(held, name, getattr(new, name))
    loaded.players = g.s.players
    for name in attributes(State):
        setattr(g.s, name, getattr(loaded, name))
    return refresh(g)


def _hidden(pos: Position, key: str) -> list[str]:
    pile: list[str] = pos["hidden"].setdefault(key, [])
    return pile


def card(g: Rococo, card_id: str) -> int:
    return g.s.t.card_index[card_id]


def deck_card(g: Rococo, bonus: str) -> str:
    """The id of the general-deck card carrying ``bonus``."""
    return next(c.id for c in g.s.t.cards if c.bonus == bonus and c.owner == -1)


def start_card(g: Rococo, seat: int, bonus: str | None = None, type_: str | None = None) -> str:
    return next(
        c.id for c in g.s.t.cards
        if c.owner == seat and (bonus is None or c.bonus == bonus) and (type_ is None or c.type == type_)
    )


def move_card(g: Rococo, seat: int, card_id: str, pile: str = "hand") -> int:
    """Move a card into ``seat``'s supply, hand or discard (or "box", "display")."""
    pos = edit(g)
    _put_card(pos, seat, pull(pos, card_id), pile)
    load(g, pos)
    return card(g, card_id)


def _put_card(pos: Position, seat: int, card_id: str, pile: str) -> None:
    if pile == "box":
        pos["out"]["employees"].append(card_id)
    elif pile == "display":
        display = pos["board"]["display"]
        display[display.index(None)] = card_id
    else:
        pos["players"][seat][pile].append(card_id)


def set_staff(g: Rococo, seat: int, supply: Sequence[str], hand: Sequence[str] = (),
              discard: Sequence[str] = ()) -> None:
    """Replace ``seat``'s whole staff (cards not named go to the box)."""
    pos = edit(g)
    p = pos["players"][seat]
    for pile in ("supply", "hand", "discard"):
        pos["out"]["employees"] += p[pile]
        p[pile] = []
    for pile, ids in (("supply", supply), ("hand", hand), ("discard", discard)):
        for cid in ids:
            _put_card(pos, seat, pull(pos, cid), pile)
    load(g, pos)


def at_turn(g: Rococo, seat: int, card_id: str) -> Rococo:
    """Seat ``seat`` has just played ``card_id`` in Phase 3 and must choose its main action."""
    pos = edit(g)
    pull(pos, card_id)
    for p in pos["players"]:
        if p["in_play"] is not None:
            p["discard"].append(p["in_play"])
            p["in_play"] = None
    pos["players"][seat]["in_play"] = card_id
    pos["turn"] = {"seat": seat, "card": card_id}
    pos["phase"] = "actions"
    pos["pending"] = [["main", seat], ["bonus_stage", seat, card_id, 1], ["end_turn", seat]]
    return load(g, pos)


def set_money(g: Rococo, seat: int, livres: int | None = None, thread: int | None = None,
              lace: int | None = None, vp: int | None = None) -> None:
    pos = edit(g)
    for name, v in (("livres", livres), ("thread", thread), ("lace", lace), ("vp", vp)):
        if v is not None:
            pos["players"][seat][name] = v
    load(g, pos)


def tile(g: Rococo, tile_id: str) -> int:
    return g.s.t.tile_index[tile_id]


def find_tiles(g: Rococo, pred: Callable[[ResourceTile], object]) -> list[str]:
    return [t.id for t in g.s.t.ds.tiles if pred(t)]


def give_tiles(g: Rococo, seat: int, tile_ids: list[str]) -> None:
    """Put tiles into ``seat``'s rack (kept as silk)."""
    pos = edit(g)
    pos["players"][seat]["rack"] += [pull(pos, tid) for tid in tile_ids]
    load(g, pos)


def clear_rack(g: Rococo, seat: int) -> None:
    pos = edit(g)
    _hidden(pos, "resource_bag").extend(pos["players"][seat]["rack"])
    pos["players"][seat]["rack"] = []
    load(g, pos)


def set_drawers(g: Rococo, rows: Sequence[Sequence[str | None]]) -> None:
    """Lay out the resource display, drawer by drawer (None = empty space); tiles that were
    there go back to the bag."""
    pos = edit(g)
    drawers = pos["board"]["drawers"]
    _hidden(pos, "resource_bag").extend(x for row in drawers for x in row if x is not None)
    pos["board"]["drawers"] = [[None] * len(row) for row in drawers]
    for d, row in enumerate(rows):
        for i, tid in enumerate(row):
            if tid is not None:
                pos["board"]["drawers"][d][i] = pull(pos, tid)
    load(g, pos)


def garment(g: Rococo, garment_id: str) -> int:
    return g.s.t.garment_index[garment_id]


def find_garments(g: Rococo, pred: Callable[[Garment], object]) -> list[str]:
    return [x.id for x in g.s.t.ds.garments if pred(x)]


def set_windows(g: Rococo, garment_ids: Sequence[str | None]) -> None:
    """Lay out the design display left to right (None = empty window)."""
    pos = edit(g)
    windows = pos["board"]["windows"]
    _hidden(pos, "garment_bag").extend(x for x in windows if x is not None)
    pos["board"]["windows"] = [None] * len(windows)
    for i, gid in enumerate(garment_ids):
        if gid is not None:
            pos["board"]["windows"][i] = pull(pos, gid)
    load(g, pos)


def place_garment(g: Rococo, seat: int, garment_id: str, space_id: str) -> None:
    pos = edit(g)
    guests = pos["board"]["guests"]
    assert space_id not in guests, f"{space_id} is taken"
    guests[space_id] = {"garment": pull(pos, garment_id), "seat": seat}
    load(g, pos)


def set_decoration(g: Rococo, seat: int, deco_id: str) -> None:
    pos = edit(g)
    pos["board"]["decorations"][deco_id] = seat
    load(g, pos)


def spaces(g: Rococo, hall: int | None = None, master: bool | None = None, reward: str | None = None) -> list[str]:
    return [
        sp.id for sp in g.s.t.ds.board.guest_spaces
        if (hall is None or sp.hall == hall) and (master is None or sp.master == master)
        and (reward is None or sp.reward == reward)
    ]


def decorations(g: Rococo, kind: str) -> list[str]:
    return [d.id for d in g.s.t.ds.board.decorations if d.kind == kind]


def run(g: Rococo, *actions: str) -> list[Event]:
    """Apply actions in order; returns all events."""
    events: list[Event] = []
    for a in actions:
        events += g.apply(a)
    return events


def start_scoring(g: Rococo) -> Rococo:
    """Jump straight into final scoring (round 7, hands empty; income is not paid)."""
    pos = _hands_discarded(edit(g))
    pos["round"] = g.s.t.ds.rules.rounds
    pos["pending"] = [["final"]]
    return load(g, pos)


def _hands_discarded(pos: Position) -> Position:
    """Every hand and played card in its owner's discard."""
    for p in pos["players"]:
        if p["in_play"] is not None:
            p["discard"].append(p["in_play"])
            p["in_play"] = None
        p["discard"] += p["hand"]
        p["hand"] = []
    return pos


def assert_valid(g: Rococo) -> None:
    assert check(g.s) == []


def mid_turn(g: Rococo, seat: int, card_id: str) -> Rococo:
    """Like ``at_turn``, but the next seat holds a hand card, so the round goes on after this
    turn: no income and no new round interfere with what a test measures."""
    at_turn(g, seat, card_id)
    nxt = (seat + 1) % g.num_players
    p = edit(g)["players"][nxt]
    if not p["hand"]:
        move_card(g, nxt, (p["supply"] or p["discard"])[0], "hand")
    return g


def end_phase3(g: Rococo) -> Rococo:
    """End Phase 3 now: every hand and played card goes to its owner's discard, then Phase 4
    and the next round's Phase 1 run up to the first Phase 2 decision (or, after round 7,
    final scoring runs)."""
    pos = _hands_discarded(edit(g))
    pos["phase"] = "actions"
    pos["pending"] = [["phase4"]]
    return load(g, pos)


def finish_phase2(g: Rococo) -> Rococo:
    """Answer every pending Phase 2 pick with the first card offered."""
    while g.decision().get("kind") == "hand":
        g.apply(g.legal_actions()[0])
    return g


def skip_turn(g: Rococo) -> list[Event]:
    """Decline the main action and the bonus of the card just played."""
    events = g.apply("main:skip")
    if g.decision().get("kind") == "bonus":
        events += g.apply("bonus:skip")
    return events


def patch_data(g: Rococo, garments: dict[str, dict[str, Any]] | None = None,
               tiles: dict[str, dict[str, Any]] | None = None, cards: dict[str, dict[str, Any]] | None = None) -> None:
    """Play ``g`` on edited component data, e.g. ``garments={"G08": {"silk": (2, 1, 0, 0)}}``,
    ``tiles={"R25": {"silk": (0, 1, 1, 0)}}`` or ``cards={"E08": {"type": "master"}}`` (deck
    cards only).  For rules whose test needs a component that the reconstructed data does not
    hold; call it before moving any patched tile into a rack (the rack's silk is derived)."""
    import dataclasses

    from salon.rococo.tables import build_tables

    ds = g.s.t.ds
    garments, tiles, cards = garments or {}, tiles or {}, cards or {}
    ds = dataclasses.replace(
        ds,
        garments=tuple(dataclasses.replace(x, **garments.get(x.id, {})) for x in ds.garments),
        tiles=tuple(dataclasses.replace(x, **tiles.get(x.id, {})) for x in ds.tiles),
        deck_cards=tuple(c.model_copy(update=cards.get(c.id, {})) for c in ds.deck_cards),
    )
    g.s.t = build_tables(ds, g.s.n)
    refresh(g)


def patch_board(g: Rococo, **fields: Any) -> None:
    """Play ``g`` on a board with edited values, e.g. ``window_costs=(1, 3, 2, 5, 0, 0)`` or a
    ``guest_spaces`` tuple with other rewards: for rules whose test needs a board position
    that the board data does not hold (ties, a hall with two kinds of reward)."""
    import dataclasses

    from salon.rococo.tables import build_tables

    ds = g.s.t.ds
    g.s.t = build_tables(dataclasses.replace(ds, board=dataclasses.replace(ds.board, **fields)), g.s.n)
    refresh(g)


# --- the solo mode: Madame du Barry (RULES.md §14) is seat 1 and never decides


def solo_game(seed: int = 0, **config: Any) -> Rococo:
    """A solo game at the human's first Phase 2 pick (Madame du Barry, the start player, has
    taken her hand pile)."""
    return Rococo.new({"solo": True, **config}, seed)


def mdb_card(g: Rococo, card_id: str) -> int:
    """The index of one of her cards (``D01``..``D25``) in ``g.s.t.ds.solo_cards``."""
    return next(i for i, c in enumerate(g.s.t.ds.solo_cards) if c.id == card_id)


def mdb_turn(g: Rococo, card_id: str, reveal: Sequence[str] = ()) -> list[Event]:
    """Run one turn of Madame du Barry with ``card_id`` on top of her hand pile; the cards of
    ``reveal`` lie on top of her card supply in the order she will reveal or draw them.
    The turn runs on top of the pending decision, which is pending again afterwards unless
    the turn asks one first (e.g. the human's ``remove:``).  Returns the turn's events."""
    pos = edit(g)
    hidden = pos["hidden"]
    for pile in ("mdb_supply", "mdb_hand", "mdb_discard"):
        hidden[pile] = [x for x in hidden[pile] if x != card_id and x not in reveal]
    hidden["mdb_supply"][:0] = reveal
    hidden["mdb_hand"].insert(0, card_id)
    load(g, pos)
    s = g.s
    s.stack.append(("mdb_turn",))  # her turn is an automatic step: its events are the test's subject
    advance(s)
    refresh(g)
    return s.events


# --- the Jewelry Box (RULES.md §13): exam stacks, specialized apprentices, jewels, exams


def to_box(g: Rococo, *card_ids: str) -> None:
    """Put Jewelry Box cards that lie in an exam stack, wait as a player's secret specialized
    apprentice or were returned unseen at setup into the box, where ``move_card``,
    ``set_staff`` and ``at_turn`` find them; other cards stay where they are."""
    pos = edit(g)
    hidden = pos["hidden"]
    for cid in card_ids:
        held = [p for p in pos["players"] if p.get("specialist") == cid]
        if any(cid in hidden.get(k, []) for k in ("unseen", "journeyman_exam", "master_exam")) or held:
            pos["out"]["employees"].append(pull(pos, cid))
    load(g, pos)


def set_specialist(g: Rococo, seat: int, card_id: str) -> None:
    """Deal the specialized apprentice ``card_id`` to ``seat`` face down; the one it held
    goes to the box."""
    to_box(g, card_id)
    pos = edit(g)
    pull(pos, card_id)
    p = pos["players"][seat]
    if p["specialist"] is not None:
        pos["out"]["employees"].append(p["specialist"])
    p["specialist"] = card_id
    load(g, pos)


def jewel(g: Rococo, jewel_id: str) -> int:
    return g.s.t.jewel_index[jewel_id]


def give_jewels(g: Rococo, seat: int, jewel_ids: list[str]) -> None:
    """``seat`` owns these jewelry tiles, taken from wherever they lie."""
    pos = edit(g)
    pos["players"][seat]["jewels"] += [pull(pos, jid) for jid in jewel_ids]
    load(g, pos)


def set_jewel_display(g: Rococo, jewel_ids: Sequence[str | None]) -> None:
    """Lay out the jewelry display left to right (None = empty space); the jewels that lay
    there go back to the jewelry bag."""
    pos = edit(g)
    display = pos["board"]["jewel_display"]
    _hidden(pos, "jewel_bag").extend(j for j in display if j is not None)
    pos["board"]["jewel_display"] = [None] * len(display)
    for i, jid in enumerate(jewel_ids):
        if jid is not None:
            pos["board"]["jewel_display"][i] = pull(pos, jid)
    load(g, pos)


def set_exam(g: Rococo, seat: int, exam: int, tasks: Sequence[str] = ()) -> None:
    """``seat``'s start marker on the Journeyman (0) or Master (1) exam, its markers on the
    named tasks of that exam (``J1``..``J4``, ``M1``..``M3``)."""
    pos = edit(g)
    pos["players"][seat] |= {"exam": ("journeyman", "master")[exam], "tasks": list(tasks)}
    load(g, pos)


def clear_display(g: Rococo) -> None:
    """Empty the new-employee display (its cards leave the game)."""
    pos = edit(g)
    display = pos["board"]["display"]
    pos["out"]["employees"] += [c for c in display if c is not None]
    pos["board"]["display"] = [None] * len(display)
    load(g, pos)


def tasks_marked(g: Rococo, seat: int = 0) -> list[str]:
    """The tasks of ``seat``'s current exam that carry its markers, as the seat observes them."""
    return [str(x) for x in g.observe(seat)["players"][seat]["tasks"]]


def play_turn(played: str, supply: Sequence[str] | None = None, hand: Sequence[str] = (), discard: Sequence[str] = (),
              players: int = 2, expansions: object = "all", **config: Any) -> Rococo:
    """Seat 0 has just played ``played`` (expansion cards included) in a game with
    ``expansions``; by default its staff is that card and four of its start cards.  The next
    seat holds a card, so the round goes on after the turn."""
    g = new_game(players, expansions=expansions, **config)
    if supply is None:
        supply = [c for c in ("S11", "S12", "S13", "S14", "S15") if c != played][:4]
    to_box(g, played, *supply, *hand, *discard)
    set_staff(g, 0, list(supply), list(hand), list(discard))
    return mid_turn(g, 0, played)


# --- garments: what a tailoring needs, and garments on the board


def kit(g: Rococo, seat: int, garment_id: str) -> None:
    """Give ``seat`` single-colour rack tiles covering ``garment_id``'s silk, and its thread and
    lace on top of what the seat holds (the livres are the test's business)."""
    s = g.s
    gar = s.t.ds.garments[garment(g, garment_id)]
    in_racks = {x for p in s.players for x in p.rack}
    chosen: list[str] = []
    for c, need in enumerate(gar.silk):
        pool = sorted((t for t in s.t.ds.tiles if t.index not in in_racks and t.silk[c] and sum(t.silk) == t.silk[c]),
                      key=lambda t: -t.silk[c])
        got = 0
        for t in pool:
            if got >= need:
                break
            chosen.append(t.id)
            got += t.silk[c]
    give_tiles(g, seat, chosen)
    p = s.players[seat]
    set_money(g, seat, thread=p.thread + gar.thread, lace=p.lace + gar.lace)


def offer_garment(g: Rococo, seat: int, garment_id: str) -> None:
    """``garment_id`` alone in the design display, in the rightmost (cheapest) window, and
    ``seat`` holds what it needs."""
    set_windows(g, [None] * (len(g.s.windows) - 1) + [garment_id])
    kit(g, seat, garment_id)


def make(g: Rococo, garment_id: str, dispose: str | None = None, main: str | None = "main:tailor") -> list[Event]:
    """Tailor ``garment_id``: the main action (``main=None`` when a granted tailoring is
    already pending), the garment, the rack tiles in the offered order; then ``dispose``
    (``sell`` or ``rent:<space>``) if given.  Returns the events."""
    events = g.apply(main) if main else []
    events += g.apply(f"garment:{garment_id}")
    while g.decision()["kind"] in ("give", "reduce"):
        events += g.apply(g.legal_actions()[0])
    if dispose:
        events += g.apply(dispose)
    return events


def rent_garments(g: Rococo, seat: int, pred: Callable[[Garment], object], n: int, master: bool = False,
                  hall: int | None = None) -> list[str]:
    """Put ``n`` garments matching ``pred`` (from the bags, never the display) on free guest
    spaces for ``seat``: master spaces if ``master``, else ordinary ones, of ``hall`` if
    given."""
    pos = edit(g)
    board = pos["board"]
    taken = {x["garment"] for x in board["guests"].values()} | set(board["windows"]) | set(board["terrace"].values())
    gids = [x for x in find_garments(g, pred) if x not in taken][:n]
    free = [sp for sp in spaces(g, hall=hall, master=master) if sp not in board["guests"]]
    assert len(gids) == n and len(free) >= n, "not enough garments or free spaces"
    for gid, sp in zip(gids, free):
        board["guests"][sp] = {"garment": pull(pos, gid), "seat": seat}
    load(g, pos)
    return gids
