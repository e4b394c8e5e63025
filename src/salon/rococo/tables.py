"""Per-game lookup tables built once from the component data.

The engine addresses every card, tile, garment and space by index; these tables give the
components, their text ids and the precomputed action strings, so that listing legal
actions on the hot path only picks ready-made strings.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from salon.rococo.components import packaged
from salon.rococo.pieces import DataSet, Employee

KINDS = ("fireworks", "kitchen_left", "kitchen_right", "statue", "musician", "jeweler")


@dataclass(frozen=True, eq=False)  # compared and hashed by identity: one object per data set
class Tables:
    ds: DataSet
    n: int
    cards: tuple[Employee, ...]
    deck_size: int  # cards 0..deck_size-1 form the general deck of the base game
    card_index: dict[str, int]
    jewel_index: dict[str, int]
    tile_index: dict[str, int]
    garment_index: dict[str, int]
    space_index: dict[str, int]
    deco_index: dict[str, int]
    pick: tuple[str, ...]
    play: tuple[str, ...]
    hire: tuple[str, ...]
    dismiss: tuple[str, ...]
    take: tuple[str, ...]
    give: tuple[str, ...]
    silk: tuple[str, ...]
    garment: tuple[str, ...]
    rent: tuple[str, ...]
    finance: tuple[str, ...]
    jewel: tuple[str, ...]
    promote: tuple[str, ...]
    replay: tuple[str, ...]
    copy: tuple[str, ...]
    send: tuple[str, ...]
    deco_of_kind: dict[str, tuple[int, ...]]
    fireworks: tuple[int, ...]  # decoration indices of the fireworks spaces, left to right
    hall_of_space: tuple[int, ...]


@cache
def tables(side: str, n: int, expansions: tuple[str, ...] = (), solo: bool = False, edition: str = "deluxe") -> Tables:
    """The tables of the packaged data for a board side, number of seats, expansions, solo
    mode and edition (built once)."""
    return build_tables(packaged(side, frozenset(expansions), solo, edition), n)


def build_tables(ds: DataSet, n: int) -> Tables:
    cards: list[Employee] = [
        Employee(i, c.id, c.level, c.type, c.bonus, c.send_value, -1) for i, c in enumerate(ds.deck_cards)
    ]
    deck_size = len(cards)
    jb = ds.jewelry_box
    if jb is not None:
        for group, models in (("exam_master", jb.exam_masters), ("exam_journeyman", jb.exam_journeymen),
                              ("specialist", jb.specialists)):
            for c in models:
                cards.append(Employee(len(cards), c.id, c.level, c.type, c.bonus, c.send_value, -1, group,
                                      c.condition))
    for seat in range(n):
        for sc in ds.start_cards:
            cards.append(Employee(len(cards), f"S{seat + 1}{sc.key}", 0, sc.type, sc.bonus, sc.send_value, seat,
                                  "start"))
    b = ds.board
    jewels = jb.jewels if jb is not None else ()
    return Tables(
        ds=ds,
        n=n,
        cards=tuple(cards),
        deck_size=deck_size,
        card_index={c.id: c.index for c in cards},
        jewel_index={j.id: j.index for j in jewels},
        tile_index={t.id: t.index for t in ds.tiles},
        garment_index={g.id: g.index for g in ds.garments},
        space_index={s.id: s.index for s in b.guest_spaces},
        deco_index={d.id: d.index for d in b.decorations},
        pick=tuple(f"pick:{c.id}" for c in cards),
        play=tuple(f"play:{c.id}" for c in cards),
        hire=tuple(f"hire:{c.id}" for c in cards),
        dismiss=tuple(f"dismiss:{c.id}" for c in cards),
        take=tuple(f"take:{t.id}" for t in ds.tiles),
        give=tuple(f"give:{t.id}" for t in ds.tiles),
        silk=tuple(f"silk:{t.id}" for t in ds.tiles),
        garment=tuple(f"garment:{g.id}" for g in ds.garments),
        rent=tuple(f"rent:{s.id}" for s in b.guest_spaces),
        finance=tuple(f"finance:{d.id}" for d in b.decorations),
        jewel=tuple(f"jewel:{j.id}" for j in jewels),
        promote=tuple(f"promote:{c.id}" for c in cards),
        replay=tuple(f"replay:{c.id}" for c in cards),
        copy=tuple(f"copy:{c.id}" for c in cards),
        send=tuple(f"send:{c.id}" for c in cards),
        deco_of_kind={k: tuple(d.index for d in b.decorations if d.kind == k) for k in KINDS},
        fireworks=tuple(d.index for d in b.decorations if d.kind == "fireworks"),
        hall_of_space=tuple(s.hall for s in b.guest_spaces),
    )
