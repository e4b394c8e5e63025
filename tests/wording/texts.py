"""The ``events`` catalogs' texts as the tests look them up (salon.wording.catalog)."""

from __future__ import annotations

from typing import Any

from salon.wording.catalog import has, plural, template
from salon.wording.phrase import fill


def known(key: str) -> bool:
    """Whether English has the events text ``key``."""
    return has(key)


def told(key: str, lang: str = "en", **fields: Any) -> str:
    """The events text ``key`` of ``lang`` with ``fields`` (English where the language lacks it)."""
    return fill(template(key, lang) or key, {name: str(value) for name, value in fields.items()})


def told_count(key: str, n: int, lang: str = "en", **fields: Any) -> str:
    """The events counted phrase ``key`` for ``n`` in ``lang``."""
    return fill(plural(key, n, lang) or key, {"n": str(n), **{name: str(value) for name, value in fields.items()}})
