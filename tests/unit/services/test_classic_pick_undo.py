"""Taking back a classic (LRB 2004) Star Player pick, so its post-match or pre-match can be undone."""

import pytest
from sqlmodel import Session, select

from league_manager.core.errors import RuleViolation, RuleViolations
from league_manager.persistence.match_day_models import MatchCorrection
from league_manager.rules.draft import DraftPlan
from league_manager.services.facade import Services
from tests.unit.services.test_classic_undo import post_match
from tests.unit.services.test_classic_undo_links import star_roll_pre_match


def skills(services: Services, team: str, player: int) -> list[str]:
    view = next(p for p in services.teams.get_team(team).players if p.id == player)
    return [s.name for s in view.skills]


def test_a_taken_back_pick_opens_its_roll_and_lets_the_post_match_be_undone(services: Services) -> None:
    fixture, orcs, _ = post_match(services)
    with pytest.raises(RuleViolation, match="no Star Player pick to take back"):
        services.advancement.undo_star_roll(orcs[0], "wrong skill")
    start = services.teams.get_team("Greenskins").rating
    services.advancement.star_roll(orcs[0], "skill", "Tackle")
    assert "Tackle" in skills(services, "Greenskins", orcs[0])
    with pytest.raises(RuleViolations, match="has taken his Star Player roll"):
        services.match_day.classic_undo_postgame(fixture, "typo")
    with pytest.raises(RuleViolation, match="say why the pick is taken back"):
        services.advancement.undo_star_roll(orcs[0], " ")
    outcome = services.advancement.undo_star_roll(orcs[0], "meant Guard")
    assert outcome.changes.description.endswith("pick Tackle taken back")
    assert "Tackle" not in skills(services, "Greenskins", orcs[0])
    assert services.teams.get_team("Greenskins").rating == start
    record = services.match_day.classic_prematch(fixture).record
    assert record["picks_undone"][0]["pick"] == {"kind": "skill", "name": "Tackle"}
    assert record["picks_undone"][0]["reason"] == "meant Guard"
    services.advancement.star_roll(orcs[0], "skill", "Guard")  # the same roll, picked again
    assert "Guard" in skills(services, "Greenskins", orcs[0])
    services.advancement.undo_star_roll(orcs[0], "the score was wrong")
    services.match_day.classic_undo_postgame(fixture, "the score was wrong")
    with Session(services.engine) as session:
        reasons = session.exec(select(MatchCorrection.reason).where(MatchCorrection.fixture_id == fixture))
        assert list(reasons) == [
            "Star Player pick undone: meant Guard",
            "Star Player pick undone: the score was wrong",
            "post-match undone: the score was wrong",
        ]


def test_a_pick_stays_once_the_team_has_played_on(services: Services) -> None:
    fixture, orcs, _ = post_match(services)
    services.advancement.star_roll(orcs[0], "skill", "Tackle")
    later = services.seasons.add_fixture("Open", "Visitors", "Greenskins").value.id or 0
    services.match_day.classic_pregame(later, seed=2)
    with pytest.raises(RuleViolations, match=f"fixture {later} has had its pre-match since the pick"):
        services.advancement.undo_star_roll(orcs[0], "too late")
    assert "Tackle" in skills(services, "Greenskins", orcs[0])
    assert fixture != later


def test_a_handicap_mvps_pick_taken_back_lets_the_pre_match_be_undone(services: Services) -> None:
    fixture, player = star_roll_pre_match(services)
    services.advancement.star_roll(player, "skill", "Catch")
    services.advancement.undo_star_roll(player, "the handicap was typed wrong")
    services.match_day.cancel_pregame(fixture, "the handicap was typed wrong")
    assert {p.id: p.spp for p in services.teams.get_team("Visitors").players}[player] == 3
    assert "Catch" not in skills(services, "Visitors", player)


def test_a_bb2020_player_has_no_pick_to_take_back(services: Services) -> None:
    services.leagues.create_league("New World", "bb2020")
    services.teams.draft_team("New World", "Humans", "Ann", DraftPlan("human", {"Lineman": 11}))
    player = services.teams.get_team("Humans").players[0].id
    with pytest.raises(RuleViolation, match="no Star Player rolls"):
        services.advancement.undo_star_roll(player, "typo")
