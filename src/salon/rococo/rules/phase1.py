"""Phase 1, preparing a round: steps A-D (RULES.md §5).  No player choices."""

from __future__ import annotations

from salon.rococo.frames import Step
from salon.rococo.rules import solo
from salon.rococo.rules.common import emit, jewelry_box
from salon.rococo.rules.registry import auto, push
from salon.rococo.state import EMPTY, State


@auto("round_start")
def round_start(s: State, f: Step) -> None:
    s.phase = "prepare"
    emit(s, "round", round=s.round)
    if s.round > 1:  # R-PH1-A-1
        step_a_favour(s)
    if s.cfg.solo:
        solo.new_round(s)
    step_b_employees(s)
    step_c_resources(s)
    step_d_garments(s)
    if s.jewel_display:
        step_e_jewels(s)
    if s.round == 1 and s.festive_box:  # R-FEST-1: from round 2 on they can appear
        s.gar_bag.extend(s.festive_box)
        s.festive_box.clear()
        emit(s, "festive_added")
    push(s, ("phase2",))


def step_a_favour(s: State) -> None:
    """R-PH1-A-2/3: the favour's holder becomes start player and returns the tile."""
    if s.favour != EMPTY:
        s.start_player = s.favour
        s.favour = EMPTY
        emit(s, "start_player", s.start_player, cause="favour")


def step_b_employees(s: State) -> None:
    """R-PH1-B-1/2: leftover display cards leave the game; reveal 4 new ones."""
    for c in s.display:
        if c != EMPTY:
            s.boxed.append(c)
            emit(s, "card_removed", card=s.t.cards[c].id, where="display")
    s.display = [s.deck.pop() if s.deck else EMPTY for _ in range(s.t.ds.board.hire_spaces)]
    emit(s, "display", cards=[s.t.cards[c].id for c in s.display if c != EMPTY])


def step_c_resources(s: State) -> None:
    """R-PH1-C-1..4 / A-11: fill empty drawer spaces drawer 1->3, left->right, from the bag,
    refilling the bag from the resource discard when it runs dry."""
    for i, tile in enumerate(s.drawers):
        if tile != EMPTY:
            continue
        if not s.res_bag and s.res_discard:
            s.res_bag.extend(s.res_discard)
            s.res_discard.clear()
            emit(s, "resource_bag_refilled")
        if not s.res_bag:
            break  # R-PH1-C-4
        s.drawers[i] = s.rng.pop_random(s.res_bag)
    emit(s, "drawers", tiles=[s.t.ds.tiles[x].id if x != EMPTY else None for x in s.drawers])


def step_d_garments(s: State) -> None:
    """R-PH1-D-1..4: the 2 rightmost (dark) windows empty into the discard, the rest shift
    right keeping their order, and empty windows fill from right to left from the bag."""
    w = s.windows
    nwin = len(w)
    dark = s.t.ds.board.dark_windows
    for i in range(nwin - dark, nwin):
        if w[i] != EMPTY:
            s.gar_discard.append(w[i])
            emit(s, "garment_expired", garment=s.t.ds.garments[w[i]].id)
            w[i] = EMPTY
    rest = [g for g in w if g != EMPTY]
    w[:] = [EMPTY] * (nwin - len(rest)) + rest
    for i in range(nwin - len(rest) - 1, -1, -1):
        if not s.gar_bag and s.gar_discard:
            s.gar_bag.extend(s.gar_discard)
            s.gar_discard.clear()
            emit(s, "garment_bag_refilled")
        if not s.gar_bag:
            break  # R-PH1-D-4: the leftmost windows stay empty
        w[i] = s.rng.pop_random(s.gar_bag)
    emit(s, "windows", garments=[s.t.ds.garments[g].id if g != EMPTY else None for g in w])


def step_e_jewels(s: State) -> None:
    """R-JB-PH1E-1..3 / A-42: the rightmost jewel leaves the game (there is no jewelry
    discard), the rest shift right, empty spaces fill from right to left from the bag, which
    is never refilled."""
    d = s.jewel_display
    if d[-1] != EMPTY:
        s.jewels_boxed.append(d[-1])
        emit(s, "jewel_removed", jewel=jewelry_box(s).jewels[d[-1]].id)
        d[-1] = EMPTY
    rest = [j for j in d if j != EMPTY]
    d[:] = [EMPTY] * (len(d) - len(rest)) + rest
    for i in range(len(d) - len(rest) - 1, -1, -1):
        if not s.jewel_bag:
            break
        d[i] = s.rng.pop_random(s.jewel_bag)
    jewels = jewelry_box(s).jewels
    emit(s, "jewel_display", jewels=[jewels[j].id if j != EMPTY else None for j in d])
