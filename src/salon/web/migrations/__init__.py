"""The schema of the game store and its history, as Alembic revisions.

Every revision is a file in ``versions/``; the store opens by moving the database forward to
the newest one (:func:`salon.web.storage.Database`), inside one transaction, so a failed
migration leaves the database as it was.  Revisions only move forward: an older salon
refuses a newer database instead of guessing at it.  A new revision names the previous one
as its ``down_revision`` and changes the tables with Alembic's ``op`` (its batch mode for
SQLite, which cannot alter a column in place); the tables of ``salon.web.storage`` then
describe its result, which tests/web/test_storage.py compares against the migrated schema.
"""

from __future__ import annotations

from pathlib import Path

SCRIPTS = Path(__file__).parent
"""The Alembic script directory: this package, with env.py and versions/."""

LEGACY = "0001"
"""The revision of databases written before the schema carried a version: the three tables
of revision 0001 and no ``alembic_version``."""
