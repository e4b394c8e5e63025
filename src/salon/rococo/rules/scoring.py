"""End of the game and final scoring, steps 1-7 in order (RULES.md §11).

Each step is completed for every player before the next begins (R-END-2).  Two steps hold
decisions: the thread-and-lace sets of a level-VI crown card (step 2) and the terrace moves
(step 5).  Every point is booked under its step in ``State.breakdown``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from salon.core.errors import Refusal
from salon.rococo import actions
from salon.rococo.frames import SeatStep, Step
from salon.rococo.rules import jewelry
from salon.rococo.rules.common import (
    MDB,
    colour_counts,
    decorations,
    dresses_coats,
    emit,
    garments_in_hall,
    is_mdb,
    jewelry_box,
    master_guest_garments,
    pay,
    staff_table,
    term,
    two_player_rules,
)
from salon.rococo.rules.registry import auto, decision, push
from salon.rococo.state import EMPTY, State

STEPS: Final = ("game", "money", "jewels", "employees", "favour", "halls", "fireworks", "statues", "markers",
                "solo_tiles")


def score(s: State, seat: int, step: str, vp: int, hall: int | None = None) -> None:
    """Book ``vp`` under ``step``; a hall majority names its ``hall``, so that a player reads
    which one brought the points."""
    if vp:
        s.players[seat].vp += vp
        s.breakdown[seat][step] = s.breakdown[seat].get(step, 0) + vp
        if hall is None:
            emit(s, "scored", seat, step=step, vp=vp)
        else:
            emit(s, "scored", seat, step=step, vp=vp, hall=hall)


def seats_from_start(s: State) -> list[int]:
    return [(s.start_player + i) % s.n for i in range(s.n)]


@auto("final")
def final(s: State, f: Step) -> None:
    s.phase = "scoring"
    for seat in range(s.n):
        s.breakdown[seat] = {"game": s.players[seat].vp}
    push(s, ("score1",), ("score2",), ("score3",), ("score4",), ("terrace_stage",), ("score6",), ("score7",),
         ("game_end",))


@auto("score1")
def step1_money(s: State, f: Step) -> None:
    """R-SCORE-1-1 / A-34: every full 10 livres -> 1 VP; the remainder breaks ties."""
    per = s.t.ds.rules.livres_per_vp
    for seat, p in enumerate(s.players):
        vp = p.livres // per
        pay(s, seat, vp * per, "money_conversion")
        s.money_left[seat] = p.livres
        score(s, seat, "money", vp)
    jb = s.t.ds.jewelry_box
    if jb is not None:  # R-SCORE-1-2 / R-JB-SCORE-1: after the money conversion
        for seat, p in enumerate(s.players):
            score(s, seat, "jewels", jb.params.jewel_end_vp * len(p.jewels))


def end_bonus_vp(s: State, seat: int, bonus: str) -> int:
    """R-SCORE-2-1: the automatic end-game (crown) bonuses of §12.7, as scored now."""
    b = s.t.ds.bonus
    if bonus == "l6_end_vp_by_staff":
        return staff_table(b.staff_vp_l6, s.players[seat].staff_size())
    if bonus == "l6_end_master_guest_pairs":
        return b.master_guest_pair_vp * (master_guest_garments(s, seat) // 2)
    if bonus == "l6_end_dress_coat_pairs":
        d, c = dresses_coats(s, seat)
        return b.dress_coat_pair_vp * min(d, c)
    if bonus.startswith("nm_end_"):  # R-JB-SCORE-2
        return _jewelry_box_end_vp(s, seat, bonus)
    return 0


def _jewelry_box_end_vp(s: State, seat: int, bonus: str) -> int:
    """R-BON-nm_end_*: the end-game bonuses of the Jewelry Box Masters (§13.11)."""
    q = jewelry_box(s).params
    if bonus == "nm_end_jewel_sets":
        c = jewelry.jewel_counts(s, seat)
        sets = min(c.get(k, 0) for k in (("necklace", "blue"), ("necklace", "green"), ("ring", "pink"),
                                          ("ring", "orange")))
        return q.nm_jewel_set_vp * sets
    if bonus == "nm_end_necklace_pairs":
        return q.nm_necklace_pair_vp * (jewelry.necklaces(s, seat) // 2)
    if bonus == "nm_end_vp_per_dec":
        return decorations(s, seat)
    apprentices = sum(1 for c in s.players[seat].staff() if s.t.cards[c].type == "apprentice")
    return q.nm_apprentice_pair_vp * (apprentices // 2)


@auto("score2")
def step2_employees(s: State, f: Step) -> None:
    sets = []
    for seat in seats_from_start(s):
        p = s.players[seat]
        for c in p.staff():
            bonus = s.t.cards[c].bonus
            if bonus == "l6_end_thread_lace_sets":
                if is_mdb(s, seat):  # she always scores the most (§14.5)
                    _sets_apply(s, ("sets", seat), f"sets:{min(p.thread, p.lace)}")
                elif min(p.thread, p.lace) > 0:
                    sets.append(("sets", seat))
            else:
                score(s, seat, "employees", end_bonus_vp(s, seat, bonus))
    if s.favour != EMPTY:  # R-SCORE-2-2
        score(s, s.favour, "favour", s.t.ds.rules.favour_end_vp)
    push(s, *sets)


def _sets_legal(s: State, f: SeatStep) -> list[str]:
    p = s.players[f[1]]
    return [f"sets:{k}" for k in range(min(p.thread, p.lace) + 1)]


def _sets_apply(s: State, f: SeatStep, action: str) -> None:
    """R-BON-l6_end_thread_lace_sets: return k sets of 1 thread + 1 lace, 3 VP each."""
    seat = f[1]
    k = actions.number(action)
    p = s.players[seat]
    p.thread -= k
    p.lace -= k
    if k:
        emit(s, "goods", seat, thread=-k, lace=-k, why="l6_end_thread_lace_sets")
    score(s, seat, "employees", k * s.t.ds.bonus.thread_lace_set_vp)


decision("sets", _sets_legal, _sets_apply,
         lambda s, f, a: Refusal("R-BON-l6_end_thread_lace_sets",
                                 f"return at most as many sets as you have {term(s, 'thread')} and lace",
                                 "sets_too_many"),
         ("sets",), "R-BON-l6_end_thread_lace_sets")


def rank_groups(keys: Mapping[int, tuple[Any, ...]]) -> list[list[int]]:
    """Players grouped by equal key, best group first."""
    groups: list[list[int]] = []
    last = None
    for seat in sorted(keys, key=lambda x: keys[x], reverse=True):
        if groups and keys[seat] == last:
            groups[-1].append(seat)
        else:
            groups.append([seat])
            last = keys[seat]
    return groups


def hall_awards(s: State, hall: int) -> dict[int, int]:
    """R-SCORE-3-1..5, A-29, R-2P-1: VP per seat for one hall's majority."""
    h = s.t.ds.board.halls[hall - 1]
    keys = {}
    for seat in range(s.n):
        n = garments_in_hall(s, seat, hall)
        if n:
            keys[seat] = (n, master_guest_garments(s, seat, hall), int(s.deco[h.musician] == seat))
    groups = rank_groups(keys)
    out: dict[int, int] = {}
    if not groups:
        return out
    first, second = h.majority
    for seat in groups[0]:
        out[seat] = first
    if len(groups[0]) == 1 and not two_player_rules(s) and len(groups) > 1:
        for seat in groups[1]:
            out[seat] = second
    return out


@auto("score3")
def step3_halls(s: State, f: Step) -> None:
    for h in s.t.ds.board.halls:
        for seat, vp in hall_awards(s, h.number).items():
            score(s, seat, "halls", vp, hall=h.number)


def fireworks_awards(s: State) -> dict[int, int]:
    """R-SCORE-4-1/2, A-31, R-2P-2: most markers; ties to the most expensive space."""
    fw = s.t.fireworks
    decos = s.t.ds.board.decorations
    keys = {}
    for seat in range(s.n):
        own = [d for d in fw if s.deco[d] == seat]
        if own:
            keys[seat] = (len(own), max((decos[d].cost, d) for d in own))
    ranked = [g[0] for g in rank_groups(keys)]
    first, second = s.t.ds.board.fireworks_majority
    out: dict[int, int] = {}
    if ranked:
        out[ranked[0]] = first
    if len(ranked) > 1 and not two_player_rules(s):
        out[ranked[1]] = second
    return out


@auto("score4")
def step4_fireworks(s: State, f: Step) -> None:
    for seat, vp in fireworks_awards(s).items():
        score(s, seat, "fireworks", vp)


# --- step 5: admire the fireworks from the terrace (decisions)

def throne_spaces(s: State, seat: int) -> list[int]:
    return [i for i, o in enumerate(s.guest_owner) if o == seat and s.t.hall_of_space[i] == 1]


def free_terrace_spots(s: State, seat: int) -> list[int]:
    return [d for d in s.t.fireworks if s.deco[d] == seat and s.terrace[d] == EMPTY]


@auto("terrace_stage")
def terrace_stage(s: State, f: Step) -> None:
    s.phase = "end"  # garments now count on the terrace as well (R-SCORE-6-4)
    if s.cfg.solo:
        for move in best_terrace(s, MDB):  # R-SOLO-END-2: the human moves hers for the maximum
            _move_to_terrace(s, MDB, move)
    push(s, *[("terrace", seat) for seat in seats_from_start(s) if not is_mdb(s, seat) and _terrace_moves(s, seat)])


def best_terrace(s: State, seat: int) -> list[str]:
    """R-SCORE-5-4: the score-maximising moves, the highest-prestige Throne-hall garments to
    the x3 spaces first, then x2."""
    gar = s.t.ds.garments
    decos = s.t.ds.board.decorations
    spots = sorted(free_terrace_spots(s, seat), key=lambda d: -decos[d].multiplier)
    throne = sorted(throne_spaces(s, seat), key=lambda i: -gar[s.guest[i]].prestige)
    return [f"terrace:{gar[s.guest[i]].id}:{decos[d].id}" for d, i in zip(spots, throne) if gar[s.guest[i]].prestige]


def _terrace_moves(s: State, seat: int) -> list[str]:
    decos = s.t.ds.board.decorations
    gar = s.t.ds.garments
    spots = free_terrace_spots(s, seat)
    return [f"terrace:{gar[s.guest[i]].id}:{decos[d].id}" for i in throne_spaces(s, seat) for d in spots]


def _terrace_legal(s: State, f: SeatStep) -> list[str]:
    return [*_terrace_moves(s, f[1]), "done"]


def _terrace_apply(s: State, f: SeatStep, action: str) -> None:
    """R-SCORE-5-1..3, A-28: optionally move own Throne-hall garments beside own fireworks."""
    if action == "done":
        return
    _move_to_terrace(s, f[1], action)
    if _terrace_moves(s, f[1]):
        push(s, f)


def _move_to_terrace(s: State, seat: int, action: str) -> None:
    g, d = actions.terrace_move(s.t, action)
    space = s.guest.index(g)
    s.guest[space] = EMPTY
    s.guest_owner[space] = EMPTY
    s.terrace[d] = g
    emit(s, "terrace", seat, garment=s.t.ds.garments[g].id, space=s.t.ds.board.decorations[d].id)


decision("terrace", _terrace_legal, _terrace_apply,
         lambda s, f, a: Refusal("R-SCORE-5-1", "move one of your Throne-hall garments beside one of your fireworks",
                                 "terrace_move"),
         ("terrace", "done"), "R-SCORE-5-1")


@auto("score6")
def step6_statues(s: State, f: Step) -> None:
    """R-SCORE-6-1..4: optimal partition = 2 x sum over colours of min(n_colour, statues)."""
    per = s.t.ds.rules.statue_vp_per_colour
    for seat in range(s.n):
        k = sum(1 for d in s.t.deco_of_kind["statue"] if s.deco[d] == seat)
        if k:
            score(s, seat, "statues", per * sum(min(n, k) for n in colour_counts(s, seat)))


def marker_vp(s: State, seat: int) -> int:
    """R-SCORE-7-1/2: garment prestige (x the terrace multiplier), decoration VP, all-halls VP."""
    gar = s.t.ds.garments
    decos = s.t.ds.board.decorations
    total = sum(gar[g].prestige for g, o in zip(s.guest, s.guest_owner) if o == seat)
    total += sum(gar[g].prestige * decos[d].multiplier for d, g in enumerate(s.terrace)
                 if g != EMPTY and s.deco[d] == seat)
    total += sum(decos[d].vp for d, o in enumerate(s.deco) if o == seat)
    total += sum(vp for vp, o in zip(s.t.ds.board.all_halls_vp, s.all_halls) if o == seat)
    return total


@auto("score7")
def step7_markers(s: State, f: Step) -> None:
    for seat in seats_from_start(s):
        score(s, seat, "markers", marker_vp(s, seat))
    if s.cfg.solo:  # R-SOLO-END-3, A-51: 1 VP per 2 resource tiles she holds
        score(s, MDB, "solo_tiles", len(s.players[MDB].rack) // 2)


@auto("game_end")
def game_end(s: State, f: Step) -> None:
    s.phase = "over"
    s.over = True
    emit(s, "game_over", scores=[p.vp for p in s.players])
