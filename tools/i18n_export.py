"""Keeps the catalogs in step with English and writes the browser's catalogs from them.

``python -m tools.i18n_export`` rewrites every ``.po`` file of :mod:`salon.i18n` in one
canonical form and writes the browser's JSON catalogs from the ``web`` and ``events`` domains, with the
lists the browser shares with Python (``i18n/languages.js``, each game's ``terms.js``);
``--check`` changes nothing and lists the files that are not what it would write (a test runs
it, so a committed browser catalog never drifts from its source).

In a translation each entry carries the English text it translates as an extracted comment
(``#. en: ...``).  When the English changes, the entry is marked fuzzy (the terminal and the
browser then show English until a translator revises it and removes the flag); a key English
gains is added to every language with an empty text, for the translator to fill in.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import datetime
from importlib import resources
from io import BytesIO
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import write_po

from salon.i18n import (
    DEFAULT,
    EVENTS,
    catalog_texts,
    domains,
    languages,
    plural_categories,
    plural_forms,
    plural_texts,
    read_catalog,
)
from salon.i18n.fields import COLOUR_TERMS, field_terms

HEADER = ("# Texts of salon's court games, domain {domain}.\n"
          "# The msgid is a stable key; English is the source. Edit, then run: python -m tools.i18n_export\n"
          "#")
EPOCH = datetime(2026, 1, 1)
"""The creation date of a catalog that has none yet (keeps the generated header stable)."""
WEB = "web"
LINE = 120
"""The longest line of a browser module (eslint.config.js)."""


def package_root() -> Path:
    return Path(str(resources.files("salon.i18n")))


def static_root() -> Path:
    return Path(str(resources.files("salon.web"))) / "static"


def english_comment(message: Message) -> list[str]:
    """The extracted comment that records the English text of an entry."""
    if message.pluralizable:
        forms = zip(plural_categories(DEFAULT), plural_texts(message), strict=False)
        return [f"en {tag}: {form}" for tag, form in forms]
    return [f"en: {message.string}"]


def same_comment(read: list[str], written: list[str]) -> bool:
    """Whether a comment read back is the one written (the writer wraps long comment lines)."""
    return " ".join(read).split() == " ".join(written).split()


def canonical(lang: str, domain: str) -> Catalog:
    """A catalog rewritten in the canonical order and form: English's keys in English's order,
    then the language's own (a language's inflection tables), each translation with its English
    comment, fuzzy where that English has changed, and English's new keys added empty."""
    old = read_catalog(lang, domain) if domain in domains(lang) else Catalog(locale=lang, domain=domain)
    english = read_catalog(DEFAULT, domain) if lang != DEFAULT else old
    new = Catalog(locale=lang, domain=domain, header_comment=HEADER.format(domain=domain), project="salon",
                  version="1", creation_date=old.creation_date if old.creation_date else EPOCH,
                  revision_date=old.revision_date, last_translator=old.last_translator,
                  language_team=old.language_team, fuzzy=False)
    new.mime_headers = [*(h for h in new.mime_headers if h[0] != "Plural-Forms"), ("Plural-Forms", plural_forms(lang))]
    count = len(plural_categories(lang))
    keys = [m.id for m in english if m.id] + [m.id for m in old if m.id and m.id not in english]
    for key in keys:
        source = english.get(key)
        message = old.get(key)
        if lang == DEFAULT:
            assert message is not None
            new.add(key, message.string, user_comments=message.user_comments)
            continue
        comment = english_comment(source) if source is not None else []
        if message is None:
            empty: str | tuple[str, ...] = ("",) * count if source is not None and source.pluralizable else ""
            new.add(key, empty, auto_comments=comment)
            continue
        flags = set(message.flags)
        translated = any(plural_texts(message)) if message.pluralizable else bool(message.string)
        if source is not None and translated and message.auto_comments \
                and not same_comment(message.auto_comments, comment):
            flags.add("fuzzy")
        string = message.string
        if message.pluralizable:
            forms = plural_texts(message)[:count]
            string = tuple(forms + [""] * (count - len(forms)))
        new.add(key, string, auto_comments=comment, user_comments=message.user_comments, flags=flags)
    return new


def po_bytes(catalog: Catalog) -> bytes:
    out = BytesIO()
    write_po(out, catalog, width=0, include_lineno=False)
    return out.getvalue()


def browsed(domain: str) -> bool:
    """Whether the browser reads a domain: the ``web`` domains and the ``events`` ones."""
    return domain == WEB or domain.startswith((WEB + "-", EVENTS + "-"))


def web_target(domain: str, lang: str) -> Path:
    """Where the browser loads a domain's catalog: the shell's, or a game's beside its renderer
    (its log's texts in ``events/``)."""
    if domain == WEB:
        return static_root() / "i18n" / f"{lang}.json"
    if domain.startswith(EVENTS + "-"):
        return static_root() / "games" / domain.removeprefix(EVENTS + "-") / "events" / f"{lang}.json"
    return static_root() / "games" / domain.removeprefix(WEB + "-") / "i18n" / f"{lang}.json"


def web_json(catalog: Catalog, lang: str) -> bytes:
    """A domain's texts as the browser's nested JSON; a counted phrase becomes one key per
    plural category (``livres_one``, ``livres_few``...), which ``Intl.PluralRules`` picks."""
    texts = catalog_texts(catalog, lang)
    flat: dict[str, str] = {}
    for message in catalog:
        if not message.id:
            continue
        if message.pluralizable:
            for tag, form in texts.counted.get(message.id[0], {}).items():
                flat[f"{message.id[0]}_{tag}"] = form
        elif message.id in texts.plain:
            flat[message.id] = texts.plain[message.id]
    nested: dict[str, Any] = {}
    for key, value in flat.items():
        *path, last = key.split(".")
        node = nested
        for part in path:
            node = node.setdefault(part, {})
        node[last] = value
    return (json.dumps(nested, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def js_module(**lists: list[str]) -> bytes:
    """A browser module exporting lists the Python side defines."""
    lines = ["// @ts-check", "// Written by python -m tools.i18n_export; do not edit."]
    for name, values in lists.items():
        line = f"export const {name} = {json.dumps(values, ensure_ascii=False)};"
        if len(line) > LINE:  # one value a line, as the browser's linter wants its lines short
            line = f"export const {name} = {json.dumps(values, ensure_ascii=False, indent=2)};"
        lines.append(line)
    return ("\n".join(lines) + "\n").encode("utf-8")


def outputs() -> dict[Path, bytes]:
    """Every file the catalogs determine, with the content it should have: the canonical
    catalogs, the browser's catalogs, its list of languages and each game's term fields."""
    files: dict[Path, bytes] = {static_root() / "i18n" / "languages.js": js_module(LANGUAGES=languages())}
    for game, terms in field_terms().items():
        files[static_root() / "games" / game / "terms.js"] = js_module(FIELD_TERMS=list(terms),
                                                                     COLOUR_TERMS=sorted(COLOUR_TERMS & set(terms)))
    for lang in languages():
        for domain in domains(DEFAULT):
            catalog = canonical(lang, domain)
            files[package_root() / lang / f"{domain}.po"] = po_bytes(catalog)
            if browsed(domain):
                files[web_target(domain, lang)] = web_json(catalog, lang)
    return files


def stale(files: dict[Path, bytes]) -> list[Path]:
    return [path for path, content in files.items() if not path.exists() or path.read_bytes() != content]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.i18n_export", description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; list the files that are out of date")
    args = parser.parse_args(argv)
    files = outputs()
    behind = stale(files)
    if args.check:
        for path in behind:
            print(f"out of date: {path}")
        return 1 if behind else 0
    for path in behind:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(files[path])
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
