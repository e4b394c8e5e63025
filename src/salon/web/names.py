"""What a player's name or a table's title may contain, since everyone at the table reads it.

Text is stored as Unicode's composed form (NFC), so two names that look the same are the
same, and without the characters that let a name pass for another or hide: control and
format characters (among them the right-to-left override that reverses what follows, the
zero-width spaces and joiners, NUL), private-use, unassigned and surrogate code points, the
fillers that render as nothing, and combining marks piled more than two on one letter.  Runs
of white space become one space, and the text is cut at its length limit.
"""

from __future__ import annotations

import unicodedata

DROPPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
"""Control, format (bidi overrides, zero-width characters), surrogate, private-use, unassigned."""
INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800")
"""Letters and symbols that render as blank space: the Hangul fillers, the blank braille cell."""
MAX_MARKS = 2
"""Combining marks kept on one character (a letter with two accents, but no towers of them)."""


def clean_text(text: str, limit: int) -> str:
    """``text`` as it may be shown to others: see the module's docstring."""
    kept: list[str] = []
    marks = 0
    for ch in unicodedata.normalize("NFC", text):
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
    return " ".join("".join(kept).split())[:limit].rstrip()
