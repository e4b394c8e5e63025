"""The tiers of the suite: a test that uses a fixture starting Chromium, PostgreSQL or a real
server gets that fixture's mark (pyproject.toml's markers), so that ``scripts/test --quick``
can leave it out; modules whose every test starts a server process, and the tests that take
seconds of their own, carry their marks themselves.

Each process runs numpy's linear algebra on one thread: the suite's two workers (and the
servers and browsers beside them) already fill both cores, and OpenBLAS's threads, spinning
while they wait, made the fitting tests three times slower."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from salon.parallel import tune_collector

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # read when numpy is loaded, which is after this

FIXTURE_MARKS = {
    "browser": "browser",  # below: Chromium, driven by Playwright
    "postgres": "postgres",  # tests/web/postgres.py: a private PostgreSQL server, and each schema on it
    "live": "server",  # tests/web/test_browser.py: uvicorn serving the app on a port
}
"""The fixtures that start something outside the test's process, and the mark each gives."""

PARAM_MARKS = {("db_url", "postgresql"): "postgres"}
"""Parameters that start something: tests/web/postgres.py's ``db_url`` asks for the PostgreSQL
server only for its ``postgresql`` case."""


def pytest_configure(config: pytest.Config) -> None:
    """Each test process tunes the garbage collector as salon's own processes do: the web
    tests, whose servers run in the test's process among many long-lived objects, take a sixth
    less time (docs/speed.md#the-garbage-collector)."""
    tune_collector()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        marks = {FIXTURE_MARKS[name] for name in getattr(item, "fixturenames", ()) if name in FIXTURE_MARKS}
        params = getattr(getattr(item, "callspec", None), "params", {})
        marks |= {mark for (name, value), mark in PARAM_MARKS.items() if params.get(name) == value}
        for mark in sorted(marks):
            item.add_marker(mark)


CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium, driven by Playwright, for the tests of one module.  Playwright's
    synchronous API marks its event loop as running on the main thread until it stops, which
    refuses ``asyncio.run`` to whatever runs meanwhile: so the browser ends with its module.
    Without /usr/bin/chromium the test is skipped (``scripts/browser-deps`` installs it); under
    CI=true that is a failure."""
    if not CHROMIUM.exists():
        reason = f"{CHROMIUM} is missing: run scripts/browser-deps to install Debian's chromium"
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=30_000)  # as long as an action may wait: 5 s ran out on a busy machine
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield b
        b.close()
