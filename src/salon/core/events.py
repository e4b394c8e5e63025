"""Structured events returned by ``apply``.

The engine holds no user-facing prose (docs/architecture.md principle 8): logs, animations and
translations are rendered from these events.  An event may carry fields that only one seat
may see (a tile drawn secretly from the bag); :meth:`Event.view` redacts them for others.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    type: str
    seat: int | None = None
    data: dict[str, Any] = field(default_factory=dict)
    secret: tuple[str, ...] = ()
    """Keys of ``data`` only ``seat`` may see."""

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
