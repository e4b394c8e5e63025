"""The compiled engine and its pure twin (salon.compiled): an edited, added or removed source is
never shadowed by a compiled module built from an older one, and ``SALON_PURE=1`` always runs
the sources."""

from __future__ import annotations

import json
import os
import pickle
import shutil
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

import salon
from salon import compiled
from salon.bots.base import Bot, make_bot
from salon.bots.heuristic import HeuristicBot
from salon.bots.search import Estimate, SearchBot
from salon.compiled import MANIFEST, choose, compilable, sources, stats
from salon.core.events import Event
from salon.core.game import Game, game_class

ROOT = Path(salon.__file__).parent.parent


def _dist(tmp_path: Path, recorded: dict[str, str], suffix: str = EXTENSION_SUFFIXES[0],
          recorded_stats: dict[str, list[int]] | None = None) -> Path:
    dist = tmp_path / "salon_compiled"
    dist.mkdir(parents=True)
    files = {name: f"{name.replace('.', '/')}{suffix}" for name in recorded}
    manifest = {"suffix": suffix, "sources": recorded, "files": files}
    if recorded_stats is not None:
        manifest["stats"] = recorded_stats
    (dist / MANIFEST).write_text(json.dumps(manifest), "utf-8")
    return dist


def test_a_build_of_exactly_these_sources_is_chosen(tmp_path: Path) -> None:
    engine, files = choose(_dist(tmp_path, sources(ROOT)), ROOT, {})
    assert engine.compiled
    assert files["salon.rococo.game"].parent == tmp_path / "salon_compiled" / "salon" / "rococo"


def test_one_edited_source_makes_the_whole_build_stale(tmp_path: Path) -> None:
    recorded = sources(ROOT)
    recorded["salon.core.rng"] = "0" * 64
    assert choose(_dist(tmp_path, recorded), ROOT, {}) == (compiled.Engine(False, "stale", "salon.core.rng"), {})


def test_an_added_or_removed_source_makes_it_stale(tmp_path: Path) -> None:
    recorded = sources(ROOT)
    del recorded["salon.bots.search"]
    recorded["salon.bots.gone"] = "0" * 64
    engine, files = choose(_dist(tmp_path, recorded), ROOT, {})
    assert (engine.why, engine.module, files) == ("stale", "salon.bots.gone", {})


def test_sources_as_the_build_left_them_are_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Importing salon hashes no source whose size and modification time are those the build
    recorded: only a touched one is read, and it is stale only if its content changed."""
    read: list[Path] = []
    digest = compiled.source_digest

    def reading(path: Path) -> str:
        read.append(path)
        return digest(path)

    monkeypatch.setattr(compiled, "source_digest", reading)
    recorded, recorded_stats = sources(ROOT), stats(ROOT)
    read.clear()
    assert choose(_dist(tmp_path / "a", recorded, recorded_stats=recorded_stats), ROOT, {})[0].compiled
    assert read == []
    touched = {**recorded_stats, "salon.core.rng": [0, 0]}  # as if the file had been touched since
    assert choose(_dist(tmp_path / "b", recorded, recorded_stats=touched), ROOT, {})[0].compiled
    assert read == [compilable(ROOT)["salon.core.rng"]]
    edited = {**recorded, "salon.core.rng": "0" * 64}
    engine, _ = choose(_dist(tmp_path / "c", edited, recorded_stats=touched), ROOT, {})
    assert (engine.why, engine.module) == ("stale", "salon.core.rng")


def test_pure_when_asked_absent_or_built_for_another_python(tmp_path: Path) -> None:
    assert choose(_dist(tmp_path, sources(ROOT)), ROOT, {"SALON_PURE": "1"})[0].why == "asked"
    assert choose(None, ROOT, {})[0].why == "not_built"
    assert choose(tmp_path, ROOT, {})[0].why == "not_built"  # no manifest
    (tmp_path / "other").mkdir()
    other = _dist(tmp_path / "other", sources(ROOT), ".cpython-27-other.so")
    assert choose(other, ROOT, {})[0].why == "other_python"


def test_the_compiled_set_leaves_out_what_mypyc_cannot_take() -> None:
    names = compilable(ROOT)
    assert "salon.rococo.game" in names and "salon.bots.search" in names
    assert not set(names) & set(compiled.LEFT_PURE)
    assert not any(name.endswith("__init__") for name in names)


def _engine_of_copy(tmp_path: Path, edit: bool, environ: dict[str, str] | None = None) -> list[str]:
    """Which engine a copy of the sources runs, and where salon.core.rng came from."""
    copy = tmp_path / "src"
    shutil.copytree(ROOT / "salon", copy / "salon", ignore=shutil.ignore_patterns("__pycache__", "web"))
    if edit:
        with (copy / "salon" / "core" / "rng.py").open("a", encoding="utf-8") as f:
            f.write("\nEDITED = True\n")
    env = {name: value for name, value in os.environ.items() if name != "SALON_PURE"}
    env.update(PYTHONPATH=str(copy), **(environ or {}))
    code = ("import salon.compiled as c, salon.core.rng as r; "
            "print(c.ENGINE.why); print(c.ENGINE.module); print(r.__file__); print(getattr(r, 'EDITED', False))")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return out.stdout.splitlines()


needs_build = pytest.mark.skipif(not choose(compiled._installed(), ROOT, {})[0].compiled,
                                 reason="the compiled engine is not built (SALON_COMPILE=1 scripts/setup)")


@needs_build
def test_an_edited_source_runs_instead_of_the_older_compiled_module(tmp_path: Path) -> None:
    why, module, origin, edited = _engine_of_copy(tmp_path, edit=True)
    assert (why, module, edited) == ("stale", "salon.core.rng", "True")
    assert origin == str(tmp_path / "src" / "salon" / "core" / "rng.py")


@needs_build
@pytest.mark.heavy
def test_unchanged_sources_run_compiled_unless_pure_is_asked(tmp_path: Path) -> None:
    why, _, origin, _ = _engine_of_copy(tmp_path / "a", edit=False)
    assert why == "compiled" and origin.endswith(EXTENSION_SUFFIXES[0])
    why, _, origin, _ = _engine_of_copy(tmp_path / "b", edit=False, environ={"SALON_PURE": "1"})
    assert why == "asked" and origin.endswith("rng.py")


def test_the_version_says_which_engine_runs() -> None:
    env = {**os.environ, "SALON_PURE": "1", "LANG": "C", "LC_ALL": "C"}
    out = subprocess.run([sys.executable, "-m", "salon", "--version"], env=env, capture_output=True, text=True,
                         check=True)
    assert out.stdout.startswith("salon ") and out.stdout.rstrip().endswith("engine: pure Python (SALON_PURE is set)")


@pytest.mark.heavy
def test_what_crosses_to_a_worker_process_pickles_in_either_engine() -> None:
    """The server's workers get a game and a bot and send back moves, a bot and a hint's
    estimates (salon.web.jobs): each pickles and comes back equal, compiled or pure."""
    for name, config in (("rococo", {"players": 3, "expansions": "all"}), ("necklace", {"players": 3})):
        game = game_class(name).new(config, 5)
        for _ in range(7):
            game.apply(game.legal_actions()[-1])
        again = pickle.loads(pickle.dumps(game))
        assert type(again) is type(game) and again.state_hash() == game.state_hash()
        assert again.history == game.history and again.legal_actions() == game.legal_actions()
        for level in ("random", "easy", "normal", "hard", "expert", "search:iterations=1"):
            bot, fresh = pickle.loads(pickle.dumps(make_bot(level, 3))), make_bot(level, 3)
            assert type(bot) is type(fresh) and bot.__reduce__()[2].keys() == fresh.__reduce__()[2].keys()
            if isinstance(fresh, SearchBot) and isinstance(bot, SearchBot):  # Hard and Expert think for a time:
                # a count of worlds, not the clock, bounds what is compared
                assert (bot.think, bot.keep, bot.turns) == (fresh.think, fresh.keep, fresh.turns)
                bot.iterations = fresh.iterations = 2
            assert bot.choose(game.clone()) == fresh.choose(game.clone())
    estimate = Estimate("main:hire:C001", 1.5, 3, 0.25)
    event = Event("hired", 1, {"card": "C001"}, ("card",))
    assert pickle.loads(pickle.dumps([estimate, event])) == [estimate, event]


def test_a_class_is_told_from_its_siblings_in_either_engine() -> None:
    """Asked in the order that once confused the compiled engine (its subclasses of an ABC shared
    one cache of answers): the base first, then a sibling."""
    rococo = game_class("rococo").new({"players": 2}, 1)
    assert isinstance(rococo, Game) and not isinstance(rococo, game_class("necklace"))
    heuristic, search = make_bot("normal"), make_bot("hard")
    assert isinstance(heuristic, Bot) and isinstance(search, Bot)
    assert not isinstance(heuristic, SearchBot) and isinstance(search, SearchBot)
    assert isinstance(make_bot("easy"), HeuristicBot) and not isinstance(make_bot("easy"), SearchBot)
