"""The terminal session's answers to a player's questions: ``why ACTION`` (why an action is
not among the choices) and ``hint`` (which choices are best), in the player's words.

The engine says which rule an action breaks now and why (salon.core.errors.Refusal); this
module finds the action the player meant by what they typed and words the engine's reason in
their language; the search's estimates it words as points ahead or behind.  The line session
and the full-screen client (salon.cli.play, salon.cli.tui) answer alike.  Every answer is
Rich markup: a reason names cards and colours in the game view's words, and whatever the
player typed is escaped.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, runtime_checkable

from rich.console import Group
from rich.markup import escape
from rich.text import Text

from salon.bots.search import Estimate
from salon.cli.support import GameView
from salon.core.errors import Refusal
from salon.core.game import Game
from salon.i18n import count, has, text


@runtime_checkable
class Refusals(Protocol):
    """A game view that words its game's refusals (salon.core.errors.Refusal): the reason of
    ``key`` with its ``fields`` in the player's language, None for a key it does not know."""

    def refusal(self, key: str, fields: Mapping[str, str | int]) -> str | None: ...


def why(raw: str, legal: list[str], numbered: list[str], game: Game, view: GameView, lang: str) -> str:
    """Why an action is not among the choices: the rule it breaks now and the engine's reason
    (:func:`refusal_text`).  ``numbered`` is the choices in the order the player sees them
    numbered, so that a number or a legal action is answered with the number that picks it."""
    if raw.isdigit():
        n = int(raw)
        if not 1 <= n <= len(numbered):
            return text("ui.why_number", lang, n=n, count=len(numbered))
        return text("ui.why_legal", lang, action=escape(numbered[n - 1]), n=n)
    found = meant(raw, legal, game, view)
    if len(found) > 1:
        return text("ui.why_ambiguous", lang, word=escape(raw), actions=escape(", ".join(found)))
    action = found[0] if found else raw
    if action in legal:
        return text("ui.why_legal", lang, action=escape(action), n=numbered.index(action) + 1)
    refused = game.refusal(action)
    if refused.rule == "PROTOCOL":
        return text("ui.why_unknown", lang, action=escape(raw))
    return text("ui.why_not", lang, action=escape(action), rule=escape(refused.rule),
                reason=refusal_text(refused, game, view, lang))


def meant(raw: str, legal: list[str], game: Game, view: GameView) -> list[str]:
    """The actions a word of ``why`` may mean, as the player sees them (case does not matter):
    an action text; else the choices it names by their short name (``tailor`` of
    ``main:tailor``, ``S11`` of ``pick:S11``) or by their words (the explanation, whole or a
    part of it); else, when no choice fits, the actions of the game's families that it
    names by their short name (``main:tailor`` when tailoring is not offered): the
    families of the choices, of the actions played and those the view knows
    (``families``), kept when the game reads them as actions of its own.  Empty when
    nothing fits; several when the word is ambiguous."""
    word = raw.lower()
    by_text = {a.lower(): a for a in legal}
    if word in by_text:
        return [by_text[word]]
    short = [a for a in legal if word in [p.lower() for p in a.split(":")[1:]] or a.lower().split(":")[0] == word]
    if short:
        return short
    words = {a: " ".join(Text.from_markup(view.explain(a)).plain.lower().split()) for a in legal}
    typed = " ".join(word.split())
    whole = [a for a in legal if words[a] == typed]
    if whole:
        return whole
    part = [a for a in legal if len(typed) >= 3 and typed in words[a]]
    if part:
        return part
    if ":" in raw or not raw.strip() or " " in raw.strip():
        return []
    families = dict.fromkeys(a.split(":")[0] for a in [*legal, *game.history])
    families.update(dict.fromkeys(getattr(view, "families", ())))
    tried = dict.fromkeys(f"{family}:{name}" for name in (raw, raw.upper()) for family in families)
    return [action for action in tried if game.refusal(action).rule != "PROTOCOL"]


def refusal_text(refused: Refusal, game: Game, view: GameView, lang: str) -> str:
    """A refusal's reason in the player's language, in markup: the game's view words the
    game's own reasons (``<game>.refusal.<key>``), the shared catalog the engine's
    (``refusal.<key>``; an action of another step than the one being decided is told what is
    being decided); a reason no catalog knows is told as the engine words it."""
    if refused.key == "wrong_step":
        return text("refusal.wrong_step", lang, prompt=view.prompt(dict(game.decision())))
    if isinstance(view, Refusals):
        worded = view.refusal(refused.key, refused.fields)
        if worded is not None:
            return worded
    if refused.key and has("refusal." + refused.key, lang):
        fields = {name: escape(v) if isinstance(v, str) else v for name, v in refused.fields.items()}
        return text("refusal." + refused.key, lang, **fields)
    return escape(refused.reason)


def ranked(estimates: list[Estimate], numbered: list[str], view: GameView, unit: str, lang: str) -> Group:
    """A hint's choices, best first, each with the number that picks it (``numbered`` is the
    choices as the player sees them numbered) and its estimate (:func:`worth`)."""
    lines = []
    for rank, e in enumerate(estimates, 1):
        line = text("hint.line", lang, action=escape(e.action), explain=view.explain(e.action),
                    value=escape(worth(e.value, unit, lang)))
        option = text("hint.option", lang, number=numbered.index(e.action) + 1)
        lines.append(Text.from_markup(f"{rank}. {option} {line}"))
    return Group(*lines)


def worth(value: float, unit: str, lang: str) -> str:
    """An estimate in words: so many points (the game's ``unit``) ahead of or behind the best
    opponent."""
    rounded = round(value) if abs(value) >= 10 else round(value, 1)
    if rounded == 0:
        return text("hint.level", lang)
    points = count(unit, abs(rounded), lang)
    return text("hint.ahead" if rounded > 0 else "hint.behind", lang, points=points)
