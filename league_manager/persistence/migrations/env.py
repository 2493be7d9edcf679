"""Alembic environment: runs on the connection the program hands over (or a URL for developers)."""

from alembic import context
from sqlalchemy import engine_from_config, pool
from sqlmodel import SQLModel

import league_manager.persistence.board_models
import league_manager.persistence.event_models
import league_manager.persistence.league_rules_models
import league_manager.persistence.match_day_models
import league_manager.persistence.season_close_models
import league_manager.persistence.season_models
import league_manager.persistence.team_board_models
import league_manager.persistence.tracker_models  # noqa: F401  (registers the board and tracker tables)
from league_manager.persistence import models  # noqa: F401  (registers the tables)

config = context.config
target_metadata = SQLModel.metadata


def _configure(connection: object) -> None:
    context.configure(
        connection=connection,  # type: ignore[arg-type]
        target_metadata=target_metadata,
        render_as_batch=True,
        compare_type=True,
    )


def run_migrations_online() -> None:
    """Upgrade on the program's connection, or on one opened from ``sqlalchemy.url``."""
    connection = config.attributes.get("connection")
    if connection is not None:
        _configure(connection)
        with context.begin_transaction():
            context.run_migrations()
        return
    connectable = engine_from_config(
        config.get_section(config.config_ini_section, {}),
        prefix="sqlalchemy.",
        poolclass=pool.NullPool,
    )
    with connectable.connect() as conn:
        _configure(conn)
        with context.begin_transaction():
            context.run_migrations()


run_migrations_online()
