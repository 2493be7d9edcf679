"""Read models and refusals behind the classic (LRB 2004) screens: the team list's rating and fan
factor, the season's challenges, the Star Player roll choice, and no schedule for an open league
or a finished season."""

from __future__ import annotations

from pathlib import Path

import pytest

from league_manager.core.errors import RuleViolation
from league_manager.persistence import repositories as repo
from league_manager.persistence.database import session_scope
from league_manager.rules.draft import DraftPlan
from league_manager.services.facade import Services
from league_manager.services.season_read_models import PlayerStatLine, ResultEntry
from league_manager.services.team_list import quick_team_list


def play_one_out(services: Services) -> Services:
    """A BB2020 "Test League" of four human teams, A to D, with season "One" scheduled (a round
    robin) and every result entered (1-0); the season is not closed."""
    services.leagues.create_league("Test League")
    for name in ("A", "B", "C", "D"):
        services.teams.draft_team("Test League", name, f"Coach {name}", DraftPlan("human", {"Lineman": 11}))
    services.seasons.create_season("Test League", "One")
    services.seasons.add_teams("One", ["A", "B", "C", "D"])
    services.seasons.schedule("One", "round-robin")
    for fixture in services.seasons.fixtures("One"):
        services.seasons.set_result(fixture.id or 0, ResultEntry(home_td=1, away_td=0))
    return services


@pytest.fixture
def classic(tmp_path: Path) -> Services:
    services = Services.open(tmp_path / "old.db")
    services.leagues.create_league("Old World", "lrb2004")
    orcs = DraftPlan("orc", {"Lineman": 6, "Blitzer": 4, "Troll": 1}, rerolls=2, dedicated_fans=5)
    services.teams.draft_team("Old World", "Greenskins", "Ann", orcs)
    services.teams.draft_team(
        "Old World", "Stunties", "Cy", DraftPlan("goblin", {"Goblin": 11}, dedicated_fans=3)
    )
    services.teams.draft_team(
        "Old World", "Reikland", "Di", DraftPlan("human", {"Lineman": 11}, dedicated_fans=2)
    )
    services.seasons.create_season("Old World", "Open")
    return services


def test_the_team_list_gives_the_classic_rating_and_fan_factor(classic: Services, tmp_path: Path) -> None:
    fixture = classic.seasons.add_fixture("Open", "Greenskins", "Stunties").value.id or 0
    classic.match_day.classic_pregame(fixture, typed=[2] * 8)
    classic.seasons.set_result(fixture, ResultEntry(home_td=2, away_td=0, home_cas=0, away_cas=0))
    scorer = classic.teams.get_team("Greenskins").players[0].id
    classic.match_day.classic_postgame(fixture, seed=1, figures=[PlayerStatLine(scorer, td=2)])
    for summaries in (classic.teams.list_teams("Old World"), quick_team_list(tmp_path / "old.db")):
        assert summaries is not None
        for summary in summaries:
            team = classic.teams.get_team(summary.name)
            assert (summary.rating, summary.fan_factor) == (team.rating, team.dedicated_fans)
            assert summary.to_dict()["rating"] == team.rating
    assert classic.teams.get_team("Greenskins").players[0].spp >= 6  # the SPP count in the rating


def test_the_season_lists_its_challenges_in_order(classic: Services) -> None:
    classic.classic_challenges.issue("Open", "Greenskins", "Stunties", 1)
    classic.classic_challenges.issue("Open", "Reikland", "Greenskins", 1)
    listed = classic.classic_challenges.of_season("Open")
    assert [(c.challenger, c.challenged, c.answer) for c in listed] == [
        ("Greenskins", "Stunties", ""),
        ("Reikland", "Greenskins", ""),
    ]


def test_an_open_league_and_a_finished_season_take_no_schedule(classic: Services, tmp_path: Path) -> None:
    with pytest.raises(RuleViolation, match="open league"):
        classic.seasons.schedule("Open", "round-robin", preview=True)
    services = play_one_out(Services.open(tmp_path / "bb.db"))
    services.season_end.close_season("One")
    with pytest.raises(RuleViolation, match="finished"):
        services.seasons.schedule("One", "knockout", preview=True)


def test_the_star_player_roll_choice_offers_the_characteristic_of_a_high_roll(classic: Services) -> None:
    fixture = classic.seasons.add_fixture("Open", "Greenskins", "Stunties").value.id or 0
    classic.match_day.classic_pregame(fixture, typed=[2] * 8)
    classic.seasons.set_result(fixture, ResultEntry(home_td=2, away_td=0, home_cas=0, away_cas=0))
    star = classic.teams.get_team("Greenskins").players[0]
    # winnings 3, 3; the star is the MVP drawn on the table; his roll 6+5 = 11: +1 MA or a skill
    classic.match_day.classic_postgame(
        fixture, seed=1, typed=[3, 3, 6, 5], figures=[PlayerStatLine(star.id, td=2)], mvps=[star.id]
    )
    choice = classic.advancement.star_roll_choice(star.id)
    assert choice is not None and choice.dice == (6, 5) and not choice.double
    assert choice.characteristic == choice.result and choice.result in {"MA", "ST", "AG", "AV"}
    assert choice.traits == () and all("Block" not in names for _, names in choice.skills)
    classic.advancement.star_roll(star.id, "characteristic", choice.characteristic or "")
    assert classic.advancement.star_roll_choice(star.id) is None


def test_a_table_drawn_mvp_must_have_been_available_for_the_match(classic: Services) -> None:
    injured = classic.teams.get_team("Greenskins").players[3]
    with session_scope(classic.engine) as session:
        repo.add_status(repo.get_player(injured.id, session=session), "mng", "Serious injury", "match",
                        session=session)  # fmt: skip
    fixture = classic.seasons.add_fixture("Open", "Greenskins", "Stunties").value.id or 0
    classic.match_day.classic_pregame(fixture, typed=[2] * 8)
    classic.seasons.set_result(fixture, ResultEntry(home_td=1, away_td=0, home_cas=0, away_cas=0))
    with pytest.raises(RuleViolation, match=f"{injured.name} was not available"):
        classic.match_day.classic_postgame(fixture, seed=1, mvps=[injured.id])
    assert classic.match_day.classic_prematch(fixture).record.get("post_match") is None


def test_no_challenge_is_issued_or_answered_once_the_knock_out_is_drawn(classic: Services) -> None:
    dwarfs = DraftPlan("dwarf", {"Long Beard": 9, "Blitzer": 2}, dedicated_fans=2)
    classic.teams.draft_team("Old World", "Grudges", "Ed", dwarfs)
    waiting = classic.classic_challenges.issue("Open", "Greenskins", "Stunties", 1).value
    for home, away in (("Greenskins", "Reikland"), ("Stunties", "Grudges"), ("Grudges", "Reikland")):
        fixture = classic.seasons.add_fixture("Open", home, away).value.id or 0
        classic.seasons.set_result(fixture, ResultEntry(home_td=1, away_td=0))
    classic.classic_playoffs.draw("Open", seed=1)
    with pytest.raises(RuleViolation, match="knock-out has been drawn"):
        classic.classic_challenges.issue("Open", "Reikland", "Stunties", 2)
    with pytest.raises(RuleViolation, match="knock-out has been drawn"):
        classic.classic_challenges.answer(waiting.id, "accept")


def test_the_open_star_rolls_are_the_handicap_mvps_then_the_post_matchs() -> None:
    from league_manager.services.match_day.classic_star_picks import _rolling

    mvp = {"player_id": 7, "star_player_rolls": [{"pick": None}]}
    played = {"player_id": 7, "star_player_rolls": [{"pick": None}, {"pick": "Block"}]}
    record = {"handicap_mvps": {"home": [mvp]}, "post_match": {"sides": {"home": {"players": [played]}}}}
    assert _rolling(record) == [mvp, played]
    assert _rolling({"handicap_mvps": {"away": [mvp]}}) == [mvp]  # before the post-match
