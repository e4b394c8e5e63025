"""Alembic's entry point: runs the revisions on the connection that the store passes in
``config.attributes["connection"]``, inside the transaction the store has begun."""

from alembic import context

context.configure(connection=context.config.attributes["connection"])
with context.begin_transaction():
    context.run_migrations()
