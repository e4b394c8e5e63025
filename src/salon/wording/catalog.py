"""The ``events`` catalogs (``<lang>/events-<game>.po`` of :mod:`salon.i18n`) as a front end
in Python reads them: a :class:`~salon.wording.phrase.Reader` for one language."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import salon.i18n as i18n
from salon.i18n import DEFAULT, EVENTS, languages, plural_category
from salon.wording.phrase import Reader


def _codes(lang: str) -> tuple[str, ...]:
    """The languages a lookup tries: the reader's, then English."""
    return (lang, DEFAULT) if lang in languages() and lang != DEFAULT else (DEFAULT,)


def has(key: str) -> bool:
    """Whether English, the source every language translates, has the template ``key``."""
    texts = i18n.surface(DEFAULT, EVENTS)
    return key in texts.plain or key in texts.counted


def template(key: str, lang: str) -> str | None:
    for code in _codes(lang):
        found = i18n.surface(code, EVENTS).plain.get(key)
        if found:
            return found
    return None


def plural(key: str, n: int, lang: str) -> str | None:
    for code in _codes(lang):
        forms = i18n.surface(code, EVENTS).counted.get(key)
        if forms:
            return forms[plural_category(code, abs(n))]
    return None


def plain_mark(style: str, text: str) -> str:
    return text


def reader(lang: str, fields: Mapping[str, str], seat: Callable[[int], str],
           mark: Callable[[str, str], str] = plain_mark, literal: Callable[[str], str] = str) -> Reader:
    """How a Python front end renders phrases in ``lang``: a key missing there (or fuzzy)
    falls back to English, and to the key itself when English lacks it too."""
    return Reader(template=lambda key: template(key, lang), plural=lambda key, n: plural(key, n, lang),
                  fields=fields, seat=seat, mark=mark, literal=literal)
