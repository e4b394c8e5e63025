"""Employee bonuses of RULES.md §12, keyed by bonus id (R-BON-<id>).

A bonus is used at most once per play of its card, after the main action, and is optional
(R-BON-GEN-1, R-PH3-4): the ``bonus`` decision lists ``bonus:skip`` plus the ways to use it.
Bonuses that grant a main action push that action's own decision (R-PROC-GRANT).
End-game (crown) bonuses have no effect during play (R-PH3-8); they are scored in
rules/scoring.py.  Numbers (tables, prices, discounts) come from data/bonuses.toml.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from salon.core.errors import Refusal
from salon.rococo import actions
from salon.rococo.bonus_ids import BONUS_IDS
from salon.rococo.frames import Bonus, BonusStage, Buy, SilkVp
from salon.rococo.models import JewelryBoxParams
from salon.rococo.rules import acquire, finance, tailor
from salon.rococo.rules.common import (
    colour_counts,
    decorations,
    draw_bag_tile,
    emit,
    gain_goods,
    gain_livres,
    gain_vp,
    garments_in_hall,
    jewelry_box,
    master_guest_garments,
    own_garments,
    pay,
    present_halls,
    remove_from_rack,
    sendable,
    staff_table,
    tile_available_for_draw,
)
from salon.rococo.rules.jewelry import rings
from salon.rococo.rules.registry import auto, decision, push
from salon.rococo.state import EMPTY, State

USE: Final = "bonus:use"
SKIP: Final = "bonus:skip"
THREAD: Final = "bonus:thread"
LACE: Final = "bonus:lace"

END_GAME: Final = frozenset({
    "l6_end_vp_by_staff", "l6_end_thread_lace_sets", "l6_end_master_guest_pairs", "l6_end_dress_coat_pairs",
    "nm_end_jewel_sets", "nm_end_necklace_pairs", "nm_end_vp_per_dec", "nm_end_apprentice_pairs",
})
HALLS: Final = tuple(f"hall:{h}" for h in range(1, 6))

Options = Callable[[State, int, int], list[str]]
Effect = Callable[[State, int, int, str], None]


def _always(s: State, seat: int, card: int) -> list[str]:
    return [USE]


def _never(s: State, seat: int, card: int) -> list[str]:
    return []


def _thread_or_lace(s: State, seat: int, card: int) -> list[str]:
    return [THREAD, LACE]


def _dismissable(s: State, seat: int, card: int) -> list[str]:
    """R-STAFF-2: a send-away is legal only while the staff exceeds the minimum; any card of
    the whole staff is a target, the played card included (A-22, A-25)."""
    d = s.t.dismiss
    return [d[c] for c in sendable(s, seat)]


def _gain(amount: Callable[[State, int], int], vp: bool = False) -> Effect:
    def effect(s: State, seat: int, card: int, action: str) -> None:
        n = amount(s, seat)
        (gain_vp if vp else gain_livres)(s, seat, n, s.t.cards[card].bonus)

    return effect


def _gain_thread_or_lace(price: Callable[[State], int]) -> Effect:
    def effect(s: State, seat: int, card: int, action: str) -> None:
        pay(s, seat, price(s), "bonus")
        gain_goods(s, seat, int(action == THREAD), int(action == LACE), "bonus")

    return effect


# --- start cards (§12.1)

def _start_pay1_options(s: State, seat: int, card: int) -> list[str]:
    return [THREAD, LACE] if s.players[seat].livres >= s.t.ds.bonus.start_thread_lace_price else []


def _extra_acquire_options(s: State, seat: int, card: int) -> list[str]:
    return [USE] if acquire.any_target(s, seat, "bonus") else []


def _extra_acquire(s: State, seat: int, card: int, action: str) -> None:
    push(s, ("acquire", seat, "bonus"))


# --- level I (§12.2)

def _dismiss_use_bonus(s: State, seat: int, card: int, action: str) -> None:
    """R-BON-l1_dismiss_use_bonus: send the target away without money, then use its bonus
    once.  A-5: a card that sends itself away does not trigger itself again (unless the
    config asks for that one re-trigger)."""
    target = actions.card(s.t, action)
    send_away(s, seat, target, "l1_dismiss_use_bonus")
    if target == card and not s.cfg.dismiss_self_retrigger:
        return
    push(s, ("bonus_stage", seat, target))


def _bag_options(price: Callable[[State], int]) -> Options:
    def options(s: State, seat: int, card: int) -> list[str]:
        # Paying for a draw that cannot yield a tile is pointless: not offered.
        ok = tile_available_for_draw(s) and s.players[seat].livres >= price(s)
        return [USE] if ok else []

    return options


def _bag_draw(price: Callable[[State], int]) -> Effect:
    def effect(s: State, seat: int, card: int, action: str) -> None:
        pay(s, seat, price(s), "bonus")
        draw_bag_tile(s, seat, "bag")

    return effect


# --- level II (§12.3)

def _blue_green(s: State, seat: int) -> int:
    c = colour_counts(s, seat)
    return c[0] + 2 * c[2]


def _tailor_options(mode: str) -> Options:
    def options(s: State, seat: int, card: int) -> list[str]:
        return [USE] if tailor.any_target(s, seat, mode) else []

    return options


def _tailor(mode: str) -> Effect:
    def effect(s: State, seat: int, card: int, action: str) -> None:
        push(s, ("tailor", seat, mode))

    return effect


def _dismiss_for_cash(s: State, seat: int, card: int, action: str) -> None:
    """R-BON-l2_dismiss_for_cash: 8/5/2 livres by type; the target's bonus is not used."""
    target = actions.card(s.t, action)
    send_away(s, seat, target, "l2_dismiss_for_cash")
    gain_livres(s, seat, s.t.ds.bonus.dismiss_cash[s.t.cards[target].type], "l2_dismiss_for_cash")


def _half_dec(s: State, seat: int) -> int:
    return decorations(s, seat) // 2


# --- level III / IV (§12.4, §12.5)

def _l3_per_dec(s: State, seat: int, card: int, action: str) -> None:
    """R-BON-l3_livre_per_dec (the 2013 edition paid VP instead, D-47: data decides)."""
    dec = decorations(s, seat)
    gain_livres(s, seat, s.t.ds.bonus.l3_livre_per_dec * dec, "l3_livre_per_dec")
    gain_vp(s, seat, s.t.ds.bonus.l3_vp_per_dec * dec, "l3_livre_per_dec")


def _finance_options(discount: Callable[[State], int]) -> Options:
    def options(s: State, seat: int, card: int) -> list[str]:
        return [USE] if finance.any_target(s, seat, discount(s)) else []

    return options


def _finance(discount: Callable[[State], int]) -> Effect:
    def effect(s: State, seat: int, card: int, action: str) -> None:
        push(s, ("finance", seat, discount(s)))

    return effect


def _pink_orange(s: State, seat: int, card: int, action: str) -> None:
    c = colour_counts(s, seat)
    gain_livres(s, seat, 2 * c[1], "l4_pink_livres_orange_vp")
    gain_vp(s, seat, c[3], "l4_pink_livres_orange_vp")


def _buy_options(price: Callable[[State], int]) -> Options:
    def options(s: State, seat: int, card: int) -> list[str]:
        return [USE] if s.players[seat].livres >= price(s) else []

    return options


def _buy(price: Callable[[State], int]) -> Effect:
    def effect(s: State, seat: int, card: int, action: str) -> None:
        push(s, ("buy", seat, price(s)))

    return effect


# --- level V (§12.6)

def _silk_options(s: State, seat: int, card: int) -> list[str]:
    return [USE] if s.players[seat].silk != [0, 0, 0, 0] else []


def _silk(s: State, seat: int, card: int, action: str) -> None:
    push(s, ("silk_vp", seat, 0, 0, 0, 0))


# --- Jewelry Box: new Journeymen and Masters (§13.10, §13.11), specialized apprentices

def _jb(s: State) -> JewelryBoxParams:
    return jewelry_box(s).params


def _replay_options(s: State, seat: int, card: int) -> list[str]:
    replay = s.t.replay
    return [replay[c] for c in s.players[seat].supply]


def _replay(s: State, seat: int, card: int, action: str) -> None:
    """R-BON-nj_replay_from_supply: the chosen supply card goes face up on the discard (it is
    not played) and its bonus is used once now."""
    c = actions.card(s.t, action)
    p = s.players[seat]
    p.supply.remove(c)
    p.discard.append(c)
    emit(s, "replayed", seat, card=s.t.cards[c].id)
    push(s, ("bonus_stage", seat, c))


def _copy_options(s: State, seat: int, card: int) -> list[str]:
    """R-BON-nj_copy_opponent: the top card of an opponent's discard (A-21: not the card the
    opponent is playing); only bonuses usable now, never another copy (no endless chain)."""
    out = []
    for o, p in enumerate(s.players):
        if o != seat and p.discard:
            top = p.discard[-1]
            bonus = s.t.cards[top].bonus
            if bonus != "nj_copy_opponent" and BONUSES[bonus][0](s, seat, top):
                out.append(s.t.copy[top])
    return out


def _copy(s: State, seat: int, card: int, action: str) -> None:
    c = actions.card(s.t, action)
    emit(s, "copied", seat, card=s.t.cards[c].id)
    push(s, ("bonus_stage", seat, c))


def _halls(s: State, seat: int, card: int) -> list[str]:
    return list(HALLS)


def _hall_effect(s: State, seat: int, card: int, action: str) -> None:
    """R-BON-nj_hall_vp: +1 VP per 2 own garments in the chosen hall; R-BON-nm_hall_livres:
    2 livres per own garment there."""
    hall = actions.number(action)
    n = garments_in_hall(s, seat, hall)
    bonus = s.t.cards[card].bonus
    if bonus == "nj_hall_vp":
        gain_vp(s, seat, n // 2, bonus)
    else:
        gain_livres(s, seat, _jb(s).nm_livres_per_hall_garment * n, bonus)


def _no_orange_no_green(s: State, seat: int) -> int:
    c = colour_counts(s, seat)
    return _jb(s).nm_no_orange_livres * (c[3] == 0) + _jb(s).nm_no_green_livres * (c[2] == 0)


def _param(name: str) -> Callable[[State], int]:
    """A bonus parameter from data/bonuses.toml."""
    return lambda s: getattr(s.t.ds.bonus, name)


def _staff_livres(table: str) -> Callable[[State, int], int]:
    return lambda s, seat: staff_table(getattr(s.t.ds.bonus, table), s.players[seat].staff_size())


BONUSES: dict[str, tuple[Options, Effect | None]] = {
    "start_none": (_never, None),
    "start_pay1_thread_or_lace": (_start_pay1_options, _gain_thread_or_lace(_param("start_thread_lace_price"))),
    "start_extra_acquire": (_extra_acquire_options, _extra_acquire),
    "start_gain_2": (_always, _gain(lambda s, seat: s.t.ds.bonus.start_gain)),
    "l1_gain_1": (_always, _gain(lambda s, seat: s.t.ds.bonus.l1_gain)),
    "l1_dismiss_use_bonus": (_dismissable, _dismiss_use_bonus),
    "l1_pay1_draw_bag": (_bag_options(_param("draw_bag_price")), _bag_draw(_param("draw_bag_price"))),
    "l1_extra_acquire": (_extra_acquire_options, _extra_acquire),
    "l1_draw_bag_free": (_bag_options(lambda s: 0), _bag_draw(lambda s: 0)),
    "l1_gain_thread_or_lace": (_thread_or_lace, _gain_thread_or_lace(lambda s: 0)),
    "l2_livres_blue_green": (_always, _gain(_blue_green)),
    "l2_tailor_less_blue_or_pink": (_tailor_options("l2"), _tailor("l2")),
    "l2_dismiss_for_cash": (_dismissable, _dismiss_for_cash),
    "l2_vp_per_2_dec": (_always, _gain(_half_dec, vp=True)),
    "l3_livre_per_dec": (_always, _l3_per_dec),
    "l3_vp_per_3_garments": (_always, _gain(lambda s, seat: len(own_garments(s, seat)) // 3, vp=True)),
    "l3_finance_minus5": (_finance_options(_param("finance_discount_l3")), _finance(_param("finance_discount_l3"))),
    "l3_livres_by_staff": (_always, _gain(_staff_livres("staff_livres_l3"))),
    "l4_livres_by_staff": (_always, _gain(_staff_livres("staff_livres_l4"))),
    "l4_tailor_less_green": (_tailor_options("l4"), _tailor("l4")),
    "l4_pink_livres_orange_vp": (_always, _pink_orange),
    "l4_buy_vp_4": (_buy_options(_param("vp_price_l4")), _buy(_param("vp_price_l4"))),
    "l5_livre_per_garment": (_always, _gain(lambda s, seat: len(own_garments(s, seat)))),
    "l5_vp_per_2_dec": (_always, _gain(_half_dec, vp=True)),
    "l5_vp_per_2_garments": (_always, _gain(lambda s, seat: len(own_garments(s, seat)) // 2, vp=True)),
    "l5_silk_to_vp": (_silk_options, _silk),
    "l6_buy_vp_3": (_buy_options(_param("vp_price_l6")), _buy(_param("vp_price_l6"))),
    "l6_finance_minus10": (_finance_options(_param("finance_discount_l6")), _finance(_param("finance_discount_l6"))),
    "nj_replay_from_supply": (_replay_options, _replay),
    "nj_copy_opponent": (_copy_options, _copy),
    "nj_livre_per_hall": (_always, _gain(lambda s, seat: len(present_halls(s, seat)))),
    "nj_livres_small_staff": (_always, _gain(
        lambda s, seat: staff_table(_jb(s).staff_livres_nj, s.players[seat].staff_size()))),
    "nj_3livres_per_2_dec": (_always, _gain(lambda s, seat: _jb(s).nj_livres_per_2_dec * (decorations(s, seat) // 2))),
    "nj_tailor_sell_vp": (_tailor_options("nj"), _tailor("nj")),
    "nj_hall_vp": (_halls, _hall_effect),
    "nj_3livres_per_2_rings": (_always, _gain(lambda s, seat: _jb(s).nj_livres_per_2_rings * (rings(s, seat) // 2))),
    "nj_vp_per_3_jewels": (_always, _gain(lambda s, seat: len(s.players[seat].jewels) // _jb(s).nj_vp_per_jewels,
                                          vp=True)),
    "nm_hall_livres": (_halls, _hall_effect),
    "nm_vp_blue_green_pairs": (_always, _gain(lambda s, seat: min(colour_counts(s, seat)[0], colour_counts(s, seat)[2]),
                                              vp=True)),
    "nm_3livres_per_2_master_guest": (_always, _gain(
        lambda s, seat: _jb(s).nm_livres_per_2_master_guests * (master_guest_garments(s, seat) // 2))),
    "nm_3livres_per_2_jewels": (_always, _gain(
        lambda s, seat: _jb(s).nm_livres_per_2_jewels * (len(s.players[seat].jewels) // 2))),
    "nm_no_orange_no_green": (_always, _gain(_no_orange_no_green)),
    "sa_vp3": (_always, _gain(lambda s, seat: _jb(s).specialist_vp, vp=True)),
    **{b: (_never, None) for b in END_GAME},
}
KNOWN_BONUSES: Final = frozenset(BONUSES)
if KNOWN_BONUSES != BONUS_IDS:  # the data format's ids and the rules must name the same bonuses
    raise ImportError(f"bonus rules and bonus ids differ: {sorted(KNOWN_BONUSES ^ BONUS_IDS)}")
FREE_GAINS: Final = frozenset({
    "start_gain_2", "l1_gain_1", "l2_livres_blue_green", "l2_vp_per_2_dec", "l3_livre_per_dec", "l3_vp_per_3_garments",
    "l3_livres_by_staff", "l4_livres_by_staff", "l4_pink_livres_orange_vp", "l5_livre_per_garment", "l5_vp_per_2_dec",
    "l5_vp_per_2_garments", "nj_livre_per_hall", "nj_livres_small_staff", "nj_3livres_per_2_dec",
    "nj_3livres_per_2_rings", "nj_vp_per_3_jewels", "nm_vp_blue_green_pairs", "nm_3livres_per_2_master_guest",
    "nm_3livres_per_2_jewels", "nm_no_orange_no_green", "sa_vp3",
})
"""The bonuses whose use only gains livres or points (R-BON-GEN-2: a white coin; R-PH3-4 (c)
makes every bonus optional): nothing paid, drawn, sent away, made or chosen, and no rule asks for
fewer livres or points, so that using one can only help.  Their decision declares ``bonus:use``
its free gain (salon.core.choices), which a front end may take for a player who asks it to."""
if any(BONUSES[b][0] is not _always for b in FREE_GAINS):  # a free gain is offered as the one use
    raise ImportError("a free-gain bonus is offered with a choice or a condition")


def send_away(s: State, seat: int, card: int, why: str) -> None:
    """R-PROC-SEND: the card leaves the game (box), wherever it lies in the staff."""
    p = s.players[seat]
    if p.in_play == card:
        p.in_play = EMPTY
    else:
        for pile in (p.supply, p.hand, p.discard):
            if card in pile:
                pile.remove(card)
                break
    s.boxed.append(card)
    emit(s, "card_sent_away", seat, card=s.t.cards[card].id, why=why)


@auto("bonus_stage")
def bonus_stage(s: State, f: BonusStage) -> None:
    """R-PH3-4 (c): after the main action, offer the card's bonus if it can be used.  The turn's
    own card (flagged) has no bonus left if it was sent away during its main action by an
    effect that forbids its bonus (the Exquisite coat, R-EXQ-4)."""
    seat, card = f[1], f[2]
    if len(f) > 3 and s.players[seat].in_play != card:
        return
    if BONUSES[s.t.cards[card].bonus][0](s, seat, card):
        push(s, ("bonus", seat, card))


def _legal(s: State, f: Bonus) -> list[str]:
    seat, card = f[1], f[2]
    return [*BONUSES[s.t.cards[card].bonus][0](s, seat, card), SKIP]


def _apply(s: State, f: Bonus, action: str) -> None:
    seat, card = f[1], f[2]
    bonus = s.t.cards[card].bonus
    if action == SKIP:
        emit(s, "bonus_skipped", seat, bonus=bonus)
        return
    emit(s, "bonus", seat, bonus=bonus, card=s.t.cards[card].id)
    effect = BONUSES[bonus][1]
    assert effect is not None
    effect(s, seat, card, action)


def _explain(s: State, f: Bonus, action: str) -> Refusal:
    card = f[2]
    bonus = s.t.cards[card].bonus
    if action.startswith("dismiss:"):
        return Refusal("R-STAFF-2",
                       "a send-away needs a staff above the minimum, and the target must be your own employee",
                       "dismiss_not_possible", {"minimum": s.t.ds.rules.min_staff})
    return Refusal(f"R-BON-{bonus}", f"this bonus ({bonus}) cannot be used that way now", "bonus_not_so",
                   {"bonus": bonus})


decision("bonus", _legal, _apply, _explain, ("bonus", "dismiss", "replay", "copy", "hall"), "R-PH3-4")


# --- repeated purchases and the silk conversion

def _buy_legal(s: State, f: Buy) -> list[str]:
    return ["buy", "done"] if s.players[f[1]].livres >= f[2] else ["done"]


def _buy_apply(s: State, f: Buy, action: str) -> None:
    """R-BON-l4_buy_vp_4 / l6_buy_vp_3: any number of times, one VP per purchase."""
    if action == "buy":
        seat, price = f[1], f[2]
        pay(s, seat, price, "buy_vp")
        gain_vp(s, seat, 1, "buy_vp")
        push(s, f)


decision("buy", _buy_legal, _buy_apply,
         lambda s, f, a: Refusal("A-53", "not enough livres to buy another point", "buy_vp_too_dear"),
         ("buy", "done"), "R-BON-GEN-1")


def _silk_legal(s: State, f: SilkVp) -> list[str]:
    tiles = s.t.ds.tiles
    silk = s.t.silk
    return [silk[x] for x in s.players[f[1]].rack if tiles[x].bales] + ["done"]


def _silk_apply(s: State, f: SilkVp, action: str) -> None:
    """R-BON-l5_silk_to_vp / A-36: bales of all tiles discarded in one use are pooled:
    orange + green + (blue + pink) // 2.  Tiles without silk would only be lost: not offered."""
    seat = f[1]
    acc = list(f[2:6])
    if action == "done":
        vp = acc[3] + acc[2] + (acc[0] + acc[1]) // 2
        gain_vp(s, seat, vp, "l5_silk_to_vp")
        return
    tile = actions.tile(s.t, action)
    remove_from_rack(s, seat, tile)
    s.res_discard.append(tile)
    emit(s, "tile_spent", seat, tile=s.t.ds.tiles[tile].id)
    for c, n in enumerate(s.t.ds.tiles[tile].silk):
        acc[c] += n
    push(s, ("silk_vp", seat, *acc))


decision("silk_vp", _silk_legal, _silk_apply,
         lambda s, f, a: Refusal("R-BON-l5_silk_to_vp", "choose a tile of your rack", "silk_vp_from_rack"),
         ("silk", "done"), "R-BON-l5_silk_to_vp")
