"""Reading component data: TOML files from a game's data package (or a directory a player
supplies), validated by pydantic models, with one-line errors that name the file."""

from __future__ import annotations

import json
import tomllib
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from salon.core.errors import DataError

M = TypeVar("M", bound=BaseModel)


def read_toml(package: str, directory: Path | None, name: str) -> dict[str, Any]:
    """The TOML file ``name`` from ``directory``, or from the data package when None."""
    try:
        if directory is None:
            text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
        else:
            text = (directory / name).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(f"{name}: file not found") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise DataError(f"{name}: not valid TOML: {e}") from None


def parse(model: type[M], raw: dict[str, Any], name: str) -> M:
    """Validate ``raw`` as ``model``; DataError with the first problem and their count."""
    try:
        return model.model_validate(raw)
    except ValidationError as e:
        first = e.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        msg = first["msg"].removeprefix("Value error, ")
        raise DataError(f"{name}: {where}: {msg} ({e.error_count()} problem(s) in all)") from None


@cache
def read_schema(package: str) -> dict[str, Any]:
    """The JSON Schemas a game publishes of its events and decisions (``data/schema.json`` of
    its package; :attr:`salon.core.game.Description.schema`)."""
    loaded: dict[str, Any] = json.loads(resources.files(package).joinpath("data/schema.json").read_text("utf-8"))
    return loaded
