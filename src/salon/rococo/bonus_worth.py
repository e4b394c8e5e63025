"""What using a Rococo bonus this round is worth now, in points (RULES.md §12, §13.10, §13.11):
one small function per bonus over the few facts of the position it depends on, gathered once
per evaluation (:class:`BonusContext`), so that the evaluation weighs a hand card's bonus
without playing it."""

from __future__ import annotations

from collections.abc import Callable

from salon.rococo.models import BonusParams, JewelryBoxParams
from salon.rococo.rules.common import staff_table
from salon.rococo.worth import GOODS


class BonusContext:
    """What the worth of using a bonus now depends on.  Built at every evaluation, so a plain
    class with its own constructor: compiled code builds and reads it natively, where a
    dataclass's generated constructor would run interpreted."""

    __slots__ = ("b", "jb", "lam", "use", "garments", "colours", "dec", "staff", "livres", "bales", "can_tailor",
                 "master_guests", "hall_most", "halls", "jewels", "rings")

    def __init__(self, b: BonusParams, jb: JewelryBoxParams | None, lam: float, use: float, garments: int,
                 colours: list[int], dec: int, staff: int, livres: int, bales: int, can_tailor: bool,
                 master_guests: int, hall_most: int, halls: int, jewels: int, rings: int) -> None:
        self.b = b
        self.jb = jb  # the Jewelry Box's numbers (its cards exist only with it)
        self.lam = lam  # points per livre now
        self.use = use  # how much resources still matter (turns left)
        self.garments = garments
        self.colours = colours
        self.dec = dec
        self.staff = staff
        self.livres = livres
        self.bales = bales
        self.can_tailor = can_tailor  # a garment on display is ready for a Journeyman (no thimble)
        self.master_guests = master_guests
        self.hall_most = hall_most  # own garments in the hall where the seat has the most
        self.halls = halls  # halls the seat is present in
        self.jewels = jewels
        self.rings = rings


def _jb(x: BonusContext) -> JewelryBoxParams:
    assert x.jb is not None, "a Jewelry Box card without the Jewelry Box"
    return x.jb


def _buy_now(price: int, x: BonusContext) -> float:
    return max(0.0, 1 - price * x.lam) * (x.livres // price)


NOW: dict[str, Callable[[BonusContext], float]] = {  # the bonuses of RULES.md §12 (R-BON-<id>)
    "start_pay1_thread_or_lace": lambda x: max(0.0, GOODS * x.use - x.b.start_thread_lace_price * x.lam),
    "start_extra_acquire": lambda x: 0.6 * x.use,
    "start_gain_2": lambda x: x.b.start_gain * x.lam,
    "l1_gain_1": lambda x: x.b.l1_gain * x.lam,
    "l1_dismiss_use_bonus": lambda x: 0.3,
    "l1_pay1_draw_bag": lambda x: max(0.0, 0.6 * x.use - x.b.draw_bag_price * x.lam),
    "l1_extra_acquire": lambda x: 0.6 * x.use,
    "l1_draw_bag_free": lambda x: 0.6 * x.use,
    "l1_gain_thread_or_lace": lambda x: GOODS * x.use,
    "l2_livres_blue_green": lambda x: (x.colours[0] + 2 * x.colours[2]) * x.lam,
    "l2_tailor_less_blue_or_pink": lambda x: 2.0 if x.can_tailor else 0.4 * x.use,
    "l2_dismiss_for_cash": lambda x: 0.3,
    "l2_vp_per_2_dec": lambda x: x.dec // 2,
    "l3_livre_per_dec": lambda x: x.dec * (x.b.l3_livre_per_dec * x.lam + x.b.l3_vp_per_dec),
    "l3_vp_per_3_garments": lambda x: x.garments // 3,
    "l3_finance_minus5": lambda x: 0.3 * x.b.finance_discount_l3 * x.use,
    "l3_livres_by_staff": lambda x: staff_table(x.b.staff_livres_l3, x.staff) * x.lam,
    "l4_livres_by_staff": lambda x: staff_table(x.b.staff_livres_l4, x.staff) * x.lam,
    "l4_tailor_less_green": lambda x: 2.0 if x.can_tailor else 0.4 * x.use,
    "l4_pink_livres_orange_vp": lambda x: 2 * x.colours[1] * x.lam + x.colours[3],
    "l4_buy_vp_4": lambda x: _buy_now(x.b.vp_price_l4, x),
    "l5_livre_per_garment": lambda x: x.garments * x.lam,
    "l5_vp_per_2_dec": lambda x: x.dec // 2,
    "l5_vp_per_2_garments": lambda x: x.garments // 2,
    "l5_silk_to_vp": lambda x: 0.3 * x.bales,
    "l6_buy_vp_3": lambda x: _buy_now(x.b.vp_price_l6, x),
    "l6_finance_minus10": lambda x: 0.3 * x.b.finance_discount_l6 * x.use,
    # the Jewelry Box's bonuses (RULES.md §13.10, §13.11)
    "nj_replay_from_supply": lambda x: 0.8,
    "nj_copy_opponent": lambda x: 0.3,
    "nj_livre_per_hall": lambda x: x.halls * x.lam,
    "nj_livres_small_staff": lambda x: staff_table(_jb(x).staff_livres_nj, x.staff) * x.lam,
    "nj_3livres_per_2_dec": lambda x: _jb(x).nj_livres_per_2_dec * (x.dec // 2) * x.lam,
    "nj_tailor_sell_vp": lambda x: 2.0 if x.can_tailor else 0.4 * x.use,
    "nj_hall_vp": lambda x: x.hall_most // 2,
    "nj_3livres_per_2_rings": lambda x: _jb(x).nj_livres_per_2_rings * (x.rings // 2) * x.lam,
    "nj_vp_per_3_jewels": lambda x: x.jewels // _jb(x).nj_vp_per_jewels,
    "nm_hall_livres": lambda x: _jb(x).nm_livres_per_hall_garment * x.hall_most * x.lam,
    "nm_vp_blue_green_pairs": lambda x: min(x.colours[0], x.colours[2]),
    "nm_3livres_per_2_master_guest": lambda x: _jb(x).nm_livres_per_2_master_guests * (x.master_guests // 2) * x.lam,
    "nm_3livres_per_2_jewels": lambda x: _jb(x).nm_livres_per_2_jewels * (x.jewels // 2) * x.lam,
    "nm_no_orange_no_green": lambda x: (_jb(x).nm_no_orange_livres * (x.colours[3] == 0)
                                        + _jb(x).nm_no_green_livres * (x.colours[2] == 0)) * x.lam,
    "sa_vp3": lambda x: _jb(x).specialist_vp,
}
"""What using a hand card's bonus this round is worth now, in points.  Bonuses not listed
(start Masters, crown cards, whose worth is counted at the end) add nothing."""
