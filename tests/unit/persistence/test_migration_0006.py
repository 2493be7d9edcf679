"""Migration 0006: seasons and teams of older files take their league's edition."""

import sqlite3
from pathlib import Path

from league_manager.persistence.database import make_engine
from league_manager.persistence.migrate import migrate
from league_manager.rules.draft import suggest_draft
from league_manager.rules.loader import load_ruleset
from league_manager.services.facade import Services


def test_older_seasons_and_teams_take_their_leagues_edition(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    services = Services.open(path)
    services.leagues.create_league("Third", ruleset_id="bb2025")
    services.teams.draft_team("Third", "Knights", "Ann", suggest_draft(load_ruleset("bb2025"), "bretonnian"))
    services.seasons.create_season("Third", "Year 1", entries=[("Knights", None)])
    services.close()
    with sqlite3.connect(path) as conn:  # as a file written before 0006
        for table, column in (
            ("team", "ruleset_id"),
            ("season", "ruleset_id"),
            ("season", "ruleset_version"),
        ):
            conn.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
        conn.execute("UPDATE alembic_version SET version_num = '0005'")
        for table in (
            "teamformation",
            "teamcolours",
            "trackermatch",
            "playoffseed",
            "seasonclose",
        ):  # tables of later revisions (0007, 0008, 0009)
            conn.execute(f"DROP TABLE {table}")
    conn.close()
    engine = make_engine(path)
    migrate(engine)
    engine.dispose()
    with sqlite3.connect(path) as conn:
        season = conn.execute("SELECT ruleset_id, ruleset_version FROM season").fetchone()
        team = conn.execute("SELECT ruleset_id FROM team").fetchone()
    conn.close()
    assert season == ("bb2025", load_ruleset("bb2025").version) and team == ("bb2025",)
