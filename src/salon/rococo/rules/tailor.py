"""Main action 3, Tailor a garment (RULES.md §8.4), also granted by the level-II,
level-IV and (Jewelry Box) ``nj_tailor_sell_vp`` bonuses (R-PROC-GRANT).

Decisions in order: the garment (``garment:G07``); for the level-II bonus, which bale to
save when both blue and pink are required (``reduce:blue``/``reduce:pink``, A-6); the rack
tiles to hand in (``give:R12``, one at a time); then ``sell`` or ``rent:h3s2``; when renting
with the Jewelry Box, the jewel to rent with it (rules/jewelry.py).  The sub-steps run in the
order of R-ACT-TAILOR-16; exam tasks are marked at the end of the action.
Only tiles that still cover a missing bale are offered: handing in a tile that covers
nothing would only lose it (a provably dominated choice, so it is pruned).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from salon.core.errors import Refusal
from salon.rococo import actions
from salon.rococo.frames import Give, Mode, Place
from salon.rococo.rules import jewelry
from salon.rococo.rules.common import emit, gain_goods, gain_livres, gain_vp, jewelry_box, pay, remove_from_rack, term
from salon.rococo.rules.registry import auto, decision, push
from salon.rococo.state import EMPTY, State

BLUE, PINK, GREEN, ORANGE = range(4)
GRANTED: Final = ("l2", "l4", "nj")
MUST_SELL: Final = "nj"  # R-BON-nj_tailor_sell_vp


def sellable(s: State, g: int) -> bool:
    """R-FEST-3, R-EXQ-3: Festive tiles are never sold, Exquisite ones only the green dress."""
    gar = s.t.ds.garments[g]
    if gar.expansion == "festive":
        return False
    return gar.expansion != "exquisite" or gar.effect == "exq_green_14"


def performed_by_master(s: State) -> bool:
    """A-26: the performer is the card played this turn."""
    return s.t.cards[s.turn_card].type == "master"


def master_made(s: State, mode: str) -> bool:
    """R-ACT-TAILOR-9 with A-26: may the garment use a master guest space?"""
    if mode in GRANTED and s.cfg.granted_tailoring_never_master:
        return False
    return performed_by_master(s)


def reductions(s: State, g: int, mode: str) -> list[tuple[int, ...]]:
    """The silk requirement(s) after the bonus's reduction (one per possible choice)."""
    need = s.t.ds.garments[g].silk
    if mode == "l2":  # R-BON-l2_tailor_less_blue_or_pink / A-6: one bale, blue or pink
        opts = []
        for c in (BLUE, PINK):
            if need[c]:
                r = list(need)
                r[c] -= 1
                opts.append(tuple(r))
        return opts or [need]
    if mode == "l4":  # R-BON-l4_tailor_less_green: up to 2 green bales fewer
        r = list(need)
        r[GREEN] = max(0, r[GREEN] - s.t.ds.bonus.green_reduction_l4)
        return [tuple(r)]
    return [need]


GRANTING_BONUS: Final = {"l2": "l2_tailor_less_blue_or_pink", "l4": "l4_tailor_less_green", "nj": "nj_tailor_sell_vp"}
"""The bonus behind each granted tailoring (R-PROC-GRANT)."""


def _failed(s: State, seat: int, g: int, window: int, mode: str) -> str | None:
    """The first check that ``seat`` fails to make garment ``g`` from ``window`` now (a key
    of :func:`refusal`), or None when it can: the one check behind both the legal garments
    and the refusal of another, cheap enough for the legal actions' hot path."""
    gar = s.t.ds.garments[g]
    if gar.thimble and mode != "main":
        return "tailor_bonus_thimble"
    if gar.thimble and not performed_by_master(s):
        return "tailor_thimble_master"
    p = s.players[seat]
    if p.livres < s.t.ds.board.window_costs[window]:
        return "tailor_window_cost"
    silk = p.silk
    if p.thread < gar.thread or p.lace < gar.lace or not any(
            all(silk[c] >= r[c] for c in range(4)) for r in reductions(s, g, mode)):
        return "tailor_lack_goods"
    if mode == MUST_SELL and not sellable(s, g):
        return "tailor_must_sell"
    if not sellable(s, g) and not free_spaces(s, mode):
        return "tailor_no_place"
    return None


def refusal(s: State, seat: int, g: int, window: int, mode: str) -> Refusal | None:
    """Why ``seat`` cannot make garment ``g`` from ``window`` now, or None when it can."""
    failed = _failed(s, seat, g, window, mode)
    if failed is None:
        return None
    garment = {"garment": s.t.ds.garments[g].id}
    if failed == "tailor_bonus_thimble":
        return Refusal(f"R-BON-{GRANTING_BONUS[mode]}",
                       "a bonus tailoring may not make a garment with the gold thimble", "tailor_bonus_thimble",
                       {**garment, "bonus": GRANTING_BONUS[mode]})
    if failed == "tailor_thimble_master":
        return Refusal("R-ACT-TAILOR-2", "a garment with the gold thimble needs a Master", "tailor_thimble_master",
                       garment)
    if failed == "tailor_window_cost":
        return Refusal("R-ACT-TAILOR-3", "you cannot pay the tailoring cost of its window", "tailor_window_cost",
                       {**garment, "cost": s.t.ds.board.window_costs[window]})
    if failed == "tailor_lack_goods":
        return Refusal("R-ACT-TAILOR-4", f"you lack the silk, {term(s, 'thread')} or lace it requires",
                       "tailor_lack_goods", garment)
    if failed == "tailor_must_sell":
        return Refusal("A-56", "this bonus must sell the garment, and it cannot be sold", "tailor_must_sell",
                       garment)
    return Refusal("A-55", "it cannot be sold, and no free guest space may take it", "tailor_no_place", garment)


def _makeable(s: State, seat: int, mode: str) -> Iterator[int]:
    """The garments of the display that ``seat`` can make now: behind both the legal garments
    and whether there is any, which is asked at every main decision."""
    for w, g in enumerate(s.windows):
        if g != EMPTY and _failed(s, seat, g, w, mode) is None:
            yield g


def targets(s: State, seat: int, mode: str) -> list[str]:
    names = s.t.garment
    return [names[g] for g in _makeable(s, seat, mode)]


def any_target(s: State, seat: int, mode: str) -> bool:
    return next(_makeable(s, seat, mode), None) is not None


def _legal(s: State, f: Mode) -> list[str]:
    return targets(s, f[1], f[2])


def _apply(s: State, f: Mode, action: str) -> None:
    """R-ACT-TAILOR-3..5: pay the window's cost, then the thread and lace; silk follows."""
    seat, mode = f[1], f[2]
    g = actions.garment(s.t, action)
    gar = s.t.ds.garments[g]
    w = s.windows.index(g)
    s.windows[w] = EMPTY
    s.making = g
    emit(s, "tailor", seat, garment=gar.id, window=w, mode=mode)
    pay(s, seat, s.t.ds.board.window_costs[w], "tailor")
    p = s.players[seat]
    p.thread -= gar.thread
    p.lace -= gar.lace
    if gar.thread or gar.lace:
        emit(s, "goods", seat, thread=-gar.thread, lace=-gar.lace, why="tailor")
    push(s, ("tailored", seat), ("dispose", seat, mode), ("tailor_done", seat, int(gar.is_dress)))
    options = [r for r in reductions(s, g, mode) if all(p.silk[c] >= r[c] for c in range(4))]
    if len(options) > 1:
        push(s, ("reduce", seat, mode))
    else:
        _hand_in(s, seat, mode, options[0])


def _hand_in(s: State, seat: int, mode: str, need: tuple[int, ...]) -> None:
    if any(need):
        push(s, ("give", seat, mode, *need))


def _explain(s: State, f: Mode, action: str) -> Refusal:
    seat, mode = f[1], f[2]
    g = actions.garment(s.t, action)
    if g not in s.windows:
        return Refusal("R-ACT-TAILOR-2", "that garment is not in the design display", "tailor_not_displayed",
                       {"garment": s.t.ds.garments[g].id})
    reason = refusal(s, seat, g, s.windows.index(g), mode)
    assert reason is not None, "a garment that can be made is legal"
    return reason


decision("tailor", _legal, _apply, _explain, ("garment",), "R-ACT-TAILOR-2")


# --- which bale the level-II bonus saves

def _reduce_legal(s: State, f: Mode) -> list[str]:
    p = s.players[f[1]]
    need = s.t.ds.garments[s.making].silk
    out = []
    for c, name in ((BLUE, "reduce:blue"), (PINK, "reduce:pink")):
        r = list(need)
        r[c] -= 1
        if need[c] and all(p.silk[k] >= r[k] for k in range(4)):
            out.append(name)
    return out


def _reduce_apply(s: State, f: Mode, action: str) -> None:
    seat, mode = f[1], f[2]
    r = list(s.t.ds.garments[s.making].silk)
    r[BLUE if action == "reduce:blue" else PINK] -= 1
    _hand_in(s, seat, mode, tuple(r))


decision("reduce", _reduce_legal, _reduce_apply,
         lambda s, f, a: Refusal("A-6", "save one blue or one pink bale that the garment requires", "reduce_bale"),
         ("reduce",), "A-6")


# --- R-ACT-TAILOR-4/5: hand in rack tiles until every silk colour is covered

def _give_legal(s: State, f: Give) -> list[str]:
    need = f[3:7]
    tiles = s.t.ds.tiles
    give = s.t.give
    return [give[x] for x in s.players[f[1]].rack if any(need[c] and tiles[x].silk[c] for c in range(4))]


def _give_apply(s: State, f: Give, action: str) -> None:
    seat, mode = f[1], f[2]
    tile = actions.tile(s.t, action)
    remove_from_rack(s, seat, tile)
    s.res_discard.append(tile)
    silk = s.t.ds.tiles[tile].silk
    emit(s, "tile_spent", seat, tile=s.t.ds.tiles[tile].id)
    need = tuple(max(0, n - silk[c]) for c, n in enumerate(f[3:7]))
    if any(need):
        push(s, ("give", seat, mode, *need))


decision("give", _give_legal, _give_apply,
         lambda s, f, a: Refusal("R-ACT-TAILOR-4", "hand in a tile of your rack that covers a missing silk bale",
                                 "give_tile"),
         ("give",), "R-ACT-TAILOR-4")


# --- R-ACT-TAILOR-7..15: rent or sell

def free_spaces(s: State, mode: str) -> list[int]:
    spaces = s.t.ds.board.guest_spaces
    master = master_made(s, mode)
    return [i for i, g in enumerate(s.guest) if g == EMPTY and (master or not spaces[i].master)]


def _dispose_legal(s: State, f: Mode) -> list[str]:
    mode = f[2]
    sell = ["sell"] if sellable(s, s.making) else []
    if mode == MUST_SELL:
        return sell
    rent = s.t.rent
    return [*sell, *(rent[i] for i in free_spaces(s, mode))]


def _dispose_apply(s: State, f: Mode, action: str) -> None:
    seat, mode = f[1], f[2]
    g = s.making
    gar = s.t.ds.garments[g]
    if action == "sell":  # R-ACT-TAILOR-13
        s.making = EMPTY
        s.gar_discard.append(g)
        emit(s, "sold", seat, garment=gar.id)
        gain_livres(s, seat, gar.value, "sale")
        if mode == MUST_SELL:
            gain_vp(s, seat, jewelry_box(s).params.nj_sell_vp, "nj_tailor_sell_vp")
        return
    space = actions.space(s.t, action)
    push(s, ("place", seat, space))
    if s.jewel_display:
        jewelry.offer_jewel(s, seat, g)  # R-JB-JEWEL-1: before the garment is placed


@auto("place")
def place(s: State, f: Place) -> None:
    """R-ACT-TAILOR-8..12: the rental side up on the space, the marker on it, the reward,
    then (Exquisite) the tile's placement bonus, then the all-halls check."""
    seat, space = f[1], f[2]
    g = s.making
    s.making = EMPTY
    s.guest[space] = g
    s.guest_owner[space] = seat
    sp = s.t.ds.board.guest_spaces[space]
    emit(s, "rented", seat, garment=s.t.ds.garments[g].id, space=sp.id)
    push(s, ("placed", seat, g), ("halls", seat))
    _reward(s, seat, sp.reward, sp.reward_livres)


def _reward(s: State, seat: int, reward: str, livres: int) -> None:
    """R-ACT-TAILOR-11: the guest space's reward, taken at once."""
    if reward == "livres":
        gain_livres(s, seat, livres, "guest_reward")
    elif reward == "thread":
        gain_goods(s, seat, 1, 0, "guest_reward")
    elif reward == "lace":
        gain_goods(s, seat, 0, 1, "guest_reward")
    elif reward == "tile" and any(x != EMPTY for x in s.drawers):
        push(s, ("acquire", seat, "reward"))


def _dispose_explain(s: State, f: Mode, action: str) -> Refusal:
    garment = {"garment": s.t.ds.garments[s.making].id}
    if action == "sell":
        if s.t.ds.garments[s.making].expansion == "festive":
            return Refusal("R-FEST-3", "a festive garment can never be sold", "sell_festive", garment)
        return Refusal("R-EXQ-3", "this garment can only be rented", "sell_rent_only", garment)
    if f[2] == MUST_SELL:
        return Refusal("R-BON-nj_tailor_sell_vp", "this garment must be sold", "rent_must_sell", garment)
    where = actions.space(s.t, action)
    space = {**garment, "space": action[action.find(":") + 1:]}  # the space's id, as the action names it
    if s.guest[where] != EMPTY:
        return Refusal("R-ACT-TAILOR-8", "that guest space is taken", "rent_space_taken", space)
    return Refusal("R-ACT-TAILOR-9", "a master guest space takes only a garment tailored with a Master",
                   "rent_master_space", space)


decision("dispose", _dispose_legal, _dispose_apply, _dispose_explain, ("sell", "rent"), "R-ACT-TAILOR-7")
