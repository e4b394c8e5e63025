"""Changes that run to their end whoever stops waiting for them."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Coroutine
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")


def whole(change: Callable[P, Coroutine[Any, Any, T]]) -> Callable[P, Coroutine[Any, Any, T]]:
    """Run the decorated change to its end even if its caller is cancelled (a client that
    disconnects mid-request): an action applied to the engine is always committed or rolled
    back, never left half done."""

    @functools.wraps(change)
    async def run(*args: P.args, **kwargs: P.kwargs) -> T:
        task = asyncio.ensure_future(change(*args, **kwargs))
        task.add_done_callback(lambda t: t.cancelled() or t.exception())
        return await asyncio.shield(task)

    return run
