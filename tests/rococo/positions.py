"""Build Rococo positions for rule tests.

Every helper moves a component from wherever it lies to where the test wants it, so the
conservation invariants still hold; ``at_turn`` puts a seat in the middle of a turn with a
chosen card played, waiting for its main action.  Tests then drive the position through the
public protocol (``legal_actions`` / ``apply``).
"""

from __future__ import annotations

from salon.rococo.game import Rococo
from salon.rococo.invariants import check
from salon.rococo.rules.registry import advance
from salon.rococo.state import EMPTY, State


def new_game(players: int = 2, seed: int = 0, **config) -> Rococo:
    return Rococo.new({"players": players, "start_player": 0, **config}, seed)


def refresh(g: Rococo) -> Rococo:
    """Call after editing ``g.s`` directly: forget the cached legal actions."""
    g._legal = None
    return g


def _pull_card(s: State, c: int) -> None:
    for lst in [s.deck, s.boxed, *[pile for p in s.players for pile in (p.supply, p.hand, p.discard)]]:
        if c in lst:
            lst.remove(c)
            return
    if c in s.display:
        s.display[s.display.index(c)] = EMPTY
        return
    for p in s.players:
        if p.in_play == c:
            p.in_play = EMPTY
            return
    raise AssertionError(f"card {c} not found")


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
    s = g.s
    c = card(g, card_id)
    _pull_card(s, c)
    if pile == "box":
        s.boxed.append(c)
    elif pile == "display":
        s.display[s.display.index(EMPTY)] = c
    else:
        getattr(s.players[seat], pile).append(c)
    refresh(g)
    return c


def set_staff(g: Rococo, seat: int, supply: list[str], hand: list[str] = (), discard: list[str] = ()) -> None:
    """Replace ``seat``'s whole staff (cards not named go to the box)."""
    s = g.s
    p = s.players[seat]
    for c in p.supply + p.hand + p.discard:
        s.boxed.append(c)
    p.supply, p.hand, p.discard = [], [], []
    for pile, ids in (("supply", supply), ("hand", hand), ("discard", discard)):
        for cid in ids:
            move_card(g, seat, cid, pile)


def at_turn(g: Rococo, seat: int, card_id: str) -> Rococo:
    """Seat ``seat`` has just played ``card_id`` in Phase 3 and must choose its main action."""
    s = g.s
    c = card(g, card_id)
    _pull_card(s, c)
    for p in s.players:
        if p.in_play != EMPTY:
            p.discard.append(p.in_play)
            p.in_play = EMPTY
    s.players[seat].in_play = c
    s.turn_card = c
    s.turn_seat = seat
    s.phase = "actions"
    s.stack = [("end_turn", seat), ("bonus_stage", seat, c, 1), ("main", seat)]
    return refresh(g)


def set_money(g: Rococo, seat: int, livres: int | None = None, thread: int | None = None,
              lace: int | None = None, vp: int | None = None) -> None:
    p = g.s.players[seat]
    for name, v in (("livres", livres), ("thread", thread), ("lace", lace), ("vp", vp)):
        if v is not None:
            setattr(p, name, v)
    refresh(g)


def _pull_tile(s: State, x: int) -> None:
    for lst in [s.res_bag, s.res_discard]:
        if x in lst:
            lst.remove(x)
            return
    if x in s.drawers:
        s.drawers[s.drawers.index(x)] = EMPTY
        return
    for p in s.players:
        if x in p.rack:
            p.rack.remove(x)
            for c, n in enumerate(s.t.ds.tiles[x].silk):
                p.silk[c] -= n
            return
    raise AssertionError(f"tile {x} not found")


def tile(g: Rococo, tile_id: str) -> int:
    return g.s.t.tile_index[tile_id]


def find_tiles(g: Rococo, pred) -> list[str]:
    return [t.id for t in g.s.t.ds.tiles if pred(t)]


def give_tiles(g: Rococo, seat: int, tile_ids: list[str]) -> None:
    """Put tiles into ``seat``'s rack (kept as silk)."""
    s = g.s
    p = s.players[seat]
    for tid in tile_ids:
        x = tile(g, tid)
        _pull_tile(s, x)
        p.rack.append(x)
        for c, n in enumerate(s.t.ds.tiles[x].silk):
            p.silk[c] += n
    refresh(g)


def clear_rack(g: Rococo, seat: int) -> None:
    s = g.s
    for x in list(s.players[seat].rack):
        _pull_tile(s, x)
        s.res_bag.append(x)
    refresh(g)


def set_drawers(g: Rococo, rows: list[list[str | None]]) -> None:
    """Lay out the resource display, drawer by drawer (None = empty space); tiles that were
    there go back to the bag."""
    s = g.s
    spaces = s.t.ds.board.drawer_spaces
    for i, x in enumerate(s.drawers):
        if x != EMPTY:
            s.res_bag.append(x)
            s.drawers[i] = EMPTY
    for d, row in enumerate(rows):
        for i, tid in enumerate(row):
            if tid is not None:
                x = tile(g, tid)
                _pull_tile(s, x)
                s.drawers[d * spaces + i] = x
    refresh(g)


def garment(g: Rococo, garment_id: str) -> int:
    return g.s.t.garment_index[garment_id]


def find_garments(g: Rococo, pred) -> list[str]:
    return [x.id for x in g.s.t.ds.garments if pred(x)]


def _pull_garment(s: State, x: int) -> None:
    for lst in [s.gar_bag, s.gar_discard]:
        if x in lst:
            lst.remove(x)
            return
    for arr in (s.windows, s.terrace):
        if x in arr:
            arr[arr.index(x)] = EMPTY
            return
    if x in s.guest:
        i = s.guest.index(x)
        s.guest[i] = EMPTY
        s.guest_owner[i] = EMPTY
        return
    raise AssertionError(f"garment {x} not found")


def set_windows(g: Rococo, garment_ids: list[str | None]) -> None:
    """Lay out the design display left to right (None = empty window)."""
    s = g.s
    for i, x in enumerate(s.windows):
        if x != EMPTY:
            s.gar_bag.append(x)
            s.windows[i] = EMPTY
    for i, gid in enumerate(garment_ids):
        if gid is not None:
            x = garment(g, gid)
            _pull_garment(s, x)
            s.windows[i] = x
    refresh(g)


def place_garment(g: Rococo, seat: int, garment_id: str, space_id: str) -> None:
    s = g.s
    x = garment(g, garment_id)
    _pull_garment(s, x)
    sp = s.t.space_index[space_id]
    assert s.guest[sp] == EMPTY, f"{space_id} is taken"
    s.guest[sp] = x
    s.guest_owner[sp] = seat
    refresh(g)


def set_decoration(g: Rococo, seat: int, deco_id: str) -> None:
    g.s.deco[g.s.t.deco_index[deco_id]] = seat
    refresh(g)


def spaces(g: Rococo, hall: int | None = None, master: bool | None = None, reward: str | None = None) -> list[str]:
    return [
        sp.id for sp in g.s.t.ds.board.guest_spaces
        if (hall is None or sp.hall == hall) and (master is None or sp.master == master)
        and (reward is None or sp.reward == reward)
    ]


def decorations(g: Rococo, kind: str) -> list[str]:
    return [d.id for d in g.s.t.ds.board.decorations if d.kind == kind]


def run(g: Rococo, *actions: str) -> list:
    """Apply actions in order; returns all events."""
    events = []
    for a in actions:
        events += g.apply(a)
    return events


def start_scoring(g: Rococo) -> Rococo:
    """Jump straight into final scoring (round 7, hands empty; income is not paid)."""
    s = g.s
    s.round = s.t.ds.rules.rounds
    for p in s.players:
        if p.in_play != EMPTY:
            p.discard.append(p.in_play)
            p.in_play = EMPTY
        p.discard.extend(p.hand)
        p.hand.clear()
    s.stack = [("final",)]
    advance(s)
    return refresh(g)


def assert_valid(g: Rococo) -> None:
    assert check(g.s) == []


def mid_turn(g: Rococo, seat: int, card_id: str) -> Rococo:
    """Like ``at_turn``, but the next seat holds a hand card, so the round goes on after this
    turn: no income and no new round interfere with what a test measures."""
    at_turn(g, seat, card_id)
    nxt = (seat + 1) % g.s.n
    p = g.s.players[nxt]
    if not p.hand:
        move_card(g, nxt, g.s.t.cards[(p.supply or p.discard)[0]].id, "hand")
    return g


def end_phase3(g: Rococo) -> Rococo:
    """End Phase 3 now: every hand and played card goes to its owner's discard, then Phase 4
    and the next round's Phase 1 run up to the first Phase 2 decision (or, after round 7,
    final scoring runs)."""
    s = g.s
    for p in s.players:
        if p.in_play != EMPTY:
            p.discard.append(p.in_play)
            p.in_play = EMPTY
        p.discard.extend(p.hand)
        p.hand.clear()
    s.phase = "actions"
    s.stack = [("phase4",)]
    advance(s)
    return refresh(g)


def finish_phase2(g: Rococo) -> Rococo:
    """Answer every pending Phase 2 pick with the first card offered."""
    while g.decision().get("kind") == "hand":
        g.apply(g.legal_actions()[0])
    return g


def skip_turn(g: Rococo) -> list:
    """Decline the main action and the bonus of the card just played."""
    events = g.apply("main:skip")
    if g.decision().get("kind") == "bonus":
        events += g.apply("bonus:skip")
    return events


def patch_data(g: Rococo, garments: dict | None = None, tiles: dict | None = None,
               cards: dict | None = None) -> None:
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


def patch_board(g: Rococo, **fields) -> None:
    """Play ``g`` on a board with edited values, e.g. ``window_costs=(1, 3, 2, 5, 0, 0)`` or a
    ``guest_spaces`` tuple with other rewards: for rules whose test needs a board position
    that the board data does not hold (ties, a hall with two kinds of reward)."""
    import dataclasses

    from salon.rococo.tables import build_tables

    ds = g.s.t.ds
    g.s.t = build_tables(dataclasses.replace(ds, board=dataclasses.replace(ds.board, **fields)), g.s.n)
    refresh(g)


# --- the solo mode: Madame du Barry (RULES.md §14) is seat 1 and never decides


def solo_game(seed: int = 0, **config) -> Rococo:
    """A solo game at the human's first Phase 2 pick (Madame du Barry, the start player, has
    taken her hand pile)."""
    return Rococo.new({"solo": True, **config}, seed)


def mdb_card(g: Rococo, card_id: str) -> int:
    """The index of one of her cards (``D01``..``D25``) in ``g.s.t.ds.solo_cards``."""
    return next(i for i, c in enumerate(g.s.t.ds.solo_cards) if c.id == card_id)


def mdb_turn(g: Rococo, card_id: str, reveal: list[str] | tuple[str, ...] = ()) -> list:
    """Run one turn of Madame du Barry with ``card_id`` on top of her hand pile; the cards of
    ``reveal`` lie on top of her card supply in the order she will reveal or draw them.
    The turn runs on top of the pending decision, which is pending again afterwards unless
    the turn asks one first (e.g. the human's ``remove:``).  Returns the turn's events."""
    s = g.s
    order = [mdb_card(g, c) for c in (card_id, *reveal)]
    for pile in (s.mdb_supply, s.mdb_hand, s.mdb_discard):
        pile[:] = [x for x in pile if x not in order]
    s.mdb_supply.extend(reversed(order[1:]))
    s.mdb_hand.append(order[0])
    s.events = []
    s.stack.append(("mdb_turn",))
    advance(s)
    refresh(g)
    return s.events


# --- the Jewelry Box (RULES.md §13): exam stacks, specialized apprentices, jewels, exams


def to_box(g: Rococo, *card_ids: str) -> None:
    """Put Jewelry Box cards that lie in an exam stack, wait as a player's secret specialized
    apprentice or were returned unseen at setup into the box, where ``move_card``,
    ``set_staff`` and ``at_turn`` find them; other cards stay where they are."""
    s = g.s
    for cid in card_ids:
        c = card(g, cid)
        if c in s.unseen:
            s.unseen = [x for x in s.unseen if x != c]
            s.boxed.append(c)
        for stack in (s.j_stack, s.m_stack):
            if c in stack:
                stack.remove(c)
                s.boxed.append(c)
        for p in s.players:
            if p.specialist == c:
                p.specialist = EMPTY
                s.boxed.append(c)
    refresh(g)


def set_specialist(g: Rococo, seat: int, card_id: str) -> None:
    """Deal the specialized apprentice ``card_id`` to ``seat`` face down; the one it held
    goes to the box."""
    s = g.s
    to_box(g, card_id)
    c = card(g, card_id)
    _pull_card(s, c)
    p = s.players[seat]
    if p.specialist != EMPTY:
        s.boxed.append(p.specialist)
    p.specialist = c
    refresh(g)


def jewel(g: Rococo, jewel_id: str) -> int:
    return g.s.t.jewel_index[jewel_id]


def _pull_jewel(s: State, j: int) -> None:
    for lst in [s.jewel_bag, s.jewels_boxed, *[p.jewels for p in s.players]]:
        if j in lst:
            lst.remove(j)
            return
    if j in s.jewel_display:
        s.jewel_display[s.jewel_display.index(j)] = EMPTY
        return
    raise AssertionError(f"jewel {j} not found")


def give_jewels(g: Rococo, seat: int, jewel_ids: list[str]) -> None:
    """``seat`` owns these jewelry tiles, taken from wherever they lie."""
    for jid in jewel_ids:
        j = jewel(g, jid)
        _pull_jewel(g.s, j)
        g.s.players[seat].jewels.append(j)
    refresh(g)


def set_jewel_display(g: Rococo, jewel_ids: list[str | None]) -> None:
    """Lay out the jewelry display left to right (None = empty space); the jewels that lay
    there go back to the jewelry bag."""
    s = g.s
    for i, j in enumerate(s.jewel_display):
        if j != EMPTY:
            s.jewel_bag.append(j)
            s.jewel_display[i] = EMPTY
    for i, jid in enumerate(jewel_ids):
        if jid is not None:
            j = jewel(g, jid)
            _pull_jewel(s, j)
            s.jewel_display[i] = j
    refresh(g)


def set_exam(g: Rococo, seat: int, exam: int, tasks: list[str] = ()) -> None:
    """``seat``'s start marker on the Journeyman (0) or Master (1) exam, its markers on the
    named tasks of that exam (``J1``..``J4``, ``M1``..``M3``)."""
    jb = g.s.t.ds.jewelry_box
    track = jb.master_tasks if exam else jb.journeyman_tasks
    p = g.s.players[seat]
    p.exam = exam
    p.tasks = sum(1 << track.index(name) for name in tasks)
    refresh(g)


def clear_display(g: Rococo) -> None:
    """Empty the new-employee display (its cards leave the game)."""
    s = g.s
    for i, c in enumerate(s.display):
        if c != EMPTY:
            s.boxed.append(c)
            s.display[i] = EMPTY
    refresh(g)


def tasks_marked(g: Rococo, seat: int = 0) -> list[str]:
    """The tasks of ``seat``'s current exam that carry its markers, as the seat observes them."""
    return g.observe(seat)["players"][seat]["tasks"]


def play_turn(played: str, supply: list[str] | None = None, hand: list[str] = (), discard: list[str] = (),
              players: int = 2, expansions: object = "all", **config) -> Rococo:
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


def make(g: Rococo, garment_id: str, dispose: str | None = None, main: str | None = "main:tailor") -> list:
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


def rent_garments(g: Rococo, seat: int, pred, n: int, master: bool = False, hall: int | None = None) -> list[str]:
    """Put ``n`` garments matching ``pred`` (from the bags, never the display) on free guest
    spaces for ``seat``: master spaces if ``master``, else ordinary ones, of ``hall`` if
    given."""
    s = g.s
    taken = set(s.guest) | set(s.windows) | set(s.terrace)
    gids = [x for x in find_garments(g, pred) if garment(g, x) not in taken][:n]
    free = [sp for sp in spaces(g, hall=hall, master=master) if s.guest[s.t.space_index[sp]] == EMPTY]
    assert len(gids) == n and len(free) >= n, "not enough garments or free spaces"
    for gid, sp in zip(gids, free):
        place_garment(g, seat, gid, sp)
    return gids
