"""The Queen's Necklace's terminal texts read right in every language: articles before gem
names, a count with its verb, the purchase duty once it is met, and the tie rule only where
there is a tie."""

from __future__ import annotations

import re

import pytest
from rich.text import Text

from salon.bots.base import RandomBot
from salon.cli.necklace.view import SUPPORT, NecklaceView
from salon.necklace.game import Necklace
from tests.necklace.positions import begin_turn, find, run, set_hand, set_market
from tests.wording.texts import told

LANGS = ("en", "de", "fr", "uk")


def plain(markup: str) -> str:
    return Text.from_markup(markup).plain


def _view(g: Necklace, lang: str) -> NecklaceView:
    return NecklaceView(g, lang, ["A", "B", "C"])


@pytest.mark.parametrize("lang", LANGS)
def test_a_forger_names_a_gem_with_the_right_article(lang: str) -> None:
    g = Necklace.new({"players": 3, "start_player": 0}, 1)
    set_hand(g, 0, find(g, "forger")[:1])
    set_hand(g, 1, find(g, "gem", "emerald")[:1])
    begin_turn(g, 0)
    view = _view(g, lang)
    for gem in g.data.gem_names:
        line = plain(view.explain(f"play:forger:1:{gem}"))
        assert "{" not in line and view.gem(gem) not in ("", line)
        if lang == "en":
            assert not re.search(r"\ba (emerald|amber)\b", line), line
    run(g, "play:forger:1:emerald")
    line = plain(view.explain("pass"))
    assert "{" not in line and (lang != "en" or "a emerald" not in line), line


@pytest.mark.parametrize("lang", LANGS)
def test_a_devaluation_of_one_card_reads_in_the_singular(lang: str) -> None:
    g = Necklace.new({"players": 3}, 1)
    view = _view(g, lang)
    one = plain(view.event({"type": "devalued", "lowered": ["ruby-1"], "discarded": []}) or "")
    many = plain(view.event({"type": "devalued", "lowered": ["ruby-1", "ring"], "discarded": []}) or "")
    assert "{" not in one and one != many
    if lang == "en":
        assert one == "Devaluation: one step down the price ladder for 1 card"


@pytest.mark.parametrize("lang", LANGS)
def test_the_purchase_duty_is_told_until_a_card_is_bought_QN_BUY_3(lang: str) -> None:
    g = Necklace.new({"players": 3, "start_player": 0}, 1)
    cheap = find(g, "gem", "amber")[:2]
    set_market(g, cheap)
    begin_turn(g, 0)
    run(g, "done")
    view = _view(g, lang)
    before = plain(view.prompt(g.decision()))
    run(g, f"buy:{g.data.cards[cheap[0]].id}")
    after = plain(view.prompt(g.decision()))
    assert g.decision()["kind"] == "buy" and g.decision()["bought"] == 1
    assert before != after and "{" not in after
    if lang == "en":
        assert "you must buy one" in before and "must" not in after


def test_the_tie_rule_is_told_only_where_leaders_tie_QN_END_3() -> None:
    g = Necklace.new({"players": 3}, 2)
    bot = RandomBot(2)
    assert SUPPORT.tie_rule(g) == "necklace.ui.tie_rule"  # the rules, before any result
    while not g.is_over():
        g.apply(bot.choose(g))
    top = max(g.s.scores)
    g.s.scores[:] = [top + 10, top, top]
    assert SUPPORT.tie_rule(g) is None
    g.s.scores[:] = [top, top, top - 10]
    assert SUPPORT.tie_rule(g) == "necklace.ui.tie_rule"


@pytest.mark.parametrize("lang", LANGS)
def test_rococos_throne_hall_is_named_as_the_options_name_it(lang: str) -> None:
    """The options name a guest space by its hall's number ("hall 1, space 2"); the board's
    label of the Throne hall carries that number too."""
    assert told("rococo.board.hall", lang, n=1) in told("rococo.board.throne", lang)
    assert told("rococo.board.throne", lang) != told("rococo.board.hall", lang, n=1)
