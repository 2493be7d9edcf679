"""Season services: creating seasons, membership, scheduling with preview and commit, edits."""

from collections import Counter

import pytest
from sqlmodel import select

from league_manager.core.errors import NotFound, RuleViolation
from league_manager.persistence.models import Team
from league_manager.rules.draft import suggest_draft
from league_manager.rules.model import Ruleset
from league_manager.services.demo import DEMO_LEAGUE, DEMO_TEAMS
from league_manager.services.facade import Services
from league_manager.services.season_results import ResultEntry

TEAMS = [name for _race, name, _coach in DEMO_TEAMS]


def season_with(svc: Services, count: int, name: str = "S1", seed: int = 5) -> str:
    svc.seasons.create_season(DEMO_LEAGUE, name, seed=seed)
    svc.seasons.add_teams(name, TEAMS[:count])
    return name


def test_create_season_with_divisions_and_membership(demo: Services) -> None:
    outcome = demo.seasons.create_season(DEMO_LEAGUE, "2026", divisions=["North", "South"], seed=3)
    assert outcome.value.divisions == ("North", "South") and outcome.value.seed == 3
    assert outcome.changes.leagues == {outcome.value.league_id}
    with pytest.raises(RuleViolation, match="already has a season"):
        demo.seasons.create_season(DEMO_LEAGUE, "2026")
    with pytest.raises(RuleViolation, match="choose a division"):
        demo.seasons.add_teams("2026", TEAMS[:2])
    demo.seasons.add_teams("2026", TEAMS[:4], division="north")
    view = demo.seasons.add_teams("2026", TEAMS[4:], division="South").value
    assert Counter(t.division for t in view.teams) == {"North": 4, "South": 4}
    with pytest.raises(RuleViolation, match="already in"):
        demo.seasons.add_teams("2026", [TEAMS[0]], division="South")
    with pytest.raises(NotFound):
        demo.seasons.add_teams("2026", ["Nobody FC"], division="South")
    assert len(demo.seasons.remove_team("2026", TEAMS[7]).value.teams) == 7
    with pytest.raises(RuleViolation, match="not in this season"):
        demo.seasons.remove_team("2026", TEAMS[7])
    assert [s.name for s in demo.seasons.list_seasons(DEMO_LEAGUE)] == ["2026"]
    assert demo.seasons.get_season(view.id).name == "2026"


def test_season_created_with_its_teams_in_one_transaction(demo: Services) -> None:
    entries = [(TEAMS[0], "North"), (TEAMS[1], "south"), (TEAMS[2], "North")]
    outcome = demo.seasons.create_season(DEMO_LEAGUE, "Cup", ["North", "South"], seed=1, entries=entries)
    assert {t.name: t.division for t in outcome.value.teams} == {
        TEAMS[0]: "North",
        TEAMS[1]: "South",
        TEAMS[2]: "North",
    }
    assert len(outcome.changes.teams) == 3 and outcome.changes.leagues == {outcome.value.league_id}
    assert [c.name for c in demo.seasons.entry_candidates(DEMO_LEAGUE, "Cup")] == sorted(TEAMS[3:])


@pytest.mark.parametrize(
    ("entries", "refusal"),
    [
        ([(TEAMS[0], "North"), (TEAMS[1], "Nowhere")], NotFound),
        ([(TEAMS[0], "North"), (TEAMS[1], None)], RuleViolation),
        ([(TEAMS[0], "North"), (TEAMS[0], "South")], RuleViolation),
        ([(TEAMS[0], "North"), (TEAMS[7], "South")], RuleViolation),  # retired below
    ],
)
def test_a_refused_entry_creates_no_season(
    demo: Services, entries: list[tuple[str, str | None]], refusal: type[Exception]
) -> None:
    with demo.seasons.transaction() as session:
        team = session.exec(select(Team).where(Team.name == TEAMS[7])).one()
        team.retired = True
        session.add(team)
    with pytest.raises(refusal):
        demo.seasons.create_season(DEMO_LEAGUE, "Cup", ["North", "South"], entries=entries)
    assert demo.seasons.list_seasons(DEMO_LEAGUE) == []
    assert TEAMS[7] not in {c.name for c in demo.seasons.entry_candidates(DEMO_LEAGUE)}


def test_enter_and_remove_several_teams_at_once(demo: Services) -> None:
    demo.seasons.create_season(DEMO_LEAGUE, "Cup", ["North", "South"])
    view = demo.seasons.enter_teams("Cup", [(TEAMS[0], "North"), (TEAMS[1], "South")]).value
    assert {t.name: t.division for t in view.teams} == {TEAMS[0]: "North", TEAMS[1]: "South"}
    with pytest.raises(RuleViolation, match="already in"):
        demo.seasons.enter_teams("Cup", [(TEAMS[2], "North"), (TEAMS[1], "North")])
    assert len(demo.seasons.get_season("Cup").teams) == 2  # the first entry was rolled back too
    outcome = demo.seasons.remove_teams("Cup", [TEAMS[0], TEAMS[1]])
    assert outcome.value.teams == () and len(outcome.changes.teams) == 2


def test_season_view_counts_fixtures_and_dates_withdrawals(demo: Services) -> None:
    season = season_with(demo, 4)
    demo.seasons.schedule(season, "round-robin")
    demo.seasons.withdraw_team(season, TEAMS[0], "no coach")
    teams = {t.name: t for t in demo.seasons.get_season(season).teams}
    assert {t.fixtures for t in teams.values()} == {3}
    assert teams[TEAMS[0]].withdrawn_at is not None and teams[TEAMS[1]].withdrawn_at is None


def test_team_of_another_league_cannot_join(demo: Services, ruleset: Ruleset) -> None:
    demo.leagues.create_league("Other")
    demo.teams.draft_team("Other", "Outsiders", "Zed", suggest_draft(ruleset, "human"))
    season_with(demo, 2)
    with pytest.raises(NotFound):
        demo.seasons.add_teams("S1", ["Outsiders"])


def test_preview_writes_nothing_and_commit_is_complete(demo: Services) -> None:
    season = season_with(demo, 7)
    preview = demo.seasons.schedule(season, "round-robin", preview=True)
    assert not preview.value.committed and preview.changes.empty
    assert len(preview.value.fixtures) == 21 + 7  # 21 games and one bye per round
    assert all(f.id is None for f in preview.value.fixtures)
    assert demo.seasons.fixtures(season) == []
    committed = demo.seasons.schedule(season, "round-robin")
    assert committed.value.committed
    fixtures = demo.seasons.fixtures(season)
    assert len(fixtures) == 28 and committed.changes.fixtures == {f.id for f in fixtures}
    assert [(f.home, f.away) for f in fixtures] == [(f.home, f.away) for f in preview.value.fixtures]
    assert Counter(f.status for f in fixtures) == {"scheduled": 21, "bye": 7}
    assert len(demo.seasons.fixtures(season, round_number=3)) == 4
    assert demo.seasons.get_season(season).format == "round-robin"
    with pytest.raises(RuleViolation, match="already has a league schedule"):
        demo.seasons.schedule(season, "double-round-robin")
    with pytest.raises(RuleViolation, match="withdraw the team instead"):
        demo.seasons.remove_team(season, TEAMS[0])


def test_double_round_robin_by_division(demo: Services) -> None:
    demo.seasons.create_season(DEMO_LEAGUE, "Split", divisions=["A", "B"], seed=1)
    demo.seasons.add_teams("Split", TEAMS[:4], division="A")
    demo.seasons.add_teams("Split", TEAMS[4:], division="B")
    demo.seasons.schedule("Split", "double-round-robin")
    rounds = demo.seasons.rounds("Split")
    assert len(rounds) == 6 and all(len(r.fixtures) == 4 for r in rounds)
    division_of = {t.name: t.division for t in demo.seasons.get_season("Split").teams}
    pairs = Counter((f.home, f.away) for r in rounds for f in r.fixtures)
    assert all(division_of[h] == division_of[a] for h, a in pairs)
    assert len(pairs) == 2 * 4 * 3 and set(pairs.values()) == {1}
    table = demo.seasons.standings("Split")
    assert [d.name for d in table.divisions] == ["A", "B"] and len(table.overall.rows) == 8


def test_same_coach_teams_do_not_meet_unless_allowed(demo: Services, ruleset: Ruleset) -> None:
    demo.teams.draft_team(DEMO_LEAGUE, "Ada's Second", "Ada", suggest_draft(ruleset, "orc"))
    demo.seasons.create_season(DEMO_LEAGUE, "C", seed=2)
    demo.seasons.add_teams("C", [TEAMS[0], "Ada's Second", TEAMS[1], TEAMS[2]])
    preview = demo.seasons.schedule("C", "round-robin", preview=True).value
    assert preview.skipped == (f"{TEAMS[0]} v Ada's Second",) or preview.skipped == (
        f"Ada's Second v {TEAMS[0]}",
    )
    assert len([f for f in preview.fixtures if not f.is_bye]) == 5
    with pytest.raises(RuleViolation, match="same coach"):
        demo.seasons.add_fixture("C", TEAMS[0], "Ada's Second")
    demo.leagues.update_settings(DEMO_LEAGUE, {"same_coach_may_meet": True})
    assert not demo.seasons.schedule("C", "round-robin", preview=True).value.skipped


def test_manual_fixtures_and_edits(demo: Services) -> None:
    season = season_with(demo, 4)
    demo.seasons.schedule(season, "round-robin")
    first = demo.seasons.fixtures(season, 1)[0]
    swapped = demo.seasons.swap_home_away(first.id or 0).value
    assert (swapped.home, swapped.away) == (first.away, first.home)
    with pytest.raises(RuleViolation, match="already plays in round 2"):
        demo.seasons.move_fixture(first.id or 0, round_number=2)
    moved = demo.seasons.move_fixture(first.id or 0, round_number=9).value
    assert (moved.round, moved.status) == (9, "postponed")
    with pytest.raises(RuleViolation, match="friendlies are across divisions"):  # one table: none
        demo.seasons.add_fixture(season, TEAMS[0], TEAMS[1], friendly=True)
    demo.seasons.set_result(moved.id or 0, ResultEntry(home_td=1, away_td=0))
    with pytest.raises(RuleViolation, match="only unplayed"):
        demo.seasons.swap_home_away(moved.id or 0)
    assert demo.seasons.postpone(demo.seasons.fixtures(season, 2)[0].id or 0).value.status == "postponed"
    with pytest.raises(RuleViolation, match="cannot play itself"):
        demo.seasons.add_fixture(season, TEAMS[0], TEAMS[0])


def test_swiss_rounds_from_standings(demo: Services) -> None:
    season = season_with(demo, 7)
    first = demo.seasons.schedule(season, "swiss").value
    assert len(first.fixtures) == 4 and sum(f.is_bye for f in first.fixtures) == 1
    with pytest.raises(RuleViolation, match="still to play"):
        demo.seasons.schedule(season, "swiss")
    for f in first.fixtures:
        if not f.is_bye:
            demo.seasons.set_result(f.id or 0, ResultEntry(home_td=2, away_td=0))
    second = demo.seasons.schedule(season, "swiss").value
    met = {frozenset((f.home, f.away)) for f in first.fixtures if not f.is_bye}
    assert not met & {frozenset((f.home, f.away)) for f in second.fixtures if not f.is_bye}
    bye_1 = next(f.home for f in first.fixtures if f.is_bye)
    bye_2 = next(f.home for f in second.fixtures if f.is_bye)
    assert bye_1 != bye_2
    winners = {f.home for f in first.fixtures if not f.is_bye}
    top = next(f for f in second.fixtures if not f.is_bye)
    assert {top.home, top.away} <= winners  # the score group of winners plays first
    with pytest.raises(RuleViolation, match="not Swiss"):
        other = season_with(demo, 4, name="RR")
        demo.seasons.schedule(other, "round-robin")
        demo.seasons.schedule(other, "swiss")


def test_withdrawal_forfeits_remaining_fixtures(demo: Services) -> None:
    season = season_with(demo, 4)
    demo.seasons.schedule(season, "round-robin")
    quitter = TEAMS[0]
    played = next(f for f in demo.seasons.fixtures(season, 1) if quitter in (f.home, f.away))
    demo.seasons.set_result(played.id or 0, ResultEntry(home_td=1, away_td=1))
    outcome = demo.seasons.withdraw_team(season, quitter, "moved abroad")
    assert len(outcome.changes.fixtures) == 2
    mine = [f for f in demo.seasons.fixtures(season) if quitter in (f.home, f.away)]
    assert Counter(f.status for f in mine) == {"played": 1, "forfeited": 2}
    assert all(f.result and f.result.decided_by == quitter for f in mine if f.status == "forfeited")
    team = next(t for t in outcome.value.teams if t.name == quitter)
    assert team.withdrawn and team.withdrawal_reason == "moved abroad"
    rows = {r.team: r for r in demo.seasons.standings(season).overall.rows}
    assert rows[quitter].withdrawn and rows[quitter].lost == 2 and rows[quitter].td_against == 1
    with pytest.raises(RuleViolation, match="already withdrawn"):
        demo.seasons.withdraw_team(season, quitter)


def test_withdrawal_voids_fixtures_and_future_byes(demo: Services) -> None:
    demo.leagues.update_settings(DEMO_LEAGUE, {"withdrawn_team_fixtures": "void"})
    season = season_with(demo, 5)
    demo.seasons.schedule(season, "round-robin")
    quitter = TEAMS[0]
    demo.seasons.withdraw_team(season, quitter)
    mine = [f for f in demo.seasons.fixtures(season) if quitter in (f.home, f.away)]
    assert {f.status for f in mine} == {"void"} and len(mine) == 5  # four games and a bye
    assert all(f.result is None for f in mine)
    with pytest.raises(RuleViolation, match="void"):
        demo.seasons.set_result(mine[0].id or 0, ResultEntry(home_td=1, away_td=0))
    assert demo.seasons.get_season(season).decided == 5 + 4  # void fixtures and the other byes
    assert all(r.played == 0 for r in demo.seasons.standings(season).overall.rows)
