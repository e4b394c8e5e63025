"""What one Rococo seat can hold by the end of a round, and the most one use of each bonus or
one garment's effect can give it: the pieces from which salon.rococo.rules.limits bounds a
game's decisions and scores.

Every value is the best case the rules allow a single seat, never what a game is likely to
bring: each bonus's entry names the rule of the card (RULES.md §12, §13) and counts only what
no other term of the bounds counts already.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Final

from salon.rococo.bonus_ids import BONUS_IDS
from salon.rococo.models import COLOURS, JewelryBoxParams
from salon.rococo.rules.bonuses import END_GAME
from salon.rococo.rules.finance import ONE_PER_PLAYER
from salon.rococo.tables import Tables

# --- what one seat can hold

@dataclass(frozen=True)
class Holding:
    """The most one seat can hold at the end of a round."""

    garments: int
    colours: tuple[int, ...]
    dresses: int
    coats: int
    decorations: int
    master_guests: int
    hall: int
    """Own garments in one hall."""
    halls: int
    jewels: int
    rings: int
    necklaces: int

    @property
    def pairs(self) -> int:
        """Pairs of a dress and a coat."""
        return min(self.dresses, self.coats, self.garments // 2)


@cache
def holding(t: Tables, round_: int, rented: int) -> Holding:
    """At the end of ``round_``, for a seat that rents ``rented`` garments in the game: no more
    than the windows offered so far (each round a garment a window at most, R-PH1-D-3), one a
    guest space (R-ACT-TAILOR-8); every decoration it may own (one a kitchen side and one
    jeweler, R-ACT-FIN-4, R-JB-FIN-2); a jewel with each garment rented (R-JB-JEWEL-1) or free
    with the Exquisite dress (R-EXQ-4), no more than the display offered so far (R-JB-PH1E-3)."""
    b = t.ds.board
    garments = min(rented, rentable(t), round_ * len(b.window_costs))
    dresses = sum(1 for g in t.ds.garments if g.is_dress)
    jb = t.ds.jewelry_box
    jewels = 0
    kinds: list[str] = []
    if jb is not None:
        free = sum(1 for g in t.ds.garments if g.effect == "exq_free_jewel")
        jewels = min(len(jb.jewels), round_ * len(jb.display_prices), garments + free)
        kinds = [j.kind for j in jb.jewels]
    return Holding(
        garments=garments,
        colours=tuple(min(garments, sum(1 for g in t.ds.garments if g.colour == c)) for c in COLOURS),
        dresses=min(garments, dresses),
        coats=min(garments, len(t.ds.garments) - dresses),
        decorations=sum(min(1, len(spaces)) if kind in ONE_PER_PLAYER else len(spaces)
                        for kind, spaces in t.deco_of_kind.items()),
        master_guests=min(garments, sum(1 for s in b.guest_spaces if s.master)),
        hall=min(garments, max(len(h.spaces) for h in b.halls)),
        halls=len(b.halls),
        jewels=jewels,
        rings=min(jewels, kinds.count("ring")),
        necklaces=min(jewels, kinds.count("necklace")),
    )


def rentable(t: Tables) -> int:
    """The most garments rented at once, by one seat or all: one a guest space."""
    return min(len(t.ds.board.guest_spaces), len(t.ds.garments))


# --- what a bonus use or a garment's effect gives

@dataclass(frozen=True)
class Gain:
    """The most one use of a bonus, or one garment's effect, gives."""

    livres: int = 0
    vp: int = 0
    tiles: int = 0
    goods: int = 0
    """Thread or lace."""


NOTHING: Final = Gain()


def box(t: Tables) -> JewelryBoxParams:
    """The Jewelry Box's numbers, for a bonus or a term that exists only with it."""
    jb = t.ds.jewelry_box
    assert jb is not None, "a Jewelry Box bonus is in play with the Jewelry Box only"
    return jb.params


def _param(t: Tables, name: str) -> int:
    return (t.ds.garment_params or {})[name]


def _blue_green(h: Holding) -> int:
    """R-BON-l2_livres_blue_green: 2 livres a green dress and 1 a blue one, on the garments held."""
    green = min(h.colours[2], h.garments)
    return 2 * green + min(h.colours[0], h.garments - green)


GAINS: dict[str, Callable[[Tables, Holding], Gain]] = {
    # RULES.md §12, §13.10-11: one use on the holding ``h``.  Nothing where the use brings what
    # another term counts: a granted tailoring (a sale or a rented garment), finance (a
    # decoration) or purchase (livres), another card's bonus, the silk's points (the tiles), or a
    # crown, scored at the end.
    "start_none": lambda t, h: NOTHING,
    "start_pay1_thread_or_lace": lambda t, h: Gain(goods=1),
    "start_extra_acquire": lambda t, h: Gain(tiles=1),
    "start_gain_2": lambda t, h: Gain(livres=t.ds.bonus.start_gain),
    "l1_gain_1": lambda t, h: Gain(livres=t.ds.bonus.l1_gain),
    "l1_dismiss_use_bonus": lambda t, h: NOTHING,
    "l1_pay1_draw_bag": lambda t, h: Gain(tiles=1),
    "l1_extra_acquire": lambda t, h: Gain(tiles=1),
    "l1_draw_bag_free": lambda t, h: Gain(tiles=1),
    "l1_gain_thread_or_lace": lambda t, h: Gain(goods=1),
    "l2_livres_blue_green": lambda t, h: Gain(livres=_blue_green(h)),
    "l2_tailor_less_blue_or_pink": lambda t, h: NOTHING,
    "l2_dismiss_for_cash": lambda t, h: Gain(livres=max(t.ds.bonus.dismiss_cash.values())),
    "l2_vp_per_2_dec": lambda t, h: Gain(vp=h.decorations // 2),
    "l3_livre_per_dec": lambda t, h: Gain(livres=t.ds.bonus.l3_livre_per_dec * h.decorations,
                                          vp=t.ds.bonus.l3_vp_per_dec * h.decorations),
    "l3_vp_per_3_garments": lambda t, h: Gain(vp=h.garments // 3),
    "l3_finance_minus5": lambda t, h: NOTHING,
    "l3_livres_by_staff": lambda t, h: Gain(livres=max(t.ds.bonus.staff_livres_l3.values())),
    "l4_livres_by_staff": lambda t, h: Gain(livres=max(t.ds.bonus.staff_livres_l4.values())),
    "l4_tailor_less_green": lambda t, h: NOTHING,
    "l4_pink_livres_orange_vp": lambda t, h: Gain(livres=2 * h.colours[1], vp=h.colours[3]),
    "l4_buy_vp_4": lambda t, h: NOTHING,
    "l5_livre_per_garment": lambda t, h: Gain(livres=h.garments),
    "l5_silk_to_vp": lambda t, h: NOTHING,
    "l5_vp_per_2_dec": lambda t, h: Gain(vp=h.decorations // 2),
    "l5_vp_per_2_garments": lambda t, h: Gain(vp=h.garments // 2),
    "l6_buy_vp_3": lambda t, h: NOTHING,
    "l6_finance_minus10": lambda t, h: NOTHING,
    "nj_3livres_per_2_dec": lambda t, h: Gain(livres=box(t).nj_livres_per_2_dec * (h.decorations // 2)),
    "nj_3livres_per_2_rings": lambda t, h: Gain(livres=box(t).nj_livres_per_2_rings * (h.rings // 2)),
    "nj_copy_opponent": lambda t, h: NOTHING,
    "nj_hall_vp": lambda t, h: Gain(vp=h.hall // 2),
    "nj_livre_per_hall": lambda t, h: Gain(livres=h.halls),
    "nj_livres_small_staff": lambda t, h: Gain(livres=max(box(t).staff_livres_nj.values())),
    "nj_replay_from_supply": lambda t, h: NOTHING,
    "nj_tailor_sell_vp": lambda t, h: Gain(vp=box(t).nj_sell_vp),
    "nj_vp_per_3_jewels": lambda t, h: Gain(vp=h.jewels // box(t).nj_vp_per_jewels),
    "nm_3livres_per_2_jewels": lambda t, h: Gain(livres=box(t).nm_livres_per_2_jewels * (h.jewels // 2)),
    "nm_3livres_per_2_master_guest": lambda t, h: Gain(
        livres=box(t).nm_livres_per_2_master_guests * (h.master_guests // 2)),
    "nm_hall_livres": lambda t, h: Gain(livres=box(t).nm_livres_per_hall_garment * h.hall),
    "nm_no_orange_no_green": lambda t, h: Gain(livres=box(t).nm_no_orange_livres + box(t).nm_no_green_livres),
    "nm_vp_blue_green_pairs": lambda t, h: Gain(vp=min(h.colours[0], h.colours[2], h.garments // 2)),
    "sa_vp3": lambda t, h: Gain(vp=box(t).specialist_vp),
    **{bonus: (lambda t, h: NOTHING) for bonus in END_GAME},
}
if frozenset(GAINS) != BONUS_IDS:  # a new bonus must say what one use of it gives
    raise ImportError(f"bonus gains and bonus ids differ: {sorted(frozenset(GAINS) ^ BONUS_IDS)}")

EFFECTS: dict[str, Callable[[Tables, Holding], Gain]] = {
    # R-FEST-5, R-EXQ-4: once per garment, which stays rented (the green dress's livres also
    # when sold: then they are its sale value, R-EXQ-5)
    "fest_dress_coat_pairs": lambda t, h: Gain(vp=_param(t, "fest_pair_vp") * h.pairs),
    "fest_vp_per_dec": lambda t, h: Gain(vp=_param(t, "fest_dec_vp") * h.decorations),
    "fest_vp_per_blue_dress": lambda t, h: Gain(vp=_param(t, "fest_blue_dress_vp") * h.colours[0]),
    "fest_vp_per_pink_coat": lambda t, h: Gain(vp=_param(t, "fest_pink_coat_vp") * h.colours[1]),
    "exq_favour_5": lambda t, h: Gain(livres=_param(t, "exq_favour_livres")),
    "exq_send_away": lambda t, h: Gain(livres=max(c.send_value for c in t.cards)),
    "exq_resource_tile": lambda t, h: Gain(tiles=1),
    "exq_green_14": lambda t, h: Gain(livres=_param(t, "exq_green_livres")),
    "exq_free_jewel": lambda t, h: NOTHING,  # a jewel: every jewel is counted with the jewels
    "exq_match_vp2": lambda t, h: Gain(vp=_param(t, "exq_match_vp")),
}


@cache
def gain(t: Tables, bonus: str, h: Holding) -> Gain:
    """One use of ``bonus`` on the holding ``h`` (kept: many rounds and splits share a holding)."""
    return GAINS[bonus](t, h)


def effects(t: Tables, h: Holding) -> list[Gain]:
    """The effect of every Festive and Exquisite garment in play, on the holding ``h``."""
    return [EFFECTS[g.effect](t, h) for g in t.ds.garments if g.effect]
