"""The marks a game's shapes carry (docs/architecture.md principle 14): its observation and
its decisions are declared once, as TypedDicts beside its view, which mypy checks where the view
builds them and where its readers read them; ``python -m tools.shapes`` writes from them the
JSON Schema the game publishes and the browser's JSDoc types.  What plain typing cannot say of them, these
``Annotated`` marks say: the values a text takes (:class:`OneOf`) and which kinds of decision give
a detail (:class:`Kinds`).  A game names the module of its shapes in
:attr:`salon.core.game.Game.shapes`.
"""

from __future__ import annotations


class OneOf:
    """The values a text field takes, ``Annotated[str, OneOf("setup", "over")]``: an enum in
    the schema, a union of literals in the browser, where mypy knows the value as text that
    the engine computes (a ``Literal`` would need every such value narrowed)."""

    def __init__(self, *values: str) -> None:
        self.values = values


class Kinds:
    """The kinds of decision that give a detail, ``Annotated[str, Kinds("main", "hire")]``.
    A field without it (the seat, the kind) is part of every decision."""

    def __init__(self, *names: str) -> None:
        self.names = names
