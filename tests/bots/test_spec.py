"""A bot's spec: read once, where its text comes in, into a ``BotSpec`` that everything below
takes (salon.bots.base).  It reads a name, numbers and the text back, refuses a bad spec with
its catalog key, pickles both ways (commands' jobs and the server's tables carry it to worker
processes), and neither a simulation nor a server's table reads it again once it is read."""

from __future__ import annotations

import inspect
import pickle
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from salon.bots import base
from salon.bots.base import Bot, BotSpec, RandomBot
from salon.bots.search import SearchBot
from salon.cli import simulate as simulate_mod
from salon.cli.main import app
from salon.core.errors import ConfigError
from salon.core.game import game_class
from salon.web.app import create_app
from salon.web.caps import UNLIMITED
from tests.web.helpers import act, create, room_of, settled, state


def test_a_spec_reads_the_name_the_numbers_and_gives_its_text_back() -> None:
    spec = BotSpec.parse("search:think=3:keep=4")
    assert (spec.name, spec.params, str(spec)) == ("search", (("think", 3.0), ("keep", 4)), "search:think=3:keep=4")
    assert [type(value) for _, value in spec.params] == [float, int]  # as the factory's defaults are
    bot = spec.make(5)
    assert isinstance(bot, SearchBot) and (bot.think, bot.keep) == (3.0, 4)
    game = game_class("necklace").new({"players": 2}, 1)
    assert BotSpec.parse("search:iterations=1").make(5).choose(game) == \
        BotSpec.parse("search:iterations=1").make(5).choose(game)


@pytest.mark.parametrize("text, key", [
    ("oracle", "error.unknown_bot"), ("search:think", "error.bot_value"), ("search:depth=3", "error.bot_param"),
    ("search:think=fast", "error.bot_number"), ("search:think=inf", "error.bot_number"),
    ("search:think=-1", ""),  # a value the factory refuses: its own words, no key
])
def test_a_bad_spec_is_refused_with_its_key(text: str, key: str) -> None:
    with pytest.raises(ConfigError) as refused:
        BotSpec.parse(text)
    assert refused.value.key == key and text.split(":")[0] in str(refused.value)


def test_check_refuses_a_game_the_bot_cannot_play() -> None:
    """The ppo bot's policies are of 2-player games only (salon.bots.ppo)."""
    spec = BotSpec.parse("ppo")
    spec.check(game_class("necklace").new({"players": 2}, 0))
    with pytest.raises(ConfigError) as refused:
        spec.check(game_class("necklace").new({"players": 3}, 0))
    assert refused.value.key == "error.bot_config"


@pytest.mark.parametrize("text", ["random", "hard", "search:think=3:keep=4", "easy:temperature=2"])
def test_a_spec_pickles_both_ways(text: str) -> None:
    """In both engines (the suite runs this tier compiled and pure): a compiled frozen class
    comes back only through its constructor; so does a simulation's job that carries it."""
    spec = BotSpec.parse(text)
    again = pickle.loads(pickle.dumps(spec))
    assert type(again) is BotSpec and again == spec and str(again) == text and again.params == spec.params
    game = game_class("necklace").new({"players": 2}, 3)
    if text != "hard":  # the search for a second: its worlds depend on the machine's speed
        assert again.make(9).choose(game.clone()) == spec.make(9).choose(game.clone())
    table = simulate_mod.Table("necklace", {"players": 2}, (spec, None))
    assert pickle.loads(pickle.dumps(table)) == table


class Counted:
    """A bot factory that counts how often a spec naming it is read: reading a spec asks for
    its factory's signature (which parameters it takes); making or checking the bot does not.
    It makes the random bot, which a server runs in its own process (an instant bot)."""

    def __init__(self) -> None:
        self.reads = 0

    @property
    def __signature__(self) -> inspect.Signature:
        self.reads += 1
        return inspect.Signature([inspect.Parameter("seed", inspect.Parameter.POSITIONAL_OR_KEYWORD, default=0)])

    def __call__(self, seed: int = 0) -> Bot:
        return RandomBot(seed)


COUNTED = Counted()


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> Iterator[int]:
    """The bot ``counted`` registered; the factory's count of one reading of its spec (the
    count starts at 0)."""
    monkeypatch.setitem(base.BOTS, "counted", f"{__name__}:COUNTED")
    BotSpec.parse("counted")
    once = COUNTED.reads
    assert once > 0
    COUNTED.reads = 0
    yield once
    COUNTED.reads = 0


@pytest.mark.parametrize("games", [1, 3])
def test_a_simulation_reads_each_seat_s_spec_once_however_many_games(reads: int, games: int) -> None:
    result = CliRunner().invoke(app, ["simulate", "necklace", "--games", str(games), "--bots", "counted,random",
                                      "--workers", "1", "--json"], env={"LC_ALL": "C"})
    assert result.exit_code == 0, result.output
    assert COUNTED.reads == reads  # the option's, not one a game or a move


@pytest.mark.heavy
def test_a_server_reads_a_seat_s_spec_once_when_it_makes_the_table_and_once_when_it_restores_it(
        reads: int, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'salon.db'}"
    with TestClient(create_app(url, bot_delay=0, allow_seed=True, limits=UNLIMITED)) as c:
        game_id, token = create(c, [{"kind": "human"}, {"kind": "bot", "bot": "counted"}],
                                config={"start_player": 1})
        room = settled(room_of(c, game_id))
        assert room.game.history and COUNTED.reads == reads  # the request's, not one a move
    with TestClient(create_app(url, bot_delay=0, allow_seed=True, limits=UNLIMITED)) as c:
        st = state(c, game_id, token)  # the table restored, if the process did not hold it at its start
        assert COUNTED.reads == 2 * reads  # the stored seat's, read back as the table is restored
        room = room_of(c, game_id)
        played = len(room.game.history)
        while len(room.game.history) < played + 6:
            assert act(c, game_id, token, st["legal"][0], st["version"]).status_code == 200
            settled(room)
            st = state(c, game_id, token)
        assert COUNTED.reads == 2 * reads
