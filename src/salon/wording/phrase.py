"""Phrases: what a text says, chosen once, worded by each front end in its reader's language.

A phrase is JSON: the server sends it with each event and the terminal renders it locally.
It names a template of the ``events`` catalogs (:mod:`salon.i18n`) and the values of its
fields; a value is a number, a string taken as it is, or again a phrase, so that a sentence
and the words it is made of come from one catalog:

``{"key": k, "fields": {...}}``
    the template ``k`` with its fields filled in;
``{"key": k, "n": n, "fields": {...}}``
    the counted phrase ``k`` in the form the language's plural rules give ``n``;
``{"seat": s}``
    a seat, in the words the front end names its seats with;
``{"field": name}``
    a field every text of the game may use (an engine term in the words of the game's
    edition, a number of the rules), which the front end supplies;
``{"mark": style, "text": value}``
    a value a front end may set off (the terminal colours a silk or gem word);
``{"join": [values], "sep": s}``
    values one after the other.

:func:`render` is the one formatter; ``static/wording.js`` is the browser's, written to give
the same text for the same phrase (a test runs both on the same phrases).  A template is filled
``str.format``-like: ``{name}`` is the field ``name``, and a field the phrase does not give stays
as it is written.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

Phrase = dict[str, Any]
"""A phrase as the JSON the module docstring describes."""
Value = Phrase | str | int
Line = Phrase
"""One line of text: a phrase, with ``"depth": 1`` for a line that details the one above it and
``"heading": true`` for a line that opens a new part of the game (a round, a turn, a sale)."""

FIELD = re.compile(r"\{(\w+)\}")


def say(key: str, **fields: Value) -> Phrase:
    """The template ``key`` with ``fields``."""
    return {"key": key, "fields": fields} if fields else {"key": key}


def counted(key: str, n: int, **fields: Value) -> Phrase:
    """The counted phrase ``key`` for ``n`` ("1 livre", "3 livres")."""
    phrase: Phrase = {"key": key, "n": n}
    if fields:
        phrase["fields"] = fields
    return phrase


def seat(number: int) -> Phrase:
    return {"seat": number}


def field(name: str) -> Phrase:
    return {"field": name}


def mark(style: str, value: Value) -> Phrase:
    return {"mark": style, "text": value}


def join(values: Sequence[Value], sep: str = ", ") -> Phrase:
    return {"join": list(values), "sep": sep}


def fill(template: str, fields: Mapping[str, str]) -> str:
    """``{name}`` replaced by the field ``name``; an unknown field stays as written."""
    return FIELD.sub(lambda m: fields.get(m.group(1), m.group(0)), template)


@dataclass(frozen=True)
class Reader:
    """What a front end brings to render a phrase: its catalog's templates (``template(key)``,
    ``plural(key, n)``: None for an unknown key), the fields every text may use, how it names a
    seat, how it sets off a marked value and how it shows a string taken as it is (the terminal
    escapes its markup)."""

    template: Callable[[str], str | None]
    plural: Callable[[str, int], str | None]
    fields: Mapping[str, str]
    seat: Callable[[int], str]
    mark: Callable[[str, str], str]
    literal: Callable[[str], str] = str


def render(value: Value, reader: Reader) -> str:
    """A phrase (or a plain value) as text."""
    if isinstance(value, str):
        return reader.literal(value)
    if not isinstance(value, dict):
        return str(value)
    if "seat" in value:
        return reader.seat(int(value["seat"]))
    if "field" in value:
        name = str(value["field"])
        return reader.fields.get(name, "{" + name + "}")
    if "mark" in value:
        return reader.mark(str(value["mark"]), render(value["text"], reader))
    if "join" in value:
        return str(value["sep"]).join(render(v, reader) for v in value["join"])
    key = str(value["key"])
    filled = {name: render(v, reader) for name, v in value.get("fields", {}).items()}
    if "n" in value:
        template = reader.plural(key, int(value["n"]))
        filled = {"n": str(value["n"]), **filled}
    else:
        template = reader.template(key)
    if template is None:
        return key
    return fill(template, {**reader.fields, **filled})
