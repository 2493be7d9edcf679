"""A classic (LRB 2004) league's administration and tournaments through the services."""

import pytest

from league_manager.core.errors import RuleViolation
from league_manager.rules.draft import DraftPlan
from league_manager.services.facade import Services
from league_manager.services.season_read_models import ResultEntry

ORCS = DraftPlan("orc", {"Lineman": 7, "Blitzer": 4}, rerolls=2, dedicated_fans=5)


@pytest.fixture
def classic(services: Services) -> str:
    return services.leagues.create_league("Old World", "lrb2004").value.name


def test_a_retiring_classic_player_brings_a_free_assistant_coach(services: Services, classic: str) -> None:
    team = services.teams.draft_team(classic, "Greenskins", "Ann", ORCS).value
    linemen = [p.id for p in team.players if p.position == "Lineman"]
    sold = services.roster.fire_player(linemen[0]).value  # still the draft: sold back
    assert sold.assistant_coaches == 0 and sold.treasury == team.treasury + 50_000
    services.teams.set_first_match_played("Greenskins")
    retired = services.roster.fire_player(linemen[1]).value
    assert retired.assistant_coaches == 1 and retired.treasury == sold.treasury
    assert retired.rating == sold.rating - 5 + 1  # a 50k Lineman out, a 10k coach in
    assert linemen[1] not in {p.id for p in retired.players}
    with pytest.raises(RuleViolation, match="not on the roster"):
        services.roster.fire_player(linemen[1])
    assert services.roster.fire_player(linemen[2]).value.assistant_coaches == 2


def test_a_fired_bb2020_player_brings_no_coach(services: Services) -> None:
    league = services.leagues.create_league("New World").value.name
    plan = DraftPlan("human", {"Lineman": 7, "Blitzer": 4}, rerolls=3, apothecary=True)
    team = services.teams.draft_team(league, "Reavers", "Bob", plan).value
    services.teams.set_first_match_played("Reavers")
    assert services.roster.fire_player(team.players[0].id).value.assistant_coaches == 0


def play(services: Services, home: str, away: str, score: tuple[int, int]) -> None:
    fixture = services.seasons.add_fixture("Open", home, away).value.id or 0
    services.seasons.set_result(fixture, ResultEntry(home_td=score[0], away_td=score[1]))


@pytest.fixture
def playoffs(services: Services, classic: str) -> list[str]:
    teams = ["Ash", "Birch", "Cedar", "Dale", "Elm"]
    for n, name in enumerate(teams):
        services.teams.draft_team(classic, name, f"Coach {n}", ORCS)
    services.seasons.create_season(classic, "Open")
    play(services, "Ash", "Birch", (3, 0))  # Ash 15+3, Birch 5-3
    play(services, "Ash", "Cedar", (1, 0))  # Ash 15+1, Cedar 5-1
    play(services, "Ash", "Dale", (0, 1))  # Ash 5-1, Dale 15+1
    play(services, "Ash", "Elm", (2, 0))  # Ash 15+2 (the best three: 18 + 17 + 16), Elm 5-2
    play(services, "Birch", "Cedar", (2, 2))  # a draw
    play(services, "Elm", "Cedar", (0, 4))  # Cedar 15+4, Elm 5-4
    return teams


def test_the_play_off_table_counts_the_best_three_results(services: Services, playoffs: list[str]) -> None:
    table = {s.team: s for s in services.classic_playoffs.table("Open")}
    assert table["Ash"].points == 51 and set(table["Ash"].counted) == {"Birch", "Cedar", "Elm"}
    assert table["Cedar"].points == 19 + 4 + 10 and table["Dale"].points == 16  # a draw scores 10
    assert (table["Birch"].points, table["Elm"].points) == (2 + 10, 3 + 1)
    assert [s.team for s in services.classic_playoffs.table("Open")][:4] == ["Ash", "Cedar", "Dale", "Birch"]


def test_the_draw_creates_the_semi_finals_final_and_third_place_match(
    services: Services, playoffs: list[str]
) -> None:
    drawn = services.classic_playoffs.draw("Open", third_place=True, seed=7).value
    assert set(drawn.qualified) == {"Ash", "Cedar", "Dale", "Birch"} and len(drawn.ties) == 2
    knockout = [f for f in services.seasons.fixtures("Open") if f.stage == "playoff"]
    semis = [f for f in knockout if f.home and f.away]
    assert len(knockout) == 4 and sum(f.third_place for f in knockout) == 1
    assert {frozenset((f.home, f.away)) for f in semis} == {frozenset(t) for t in drawn.ties}
    for semi in semis:
        services.seasons.set_result(semi.id or 0, ResultEntry(home_td=1, away_td=0))
    final = [f for f in services.seasons.fixtures("Open") if f.stage == "playoff" and f.home and f.away]
    assert {f.home for f in semis} <= {t for f in final for t in (f.home, f.away)}
    with pytest.raises(RuleViolation, match="already been drawn"):
        services.classic_playoffs.draw("Open", seed=7)
    count = len(services.seasons.fixtures("Open"))
    with pytest.raises(RuleViolation, match="knock-out has been drawn: the league weeks are over"):
        services.seasons.add_fixture("Open", "Ash", "Elm")
    assert len(services.seasons.fixtures("Open")) == count


def test_the_draw_waits_for_open_matches_and_enough_teams(services: Services, playoffs: list[str]) -> None:
    open_match = services.seasons.add_fixture("Open", "Birch", "Dale").value.id or 0
    with pytest.raises(RuleViolation, match="still to be played"):
        services.classic_playoffs.draw("Open", seed=1)
    services.seasons.set_result(open_match, ResultEntry(home_td=0, away_td=0))
    with pytest.raises(RuleViolation, match="8 teams go through but only 5 entered"):
        services.classic_playoffs.draw("Open", quarter_finals=True, seed=1)


def test_written_challenges_one_a_week_and_each_answer(services: Services, playoffs: list[str]) -> None:
    challenges = services.classic_challenges
    with pytest.raises(RuleViolation, match="weeks 1-3, not week 4"):
        challenges.issue("Open", "Birch", "Dale", 4)
    with pytest.raises(RuleViolation, match="already played"):
        challenges.issue("Open", "Ash", "Dale", 1)
    first = challenges.issue("Open", "Birch", "Dale", 1).value
    with pytest.raises(RuleViolation, match="one a week"):
        challenges.issue("Open", "Birch", "Elm", 1)
    refused = challenges.answer(first.id, "refuse").value
    assert refused.answer == "refused" and refused.fixture_id is not None
    fixture = services.seasons.get_fixture(refused.fixture_id)
    assert fixture.result is not None and (fixture.result.home_td, fixture.result.away_td) == (2, 0)
    assert (fixture.home, fixture.away) == ("Birch", "Dale")
    table = {s.team: s.points for s in services.classic_playoffs.table("Open")}
    assert table["Birch"] == 2 + 10 + 17  # the refusal counts as a 2-0 win
    with pytest.raises(RuleViolation, match="already answered"):
        challenges.answer(first.id, "accept")
    second = challenges.issue("Open", "Dale", "Elm", 1).value
    with pytest.raises(RuleViolation, match="already played"):
        challenges.answer(second.id, "substitute", "Ash")  # Ash has played Dale
    with pytest.raises(RuleViolation, match="with the answer 'substitute' only"):
        challenges.answer(second.id, "substitute")
    moved = challenges.answer(second.id, "substitute", "Cedar").value
    assert (moved.answer, moved.substitute) == ("substitute", "Cedar")
    fixture = services.seasons.get_fixture(moved.fixture_id or 0)
    assert (fixture.home, fixture.away, fixture.result) == ("Dale", "Cedar", None)
    with pytest.raises(RuleViolation, match="named no substitute"):
        challenges.decline_substitute(first.id)
    declined = challenges.decline_substitute(second.id).value
    assert declined.answer == "declined"
    fixture = services.seasons.get_fixture(moved.fixture_id or 0)
    assert fixture.result is not None and (fixture.result.home_td, fixture.result.away_td) == (0, 2)
    with pytest.raises(RuleViolation, match="named no substitute"):
        challenges.decline_substitute(second.id)


def test_an_accepted_challenge_adds_the_fixture_to_play(services: Services, playoffs: list[str]) -> None:
    challenge = services.classic_challenges.issue("Open", "Elm", "Dale", 3).value
    accepted = services.classic_challenges.answer(challenge.id, "accept").value
    fixture = services.seasons.get_fixture(accepted.fixture_id or 0)
    assert (fixture.home, fixture.away, fixture.status, fixture.result) == ("Elm", "Dale", "scheduled", None)
