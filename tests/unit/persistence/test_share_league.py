"""Sharing a league on a PostgreSQL server: the copy is equal, and the server enforces who writes what.

The server tests use the test run's throw-away PostgreSQL (``LM_TEST_PG_URL``; ./test.sh
starts one, with trust authentication, so logins need no password here) and skip without it.
"""

import io
import json
import threading
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.exc import DBAPIError
from sqlmodel import SQLModel

from league_manager.core import secret_files
from league_manager.core.errors import NotAllowed
from league_manager.persistence.league_copy import LEAGUE_ROWS, NOT_COPIED, league_rows
from league_manager.services import sharing
from league_manager.services.facade import Services
from tests.share_setup import (
    LEAGUE,
    a_result,
    add_coaches,
    add_member,
    as_role,
    cli,
    season_league_file,
)
from tests.share_setup import share as share_league


def test_every_table_is_either_copied_or_named_as_not_copied() -> None:
    tables = set(SQLModel.metadata.tables)
    assert set(LEAGUE_ROWS) | set(NOT_COPIED) == tables
    assert not set(LEAGUE_ROWS) & set(NOT_COPIED)


def test_the_copy_reads_the_same_row_for_row(shared: tuple[str, Path]) -> None:
    server, league_file = shared
    here, there = create_engine(f"sqlite:///{league_file}"), create_engine(server)
    with here.connect() as a, there.connect() as b:
        assert league_rows(a, 1) == league_rows(b, 1)
        assert len(league_rows(b, 1)["player"]) > 80
    here.dispose()
    there.dispose()


def test_a_server_holding_the_league_is_refused_unless_replaced(shared: tuple[str, Path]) -> None:
    server, league_file = shared
    code, _, err = cli("--db", str(league_file), "share", LEAGUE, "--server", server)
    assert code == 1 and "already holds" in err
    code, out, err = cli("--db", str(league_file), "share", LEAGUE, "--server", server, "--replace")
    assert code == 0, err
    assert out.startswith("replaced")


def _team_ids(server: str) -> dict[str, int]:
    engine = create_engine(server)
    with engine.connect() as conn:
        found = {name: int(i) for i, name in conn.execute(text("SELECT id, name FROM team"))}
    engine.dispose()
    return found


def test_each_role_writes_only_what_the_server_allows(shared: tuple[str, Path]) -> None:
    server, _ = shared
    teams = _team_ids(server)
    own, other = teams["Gutrot Ironjaws"], teams["Middenheim Marauders"]
    add_coaches(server, {"lmt_bo": "Gutrot Ironjaws"})
    add_member(server, "viewer", "lmt_vi")
    code, out, _ = cli("--db", server, "share", "list")
    assert code == 0 and "lmt_bo: coach of Gutrot Ironjaws" in out and "lmt_vi: viewer" in out
    listed = json.loads(cli("--db", server, "share", "list", "--json")[1])
    assert {"role": "lmt_bo", "kind": "coach", "team": "Gutrot Ironjaws"} in listed
    coach = create_engine(as_role(server, "lmt_bo"))
    entry = (
        "INSERT INTO treasuryentry (team_id, amount, reason, source, created_at) "
        "VALUES (:t, 1000, 'x', 'correction', now())"
    )
    with coach.begin() as conn:
        conn.execute(text(entry), {"t": own})
    with pytest.raises(DBAPIError, match="row-level security"), coach.begin() as conn:
        conn.execute(text(entry), {"t": other})
    with coach.begin() as conn:  # another team's players are out of reach: nothing changes
        changed = conn.execute(
            text("UPDATE player SET name = 'Stolen' WHERE team_id = :t"), {"t": other}
        ).rowcount
        assert changed == 0
        assert conn.execute(text("SELECT COUNT(*) FROM player WHERE team_id = :t"), {"t": other}).scalar() > 0
    with pytest.raises(DBAPIError, match="permission denied"), coach.begin() as conn:
        conn.execute(text("UPDATE league SET settings_json = '{}'"))
    with coach.begin() as conn:  # fixtures change only in a match step the server opened
        assert conn.execute(text("UPDATE fixture SET note = 'mine'")).rowcount == 0
    coach.dispose()
    viewer = create_engine(as_role(server, "lmt_vi"))
    with viewer.connect() as conn:
        assert conn.execute(text("SELECT COUNT(*) FROM player")).scalar() > 80
    with pytest.raises(DBAPIError, match="permission denied"), viewer.begin() as conn:
        conn.execute(text(entry), {"t": own})
    viewer.dispose()
    add_member(server, "commissioner", "lmt_com")
    commissioner = create_engine(as_role(server, "lmt_com"))
    with commissioner.begin() as conn:  # the commissioner writes every team, and the league
        conn.execute(text(entry), {"t": other})
        conn.execute(text(entry), {"t": own})
        conn.execute(text("UPDATE league SET settings_json = settings_json"))
    commissioner.dispose()
    from_app = Services.open(as_role(server, "lmt_vi"))
    try:
        with pytest.raises(NotAllowed, match="a viewer changes nothing"):
            from_app.roster.hire_staff("Gutrot Ironjaws", "cheerleader")
        assert from_app.access == "lmt_vi, viewer"
    finally:
        from_app.close()
    assert cli("--db", server, "share", "remove", "lmt_vi")[0] == 0
    assert "lmt_vi" not in cli("--db", server, "share", "list")[1]


def test_a_coach_hires_into_their_own_team_from_the_app_and_not_into_another(
    shared: tuple[str, Path],
) -> None:
    server, _ = shared
    add_coaches(server, {"lmt_bo": "Gutrot Ironjaws"})
    admin = create_engine(server)
    with admin.begin() as conn:  # the commissioner pays both teams a prize to spend
        conn.execute(
            text(
                "INSERT INTO treasuryentry (team_id, amount, reason, source, created_at) "
                "SELECT id, 50000, 'prize', 'prize', now() FROM team"
            )
        )
    admin.dispose()
    services = Services.open(as_role(server, "lmt_bo"))
    try:
        before = services.teams.get_team("Gutrot Ironjaws")
        services.roster.hire_staff("Gutrot Ironjaws", "cheerleader")
        assert services.teams.get_team("Gutrot Ironjaws").treasury < before.treasury
        other = services.teams.get_team("Middenheim Marauders")
        with pytest.raises(
            NotAllowed, match="Middenheim Marauders belong to Ada; you may change only Gutrot Ironjaws"
        ):
            services.roster.hire_staff("Middenheim Marauders", "cheerleader")
        assert services.teams.get_team("Middenheim Marauders").treasury == other.treasury
    finally:
        services.close()


def test_two_coaches_writing_their_own_teams_at_once_lose_nothing(shared: tuple[str, Path]) -> None:
    server, _ = shared
    teams = _team_ids(server)
    coaches = {"lmt_a": "Gutrot Ironjaws", "lmt_b": "Middenheim Marauders"}
    add_coaches(server, coaches)
    failures: list[BaseException] = []

    def write(role: str, team_id: int) -> None:
        engine = create_engine(as_role(server, role))
        try:
            for _ in range(40):
                with engine.begin() as conn:
                    conn.execute(
                        text(
                            "INSERT INTO treasuryentry (team_id, amount, reason, source, created_at) "
                            "VALUES (:t, 1, 'bench', 'correction', now())"
                        ),
                        {"t": team_id},
                    )
        except BaseException as exc:  # reported below
            failures.append(exc)
        finally:
            engine.dispose()

    threads = [threading.Thread(target=write, args=(r, teams[t])) for r, t in coaches.items()]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    engine = create_engine(server)
    with engine.connect() as conn:
        for team in coaches.values():
            count = conn.execute(
                text("SELECT COUNT(*) FROM treasuryentry WHERE reason = 'bench' AND team_id = :t"),
                {"t": teams[team]},
            ).scalar()
            assert count == 40
    engine.dispose()


def test_a_match_runs_through_the_servers_steps_and_counts_once_the_other_coach_confirms(
    shared_season: tuple[str, int],
) -> None:
    server, fixture = shared_season
    bo, ada, cy = (Services.open(as_role(server, r)) for r in ("lmt_bo", "lmt_ada", "lmt_cy"))
    try:
        with pytest.raises(NotAllowed, match="only the coaches of fixture"):
            cy.match_day.pregame(fixture, seed=3)
        view = bo.match_day.pregame(fixture, seed=3).value  # writes both teams (fan factor, inducements)
        bo.match_day.record(fixture, a_result(view.snapshots))
        with pytest.raises(NotAllowed, match="counts once the other coach"):
            bo.match_day.postgame(fixture, seed=5)
        with pytest.raises(NotAllowed, match="you entered the result"):
            sharing.confirm_result(bo.engine, fixture)
        sharing.confirm_result(ada.engine, fixture)
        bo.match_day.postgame(fixture, seed=5)  # both teams' winnings, SPP, in one transaction
        assert [c["status"] for c in sharing.result_claims(bo.engine)] == ["confirmed"]
    finally:
        for svc in (bo, ada, cy):
            svc.close()


def test_a_coach_cannot_reach_the_opponents_rows_or_confirm_their_own_result_from_raw_sql(
    shared_season: tuple[str, int],
) -> None:
    server, fixture = shared_season
    teams = _team_ids(server)
    bo = create_engine(as_role(server, "lmt_bo"))
    with pytest.raises(DBAPIError, match="permission denied"), bo.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO league_share.result_claim (fixture_id, entered_by, status) "
                "VALUES (:f, 'lmt_ada', 'confirmed')"
            ),
            {"f": fixture},
        )
    with pytest.raises(DBAPIError, match="no result waiting for its post-game"), bo.begin() as conn:
        conn.execute(text("SELECT league_share.open_match_step(:f, 'postgame')"), {"f": fixture})
    with bo.begin() as conn:  # outside a match step the opponent's rows stay out of reach
        gone = conn.execute(
            text("DELETE FROM player WHERE team_id = :t"), {"t": teams["Middenheim Marauders"]}
        )
        assert gone.rowcount == 0
    bo.dispose()
    ada_services = Services.open(as_role(server, "lmt_ada"))
    view = ada_services.match_day.pregame(fixture, seed=3).value
    ada_services.match_day.record(fixture, a_result(view.snapshots))
    ada_services.close()
    ada = create_engine(as_role(server, "lmt_ada"))
    with pytest.raises(DBAPIError, match="you entered the result"), ada.begin() as conn:
        conn.execute(text("SELECT league_share.confirm_result(:f)"), {"f": fixture})
    ada.dispose()
    bo = create_engine(as_role(server, "lmt_bo"))
    with bo.begin() as conn:
        conn.execute(
            text("SELECT league_share.dispute_result(:f, CAST(:v AS jsonb))"),
            {"f": fixture, "v": '{"home": {"score": 0}}'},
        )
    bo.dispose()
    owner = create_engine(server)
    claims = sharing.result_claims(owner)
    owner.dispose()
    assert claims[0]["status"] == "disputed"
    assert claims[0]["disputed_version"] == {"home": {"score": 0}}
    assert claims[0]["entered_version"]["home_td"] == 1
    commissioner = create_engine(as_role(server, "lmt_com"))
    with commissioner.begin() as conn:
        conn.execute(text("SELECT league_share.confirm_result(:f)"), {"f": fixture})
    commissioner.dispose()


def test_a_generated_password_goes_to_a_file_only_the_user_reads_and_is_never_printed(
    shared: tuple[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    server, _ = shared
    monkeypatch.setattr("sys.stdin", io.StringIO())  # no terminal
    monkeypatch.setattr(secret_files.platformdirs, "user_data_path", lambda _app: tmp_path / "data")
    code, out, err = cli("--db", server, "share", "add-coach", LEAGUE, "lmt_bo", "--team", "Gutrot Ironjaws")
    assert code == 0, err
    written = tmp_path / "data" / "passwords" / "lmt_bo.password"
    assert str(written) in out
    password = written.read_text(encoding="utf-8").strip()
    assert len(password) >= 20 and password not in out + err
    assert written.stat().st_mode & 0o777 == 0o600
    given = tmp_path / "given.txt"
    given.write_text("correct horse battery\n", encoding="utf-8")
    code, out, err = cli(
        "--db", server, "share", "add-viewer", LEAGUE, "lmt_vi", "--password-file", str(given)
    )
    assert code == 0 and "correct horse" not in out + err
    admin = create_engine(server)
    with admin.connect() as conn:
        found = conn.execute(text("SELECT rolname, rolpassword FROM pg_authid WHERE rolname LIKE 'lmt_%'"))
        hashes = {str(r[0]): r[1] for r in found}
    admin.dispose()
    assert all(str(h).startswith("SCRAM-SHA-256$") for h in hashes.values()) and len(hashes) == 2


def test_a_coach_redrafts_their_own_team_and_not_another(
    server: str, demo_file: Path, tmp_path: Path
) -> None:
    from league_manager.services.demo import DEMO_LEAGUE
    from league_manager.services.redraft_models import RedraftChoice
    from league_manager.services.season_results import ResultEntry

    league_file = tmp_path / "seasons.db"
    season_league_file(demo_file, league_file)
    svc = Services.open(league_file)
    try:  # season S played and closed, season T opened with the same teams
        for f in svc.seasons.fixtures("S"):
            svc.seasons.set_result(f.id or 0, ResultEntry(home_td=1, away_td=0))
        svc.season_end.close_season("S")
        svc.seasons.create_season(DEMO_LEAGUE, "T", seed=12)
        svc.seasons.add_teams("T", ["Middenheim Marauders", "Gutrot Ironjaws"])
    finally:
        svc.close()
    share_league(league_file, server)
    add_coaches(server, {"lmt_bo": "Gutrot Ironjaws"})
    bo = Services.open(as_role(server, "lmt_bo"))
    try:
        with pytest.raises(NotAllowed, match="you may change only Gutrot Ironjaws"):
            bo.redraft.apply("Middenheim Marauders", "T", seed=1)
        lighter = RedraftChoice(rerolls=0)  # within the budget
        done = bo.redraft.apply("Gutrot Ironjaws", "T", lighter, seed=1).value
        assert done.applied
        bo.redraft.undo("Gutrot Ironjaws", "T")  # and takes it back before playing
        assert bo.redraft.apply("Gutrot Ironjaws", "T", lighter, seed=2).value.applied
    finally:
        bo.close()
