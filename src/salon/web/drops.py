"""Connections the server drops for what their client did: one log line each, and a count.

A client that trickles its request, pipelines more than the server will hold, leaves a
response unread or sends a WebSocket text that is not UTF-8 is cut off; so is one past its
address's cap.  None of that is the server's fault, and a flood of such clients must not
flood the log with tracebacks either: each drop is one warning line naming the client's
address group (salon.web.guard.address_group, never more of the address) and the reason,
with the count of drops since the process started, which tells an operator the scale of a
flood at a glance.  uvicorn logs a non-UTF-8 WebSocket text with its traceback;
:class:`OneLine` turns that record into such a line.
"""

from __future__ import annotations

import logging
from collections import Counter

log = logging.getLogger("salon.web")

DROPS: Counter[str] = Counter()
"""Connections dropped since the process started, by reason."""

INVALID_UTF8 = "Invalid UTF-8 sequence received from client."
"""What uvicorn logs, with a traceback, when a WebSocket text frame is not UTF-8."""


def dropped(reason: str, client: str) -> None:
    """Count and log one dropped connection of ``client`` (an address group)."""
    DROPS[reason] += 1
    log.warning("dropped a connection from %s: %s (%d dropped since the start)", client, reason, DROPS.total())


class OneLine(logging.Filter):
    """Turns uvicorn's record of a client's non-UTF-8 WebSocket text into a drop's line."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.getMessage() != INVALID_UTF8:
            return True
        dropped("a WebSocket text that is not UTF-8", "a WebSocket client")
        return False


def install() -> None:
    """Put :class:`OneLine` on uvicorn's error log (once, however often it is called)."""
    logger = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, OneLine) for f in logger.filters):
        logger.addFilter(OneLine())
