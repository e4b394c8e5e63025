"""``salon serve``'s options, up to the moment the server would start: the database password
from the environment or a file rather than the command line (with a warning when it is
given there), the bots a server offers by where it listens, the proxies and rates checked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from salon.web import server
from tests.cli.conftest import Run

SECRET = "s3cret-Pw"


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """What ``server.run`` would have been given (nothing is started, nothing is opened)."""
    seen: dict[str, Any] = {}
    monkeypatch.setattr(server, "check_port", lambda host, port: None)
    monkeypatch.setattr(server, "check_database", lambda db: None)
    monkeypatch.setattr(server, "run", lambda host, port, db, bot_delay, limits, timeout, **extra: seen.update(
        db=db, limits=limits, **extra))
    return seen


def test_a_password_on_the_command_line_is_warned_about(run: Run, started: dict[str, Any]) -> None:
    result = run("serve", "--db", f"postgresql://salon:{SECRET}@/salon")
    assert result.exit_code == 0, result.output
    assert "warning: the database password on the command line" in result.output
    assert SECRET in started["db"] and SECRET not in result.output  # the start-up line hides it


def test_the_password_comes_from_a_file(run: Run, started: dict[str, Any], tmp_path: Path) -> None:
    secret = tmp_path / "password"
    secret.write_text(SECRET + "\n")
    result = run("serve", "--db", "postgresql://salon@db.example/salon", "--db-password-file", str(secret))
    assert result.exit_code == 0, result.output
    assert started["db"] == f"postgresql://salon:{SECRET}@db.example/salon" and "warning" not in result.output


def test_the_url_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch, run: Run,
                                            started: dict[str, Any]) -> None:
    monkeypatch.setenv("SALON_DB_URL", f"postgresql://salon:{SECRET}@/salon")
    result = run("serve")
    assert result.exit_code == 0 and "warning" not in result.output
    assert started["db"] == f"postgresql://salon:{SECRET}@/salon"


def test_a_password_file_needs_a_postgresql_url(run: Run, started: dict[str, Any], tmp_path: Path) -> None:
    secret = tmp_path / "password"
    secret.write_text(SECRET)
    result = run("serve", "--db", "sqlite:///games.db", "--db-password-file", str(secret))
    assert result.exit_code == 1 and "--db-password-file is for a PostgreSQL database" in result.output
    assert started == {}


@pytest.mark.parametrize(("arguments", "local"), [
    (["--host", "127.0.0.1"], True),
    (["--host", "0.0.0.0"], False),
    (["--host", "127.0.0.1", "--proxy", "127.0.0.1"], False),  # behind nginx: the whole Internet
    (["--host", "::1", "--proxy", "10.0.0.0/8"], False),
])
def test_bots_with_parameters_and_bot_tables_only_on_a_server_for_this_computer(
        run: Run, started: dict[str, Any], arguments: list[str], local: bool) -> None:
    result = run("serve", *arguments, "--max-bot-think", "2")
    assert result.exit_code == 0, result.output
    limits = started["limits"]
    assert limits.custom_bots is local and limits.allow_bot_tables is local and limits.max_bot_think == 2
    assert ("other computers can reach this server" in result.output) is not local


def test_a_public_server_plays_every_bot_only_when_told_to(run: Run, started: dict[str, Any]) -> None:
    assert run("serve", "--proxy", "127.0.0.1", "--allow-bot-parameters", "--allow-bot-tables").exit_code == 0
    assert started["limits"].custom_bots and started["limits"].allow_bot_tables


def test_proxies_and_rates_are_checked(run: Run, started: dict[str, Any]) -> None:
    result = run("serve", "--proxy", "proxy.example")
    assert result.exit_code == 2 and "not an IP address" in result.output
    result = run("serve", "--hint-rate", "often")
    assert result.exit_code == 2 and "'often' is not a rate" in result.output
    assert run("serve", "--proxy", "10.0.0.0/8", "--proxy", "::1").exit_code == 0
    assert str(started["proxies"]) == "10.0.0.0/8,::1/128"
