"""Rulebook constraints on a complete Rococo base-game data set.

Why this exists: most per-component values (every tile, card and board space) are not in the
rulebook texts and were reconstructed, and a player who owns the game may replace any data file
with values transcribed from a physical copy (COMPONENTS.md, policy 3 and 4).  Either way the
data must still obey everything the rulebook *does* state -- the counts, ranges, colours, rarity
order, card compositions and price tables of RULES.md §2.  A transcription slip (a 12th blue
garment, a tile price of 3, a level-II card of the wrong type) would otherwise load silently and
change the game; :func:`check` names each broken rule instead, and :func:`salon.rococo.components.load`
refuses such a data set.

The structural defaults of COMPONENTS.md that the rulebook fixes only loosely (2 dark windows,
3 drawers, hall 1 as the largest and richest hall) are checked too, so that every part of the
project can rely on them.
"""

from __future__ import annotations

from collections import Counter

from salon.rococo.components import BASE_FILES, BOARD_FILES, COLOURS, DataSet

GARMENT_COUNTS = {"blue": 13, "pink": 13, "green": 10, "orange": 6}  # R-NUM-7 (DE:53)
GARMENT_VALUE = (6, 28)  # R-NUM-8 (DE:39)
GARMENT_PRESTIGE = (2, 4)  # R-NUM-9 (DE:40, 46)
TILE_COUNT = 48  # R-NUM-11 (DE:106)
LEVEL_COUNTS = {1: 6, 2: 4, 3: 4, 4: 4, 5: 4, 6: 6}  # R-NUM-5 (DE:170-176)
LEVEL_COMPOSITION = {  # R-COMP-EMP-4
    2: {"master": 1, "journeyman": 2, "apprentice": 1},  # DE:852
    5: {"master": 2, "journeyman": 1, "apprentice": 1},  # DE:846
}
L6_END_BONUSES = frozenset({
    "l6_end_vp_by_staff", "l6_end_thread_lace_sets", "l6_end_master_guest_pairs", "l6_end_dress_coat_pairs",
})  # R-COMP-EMP-4 (DE:787-790, FR13:321)
START_BONUSES = ("start_pay1_thread_or_lace", "start_extra_acquire", "start_gain_2")  # R-COMP-EMP-6 (DE:729-734)
WINDOW_COST = (0, 8)  # R-NUM-10 (DE:480)
DARK_WINDOWS = 2  # R-DATA-4 (DE:328)
DRAWERS = 3  # R-DATA-4 (DE:1100)
HIRE_SPACES = 4  # R-NUM-4 (DE:307)
HIRE_PRICE = {1: 0, 2: 1, 3: 3, 4: 5}  # R-NUM-21 (DE:539-542)
FIREWORKS_MAJORITIES = ((6, 2), (7, 3))  # R-NUM-31 (DE:695)


def resource_price(tiles_in_drawer: int) -> int:
    """R-NUM-20 (DE:433-436): 3 or 4 tiles -> 2 livres, 2 -> 1, 1 -> free."""
    return {1: 0, 2: 1}.get(tiles_in_drawer, 2)


def check(ds: DataSet) -> list[str]:
    """Every rulebook constraint the data set ``ds`` breaks, one readable message each.

    An empty list means the data set is fine.  Each message starts with the file that holds
    the offending values and ends with the rule id it breaks.
    """
    out: list[str] = []
    _garments(ds, out)
    _tiles(ds, out)
    _deck(ds, out)
    _start(ds, out)
    _board(ds, out)
    return out


def _garments(ds: DataSet, out: list[str]) -> None:
    f = BASE_FILES["garments"]
    counts = Counter(g.colour for g in ds.garments)
    for colour, want in GARMENT_COUNTS.items():
        if counts[colour] != want:
            out.append(f"{f}: {counts[colour]} {colour} garments, the rulebook has {want} (R-NUM-7)")
    lo, hi = GARMENT_VALUE
    plo, phi = GARMENT_PRESTIGE
    for g in ds.garments:
        if not lo <= g.value <= hi:
            out.append(f"{f}: garment {g.id} is worth {g.value} livres, outside {lo}-{hi} (R-NUM-8)")
        if not plo <= g.prestige <= phi:
            out.append(f"{f}: garment {g.id} has prestige {g.prestige}, outside {plo}-{phi} (R-NUM-9)")
        if sum(g.silk) < 1:
            out.append(f"{f}: garment {g.id} needs no silk; every garment needs silk bales (R-COMP-GAR-1)")


def _tiles(ds: DataSet, out: list[str]) -> None:
    f = BASE_FILES["tiles"]
    if len(ds.tiles) != TILE_COUNT:
        out.append(f"{f}: {len(ds.tiles)} resource tiles, the rulebook has {TILE_COUNT} (R-NUM-11)")
    for t in ds.tiles:
        if t.bales < 1:
            out.append(f"{f}: tile {t.id} shows no silk bale; every tile shows at least one (R-DATA-2)")
    bales = dict(zip(COLOURS, (sum(t.silk[i] for t in ds.tiles) for i in range(len(COLOURS))), strict=True))
    order = ", ".join(f"{c} {bales[c]}" for c in COLOURS)
    if not (bales["blue"] > bales["green"] and bales["pink"] > bales["green"] and bales["green"] > bales["orange"]):
        out.append(
            f"{f}: silk bales {order} break the rarity order blue, pink > green > orange (R-COMP-RES-1, DE:110-113)"
        )
    if not any(sum(1 for n in t.silk if n) >= 2 for t in ds.tiles):
        out.append(f"{f}: no tile mixes two silk colours; the rulebook shows such tiles (R-DATA-2, DE:497, DE:992)")


def _deck(ds: DataSet, out: list[str]) -> None:
    f = BASE_FILES["employees"]
    cards = ds.deck_cards
    if len(cards) != sum(LEVEL_COUNTS.values()):
        out.append(f"{f}: {len(cards)} cards in the hire deck, the rulebook has 28 (R-NUM-5)")
    by_level: dict[int, list] = {}
    for c in cards:
        by_level.setdefault(c.level, []).append(c)
    for level, want in LEVEL_COUNTS.items():
        have = len(by_level.get(level, []))
        if have != want:
            out.append(f"{f}: {have} cards of level {level}, the rulebook has {want} (R-NUM-5, R-COMP-EMP-3)")
    for level in sorted(set(by_level) - set(LEVEL_COUNTS)):
        out.append(f"{f}: {len(by_level[level])} card(s) of level {level}; the base deck has levels 1-6 (R-COMP-EMP-3)")
    for level, group in sorted(by_level.items()):
        seen: set[str] = set()
        for c in group:
            if not c.bonus.startswith(f"l{level}_"):
                out.append(f"{f}: card {c.id} of level {level} carries {c.bonus}, not a level-{level} bonus"
                           " (R-COMP-EMP-5)")
            if c.bonus in seen:
                out.append(f"{f}: bonus {c.bonus} appears twice on level {level} (R-COMP-EMP-5)")
            seen.add(c.bonus)
    for level, want in LEVEL_COMPOSITION.items():
        have = Counter(c.type for c in by_level.get(level, []))
        if any(have[t] != n for t, n in want.items()):
            out.append(f"{f}: level {level} holds {_types(have)}, the rulebook has {_types(want)} (R-COMP-EMP-4)")
    crowns = [c for c in by_level.get(6, []) if c.bonus in L6_END_BONUSES]
    if len(crowns) != len(L6_END_BONUSES) or any(c.type != "apprentice" for c in crowns):
        out.append(
            f"{f}: level 6 must hold the 4 Apprentices with the end-game bonuses {', '.join(sorted(L6_END_BONUSES))}"
            f"; found {', '.join(f'{c.id} {c.type} {c.bonus}' for c in crowns) or 'none'} (R-COMP-EMP-4)"
        )


def _start(ds: DataSet, out: list[str]) -> None:
    f = BASE_FILES["employees"]
    start = ds.start_cards
    if len(start) != 5:
        out.append(f"{f}: {len(start)} start cards, every player has 5 (R-NUM-6)")
    masters = [s for s in start if s.type == "master"]
    if len(masters) != 2 or any(s.bonus != "start_none" for s in masters):
        out.append(f"{f}: the start cards need 2 Masters without bonus (start_none) (R-COMP-EMP-6, DE:406)")
    others = sorted(s.bonus for s in start if s.type != "master")
    if others != sorted(START_BONUSES):
        out.append(
            f"{f}: the start Journeyman and Apprentices carry {', '.join(others) or 'nothing'}; they must carry "
            f"{', '.join(START_BONUSES)} once each (R-COMP-EMP-6, DE:729-734)"
        )


def _board(ds: DataSet, out: list[str]) -> None:
    b = ds.board
    f = BOARD_FILES.get(b.side, f"board {b.side}")
    w = b.window_costs
    lo, hi = WINDOW_COST
    if any(not lo <= c <= hi for c in w):
        out.append(f"{f}: window costs {list(w)} leave the range {lo}-{hi} (R-NUM-10, DE:480)")
    if any(w[i] < w[i + 1] for i in range(len(w) - 1)) or (w and w[-1] != 0):
        out.append(f"{f}: window costs {list(w)} must fall from left to right to 0 at the rightmost window (A-16)")
    if b.dark_windows != DARK_WINDOWS:
        out.append(f"{f}: {b.dark_windows} dark windows, the rulebook has {DARK_WINDOWS} (R-DATA-4, DE:328)")
    if b.drawers != DRAWERS:
        out.append(f"{f}: {b.drawers} resource drawers, the rulebook has {DRAWERS} (R-DATA-4, DE:1100)")
    if b.drawer_spaces not in (3, 4):
        out.append(f"{f}: drawers of {b.drawer_spaces} spaces; the price table covers drawers of 3 or 4 (R-NUM-20)")
    for n in range(1, b.drawer_spaces + 1):
        price = _price(b.resource_price, n)
        if price != resource_price(n):
            out.append(
                f"{f}: a tile from a drawer holding {n} costs {price}, "
                f"the rulebook says {resource_price(n)} (R-NUM-20, DE:433-436)"
            )
    if b.hire_spaces != HIRE_SPACES:
        out.append(f"{f}: {b.hire_spaces} employee display spaces, the rulebook has {HIRE_SPACES} (R-NUM-4)")
    for n in range(1, b.hire_spaces + 1):
        price = _price(b.hire_price, n)
        if price != HIRE_PRICE.get(n):
            out.append(
                f"{f}: hiring from a display of {n} costs {price}, "
                f"the rulebook says {HIRE_PRICE.get(n)} (R-NUM-21, DE:539-542)"
            )
    spaces = {h.number: [b.guest_spaces[i] for i in h.spaces] for h in b.halls}
    for number, sp in sorted(spaces.items()):
        m = sum(1 for s in sp if s.master)
        if not 1 <= m <= 2:
            out.append(f"{f}: hall {number} has {m} master guest spaces; each hall has 1 or 2 (R-DATA-4, DE:510)")
    if 1 in spaces:
        throne = next(h for h in b.halls if h.number == 1)
        others = [h for h in b.halls if h.number != 1]
        if any(len(h.spaces) >= len(throne.spaces) for h in others):
            out.append(f"{f}: hall 1 (the Throne hall) must have more guest spaces than any other hall (R-DATA-4)")
        if any(h.majority[0] >= throne.majority[0] for h in others):
            out.append(f"{f}: hall 1 (the Throne hall) must have the highest first-place VP (R-DATA-4)")
    fireworks = [d for d in b.decorations if d.kind == "fireworks"]
    mults = {d.multiplier for d in fireworks}
    if not {2, 3} <= mults:
        out.append(f"{f}: fireworks multipliers {sorted(mults)}; the board has both x2 and x3 (R-NUM-32, DE:588)")
    costs = [d.cost for d in fireworks]
    if any(costs[i] >= costs[i + 1] for i in range(len(costs) - 1)):
        out.append(f"{f}: fireworks costs {costs} must rise strictly from left to right (R-DATA-4, DE:695)")
    if tuple(b.fireworks_majority) not in FIREWORKS_MAJORITIES:
        out.append(
            f"{f}: fireworks majority {list(b.fireworks_majority)}, the rulebook has 6/2 or 7/3 (R-NUM-31, DE:695)"
        )
    musicians = Counter(d.hall for d in b.decorations if d.kind == "musician")
    for hall in range(1, 6):
        if musicians[hall] != 1:
            out.append(f"{f}: {musicians[hall]} musician spaces in hall {hall}, the rulebook has 1 (R-DATA-4, DE:615)")
    for hall in sorted(set(musicians) - set(range(1, 6))):
        out.append(f"{f}: musician space for hall {hall}, which does not exist (R-DATA-4)")


def _price(table: tuple[int, ...], n: int) -> int | None:
    return table[n] if 0 < n < len(table) else None


def _types(counts) -> str:
    return ", ".join(f"{counts.get(t, 0)} {t}" for t in ("master", "journeyman", "apprentice"))
