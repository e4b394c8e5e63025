"""Jobs for the tests of the worker pool (salon.web.compute): importable by its workers."""

from __future__ import annotations

import gc
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


def collector_threshold() -> int:
    """The worker's garbage collector's first threshold (salon.parallel.tune_collector)."""
    return gc.get_threshold()[0]
