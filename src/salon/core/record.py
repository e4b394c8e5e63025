"""Game records: save, load and replay (docs/architecture.md principle 6).

A record is versioned JSON: the game's name, config, seed and action list, who sat in each
seat (a front end's names: "human" or a bot's, when the writer says), plus a snapshot of the
final state for fast loading and a checksum over all of it.  Loading validates the structure
and the checksum, replays the actions from the seed and rejects the file unless the replay
reproduces the snapshot exactly; so a corrupt or edited file is refused with a message that
says what is wrong.  Version 2 added the seat list; a version 1 record (without it) still
loads.  A record lists every config option of the salon that wrote it; one written before its
game gained an option replays with the option's value of that time (:meth:`Game.stored_config`).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from salon.core.errors import ActionError, ConfigError, RecordError
from salon.core.game import Game, game_class, snapshot_hash

FORMAT = "salon-record"
VERSION = 2
READS = (1, 2)
"""The versions this salon loads: version 1 is version 2 without the seat list."""
SURROGATE = re.compile("[\ud800-\udfff]")
"""Half of a UTF-16 pair, which a JSON string can name (``\\ud800``) but no text holds."""


class RecordModel(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    format: str
    version: int
    game: str
    config: dict[str, Any]
    seed: int
    actions: list[str]
    seats: list[str] | None = None
    state_hash: str
    snapshot: dict[str, Any]
    checksum: str


def _checksum(body: dict[str, Any]) -> str:
    blob = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()


@dataclass(frozen=True)
class Saved:
    """A loaded record: its game, and who sat where when it was saved (None when the record
    does not say), so that continuing the game seats everyone as before."""

    game: Game
    seats: tuple[str, ...] | None


def make_record(game: Game, seats: Sequence[str] | None = None) -> dict[str, Any]:
    """The record of ``game``; ``seats`` (one name per seat) is left out when not given, so a
    writer that has no seats to tell (the web server's published record) writes none."""
    body: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": game.name,
        "config": game.config_json(),
        "seed": game.seed,
        "actions": list(game.history),
        "state_hash": game.state_hash(),
        "snapshot": game.to_snapshot(),
    }
    if seats is not None:
        body["seats"] = list(seats)
    body["checksum"] = _checksum(body)
    return body


def save(game: Game, path: str | Path, seats: Sequence[str] | None = None) -> None:
    """Write the record through a temporary file beside ``path``, so an interrupted write
    never leaves a half-written save behind; RecordError when the file cannot be written."""
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    try:
        tmp.write_text(json.dumps(make_record(game, seats), indent=1) + "\n", encoding="utf-8")
        os.replace(tmp, path)
    except OSError as e:
        raise RecordError(f"cannot write {path}: {e.strerror or e}", "record.cannot_write",
                          {"path": str(path), "why": str(e.strerror or e)}) from None


def is_record(path: str | Path) -> bool:
    """Whether ``path`` holds a salon record of any version, sound or not: a file that saving
    a game may overwrite, unlike any other file a mistyped path could name."""
    try:
        raw = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return False
    return isinstance(raw, dict) and raw.get("format") == FORMAT


def replay(name: str, config: Any, seed: int, actions: list[str]) -> Game:
    """Create the game and apply every action; RecordError names the first bad one."""
    cls = game_class(name)
    try:
        game = cls.new(cls.stored_config(config), seed)
    except ConfigError as e:
        raise RecordError(f"the record's config is invalid: {e}", "record.config") from None
    for i, action in enumerate(actions):
        try:
            game.apply(action)
        except ActionError as e:
            raise RecordError(f"action #{i + 1} {action!r} cannot be replayed: {e.reason} [{e.rule}]", "record.action",
                              {"n": i + 1, "action": action, "rule": e.rule}) from None
    return game


def holds_surrogate(value: Any) -> bool:
    """Whether a value read from JSON has half of a UTF-16 pair in a string or a key (JSON's
    ``\\ud800`` escape makes one): no text holds one and UTF-8 cannot write it, so salon
    refuses one wherever it reads JSON from outside (a record file here, a request in
    salon.web.api.errors).  Walked without recursion: the value may be nested as deep as the
    parser allows."""
    todo = [value]
    while todo:
        item = todo.pop()
        if isinstance(item, str):
            if SURROGATE.search(item):
                return True
        elif isinstance(item, dict):
            todo += item.keys()
            todo += item.values()
        elif isinstance(item, list):
            todo += item
    return False


def parse(text: str) -> RecordModel:
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"not a salon record: invalid JSON ({e.msg}, line {e.lineno})",
                          "record.not_a_record") from None
    except UnicodeDecodeError as e:
        raise RecordError(f"not a salon record: invalid text ({e.reason})", "record.not_a_record") from None
    except (ValueError, RecursionError) as e:  # the parser's limits: Python's stack, its integers' digits
        reason = "nested too deeply" if isinstance(e, RecursionError) else "a number is too long"
        raise RecordError(f"not a salon record: unreadable JSON ({reason})", "record.not_a_record") from None
    if holds_surrogate(raw):
        raise RecordError("not a salon record: invalid text (a lone surrogate)", "record.not_a_record")
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise RecordError("not a salon record (the 'format' field is missing or wrong)", "record.not_a_record")
    if raw.get("version") not in READS:
        raise RecordError(f"unsupported record version {raw.get('version')!r}; this salon reads versions "
                          f"{', '.join(map(str, READS))}", "record.version", {"version": str(raw.get("version"))})
    if raw["version"] == 1 and "seats" in raw:
        raise RecordError("malformed record: seats: a version 1 record has no seat list", "record.malformed",
                          {"where": "seats"})
    try:
        rec = RecordModel.model_validate(raw)
    except ValidationError as e:
        err = e.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        raise RecordError(f"malformed record: {where}: {err['msg']}", "record.malformed", {"where": where}) from None
    body = rec.model_dump(exclude_unset=True)  # a record without seats was signed without them
    stated = body.pop("checksum")
    if _checksum(body) != stated:
        raise RecordError("the record is corrupt or was edited (checksum mismatch)", "record.corrupt")
    return rec


def _hash_as_stored(game: Game, config: dict[str, Any]) -> str:
    """The state hash as the record's writer computed it: over the config options the record
    stores.  A record written before its game gained an option hashed a config without it
    (:meth:`Game.stored_config` gives the option the value of that time)."""
    snap = game.to_snapshot()
    snap["config"] = {k: v for k, v in snap["config"].items() if k in config}
    return snapshot_hash(snap)


def loads_saved(text: str, verify: bool = True) -> Saved:
    """A game and its seats from record text.  With ``verify`` (the default) the actions are
    replayed and must reproduce the snapshot; without it the snapshot is loaded directly
    (fast).  The seat list must name every seat of the game."""
    rec = parse(text)
    if not verify:
        game = game_class(rec.game).from_snapshot(rec.snapshot)
    else:
        game = replay(rec.game, rec.config, rec.seed, rec.actions)
        if _hash_as_stored(game, rec.config) != rec.state_hash:
            raise RecordError("the record is inconsistent: replaying its actions does not reproduce its final state",
                              "record.inconsistent")
        snap = game_class(rec.game).from_snapshot(rec.snapshot)
        if _hash_as_stored(snap, rec.config) != rec.state_hash or snap.config != game.config:
            raise RecordError("the record is inconsistent: its snapshot does not match its actions",
                              "record.inconsistent")
    if rec.seats is not None and len(rec.seats) != game.num_players:
        raise RecordError(f"the record is inconsistent: its seat list names {len(rec.seats)} seats, "
                          f"its game has {game.num_players}", "record.seats",
                          {"n": len(rec.seats), "players": game.num_players})
    return Saved(game, None if rec.seats is None else tuple(rec.seats))


def loads(text: str, verify: bool = True) -> Game:
    """A game from record text (see :func:`loads_saved`)."""
    return loads_saved(text, verify).game


def load_saved(path: str | Path, verify: bool = True) -> Saved:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise RecordError(f"cannot read {path}: {e.strerror or e}", "record.cannot_read",
                          {"path": str(path), "why": str(e.strerror or e)}) from None
    except UnicodeDecodeError:
        raise RecordError(f"{path} is not a text file", "record.not_text", {"path": str(path)}) from None
    return loads_saved(text, verify)


def load(path: str | Path, verify: bool = True) -> Game:
    return load_saved(path, verify).game
