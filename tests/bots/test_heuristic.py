"""The heuristic bot: legal and reproducible play, strength against the random baseline,
sensible choices in typical positions, and the separation between the shared search and
the game's evaluation hook (docs/architecture.md, "Bots")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from salon.bots.base import Bot, RandomBot, bot_names, bot_seed, make_bot
from salon.bots.heuristic import HeuristicBot
from salon.core.errors import ConfigError
from salon.core.evaluation import Evaluation, evaluation_of
from salon.core.events import Event
from salon.core.game import SECRET_SEEDS, Description, Game, Limits, Result, game_class
from salon.core.plugins import Plugin, plugins
from salon.core.rng import BaseRng, KeyedRng, Rng
from salon.rococo.board_facts import facts, garment_worth
from salon.rococo.evaluation import EVALUATION, evaluate
from salon.rococo.game import Rococo
from salon.rococo.invariants import check
from salon.rococo.rules.common import jewelry_box
from tests.rococo import positions as P

BOTS_DIR = Path(__file__).resolve().parents[2] / "src" / "salon" / "bots"


def play(names: list[str], seed: int) -> Rococo:
    """A whole game between the named bots, every choice among the legal actions."""
    g = Rococo.new({"players": len(names)}, seed)
    bots = [make_bot(name, seed * 10 + seat) for seat, name in enumerate(names)]
    while not g.is_over():
        seat = g.current_player()
        assert seat is not None
        legal = g.legal_actions()
        action = bots[seat].choose(g)
        assert action in legal
        g.apply(action)
    return g


def own_turn(g: Rococo, bot: HeuristicBot, seat: int) -> None:
    """Let ``bot`` decide for ``seat`` until another seat is to move."""
    while not g.is_over() and g.current_player() == seat:
        g.apply(bot.choose(g))


# --------------------------------------------------------------------------------------------
# registration and architecture


def test_registered_as_heuristic() -> None:
    assert "heuristic" in bot_names()
    assert isinstance(make_bot("heuristic", 3), HeuristicBot)


def test_shared_bot_code_names_no_game() -> None:
    """The search is generic: no file of salon.bots names a game; the game supplies its
    knowledge through the evaluation its plug-in names."""
    for path in sorted(BOTS_DIR.glob("*.py")):
        assert "rococo" not in path.read_text(encoding="utf-8").lower(), path.name


def test_game_without_evaluation_is_refused_clearly() -> None:
    class Unknown:
        name = "no-such-game"

    with pytest.raises(ConfigError, match="no-such-game"):
        evaluation_of(Unknown())  # type: ignore[arg-type]


def test_rococo_evaluation_found_through_its_plug_in() -> None:
    found = evaluation_of(Rococo.new({"players": 2}, 1))
    assert found is EVALUATION and found.evaluate is evaluate


# --------------------------------------------------------------------------------------------
# legal, reproducible, strong


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 5])
def test_smoke_game_with_heuristic_bots_only(players: int) -> None:
    g = play(["heuristic"] * players, seed=40 + players)
    assert g.is_over()
    assert check(g.s) == []


@pytest.mark.slow
def test_mixed_table_of_four() -> None:
    g = play(["heuristic", "random", "heuristic", "random"], seed=4)
    assert g.is_over()


@pytest.mark.parametrize("name", ["rococo", "necklace"])
def test_plays_a_secret_seed_game_reproducibly(name: str) -> None:
    """Bots of a secret-seeded game sample hidden cards with the keyed generator: the
    determinization draws from it, and the same seeds give the same choices again."""
    seed = SECRET_SEEDS.start + 42

    def opening() -> tuple[list[str], list[Bot]]:
        g = game_class(name).new({"players": 2}, seed)
        bots = [make_bot("heuristic", bot_seed(seed, s)) for s in range(2)]
        actions = []
        for _ in range(12):
            seat = g.current_player()
            assert seat is not None
            action = bots[seat].choose(g)
            assert action in g.legal_actions()
            g.apply(action)
            actions.append(action)
        return actions, bots

    actions, bots = opening()
    assert all(isinstance(b.rng, KeyedRng) and b.rng.state > 0 for b in bots)
    assert opening()[0] == actions


@pytest.mark.slow
def test_same_seed_same_game() -> None:
    first = play(["heuristic", "random"], seed=11)
    second = play(["heuristic", "random"], seed=11)
    assert first.history == second.history
    both = play(["heuristic", "heuristic"], seed=12)
    again = play(["heuristic", "heuristic"], seed=12)
    assert both.history == again.history


@pytest.mark.slow
def test_beats_random_in_two_player_games() -> None:
    """10 seeded games, sitting first and second in turn: a broken bot would lose some.  How
    strong it is, and how fast, `salon strength rococo --bot normal --against random` and
    `salon bench rococo` measure."""
    games = 10
    wins = 0
    for i in range(games):
        seat = i % 2
        names = ["random", "random"]
        names[seat] = "heuristic"
        g = play(names, seed=200 + i)
        wins += g.result().winners == (seat,)
    assert wins == games


@pytest.mark.slow
def test_beats_random_with_all_expansions_and_uses_them() -> None:
    """With every expansion on, 8 seeded two-player games: the bot wins them, rents jewels (after
    financing a jeweler space) in each, and passes an exam in some (RULES.md §13)."""
    games = 8
    wins = jewel_games = exam_games = 0
    for i in range(games):
        seat = i % 2
        g = Rococo.new({"players": 2, "expansions": ["all"]}, 500 + i)
        bots = [make_bot("heuristic" if q == seat else "random", i * 10 + q) for q in range(2)]
        kinds: set[str] = set()
        while not g.is_over():
            mover = g.current_player()
            assert mover is not None
            events = g.apply(bots[mover].choose(g))
            kinds.update(e.type for e in events if e.seat == seat)
        wins += g.result().winners == (seat,)
        jewel_games += "jewel" in kinds
        exam_games += "exam_passed" in kinds
    assert wins == games
    assert jewel_games > games // 2
    assert exam_games >= 1


# --------------------------------------------------------------------------------------------
# sensible choices


def test_tailors_and_rents_a_garment_it_can_make() -> None:
    """With too few livres to hire (which would bring one more turn this round), a Master
    with the silk for a garment on display makes it and rents it out."""
    g = P.new_game(2, seed=5)
    P.mid_turn(g, 0, P.start_card(g, 0, type_="master"))
    P.clear_rack(g, 0)
    P.set_windows(g, [None, None, None, None, None, "G05"])  # 3 blue + 1 thread, window cost 0
    P.give_tiles(g, 0, ["R01"])  # 3 blue bales
    P.set_money(g, 0, livres=4, thread=1, lace=0)
    own_turn(g, HeuristicBot(1), 0)
    assert 0 in [o for x, o in zip(g.s.guest, g.s.guest_owner) if x == P.garment(g, "G05")]


def test_picks_masters_when_a_garment_is_ready() -> None:
    g = P.new_game(2, seed=6)
    assert g.decision()["kind"] == "hand" and g.current_player() == 0
    P.set_windows(g, [None, None, None, None, "G10", "G05"])
    P.give_tiles(g, 0, ["R01", "R13"])
    P.set_money(g, 0, thread=2, lace=1)
    own_turn(g, HeuristicBot(2), 0)
    masters = {c.id for c in g.s.t.cards if c.owner == 0 and c.type == "master"}
    hand = {g.s.t.cards[c].id for c in g.s.players[0].hand}
    assert len(masters) == 2
    assert masters <= hand


def test_spends_its_last_livres_on_points() -> None:
    """In its last turn of the game the bot turns its money into points with a level-VI
    bonus (3 livres per point) rather than keep it (10 livres per point at the end)."""
    g = P.new_game(2, seed=7)
    card = P.deck_card(g, "l6_buy_vp_3")
    P.mid_turn(g, 0, card)
    g.s.round = g.s.t.ds.rules.rounds
    P.set_money(g, 0, livres=31)
    own_turn(g, HeuristicBot(3), 0)
    assert "buy" in g.history
    assert g.s.players[0].livres < 3


def test_the_cards_left_for_the_next_round_count_R_PH2_3() -> None:
    """Once the hand is chosen, a supply of fewer than 3 cards is the core of the next
    round's hand (R-PH2-3): two Masters left there are worth more than two Apprentices,
    though the staff is the same.  While the hand is still being chosen nothing is left
    yet, and only the staff counts."""

    def leaving(supply: list[str], discard: list[str], choosing: bool) -> float:
        g = P.at_turn(P.new_game(2, seed=3), 0, "S13")  # the Journeyman in play
        P.set_staff(g, 0, supply=supply, discard=discard)
        if choosing:
            g.s.phase = "choose"
        return evaluate(g, 0)

    masters, apprentices = ["S11", "S12"], ["S14", "S15"]
    assert leaving(masters, apprentices, False) > leaving(apprentices, masters, False) + 1
    assert leaving(masters, apprentices, True) == leaving(apprentices, masters, True)


def test_jewels_and_exam_tasks_count_in_the_evaluation() -> None:
    """An owned jewel is worth at least its end-game point (it also pays income,
    R-JB-PH4-1, R-JB-SCORE-1); a marked exam task is progress toward an exam."""
    g = P.new_game(2, seed=9, expansions=["jewelry_box"])
    before = evaluate(g, 0)
    with_jewel = g.clone()
    with_jewel.s.players[0].jewels.append(with_jewel.s.jewel_bag[0])
    assert evaluate(with_jewel, 0) >= before + jewelry_box(g.s).params.jewel_end_vp
    with_task = g.clone()
    with_task.s.players[0].tasks = 1
    assert evaluate(with_task, 0) > before


def test_garments_that_cannot_be_sold_are_worth_their_rent() -> None:
    """R-FEST-3, R-EXQ-3/4: a Festive garment counts as rented, never as sold; the green
    dress pays its 14 livres either way and has no prestige (A-35)."""
    g = P.new_game(2, seed=10, expansions=["festive", "exquisite"])
    st = facts(g.s.t)
    festive = P.garment(g, "G49")
    green = P.garment(g, "G54")
    assert st.gar_sell[festive] is None
    assert garment_worth(st, festive, 1.0) == pytest.approx(st.gar_rent[festive])
    assert st.gar_rent[green] < st.gar_rent[festive]
    assert garment_worth(st, green, 0.1) == pytest.approx(max(1.4, st.gar_rent[green] + 1.4))


def test_terrace_pairs_highest_prestige_with_highest_multiplier() -> None:
    g = P.new_game(2, seed=8)
    throne = P.spaces(g, hall=1, master=False)
    for gid, space in zip(("G01", "G05", "G10"), throne):  # prestige 2, 3, 4
        P.place_garment(g, 0, gid, space)
    fireworks = {g.s.t.ds.board.decorations[d].multiplier: g.s.t.ds.board.decorations[d].id
                 for d in g.s.t.fireworks}
    P.set_decoration(g, 0, fireworks[2])
    P.set_decoration(g, 0, fireworks[3])
    P.start_scoring(g)
    own_turn(g, HeuristicBot(4), 0)
    on = {g.s.t.ds.board.decorations[d].id: g.s.t.ds.garments[x].id
          for d, x in enumerate(g.s.terrace) if x != -1}
    assert on == {fireworks[3]: "G10", fireworks[2]: "G05"}


# --------------------------------------------------------------------------------------------
# fairness: the evaluation and the search see only what the seat may know


def midgame(seed: int, **config: object) -> Rococo:
    """Round 4, seat 0 to decide, after random play."""
    g = Rococo.new({"players": 3, **config}, seed)
    bot = RandomBot(seed)
    while g.s.round < 4 or g.current_player() != 0:
        g.apply(bot.choose(g))
    return g


def rearrange_secrets(g: Rococo, seat: int) -> Rococo:
    """A copy of ``g`` that differs only in what ``seat`` cannot know: the other seats' rack
    tiles (swapped with tiles of the bag), the split of their hands and supplies, the order
    of the bags and of each level of the employee deck."""
    g = g.clone()
    s = g.s
    for q, p in enumerate(s.players):
        if q == seat:
            continue
        swapped = s.res_bag[:len(p.rack)]
        s.res_bag = s.res_bag[len(p.rack):] + p.rack
        p.rack = swapped
        p.silk = [sum(s.t.ds.tiles[x].silk[c] for x in swapped) for c in range(4)]
        hidden = (p.hand + p.supply)[::-1]
        p.hand, p.supply = hidden[:len(p.hand)], hidden[len(p.hand):]
    s.res_bag.reverse()
    s.gar_bag.reverse()
    levels = [s.t.cards[c].level for c in s.deck]
    for level in set(levels):
        at = [i for i, x in enumerate(levels) if x == level]
        for i, c in zip(at, [s.deck[i] for i in reversed(at)]):
            s.deck[i] = c
    assert check(s) == []
    return P.refresh(g)


@pytest.mark.parametrize("seed", [21, 24])
def test_evaluation_ignores_other_seats_secrets(seed: int) -> None:
    g = midgame(seed)
    assert evaluate(rearrange_secrets(g, 0), 0) == pytest.approx(evaluate(g, 0))


@pytest.mark.parametrize("seed", [21, 24, 25, 26])
def test_choice_ignores_other_seats_secrets(seed: int) -> None:
    """Two games that differ only in secrets of the other seats get the same choice from
    bots seeded alike: the look-ahead runs on a sample drawn from what the seat knows."""
    g = midgame(seed)
    other = rearrange_secrets(g, 0)
    assert other.state_hash() != g.state_hash()
    assert g.determinize(0, Rng(seed)).state_hash() == other.determinize(0, Rng(seed)).state_hash()
    assert HeuristicBot(seed).choose(g) == HeuristicBot(seed).choose(other)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [21, 24])
def test_hidden_prestige_of_the_2013_edition_is_not_read_D_10(seed: int) -> None:
    """D-10: the 2013 edition hides the other seats' prestige until the end, so neither the
    evaluation nor the choice may depend on it -- in play and during final scoring."""
    g = midgame(seed, edition="2013")
    while True:
        other = g.clone()
        other.s.players[1].vp += 17
        other.s.players[2].vp = 0
        assert g.observe(0) == other.observe(0)
        assert evaluate(other, 0) == pytest.approx(evaluate(g, 0))
        assert HeuristicBot(seed).choose(g) == HeuristicBot(seed).choose(other)
        if g.s.phase in ("scoring", "end"):
            break
        bot = RandomBot(seed)
        g.apply(bot.choose(g))
        while not g.is_over() and g.current_player() != 0:
            g.apply(bot.choose(g))
        if g.is_over():
            break


def last_finance_2013(hidden_1: int, hidden_2: int) -> Rococo:
    """Round 7 of a 3-player 2013 game, its last turn: seat 0 has played a start Master (no
    bonus) and chosen Finance; only the musicians of halls 2 and 3 are free.  Seat 0 ties
    seat 1 in hall 2 and seat 2 in hall 3 (1 garment each, no master guest), so financing
    mu2 costs seat 1 its first place there, mu3 seat 2 its own; seat 0 scores the same either
    way.  Seats 1 and 2 hold ``hidden_1`` / ``hidden_2`` face-down prestige."""
    g = P.new_game(3, 0, edition="2013")
    s = g.s
    s.round = s.t.ds.rules.rounds
    s.boxed.extend(s.deck)  # out of the game: every card keeps a place
    s.deck.clear()
    for p in s.players:
        p.discard.extend(p.hand)
        p.hand.clear()
    P.at_turn(g, 0, P.start_card(g, 0, type_="master"))
    owners = {"fw1": 1, "fw2": 2, "fw3": 1, "kl1": 1, "kl2": 2, "kr1": 1, "kr2": 2,
              "st1": 1, "st2": 2, "st3": 1, "mu1": 2, "mu4": 1, "mu5": 2}
    for deco, owner in owners.items():
        P.set_decoration(g, owner, deco)
    shown = set(s.windows)
    ids = [x for x in P.find_garments(g, lambda x: x.expansion == "") if s.t.garment_index[x] not in shown][:4]
    for gid, (seat, space) in zip(ids, ((0, "h2s1"), (1, "h2s2"), (0, "h3s1"), (2, "h3s2")), strict=True):
        P.place_garment(g, seat, gid, space)
    P.set_money(g, 0, livres=20, vp=10)
    P.set_money(g, 1, vp=hidden_1)
    P.set_money(g, 2, vp=hidden_2)
    g.apply("main:finance")
    return g


def test_a_look_ahead_to_the_end_does_not_read_hidden_prestige_D_10() -> None:
    """D-10 (FR13:159, the score "remains secret until the end of the game"): where the
    look-ahead reaches the game's end, the final totals it compares must not contain the other
    seats' face-down prestige either.  Two positions that seat 0 sees alike, differing only in
    seats 1 and 2's prestige (60/0 against 0/60), get the same choice."""
    a = last_finance_2013(60, 0)
    b = last_finance_2013(0, 60)
    assert a.observe(0) == b.observe(0)
    assert a.legal_actions() == b.legal_actions() == ["finance:mu2", "finance:mu3"]
    assert HeuristicBot(seed=1).choose(a) == HeuristicBot(seed=1).choose(b)


@pytest.mark.parametrize("config", [{}, {"expansions": ["all"]}, {"players": 1, "solo": True}],
                         ids=["base", "expansions", "solo"])
def test_determinize_keeps_what_the_seat_knows(config: dict[str, Any]) -> None:
    g = midgame(22, **config)
    seen = g.observe(0)
    changed = False
    rng = Rng(5)
    for _ in range(5):
        d = g.determinize(0, rng)
        assert d.observe(0) == seen
        assert check(d.s) == []
        assert d.legal_actions() == g.legal_actions()
        changed |= d.state_hash() != g.state_hash()
    assert changed
    assert g.observe(0) == seen  # the game itself is untouched


def test_search_does_not_change_the_game() -> None:
    g = midgame(23)
    snapshot = g.state_hash()
    history = list(g.history)
    HeuristicBot(9).choose(g)
    assert g.state_hash() == snapshot
    assert g.history == history


# --------------------------------------------------------------------------------------------
# the search is generic: a toy game with its own hooks, played through the same calls


class Counters(Game):
    """A toy game: take 1-3 counters from a pile; whoever takes the last one wins.  A turn has
    two decisions: first the size (``size:small`` allows 1 or 2, ``size:big`` means 3), which
    changes nothing by itself, then ``take:<k>``.  It is a Game (compiled bots take nothing
    else); the calls the search never makes are the shortest that fit the protocol."""

    name = "test-counters"
    ACTIONS = ("size:small", "size:big", "take:1", "take:2", "take:3")

    def __init__(self, pile: int, seat: int = 0, size: str = "") -> None:
        self.pile, self.seat, self.size = pile, seat, size
        self.config, self.seed, self.history = {"players": 2}, 0, []

    @classmethod
    def new(cls, config: Any = None, seed: int | None = 0) -> Counters:
        return cls(7)

    @classmethod
    def parse_config(cls, config: Any) -> Any:
        return {"players": 2}

    @classmethod
    def describe(cls, config: Any = None) -> Description:
        return Description(cls.name, (2,), {}, cls.ACTIONS, {}, Limits(20, (0, 1)))

    @property
    def num_players(self) -> int:
        return 2

    def current_player(self) -> int | None:
        return None if self.is_over() else self.seat

    def legal_actions(self) -> list[str]:
        if self.is_over():
            return []
        if not self.size:
            return ["size:small", "size:big"] if self.pile >= 3 else ["size:small"]
        return ["take:3"] if self.size == "big" else [f"take:{k}" for k in (1, 2) if k <= self.pile]

    def apply(self, action: str) -> list[Event]:
        assert action in self.legal_actions()
        if action.startswith("size:"):
            self.size = action[5:]
        else:
            self.pile -= int(action[5:])
            self.size = ""
            if self.pile:
                self.seat = 1 - self.seat
        return []

    def decision(self) -> dict[str, Any]:
        return {"seat": self.current_player(), "kind": "take" if self.size else "size"}

    def observe(self, seat: int | None) -> dict[str, Any]:
        return self.to_snapshot()

    def is_over(self) -> bool:
        return self.pile == 0

    def result(self) -> Result:
        won = self.seat  # who took the last counter
        return Result((int(won == 0), int(won == 1)), ((won,), (1 - won,)), (won,), (0, 0))

    def clone(self) -> Counters:
        return Counters(self.pile, self.seat, self.size)

    def to_snapshot(self) -> dict[str, Any]:
        return {"pile": self.pile, "seat": self.seat, "size": self.size}

    @classmethod
    def from_snapshot(cls, snapshot: dict[str, Any]) -> Counters:
        return cls(snapshot["pile"], snapshot["seat"], snapshot["size"])

    def undoable(self) -> int:
        return 0

    def explain_illegal(self, action: str) -> tuple[str, str]:
        return "COUNTERS", "not now"

    def determinize(self, seat: int, rng: BaseRng) -> None:
        return None  # nothing is hidden


def counters_value(game: Counters, seat: int) -> float:
    """Exact: the seat to move with a pile that is a multiple of 4 loses; mid-turn unknown."""
    if game.is_over():
        return 1.0 if game.seat == seat else -1.0
    if game.size:
        return 0.0
    to_move_wins = game.pile % 4 != 0
    return 1.0 if to_move_wins == (game.seat == seat) else -1.0


COUNTERS: Evaluation[Any] = Evaluation(counters_value)
"""The toy game's evaluation, which its plug-in below names."""


@pytest.mark.parametrize(("pile", "best"), [(7, ["size:big", "take:3"]), (6, ["size:small", "take:2"]),
                                            (5, ["size:small", "take:1"])])
def test_generic_search_wins_a_toy_game_with_a_two_step_turn(pile: int, best: list[str],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(plugins(), Counters.name, Plugin(Counters.name, "tests.bots.test_heuristic:Counters",
                                                         evaluation="tests.bots.test_heuristic:COUNTERS"))
    g = Counters(pile)
    bot = HeuristicBot(0)
    for action in best:
        assert bot.choose(g) == action
        g.apply(action)


def test_node_budget_bounds_the_look_ahead() -> None:
    """The budget stops the search (overshooting by at most one node's children), and the
    bot still answers with a legal action."""
    g = midgame(27)
    bot = RandomBot(27)
    while g.decision()["kind"] != "play" or g.current_player() != 0:
        g.apply(bot.choose(g))
    wide = HeuristicBot(1)
    wide.choose(g)
    narrow = HeuristicBot(1, budget=10)
    assert narrow.choose(g) in g.legal_actions()
    assert narrow.nodes <= 10 + max(len(g.legal_actions()), 40) < wide.nodes
