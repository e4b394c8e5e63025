"""``salon admin`` on a database file: the reports listed with their context and handled, an
account suspended (signed out, no new sign-in) and deleted, a rating reset, and every rating
rebuilt and checked."""

from __future__ import annotations

import json
from typing import Any

import pytest
import sqlalchemy as sa

from salon.web.accounts import store
from salon.web.standing.outcome import Outcome, Placed
from salon.web.standing.record import finish
from salon.web.storage import Database
from salon.web.storage.schema import ACCOUNT_SESSIONS, ACCOUNTS, RATING_CHANGES, RATINGS, REPORTS
from tests.cli.conftest import Run
from tests.web.postgres import db_url, postgres, postgres_url  # noqa: F401  (fixtures of both backends)


@pytest.fixture
def admin_db(db_url: str) -> str:  # noqa: F811
    """A database (a SQLite file, a PostgreSQL schema) of Ann and Bea, a rated game of theirs,
    and Bea's report of Ann's message."""
    url = db_url
    db = Database(url)
    with db.conn.begin():
        for name in ("Ann", "Bea"):
            account = store.create(db, name, f"{name.lower()}@example.org", "x", "en", 1.0)
            store.open_session(db, f"cookie-{name}", account, 1.0, "")
        ann, bea = (store.by_handle(db, h).id for h in ("ann", "bea"))
        finish(db, Outcome("g1", "necklace", "necklace", True,
                           (Placed(0, ann, 1, "finished"), Placed(1, bea, 2, "finished"))), 10.0)
        context = {"reported": 2, "messages": [{"id": 1, "name": "Bea", "text": "hello"},
                                               {"id": 2, "name": "Ann", "text": "something rude"}]}
        db.conn.execute(REPORTS.insert().values(id="r1", reporter=bea, account=ann, game_id="g1", message=2,
                                                text="rude", context=json.dumps(context), at=20.0))
    db.close()
    return url


def rows(url: str, table: sa.Table) -> list[Any]:
    db = Database(url)
    try:
        return list(db.conn.execute(sa.select(table)))
    finally:
        db.close()


def test_a_report_is_listed_with_its_context_and_handled(run: Run, admin_db: str) -> None:
    listed = run("admin", "reports", "--db", admin_db)
    assert listed.exit_code == 0, listed.output
    assert "r1" in listed.output and "bea reports ann at table g1" in listed.output
    assert "they wrote: rude" in listed.output and "> Ann: something rude" in listed.output
    assert "  Bea: hello" in listed.output
    handled = run("admin", "handle", "r1", "--note", "warned", "--db", admin_db)
    assert handled.exit_code == 0 and "handled" in handled.output
    assert "no open reports" in run("admin", "reports", "--db", admin_db).output
    assert "note: warned" in run("admin", "reports", "--all", "--db", admin_db).output
    missing = run("admin", "handle", "nope", "--db", admin_db)
    assert missing.exit_code == 1 and "no report has the id" in missing.stderr


def test_a_suspended_account_is_signed_out_and_a_deleted_one_is_gone(run: Run, admin_db: str) -> None:
    assert run("admin", "suspend", "ANN", "--db", admin_db).exit_code == 0
    [ann] = [r for r in rows(admin_db, ACCOUNTS) if r.handle == "ann"]
    assert ann.suspended and {r.account for r in rows(admin_db, ACCOUNT_SESSIONS)} == {
        r.id for r in rows(admin_db, ACCOUNTS) if r.handle == "bea"}
    assert run("admin", "suspend", "ann", "--undo", "--db", admin_db).exit_code == 0
    assert not next(r for r in rows(admin_db, ACCOUNTS) if r.handle == "ann").suspended
    assert run("admin", "delete", "ann", "--yes", "--db", admin_db).exit_code == 0
    assert [r.handle for r in rows(admin_db, ACCOUNTS)] == ["bea"]
    gone = run("admin", "suspend", "ann", "--db", admin_db)
    assert gone.exit_code == 1 and "no account has the handle 'ann'" in gone.stderr


def test_a_reset_rating_is_kept_in_the_history_and_the_ratings_check(run: Run, admin_db: str) -> None:
    checked = run("admin", "ratings", "--db", admin_db)
    assert checked.exit_code == 0 and "1 rated games" in checked.output and "every rating matches" in checked.output
    assert "reset necklace" in run("admin", "reset", "ann", "--db", admin_db).output
    assert {r.game_id.split(":")[0] for r in rows(admin_db, RATING_CHANGES)} == {"g1", "reset"}
    assert run("admin", "ratings", "--db", admin_db).exit_code == 0
    db = Database(admin_db)
    with db.conn.begin():
        db.conn.execute(RATINGS.update().values(mu=99.0))
    db.close()
    differs = run("admin", "ratings", "--db", admin_db)
    assert differs.exit_code == 1 and "differs: rating of" in differs.output
    assert run("admin", "ratings", "--rebuild", "--db", admin_db).exit_code == 0
    assert run("admin", "ratings", "--db", admin_db).exit_code == 0
