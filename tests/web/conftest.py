"""The in-process server of the web tests: FastAPI's TestClient on an in-memory database,
bots without delay, seeds chosen by the test, none of a public server's caps (their own
tests set them)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from salon.web.app import create_app
from salon.web.guard import UNLIMITED
from tests.web.postgres import db_url, postgres, postgres_url  # noqa: F401  (fixtures of both backends)


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app("sqlite://", bot_delay=0, allow_seed=True, limits=UNLIMITED)) as c:
        yield c
