"""Small shared helpers of the rules: events, payments, and the derived counts that many
rules read (garments on the board, decorations, hall presence, staff)."""

from __future__ import annotations

from typing import Any

from salon.core.events import Event
from salon.rococo.config import MDB as MDB  # her seat, re-exported for the rules
from salon.rococo.pieces import JewelryBox
from salon.rococo.state import EMPTY, State


def term(s: State, name: str) -> str:
    """The edition's own word for an engine term in a refusal's reason (D-6 wool, D-32
    fountain ...): the Deluxe word where the edition has none of its own."""
    return (s.t.ds.terms or {}).get(name, name)


def jewelry_box(s: State) -> JewelryBox:
    """The Jewelry Box's components, for the rules that only run when it is in play."""
    jb = s.t.ds.jewelry_box
    assert jb is not None, "a Jewelry Box rule runs with the Jewelry Box only"
    return jb


def is_mdb(s: State, seat: int) -> bool:
    return s.cfg.solo and seat == MDB


def two_player_rules(s: State) -> bool:
    """R-2P-1/2, A-30: with two contestants only first places score (solo: [config])."""
    return s.n == 2 and (not s.cfg.solo or s.cfg.solo_two_player_rules)


def emit(s: State, type_: str, seat: int | None = None, secret: tuple[str, ...] = (), **data: Any) -> None:
    s.events.append(Event(type_, seat, data, secret))


def gain_livres(s: State, seat: int, amount: int, why: str) -> None:
    if amount:
        s.players[seat].livres += amount
        emit(s, "livres", seat, amount=amount, why=why)


def pay(s: State, seat: int, amount: int, why: str) -> None:
    """A payment that the legality checks guaranteed affordable (A-53: no debt)."""
    if amount:
        p = s.players[seat]
        assert p.livres >= amount, "payment checked by legal actions"
        p.livres -= amount
        emit(s, "livres", seat, amount=-amount, why=why)


def gain_vp(s: State, seat: int, amount: int, why: str) -> None:
    if amount:
        s.players[seat].vp += amount
        emit(s, "vp", seat, hidden_prestige(s), amount=amount, why=why)


def hidden_prestige(s: State) -> tuple[str, ...]:
    """D-10: in the 2013 edition prestige is taken face down, secret "until the end of the
    game" (FR13:159): the totals stay hidden through the decisions of final scoring (sets,
    terrace moves) and show once the game is over.  The points of each scoring step are
    public, as the facts they count are."""
    return ("amount",) if s.cfg.edition == "2013" and s.phase != "over" else ()


def gain_goods(s: State, seat: int, thread: int, lace: int, why: str) -> None:
    p = s.players[seat]
    p.thread += thread
    p.lace += lace
    if thread or lace:
        emit(s, "goods", seat, thread=thread, lace=lace, why=why)


def own_garments(s: State, seat: int) -> list[int]:
    """Garments carrying ``seat``'s marker on the board (halls, and the terrace at the end)."""
    out = [g for g, o in zip(s.guest, s.guest_owner) if o == seat]
    if s.phase == "end":
        out += [g for d, g in enumerate(s.terrace) if g != EMPTY and s.deco[d] == seat]
    return out


def colour_counts(s: State, seat: int) -> list[int]:
    """Own garments on the board by colour index (blue, pink, green, orange)."""
    counts = [0, 0, 0, 0]
    gar = s.t.ds.garments
    for g in own_garments(s, seat):
        counts[gar[g].colour_index] += 1
    return counts


def dresses_coats(s: State, seat: int) -> tuple[int, int]:
    gar = s.t.ds.garments
    gs = own_garments(s, seat)
    d = sum(1 for g in gs if gar[g].is_dress)
    return d, len(gs) - d


def garments_in_hall(s: State, seat: int, hall: int) -> int:
    hs = s.t.hall_of_space
    return sum(1 for i, o in enumerate(s.guest_owner) if o == seat and hs[i] == hall)


def master_guest_garments(s: State, seat: int, hall: int = 0) -> int:
    """Own garments on master guest spaces (of one hall, or of all halls when hall = 0)."""
    spaces = s.t.ds.board.guest_spaces
    return sum(
        1 for i, o in enumerate(s.guest_owner)
        if o == seat and spaces[i].master and (hall == 0 or spaces[i].hall == hall)
    )


def decorations(s: State, seat: int) -> int:
    """DEC: own markers on decoration spaces (never all-halls markers, R-HALLS-3)."""
    return s.deco.count(seat)


def present_halls(s: State, seat: int) -> set[int]:
    """R-HALLS-1: halls where ``seat`` has a garment or the musician."""
    hs = s.t.hall_of_space
    halls = {hs[i] for i, o in enumerate(s.guest_owner) if o == seat}
    for h in s.t.ds.board.halls:
        if s.deco[h.musician] == seat:
            halls.add(h.number)
    return halls


def sendable(s: State, seat: int) -> list[int]:
    """The employees that one more send-away may remove now (R-STAFF-2, A-22, A-25): any card
    of the whole staff, the played card included, while the staff stays at the minimum or
    above.  A played card already leaving the game (sent away by main action 5, or replaced in
    an exam) still counts as staff while its bonus resolves (A-21), but it is no target of a
    second send-away; after a send-away the staff must stay at the minimum once it has gone
    (an exam brings a replacement)."""
    p = s.players[seat]
    size = p.staff_size()
    box = next((f for f in s.stack if f[0] == "box" and f[1] == seat and p.in_play == f[2]), None)
    leaving = EMPTY if box is None else box[2]
    if box is not None and box[3] == "send_away":
        size -= 1
    if size <= s.t.ds.rules.min_staff:
        return []
    return [c for c in p.staff() if c != leaving]


def staff_table(table: dict[str, int], size: int) -> int:
    """Look up a staff-size table keyed by the smallest size of each row (A-27: below the
    first row yields 0)."""
    rows = sorted((int(k), v) for k, v in table.items())
    best = 0
    for lo, v in rows:
        if size >= lo:
            best = v
    return best


def draw_from_resource_bag(s: State) -> int:
    """R-PROC-BAG / A-54: a random tile from the bag, refilled from the resource discard when
    empty; EMPTY when no tile exists in either."""
    if not s.res_bag:
        if not s.res_discard:
            return EMPTY
        s.res_bag.extend(s.res_discard)
        s.res_discard.clear()
        emit(s, "resource_bag_refilled")
    return s.rng.pop_random(s.res_bag)


def tile_available_for_draw(s: State) -> bool:
    return bool(s.res_bag or s.res_discard)


def remove_from_rack(s: State, seat: int, tile: int) -> None:
    p = s.players[seat]
    p.rack.remove(tile)
    for c, n in enumerate(s.t.ds.tiles[tile].silk):
        p.silk[c] -= n


def draw_bag_tile(s: State, seat: int, why: str) -> None:
    """R-PROC-BAG then R-PROC-TILE: a secret draw; the drawer decides keep or convert."""
    tile = draw_from_resource_bag(s)
    if tile == EMPTY:
        return
    emit(s, "tile_drawn", seat, secret=("tile",), tile=s.t.ds.tiles[tile].id, why=why)
    s.stack.append(("fate", seat, tile, "secret"))
