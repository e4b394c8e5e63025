"""The message catalogue: lookups never fail, and every engine term has an English text, the
expansions' terms included (jewels, exams and tasks, hiring conditions, garment effects)."""

from __future__ import annotations

import re
from gettext import c2py
from pathlib import Path
from typing import Any

import pytest
from babel import Locale
from typer.testing import CliRunner

import salon.i18n as i18n
import salon.rococo.rules as rules_pkg
from salon.cli.main import app
from salon.cli.rococo.text import term_fields
from salon.core.game import game_names
from salon.i18n import (
    DEFAULT,
    catalogue,
    count,
    domains,
    game_key,
    has,
    languages,
    plural_categories,
    plural_category,
    plural_forms,
    plural_texts,
    read_catalog,
    system_language,
    text,
)
from salon.rococo.components import packaged
from salon.rococo.game import Rococo
from salon.rococo.models import EXPANSIONS, CardModel, StartCardModel
from salon.rococo.plugin import PLUGIN as ROCOCO
from salon.rococo.rules.registry import DECISIONS
from salon.rococo.rules.scoring import STEPS
from salon.rococo.rules.turn import MAIN_ACTIONS
from tests.cli.conftest import Run
from tests.wording.texts import known, told, told_count
from tools import i18n_export as export

EVERYTHING = packaged("1-3", frozenset(EXPANSIONS))
"""The data set with every expansion in play: every card, garment and jewel there is."""
TERMS = term_fields(Rococo.new({"players": 2}, 0), "en")
"""The term fields the Rococo view gives every template (the Deluxe words)."""


def test_missing_key_is_the_key_itself() -> None:
    assert text("event.no_such_event") == "event.no_such_event"
    assert text("no.such.key", lang="xx", n=3) == "no.such.key"


def test_fields_are_filled_and_unknown_fields_stay() -> None:
    assert text("player.name", n=2) == "Player 2"
    assert text("player.name") == "Player {n}"
    assert told("rococo.event.round") == "Round {round} begins"
    assert told("rococo.event.played", player="P1") == "P1 plays {card}"


def test_counted_phrases() -> None:
    assert count("unit.livres", 1) == "1 livre"
    assert count("unit.livres", 0) == "0 livres"
    assert count("unit.livres", 12) == "12 livres"


def test_unknown_language_falls_back_to_english() -> None:
    assert "en" in languages()
    assert text("player.name", lang="xx", n=1) == "Player 1"


def test_keys_are_flat_dotted_strings() -> None:
    """A shared key is "table.name"; a game's own key is "game.table.name" (its own file)."""
    games = set(game_names())
    for key, value in catalogue("en").items():
        assert re.fullmatch(r"([a-z]+\.)?[a-z_0-9]+\.[a-z_0-9]+", key), key
        if key.count(".") == 2:
            assert key.split(".")[0] in games, key
        assert isinstance(value, str) and value, key
        assert "[" not in value, f"{key}: square brackets are reserved for styling"


def test_a_games_own_domain_is_no_language() -> None:
    assert languages() == ["en", "de", "fr", "uk"]
    assert domains("en") == ["events-necklace", "events-rococo", "mail", "terminal", "terminal-necklace", "web",
                             "web-necklace", "web-rococo"]
    assert known("necklace.event.drawn") and not known("event.drawn") and not has("necklace.event.drawn")
    assert game_key("necklace", "step.sale1") == "necklace.step.sale1"
    assert game_key("rococo", "step.money") == "step.money"
    assert game_key("necklace", "step.total") == "step.total"


def _emitted_event_types() -> set[str]:
    found = set()
    for path in Path(rules_pkg.__file__).parent.glob("*.py"):
        found |= set(re.findall(r'emit\(s, "([a-z_]+)"', path.read_text(encoding="utf-8")))
    return found


def test_every_event_type_has_a_log_line() -> None:
    types = _emitted_event_types()
    assert {"tile_taken", "rented", "scored", "game_over"} <= types
    assert {"jewel", "jewel_display", "jewel_removed", "festive_added", "promoted", "exam_passed", "task",
            "replayed", "copied", "garment_effect"} <= types
    for t in types:
        assert known(f"rococo.event.{t}") or known(f"rococo.event.{t}_gain"), t


def test_every_bonus_has_a_description() -> None:
    ds = EVERYTHING
    jb = ds.jewelry_box
    assert jb is not None
    cards: list[CardModel | StartCardModel] = [*ds.deck_cards, *ds.start_cards, *jb.exam_masters, *jb.exam_journeymen,
                                               *jb.specialists]
    bonuses = {c.bonus for c in cards}
    assert {"nj_copy_opponent", "nm_end_jewel_sets", "sa_vp3"} <= bonuses
    for bonus in bonuses:
        assert known(f"rococo.bonus.{bonus}"), bonus


def test_every_hiring_condition_has_a_text() -> None:
    jb = EVERYTHING.jewelry_box
    assert jb is not None
    conditions = {c.condition for c in jb.specialists}
    assert len(conditions) == 10
    for condition in conditions:
        assert has(f"condition.{condition}"), condition


def test_every_garment_effect_and_expansion_has_a_text() -> None:
    effects = {g.effect for g in EVERYTHING.garments if g.effect}
    assert {"fest_vp_per_dec", "exq_free_jewel"} <= effects
    for effect in effects:
        assert known(f"rococo.effect.{effect}"), effect
        filled = told(f"rococo.effect.{effect}", "en", **TERMS, **(EVERYTHING.garment_params or {}))
        assert "{" not in filled, effect
    for expansion in EXPANSIONS:
        assert has(f"expansion.{expansion}"), expansion


def test_every_exam_task_has_a_meaning() -> None:
    jb = EVERYTHING.jewelry_box
    assert jb is not None
    for task in (*jb.journeyman_tasks, *jb.master_tasks):
        assert known(f"rococo.task.{task.lower()}"), task
    for exam in ("journeyman", "master"):
        assert known(f"rococo.exam.{exam}"), exam


def test_every_main_action_has_a_name_and_an_explanation() -> None:
    assert {"journeyman_exam", "master_exam"} <= set(MAIN_ACTIONS)
    for action in MAIN_ACTIONS:
        for key in (f"main_short.{action}", f"action.main_{action}"):
            assert has(key), key
        assert known(f"rococo.main.{action}"), action


def test_every_decision_kind_has_a_prompt() -> None:
    variants = {
        "acquire": ("acquire_main", "acquire_bonus", "acquire_reward"),
        "tailor": ("tailor", "tailor_bonus", "tailor_nj"),
        "jewel": ("jewel", "jewel_free"),
    }
    assert {"jewel", "promote", "task", "exq_send"} <= set(DECISIONS)
    for kind in DECISIONS:
        for key in variants.get(kind, (kind,)):
            assert has(f"decision.{key}"), kind


def test_every_scoring_step_has_a_name() -> None:
    assert "jewels" in STEPS
    for step in STEPS:
        assert has(f"step.{step}"), step


# --- every language, one source


FIELD = re.compile(r"\{(\w+)\}")
TERM = re.compile(r"^(?:{})(?:_\w+)?$".format("|".join(
    f"[{name[0]}{name[0].upper()}]{name[1:]}" for name in sorted(ROCOCO.term_fields, key=len, reverse=True))))
"""A term field, in any language's form of it ({thread}, {Drawers}, {drawer_from}, {blue_dress}):
a translation may name a term in another form than English, or name it where English does not."""
OWN_TABLE = re.compile(r"^(?:[a-z]+\.)?(?:colour|term)_\w+\.\w+$")
"""A language's own tables of inflected words (``colour_dress.blue``, ``rococo.term_from.drawer``)."""
TRANSLATED = [lang for lang in languages() if lang != DEFAULT]
SAME_AS_ENGLISH: dict[str, set[str]] = {
    "de": {"player.madame_du_barry", "solo.tag", "abbr.master", "abbr.livres", "abbr.reward_livres", "colour.orange",
           "board.col_hand", "simulate.col_bot", "necklace.kind.ring", "app.name", "lobby.name_placeholder",
           "lobby.bot", "bot.normal", "rococo.name", "rococo.colour.orange", "rococo.deco.statue",
           "rococo.panel.hand", "rococo.panel.madame", "rococo.employee.bonus", "necklace.panel.score",
           "necklace.board.col_livres", "rococo.game.title", "account.name", "account.passkey", "account.passkeys",
           "my.live", "necklace.panel.seat_hand", "rococo.panel.seat_hand", "train.phase_col_brier"},
    "fr": {"player.madame_du_barry", "solo.tag", "solo.row_points", "abbr.master", "abbr.livres",
           "abbr.reward_livres", "colour.orange", "phase.actions", "step.statues", "step.total", "rococo.step.total",
           "simulate.col_bot", "board.col_notes", "necklace.kind.favorite", "necklace.kind.cardinal",
           "necklace.phase.influence", "necklace.board.col_livres", "necklace.board.col_notes",
           "necklace.unit.livres", "necklace.unit.ducats", "app.name", "lobby.name_placeholder", "lobby.options",
           "lobby.timer_60", "lobby.timer_180", "lobby.timer_600", "game.log", "game.total", "bot.normal",
           "bot.expert", "rococo.name", "rococo.colour.orange", "rococo.deco.statue", "rococo.step.statues",
           "rococo.phase.actions", "rococo.board.statues", "rococo.panel.madame", "necklace.panel.score",
           "necklace.unit.hint", "rococo.game.title", "left.minutes", "my.invitations", "time.hours_minutes",
           "time.minutes", "tui.tab_journal", "train.phase_col_phase", "train.phase_col_positions",
           "train.phase_col_brier"},
    "uk": {"solo.tag", "tui.key_pageup", "tui.key_pagedown", "tui.key_shift_pagedown"},
}
"""Texts a language writes as English does because they are the same words there: proper
names, ids, loanwords, abbreviations (every text that is only fields and signs is accepted
without being listed)."""


def _entries(lang: str, domain: str) -> dict[str, list[str]]:
    """A catalog's translated entries (fuzzy and empty ones left out), each with its texts."""
    out: dict[str, list[str]] = {}
    for message in read_catalog(lang, domain):
        if not message.id or message.fuzzy:
            continue
        texts = plural_texts(message) if message.pluralizable else [str(message.string)]
        if all(texts):
            out[message.id[0] if message.pluralizable else str(message.id)] = texts
    return out


def test_a_key_is_in_a_catalog_once() -> None:
    """Babel merges two entries of one msgid silently, so a plain text and a counted phrase
    must not share a key."""
    for lang in languages():
        for domain in domains(lang):
            path = Path(i18n.__file__).parent / lang / f"{domain}.po"
            ids = re.findall(r'^msgid "(.+)"$', path.read_text(encoding="utf-8"), re.MULTILINE)
            assert sorted({k for k in ids if ids.count(k) > 1}) == [], path


def _fields(texts: list[str]) -> set[str]:
    return {f for t in texts for f in FIELD.findall(t) if not TERM.match(f)}


@pytest.mark.parametrize("domain", domains(DEFAULT))
@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_key_is_translated_with_the_same_fields(lang: str, domain: str) -> None:
    english = _entries(DEFAULT, domain)
    other = _entries(lang, domain)
    assert sorted(set(english) - set(other)) == [], f"{lang}/{domain}.po: untranslated or fuzzy"
    assert sorted(k for k in set(other) - set(english) if not OWN_TABLE.match(k)) == [], "keys English lacks"
    for key, texts in english.items():
        assert _fields(other[key]) - {"n"} == _fields(texts) - {"n"}, f"{lang} {key}: {other[key]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_only_listed_texts_read_as_in_english(lang: str) -> None:
    same = set()
    for domain in domains(DEFAULT):
        english = _entries(DEFAULT, domain)
        for key, texts in _entries(lang, domain).items():
            words = re.sub(r"\{\w+\}|[\W\d_]", "", " ".join(texts))
            if key in english and texts[0] == english[key][0] and words:
                same.add(key)
    assert sorted(same - SAME_AS_ENGLISH[lang]) == [], "untranslated"
    assert sorted(SAME_AS_ENGLISH[lang] - same) == [], "translated now: take them off the list"


@pytest.mark.parametrize("lang", languages())
def test_plural_forms_follow_cldr(lang: str) -> None:
    """Each catalog's gettext Plural-Forms is Babel's rendering of the CLDR rules, and its
    texts come in CLDR order (Ukrainian one, few, many, other)."""
    tags = plural_categories(lang)
    assert tags[-1] == "other" and set(tags) == Locale.parse(lang).plural_form.tags | {"other"}
    for domain in domains(lang):
        catalog = read_catalog(lang, domain)
        assert catalog.plural_forms == plural_forms(lang) + ";", domain
        assert catalog.num_plurals == len(tags)
        index = c2py(catalog.plural_expr)
        assert all(tags[index(n)] == plural_category(lang, n) for n in range(1001)), domain


def test_counted_phrases_in_every_language() -> None:
    ukrainian = {1: "1 лівр", 2: "2 ліври", 5: "5 ліврів", 11: "11 ліврів", 21: "21 лівр", 22: "22 ліври",
                 25: "25 ліврів", 111: "111 ліврів", 1.5: "1.5 лівра"}
    assert {n: count("unit.livres", n, "uk") for n in ukrainian} == ukrainian
    assert [count("unit.cards", n, "de") for n in (1, 2)] == ["1 Karte", "2 Karten"]
    assert [count("unit.cards", n, "fr") for n in (0, 1, 2, 1_000_000)] == [
        "0 carte", "1 carte", "2 cartes", "1000000 de cartes"]
    assert told_count("necklace.gems.ruby", 3, "uk") == "3 рубіни"
    assert count("no.such.phrase", 3, "uk") == "no.such.phrase"


def test_a_missing_translation_falls_back_to_english_then_to_the_key() -> None:
    assert text("player.name", "de", n=2) == "Spieler 2"
    assert text("no.such.key", "de") == "no.such.key"
    assert told("rococo.event.played", "fr", player="P1") == "P1 joue {card}"
    german = catalogue("de")
    assert "player.name" in german
    assert all(key in catalogue(DEFAULT) or OWN_TABLE.match(key) for key in german)


@pytest.mark.parametrize(("environ", "lang"), [
    ({}, "en"), ({"LANG": "de_DE.UTF-8"}, "de"), ({"LANG": "fr_CA.UTF-8", "LC_MESSAGES": "uk_UA.UTF-8"}, "uk"),
    ({"LC_ALL": "fr_FR", "LANG": "de_DE"}, "fr"), ({"LANG": "pt_BR.UTF-8"}, "en"), ({"LC_ALL": "C"}, "en"),
    ({"LC_ALL": "", "LANG": "uk"}, "uk"),
])
def test_the_terminal_language_comes_from_the_locale(environ: dict[str, str], lang: str) -> None:
    assert system_language(environ) == lang


def test_the_browser_catalogs_are_generated_from_the_source() -> None:
    """``python -m tools.i18n_export`` has been run: the committed browser catalogs, lists and
    canonical .po files are what the source gives."""
    assert export.main(["--check"]) == 0, "run: python -m tools.i18n_export"


class _Recorder:
    """Notes every template or counted phrase a view asks a language for that it lacks."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.missing: set[str] = set()
        recorder = self

        class Watched(dict[str, Any]):
            def __init__(self, lang: str, entries: dict[str, Any]) -> None:
                super().__init__(entries)
                self.lang = lang

            def get(self, key: str, default: Any = None) -> Any:
                if self.lang != DEFAULT and key not in self and key in english:
                    recorder.missing.add(key)
                return super().get(key, default)

        events = i18n.surface(DEFAULT, i18n.EVENTS)
        english = {**i18n.catalogue(DEFAULT), **i18n.surface(DEFAULT, i18n.TERMINAL).counted, **events.plain,
                   **events.counted}
        catalogues = {lang: Watched(lang, i18n.catalogue(lang)) for lang in languages()}
        surfaces = {(lang, name): i18n.Texts(
            Watched(lang, found.plain) if name == i18n.EVENTS else found.plain, Watched(lang, found.counted))
            for lang in languages() for name in (i18n.TERMINAL, i18n.EVENTS)
            for found in [i18n.surface(lang, name)]}
        monkeypatch.setattr(i18n, "catalogue", lambda lang: catalogues.get(lang, {}))
        monkeypatch.setattr(i18n, "surface", lambda lang, name: surfaces[(lang, name)])


GAMES = [
    ("rococo", "--expansions", "all"),
    ("rococo", "--solo", "--expansions", "jewelry_box"),
    ("rococo", "--edition", "2013"),
    ("necklace",),
]


@pytest.mark.slow
@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("game", GAMES, ids=lambda g: "-".join(g).replace("--", ""))
def test_a_game_to_the_end_shows_no_english(lang: str, game: tuple[str, ...], run: Run,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """A player at the terminal sees boards, decisions, log and final scoring all in their
    language: no template falls back to English."""
    recorder = _Recorder(monkeypatch)
    name, *options = game
    seats = "human" if "--solo" in options else ("human,random,random" if name == "necklace" else "human,random")
    result = run("play", name, *options, "--bots", seats, "--seed", "3", "--lang", lang, input="1\n2\n3\ndone\n" * 1000)
    assert result.exit_code == 0, result.output
    assert text("ui.game_over", lang) in result.stdout
    assert sorted(recorder.missing) == []


def test_the_locale_picks_the_terminals_language(run: Run) -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["play", "necklace", "--bots", "random,random,random", "--seed", "2"],
                           env={"COLUMNS": "100", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "fr_FR.UTF-8"})
    assert result.exit_code == 0, result.output
    assert "Partie terminée" in result.stdout
    refused = run("play", "necklace", "--lang", "xx")
    assert refused.exit_code != 0 and "There is no language “xx”" in refused.output
