"""Main action 2, Acquire resources (RULES.md §8.2), and the keep-or-convert procedure every
received resource tile goes through (R-PROC-TILE).

The ``acquire`` decision serves the main action, the granted action of a bonus
(R-PROC-GRANT) and the free tile of a guest-space reward (R-ACT-TAILOR-11); ``mode`` says
which (a reward is free).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from salon.core.errors import Refusal
from salon.rococo import actions
from salon.rococo.frames import Fate, Mode
from salon.rococo.rules import exams
from salon.rococo.rules.common import emit, gain_goods, pay
from salon.rococo.rules.registry import decision, push
from salon.rococo.state import EMPTY, State

KEEP: Final = "tile:keep"
CONVERT: Final = "tile:convert"
THREAD: Final = "tile:thread"
LACE: Final = "tile:lace"


def price(s: State, slot: int) -> int:
    """R-ACT-RES-2: the price depends on the tiles now in the chosen drawer (itself included)."""
    spaces = s.t.ds.board.drawer_spaces
    d = slot // spaces
    count = sum(1 for x in s.drawers[d * spaces:(d + 1) * spaces] if x != EMPTY)
    return s.t.ds.board.resource_price[count]


def _drawers(s: State, seat: int, mode: str) -> Iterator[list[int]]:
    """The tiles of each drawer whose tiles can be taken now, a drawer at a time (R-ACT-RES-3/5:
    in the display and affordable; a reward's tile is free): the one definition behind the
    legal tiles and whether there is any, which is asked at every main decision."""
    livres = s.players[seat].livres
    spaces = s.t.ds.board.drawer_spaces
    prices = s.t.ds.board.resource_price
    dr = s.drawers
    for d in range(0, len(dr), spaces):
        row = [x for x in dr[d:d + spaces] if x != EMPTY]
        if row and (mode == "reward" or prices[len(row)] <= livres):
            yield row


def targets(s: State, seat: int, mode: str) -> list[str]:
    """Tiles that can be taken now."""
    take = s.t.take
    return [take[x] for row in _drawers(s, seat, mode) for x in row]


def any_target(s: State, seat: int, mode: str) -> bool:
    return next(_drawers(s, seat, mode), None) is not None


def _legal(s: State, f: Mode) -> list[str]:
    return targets(s, f[1], f[2])


def _apply(s: State, f: Mode, action: str) -> None:
    seat, mode = f[1], f[2]
    tile = actions.tile(s.t, action)
    slot = s.drawers.index(tile)
    cost = 0 if mode == "reward" else price(s, slot)
    pay(s, seat, cost, "acquire")
    s.drawers[slot] = EMPTY
    emit(s, "tile_taken", seat, tile=s.t.ds.tiles[tile].id, slot=slot, price=cost, mode=mode)
    push(s, ("fate", seat, tile, mode))


def _explain(s: State, f: Mode, action: str) -> Refusal:
    tile = actions.tile(s.t, action)
    name = s.t.ds.tiles[tile].id
    if tile not in s.drawers:
        return Refusal("R-ACT-RES-2", "that tile is not in a drawer of the resource display", "tile_not_displayed",
                       {"tile": name})
    return Refusal("R-ACT-RES-3", "you cannot pay the price of that drawer", "tile_too_dear",
                   {"tile": name, "price": price(s, s.drawers.index(tile))})


decision("acquire", _legal, _apply, _explain, ("take",), "R-ACT-RES-2")


# --- R-PROC-TILE: keep as silk, or discard for the thread/lace of the lower part

def fate_options(lower: str) -> list[str]:
    if lower == "thread/lace":
        return [KEEP, THREAD, LACE]
    return [KEEP, CONVERT]


def _fate_legal(s: State, f: Fate) -> list[str]:
    return fate_options(s.t.ds.tiles[f[2]].lower)


def _fate_apply(s: State, f: Fate, action: str) -> None:
    """Keep the tile hidden in the rack, or put it on the resource discard and take its lower
    part ("+" both, "/" one of your choice).  Final either way (R-PROC-TILE); a tile without
    a lower part converts to nothing (A-19)."""
    seat, tile = f[1], f[2]
    p = s.players[seat]
    t = s.t.ds.tiles[tile]
    secret = ("tile",) if f[3] == "secret" else ()
    if f[3] in ("main", "bonus") and s.t.ds.jewelry_box is not None:
        exams.after_acquire(s, seat, tile, action == KEEP)
    if action == KEEP:
        p.rack.append(tile)
        for c, n in enumerate(t.silk):
            p.silk[c] += n
        emit(s, "tile_kept", seat, secret=secret, tile=t.id)
        return
    s.res_discard.append(tile)
    emit(s, "tile_converted", seat, tile=t.id)
    if action == THREAD:
        gain_goods(s, seat, 1, 0, "tile")
    elif action == LACE:
        gain_goods(s, seat, 0, 1, "tile")
    else:
        gain_goods(s, seat, int("thread" in t.lower), int("lace" in t.lower), "tile")


decision(
    "fate", _fate_legal, _fate_apply,
    lambda s, f, a: Refusal("R-PROC-TILE", "keep the tile, or convert it into what its lower part shows",
                            "tile_keep_or_convert"),
    ("tile",), "R-PROC-TILE",
)
