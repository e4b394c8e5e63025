"""Game records: save, load and replay (ARCHITECTURE.md principle 6).

A record is versioned JSON: the game's name, config, seed and action list, plus a snapshot
of the final state for fast loading and a checksum over all of it.  Loading validates the
structure and the checksum, replays the actions from the seed and rejects the file unless
the replay reproduces the snapshot exactly; so a corrupt or edited file is refused with a
message that says what is wrong.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from salon.core.errors import ActionError, ConfigError, RecordError
from salon.core.game import Game, game_class

FORMAT = "salon-record"
VERSION = 1


class RecordModel(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    format: str
    version: int
    game: str
    config: dict[str, Any]
    seed: int
    actions: list[str]
    state_hash: str
    snapshot: dict[str, Any]
    checksum: str


def _checksum(body: dict[str, Any]) -> str:
    blob = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()


def make_record(game: Game) -> dict[str, Any]:
    body = {
        "format": FORMAT,
        "version": VERSION,
        "game": game.name,
        "config": game.config.model_dump(mode="json"),
        "seed": game.seed,
        "actions": list(game.history),
        "state_hash": game.state_hash(),
        "snapshot": game.to_snapshot(),
    }
    body["checksum"] = _checksum(body)
    return body


def save(game: Game, path: str | Path) -> None:
    Path(path).write_text(json.dumps(make_record(game), indent=1) + "\n", encoding="utf-8")


def replay(name: str, config: Any, seed: int, actions: list[str]) -> Game:
    """Create the game and apply every action; RecordError names the first bad one."""
    cls = game_class(name)
    try:
        game = cls.new(config, seed)
    except ConfigError as e:
        raise RecordError(f"the record's config is invalid: {e}") from None
    for i, action in enumerate(actions):
        try:
            game.apply(action)
        except ActionError as e:
            raise RecordError(f"action #{i + 1} {action!r} cannot be replayed: {e.reason} [{e.rule}]") from None
    return game


def parse(text: str) -> RecordModel:
    try:
        raw = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise RecordError(f"not a salon record: invalid JSON ({e.msg} at line {e.lineno})") from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise RecordError("not a salon record (the 'format' field is missing or wrong)")
    if raw.get("version") != VERSION:
        raise RecordError(f"unsupported record version {raw.get('version')!r}; this salon reads version {VERSION}")
    try:
        rec = RecordModel.model_validate(raw)
    except ValidationError as e:
        err = e.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        raise RecordError(f"malformed record: {where}: {err['msg']}") from None
    body = rec.model_dump()
    stated = body.pop("checksum")
    if _checksum(body) != stated:
        raise RecordError("the record is corrupt or was edited (checksum mismatch)")
    return rec


def loads(text: str, verify: bool = True) -> Game:
    """A game from record text.  With ``verify`` (the default) the actions are replayed and
    must reproduce the snapshot; without it the snapshot is loaded directly (fast)."""
    rec = parse(text)
    if not verify:
        return game_class(rec.game).from_snapshot(rec.snapshot)
    game = replay(rec.game, rec.config, rec.seed, rec.actions)
    if game.state_hash() != rec.state_hash:
        raise RecordError("the record is inconsistent: replaying its actions does not reproduce its final state")
    snap = game_class(rec.game).from_snapshot(rec.snapshot)
    if snap.state_hash() != rec.state_hash:
        raise RecordError("the record is inconsistent: its snapshot does not match its actions")
    return game


def load(path: str | Path, verify: bool = True) -> Game:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise RecordError(f"cannot read {path}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{path} is not a text file") from None
    return loads(text, verify)
