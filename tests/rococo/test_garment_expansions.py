"""The three garment expansions (RULES.md §15): Noble garments (ordinary tiles beyond the base
ranges), Festive garments (never sold, VP before placement) and Exquisite tailoring (rent-only
tiles with a one-time effect on placement; the green dress may also be sold).

Positions come from tests/rococo/positions.py; the tiles are found by their effect id in the
data, and the amounts are read from the expansions' parameters, so the tests follow the data
where it is reconstructed and pin what the rulebook states.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from salon.bots.base import make_bot
from salon.core.errors import IllegalAction
from salon.core.events import Event
from salon.rococo.config import parse_config
from salon.rococo.game import Rococo
from salon.rococo.pieces import Garment
from salon.rococo.rules.setup import new_state
from salon.rococo.state import EMPTY, Player, State
from salon.rococo.tables import tables
from tests.rococo.positions import (
    assert_valid,
    decorations,
    end_phase3,
    find_garments,
    kit,
    make,
    new_game,
    offer_garment,
    place_garment,
    play_turn,
    rent_garments,
    run,
    set_decoration,
    set_drawers,
    set_jewel_display,
    set_money,
    set_windows,
    spaces,
    start_scoring,
)

MASTER, JOURNEYMAN = "S11", "S13"

# ---------------------------------------------------------------------------------------------
# helpers


def me(g: Rococo, seat: int = 0) -> Player:
    return g.s.players[seat]


def turn(played: str = MASTER, livres: int = 30, expansions: object = "all", **kw: Any) -> Rococo:
    g = play_turn(played, expansions=expansions, **kw)
    set_money(g, 0, livres=livres)
    return g


def with_effect(g: Rococo, effect: str) -> str:
    return next(x.id for x in g.s.t.ds.garments if x.effect == effect)


def garment_of(g: Rococo, gid: str) -> Garment:
    return g.s.t.ds.garments[g.s.t.garment_index[gid]]


def param(g: Rococo, name: str) -> int:
    """One of the garment expansions' amounts (their data's ``params``)."""
    params = g.s.t.ds.garment_params
    assert params is not None
    return params[name]


def free_space(g: Rococo, master: bool = False) -> str:
    """A free guest space without a reward (a master space if ``master``)."""
    return next(sp for sp in spaces(g, master=master, reward="none") if g.s.guest[g.s.t.space_index[sp]] == EMPTY)


def base(pred: Callable[[Garment], bool]) -> Callable[[Garment], bool]:
    """``pred`` restricted to base-game garments (no expansion effect)."""
    return lambda x: not x.expansion and pred(x)


def colour(c: str) -> Callable[[Garment], bool]:
    return base(lambda x: x.colour == c)


def dress(x: Garment) -> bool:
    return not x.expansion and x.is_dress


def coat(x: Garment) -> bool:
    return not x.expansion and not x.is_dress


def fill_ordinary_spaces(g: Rococo, seat: int = 1) -> None:
    """Every ordinary guest space holds a garment of ``seat``; master spaces stay free."""
    free = [sp for sp in spaces(g, master=False) if g.s.guest[g.s.t.space_index[sp]] == EMPTY]
    rent_garments(g, seat, base(lambda x: True), len(free))


def setup_only(expansions: list[str], seed: int = 0, players: int = 2) -> State:
    """The state right after setup, before round 1's Phase 1 has run."""
    cfg = parse_config({"players": players, "expansions": expansions})
    return new_state(cfg, tables(cfg.side, cfg.seats, cfg.expansions, cfg.solo, cfg.edition), seed)


# ---------------------------------------------------------------------------------------------
# §15.1 Noble garments


def test_r_noble_1_tiles_join_the_bags_at_setup() -> None:
    """R-NOBLE-1, R-SETUP-13, R-NUM-43: with Noble, its 4 garments are in the garment bag and
    its 5 resource tiles in the resource bag from setup on; without it they do not exist."""
    s = setup_only(["noble"])
    noble_g = {g.index for g in s.t.ds.garments if g.expansion == "noble"}
    noble_t = {t.index for t in s.t.ds.tiles if t.expansion == "noble"}
    assert len(noble_g) == 4 and len(noble_t) == 5
    assert noble_g <= set(s.gar_bag) and noble_t <= set(s.res_bag)
    plain = new_game(2)
    assert not [x for x in plain.s.t.ds.garments if x.expansion] and len(plain.s.t.ds.garments) == 42
    assert len(plain.s.t.ds.tiles) == 48


def test_r_noble_2_3_an_ordinary_garment_beyond_the_base_ranges() -> None:
    """R-NOBLE-2, R-NOBLE-3, R-COMP-GAR-1: a Noble garment follows the ordinary rules (its gold
    thimble needs a Master; a Journeyman cannot make it) and pays its printed sale value even
    above the base game's 28 livres."""
    g = new_game(2, expansions=["noble"])
    gid = max(find_garments(g, lambda x: x.expansion == "noble"), key=lambda i: garment_of(g, i).value)
    gar = garment_of(g, gid)
    assert gar.thimble and gar.value > 28 and gar.prestige > 4
    j = turn(JOURNEYMAN, expansions=["noble"])
    offer_garment(j, 0, gid)
    assert "main:tailor" not in j.legal_actions()
    m = turn(MASTER, livres=0, expansions=["noble"])
    offer_garment(m, 0, gid)
    make(m, gid, "sell")
    assert me(m).livres == gar.value
    assert_valid(m)


def test_r_noble_3_prestige_beyond_four_on_the_terrace() -> None:
    """R-NOBLE-3, R-SCORE-5-2, R-SCORE-7-2: a Noble garment's prestige (5) is scored as printed,
    times 3 beside a x3 fireworks space."""
    g = turn(MASTER, expansions=["noble"])
    gid = next(x for x in find_garments(g, lambda x: x.expansion == "noble"))
    fw = next(d.id for d in g.s.t.ds.board.decorations if d.kind == "fireworks" and d.multiplier == 3)
    set_decoration(g, 0, fw)
    place_garment(g, 0, gid, free_space(g))
    start_scoring(g)
    assert g.decision()["kind"] == "terrace"
    run(g, f"terrace:{gid}:{fw}")
    if not g.is_over():
        g.apply("done")
    deco_vp = g.s.t.ds.board.decorations[g.s.t.deco_index[fw]].vp
    assert g.s.breakdown[0]["markers"] == 3 * garment_of(g, gid).prestige + deco_vp


def test_r_noble_3_a_resource_tile_with_three_colours() -> None:
    """R-NOBLE-3, A-19: a Noble resource tile with three silk colours and no lower part is
    kept with all its bales, or converted for nothing."""
    g = turn(MASTER, expansions=["noble"])
    three = next(t for t in g.s.t.ds.tiles if t.expansion == "noble" and sum(1 for n in t.silk if n) == 3)
    set_drawers(g, [[three.id], [], []])
    run(g, "main:acquire", f"take:{three.id}", "tile:keep")
    assert me(g).silk == list(three.silk)
    g = turn(MASTER, expansions=["noble"])
    set_drawers(g, [[three.id], [], []])
    before = (me(g).thread, me(g).lace)
    run(g, "main:acquire", f"take:{three.id}", "tile:convert")
    assert (me(g).thread, me(g).lace) == before and me(g).silk == [0, 0, 0, 0]


@pytest.mark.heavy
def test_r_noble_4_noble_garments_come_up_like_any_other() -> None:
    """R-NOBLE-4 (informative: about 2-3 of the 4 appear in a 3-4 player game): the Noble tiles
    are drawn from the bag like every other garment, so each appears in the display as often
    as a base tile; with random play, which tailors little and so reveals fewer garments than
    real play, between 1 and 3 of them appear per game on average."""
    seen_noble = seen_base = 0
    games = 0
    for players in (3, 4):
        for seed in range(40):
            g = new_game(players, seed=seed, expansions=["noble"])
            bot = make_bot("random", seed)
            seen: set[int] = set()
            while not g.is_over():
                seen.update(x for x in g.s.windows if x != EMPTY)
                g.apply(bot.choose(g))
            gar = g.s.t.ds.garments
            seen_noble += sum(1 for x in seen if gar[x].expansion == "noble")
            seen_base += sum(1 for x in seen if not gar[x].expansion)
            games += 1
    per_noble = seen_noble / (4 * games)
    per_base = seen_base / (42 * games)
    assert 1.0 <= seen_noble / games <= 3.0
    assert abs(per_noble - per_base) < 0.12, (per_noble, per_base)


# ---------------------------------------------------------------------------------------------
# §15.2 Festive garments


def test_r_fest_1_kept_out_until_the_end_of_round_1_phase_1() -> None:
    """R-FEST-1, R-SETUP-13, R-NUM-44: the 4 festive tiles stay out of the bag at setup, so
    round 1's display never shows one; at the end of round 1's Phase 1 they join the bag."""
    s = setup_only(["festive"])
    festive = {g.index for g in s.t.ds.garments if g.expansion == "festive"}
    assert len(festive) == 4 and set(s.festive_box) == festive and not festive & set(s.gar_bag)
    for seed in range(20):
        g = new_game(3, seed=seed, expansions=["festive"])
        assert not festive & set(g.s.windows)
        assert festive <= set(g.s.gar_bag) and g.s.festive_box == []
        kinds = [e.type for e in g.s.events]
        assert kinds.index("windows") < kinds.index("festive_added")
    assert g.observe(0)["festive_waiting"] == 0


def test_r_fest_1_they_can_appear_from_round_2_on() -> None:
    """R-FEST-1: from round 2 on, a festive tile drawn from the bag fills a window."""
    g = new_game(2, expansions=["festive"])
    s = g.s
    festive = [x for x in s.gar_bag if s.t.ds.garments[x].expansion == "festive"]
    s.gar_discard.extend(x for x in s.gar_bag if x not in festive)
    s.gar_bag[:] = festive
    end_phase3(g)
    assert s.round == 2 and set(festive) & set(s.windows)
    assert_valid(g)


def test_r_fest_2_tailored_like_other_garments() -> None:
    """R-FEST-2: the window's cost, the silk, thread and lace are paid as usual; a Journeyman's
    festive garment may not go on a master guest space, a Master's may."""
    g = turn(JOURNEYMAN, livres=20)
    gid = with_effect(g, "fest_vp_per_pink_coat")
    set_windows(g, [None, None, gid, None, None, None])
    kit(g, 0, gid)
    gar = garment_of(g, gid)
    lace = me(g).lace
    make(g, gid)
    assert me(g).livres == 20 - g.s.t.ds.board.window_costs[2]
    assert me(g).lace == lace - gar.lace and me(g).rack == []
    rent = g.legal_actions()
    assert rent and not [a for a in rent if a[5:] in spaces(g, master=True)]
    g = turn(MASTER)
    offer_garment(g, 0, gid)
    make(g, gid)
    assert f"rent:{free_space(g, master=True)}" in g.legal_actions()


def test_r_fest_3_never_sold() -> None:
    """R-FEST-3: the dispose decision of a festive garment offers no sale; selling is refused
    with the rule."""
    g = turn(MASTER)
    gid = with_effect(g, "fest_vp_per_dec")
    offer_garment(g, 0, gid)
    make(g, gid)
    assert "sell" not in g.legal_actions() and g.legal_actions()
    with pytest.raises(IllegalAction) as err:
        g.apply("sell")
    assert err.value.rule == "R-FEST-3"


def tailor_festive(effect: str, arrange: Callable[[Rococo], None]) -> tuple[Rococo, int, list[Event]]:
    """A Master tailors the festive tile with ``effect`` after ``arrange``; returns the game,
    the VP gained by the tailoring, and its events."""
    g = turn(MASTER)
    gid = with_effect(g, effect)
    arrange(g)
    offer_garment(g, 0, gid)
    vp = me(g).vp
    events = make(g, gid, f"rent:{free_space(g)}")
    return g, me(g).vp - vp, events


def test_tv_23_festive_vp_before_placement() -> None:
    """TV-23, R-FEST-4: a festive blue dress with 1 VP per blue dress, the tailor already has 2
    blue dresses on the board: +2 VP (the festive tile itself does not count); the VP come as
    soon as cost and resources are paid, before the tile is placed."""

    def arrange(g: Rococo) -> None:
        rent_garments(g, 0, colour("blue"), 2)
        rent_garments(g, 0, colour("green"), 1)
        rent_garments(g, 1, colour("blue"), 2)

    g, vp, events = tailor_festive("fest_vp_per_blue_dress", arrange)
    assert vp == 2
    kinds = [e.type for e in events]
    assert kinds.index("vp") < kinds.index("rented")
    g = turn(MASTER)
    gid = with_effect(g, "fest_vp_per_blue_dress")
    rent_garments(g, 0, colour("blue"), 2)
    offer_garment(g, 0, gid)
    make(g, gid)
    assert g.decision()["kind"] == "dispose" and me(g).vp == 2


def _pairs(g: Rococo) -> None:
    rent_garments(g, 0, dress, 3)
    rent_garments(g, 0, coat, 2)


def _decorations(g: Rococo) -> None:
    for d in ("jw1", "st1", "kl1"):
        set_decoration(g, 0, d)
    g.s.all_halls[0] = 0  # an all-halls marker is no decoration
    g.s.players[0].tasks = 3  # exam markers are none either


def _pink_coats(g: Rococo) -> None:
    rent_garments(g, 0, colour("pink"), 2)
    rent_garments(g, 0, colour("orange"), 1)
    rent_garments(g, 0, colour("blue"), 1)
    rent_garments(g, 1, colour("pink"), 1)


@pytest.mark.parametrize("effect, arrange, vp", [
    ("fest_dress_coat_pairs", _pairs, 4),
    ("fest_vp_per_dec", _decorations, 3),
    ("fest_vp_per_pink_coat", _pink_coats, 2),
])
def test_r_fest_5_the_festive_bonuses(effect: str, arrange: Callable[[Rococo], None], vp: int) -> None:
    """R-FEST-5, R-FEST-4, A-32: 2 VP per dress + coat pair (3 dresses, 2 coats: 4 -- the new
    coat would make it 6); 1 VP per decoration marker (the jeweler's included, the all-halls
    and exam markers not); 1 VP per pink coat (2, the new pink coat not counted); only the
    tailor's own garments count."""
    _, gained, _ = tailor_festive(effect, arrange)
    assert gained == vp


def test_r_fest_6_placement_proceeds_normally() -> None:
    """R-FEST-6: after the VP the festive garment is placed as usual: a jewel may be rented
    with it, the guest space's reward is paid and the all-halls bonus checked."""
    g = turn(MASTER, livres=20)
    gid = with_effect(g, "fest_vp_per_blue_dress")
    set_decoration(g, 0, "jw1")
    set_jewel_display(g, ["J01", "J13", "J07", "J19", "J02"])
    for hall in (2, 3, 4, 5):
        rent_garments(g, 0, coat, 1, hall=hall)
    offer_garment(g, 0, gid)
    reward = next(sp for sp in spaces(g, hall=1, reward="livres"))
    livres = g.s.t.ds.board.guest_spaces[g.s.t.space_index[reward]].reward_livres
    make(g, gid, f"rent:{reward}")
    assert g.decision()["kind"] == "jewel"
    before = me(g).livres
    g.apply("jewel:none")
    assert me(g).livres == before + livres
    assert g.s.all_halls[0] == 0
    assert_valid(g)


# ---------------------------------------------------------------------------------------------
# §15.3 Exquisite tailoring


def test_r_exq_1_setup_and_the_two_jewelry_box_tiles() -> None:
    """R-EXQ-1, R-SETUP-13, R-NUM-45: the 6 Exquisite tiles join the garment bag at setup; the
    2 that need the Jewelry Box are left out without it."""
    s = setup_only(["exquisite", "jewelry_box"])
    exq = {x.index for x in s.t.ds.garments if x.expansion == "exquisite"}
    assert len(exq) == 6 and exq <= set(s.gar_bag)
    s = setup_only(["exquisite"])
    effects = {x.effect for x in s.t.ds.garments if x.expansion == "exquisite"}
    assert effects == {"exq_favour_5", "exq_send_away", "exq_resource_tile", "exq_green_14"}
    assert {x.index for x in s.t.ds.garments if x.expansion == "exquisite"} <= set(s.gar_bag)


@pytest.mark.parametrize("effect", ["exq_favour_5", "exq_send_away", "exq_resource_tile", "exq_free_jewel",
                                    "exq_match_vp2"])
def test_r_exq_3_rent_only(effect: str) -> None:
    """R-EXQ-3: the Exquisite tiles other than the green dress can only be rented: no sale is
    offered, and a sale is refused with the rule."""
    g = turn(MASTER)
    gid = with_effect(g, effect)
    offer_garment(g, 0, gid)
    make(g, gid)
    assert g.legal_actions() and "sell" not in g.legal_actions()
    with pytest.raises(IllegalAction) as err:
        g.apply("sell")
    assert err.value.rule == "R-EXQ-3"


def test_r_exq_3_no_suitable_free_space_no_tailoring() -> None:
    """R-EXQ-3: with no free guest space it may use, a rent-only tile cannot be tailored
    (a Journeyman with every ordinary space taken); the green dress still can (it is sold)."""
    g = turn(JOURNEYMAN)
    rent_only = with_effect(g, "exq_send_away")
    green = with_effect(g, "exq_green_14")
    set_windows(g, [None, None, None, None, rent_only, green])
    kit(g, 0, rent_only)
    kit(g, 0, green)
    fill_ordinary_spaces(g)
    g.apply("main:tailor")
    assert g.legal_actions() == [f"garment:{green}"]
    g = turn(MASTER)
    set_windows(g, [None, None, None, None, None, rent_only])
    kit(g, 0, rent_only)
    fill_ordinary_spaces(g)
    g.apply("main:tailor")
    assert g.legal_actions() == [f"garment:{rent_only}"]  # a Master may use a master space


def test_r_exq_4_favour_coat_takes_the_favour_and_5_livres() -> None:
    """R-EXQ-4 exq_favour_5, R-ACT-FAVOUR-6, R-EXQ-2: renting the favour coat takes the Queen's
    favour from its space and 5 livres; that counts as winning the favour: nobody else may win
    it this round, and its holder becomes start player in the next round."""
    g = turn(MASTER, livres=20)
    gid = with_effect(g, "exq_favour_5")
    offer_garment(g, 0, gid)
    make(g, gid, f"rent:{free_space(g)}")
    assert g.s.favour == 0 and me(g).livres == 20 + param(g, "exq_favour_livres")
    assert g.decision() == {"seat": 1, "kind": "play"}
    g.apply(g.legal_actions()[0])
    assert g.decision()["kind"] == "main" and "main:favour" not in g.legal_actions()
    g.s.start_player = 1  # so that the favour, not the old start player, decides
    end_phase3(g)
    assert g.s.start_player == 0 and g.s.favour == EMPTY


def test_r_exq_4_favour_coat_when_the_favour_is_taken() -> None:
    """R-EXQ-4 exq_favour_5: when the favour is not on its space, its holder keeps it; the
    5 livres are paid anyway."""
    g = turn(MASTER, livres=20)
    g.s.favour = 1
    gid = with_effect(g, "exq_favour_5")
    offer_garment(g, 0, gid)
    make(g, gid, f"rent:{free_space(g)}")
    assert g.s.favour == 1 and me(g).livres == 25


def test_r_exq_4_send_away_coat() -> None:
    """R-EXQ-4 exq_send_away, R-PROC-SEND: on placement the player may send away one employee
    of the whole staff (supply, hand, discard or the played card): it leaves the game, its
    carriage livres are paid, its bonus is not used."""
    g = turn(MASTER, livres=0, supply=["S12", "S14", "S15"], hand=["S13"], discard=["E01"])
    gid = with_effect(g, "exq_send_away")
    offer_garment(g, 0, gid)
    make(g, gid, f"rent:{free_space(g)}")
    assert g.decision()["kind"] == "exq_send"
    staff = ("S11", "S12", "S13", "S14", "S15", "E01")
    assert set(g.legal_actions()) == {*(f"send:{c}" for c in staff), "send:none"}
    events = g.apply("send:S15")  # S15's bonus would pay 2 livres
    value = g.s.t.cards[g.s.t.card_index["S15"]].send_value
    assert me(g).livres == value
    assert g.s.t.card_index["S15"] in g.s.boxed and me(g).staff_size() == 5
    assert not [e for e in events if e.type == "bonus"]
    assert g.decision() == {"seat": 1, "kind": "play"}  # the start Master has no bonus either
    assert_valid(g)


def test_r_exq_4_send_away_coat_may_decline() -> None:
    """R-EXQ-4 exq_send_away: the send-away is optional."""
    g = turn(MASTER, livres=0, supply=["S12", "S13", "S14", "S15", "E01"])
    gid = with_effect(g, "exq_send_away")
    offer_garment(g, 0, gid)
    make(g, gid, f"rent:{free_space(g)}")
    g.apply("send:none")
    assert me(g).staff_size() == 6 and me(g).livres == 0


def test_r_exq_4_send_away_coat_on_the_played_card_loses_its_bonus() -> None:
    """R-EXQ-4 exq_send_away, R-PROC-SEND, A-21: the played card is part of the staff, so the
    coat may send it away -- and then "its bonus is not used": no bonus decision follows."""
    g = turn("E01", livres=0, supply=["S11", "S12", "S13", "S14"])
    gid = with_effect(g, "exq_send_away")
    offer_garment(g, 0, gid)
    make(g, gid, f"rent:{free_space(g)}")
    assert "send:E01" in g.legal_actions()
    g.apply("send:E01")
    assert me(g).livres == g.s.t.cards[g.s.t.card_index["E01"]].send_value
    assert g.decision()["kind"] != "bonus"


def test_r_exq_4_resource_tile_dress_from_the_display() -> None:
    """R-EXQ-4 exq_resource_tile, A-4 (default "display"): on placement the player takes any
    tile of the resource display for free, then keeps or converts it."""
    g = turn(MASTER, livres=20)
    gid = with_effect(g, "exq_resource_tile")
    offer_garment(g, 0, gid)
    set_drawers(g, [["R04", "R05", "R06"], ["R29"], []])  # pink and green: not the dress's blue
    make(g, gid, f"rent:{free_space(g)}")
    assert g.decision()["kind"] == "acquire" and g.decision()["mode"] == "reward"
    assert sorted(g.legal_actions()) == ["take:R04", "take:R05", "take:R06", "take:R29"]
    livres = me(g).livres
    run(g, "take:R05", "tile:keep")
    assert me(g).livres == livres and g.s.t.tile_index["R05"] in me(g).rack


def test_r_exq_4_green_dress_14_livres_rented_or_sold() -> None:
    """R-EXQ-4 exq_green_14, R-EXQ-5, R-NUM-45, A-14: the green dress pays 14 livres when rented
    (on placement) or sold -- a sale yields 14 in total, not its value plus 14; the effect
    itself triggers only on placement."""
    g = turn(MASTER, livres=0)
    gid = with_effect(g, "exq_green_14")
    assert garment_of(g, gid).colour == "green" and garment_of(g, gid).is_dress
    offer_garment(g, 0, gid)
    make(g, gid, f"rent:{free_space(g)}")
    assert me(g).livres == param(g, "exq_green_livres") == 14
    g = turn(MASTER, livres=0)
    offer_garment(g, 0, gid)
    events = make(g, gid)
    assert "sell" in g.legal_actions()
    events += g.apply("sell")
    assert me(g).livres == 14
    assert not [e for e in events if e.type == "garment_effect"]


def test_r_exq_4_green_dress_scores_no_prestige_even_on_the_terrace() -> None:
    """R-EXQ-4 exq_green_14, A-35: rented, the green dress scores 0 VP in step 7, also beside
    a x3 fireworks space."""
    g = turn(MASTER)
    gid = with_effect(g, "exq_green_14")
    fw = next(d for d in g.s.t.ds.board.decorations if d.kind == "fireworks" and d.multiplier == 3)
    set_decoration(g, 0, fw.id)
    place_garment(g, 0, gid, free_space(g))
    start_scoring(g)
    assert g.legal_actions() == [f"terrace:{gid}:{fw.id}", "done"]
    g.apply(f"terrace:{gid}:{fw.id}")
    if not g.is_over():
        g.apply("done")
    assert g.s.breakdown[0]["markers"] == fw.vp


def jeweled(effect: str, jeweler: bool = True) -> tuple[Rococo, str]:
    """A Master with a jeweler marker (unless not ``jeweler``) tailors the Exquisite dress with
    ``effect``; the jewelry display holds, left to right: blue necklace, pink ring, green
    necklace, orange ring, blue necklace (prices 5 4 3 2 1)."""
    g = turn(MASTER, livres=30)
    gid = with_effect(g, effect)
    if jeweler:
        set_decoration(g, 0, decorations(g, "jeweler")[0])
    set_jewel_display(g, ["J01", "J13", "J07", "J19", "J02"])
    offer_garment(g, 0, gid)
    make(g, gid, f"rent:{free_space(g)}")
    return g, gid


def test_r_exq_4_free_jewel_dress() -> None:
    """R-EXQ-4 exq_free_jewel, A-40, R-JB-JEWEL-3: after the usual (paid) necklace, the dress
    brings one more jewel of any kind and colour for free; a tile is drawn only when the free
    jewel's colour matches the dress."""
    g, gid = jeweled("exq_free_jewel")
    assert garment_of(g, gid).colour == "blue"
    g.apply("jewel:J07")  # bought: green necklace, 3 livres, no colour match
    assert g.decision()["kind"] == "jewel" and g.decision()["free"] is True
    assert sorted(g.legal_actions()) == ["jewel:J01", "jewel:J02", "jewel:J13", "jewel:J19", "jewel:none"]
    livres = me(g).livres
    events = g.apply("jewel:J13")  # a ring, free
    assert me(g).livres == livres and sorted(me(g).jewels) == [g.s.t.jewel_index[j] for j in ("J07", "J13")]
    assert not [e for e in events if e.type == "tile_drawn"]
    g, _ = jeweled("exq_free_jewel")
    g.apply("jewel:none")
    events = g.apply("jewel:J02")  # blue: matches the blue dress
    assert [e for e in events if e.type == "tile_drawn"] and g.decision()["kind"] == "fate"


def test_r_exq_4_free_jewel_needs_a_jeweler_marker() -> None:
    """R-EXQ-4 exq_free_jewel: without a jeweler decoration no jewel is offered at all."""
    g, _ = jeweled("exq_free_jewel", jeweler=False)
    assert g.decision()["kind"] != "jewel" and me(g).jewels == []


@pytest.mark.parametrize("choice, vp", [("jewel:J02", 2), ("jewel:J07", 0), ("jewel:none", 0)])
def test_r_exq_4_matching_jewel_dress(choice: str, vp: int) -> None:
    """R-EXQ-4 exq_match_vp2, R-NUM-45: 2 VP on placement if the jewel rented with the dress has
    its colour (a blue necklace with the blue dress); another colour or no jewel: nothing."""
    g, gid = jeweled("exq_match_vp2")
    assert garment_of(g, gid).colour == "blue"
    before = me(g).vp
    g.apply(choice)
    while g.decision().get("kind") == "fate":
        g.apply("tile:keep")
    assert me(g).vp - before == vp


def test_r_exq_2_the_effect_comes_once_on_placement() -> None:
    """R-EXQ-2: the effect is immediate and one-time: a later round does not repeat it."""
    g = turn(MASTER, livres=0)
    gid = with_effect(g, "exq_green_14")
    offer_garment(g, 0, gid)
    make(g, gid, f"rent:{free_space(g)}")
    assert me(g).livres == 14
    end_phase3(g)
    assert me(g).livres == 14 + g.s.t.ds.rules.base_income


def test_r_noble_1_resource_tiles_in_play() -> None:
    """R-NOBLE-1: the Noble resource tiles are drawn into the drawers like the others (over
    several games one shows up in round 1's display)."""
    shown: Counter[str] = Counter()
    for seed in range(15):
        g = new_game(2, seed=seed, expansions=["noble"])
        shown.update(g.s.t.ds.tiles[x].expansion for x in g.s.drawers if x != EMPTY)
    assert shown["noble"] > 0
