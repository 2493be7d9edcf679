"""Alembic migrations of the league database (run at start-up, after a backup)."""
