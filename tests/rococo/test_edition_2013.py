"""The original 2013 edition (RULES.md §16): the differences D-* that change what the engine
does -- no solo mode and no expansions, its own colour names over the same colour slots, wool,
hidden prestige, its board sides, random resource draws, the fountain as the kitchen, and
the level-III bonus paying VP -- and whole games at 2-5 players with every invariant.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from salon.core.errors import ConfigError, IllegalAction
from salon.core.events import Event
from salon.rococo.game import Rococo
from salon.rococo.invariants import check, check_transition
from salon.rococo.rules import phase1
from salon.rococo.state import EMPTY
from tests.rococo.positions import (
    assert_valid,
    deck_card,
    end_phase3,
    find_garments,
    give_tiles,
    mid_turn,
    new_game,
    place_garment,
    set_decoration,
    set_money,
    set_staff,
    set_windows,
    spaces,
)

EDITION: dict[str, Any] = {"edition": "2013"}


def old_game(players: int = 2, seed: int = 0, **config: Any) -> Rococo:
    return new_game(players, seed, **EDITION, **config)


def terms(g: Rococo) -> dict[str, str]:
    """The edition's own words for the engine's."""
    found = g.s.t.ds.terms
    assert found is not None
    return found


def bonus_turn(g: Rococo, bonus: str) -> Rococo:
    """Seat 0 has played the deck card carrying ``bonus`` (staff: it and its 4 Masters and
    Apprentices from the start) and skipped the main action: the bonus decision is next."""
    set_staff(g, 0, ["S11", "S12", "S13", "S14"])
    mid_turn(g, 0, deck_card(g, bonus))
    g.apply("main:skip")
    assert g.decision()["kind"] == "bonus"
    return g


def put(g: Rococo, seat: int, colour: str, n: int) -> None:
    """Rent ``n`` base garments of a (Deluxe-named) colour slot for ``seat`` on free ordinary
    guest spaces."""
    used = set(g.s.guest)
    ids = [x for x in find_garments(g, lambda x: x.colour == colour and x.expansion == "")
           if g.s.t.garment_index[x] not in used][:n]
    free = [sp for sp in spaces(g, master=False) if g.s.guest[g.s.t.space_index[sp]] == EMPTY]
    for gid, sp in zip(ids, free):
        place_garment(g, seat, gid, sp)


# ---------------------------------------------------------------------------------------------
# D-2: no solo mode, no expansions


@pytest.mark.parametrize("config", [
    {"solo": True}, {"players": 3, "expansions": ["jewelry_box"]}, {"players": 2, "expansions": ["all"]},
    {"players": 4, "expansions": ["noble"]},
], ids=["solo", "jewelry_box", "all", "noble"])
def test_no_solo_and_no_expansions_D_2(config: dict[str, Any]) -> None:
    """D-2: the 2013 edition has no solo mode, no Jewelry Box and no garment expansions: a
    clear ConfigError naming the reason."""
    with pytest.raises(ConfigError) as err:
        Rococo.new({**config, **EDITION}, 1)
    assert "2013" in str(err.value) and "D-2" in str(err.value)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_two_to_five_players_D_2(players: int) -> None:
    """D-2 (D-1): the base game at 2-5 players is accepted; 1 player is not."""
    assert Rococo.new({"players": players, **EDITION}, 1).num_players == players
    with pytest.raises(ConfigError):
        Rococo.new({"players": 1, **EDITION}, 1)


# ---------------------------------------------------------------------------------------------
# D-3, D-6, D-32: the edition's words over the same rules


def test_colour_names_map_onto_the_deluxe_slots_D_3() -> None:
    """D-3: yellow/red dresses and green/blue coats are the engine's blue/green dresses and
    pink/orange coats: 13 yellow and 10 red dresses, 13 green and 6 blue coats."""
    g = old_game()
    words = terms(g)
    assert {k: words[k] for k in ("blue", "green", "pink", "orange")} == {
        "blue": "yellow", "green": "red", "pink": "green", "orange": "blue"}
    named = Counter((words[x.colour], "dress" if x.is_dress else "coat") for x in g.s.t.ds.garments)
    assert named == {("yellow", "dress"): 13, ("red", "dress"): 10, ("green", "coat"): 13, ("blue", "coat"): 6}
    assert Rococo.new({"players": 2}, 1).s.t.ds.terms in (None, {})  # Deluxe: its own words


def test_colour_bonuses_use_the_mapped_slots_D_3() -> None:
    """D-3 (D-52): the level-II card pays for yellow (1 each) and red (2 each) dresses; the
    level-IV card pays 2 livres per green coat and 1 VP per blue coat."""
    g = bonus_turn(old_game(), "l2_livres_blue_green")
    set_money(g, 0, livres=0)
    put(g, 0, "blue", 2)  # yellow dresses
    put(g, 0, "green", 1)  # a red dress
    put(g, 0, "pink", 2)  # green coats: no livres here
    g.apply("bonus:use")
    assert g.s.players[0].livres == 2 + 2
    g = bonus_turn(old_game(), "l4_pink_livres_orange_vp")
    set_money(g, 0, livres=0)
    put(g, 0, "pink", 3)  # green coats
    put(g, 0, "orange", 1)  # a blue coat
    g.apply("bonus:use")
    assert (g.s.players[0].livres, g.s.players[0].vp) == (6, 1)


def test_wool_is_the_thread_D_6() -> None:
    """D-6: wool plays the part of thread: the same starting 1 wool and 1 lace, the same
    thread slot bought by the start bonus."""
    g = old_game()
    assert terms(g)["thread"] == "wool"
    assert all((p.thread, p.lace, p.livres) == (1, 1, 15) for p in g.s.players)
    g = bonus_turn(old_game(), "l1_gain_thread_or_lace")
    assert "bonus:thread" in g.legal_actions()
    g.apply("bonus:thread")
    assert g.s.players[0].thread == 2


# ---------------------------------------------------------------------------------------------
# D-10: hidden prestige


def assert_prestige_hidden(g: Rococo, events: list[Event]) -> None:
    """Until the game is over no seat (nor a spectator) sees another seat's prestige, neither
    in its observation nor in any event (final scoring's decisions included)."""
    s = g.s
    scoring = s.phase == "over"
    for viewer in [*range(g.num_players), None]:
        seen = g.observe(viewer)
        for other, pub in enumerate(seen["players"]):
            if other == viewer:
                assert pub["vp"] == s.players[other].vp
            elif not scoring:
                assert pub["vp"] is None, f"seat {viewer} sees the prestige of seat {other}"
        if not scoring:
            assert seen["breakdown"] is None
        for e in events:
            if e.type == "vp" and viewer != e.seat:  # only play gives "vp"; final scoring "scored"
                assert "amount" not in e.view(viewer), f"seat {viewer} sees {e}"
            if e.type == "vp" and viewer == e.seat:
                assert e.view(viewer)["amount"] == e.data["amount"]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_prestige_is_hidden_until_the_end_D_10(players: int) -> None:
    """D-10: prestige is taken face down: at every decision of whole random games (bonuses
    always used, so that prestige is gained in play; final scoring's set and terrace choices
    included) each seat sees its own prestige only, and a VP event tells its amount to its
    seat only; the final result reveals everyone's."""
    hidden_vp = 0
    scoring_decisions = 0
    for seed in range(2):
        g = old_game(players, 50 + seed + 10 * players)
        rng = random.Random(seed)
        events: list[Event] = []
        while not g.is_over():
            assert_prestige_hidden(g, events)
            if g.s.phase not in ("scoring", "end"):
                assert not [e for e in events if e.type == "scored"]
            scoring_decisions += g.s.phase in ("scoring", "end")
            legal = g.legal_actions()
            events = g.apply("bonus:use" if "bonus:use" in legal else rng.choice(legal))
            hidden_vp += sum(e.type == "vp" for e in events)
        result = g.result()
        assert result.scores == tuple(p.vp for p in g.s.players)
        for viewer in range(players):
            assert [p["vp"] for p in g.observe(viewer)["players"]] == list(result.scores)
        assert [p["vp"] for p in g.observe(None)["players"]] == list(result.scores)
        assert g.observe(0)["breakdown"] is not None
        over = [e for e in events if e.type == "game_over"]
        assert over and over[0].view(1)["scores"] == list(result.scores)
    assert hidden_vp  # the games did gain prestige before final scoring
    assert scoring_decisions or players == 2  # decisions during final scoring were checked too
    # (the 2-player games of these seeds happen to have no set or terrace choice)


def test_vp_event_hidden_from_others_D_10() -> None:
    """D-10: the VP of a level-II card is told to its owner only, and the others see no
    prestige; the Deluxe edition shows both to all."""
    for config, hidden in ((EDITION, True), ({}, False)):
        g = new_game(3, **config)
        set_staff(g, 0, ["S11", "S12", "S13", "S14"])
        mid_turn(g, 0, deck_card(g, "l2_vp_per_2_dec"))
        for d in ("st1", "fw1"):
            set_decoration(g, 0, d)
        g.apply("main:skip")
        events = g.apply("bonus:use")
        vp = [e for e in events if e.type == "vp"]
        assert len(vp) == 1 and vp[0].view(0)["amount"] == 1
        assert ("amount" not in vp[0].view(1)) is hidden and ("amount" not in vp[0].view(None)) is hidden
        assert (g.observe(2)["players"][0]["vp"] is None) is hidden


# ---------------------------------------------------------------------------------------------
# D-14: board sides


@pytest.mark.parametrize(("players", "side"), [(2, "2-3"), (3, "2-3"), (4, "4-5"), (5, "4-5")])
def test_board_sides_D_14(players: int, side: str) -> None:
    """D-14: the 2013 board's sides are "2·3" and "4·5" (the Deluxe board's "1, 2 & 3" and
    "4 & 5"); the 2013 board data is used."""
    g = old_game(players)
    b = g.s.t.ds.board
    assert b.side == side and g.observe(0)["board"]["side"] == side
    assert g.s.t.ds.edition == "2013"
    deluxe = Rococo.new({"players": players}, 0).s.t.ds.board.side
    assert deluxe == ("1-3" if players <= 3 else "4-5")


# ---------------------------------------------------------------------------------------------
# D-17: face-down resource stacks


def test_resource_tiles_are_drawn_at_random_D_17() -> None:
    """D-17 (D-24): face-down stacks draw like the bag: the warehouse is filled with random
    tiles (another seed, other tiles; the same seed, the same tiles), the observation shows
    only how many remain, and the discards refill the draw when it runs out."""
    layouts = {tuple(old_game(3, seed).s.drawers) for seed in range(12)}
    assert len(layouts) == 12
    assert len({x for layout in layouts for x in layout}) > 30
    assert old_game(3, 5).s.drawers == old_game(3, 5).s.drawers
    seen = old_game(3).observe(0)["board"]
    assert isinstance(seen["resource_bag_count"], int) and "resource_bag" not in seen
    g = old_game(3)
    s = g.s
    s.res_discard.extend(s.res_bag)
    s.res_bag.clear()
    taken = [s.drawers[i] for i in (0, 1, 2)]
    s.res_discard.extend(taken)
    for i in (0, 1, 2):
        s.drawers[i] = EMPTY
    phase1.step_c_resources(s)
    assert all(x != EMPTY for x in s.drawers) and s.res_discard == []
    assert_valid(g)


# ---------------------------------------------------------------------------------------------
# D-32 / D-33: the fountain is the kitchen


def test_fountain_names_D_32() -> None:
    """D-32: the fountain's upper row and lower basin are the kitchen's left and right sides."""
    words = terms(old_game())
    assert (words["kitchen"], words["kitchen_left"], words["kitchen_right"]) == (
        "fountain", "upper fountain", "lower basin")
    kinds = {d.kind for d in old_game().s.t.ds.board.decorations}
    assert {"kitchen_left", "kitchen_right"} <= kinds


def test_one_marker_per_fountain_row_D_32() -> None:
    """D-32: at most 1 marker per fountain row: with the upper row, the other upper space is
    not offered, the lower basin is."""
    g = old_game(2)
    set_money(g, 0, livres=100)
    set_decoration(g, 0, "kl1")
    mid_turn(g, 0, "S11")
    g.apply("main:finance")
    offered = {a[8:] for a in g.legal_actions()}
    assert "kl2" not in offered and {"kr1", "kr2"} <= offered


def test_fountain_income_like_the_kitchen_D_33() -> None:
    """D-33 (TV-4 on the 2013 board): no fountain 5; lower basin with 3 garments 5 + 3 = 8;
    upper row + lower basin + a statue with 1 garment 5 + 3 + 1 = 9."""
    g = old_game(3)
    assert g.s.t.ds.board.side == "2-3"
    georg, eva, maik = 0, 1, 2
    place_garment(g, georg, "G20", "h4s2")
    set_decoration(g, georg, "st3")
    set_decoration(g, eva, "kr1")
    for gid, sp in (("G01", "h1s1"), ("G02", "h2s2"), ("G03", "h3s2")):
        place_garment(g, eva, gid, sp)
    for d in ("kl1", "kr2", "st1"):
        set_decoration(g, maik, d)
    place_garment(g, maik, "G14", "h5s1")
    for seat in (georg, eva, maik):
        set_money(g, seat, livres=0)
    end_phase3(g)
    assert [p.livres for p in g.s.players] == [5, 8, 9]


# ---------------------------------------------------------------------------------------------
# D-47: level III pays VP


@pytest.mark.parametrize(("config", "livres", "vp"), [(EDITION, 0, 3), ({}, 3, 0)], ids=["2013", "deluxe"])
def test_level_iii_vp_per_decoration_D_47(config: dict[str, Any], livres: int, vp: int) -> None:
    """D-47: the first level-III bonus gives 1 VP per own decoration marker and no livres in
    the 2013 edition (Deluxe: 1 livre each, no VP); all-halls markers do not count."""
    g = bonus_turn(new_game(2, **config), "l3_livre_per_dec")
    set_money(g, 0, livres=0)
    for d in ("st1", "kl1", "mu2"):
        set_decoration(g, 0, d)
    set_decoration(g, 1, "st2")
    g.s.all_halls[0] = 0
    g.apply("bonus:use")
    assert (g.s.players[0].livres, g.s.players[0].vp) == (livres, vp)


# ---------------------------------------------------------------------------------------------
# whole games


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_games_play_to_the_end_with_every_invariant(players: int) -> None:
    """D-*: random 2013 games at 2-5 players run to the end; after every action every
    invariant holds and each change is explained by the events."""
    for seed in range(3):
        g = old_game(players, 700 + seed)
        rng = random.Random(seed)
        while not g.is_over():
            legal = g.legal_actions()
            assert legal
            before = g.s.clone()
            events = g.apply(rng.choice(legal))
            problems = check(g.s) + check_transition(before, g.s, events)
            assert not problems, f"{players} players, seed {seed}: {problems}"
        result = g.result()
        assert len(result.scores) == players and result.winners


@pytest.mark.parametrize(("config", "words"), [({}, ("kitchen", "thread")), (EDITION, ("fountain", "wool"))],
                         ids=["deluxe", "2013"])
def test_refusals_use_the_editions_words_D_6_D_32(config: dict[str, Any], words: tuple[str, str]) -> None:
    """A refused action's reason names the components as the edition does: the fountain's
    two rows (D-32) and wool (D-6) in 2013, the kitchen's sides and thread otherwise."""
    g = new_game(2, 0, **config)
    set_money(g, 0, livres=100, thread=0, lace=0)
    set_decoration(g, 0, "kl1")
    mid_turn(g, 0, "S11")
    g.apply("main:finance")
    with pytest.raises(IllegalAction) as refusal:
        g.apply("finance:kl2")
    assert refusal.value.rule == "R-ACT-FIN-4" and words[0] in refusal.value.reason
    set_windows(g, [None, None, None, None, "G02", "G01"])  # G02 needs a thread, G01 none
    give_tiles(g, 0, ["R01"])
    mid_turn(g, 0, "S12")
    g.apply("main:tailor")
    with pytest.raises(IllegalAction) as refusal:
        g.apply("garment:G02")
    assert refusal.value.rule == "R-ACT-TAILOR-4" and words[1] in refusal.value.reason
