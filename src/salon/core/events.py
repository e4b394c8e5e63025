"""Structured events returned by ``apply``.

The engine holds no user-facing prose (docs/architecture.md principle 8): logs, animations and
translations are rendered from these events.  An event may carry fields that only one seat
may see (a tile drawn secretly from the bag); :meth:`Event.view` redacts them for others.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final


class Event:
    """What one step of a rule did: its ``type``, the ``seat`` it concerns (None: the table)
    and its ``data``; ``secret`` names the keys of ``data`` only ``seat`` may see.  Events are
    never changed once emitted (the attributes are Final for the type checker).  A plain class,
    not a frozen dataclass: every rule step emits some, and a frozen dataclass's constructor
    runs as interpreted code even when compiled."""

    __slots__ = ("type", "seat", "data", "secret")

    def __init__(self, type: str, seat: int | None = None, data: dict[str, Any] | None = None,
                 secret: tuple[str, ...] = ()) -> None:
        self.type: Final = type
        self.seat: Final = seat
        self.data: Final[dict[str, Any]] = {} if data is None else data
        self.secret: Final = secret

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Event) and self.type == other.type and self.seat == other.seat
                and self.data == other.data and self.secret == other.secret)

    __hash__ = None  # type: ignore[assignment]  # equal by value, and its data is a dict

    def __repr__(self) -> str:
        return f"Event(type={self.type!r}, seat={self.seat!r}, data={self.data!r}, secret={self.secret!r})"

    def __reduce__(self) -> tuple[Callable[..., Event], tuple[object, ...]]:
        """Pickled through its constructor, which a compiled class needs (salon/compiled.py)."""
        return Event, (self.type, self.seat, self.data, self.secret)

    def view(self, seat: int | None) -> dict[str, Any]:
        """The event as seen from ``seat`` (None = a spectator), as a JSON-ready dict."""
        data = self.data
        if self.secret and seat != self.seat:
            data = {k: v for k, v in data.items() if k not in self.secret}
        out: dict[str, Any] = {"type": self.type}
        if self.seat is not None:
            out["seat"] = self.seat
        out.update(data)
        return out
