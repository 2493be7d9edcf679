"""Re-drafting a team between seasons: the preview, the re-draft with its ledger rows and rolls,
and the refusals (season not closed, re-drafted already, over budget)."""

import io
import json
from pathlib import Path

import pytest
from sqlmodel import Session

from league_manager.cli.context import CliContext
from league_manager.cli.main import main
from league_manager.core.errors import RuleViolation
from league_manager.persistence import repositories as repo
from league_manager.services.demo import DEMO_LEAGUE, DEMO_TEAMS
from league_manager.services.facade import Services
from league_manager.services.redraft_models import RedraftChoice
from league_manager.services.season_next import next_season
from league_manager.services.season_results import ResultEntry

TEAMS = [name for _race, name, _coach in DEMO_TEAMS]


def closed_season(svc: Services) -> None:
    """Season One of four teams, every game won by the team listed first in TEAMS, 1-0."""
    svc.seasons.create_season(DEMO_LEAGUE, "One", seed=3)
    svc.seasons.add_teams("One", TEAMS[:4])
    svc.seasons.schedule("One", "round-robin")
    for f in svc.seasons.fixtures("One"):
        first = TEAMS.index(f.home or "") < TEAMS.index(f.away or "")
        svc.seasons.set_result(f.id or 0, ResultEntry(home_td=int(first), away_td=int(not first)))


def hurt(svc: Services, team: str) -> tuple[int, int]:
    """Give the team's #1 a niggling injury and a missed game, and retire #2 with -MA."""
    with Session(svc.engine) as session:
        row = repo.find_team(team, session=session)
        players = {p.number: p for p in repo.players_of([row.id or 0], session=session)}
        one, two = players[1], players[2]
        repo.add_status(one, "niggling", "test injury", "correction", session=session, delta=1)
        repo.add_status(one, "mng", "test injury", "correction", session=session)
        repo.add_status(two, "characteristic", "test injury", "correction", session=session,
                        characteristic="MA", delta=-1)  # fmt: skip
        repo.add_status(two, "retired", "test retirement", "correction", session=session)
        session.commit()
        return one.id or 0, two.id or 0


def test_a_redraft_needs_the_last_season_closed_and_happens_once(demo: Services) -> None:
    closed_season(demo)
    demo.seasons.create_season(DEMO_LEAGUE, "Two", seed=4)
    demo.seasons.add_teams("Two", TEAMS[:4])
    with pytest.raises(RuleViolation, match="One is not closed"):
        demo.redraft.preview(TEAMS[0], "Two")
    demo.season_end.close_season("One")
    with pytest.raises(RuleViolation, match="first season"):
        demo.redraft.preview(TEAMS[0], "One")
    with pytest.raises(RuleViolation, match="not entered in Two"):
        demo.redraft.preview(TEAMS[5], "Two")
    demo.redraft.apply(TEAMS[0], "Two", seed=1)
    with pytest.raises(RuleViolation, match="already re-drafted for Two"):
        demo.redraft.apply(TEAMS[0], "Two", seed=1)


def test_the_redraft_writes_budget_rehires_releases_and_rolls(demo: Services) -> None:
    closed_season(demo)
    demo.season_end.close_season("One")
    next_season(demo.seasons, "One", "Two", seed=4)
    team = TEAMS[0]  # won all three games
    one_id, two_id = hurt(demo, team)
    before = demo.teams.get_team(team)
    plan = demo.redraft.preview(team, "Two", RedraftChoice(release=("3",)))
    assert plan.record == (3, 3, 0)
    assert plan.budget.total == 1_000_000 + before.treasury + 3 * 20_000 + 3 * 20_000
    by_number = {p.number: p for p in plan.players}
    assert not by_number[3].keep and by_number[4].keep
    assert by_number[4].cost == by_number[4].value + 20_000 and by_number[4].seasons == 1
    assert by_number[2].status == "retired" and by_number[2].cost == by_number[2].value
    assert by_number[1].rolls_needed == 1 and by_number[2].rolls_needed == 1
    assert demo.teams.get_team(team).treasury == before.treasury  # a preview writes nothing

    apothecary = 1 if before.apothecary else 0
    with pytest.raises(RuleViolation, match="3 dice were typed in; the re-draft rolled 2"):
        demo.redraft.apply(team, "Two", RedraftChoice(release=("3",)), typed=[4, 1, 5])
    # niggling roll for #1 (4 - apothecary: removed), then #2's MA (1: stays)
    done = demo.redraft.apply(team, "Two", RedraftChoice(release=("3",)), typed=[4 - apothecary, 1]).value
    assert done.applied and [r["success"] for r in done.rolls] == [True, False]
    after = demo.teams.get_team(team)
    assert after.treasury == done.left == plan.left
    assert sum(row.amount for row in demo.teams.treasury_ledger(team)) == after.treasury
    players = {p.number: p for p in after.players}
    assert 3 not in players and players[1].niggling == 0 and not players[1].misses_next_game
    assert players[2].status == "active" and "-MA" in players[2].injuries and players[2].niggling == 0
    history = " | ".join(e.text for e in demo.history.team_history(team))
    assert "released in the re-draft for Two" in history and "One: first place prize" in history
    with Session(demo.engine) as session:
        for pid in (one_id, two_id):
            assert (
                repo.rebuild_player_status(pid, session=session)
                == repo.get_player(pid, session=session).status
            )


def test_a_returning_player_who_restores_a_characteristic_gains_a_niggling_injury(demo: Services) -> None:
    closed_season(demo)
    demo.season_end.close_season("One")
    next_season(demo.seasons, "One", "Two", seed=4)
    team = TEAMS[1]
    hurt(demo, team)
    done = demo.redraft.apply(team, "Two", RedraftChoice(release=("1",)), typed=[6]).value
    assert [r["characteristic"] for r in done.rolls] == ["MA"] and done.rolls[0]["success"]
    returned = next(p for p in demo.teams.get_team(team).players if p.number == 2)
    assert "-MA" not in returned.injuries and returned.niggling == 1


def test_over_budget_and_the_cap_are_refused_with_the_numbers(demo: Services) -> None:
    closed_season(demo)
    demo.season_end.close_season("One")
    next_season(demo.seasons, "One", "Two", seed=4)
    demo.leagues.update_settings(DEMO_LEAGUE, {"redraft_budget_cap": 1_000_000})
    plan = demo.redraft.preview(TEAMS[0], "Two")
    assert plan.budget.total == 1_000_000 and plan.budget.capped_by > 0 and plan.left < 0
    with pytest.raises(RuleViolation, match=r"costs .* the budget is 1,000,000 gp .* over"):
        demo.redraft.apply(TEAMS[0], "Two")
    assert demo.redraft.preview(TEAMS[0], "Two").applied is False  # nothing was written
    rerolls = next(e.had for e in plan.extras if e.key == "rerolls")
    with pytest.raises(RuleViolation, match="keep between 0 and"):
        demo.redraft.preview(TEAMS[0], "Two", RedraftChoice(rerolls=rerolls + 1))
    with pytest.raises(RuleViolation, match="has no player 'Nobody'"):
        demo.redraft.preview(TEAMS[0], "Two", RedraftChoice(keep=("Nobody",)))


def test_team_redraft_on_the_command_line(tmp_path: Path) -> None:
    db = tmp_path / "league.db"

    def run(*argv: str) -> tuple[int, str, str]:
        out, err = io.StringIO(), io.StringIO()
        code = main(["--db", str(db), *argv], CliContext(stdout=out, stderr=err))
        return code, out.getvalue(), err.getvalue()

    assert run("demo")[0] == 0
    svc = Services.open(db)
    try:
        closed_season(svc)
        svc.season_end.close_season("One")
        next_season(svc.seasons, "One", "Two", seed=4)
    finally:
        svc.close()
    code, out, err = run("team", "redraft", TEAMS[2], "--season", "Two", "--release", "1,2")
    assert code == 0, err
    assert "Preview (nothing saved)" in out and "release #1" in out and "--yes" in out
    code, out, err = run("team", "redraft", TEAMS[2], "--season", "Two", "--release", "1", "--yes", "--seed",
                         "5", "--assistant-coaches", "0", "--cheerleaders", "0", "--json")  # fmt: skip
    assert code == 0, err
    data = json.loads(out)
    kept = {e["key"]: e["kept"] for e in data["extras"]}
    assert kept["assistant_coach"] == 0 and kept["cheerleader"] == 0
    assert (
        data["applied"]
        and data["left"] >= 0
        and not next(p for p in data["players"] if p["number"] == 1)["keep"]
    )
    code, _out, err = run("team", "redraft", TEAMS[2], "--season", "Two", "--yes")
    assert code != 0 and "already re-drafted" in err
    code, out, err = run("team", "redraft", TEAMS[2], "--season", "Two", "--undo")
    assert code == 0 and "taken back" in out, err


def test_a_redraft_is_taken_back_with_compensating_rows_and_can_be_made_again(demo: Services) -> None:
    closed_season(demo)
    demo.season_end.close_season("One")
    next_season(demo.seasons, "One", "Two", seed=4)
    team = TEAMS[0]
    hurt(demo, team)
    before = demo.teams.get_team(team)
    demo.redraft.apply(team, "Two", RedraftChoice(release=("3",), rerolls=0), typed=[6, 6])
    demo.redraft.undo(team, "Two")
    after = demo.teams.get_team(team)
    assert after.treasury == before.treasury and after.rerolls == before.rerolls
    assert [(p.number, p.status, p.niggling, p.injuries) for p in after.players] == [
        (p.number, p.status, p.niggling, p.injuries) for p in before.players
    ]
    assert sum(row.amount for row in demo.teams.treasury_ledger(team)) == after.treasury
    with pytest.raises(RuleViolation, match="not re-drafted for Two"):
        demo.redraft.undo(team, "Two")
    again = demo.redraft.apply(team, "Two", seed=2).value
    assert again.applied and demo.teams.get_team(team).treasury == again.left


def test_a_season3_league_redrafts_with_the_carried_over_numbers(services: Services) -> None:
    from league_manager.rules.draft import suggest_draft
    from league_manager.rules.loader import load_ruleset

    s3 = load_ruleset("bb2025")
    services.leagues.create_league("Third", ruleset_id="bb2025")
    services.leagues.update_settings("Third", {"redraft_budget_cap": 1_300_000})
    for name, coach, race in (("Knights", "Ann", "bretonnian"), ("Lads", "Bo", "human")):
        services.teams.draft_team("Third", name, coach, suggest_draft(s3, race))
    services.seasons.create_season("Third", "Year 1", entries=[("Knights", None), ("Lads", None)])
    services.seasons.schedule("Year 1", "round-robin")
    for f in services.seasons.fixtures("Year 1"):
        services.seasons.set_result(f.id or 0, ResultEntry(home_td=2, away_td=0))
    services.season_end.close_season("Year 1")
    next_season(services.seasons, "Year 1", "Year 2", seed=4)
    before = services.teams.get_team("Knights")
    plan = services.redraft.preview("Knights", "Year 2")
    won = plan.record[1]
    expected = 1_000_000 + before.treasury + plan.record[0] * 20_000 + won * 20_000
    assert plan.budget.total == min(expected, 1_300_000)  # the league's cap bites only above it
    keep = RedraftChoice(release=tuple(str(p.number) for p in plan.players[-4:]))  # agent fees ate the gold
    done = services.redraft.apply("Knights", "Year 2", keep, seed=2).value
    assert done.applied and services.teams.get_team("Knights").treasury == done.left
