"""The engine terms a game's templates may name as fields (its plug-in's ``term_fields``): one
list for the terminal and the browser.

A Rococo template names an engine term as a field (``{thread}``, ``{Thread}`` to begin a
sentence) rather than as a word, because the 2013 edition calls the same things by other
names (wool for thread, floor for drawer: RULES.md §16).  A language that inflects a term
adds tables of its forms to its catalog (``term_from.drawer``, ``colour_dress.blue``), and a
template may then name ``{drawer_from}`` or ``{blue_dress}``.  The terminal fills the fields
in :mod:`salon.cli.rococo.view`; the browser's renderer imports this list from the
``terms.js`` that ``tools.i18n_export`` writes beside it.
"""

from __future__ import annotations

from salon.core.plugins import plugins


def field_terms() -> dict[str, tuple[str, ...]]:
    """The term fields of each game's templates, by game (salon.core.plugins)."""
    return {name: p.term_fields for name, p in plugins().items() if p.term_fields}

COLOUR_TERMS = frozenset({"blue", "pink", "green", "orange"})
"""The terms whose words are in the ``colour`` table (the others are in the ``term`` table)."""


def term_table(name: str) -> str:
    """The catalog table holding a term field's words: ``colour`` or ``term``."""
    return "colour" if name in COLOUR_TERMS else "term"
