"""What a player's name or a table's title may contain, since everyone at the table reads it.

Text is stored as Unicode's composed form (NFC), so two names that look the same are the
same, and without the characters that let a name pass for another or hide: every code point
that Unicode says a renderer shows as nothing when it does not support it (its
``Default_Ignorable_Code_Point`` property: the zero-width spaces and joiners, the combining
grapheme joiner, the Hangul fillers, the tags) and every variation selector, control and
format characters (among them the right-to-left override that reverses what follows, NUL),
private-use, unassigned and surrogate code points, the blank braille cell, and combining
marks piled more than two on one letter.  Runs of white space become one space, and the text
is cut at its length limit.

Two names can still look alike when they are not the same text: ``Admin`` and ``admin``,
fullwidth ``ａｄｍｉｎ`` and ``admin``.  :func:`likeness` gives the key under which they are
one, for a table to refuse a second player who would look like one already seated.
"""

from __future__ import annotations

import unicodedata

import regex

IGNORABLE = regex.compile(r"[\p{Default_Ignorable_Code_Point}\p{Variation_Selector}]+")
"""What Unicode's data (the regex module's tables of it) lists as default-ignorable, and every
variation selector (U+FE00-FE0F, U+E0100-E01EF, the Mongolian ones): code points that render
as nothing, so that a name holding one looks like the name without it."""
DROPPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
"""Control, format (bidi overrides, zero-width characters), surrogate, private-use, unassigned."""
INVISIBLE = frozenset("\u2800")
"""What renders as blank space and is no default-ignorable code point: the blank braille cell."""
MAX_MARKS = 2
"""Combining marks kept on one character (a letter with two accents, but no towers of them)."""


def clean_text(text: str, limit: int) -> str:
    """``text`` as it may be shown to others: see the module's docstring."""
    return cleaned(text)[:limit].rstrip()


def likeness(name: str) -> str:
    """The key under which names look alike: two names with one key cannot be told apart at a
    glance.  It is the name as :func:`clean_text` shows it, in Unicode's compatibility form
    (NFKC: fullwidth ``ａ`` is ``a``, ``ﬁ`` is ``fi``, ``²`` is ``2``) and case-folded (``Admin``
    is ``admin``, ``Straße`` is ``strasse``), uncut.  Letters of other scripts that are drawn
    alike (a Cyrillic ``а`` and a Latin ``a``) keep their own keys."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", cleaned(name)).casefold())
    return cleaned(folded)


def cleaned(text: str) -> str:
    """``text`` cleaned as the module's docstring says, uncut.  The ignorable code points go
    first: one of them (the combining grapheme joiner) keeps marks from being reordered, so
    the text is composed only once they are gone."""
    kept: list[str] = []
    marks = 0
    for ch in unicodedata.normalize("NFC", IGNORABLE.sub("", text)):
        if ch.isspace():  # a tab or a line break too, before control characters are dropped
            kept.append(" ")
            marks = 0
            continue
        category = unicodedata.category(ch)
        if category in DROPPED_CATEGORIES or ch in INVISIBLE:
            continue
        if category.startswith("M"):
            marks += 1
            if marks > MAX_MARKS:
                continue
        else:
            marks = 0
        kept.append(ch)
    return " ".join("".join(kept).split())
