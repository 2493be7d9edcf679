"""A classic (LRB 2004) league through the ordinary services: creation, teams, refusals, side by side."""

import pytest

from league_manager.core.errors import RuleViolation, RuleViolations
from league_manager.rules.draft import DraftPlan
from league_manager.services.facade import Services

ORCS = DraftPlan(
    "orc",
    {"Lineman": 6, "Blitzer": 4, "Troll": 1},
    rerolls=2,
    apothecary=True,
    cheerleaders=2,
    dedicated_fans=5,
)


@pytest.fixture
def classic(services: Services) -> str:
    return services.leagues.create_league("Old World", "lrb2004").value.name


def refused_rules(services: Services, league: str, plan: DraftPlan) -> dict[str, str]:
    with pytest.raises(RuleViolations) as refused:
        services.teams.draft_team(league, "Bad", "Ann", plan)
    return {v.rule: v.detail for v in refused.value.violations}


def test_a_classic_league_is_pinned_and_creates_teams_at_the_lrb3_prices(
    services: Services, classic: str
) -> None:
    league = services.leagues.get_league(classic)
    assert (league.ruleset, league.ruleset_version) == ("lrb2004", "LRB 3.0")
    assert set(league.settings) == {"budget"} and league.settings["budget"] == 1_000_000
    team = services.teams.draft_team(classic, "Greenskins", "Ann", ORCS).value
    # 6 x 50k + 4 x 80k + Troll 100k + 2 x 60k re-rolls + 5 x 10k fan factor + 50k apothecary + 2 x 10k
    spent = 300_000 + 320_000 + 100_000 + 120_000 + 50_000 + 50_000 + 20_000
    assert team.treasury == 1_000_000 - spent
    assert team.team_value == spent and team.dedicated_fans == 5
    assert team.rating == 100  # a new team: its million pieces (treasury included) / 10,000
    data = team.to_dict()
    assert data["rating"] == 100 and data["fan_factor"] == 5 and "dedicated_fans" not in data
    troll = next(p for p in team.players if p.position == "Troll")
    assert {"Always Hungry", "Really Stupid"} <= {s.name for s in troll.skills}
    assert all("pa" not in p.to_dict() for p in team.players)
    assert troll.characteristic_names == ("MA", "ST", "AG", "AV")
    assert [troll.shown(c) for c in troll.characteristic_names] == ["4", "5", "1", "9"]


def test_each_creation_limit_is_refused_with_its_rule(services: Services, classic: str) -> None:
    broken = refused_rules(
        services,
        classic,
        DraftPlan("orc", {"Lineman": 7, "Blitzer": 5, "Troll": 2}, rerolls=9, dedicated_fans=10),
    )
    assert broken["Blitzer"] == "at most 4 (asked for 5)"
    assert broken["big guys"] == "2 hired; Orc may have 1"
    assert broken["re-rolls"] == "0-8 allowed (asked for 9)"
    assert broken["fan factor"] == "1-9 at the draft (asked for 10)"
    assert "budget" in broken
    broken = refused_rules(
        services, classic, DraftPlan("undead", {"Skeleton": 10}, apothecary=True, dedicated_fans=0)
    )
    assert broken["apothecary"] == "Undead may not hire an apothecary"
    assert broken["fan factor"] == "1-9 at the draft (asked for 0)"
    assert broken["players"] == "10 on the roster; a team needs 11-16"
    with pytest.raises(Exception, match="no position 'Ogre'"):
        services.teams.draft_team(classic, "Bad", "Ann", DraftPlan("orc", {"Lineman": 11, "Ogre": 1}))
    assert services.teams.list_teams() == []


def test_bb2020_and_lrb2004_leagues_live_in_one_file(services: Services, classic: str) -> None:
    modern = services.leagues.create_league("New World").value.name
    human = DraftPlan("human", {"Lineman": 7, "Blitzer": 4}, rerolls=3, apothecary=True)
    new = services.teams.draft_team(modern, "Reavers", "Bob", human).value
    old = services.teams.draft_team(classic, "Greenskins", "Ann", ORCS).value
    assert new.rating is None and new.dedicated_fans == 1 and "dedicated_fans" in new.to_dict()
    assert "pa" in new.players[0].to_dict() and new.players[0].characteristic_names[3] == "PA"
    assert old.rating == 100 and services.teams.get_team("Reavers").team_value == 890_000
    assert services.leagues.get_league(modern).ruleset == "bb2020"


def test_classic_players_buy_no_bb2020_advancements(services: Services, classic: str) -> None:
    team = services.teams.draft_team(classic, "Greenskins", "Ann", ORCS).value
    with pytest.raises(RuleViolation, match="Star Player rolls"):
        services.advancement.advance(team.players[0].id, "chosen_primary", skill="Block")
    with pytest.raises(RuleViolation, match="no temporary retirement"):  # LRB 3 retires for good
        services.retirement.retire_temporarily(team.players[0].id)


def classic_fixture(services: Services, league: str) -> int:
    services.teams.draft_team(league, "Greenskins", "Ann", ORCS)
    services.teams.draft_team(league, "Stunties", "Cy", DraftPlan("goblin", {"Goblin": 11}, dedicated_fans=3))
    services.seasons.create_season(league, "Open", entries=[("Greenskins", None), ("Stunties", None)])
    return services.seasons.add_fixture("Open", "Greenskins", "Stunties").value.id or 0


def test_engine_play_of_a_classic_fixture_is_refused(services: Services, classic: str) -> None:
    fixture = classic_fixture(services, classic)
    with pytest.raises(RuleViolation, match="record the result") as refused:
        services.match_day.play(fixture, seed=1)
    assert "does not play lrb2004" in str(refused.value)
    with pytest.raises(RuleViolation, match="cannot start a board match"):
        services.board.start(fixture)
    with pytest.raises(RuleViolation, match="record each result"):
        services.season_simulation.simulate("Open", seed=1)
    assert services.seasons.get_fixture(fixture).status == "scheduled"


def test_the_open_league_needs_no_schedule_and_no_third_game_in_a_row(
    services: Services, classic: str
) -> None:
    services.teams.draft_team(classic, "Greenskins", "Ann", ORCS)
    goblins = DraftPlan("goblin", {"Goblin": 11}, dedicated_fans=3)
    services.teams.draft_team(classic, "Stunties", "Cy", goblins)
    services.teams.draft_team(classic, "Humies", "Ann", DraftPlan("human", {"Lineman": 11}))
    assert {t.coach for t in services.teams.list_teams(classic)} == {"Ann", "Cy"}
    services.seasons.create_season(classic, "Open")  # nobody entered, nothing scheduled
    services.seasons.add_fixture("Open", "Greenskins", "Stunties")
    services.seasons.add_fixture("Open", "Stunties", "Greenskins")
    with pytest.raises(RuleViolation, match="no more than 2 in a row against one opponent") as refused:
        services.seasons.add_fixture("Open", "Greenskins", "Stunties")
    assert refused.value.rule == "opponents"
    services.seasons.add_fixture("Open", "Humies", "Stunties")
    with pytest.raises(RuleViolation, match="Greenskins played its last 2 matches against Stunties"):
        services.seasons.add_fixture("Open", "Stunties", "Greenskins")
    with pytest.raises(RuleViolation, match="same coach"):
        services.seasons.add_fixture("Open", "Greenskins", "Humies")
    assert len(services.seasons.fixtures("Open")) == 3
    assert len(services.seasons.get_season("Open").teams) == 3


def test_a_classic_team_comes_in_from_paper_without_bb2020_advancements(
    services: Services, classic: str
) -> None:
    team = {
        "name": "Paper Orcs", "coach": "Di", "race": "orc", "treasury": 50_000, "rerolls": 2,
        "dedicated_fans": 6,
        "players": [{"number": n, "name": f"Orc {n}", "position": "Lineman", "spp": 4} for n in range(1, 12)],
    }  # fmt: skip
    view = services.teams.create_from_paper(classic, team).value
    assert (
        view.dedicated_fans == 6
        and view.rating == (11 * 50_000 + 2 * 60_000 + 60_000 + 50_000) // 10_000 + 44 // 5
    )
    bad = {**team, "name": "Veterans"}
    bad["players"] = [{**team["players"][0], "advancements": [{"kind": "chosen_primary", "skill": "Block"}]}]
    with pytest.raises(RuleViolations, match="without advancements"):
        services.teams.create_from_paper(classic, bad)


def test_the_bb2020_season_end_is_refused_in_an_open_classic_league(services: Services, classic: str) -> None:
    classic_fixture(services, classic)
    for call in (
        lambda: services.season_end.close_season("Open"),
        lambda: services.season_end.close_preview("Open"),
        lambda: services.season_end.playoffs("Open"),
    ):
        with pytest.raises(RuleViolation, match="open league: it has no BB2020"):
            call()
