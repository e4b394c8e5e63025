"""How far a long command has come: a bar at a terminal; elsewhere, in the log of a run left
in the background (self-play, regret sets, strength runs take hours), a line at each tenth of
the work, on standard error so that a report read from standard output stays whole."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

STEPS = 10
"""The lines a run away from a terminal prints: one at each tenth of the work."""


@contextmanager
def progress(console: Console, what: str, total: int, quiet: bool = False,
             done: int = 0) -> Iterator[Callable[[], None]]:
    """A function to call once for each piece of ``total`` done (``done`` of them before this
    run); silent when ``quiet`` (a report printed as JSON)."""
    if console.is_terminal:
        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                      console=console, disable=quiet, transient=True) as bar:
            task = bar.add_task(what, total=total, completed=done)
            yield lambda: bar.advance(task)
        return
    count = done

    def advance() -> None:
        nonlocal count
        count += 1
        if not quiet and total > 0 and (count * STEPS) // total > ((count - 1) * STEPS) // total:
            print(f"{what}: {count} / {total}", file=sys.stderr, flush=True)

    yield advance
