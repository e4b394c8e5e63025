"""The files a game at the terminal reads and writes: its record (``--save``, ``--load``) and
its position (``--position``, ``--save-position``, docs/positions.md).  Each path is checked
before the game starts, so that a mistyped one never ends a game at its first action nor
overwrites a file that is not salon's."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path

from salon.bots.base import BotSpec, bot_names
from salon.cli.common import HUMAN, player
from salon.core import record
from salon.core.errors import ConfigError, PositionError, RecordError
from salon.core.game import Game
from salon.core.position import dumps


def _folder_problem(path: Path) -> str | None:
    """Why a file cannot be written at ``path`` through a temporary file beside it."""
    if path.is_dir():
        return f"{path} is a folder; give the path of a file"
    if not path.parent.is_dir():
        return f"there is no folder {path.parent}"
    if not os.access(path.parent, os.W_OK | os.X_OK):
        return f"the folder {path.parent} is not writable"
    return None


def save_problem(path: Path) -> str | None:
    """Why a game cannot be saved to ``path`` (None when it can), asked before the game
    starts so that a mistyped path does not end the game at its first action.  The record
    is written through a temporary file beside ``path``, so its folder must be writable.  An
    existing file is overwritten only when it is empty or a salon record: a path typed by
    mistake must not destroy another file."""
    if (problem := _folder_problem(path)) is not None:
        return problem
    if path.exists() and path.stat().st_size and not record.is_record(path):
        return f"{path} exists and is not a salon game record; it is left as it is (choose another file)"
    return None


def saved_players(path: Path, seats: Sequence[str], automatic: dict[int, str]) -> list[BotSpec | None]:
    """Who plays the seats a person or a bot plays (a person: None), from a record's seat
    list, each bot's spec read here once (the automatic seats are the game's own).  A list
    this salon cannot seat (an unknown bot, an automatic seat under another name) is refused
    as the record's fault, not the user's."""
    players = []
    for s, name in enumerate(seats):
        if s in automatic:
            if name != automatic[s]:
                raise RecordError(f"{path}: its seat list puts {name!r} in seat {s + 1}, which the game plays itself")
            continue
        try:
            players.append(player(name))
        except ConfigError:
            raise RecordError(f"{path}: its seat list names {name!r} for seat {s + 1}, which is neither "
                              f"{HUMAN!r} nor a bot (available: {', '.join(bot_names())})") from None
    return players


def read_position(cls: type[Game], path: Path) -> Game:
    """The game of the position file ``path`` (docs/positions.md); a PositionError of one line
    saying what is wrong with the file: missing, unreadable, not JSON, or a refused position."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise PositionError(f"there is no file {path}") from None
    except (OSError, UnicodeDecodeError) as e:
        raise PositionError(f"{path} cannot be read: {e}") from None
    except json.JSONDecodeError as e:
        raise PositionError(f"{path} is not JSON: {e.msg} (line {e.lineno}, column {e.colno})") from None
    try:
        return cls.from_position(data)
    except PositionError as e:
        raise PositionError(f"{path}: {e}") from None


def position_problem(path: Path) -> str | None:
    """Why the position cannot be written to ``path`` (None when it can), asked before the game
    starts, as :func:`save_problem` asks for a record: an existing file is overwritten only
    when it is empty or a position."""
    if (problem := _folder_problem(path)) is not None:
        return problem
    if path.exists() and path.stat().st_size:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError):
            data = None
        if not (isinstance(data, dict) and "game" in data and "format" in data):
            return f"{path} exists and is not a salon position; it is left as it is (choose another file)"
    return None


def write_position(game: Game, path: Path) -> None:
    """Write the game's position to ``path`` through a temporary file beside it, so that an
    interrupted write never leaves half a position."""
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(dumps(game.to_position()), encoding="utf-8")
    os.replace(temporary, path)
