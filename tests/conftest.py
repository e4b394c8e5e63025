"""The tiers of the suite: a test that uses a fixture starting Chromium, PostgreSQL or a real
server gets that fixture's mark (pyproject.toml's markers), so that ``scripts/test --quick``
can leave it out; modules whose every test starts a server process, and the tests that take
seconds of their own, carry their marks themselves.

Each process runs numpy's linear algebra on one thread: the suite's two workers (and the
servers and browsers beside them) already fill both cores, and OpenBLAS's threads, spinning
while they wait, made the fitting tests three times slower."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # read when numpy is loaded, which is after this

FIXTURE_MARKS = {
    "browser": "browser",  # tests/web/test_browser.py: Chromium, driven by Playwright
    "postgres": "postgres",  # tests/web/postgres.py: a private PostgreSQL server, and each schema on it
    "live": "server",  # tests/web/test_browser.py: uvicorn serving the app on a port
}
"""The fixtures that start something outside the test's process, and the mark each gives."""

PARAM_MARKS = {("db_url", "postgresql"): "postgres"}
"""Parameters that start something: tests/web/postgres.py's ``db_url`` asks for the PostgreSQL
server only for its ``postgresql`` case."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        marks = {FIXTURE_MARKS[name] for name in getattr(item, "fixturenames", ()) if name in FIXTURE_MARKS}
        params = getattr(getattr(item, "callspec", None), "params", {})
        marks |= {mark for (name, value), mark in PARAM_MARKS.items() if params.get(name) == value}
        for mark in sorted(marks):
            item.add_marker(mark)
