"""Games as plug-ins (salon.core.plugins) and the protocol as the only door: every part a
plug-in names, and every part a front end registers for a game, loads; no shared module names
a game or reads a game's state; a game's description and setup events come through the
protocol; and a game packaged on its own is found, simulated, described, shown in the terminal
and worded like a bundled one."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from salon import wording as wording_layer
from salon.bots.base import BOT_EXTRAS, BOTS, BUILT_IN, bot_names
from salon.bots.base import GROUP as BOT_GROUP
from salon.cli import support as terminal
from salon.cli.support import GameSupport, support
from salon.core.engine import StepGame
from salon.core.evaluation import Evaluation, evaluation_of
from salon.core.game import Game, game_class, game_names
from salon.core.plugins import load, plugins, registered, registry
from salon.core.vectors import Encoding
from salon.web import adapters
from salon.web.adapters import Adapter, adapter
from salon.web.api.lobby import RENDERERS, renderer
from salon.wording import wording
from tests.test_layers import code_strings

SRC = Path(__file__).resolve().parents[1] / "src" / "salon"
SHARED = ("core", "bots", "rl", "cli", "web", "i18n", "wording")
"""The packages every game shares; a game's own modules may live there when a layer registers
them for the game (its terminal view, its web adapter, its wording), with the package named
after the game that holds such a module."""
FRONT_ENDS = (terminal.GROUP, adapters.GROUP, RENDERERS, wording_layer.GROUP)
"""The entry-point groups in which the layers above the games register their parts for a game."""


def _own_modules() -> set[Path]:
    """The files the installed plug-ins name as their own parts and those the front ends
    register for a game, and the other modules of a package named after the game that holds
    one (``salon/cli/rococo/``)."""
    own = set()
    for p in plugins().values():
        parts = [registry(group).get(p.name) for group in FRONT_ENDS]
        references = [p.engine, p.evaluation, *(part.module for part in parts if part is not None)]
        for reference in filter(None, references):
            path = SRC.parent / (reference.partition(":")[0].replace(".", "/") + ".py")
            own |= set(path.parent.glob("*.py")) if path.parent.name == p.name else {path}
    return own


def _shared_files() -> list[Path]:
    own = _own_modules()
    return [path for package in SHARED for path in sorted((SRC / package).rglob("*.py")) if path not in own]


def test_every_bundled_game_is_a_plug_in_whose_parts_load() -> None:
    assert set(game_names()) == {"rococo", "necklace"} <= set(plugins())
    for name, p in plugins().items():
        cls = game_class(name)
        assert issubclass(cls, Game) and cls.name == name
        assert isinstance(support(name), GameSupport) and support(name) is registered(terminal.GROUP, name)
        assert isinstance(adapter(name), Adapter) and adapter(name) is registered(adapters.GROUP, name)
        files = renderer(name)
        assert files is not None and files.joinpath("renderer.js").is_file()
        assert type(wording(cls.new({}, 1))) is registered(wording_layer.GROUP, name)
        assert p.evaluation is not None and evaluation_of(cls.new({}, 1)) is load(p.evaluation)
        assert isinstance(load(p.evaluation), Evaluation)
        assert p.encoding is not None and isinstance(load(p.encoding)({}), Encoding)


def test_a_bot_of_an_upper_layer_registers_from_there() -> None:
    """``ismcts`` lives in salon.rl: salon's ``pyproject.toml`` registers it in the group
    ``salon.bots`` with the extra it needs, and the bots take it from there."""
    assert registry(BOT_GROUP)["ismcts"].extras == ["rl"] and "ismcts" not in BUILT_IN
    assert BOTS["ismcts"] == "salon.rl.ismcts_bot:ISMCTSPlayer" and BOT_EXTRAS == {"ismcts": "rl"}
    assert "ismcts" in bot_names() and set(BUILT_IN) < set(BOTS)


@pytest.mark.heavy
def test_no_shared_module_names_a_game() -> None:
    """Neither an import of a game's package nor a game's name in code (docstrings may give
    examples): shared code reaches every game through its plug-in alone.  (The layers below
    the front ends import no game at all: tests/test_layers.py.)"""
    names = set(game_names())
    offenders = []
    for path in _shared_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom | ast.Import) and path.relative_to(SRC).parts[0] in ("cli", "web"):
                modules = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
                offenders += [f"{path.name} imports {m}" for m in modules if m.split(".")[:2][-1] in names]
        offenders += [f"{path.name}: {s!r}" for _, s in code_strings(tree) if any(n in s.lower() for n in names)]
    assert offenders == []
    assert _shared_files(), "the scan found the shared modules"


def test_no_front_end_reads_a_games_state() -> None:
    """The terminal and the web server, the games' own views and adapters included, use the
    protocol and the games' public properties: no ``.s`` and no private attribute of a game."""
    offenders = []
    for package in ("cli", "web"):
        for path in sorted((SRC / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Attribute) and node.attr in ("s", "_legal", "_undo", "_setup") \
                        and not (isinstance(node.value, ast.Name) and node.value.id == "self"):
                    offenders.append(f"{path.name}:{node.lineno} .{node.attr}")
    assert offenders == []


@pytest.mark.parametrize("name", ["rococo", "necklace"])
def test_a_description_without_a_game(name: str) -> None:
    cls = game_class(name)
    described = cls.describe()
    assert described.name == name and described.players == tuple(sorted(described.players))
    for n in described.players:
        g = cls.new({"players": n}, 3)
        assert g.description.players == described.players
        assert set(g.legal_actions()) <= set(g.description.action_space)
        assert len(set(g.description.action_space)) == len(g.description.action_space)
    assert "players" in described.options and all("default" in o for o in described.options.values())


def test_the_solo_description_names_its_automaton_and_its_one_player() -> None:
    solo = game_class("rococo").describe({"solo": True})
    assert solo.players == (1,) and solo.automated_seats == {1: "madame_du_barry"}
    assert game_class("rococo").describe().automated_seats == {}
    assert game_class("rococo").describe({"edition": "2013"}).players == (2, 3, 4, 5)
    assert game_class("necklace").describe().players == (2, 3, 4)


@pytest.mark.parametrize("name", ["rococo", "necklace"])
def test_setup_events_come_like_an_actions(name: str) -> None:
    """The setup's events (the start player, the first display ...) are the log's first
    entry, kept by clones, absent from a game rebuilt from a snapshot."""
    g = game_class(name).new({}, 4)
    setup = g.setup_events()
    assert setup and all(e.type for e in setup)
    setup.clear()
    assert g.setup_events(), "the list belongs to the caller"
    g.apply(g.legal_actions()[0])
    assert g.clone().setup_events() == game_class(name).new({}, 4).setup_events()
    assert type(g).from_snapshot(g.to_snapshot()).setup_events() == []


@pytest.mark.parametrize("name", ["rococo", "necklace"])
def test_violations_through_the_protocol(name: str) -> None:
    g = game_class(name).new({}, 6)
    assert isinstance(g, StepGame)
    before = g.clone()
    events = g.apply(g.legal_actions()[0])
    assert g.violations() == [] and g.violations(before, events) == []
    if name == "rococo":  # money appears from nowhere
        g.s.players[0].livres += 1
    else:
        g.s.scores[0] += 1
    assert g.violations(before, events)


NIM = '''
"""Nim: take 1 to 3 from a pile; who takes the last one wins."""
from __future__ import annotations
from typing import Any
from salon.core.errors import ConfigError, IllegalAction, MalformedAction
from salon.core.game import Description, Game, Limits, Result, game_seed
from salon.core.plugins import Plugin

ACTIONS = ("take:1", "take:2", "take:3")


class Nim(Game):
    name = "nim"

    def __init__(self, pile: int, seed: int, history: list[str]) -> None:
        self.config, self.seed, self.history, self.pile = {"players": 2}, seed, history, pile

    @classmethod
    def parse_config(cls, config: Any) -> Any:
        if (config or {}).get("players", 2) != 2:
            raise ConfigError("nim is a game for 2 players")
        return {"players": 2}

    @classmethod
    def describe(cls, config: Any = None) -> Description:
        cls.parse_config(config)
        return Description("nim", (2,), {"players": {"default": 2}}, ACTIONS, {}, Limits(11, (0, 1)))

    @classmethod
    def new(cls, config: Any = None, seed: Any = 0) -> "Nim":
        cls.parse_config(config)
        return cls(7 + game_seed(seed) % 5, game_seed(seed), [])

    @property
    def num_players(self) -> int:
        return 2

    def current_player(self) -> int | None:
        return None if self.pile == 0 else len(self.history) % 2

    def legal_actions(self) -> list[str]:
        return [a for a in ACTIONS if int(a[5:]) <= self.pile]

    def apply(self, action: str) -> list:
        if action not in self.legal_actions():
            rule, reason = self.explain_illegal(action)
            raise (MalformedAction if rule == "PROTOCOL" else IllegalAction)(action, rule, reason)
        self.pile -= int(action[5:])
        self.history.append(action)
        return []

    def decision(self) -> dict[str, Any]:
        return {"seat": self.current_player(), "kind": "take"} if self.pile else {}

    def observe(self, seat: int | None) -> dict[str, Any]:
        return {"pile": self.pile}

    def is_over(self) -> bool:
        return self.pile == 0

    def result(self) -> Result:
        winner = (len(self.history) - 1) % 2
        return Result((int(winner == 0), int(winner == 1)), ((winner,), (1 - winner,)), (winner,), (0, 0))

    def clone(self) -> "Nim":
        return Nim(self.pile, self.seed, self.history[:])

    def to_snapshot(self) -> dict[str, Any]:
        return {"pile": self.pile, "seed": self.seed, "history": self.history}

    @classmethod
    def from_snapshot(cls, snapshot: dict[str, Any]) -> "Nim":
        return cls(snapshot["pile"], snapshot["seed"], list(snapshot["history"]))

    def undoable(self) -> int:
        return 0

    def explain_illegal(self, action: str) -> tuple[str, str]:
        if action not in ACTIONS:
            return "PROTOCOL", "actions look like 'take:2'"
        return "NIM-1", "the pile is smaller"


PLUGIN = Plugin(name="nim", engine="nim_game:Nim", translations="nim_texts:")
'''
NIM_FRONT = '''
"""What the layers above the games bring for Nim: its journal's wording, its terminal support,
its web adapter and browser renderer, and a bot of its own."""
from __future__ import annotations
from importlib import resources
from typing import Any
from salon.bots.base import Bot
from salon.cli.support import GameSupport
from salon.core.game import Game
from salon.web.adapters import Adapter


class NimWording:
    def __init__(self, game: Game) -> None:
        self.game = game

    def entries(self, entries: Any) -> list[Any]:
        return [self.entry(views) for views in entries]

    def entry(self, views: Any) -> list[Any]:
        return [self.event(view) for view in views]

    def event(self, view: Any) -> list[Any]:
        return []


class NimAdapter(Adapter):
    def components(self, game: Game) -> dict[str, Any]:
        return {"piles": 1}


class Greedy(Bot):
    name = "greedy"
    instant = True

    def choose(self, game: Game) -> str:
        return game.legal_actions()[-1]


SUPPORT = GameSupport(score_unit="unit.stones")
ADAPTER = NimAdapter()
RENDERER = resources.files("nim_web")
'''
NIM_ENTRY_POINTS = """[salon.games]
nim = nim_game:PLUGIN

[salon.wording]
nim = nim_front:NimWording

[salon.terminal]
nim = nim_front:SUPPORT

[salon.web.adapters]
nim = nim_front:ADAPTER

[salon.web.renderers]
nim = nim_front:RENDERER

[salon.bots]
greedy = nim_front:Greedy
"""
NIM_PARTS = """
from salon.bots.base import make_bot
from salon.cli.support import support
from salon.core.game import game_class
from salon.web.adapters import adapter
from salon.web.api.lobby import renderer
from salon.wording import wording
g = game_class("nim").new({}, 1)
files = renderer("nim")
print(support("nim").score_unit, adapter("nim").components(g), files is not None, type(wording(g)).__name__,
      make_bot("greedy").choose(g))
"""
NIM_TEXTS = '''msgid ""
msgstr ""

msgid "nim.title"
msgstr "{lang}: Nim"
'''


@pytest.mark.slow
def test_a_game_packaged_on_its_own_is_found_and_played(tmp_path: Path) -> None:
    """An installed distribution with one entry point in the group ``salon.games`` is all a
    third-party game needs: ``salon`` lists it, simulates it with the random bot, describes
    it and speaks its texts, with no shared module edited; with entry points in the front
    ends' groups it brings its wording, terminal support, web adapter, renderer and a bot."""
    (tmp_path / "nim_game.py").write_text(textwrap.dedent(NIM), encoding="utf-8")
    (tmp_path / "nim_front.py").write_text(textwrap.dedent(NIM_FRONT), encoding="utf-8")
    (tmp_path / "nim_web").mkdir()
    for name, text in (("__init__.py", ""), ("renderer.js", "export {};\n")):
        (tmp_path / "nim_web" / name).write_text(text, encoding="utf-8")
    (tmp_path / "nim_texts").mkdir()
    (tmp_path / "nim_texts" / "__init__.py").write_text("", encoding="utf-8")
    for lang in ("en", "de"):
        (tmp_path / "nim_texts" / lang).mkdir()
        (tmp_path / "nim_texts" / lang / "terminal-nim.po").write_text(NIM_TEXTS.format(lang=lang), encoding="utf-8")
    info = tmp_path / "nim_game-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: nim-game\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(NIM_ENTRY_POINTS, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}

    def salon(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "salon", *args], capture_output=True, text=True, env=env,
                              check=False)

    listed = salon("--help")
    assert listed.returncode == 0 and "nim" in listed.stdout
    run = salon("simulate", "nim", "--games", "5", "--seed", "3", "--bots", "greedy,random", "--json")
    assert run.returncode == 0, run.stdout + run.stderr
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert report["completed"] == 5 and report["errors"] == report["invariant_violations"] == 0
    refused = salon("simulate", "nim", "--players", "3")
    assert refused.returncode == 1 and "nim is played by 2 players, not 3" in refused.stdout + refused.stderr
    assert "Traceback" not in refused.stdout + refused.stderr
    texts = subprocess.run([sys.executable, "-c", "from salon.i18n import text; print(text('nim.title', 'de'), "
                            "text('nim.title', 'uk'), text('ui.winner', 'de') != 'ui.winner')"],
                           capture_output=True, text=True, env=env, check=True)
    assert texts.stdout.split() == ["de:", "Nim", "en:", "Nim", "True"], "its own texts, English for the others"
    parts = subprocess.run([sys.executable, "-c", NIM_PARTS], capture_output=True, text=True, env=env, check=True)
    assert parts.stdout.strip() == "unit.stones {'piles': 1} True NimWording take:3"
