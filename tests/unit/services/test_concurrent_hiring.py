"""Coaches hiring into one team at the same moment: the treasury and the shirt numbers hold.

Several processes open the same league (a SQLite file, and a PostgreSQL database when the
run has a server), wait at a common start line and hire at once. Before the team lock,
each checked the treasury and the free numbers before any of them wrote, so four players
were hired with money for three and two wore #12.
"""

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy.exc import IntegrityError

from league_manager.core.errors import RuleViolation
from league_manager.persistence.database import make_engine, session_scope
from league_manager.persistence.migrate import migrate
from league_manager.persistence.models import Player
from league_manager.rules.draft import DraftPlan
from league_manager.services.facade import Services

# 7 x 50k + 4 x 85k + 2 re-rolls x 50k + apothecary 50k = 840k: 160k left, three linemen.
PLAN = DraftPlan("human", {"Lineman": 7, "Blitzer": 4}, rerolls=2, apothecary=True)
COACHES = 4


def test_parallel_hires_never_overspend_or_share_a_number(
    services: Services, league: str, at_once: Callable[[Services, str, int], list[str]]
) -> None:
    team = services.teams.draft_team(league, "Reavers", "Bob", PLAN).value.id
    answers = at_once(services, f"services.roster.hire_player({team}, 'Lineman')", COACHES)
    view = services.teams.get_team(team)
    ledger = services.teams.treasury_ledger(team)
    assert answers == ["done"] * 3 + ["refused treasury"]
    assert view.treasury == 10_000 == sum(row.amount for row in ledger)
    numbers = [p.number for p in view.players]
    assert len(view.players) == 14
    assert len(set(numbers)) == len(numbers)


def test_the_database_refuses_two_active_players_with_one_number(services: Services, league: str) -> None:
    team = services.teams.draft_team(league, "Reavers", "Bob", PLAN).value.id
    taken = services.teams.get_team(team).players[0].number
    with pytest.raises(IntegrityError), session_scope(services.engine) as session:
        session.add(Player(team_id=team, number=taken, name="Twin", position="Human Lineman", cost=50_000))
        session.flush()


def test_a_fired_player_frees_his_number(services: Services, league: str) -> None:
    team = services.teams.draft_team(league, "Reavers", "Bob", PLAN).value.id
    services.teams.set_first_match_played(team)
    first = services.teams.get_team(team).players[0]
    services.roster.fire_player(first.id)
    with pytest.raises(RuleViolation):
        services.roster.set_number(services.teams.get_team(team).players[0].id, 100)
    hired = services.roster.hire_player(team, "Lineman", number=first.number).value
    assert sum(1 for p in hired.players if p.number == first.number) == 1


@pytest.mark.sqlite_only
def test_the_migration_renumbers_shared_numbers_of_older_files(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    services = Services.open(path)
    league = services.leagues.create_league("Old").value.name
    team = services.teams.draft_team(league, "Reavers", "Bob", PLAN).value.id
    services.close()
    with sqlite3.connect(path) as conn:  # as a file written by two racing coaches before 0005
        conn.execute("DROP INDEX uq_player_team_number_active")
        conn.execute("UPDATE player SET number = 12 WHERE id IN (SELECT id FROM player LIMIT 2)")
        for table, column in (
            ("team", "ruleset_id"),
            ("season", "ruleset_id"),
            ("season", "ruleset_version"),
        ):
            conn.execute(f"ALTER TABLE {table} DROP COLUMN {column}")  # added by 0006
        conn.execute("UPDATE alembic_version SET version_num = '0004'")
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
    services = Services.open(path)
    numbers = [p.number for p in services.teams.get_team(team).players]
    services.close()
    assert len(numbers) == 11 and len(set(numbers)) == 11 and 12 in numbers
