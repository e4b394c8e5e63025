"""Jobs for the tests of the worker pool (salon.web.compute): importable by its workers."""

from __future__ import annotations

import time


def echo(value: object) -> object:
    return value


def pause(value: object, seconds: float) -> object:
    """A job that takes ``seconds`` (a search that thinks that long)."""
    time.sleep(seconds)
    return value


def forever() -> None:
    """A job that never ends by itself (a bot told to think for ever)."""
    while True:
        time.sleep(1)


def fail() -> None:
    raise ValueError("the job failed")
