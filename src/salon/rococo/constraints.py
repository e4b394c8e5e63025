"""Rulebook constraints on a complete Rococo data set: the base game and the expansions in play.

Why this exists: most per-component values (every tile, card and board space) are not in the
rulebook texts and were reconstructed, and a player who owns the game may replace any data file
with values transcribed from a physical copy (COMPONENTS.md, policy 3 and 4).  Either way the
data must still obey everything the rulebook *does* state -- the counts, ranges, colours, rarity
order, card compositions and price tables of RULES.md §2.  A transcription slip (a 12th blue
garment, a tile price of 3, a level-II card of the wrong type) would otherwise load silently and
change the game; :func:`check` names each broken rule instead, and :func:`salon.rococo.components.load`
refuses such a data set.

The structural defaults of COMPONENTS.md that the rulebook fixes only loosely (2 dark windows,
3 drawers, hall 1 as the largest and richest hall; the Jewelry Box's 5 display spaces, 6 jewels per
colour and one jeweler space per player) are checked too, so that every part of the project can
rely on them.

The base-game checks look only at the base components, so that an expansion's tiles, which may
exceed the base ranges (R-NOBLE-3), are judged by the expansion's own checks: garments by their
``expansion`` field, the board without the jeweler spaces the Jewelry Box adds.  Resource
tiles likewise by their ``expansion`` field.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from salon.rococo.components import BASE_FILES, BOARD_FILES, EXPANSION_FILES
from salon.rococo.models import COLOURS, CardModel, EmployeeType
from salon.rococo.pieces import DataSet, Garment, JewelryBox, ResourceTile

GARMENT_COUNTS = {"blue": 13, "pink": 13, "green": 10, "orange": 6}  # R-NUM-7 (DE:53)
GARMENT_VALUE = (6, 28)  # R-NUM-8 (DE:39)
GARMENT_PRESTIGE = (2, 4)  # R-NUM-9 (DE:40, 46)
TILE_COUNT = 48  # R-NUM-11 (DE:106)
LEVEL_COUNTS = {1: 6, 2: 4, 3: 4, 4: 4, 5: 4, 6: 6}  # R-NUM-5 (DE:170-176)
LEVEL_COMPOSITION: dict[int, dict[EmployeeType, int]] = {  # R-COMP-EMP-4
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

# Jewelry Box (RULES.md §13)
JEWEL_COUNT = 24  # R-NUM-37 (DE:831)
JEWELS = {("necklace", "blue"): 6, ("necklace", "green"): 6, ("ring", "pink"): 6, ("ring", "orange"): 6}
"""Necklaces in the dress colours, rings in the coat colours (R-JB-COMP-3: DE:892, FR:1085); 6 of each
kind and colour is the structural default of COMPONENTS.md (R-DATA-5)."""
NEW_MASTER_BONUSES = frozenset({
    "nm_hall_livres", "nm_vp_blue_green_pairs", "nm_3livres_per_2_master_guest", "nm_3livres_per_2_jewels",
    "nm_no_orange_no_green", "nm_end_jewel_sets", "nm_end_necklace_pairs", "nm_end_vp_per_dec",
    "nm_end_apprentice_pairs",
})  # RULES.md §13.11 (FR:1080-1088)
NEW_JOURNEYMAN_BONUSES = frozenset({
    "nj_replay_from_supply", "nj_copy_opponent", "nj_livre_per_hall", "nj_livres_small_staff",
    "nj_3livres_per_2_dec", "nj_tailor_sell_vp", "nj_hall_vp", "nj_3livres_per_2_rings", "nj_vp_per_3_jewels",
})  # RULES.md §13.10 (FR:1068-1076)
SPECIALIST_BONUS = "sa_vp3"  # R-JB-HIRE-3 (DE:905)
SPECIALIST_CONDITIONS = frozenset({
    "sa_cond_3_coats", "sa_cond_3_dresses", "sa_cond_3_master_guests", "sa_cond_30_livres", "sa_cond_3_jewels",
    "sa_cond_3_decoration_kinds", "sa_cond_resources", "sa_cond_5_vp", "sa_cond_master_exam", "sa_cond_all_halls",
})  # R-JB-SA-1..10 (FR:1055-1064)
EXAM_CARDS = {"master": 9, "journeyman": 9, "apprentice": 10}  # R-NUM-37 (DE:817-829)
JOURNEYMAN_TASKS = ("J1", "J2", "J3", "J4")  # R-NUM-39 (DE:935), R-JB-TASK-J1..J4
MASTER_TASKS = ("M1", "M2", "M3")  # R-NUM-39 (DE:960), R-JB-TASK-M1..M3
MASTER_TOP_TASK = "M3"  # A-38 (DE:1116): the top Master task is "tailor with a Master"
DISPLAY_SPACES = 5  # R-DATA-5, COMPONENTS.md

# Garment expansions (RULES.md §15)
NOBLE_GARMENTS = 4  # R-NUM-43 (DE:1244)
NOBLE_TILES = 5  # R-NUM-43 (DE:1244)
FESTIVE_EFFECTS = frozenset({
    "fest_dress_coat_pairs", "fest_vp_per_dec", "fest_vp_per_blue_dress", "fest_vp_per_pink_coat",
})  # R-NUM-44, R-FEST-5 (DE:1254-1276)
FESTIVE_PARAMS = ("fest_pair_vp", "fest_dec_vp", "fest_blue_dress_vp", "fest_pink_coat_vp")
EXQUISITE_COATS = frozenset({"exq_favour_5", "exq_send_away"})  # A-20 (DE:1290, 1294)
EXQUISITE_DRESSES = frozenset({"exq_resource_tile", "exq_green_14"})  # A-20 (DE:1298, 1301)
EXQUISITE_JEWEL_DRESSES = frozenset({"exq_free_jewel", "exq_match_vp2"})  # R-EXQ-1 (DE:1282, 1305-1313)
EXQUISITE_GREEN = ("exq_green_14", "green", 14, 0)  # R-NUM-45, A-35 (DE:1301): effect, colour, value, prestige
EXQUISITE_PARAMS = ("exq_favour_livres", "exq_green_livres", "exq_match_vp")
GARMENT_FILES = {
    "": BASE_FILES["garments"],
    **{e: EXPANSION_FILES[e] for e in ("noble", "festive", "exquisite")},
}


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
    if ds.jewelry_box is not None:
        _jewelry_box(ds, ds.jewelry_box, out)
    if "noble" in ds.expansions:
        _noble(ds, out)
    if "festive" in ds.expansions:
        _festive(ds, out)
    if "exquisite" in ds.expansions:
        _exquisite(ds, out)
    return out


def _garments(ds: DataSet, out: list[str]) -> None:
    f = BASE_FILES["garments"]
    base = [g for g in ds.garments if not g.expansion]
    counts = Counter(g.colour for g in base)
    for colour, want in GARMENT_COUNTS.items():
        if counts[colour] != want:
            out.append(f"{f}: {counts[colour]} {colour} garments, the rulebook has {want} (R-NUM-7)")
    lo, hi = GARMENT_VALUE
    plo, phi = GARMENT_PRESTIGE
    for g in base:
        if not lo <= g.value <= hi:
            out.append(f"{f}: garment {g.id} is worth {g.value} livres, outside {lo}-{hi} (R-NUM-8)")
        if not plo <= g.prestige <= phi:
            out.append(f"{f}: garment {g.id} has prestige {g.prestige}, outside {plo}-{phi} (R-NUM-9)")
    for g in ds.garments:
        if sum(g.silk) < 1:
            out.append(
                f"{GARMENT_FILES[g.expansion]}: garment {g.id} needs no silk; every garment needs silk bales"
                " (R-COMP-GAR-1)"
            )
        if g.effect and g.expansion in ("", "noble"):
            rule = "R-NOBLE-2" if g.expansion else "R-DATA-1"
            out.append(
                f"{GARMENT_FILES[g.expansion]}: garment {g.id} carries the effect {g.effect}; only Festive and"
                f" Exquisite garments have one ({rule})"
            )


def _tile_groups(ds: DataSet) -> list[tuple[str, tuple[ResourceTile, ...]]]:
    """The resource tiles by data file: the base file's, then Noble's."""
    base = tuple(t for t in ds.tiles if not t.expansion)
    if "noble" not in ds.expansions:
        return [(BASE_FILES["tiles"], base)]
    return [(BASE_FILES["tiles"], base), (EXPANSION_FILES["noble"], tuple(t for t in ds.tiles if t.expansion))]


def _tiles(ds: DataSet, out: list[str]) -> None:
    groups = _tile_groups(ds)
    f, base = groups[0]
    if len(groups) == 1 and len(ds.tiles) != TILE_COUNT:
        out.append(f"{f}: {len(ds.tiles)} resource tiles, the rulebook has {TILE_COUNT} (R-NUM-11)")
    if len(groups) == 2 and len(ds.tiles) != TILE_COUNT + NOBLE_TILES:
        out.append(
            f"{f}, {groups[1][0]}: {len(ds.tiles)} resource tiles in all, the rulebook has {TILE_COUNT} + "
            f"{NOBLE_TILES} (R-NUM-11, R-NUM-43)"
        )
    for name, tiles in groups:
        for t in tiles:
            if t.bales < 1:
                out.append(f"{name}: tile {t.id} shows no silk bale; every tile shows at least one (R-DATA-2)")
    bales = dict(zip(COLOURS, (sum(t.silk[i] for t in base) for i in range(len(COLOURS))), strict=True))
    order = ", ".join(f"{c} {bales[c]}" for c in COLOURS)
    if not (bales["blue"] > bales["green"] and bales["pink"] > bales["green"] and bales["green"] > bales["orange"]):
        out.append(
            f"{f}: silk bales {order} break the rarity order blue, pink > green > orange (R-COMP-RES-1, DE:110-113)"
        )
    if not any(sum(1 for n in t.silk if n) >= 2 for t in base):
        out.append(f"{f}: no tile mixes two silk colours; the rulebook shows such tiles (R-DATA-2, DE:497, DE:992)")


def _deck(ds: DataSet, out: list[str]) -> None:
    f = BASE_FILES["employees"]
    cards = ds.deck_cards
    if len(cards) != sum(LEVEL_COUNTS.values()):
        out.append(f"{f}: {len(cards)} cards in the hire deck, the rulebook has 28 (R-NUM-5)")
    by_level: dict[int, list[CardModel]] = {}
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
    for level, composition in LEVEL_COMPOSITION.items():
        types = Counter(c.type for c in by_level.get(level, []))
        if any(types[t] != n for t, n in composition.items()):
            out.append(f"{f}: level {level} holds {_types(types)}, the rulebook has {_types(composition)}"
                       " (R-COMP-EMP-4)")
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
    if ds.jewelry_box is None:
        for d in b.decorations:
            if d.kind == "jeweler":
                out.append(f"{f}: jeweler space {d.id} without the Jewelry Box; it brings them (R-JB-FIN-1)")


def _jewelry_box(ds: DataSet, jb: JewelryBox, out: list[str]) -> None:
    f = EXPANSION_FILES["jewelry_box"]
    if len(jb.jewels) != JEWEL_COUNT:
        out.append(f"{f}: {len(jb.jewels)} jewelry tiles, the rulebook has {JEWEL_COUNT} (R-NUM-37)")
    for j in jb.jewels:
        if (j.kind, j.colour) not in JEWELS:
            out.append(f"{f}: jewel {j.id} is a {j.colour} {j.kind}; necklaces are blue or green, rings pink or"
                       " orange (R-JB-COMP-3)")
    have = Counter((j.kind, j.colour) for j in jb.jewels)
    for (kind, colour), want in JEWELS.items():
        if have[kind, colour] != want:
            out.append(f"{f}: {have[kind, colour]} {colour} {kind}s, the jewelry holds {want} of each (R-DATA-5)")
    groups = (
        ("master", 5, jb.exam_masters, NEW_MASTER_BONUSES, "R-JB-COMP-2"),
        ("journeyman", 2, jb.exam_journeymen, NEW_JOURNEYMAN_BONUSES, "R-JB-COMP-2"),
        ("apprentice", 0, jb.specialists, frozenset({SPECIALIST_BONUS}), "R-JB-HIRE-3"),
    )
    for type_, level, cards, bonuses, rule in groups:
        want = EXAM_CARDS[type_]
        if len(cards) != want:
            out.append(f"{f}: {len(cards)} cards of level {level}, the expansion has {want} new {type_}s (R-NUM-37)")
        for c in cards:
            if c.type != type_:
                out.append(f"{f}: card {c.id} of level {level} is a {c.type}; level {level} holds {type_}s"
                           " (R-JB-COMP-2)")
            if c.bonus not in bonuses:
                out.append(f"{f}: card {c.id} of level {level} carries {c.bonus}, not one of"
                           f" {', '.join(sorted(bonuses))} ({rule})")
        if type_ != "apprentice":
            missing = bonuses - {c.bonus for c in cards}
            if missing or len({c.bonus for c in cards}) != len(cards):
                out.append(f"{f}: the new {type_}s must carry the {len(bonuses)} new bonuses once each; missing"
                           f" {', '.join(sorted(missing)) or 'none'} ({rule})")
    conditions = [c.condition for c in jb.specialists]
    if sorted(conditions) != sorted(SPECIALIST_CONDITIONS):
        out.append(f"{f}: the specialized apprentices carry the conditions {', '.join(sorted(conditions))}; they must"
                   f" carry {', '.join(sorted(SPECIALIST_CONDITIONS))} once each (R-JB-SA-1..10)")
    if sorted(jb.journeyman_tasks) != sorted(JOURNEYMAN_TASKS):
        out.append(f"{f}: Journeyman exam tasks {list(jb.journeyman_tasks)}; the exam has the 4 tasks"
                   f" {', '.join(JOURNEYMAN_TASKS)} once each (R-NUM-39)")
    if sorted(jb.master_tasks) != sorted(MASTER_TASKS):
        out.append(f"{f}: Master exam tasks {list(jb.master_tasks)}; the exam has the 3 tasks"
                   f" {', '.join(MASTER_TASKS)} once each (R-NUM-39)")
    elif jb.master_tasks[0] != MASTER_TOP_TASK:
        out.append(f"{f}: the top Master exam task is {jb.master_tasks[0]}; it is {MASTER_TOP_TASK}, tailor with a"
                   " Master (A-38)")
    prices = list(jb.display_prices)
    if len(prices) != DISPLAY_SPACES:
        out.append(f"{f}: {len(prices)} jewelry display spaces; the jeweler board has {DISPLAY_SPACES} (R-DATA-5)")
    if any(prices[i] < prices[i + 1] for i in range(len(prices) - 1)):
        out.append(f"{f}: jewelry display prices {prices} must not rise to the right, where the tiles leave"
                   " (R-DATA-5)")
    b = ds.board
    jewelers = [d for d in b.decorations if d.kind == "jeweler"]
    players = int(b.side.rsplit("-", 1)[-1])
    if len(jewelers) != players:
        out.append(f"{f}: {len(jewelers)} jeweler spaces on the {b.side} side; it needs one per player, {players}"
                   " (R-DATA-5)")
    ids = Counter([s.id for s in b.guest_spaces] + [d.id for d in b.decorations])
    for d in jewelers:
        if ids[d.id] > 1:
            out.append(f"{f}: jeweler space id {d.id} also names another space of the board (R-DATA-5)")


def _expansion_garments(ds: DataSet, expansion: str) -> list[Garment]:
    return [g for g in ds.garments if g.expansion == expansion]


def _params(ds: DataSet, name: str, keys: tuple[str, ...], rule: str, out: list[str]) -> None:
    params = ds.garment_params or {}
    for k in keys:
        if k not in params:
            out.append(f"{name}: params lacks {k}, an amount the rules of the expansion need ({rule})")


def _noble(ds: DataSet, out: list[str]) -> None:
    f = EXPANSION_FILES["noble"]
    garments = _expansion_garments(ds, "noble")
    if len(garments) != NOBLE_GARMENTS:
        out.append(f"{f}: {len(garments)} garment tiles, the expansion has {NOBLE_GARMENTS} (R-NUM-43)")


def _festive(ds: DataSet, out: list[str]) -> None:
    f = EXPANSION_FILES["festive"]
    garments = _expansion_garments(ds, "festive")
    if len(garments) != len(FESTIVE_EFFECTS):
        out.append(f"{f}: {len(garments)} garment tiles, the expansion has {len(FESTIVE_EFFECTS)} (R-NUM-44)")
    effects = sorted(g.effect for g in garments)
    if effects != sorted(FESTIVE_EFFECTS):
        out.append(f"{f}: the tiles carry the effects {', '.join(effects)}; they must carry"
                   f" {', '.join(sorted(FESTIVE_EFFECTS))} once each (R-FEST-5)")
    _params(ds, f, FESTIVE_PARAMS, "R-FEST-5", out)


def _exquisite(ds: DataSet, out: list[str]) -> None:
    f = EXPANSION_FILES["exquisite"]
    garments = _expansion_garments(ds, "exquisite")
    want = EXQUISITE_COATS | EXQUISITE_DRESSES
    if ds.jewelry_box is not None:
        want |= EXQUISITE_JEWEL_DRESSES
    if len(garments) != len(want):
        without = "" if ds.jewelry_box is not None else " without the Jewelry Box"
        out.append(f"{f}: {len(garments)} garment tiles in play{without}, the expansion has {len(want)}"
                   " (R-NUM-45, R-EXQ-1)")
    effects = sorted(g.effect for g in garments)
    if effects != sorted(want):
        out.append(f"{f}: the tiles in play carry the effects {', '.join(effects)}; they must carry"
                   f" {', '.join(sorted(want))} once each (R-EXQ-4)")
    effect, colour, value, prestige = EXQUISITE_GREEN
    for g in garments:
        if g.effect in EXQUISITE_COATS and g.is_dress:
            out.append(f"{f}: garment {g.id} with {g.effect} is a {g.colour} dress; that tile is a coat (A-20)")
        if g.effect in want - EXQUISITE_COATS and not g.is_dress:
            out.append(f"{f}: garment {g.id} with {g.effect} is a {g.colour} coat; that tile is a dress (A-20)")
        if g.effect == effect and (g.colour, g.value, g.prestige) != (colour, value, prestige):
            out.append(f"{f}: garment {g.id} with {effect} is a {g.colour} garment worth {g.value} livres with"
                       f" prestige {g.prestige}; it is a {colour} dress worth {value} with prestige {prestige}"
                       " (R-NUM-45, A-35)")
    _params(ds, f, EXQUISITE_PARAMS, "R-EXQ-4", out)


def _price(table: tuple[int, ...], n: int) -> int | None:
    return table[n] if 0 < n < len(table) else None


def _types(counts: Mapping[EmployeeType, int]) -> str:
    return ", ".join(f"{counts.get(t, 0)} {t}" for t in ("master", "journeyman", "apprentice"))
