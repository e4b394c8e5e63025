"""A user's mistake is worded for players in their language: every problem a game's config
can have (its own rules, and pydantic's checks of one value) carries a catalog key and raw
fields (salon.core.options), as do a command's refused options and a bad saved game; every key
has a text in every language for the terminal (and the browser where it can meet it), and the
terminal and the server answer with it."""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from salon.cli.main import app
from salon.core.errors import ConfigError
from salon.core.game import game_class
from salon.core.options import PYDANTIC
from salon.i18n import has, languages, text
from tests.web.test_browser import live  # noqa: F401  (fixture)

SRC = Path(__file__).parents[1] / "src" / "salon"
STATIC = SRC / "web" / "static"
SHARED = {"config." + k for k in {*PYDANTIC.values(), "invalid", "not_mapping"}}


def own_keys() -> set[str]:
    """The keys the games' config validators refuse with: ``refuse("key", ...)`` calls."""
    keys: set[str] = set()
    for game in ("rococo", "necklace"):
        tree = ast.parse((SRC / game / "config.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "refuse":
                first = node.args[0]
                assert isinstance(first, ast.Constant) and isinstance(first.value, str)
                keys.add(f"{game}.config.{first.value}")
    return keys


def browser_texts(lang: str) -> dict[str, str]:
    out: dict[str, str] = {}

    def flat(data: dict[str, Any], prefix: str = "") -> None:
        for k, v in data.items():
            if isinstance(v, dict):
                flat(v, f"{prefix}{k}.")
            else:
                out[prefix + k] = v

    for path in (STATIC / "i18n" / f"{lang}.json", *(STATIC / "games").glob(f"*/i18n/{lang}.json")):
        flat(json.loads(path.read_text(encoding="utf-8")))
    return out


def test_every_config_problem_has_a_text_in_every_language() -> None:
    keys = own_keys() | SHARED
    assert {"rococo.config.edition_no_solo", "necklace.config.start_player", "config.not_integer"} <= keys
    for lang in languages():
        web = browser_texts(lang)
        assert sorted(k for k in keys if not has(k, lang) or (lang != "en" and text(k, lang) == text(k))) == [], lang
        assert sorted(k for k in keys if k not in web) == [], lang


BAD = [
    ("rococo", {"edition": "2013", "solo": True}, "rococo.config.edition_no_solo", {}),
    ("rococo", {"edition": "2013", "expansions": ["noble"]}, "rococo.config.edition_no_expansions", {}),
    ("rococo", {"expansions": "dragons"}, "rococo.config.unknown_expansion", {"name": "dragons"}),
    ("rococo", {"players": 7}, "rococo.config.players", {"low": 2, "high": 5}),
    ("rococo", {"players": 1}, "rococo.config.players_not_solo", {}),
    ("rococo", {"players": 3, "start_player": 3}, "rococo.config.start_player", {"seat": 4, "players": 3}),
    ("rococo", {"solo": True, "start_player": 0}, "rococo.config.solo_start_player", {}),
    ("rococo", {"players": 2, "mdb_inspect_tiles": True}, "rococo.config.solo_option", {"option": "mdb_inspect_tiles"}),
    ("rococo", {"exquisite_tile_source": "bag"}, "rococo.config.exquisite_option", {}),
    ("rococo", {"players": "two"}, "config.not_integer", {"option": "players"}),
    ("rococo", {"edition": "1999"}, "config.choose_from", {"option": "edition", "expected": "deluxe, 2013"}),
    ("rococo", {"dragons": True}, "config.unknown_option", {"option": "dragons"}),
    ("rococo", {"solo": "perhaps"}, "config.not_boolean", {"option": "solo"}),
    ("rococo", ["players"], "config.not_mapping", {}),
    ("necklace", {"players": 9}, "config.at_most", {"option": "players", "limit": 4}),
    ("necklace", {"players": 1}, "config.at_least", {"option": "players", "limit": 2}),
    ("necklace", {"players": 2, "start_player": 2}, "necklace.config.start_player", {"seat": 3, "players": 2}),
]


ERRORS = ("ConfigError", "RecordError")


def keyed_errors() -> set[str]:
    """The catalog keys of the errors raised with one written out: ``ConfigError(message,
    "key", ...)``, ``RecordError(...)`` (the configs' keys, which salon.core.options composes,
    are checked above)."""
    keys: set[str] = set()
    for path in SRC.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ERRORS and len(node.args) > 1:
                key = node.args[1]
                if isinstance(key, ast.Constant):
                    keys.add(str(key.value))
    return keys


@pytest.mark.heavy
def test_every_keyed_error_has_a_text_in_every_language() -> None:
    keys = keyed_errors()
    assert {"error.unknown_bot", "error.bots_count", "error.unknown_game", "config.not_mapping",
            "record.corrupt", "record.not_a_record"} <= keys
    for lang in languages():
        assert sorted(k for k in keys if not has(k, lang) or (lang != "en" and text(k, lang) == text(k))) == [], lang
        web = browser_texts(lang)  # a record file may be opened in the browser
        assert sorted(k for k in keys if k.startswith("record.") and k not in web) == [], lang


@pytest.mark.parametrize(("game", "raw", "key", "fields"), BAD)
def test_a_refused_config_names_its_problem(game: str, raw: Any, key: str, fields: dict[str, Any]) -> None:
    with pytest.raises(ConfigError) as e:
        game_class(game).new(raw, 1)
    assert e.value.key == key
    assert fields.items() <= e.value.fields.items()
    for lang in languages():  # worded, every field filled
        assert "{" not in text(key, lang, **e.value.fields)


def test_the_terminal_words_a_refused_config_in_the_players_language() -> None:
    runner = CliRunner()
    env = {"LC_ALL": "C", "COLUMNS": "100"}
    de = runner.invoke(app, ["play", "rococo", "--edition", "2013", "--solo", "--lang", "de"], env=env)
    assert de.exit_code == 1 and "Die Ausgabe von 2013 hat keinen Solomodus." in de.stderr
    fr = runner.invoke(app, ["play", "rococo", "-x", "dragons", "--lang=fr"], env=env)
    assert "Il n'y a pas d'extension « dragons »" in fr.stderr
    en = runner.invoke(app, ["simulate", "rococo", "--edition", "1999"], env=env)
    assert "edition: choose one of deluxe, 2013." in en.stderr


def test_a_bad_saved_game_is_worded_in_the_players_language(tmp_path: Path) -> None:
    runner = CliRunner()
    env = {"LC_ALL": "C", "COLUMNS": "100"}
    bad = tmp_path / "game.json"
    bad.write_text('{"format": "salon-record", "version": 99}')
    fr = runner.invoke(app, ["play", "rococo", "--load", str(bad), "--lang", "fr"], env=env)
    assert fr.exit_code == 1 and "Cette partie enregistrée est en version 99" in fr.stderr, fr.stderr
    bad.write_text("{")
    uk = runner.invoke(app, ["replay", str(bad), "--lang", "uk"], env=env)
    assert uk.stderr == "error: Цей файл не є збереженою грою salon.\n"


def test_the_server_sends_the_key_and_fields(client: TestClient) -> None:
    r = client.post("/api/games", json={"game": "rococo", "seats": [{"kind": "human"}] * 2,
                                        "config": {"edition": "2013", "expansions": ["noble"]}})
    error = r.json()["error"]
    assert r.status_code == 400 and error["code"] == "bad_config"
    assert error["key"] == "rococo.config.edition_no_expansions" and error["fields"] == {}
    assert "2013" in error["message"]  # the English message stays for scripts


@pytest.fixture
def client() -> Any:
    from salon.web.app import create_app
    from salon.web.caps import UNLIMITED

    with TestClient(create_app("sqlite://", bot_delay=0, limits=UNLIMITED)) as c:
        yield c


WORDED = """async (error) => {
  const { loadCatalog } = await import("/static/i18n.js");
  const c = await loadCatalog("de", ["/static/i18n/{lang}.json", "/static/games/rococo/i18n/{lang}.json"]);
  return c.t("lobby.created_error", { message: c.error(error) });
}"""


def test_the_browser_words_a_refused_config(browser: Any, live: str) -> None:  # noqa: F811
    """What the lobby shows when the server refuses a table's options, in German."""
    import httpx2 as httpx

    r = httpx.post(f"{live}/api/games", json={"game": "rococo", "seats": [{"kind": "human"}] * 2,
                                              "config": {"edition": "2013", "solo": True}})
    page = browser.new_page()
    page.goto(live)
    said = page.evaluate(WORDED, r.json()["error"])
    assert said == "Der Tisch konnte nicht eröffnet werden: Die Ausgabe von 2013 hat keinen Solomodus."
    page.close()
