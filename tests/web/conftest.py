"""The in-process server of the web tests: FastAPI's TestClient on an in-memory database,
bots without delay, seeds chosen by the test, none of a public server's caps (their own
tests set them).  Their passwords are hashed at Argon2id's least cost (``cheap_hashes``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from pwdlib.hashers.argon2 import Argon2Hasher

from salon.web.accounts import passwords
from salon.web.app import create_app
from salon.web.caps import UNLIMITED
from tests.web.postgres import db_url, postgres, postgres_url  # noqa: F401  (fixtures of both backends)

REAL_HASHER = passwords.HASHER
CHEAP_HASHER = Argon2Hasher(time_cost=1, memory_cost=8, parallelism=1)


@pytest.fixture(autouse=True, scope="session")
def cheap_hashes() -> Iterator[None]:
    """The servers the tests make in their own process hash passwords with Argon2id at its
    least cost: the real one, a fifth of a second of a core a password, took a minute and a
    half of the suite.  ``real_hashes`` gives a test the server's own parameters back."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(passwords, "HASHER", CHEAP_HASHER)
        yield


@pytest.fixture
def real_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    """The server's own hasher, for a server made after this fixture (list it first)."""
    monkeypatch.setattr(passwords, "HASHER", REAL_HASHER)


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app("sqlite://", bot_delay=0, allow_seed=True, limits=UNLIMITED)) as c:
        yield c
