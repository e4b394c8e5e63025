"""What Rococo's evaluation reads, in the shapes its loops read fastest: the components of a
data set flattened to tuples once per data set (:class:`Facts`), and what the board shows of
every seat, counted once per evaluation (:class:`BoardCount`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from salon.rococo.rules.solo import HAND as MADAME_HAND
from salon.rococo.state import EMPTY, State
from salon.rococo.tables import Tables
from salon.rococo.worth import (
    BONUS_QUALITY,
    CROWN,
    PLACE_BONUS,
    RENT_EXTRA,
    SOLO_RENT_EXTRA,
    TAILOR_NOW,
    TYPE_NOW,
    TYPE_QUALITY,
)


@dataclass(frozen=True, slots=True)
class Facts:
    """Component facts of one data set, flattened to tuples for the evaluation's loops."""

    rounds: int
    hand: int
    per_vp: int
    base_income: int
    favour_vp: int
    statue_vp: int
    space_hall: tuple[int, ...]  # 0-based hall of each guest space
    space_master: tuple[bool, ...]
    hall_vp: tuple[tuple[int, int], ...]
    hall_musician: tuple[int, ...]
    fw_vp: tuple[int, int]
    all_halls_vp: tuple[int, ...]
    deco_kind: tuple[str, ...]
    deco_vp: tuple[int, ...]
    deco_cost: tuple[int, ...]
    deco_mult: tuple[int, ...]
    deco_hall: tuple[int, ...]
    window_costs: tuple[int, ...]
    gar_prestige: tuple[int, ...]
    gar_colour: tuple[int, ...]
    gar_need: tuple[tuple[int, ...], ...]  # silk by colour, then thread and lace
    gar_thimble: tuple[bool, ...]
    gar_sell: tuple[float | None, ...]  # livres a sale brings; None when the garment can only be rented
    gar_rent: tuple[float, ...]  # points a rent promises beyond livres: prestige, the rent's extras, its bonus
    gar_place_livres: tuple[int, ...]  # livres paid when the garment is placed (R-EXQ-4 exq_green_14)
    tile_silk: tuple[tuple[int, int, int, int], ...]
    tile_lower: tuple[str, ...]
    card_bonus: tuple[str, ...]
    card_quality: tuple[float, ...]
    card_now: tuple[float, ...]  # TYPE_NOW of each card's type
    card_tailor_now: tuple[float, ...]  # TAILOR_NOW of each card's type
    card_master: tuple[bool, ...]
    card_crown: tuple[bool, ...]  # a crown card, scored at the end (R-SCORE-2-1)
    mdb_extra: float  # Madame du Barry's turns per card of her hand pile, hires included (R-SOLO-HIRE-3)
    mdb_round: float  # ... and per round
    mdb_tailor: float  # share of tailor cards in her deck


_FACTS: dict[int, tuple[Tables, Facts]] = {}
_FACTS_KEEP: Final = 16  # tables of edited data sets (tests) must not pile up


def facts(t: Tables) -> Facts:
    hit = _FACTS.get(id(t))
    if hit is not None and hit[0] is t:
        return hit[1]
    if len(_FACTS) >= _FACTS_KEEP:
        _FACTS.clear()
    ds = t.ds
    b = ds.board
    r = ds.rules
    hires = sum(1 for c in ds.solo_cards if c.action == "hire")
    extra = len(ds.solo_cards) / (len(ds.solo_cards) - hires) if ds.solo_cards else 1.0
    st = Facts(
        rounds=r.rounds,
        hand=r.hand_size,
        per_vp=r.livres_per_vp,
        base_income=r.base_income,
        favour_vp=r.favour_end_vp,
        statue_vp=r.statue_vp_per_colour,
        space_hall=tuple(sp.hall - 1 for sp in b.guest_spaces),
        space_master=tuple(sp.master for sp in b.guest_spaces),
        hall_vp=tuple(h.majority for h in b.halls),
        hall_musician=tuple(h.musician for h in b.halls),
        fw_vp=b.fireworks_majority,
        all_halls_vp=b.all_halls_vp,
        deco_kind=tuple(d.kind for d in b.decorations),
        deco_vp=tuple(d.vp for d in b.decorations),
        deco_cost=tuple(d.cost for d in b.decorations),
        deco_mult=tuple(d.multiplier for d in b.decorations),
        deco_hall=tuple(d.hall - 1 for d in b.decorations),
        window_costs=b.window_costs,
        gar_prestige=tuple(g.prestige for g in ds.garments),
        gar_colour=tuple(g.colour_index for g in ds.garments),
        gar_need=tuple((*g.silk, g.thread, g.lace) for g in ds.garments),
        gar_thimble=tuple(g.thimble for g in ds.garments),
        gar_sell=tuple(_sale(g.expansion, g.effect, g.value) for g in ds.garments),
        gar_rent=tuple(g.prestige + (SOLO_RENT_EXTRA if ds.solo_cards else RENT_EXTRA)
                       + (PLACE_BONUS if g.effect and g.effect != GREEN_14 else 0.0)
                       for g in ds.garments),
        gar_place_livres=tuple(g.value if g.effect == GREEN_14 else 0 for g in ds.garments),
        tile_silk=tuple(x.silk for x in ds.tiles),
        tile_lower=tuple(x.lower for x in ds.tiles),
        card_bonus=tuple(c.bonus for c in t.cards),
        card_quality=tuple(TYPE_QUALITY[c.type] + BONUS_QUALITY.get(c.bonus, 0.0) for c in t.cards),
        card_now=tuple(TYPE_NOW[c.type] for c in t.cards),
        card_tailor_now=tuple(TAILOR_NOW[c.type] for c in t.cards),
        card_master=tuple(c.type == "master" for c in t.cards),
        card_crown=tuple(c.bonus in CROWN for c in t.cards),
        mdb_extra=extra,
        mdb_round=MADAME_HAND * extra,
        mdb_tailor=sum(1 for c in ds.solo_cards if c.action == "tailor") / max(1, len(ds.solo_cards)),
    )
    _FACTS[id(t)] = (t, st)
    return st


GREEN_14: Final = "exq_green_14"


def _sale(expansion: str, effect: str, value: int) -> float | None:
    """R-FEST-3, R-EXQ-3: Festive garments are never sold, Exquisite ones only the green dress."""
    if expansion == "festive" or (expansion == "exquisite" and effect != GREEN_14):
        return None
    return value


def garment_worth(st: Facts, g: int, lam: float) -> float:
    """A garment about to be made: the better of selling and renting it (the green dress pays
    its livres either way and has no prestige, A-35)."""
    rent = st.gar_rent[g] + st.gar_place_livres[g] * lam
    sale = st.gar_sell[g]
    return rent if sale is None else max(sale * lam, rent)


class BoardCount:
    """What the board shows of every seat, counted once per evaluation: its garments seated,
    the halls it is present in, and the decoration spaces it holds by what they score or bring.
    Each count runs on local lists, which the loops reach faster than attributes; the counts
    per hall are one flat list (hall h, seat q at h * n + q), the spaces held once by a seat are
    bits (bit q for seat q), and the lists per seat are copies of one list of zeros: making and
    freeing lists is most of what counting the board costs.
    An item is added to as ``a[i] = a[i] + x``, not ``a[i] += x``, which compiled code would
    run through the interpreter's generic addition."""

    __slots__ = ("by_hall", "masters", "prestige", "colours", "rented", "master_guests", "throne", "present",
                 "held", "printed", "fireworks", "fireworks_best", "statues", "kitchen_left", "kitchen_right",
                 "jeweler")

    by_hall: list[int]  # garments per hall and seat (h * n + q)
    masters: list[int]  # ... of them on master spaces
    prestige: list[int]
    colours: list[list[int]]  # per seat, per colour
    rented: list[int]
    master_guests: list[int]
    throne: list[list[int]]  # the prestige of each of the seat's garments in the Throne hall
    present: list[int]  # bit h: a garment or a musician of the seat in hall h
    held: list[int]  # decoration spaces
    printed: list[int]  # the points printed on them
    fireworks: list[list[int]]  # the multiplier of each fireworks space
    fireworks_best: list[int]  # the dearest fireworks space's cost (the majority's tie-break)
    statues: list[int]
    kitchen_left: int  # bit q: seat q holds a space of that kind
    kitchen_right: int
    jeweler: int

    def __init__(self, s: State, st: Facts) -> None:
        self._count_guests(s, st)
        self._count_decorations(s, st)

    def _count_guests(self, s: State, st: Facts) -> None:
        n = s.n
        zeros = [0] * n
        cnt = [0] * (len(st.hall_vp) * n)
        mst = cnt[:]
        prestige, rented, master_guests, present = zeros[:], zeros[:], zeros[:], zeros
        colours = [[0, 0, 0, 0] for _ in range(n)]
        throne: list[list[int]] = [[] for _ in range(n)]
        for g, q, h, master in zip(s.guest, s.guest_owner, st.space_hall, st.space_master):
            if g == EMPTY:
                continue
            at = h * n + q
            cnt[at] = cnt[at] + 1
            if master:
                mst[at] = mst[at] + 1
                master_guests[q] = master_guests[q] + 1
            prestige[q] = prestige[q] + st.gar_prestige[g]
            mine = colours[q]
            c = st.gar_colour[g]
            mine[c] = mine[c] + 1
            rented[q] = rented[q] + 1
            if h == 0:
                throne[q].append(st.gar_prestige[g])
            present[q] = present[q] | 1 << h
        self.by_hall, self.masters, self.prestige, self.colours = cnt, mst, prestige, colours
        self.rented, self.master_guests, self.throne, self.present = rented, master_guests, throne, present

    def _count_decorations(self, s: State, st: Facts) -> None:
        n = s.n
        zeros = [0] * n
        dec, printed, statues = zeros[:], zeros[:], zeros
        fw_mults: list[list[int]] = [[] for _ in range(n)]
        fw_best = [-1] * n
        kitchen_left = kitchen_right = jeweler = 0
        present = self.present
        for d, (o, kind) in enumerate(zip(s.deco, st.deco_kind)):
            if o == EMPTY:
                continue
            dec[o] = dec[o] + 1
            printed[o] = printed[o] + st.deco_vp[d]
            if kind == "fireworks":
                fw_mults[o].append(st.deco_mult[d])
                fw_best[o] = max(fw_best[o], st.deco_cost[d])
            elif kind == "statue":
                statues[o] = statues[o] + 1
            elif kind == "kitchen_left":
                kitchen_left |= 1 << o
            elif kind == "kitchen_right":
                kitchen_right |= 1 << o
            elif kind == "musician":
                present[o] = present[o] | 1 << st.deco_hall[d]
            elif kind == "jeweler":
                jeweler |= 1 << o
        self.held, self.printed, self.fireworks, self.fireworks_best = dec, printed, fw_mults, fw_best
        self.statues, self.jeweler = statues, jeweler
        self.kitchen_left, self.kitchen_right = kitchen_left, kitchen_right
