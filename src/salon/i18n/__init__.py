"""Message templates of the user interfaces, gettext catalogs per language and domain.

The engines emit structured events and action texts, never prose (docs/architecture.md
principle 8); every sentence a person reads, in the terminal or in the browser, comes from the
``.po`` files of this package: ``<lang>/<domain>.po``.  A domain is a surface, optionally with a
game: ``terminal`` (the commands' texts and Rococo's), ``terminal-necklace``, ``web`` (the
browser's shell), ``web-rococo``, ``web-necklace``, so that a translator can translate one game
without the other; and ``events-rococo``, ``events-necklace``: the log's texts, which both front
ends word from one catalog (:mod:`salon.wording`), and the tutorials' (:mod:`salon.core.tutorial`).
The browser's JSON files are generated from the ``web`` and ``events`` domains
(``tools.i18n_export``); the terminal reads the ``terminal`` and ``events`` domains here.

Every catalog, English included, is keyed by stable dotted keys (the msgid, e.g.
``event.tile_taken`` or ``necklace.event.drawn``: "monolingual" PO files, as translation tools
call them), and English is the source the other languages translate; each translated entry
carries the English text it was made from as an extracted comment, so a change of the English
marks the translation fuzzy.  A counted phrase is a plural entry with one text per plural
category of the language's CLDR rules, in CLDR order (Ukrainian: one, few, many, other).
Templates use ``str.format`` fields.

Lookups never fail: a key missing from a language (or fuzzy there) falls back to English, and
a key missing from English is returned as is, so a new event type shows up as its key instead
of crashing a game in progress; an unknown ``{field}`` stays in place.
"""

from __future__ import annotations

import locale
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po
from babel.plural import PluralRule, to_gettext

from salon.core.plugins import folder, plugins

DEFAULT = "en"
TERMINAL = "terminal"
"""The surface whose domains the terminal reads (``terminal``, ``terminal-<game>``)."""
EVENTS = "events"
"""The surface of the log's texts (``events-<game>``), which every front end reads
(salon.wording)."""
CLDR_ORDER = ("zero", "one", "two", "few", "many", "other")
"""The order of the CLDR plural categories, which is the order of a plural entry's texts."""


class _Fields(dict[str, Any]):
    """Format fields that leave an unknown ``{name}`` in place instead of raising."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


@dataclass(frozen=True)
class Texts:
    """One language's texts of one surface: plain texts, and counted phrases by plural category."""

    plain: dict[str, str]
    counted: dict[str, dict[str, str]]


@cache
def _languages() -> tuple[str, ...]:
    found = sorted(entry.name for entry in resources.files(__name__).iterdir()
                   if entry.is_dir() and any(f.name.endswith(".po") for f in entry.iterdir()))
    return tuple(sorted(found, key=lambda code: code != DEFAULT))


def languages() -> list[str]:
    """The languages that have catalogs, English first: the one list every surface offers."""
    return list(_languages())


def plural_categories(lang: str) -> tuple[str, ...]:
    """The CLDR plural categories of a language, in the order of a plural entry's texts."""
    tags = Locale.parse(lang).plural_form.tags | {"other"}
    return tuple(tag for tag in CLDR_ORDER if tag in tags)


def plural_forms(lang: str) -> str:
    """The gettext ``Plural-Forms`` of a language, from its CLDR rules (Ukrainian: 4 forms).
    Babel writes CLDR's compact-exponent operand ``e`` into the expression, which gettext
    does not know; it is 0 for every number a text counts."""
    return re.sub(r"\be\b", "0", to_gettext(Locale.parse(lang).plural_form)).removesuffix(";")


@cache
def _plural_rule(lang: str) -> PluralRule:
    return Locale.parse(lang).plural_form


def plural_category(lang: str, n: float) -> str:
    """The CLDR plural category of ``n`` in ``lang`` (Ukrainian 1 one, 2 few, 5 many, 1.5 other)."""
    return str(_plural_rule(lang)(n))


@cache
def _catalogs(lang: str) -> dict[str, Traversable]:
    """A language's ``.po`` files by domain: this package's, then those a game plug-in ships
    in its ``translations`` folder (salon.core.plugins), so that a game packaged on its own
    brings its texts (its domains ``terminal-<game>``, ``web-<game>``)."""
    roots = [resources.files(__name__)]
    roots += [folder(p.translations) for p in plugins().values() if p.translations is not None]
    found: dict[str, Traversable] = {}
    for root in roots:
        base = root.joinpath(lang)
        if base.is_dir():
            for f in base.iterdir():
                if f.name.endswith(".po"):
                    found.setdefault(f.name.removesuffix(".po"), f)
    return found


def domains(lang: str) -> list[str]:
    """The domains a language has a catalog of."""
    return sorted(_catalogs(lang))


@cache
def read_catalog(lang: str, domain: str) -> Catalog:
    """One ``.po`` file as Babel reads it."""
    with _catalogs(lang)[domain].open("rb") as f:
        return read_po(f, locale=lang, domain=domain)


def plural_texts(message: Message) -> list[str]:
    """The texts of a plural entry, one per plural category (none for a plain entry)."""
    return list(message.string) if isinstance(message.string, (tuple, list)) else []


def catalog_texts(catalog: Catalog, lang: str) -> Texts:
    """The translated texts of a catalog: fuzzy and empty entries are left out, so that
    they fall back to English."""
    plain: dict[str, str] = {}
    counted: dict[str, dict[str, str]] = {}
    tags = plural_categories(lang)
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        if message.pluralizable:
            forms = dict(zip(tags, plural_texts(message), strict=False))
            if all(forms.values()) and len(forms) == len(tags):
                counted[message.id[0]] = forms
        elif message.string:
            plain[str(message.id)] = str(message.string)
    return Texts(plain, counted)


@cache
def surface(lang: str, name: str) -> Texts:
    """All texts of one surface in one language, its games' domains included."""
    plain: dict[str, str] = {}
    counted: dict[str, dict[str, str]] = {}
    for domain in domains(lang):
        if domain == name or domain.startswith(name + "-"):
            texts = catalog_texts(read_catalog(lang, domain), lang)
            plain.update(texts.plain)
            counted.update(texts.counted)
    return Texts(plain, counted)


@cache
def catalogue(lang: str) -> dict[str, str]:
    """All terminal templates of one language by dotted key, each counted phrase under
    ``key_<category>`` (``unit.livres_one``); empty for an unknown language."""
    if lang not in languages():
        return {}
    texts = surface(lang, TERMINAL)
    out = dict(texts.plain)
    for key, forms in texts.counted.items():
        out.update({f"{key}_{tag}": form for tag, form in forms.items()})
    return out


def inflections(table: str, lang: str) -> list[str]:
    """The inflected forms of a table of words that a language's terminal catalog has tables
    of: ``dress`` for ``colour_dress.blue`` (a language that inflects colours by the noun)."""
    prefix = table + "_"
    return sorted({key.split(".")[0].removeprefix(prefix) for key in catalogue(lang)
                   if key.startswith(prefix) and key.count(".") == 1})


def has(key: str, lang: str = DEFAULT) -> bool:
    return key in catalogue(lang) or key in catalogue(DEFAULT)


def game_key(game: str, key: str, lang: str = DEFAULT) -> str:
    """The key of a game's own text when the game has one (``necklace.step.sale1``), else the
    shared key (``step.money``): shared code asks for a game's words without naming a game."""
    own = f"{game}.{key}"
    return own if has(own, lang) else key


def fill(template: str, fields: Mapping[str, Any]) -> str:
    """A template with its fields filled in, unknown fields left in place."""
    if not fields:
        return template
    try:
        return template.format_map(_Fields(fields))
    except (ValueError, IndexError, AttributeError):
        return template


def text(key: str, lang: str = DEFAULT, **fields: Any) -> str:
    """The template ``key`` of ``lang`` filled with ``fields``; the key itself if unknown."""
    template = catalogue(lang).get(key) or catalogue(DEFAULT).get(key)
    return key if template is None else fill(template, fields)


def count(key: str, n: float, lang: str = DEFAULT, **fields: Any) -> str:
    """A counted phrase in the form the language's plural rules give ``n`` ("1 livre",
    "3 livres"; Ukrainian "1 лівр", "2 ліври", "5 ліврів")."""
    for code in (lang, DEFAULT):
        if code in languages():
            forms = surface(code, TERMINAL).counted.get(key)
            if forms:
                return fill(forms[plural_category(code, abs(n))], {"n": n, **fields})
    return key


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The language of the user's locale (``LC_ALL``, then ``LC_MESSAGES``, then ``LANG``, as
    POSIX orders them) when it has catalogs, else English."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            code = locale.normalize(value).split(".")[0].split("@")[0].split("_")[0].lower()
            return code if code in languages() else DEFAULT
    return DEFAULT
