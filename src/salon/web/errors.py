"""The one error a refused request becomes, in the server's own words.

Whatever refuses a request (a table's rules, a guard, a replay) raises :class:`Refused` with a
stable ``code`` that says why (``stale``, ``seat_taken``, ``rate_limited``), a one-line
message and the fields a client needs to word it.  Which HTTP status (or WebSocket close
code) a refusal travels as is the API's business alone (salon.web.api.errors).
"""

from __future__ import annotations

from typing import Any


class Refused(Exception):
    """A refused request: nothing changed.  ``code`` says why, ``message`` in English,
    ``extra`` what a client may need besides (the version to refresh to, the seconds to wait,
    an action's refusal with its rule, catalog key and fields)."""

    def __init__(self, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.extra = extra

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled whole, for a refusal that a worker process (salon.web.compute) sends back."""
        return _restore, (self.code, self.message, self.extra)


def _restore(code: str, message: str, extra: dict[str, Any]) -> Refused:
    return Refused(code, message, **extra)
