"""Madame du Barry, the solo opponent (RULES.md §14).

She sits at seat 1 and never decides: her turns are automatic steps of the engine, driven by
her own deck of 25 cards (data/solo.toml), and every step is told by events (which card,
which target, why).  She never gains or pays livres, never sells, never sends away and gets
no income (R-SOLO-GEN-1, §14.6).  An action she cannot carry out at all gives her 3 VP
instead (R-SOLO-GEN-4).  Her employee cards are face down above her board: they are kept in
her ``supply`` and only count as her staff.
"""

from __future__ import annotations

from typing import Final

from salon.core.errors import Refusal
from salon.rococo.frames import Exam, Step
from salon.rococo.rules import all_halls, exams, favour, garment_effects, scoring
from salon.rococo.rules.bonuses import END_GAME
from salon.rococo.rules.common import MDB, draw_from_resource_bag, emit, gain_goods, gain_vp, jewelry_box, staff_table
from salon.rococo.rules.registry import auto, decision, push
from salon.rococo.state import EMPTY, State

FALLBACK_VP: Final = 3  # R-SOLO-GEN-4, R-SOLO-FAV-1
HAND: Final = 4  # R-SOLO-PH2-1
REWARD_PRIORITY: Final = {"tile": 0, "thread": 1, "lace": 1, "livres": 2, "none": 3}  # R-SOLO-PLACE-1
KIND: Final = {"fireworks": ("fireworks",), "kitchen": ("kitchen_left", "kitchen_right"),
        "musicians": ("musician",), "statues": ("statue",)}


def new_round(s: State) -> None:
    """R-SOLO-PH1-1: every round all 25 cards are shuffled into her card supply."""
    s.mdb_supply = list(range(len(s.t.ds.solo_cards)))
    s.mdb_hand.clear()
    s.mdb_discard.clear()
    s.rng.shuffle(s.mdb_supply)


def take_hand(s: State) -> None:
    """R-SOLO-PH2-1: the top 4 cards of her supply form her face-down hand pile."""
    for _ in range(HAND):
        draw_to_hand(s)
    emit(s, "mdb_hand", MDB, count=len(s.mdb_hand))


def _reveal(s: State) -> int:
    """The top card of her supply; A-47: an empty supply is refilled from her discard."""
    if not s.mdb_supply:
        s.mdb_supply, s.mdb_discard = s.mdb_discard, []
        s.rng.shuffle(s.mdb_supply)
    return s.mdb_supply.pop()


def draw_to_hand(s: State) -> None:
    """R-SOLO-PH3-2: one more face-down card on her hand pile (one more turn this round)."""
    s.mdb_hand.append(_reveal(s))


def _fallback(s: State, why: str) -> None:
    emit(s, "mdb_fallback", MDB, why=why)
    gain_vp(s, MDB, FALLBACK_VP, "mdb_fallback")


@auto("mdb_turn")
def turn(s: State, f: Step) -> None:
    """R-SOLO-PH3-1: reveal the top card of her hand pile, carry out its action, then discard
    it -- so that a supply emptied during the action (A-47) is rebuilt without the card still
    being carried out."""
    card = s.mdb_hand.pop()
    c = s.t.ds.solo_cards[card]
    emit(s, "mdb_card", MDB, card=c.id, action=c.action)
    if c.action == "favour":
        _favour(s)
    elif c.action == "acquire":
        _acquire(s, c.drawer, c.position)
    elif c.action == "tailor":
        _tailor(s, c.direction, c.ordinal)
    elif c.action == "hire":
        _hire(s, c.direction, c.ordinal)
    else:
        _finance(s, c.kind)
    s.mdb_discard.append(card)


def _favour(s: State) -> None:
    """R-SOLO-FAV-1: the tile if it is there (no livres), and 3 VP in any case."""
    if favour.available(s):
        s.favour = MDB
        emit(s, "favour", MDB)
    gain_vp(s, MDB, FALLBACK_VP, "mdb_favour")


def _acquire(s: State, drawer: int, position: str) -> None:
    """R-SOLO-RES-1..3: every tile of one drawer or of one position across the drawers,
    face down to her, free and unconverted."""
    spaces = s.t.ds.board.drawer_spaces
    if drawer:
        slots = list(range((drawer - 1) * spaces, drawer * spaces))
    else:
        i = {"left": 0, "middle": spaces // 2, "right": spaces - 1}[position]
        slots = [d * spaces + i for d in range(s.t.ds.board.drawers)]
    tiles = [s.drawers[i] for i in slots if s.drawers[i] != EMPTY]
    if not tiles:
        _fallback(s, "acquire")
        return
    p = s.players[MDB]
    for i in slots:
        if s.drawers[i] != EMPTY:
            _to_rack(s, s.drawers[i])
            s.drawers[i] = EMPTY
    emit(s, "mdb_acquired", MDB, tiles=[s.t.ds.tiles[x].id for x in tiles], drawer=drawer, position=position)
    if s.t.ds.jewelry_box is not None and p.exam == exams.JOURNEYMAN:
        _acquire_task(s, tiles)


def _to_rack(s: State, tile: int) -> None:
    p = s.players[MDB]
    p.rack.append(tile)
    for c, n in enumerate(s.t.ds.tiles[tile].silk):
        p.silk[c] += n


def _acquire_task(s: State, tiles: list[int]) -> None:
    """R-SOLO-RES-3, A-37: the topmost free resource task, contents ignored (or, with the
    [config] option, the topmost one the tiles' contents fulfil)."""
    candidates = ["J1", "J2", "J3"]
    if s.cfg.mdb_inspect_tiles:
        ts = [s.t.ds.tiles[x] for x in tiles]
        candidates = [n for n, ok in (("J1", any(t.silk[0] or t.silk[1] for t in ts)),
                                      ("J2", any(t.silk[2] or t.silk[3] for t in ts)),
                                      ("J3", any(t.lower for t in ts))) if ok]
    _cover(s, exams.JOURNEYMAN, candidates)


def _cover(s: State, exam: int, candidates: list[str]) -> None:
    """Cover the topmost free task among ``candidates``; a full track means the exam now."""
    p = s.players[MDB]
    track = exams.track(s, exam)
    for k, name in enumerate(track):
        if name in candidates and not p.tasks & (1 << k):
            p.tasks |= 1 << k
            emit(s, "task", MDB, task=name)
            break
    if p.tasks == (1 << len(track)) - 1:
        _exam(s, exam)


def _exam(s: State, exam: int) -> None:
    """R-SOLO-EXAM-J / R-SOLO-EXAM-M (no fee): +1 VP, lose an Apprentice (never level VI) or
    a Journeyman (of any level; A-3: at random, or the human picks), a random card of the stack to her
    staff (A-39: neither when the stack is empty), one more card to her hand, markers back,
    start marker to the other exam."""
    gain_vp(s, MDB, jewelry_box(s).params.exam_vp, "mdb_exam")
    stack = s.j_stack if exam == exams.JOURNEYMAN else s.m_stack
    if stack:
        staff = s.players[MDB].supply
        eligible = _removable(s, staff, exam)
        new = s.rng.pop_random(stack)
        staff.append(new)
        s.promoted.append(new)
        emit(s, "mdb_promoted", MDB, secret=("card",), card=s.t.cards[new].id)
        if eligible and s.cfg.mdb_exam_removal == "human":
            push(s, ("mdb_remove", 0, exam))
        elif eligible:
            _remove(s, eligible[s.rng.below(len(eligible))])
    draw_to_hand(s)
    p = s.players[MDB]
    p.tasks = 0
    p.exam = 1 - exam
    if exam == exams.MASTER:
        p.master_exams += 1
    emit(s, "exam_passed", MDB, exam="master" if exam == exams.MASTER else "journeyman")


def _remove(s: State, card: int) -> None:
    s.players[MDB].supply.remove(card)
    s.boxed.append(card)
    emit(s, "card_sent_away", MDB, card=s.t.cards[card].id, why="mdb_exam")


def _removable(s: State, staff: list[int], exam: int) -> list[int]:
    """The employees an exam may put out of the game: Apprentices but the level-VI ones for
    the Journeyman exam (R-SOLO-EXAM-J), any Journeyman for the Master exam (R-SOLO-EXAM-M,
    which makes no exception for level VI)."""
    cards = s.t.cards
    if exam == exams.JOURNEYMAN:
        return [c for c in staff if cards[c].type == "apprentice" and cards[c].level != 6]
    return [c for c in staff if cards[c].type == "journeyman"]


def _remove_options(s: State, f: Exam) -> list[str]:
    return [f"remove:{s.t.cards[c].id}" for c in _removable(s, s.players[MDB].supply, f[2])]


decision("mdb_remove", _remove_options, lambda s, f, a: _remove(s, s.t.card_index[a[7:]]),
         lambda s, f, a: Refusal("A-3", "choose one of Madame du Barry's eligible employees", "mdb_remove_eligible"),
         ("remove",), "A-3")


def _in_direction(items: list[int], direction: str) -> list[tuple[int, int]]:
    """(position, item) of the non-empty positions, counted from the card's side."""
    pairs = [(i, x) for i, x in enumerate(items) if x != EMPTY]
    return pairs[::-1] if direction == "right" else pairs


def _tailor(s: State, direction: str, ordinal: int) -> None:
    """R-SOLO-TAI-1..5, R-SOLO-PLACE-*, R-SOLO-JEWEL-*: a free garment, always rented."""
    tiles = _in_direction(s.windows, direction)
    if not tiles:
        _fallback(s, "tailor")
        return
    if EMPTY not in s.guest:
        _fallback(s, "tailor_no_space")
        return
    if not _hall_reachable(s):
        _fallback(s, "tailor_no_hall")
        return
    costs = s.t.ds.board.window_costs
    if len(tiles) >= ordinal:
        w, g = tiles[ordinal - 1]
    else:  # fewer tiles than the ordinal: the highest cost, first in direction
        w, g = max(tiles, key=lambda wg: (costs[wg[0]], -tiles.index(wg)))
    s.windows[w] = EMPTY
    s.making = g
    gar = s.t.ds.garments[g]
    emit(s, "tailor", MDB, garment=gar.id, window=w, mode="mdb")
    garment_effects.tailored(s, ("tailored", MDB))  # Festive VP
    hall, symbol = _placement_card(s)
    space = _guest_space(s, hall)
    jewel = _jewel(s, g, symbol)
    s.making = EMPTY
    s.guest[space] = g
    s.guest_owner[space] = MDB
    sp = s.t.ds.board.guest_spaces[space]
    emit(s, "rented", MDB, garment=gar.id, space=sp.id)
    if sp.reward == "tile":  # R-SOLO-PLACE-2: from the bag, face down
        _bag_tile(s, "guest_reward")
    elif sp.reward in ("thread", "lace"):
        gain_goods(s, MDB, int(sp.reward == "thread"), int(sp.reward == "lace"), "guest_reward")
    _exquisite(s, g, jewel)
    all_halls.check(s, ("halls", MDB))
    if s.t.ds.jewelry_box is not None and s.players[MDB].exam == exams.MASTER:
        # R-SOLO-TAI-5, A-38: the top task takes only a thimble garment
        names = ["M1" if gar.is_dress else "M2"] + (["M3"] if gar.thimble else [])
        _cover(s, exams.MASTER, names)


def _hall_reachable(s: State) -> bool:
    """Whether a card still to be revealed (supply or discard, A-47) shows a hall with a free
    guest space.  Engine ruling extending A-46: when every such card is on her hand pile or is
    the card being played, the placement cannot be decided, so the tailoring is impossible
    (3 VP, no garment taken) -- rather than revealing cards for ever."""
    hs = s.t.hall_of_space
    halls = {hs[i] for i, g in enumerate(s.guest) if g == EMPTY}
    cards = s.t.ds.solo_cards
    return any(cards[c].hall in halls for c in s.mdb_supply + s.mdb_discard)


def _placement_card(s: State) -> tuple[int, str]:
    """R-SOLO-TAI-4, R-SOLO-PLACE-3: reveal cards to her discard until one shows a hall with
    a free guest space; its bottom part also gives the jewelry symbol."""
    hs = s.t.hall_of_space
    while True:
        card = _reveal(s)
        s.mdb_discard.append(card)
        c = s.t.ds.solo_cards[card]
        emit(s, "mdb_placement", MDB, card=c.id, hall=c.hall, jewel=c.jewel)
        if any(g == EMPTY and hs[i] == c.hall for i, g in enumerate(s.guest)):
            return c.hall, c.jewel


def _guest_space(s: State, hall: int) -> int:
    """R-SOLO-PLACE-1, A-45: master guest space first (the restriction does not bind her),
    then the reward priority, then more livres, then board order."""
    spaces = s.t.ds.board.guest_spaces
    free = [sp for sp in spaces if sp.hall == hall and s.guest[sp.index] == EMPTY]
    best = min(free, key=lambda sp: (not sp.master, REWARD_PRIORITY[sp.reward], -sp.reward_livres, sp.index))
    return best.index


def _jewel(s: State, g: int, symbol: str) -> int:
    """R-SOLO-JEWEL-1..3: by the symbol, the cheapest fitting jewel, free; a colour match
    brings a random tile from the bag."""
    jb = s.t.ds.jewelry_box
    if jb is None or symbol == "none" or not _has_jeweler(s):
        return EMPTY
    gar = s.t.ds.garments[g]
    kind = "necklace" if gar.is_dress else "ring"
    ok = [(jb.display_prices[i], i, j) for i, j in enumerate(s.jewel_display) if j != EMPTY and (
        jb.jewels[j].colour == gar.colour if symbol == "colour" else jb.jewels[j].kind == kind)]
    if not ok:
        return EMPTY
    _, i, j = min(ok)
    return _take_jewel(s, i, j, gar.colour)


def _take_jewel(s: State, slot: int, j: int, colour: str) -> int:
    jewel = jewelry_box(s).jewels[j]
    s.jewel_display[slot] = EMPTY
    s.players[MDB].jewels.append(j)
    emit(s, "jewel", MDB, jewel=jewel.id, free=True)
    if jewel.colour == colour:
        _bag_tile(s, "jewel_colour")
    return j


def _has_jeweler(s: State) -> bool:
    return any(s.deco[d] == MDB for d in s.t.deco_of_kind["jeweler"])


def _bag_tile(s: State, why: str) -> None:
    tile = draw_from_resource_bag(s)
    if tile != EMPTY:
        _to_rack(s, tile)
        emit(s, "tile_drawn", MDB, secret=("tile",), tile=s.t.ds.tiles[tile].id, why=why)


def _exquisite(s: State, g: int, jewel: int) -> None:
    """A-49: she gets the favour, jewels, tiles (from the bag) and VP of Exquisite tiles,
    never livres, and never sends away."""
    gar = s.t.ds.garments[g]
    if gar.expansion != "exquisite":
        return
    emit(s, "garment_effect", MDB, effect=gar.effect, garment=gar.id)
    if gar.effect == "exq_favour_5" and favour.available(s):
        s.favour = MDB
        emit(s, "favour", MDB)
    elif gar.effect == "exq_resource_tile":
        _bag_tile(s, gar.effect)
    elif gar.effect == "exq_free_jewel" and _has_jeweler(s):
        jb = jewelry_box(s)
        ok = [(jb.display_prices[i], i, j) for i, j in enumerate(s.jewel_display) if j != EMPTY]
        if ok:
            _, i, j = min(ok)
            _take_jewel(s, i, j, gar.colour)
    elif gar.effect == "exq_match_vp2":
        jb = jewelry_box(s)
        if jewel != EMPTY and jb.jewels[jewel].colour == gar.colour:
            gain_vp(s, MDB, (s.t.ds.garment_params or {})["exq_match_vp"], gar.effect)


def end_value(s: State, seat: int, card: int) -> int:
    """The VP an end-game card would give ``seat`` if scored now, were it in their staff."""
    c = s.t.cards[card]
    p = s.players[seat]
    if c.bonus == "l6_end_vp_by_staff":
        return staff_table(s.t.ds.bonus.staff_vp_l6, p.staff_size() + 1)
    if c.bonus == "l6_end_thread_lace_sets":
        return s.t.ds.bonus.thread_lace_set_vp * min(p.thread, p.lace)
    if c.bonus == "nm_end_apprentice_pairs":
        n = sum(1 for x in p.staff() if s.t.cards[x].type == "apprentice")
        return jewelry_box(s).params.nm_apprentice_pair_vp * (n // 2)
    return scoring.end_bonus_vp(s, seat, c.bonus)


def _hire(s: State, direction: str, ordinal: int) -> None:
    """R-SOLO-HIRE-1..4, A-43: free; an end-game card always first (the most VP for her now,
    then for the human, then the first in the card's direction)."""
    cards = _in_direction(s.display, direction)
    if not cards:
        _fallback(s, "hire")
        return
    ending = [(i, c) for i, c in cards if s.t.cards[c].bonus in END_GAME]
    if ending:
        slot, c = max(ending, key=lambda ic: (end_value(s, MDB, ic[1]), end_value(s, 0, ic[1]),
                                             -ending.index(ic)))
        why = "end_game"
    else:
        slot, c = cards[min(ordinal, len(cards)) - 1]
        why = "card"
    s.display[slot] = EMPTY
    s.players[MDB].supply.append(c)
    emit(s, "hired", MDB, card=s.t.cards[c].id, why=why)
    draw_to_hand(s)


def _finance(s: State, kind: str) -> None:
    """R-SOLO-FIN-1..6, A-48: free; her first finance goes to the cheapest free jeweler
    space; otherwise the cheapest free space of the shown kind (one marker per kitchen
    side); none -> 3 VP."""
    decos = s.t.ds.board.decorations
    kinds = KIND[kind]
    if s.t.ds.jewelry_box is not None and not _has_jeweler(s):
        if any(s.deco[d] == EMPTY for d in s.t.deco_of_kind["jeweler"]):
            kinds = ("jeweler",)
    free = [d for k in kinds for d in s.t.deco_of_kind[k]
            if s.deco[d] == EMPTY and not (k.startswith("kitchen") and any(
                s.deco[x] == MDB for x in s.t.deco_of_kind[k]))]
    if not free:
        _fallback(s, "finance")
        return
    d = min(free, key=lambda x: (decos[x].cost, x))
    s.deco[d] = MDB
    emit(s, "financed", MDB, space=decos[d].id, kind=decos[d].kind)
    if decos[d].kind == "musician":
        all_halls.check(s, ("halls", MDB))
    if s.t.ds.jewelry_box is not None and s.players[MDB].exam == exams.JOURNEYMAN:
        _cover(s, exams.JOURNEYMAN, ["J4"])



