"""Message templates of the user interfaces, TOML files per language.

The engines emit structured events and action texts, never prose (ARCHITECTURE.md
principle 8); every sentence a person reads comes from here.  A language file ``<lang>.toml``
groups its keys in one level of tables (``[event]``, ``[action]``, ...) which the loader
flattens to stable dotted keys such as ``event.tile_taken``; it holds the texts the commands
share and those of Rococo, the first game.  A game with words of its own keeps them in
``<lang>_<game>.toml``, whose keys the loader files under the game's name
(``necklace.event.drawn``), so that two games may both have an ``event.played`` and a
translator can translate one game without the other.  Language codes therefore never
contain an underscore (a region is written ``pt-BR``).  Templates use ``str.format`` fields.

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


def _stems() -> list[str]:
    return sorted(f.name.removesuffix(".toml") for f in resources.files(__name__).iterdir()
                  if f.name.endswith(".toml"))


def languages() -> list[str]:
    """The languages that have a message file (a game's own file makes no language)."""
    return [stem for stem in _stems() if "_" not in stem]


@cache
def catalogue(lang: str) -> dict[str, str]:
    """All templates of one language by dotted key, the games' own files included under
    their game's name (empty for an unknown language)."""
    if lang not in languages():
        return {}
    out: dict[str, str] = {}
    for stem in _stems():
        base, _, game = stem.partition("_")
        if base != lang:
            continue
        raw = resources.files(__name__).joinpath(f"{stem}.toml").read_text(encoding="utf-8")
        _flatten(tomllib.loads(raw), f"{game}." if game else "", out)
    return out


def has(key: str, lang: str = DEFAULT) -> bool:
    return key in catalogue(lang) or key in catalogue(DEFAULT)


def game_key(game: str, key: str, lang: str = DEFAULT) -> str:
    """The key of a game's own text when the game has one (``necklace.step.sale1``), else the
    shared key (``step.money``): shared code asks for a game's words without naming a game."""
    own = f"{game}.{key}"
    return own if has(own, lang) else key


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
