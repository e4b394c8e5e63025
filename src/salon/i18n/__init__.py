"""Message templates of the user interfaces, one TOML file per language.

The engines emit structured events and action texts, never prose (ARCHITECTURE.md
principle 8); every sentence a person reads comes from here.  A language file groups its
keys in one level of tables (``[event]``, ``[action]``, ...) which the loader flattens to
stable dotted keys such as ``event.tile_taken``.  Templates use ``str.format`` fields.

Lookups never fail: a key missing from a language falls back to English, and a key missing
from English is returned as is, so a new event type shows up as its key instead of crashing
a game in progress.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

DEFAULT = "en"


class _Fields(dict[str, Any]):
    """Format fields that leave an unknown ``{name}`` in place instead of raising."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _flatten(table: dict[str, Any], prefix: str, out: dict[str, str]) -> None:
    for k, v in table.items():
        key = f"{prefix}{k}"
        if isinstance(v, dict):
            _flatten(v, key + ".", out)
        else:
            out[key] = str(v)


def languages() -> list[str]:
    """The languages that have a message file."""
    return sorted(
        f.name.removesuffix(".toml") for f in resources.files(__name__).iterdir() if f.name.endswith(".toml")
    )


@cache
def catalogue(lang: str) -> dict[str, str]:
    """All templates of one language by dotted key (empty for an unknown language)."""
    try:
        raw = resources.files(__name__).joinpath(f"{lang}.toml").read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        return {}
    out: dict[str, str] = {}
    _flatten(tomllib.loads(raw), "", out)
    return out


def has(key: str, lang: str = DEFAULT) -> bool:
    return key in catalogue(lang) or key in catalogue(DEFAULT)


def text(key: str, lang: str = DEFAULT, **fields: Any) -> str:
    """The template ``key`` of ``lang`` filled with ``fields``; the key itself if unknown."""
    template = catalogue(lang).get(key) or catalogue(DEFAULT).get(key)
    if template is None:
        return key
    if not fields:
        return template
    try:
        return template.format_map(_Fields(fields))
    except (ValueError, IndexError, AttributeError):
        return template


def count(key: str, n: int, lang: str = DEFAULT, **fields: Any) -> str:
    """A counted phrase: ``key_one`` for exactly one, ``key_other`` otherwise ("1 livre",
    "3 livres")."""
    return text(f"{key}_{'one' if abs(n) == 1 else 'other'}", lang, n=n, **fields)
