"""The in-process server of the web tests: FastAPI's TestClient on an in-memory database,
bots without delay, seeds chosen by the test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from salon.web.app import create_app


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app("sqlite://", bot_delay=0, allow_seed=True)) as c:
        yield c
