"""The read-only team list (plain sqlite3) gives the services' rows, and leaves other files to them."""

import sqlite3
from pathlib import Path

import pytest

from league_manager.core.errors import NotFound, RulesetVersionMismatch
from league_manager.persistence import repositories as repo
from league_manager.persistence.database import session_scope
from league_manager.persistence.models import Advancement, League, Player, TreasuryEntry
from league_manager.persistence.revisions import known_revisions
from league_manager.persistence.season_close_models import SeasonClose
from league_manager.rules.draft import DraftPlan
from league_manager.services.facade import Services
from league_manager.services.team_list import quick_team_list
from league_manager.services.team_views import summary_of


@pytest.fixture
def league_file(demo_file: Path, tmp_path: Path) -> Path:
    """A copy of the demo league with injured, retired, fired, improved players and staff, and
    the League Trophy held by the first team (the champion of a closed season)."""
    path = tmp_path / "demo.db"
    path.write_bytes(demo_file.read_bytes())
    services = Services.open(path)
    teams = services.teams.list_teams()
    first, second, third = (services.teams.get_team(t.id) for t in teams[:3])
    season = services.seasons.create_season(first.league_id, "Closed").value
    with session_scope(services.engine) as session:
        session.add(SeasonClose(season_id=season.id, league_id=first.league_id, champion_team_id=first.id,
                                table_json="[]", awards_json="[]"))  # fmt: skip
        for team in (first, second):
            session.add(TreasuryEntry(team_id=team.id, amount=100_000, reason="test", source="correction"))
        injured = session.get(Player, first.players[0].id)
        retired = session.get(Player, first.players[1].id)
        recovered = session.get(Player, second.players[0].id)
        assert injured is not None and retired is not None and recovered is not None
        repo.add_status(injured, "mng", "test", "correction", session=session)
        repo.add_status(retired, "retired", "test", "correction", session=session)
        repo.add_status(recovered, "mng", "test", "correction", session=session)
        repo.add_status(recovered, "recovered", "test", "correction", session=session)
        session.add(
            Advancement(player_id=second.players[2].id, kind="chosen_primary", skill="Block",
                        spp_cost=6, value_increase=20_000)
        )  # fmt: skip
        journeyman = Player(team_id=third.id, number=99, name="Loaned", position=third.players[1].position,
                            cost=0, status="active", journeyman=True)  # fmt: skip
        session.add(journeyman)
    services.roster.hire_staff(first.id, "cheerleader")
    services.roster.buy_reroll(second.id)
    services.roster.fire_player(third.players[0].id)
    other = services.leagues.create_league("Old Fans", settings={"dedicated_fans_in_tv": False}).value
    plan = DraftPlan("orc", {"Orc Lineman": 11}, rerolls=1)
    services.teams.draft_team(other.id, "Aardvark Axes", "Zed", plan)
    services.close()
    return path


def services_list(path: Path, league: str | int | None = None) -> list[object]:
    services = Services.open(path)
    try:
        return list(services.teams.list_teams(league))
    finally:
        services.close()


def test_the_listing_equals_the_services_rows(league_file: Path) -> None:
    rows = quick_team_list(league_file)
    assert rows is not None and len(rows) == 9
    assert rows == services_list(league_file)
    services = Services.open(league_file)
    try:  # the list's arithmetic agrees with the full team views (TV, CTV, available players)
        views = [services.teams.get_team(row.id) for row in rows]
        assert rows == [summary_of(view) for view in views]
        assert [v.trophy_rerolls for v in views].count(1) == 1  # the champion's counts in its TV
    finally:
        services.close()
    assert {r.players_available for r in rows} != {11}  # the injured and retired count as out
    for league in ("demo league", "Old Fans", rows[-1].league_id):
        assert quick_team_list(str(league_file), league) == services_list(league_file, league)


def test_an_unknown_league_is_refused_alike(league_file: Path) -> None:
    with pytest.raises(NotFound) as quick:
        quick_team_list(league_file, "Nowhere")
    with pytest.raises(NotFound) as orm:
        services_list(league_file, "Nowhere")
    assert str(quick.value) == str(orm.value)


def test_a_league_pinned_to_another_ruleset_version_is_refused(league_file: Path) -> None:
    services = Services.open(league_file)
    with session_scope(services.engine) as session:
        row = session.get(League, 1)
        assert row is not None
        row.ruleset_version = "2020.01"
    services.close()
    with pytest.raises(RulesetVersionMismatch, match="league upgrade-ruleset"):
        quick_team_list(league_file)


def test_urls_missing_files_and_files_to_migrate_are_left_to_the_services(
    league_file: Path, tmp_path: Path
) -> None:
    assert quick_team_list("postgresql://nobody@localhost/league") is None
    assert quick_team_list(tmp_path / "missing.db") is None
    assert not (tmp_path / "missing.db").exists()
    older = next(down for down in known_revisions().values() if down)
    with sqlite3.connect(league_file) as conn:
        conn.execute("UPDATE alembic_version SET version_num = ?", (older,))
    conn.close()
    before = league_file.read_bytes()
    assert quick_team_list(league_file) is None
    assert league_file.read_bytes() == before
    (tmp_path / "notes.txt").write_text("not a league")
    assert quick_team_list(tmp_path / "notes.txt") is None


def test_reading_leaves_no_files_beside_the_league(league_file: Path) -> None:
    before = sorted(p.name for p in league_file.parent.iterdir())
    assert quick_team_list(league_file)
    assert sorted(p.name for p in league_file.parent.iterdir()) == before
