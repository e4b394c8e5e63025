"""The Queen's Necklace view: every prompt, explanation and event of many random games in
words, never a raw action or a template field; English texts for every event type, decision
kind, action family, card kind and phase the engine has; boards that show a seat only what
it may know; a sale told column by column, most fashionable gem first."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from rich.text import Text

import salon.necklace.rules as rules_pkg
from salon.bots.base import RandomBot
from salon.cli.necklace.text import rule_fields
from salon.cli.necklace.view import SUPPORT, NecklaceView
from salon.cli.support import support
from salon.i18n import has, text
from salon.necklace.components import packaged
from salon.necklace.game import Necklace, action_texts
from salon.necklace.kinds import INFLUENCE, KINDS
from salon.necklace.rules.registry import DECISIONS, FAMILIES
from tests.necklace.positions import begin_sale, find, new_game, present_all, set_fashion, set_hand
from tests.wording.texts import known

SEEDS = range(5)
CARD_ID = re.compile(r"\bC\d{3}\b")
RULES_DIR = Path(rules_pkg.__file__).parent


def plain(markup: str) -> str:
    return Text.from_markup(markup).plain


def rendered(renderable: Any) -> str:
    console = Console(width=120, record=True, file=None, force_terminal=False)
    with console.capture() as capture:
        console.print(renderable)
    return capture.get()


def _check_words(line: str, what: str) -> None:
    assert "{" not in line, f"{what}: unfilled field in {line!r}"
    assert not re.search(r"\b[a-z]+\.[a-z_]+\b", line), f"{what}: a message key leaked into {line!r}"


def _source() -> str:
    return "".join(path.read_text(encoding="utf-8") for path in RULES_DIR.glob("*.py"))


def _emitted_event_types() -> set[str]:
    return set(re.findall(r'emit\(s, "([a-z_]+)"', _source()))


# --- the catalogue has a text for everything the engine names


def test_the_necklace_is_registered_with_its_view() -> None:
    sup = support("necklace")
    assert sup is SUPPORT
    assert sup.view is NecklaceView
    assert sup.money_left is False
    g = Necklace.new({"players": 3}, 0)
    assert sup.score_steps(g) == ("sale1", "sale2", "sale3", "bounty")
    assert has(sup.tie_rule(g) or "")


def test_every_event_type_has_a_log_line() -> None:
    types = _emitted_event_types()
    assert {"drawn", "reveal", "sale_result", "stolen", "robbed", "hand_shown", "game_over"} <= types
    variants = {
        "played": [f"played_{KINDS[k]}" for k in INFLUENCE] + ["played_musketeers"],
        "necklace": [f"necklace_{how}" for how in set(re.findall(r'how="([a-z_]+)"', _source()))],
        "livres": ["livres_gain", "livres_pay"],
    }
    assert len(variants["necklace"]) == 5
    for t in types:
        for key in variants.get(t, [t]):
            assert known(f"necklace.event.{key}"), key


REACTS = {"forger_response": "musketeer", "queen": "queen", "cardinal": "cardinal"}
"""The card each reaction window plays."""


def test_every_decision_kind_has_a_prompt_and_every_action_family_a_text() -> None:
    assert set(DECISIONS) == {"influence", "forger_response", "forger_discard", "buy", "queen", "cardinal",
                              "present", "alchemist"}
    heads = {a.split(":")[0] for a in action_texts(packaged(), 4)}
    assert heads == {family for families, _ in FAMILIES.values() for family in families}
    for kind in DECISIONS:
        assert has(f"necklace.decision.{kind}"), kind
        for family in FAMILIES[kind][0]:
            if family == "play":
                keys = [f"play_{KINDS[k]}" for k in INFLUENCE] + ["play_musketeers"]
            elif family == "react":
                keys = [f"react_{REACTS[kind]}"]
            elif family == "present":
                keys = [f"present_{k}" for k in ("gem", "banker", "ring", "king", "necklace")]
            elif family in ("done", "pass"):
                keys = [f"{family}_{kind}"]
            else:
                keys = [family]
            for key in keys:
                assert has(f"necklace.action.{key}"), (kind, key)


def test_every_card_kind_phase_gem_and_step_has_a_name() -> None:
    ds = packaged()
    for kind in KINDS:
        assert known(f"necklace.kind.{kind}"), kind
        assert kind == "gem" or has(f"necklace.effect.{kind}"), kind
    for gem in ds.gem_names:
        assert known(f"necklace.gem.{gem}"), gem
        assert known(f"necklace.gems.{gem}"), gem
    for phase in ("setup", "influence", "purchase", "devaluation", "sale", "over"):
        assert has(f"necklace.phase.{phase}"), phase
    g = Necklace.new({"players": 2}, 0)
    for step in SUPPORT.score_steps(g):
        assert has(f"necklace.step.{step}"), step


def test_the_rules_numbers_fill_the_texts() -> None:
    fields = rule_fields(Necklace.new({"players": 2}, 0), "en")
    filled = text("necklace.effect.banker", **fields)
    assert filled == "sale: +10 livres per jewel you sell"
    assert "{" not in text("necklace.effect.necklace", **fields)


# --- random games told in words, every board only what its seat may know


def _allowed_ids(g: Necklace, seat: int | None) -> set[str]:
    """The card ids the board of ``seat`` may show, from the raw state: the market, the own
    hand and presentation by their own ids; the hands shown to it and every presentation once
    revealed by public id (shared by identical copies)."""
    s = g.s
    own, public = s.ds.cards, s.ds.public_id
    ids = {own[c].id for c in s.market if c >= 0}
    if seat is not None:
        ids |= {own[c].id for c in s.hands[seat]}
        for hand in s.peeks[seat]:
            ids |= {public[c] for c in hand or ()}
        ids |= {own[c].id for c in s.shown[seat]}
    if s.revealed:
        ids |= {public[c] for shown in s.shown for c in shown}
    return ids


def _tell(players: int, seed: int) -> tuple[set[str], set[str]]:
    g = Necklace.new({"players": players}, seed)
    labels = [f"Player {i + 1}" for i in range(players)]
    view = NecklaceView(g, "en", labels)
    bot = RandomBot(seed)
    kinds: set[str] = set()
    types: set[str] = set()
    step = 0
    while not g.is_over():
        decision = g.decision()
        kinds.add(decision["kind"])
        prompt = plain(view.prompt(decision))
        assert not prompt.startswith("Decide:"), decision
        _check_words(prompt, decision["kind"])
        for action in g.legal_actions():
            explained = plain(view.explain(action))
            assert explained != action, action
            _check_words(explained, action)
        in_sale = decision["kind"] in ("present", "alchemist")
        if step % (4 if in_sale else 40) == 0:  # a board now and then, for every seat and a spectator
            for seat in [*range(players), None]:
                board = rendered(view.board(seat))
                _check_words(board.replace("…", ""), f"board of {seat}")
                shown = set(CARD_ID.findall(board))
                assert shown <= _allowed_ids(g, seat), (seat, shown - _allowed_ids(g, seat))
        events = g.apply(bot.choose(g))
        step += 1
        for seat in [*range(players), None]:
            views = [e.view(seat) for e in events]
            types |= {v["type"] for v in views}
            for line in view.log(views):
                _check_words(plain(line), f"log of {seat}")
                assert "{'" not in line, line  # no event fell back to its raw data
    final = rendered(view.board(None))
    assert "game over after" in final
    return kinds, types


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_are_told_in_words_and_boards_keep_secrets(players: int) -> None:
    kinds: set[str] = set()
    types: set[str] = set()
    for seed in SEEDS:
        k, t = _tell(players, seed)
        kinds |= k
        types |= t
    assert kinds == set(DECISIONS)
    assert {"reveal", "sale_result", "stolen", "robbed", "hand_shown", "queen", "forged", "alchemist",
            "astrologer_draw", "necklace", "game_over"} <= types


def test_standing_and_decisions_of_an_unfinished_game() -> None:
    g = Necklace.new({"players": 3, "start_player": 1}, 4)
    view = NecklaceView(g, "en", ["A", "B", "C"])
    standing = rendered(view.standing())
    assert "The Queen's Necklace · turn 1 · B to play · Influence" in standing
    assert "Fashion tile" in standing and "Livres" in standing
    assert "Your hand" not in standing
    assert not CARD_ID.search(standing)


def test_a_secret_draw_and_a_theft_are_told_to_each_seat_as_it_may_know() -> None:
    g = Necklace.new({"players": 2}, 0)
    view = NecklaceView(g, "en", ["A", "B"])
    stolen = {"type": "stolen", "seat": 0, "card": "C012", "victim": 1}
    robbed = {"type": "robbed", "seat": 1, "card": "C012", "thief": 0}
    assert plain(view.log([stolen, {k: v for k, v in robbed.items() if k != "card"}])[0]) == \
        "A takes C012 1 diamond from B"
    as_victim = [plain(x) for x in view.log([{k: v for k, v in stolen.items() if k != "card"}, robbed])]
    assert as_victim == ["A takes a random card from B", "The card A took from you: C012 1 diamond"]
    spectator = [plain(x) for x in view.log([{k: v for k, v in e.items() if k != "card"} for e in (stolen, robbed)])]
    assert spectator == ["A takes a random card from B"]
    drawn = {"type": "astrologer_draw", "seat": 1}
    assert plain(view.log([drawn])[0]) == "B draws a card in secret with the Astrologer"
    assert plain(view.log([{**drawn, "card": None}])[0]) == "The draw pile is empty: the Astrologer of B draws nothing"


# --- the sale, column by column


FASHION = ["diamond", "emerald", "amber", "ruby"]


def _rulebook_sale(necklace: bool) -> tuple[NecklaceView, list[str]]:
    """RULES.md §10.2 (and §10.3 with the Necklace): Anne, Barnabé and Charles."""
    g = new_game(3)
    set_fashion(g, FASHION)
    used: set[int] = set()

    def pick(kind: str, gem: str | None = None, gems: int | None = None) -> int:
        c = next(x for x in find(g, kind, gem, gems) if x not in used)
        used.add(c)
        return c

    def act(c: int, on: str | None = None) -> str:
        return f"present:{g.s.ds.cards[c].id}" + (f":{on}" if on else "")

    anne = [(pick("gem", "diamond", 2), None), (pick("gem", "emerald", 3), None), (pick("gem", "emerald", 2), None),
            (pick("gem", "emerald", 1), None), (pick("ring"), "emerald"), (pick("ring"), "emerald")]
    if necklace:
        anne.append((pick("necklace"), "diamond"))
    barnabe = [(pick("gem", "diamond", 1), None), (pick("king"), "diamond"), (pick("gem", "ruby", 2), None),
               (pick("gem", "ruby", 2), None), *[(pick("gem", "amber"), None) for _ in range(4)]]
    charles: list[tuple[int, str | None]] = [(pick("gem", "ruby", 3), None), (pick("gem", "ruby", 1), None),
                                             (pick("gem", "emerald", 3), None), (pick("banker"), None)]
    lots = {0: anne, 1: barnabe, 2: charles}
    for seat, cards in lots.items():
        set_hand(g, seat, [c for c, _ in cards])
    begin_sale(g, 0)
    events = present_all(g, {seat: [act(c, on) for c, on in cards] for seat, cards in lots.items()})
    while g.decision().get("kind") == "alchemist":
        events += g.apply("pass")
    view = NecklaceView(g, "en", ["Anne", "Barnabé", "Charles"])
    return view, [plain(line) for line in view.log([e.view(None) for e in events])]


def test_the_rulebook_sale_is_told_column_by_column() -> None:
    _, lines = _rulebook_sale(necklace=False)
    assert lines.count("Anne has prepared a presentation") == 1
    reveal = lines.index("Sale 1: the presentations are revealed, column by column")
    columns = [line.strip() for line in lines[reveal + 1:reveal + 5]]
    assert [c.split(",")[0] for c in columns] == FASHION
    # identical copies are named by what they are, never by an id (QN-INFO-1)
    assert columns[0] == "diamond, fashion +30: Anne 2 diamonds: 2 · Barnabé 1 diamond: 1 + King"
    assert "Anne 9 emeralds" not in columns[1] and "Anne 6 emeralds: 3 + 2 + 1 + Ring + Ring" in columns[1]
    assert lines[reveal + 5].strip() == "Bankers: Charles: Banker"
    result = lines.index("Sale 1: rarity and prices")
    assert [line.strip() for line in lines[result + 1:result + 5]] == [
        "diamond: 3 gems in all, rarity +30, price 60 livres: cancelled by a King, nobody sells",
        "emerald: 9 gems in all, rarity +0, price 20 livres: Anne sells for 60 livres",
        "amber: 4 gems in all, rarity +20, price 30 livres: Barnabé sells for 30 livres",
        "ruby: 8 gems in all, rarity +10, price 10 livres: Barnabé sells for 10 livres, Charles sells for 20 livres",
    ]
    assert lines[result + 5:result + 8] == ["Anne gains 60 livres: 60 livres in all",
                                            "Barnabé gains 40 livres: 40 livres in all",
                                            "Charles gains 20 livres: 20 livres in all"]


def test_the_necklace_bounty_is_told_after_the_columns() -> None:
    view, lines = _rulebook_sale(necklace=True)
    result = lines.index("Sale 1: rarity and prices")
    assert lines[result + 1].strip() == "diamond: 3 gems in all, rarity +30, price 60 livres: Anne sells for 60 livres"
    assert lines[result + 5].strip() == "Necklace bounty, the Kings met the Queen's Necklace: Anne +50, Barnabé -50"
    assert "Barnabé loses 10 livres: -10 livres in all" in lines
    assert "Anne gains 170 livres: 170 livres in all" in lines


def test_the_revealed_presentations_show_on_every_board() -> None:
    g = new_game(2)
    set_fashion(g, FASHION)
    rubies = find(g, "gem", "ruby")[:2]
    amber = find(g, "gem", "amber")[:1]
    set_hand(g, 0, rubies + find(g, "alchemist"))
    set_hand(g, 1, amber)
    begin_sale(g, 0)
    view = NecklaceView(g, "en", ["A", "B"])
    g.apply(f"present:{g.s.ds.cards[rubies[0]].id}")
    mine = rendered(view.board(0))
    assert "Your presentation for sale 1 so far" in mine and g.s.ds.cards[rubies[0]].id in mine
    theirs = rendered(view.board(1))
    assert "Your presentation for sale 1 so far, secret until everyone has committed\nnothing" in theirs
    assert g.s.ds.cards[rubies[0]].id not in theirs
    g.apply("done")
    g.apply(f"present:{g.s.ds.cards[amber[0]].id}")
    g.apply("done")
    assert g.decision()["kind"] == "alchemist"
    board = rendered(view.board(1))
    assert "Sale 1: the presentations, column by column" in board
    # B's own card by its id, A's by what they are: B never held them (QN-INFO-1)
    assert g.s.ds.cards[amber[0]].id in board and g.s.ds.cards[rubies[0]].id not in board
    assert "3 rubies" in board
