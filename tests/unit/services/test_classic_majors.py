"""A classic (LRB 2004) tournament's knock-out, majors and trophies through the services."""

from typing import Any

import pytest

from league_manager.core.errors import RuleViolation
from league_manager.rules.draft import DraftPlan
from league_manager.services.facade import Services
from league_manager.services.season_read_models import ResultEntry

ORCS = DraftPlan("orc", {"Lineman": 7, "Blitzer": 4}, rerolls=2, dedicated_fans=5)
TEAMS = ["Ash", "Birch", "Cedar", "Dale", "Elm"]


def play(services: Services, home: str, away: str, score: tuple[int, int]) -> None:
    fixture = services.seasons.add_fixture("Open", home, away).value.id or 0
    services.seasons.set_result(fixture, ResultEntry(home_td=score[0], away_td=score[1]))


def full_match(services: Services, fixture: int, score: tuple[int, int], seed: int = 3) -> dict[str, Any]:
    """Pre-match, score and post-match of a classic fixture; the post-match record."""
    services.match_day.classic_pregame(fixture, seed=seed)
    services.seasons.set_result(fixture, ResultEntry(home_td=score[0], away_td=score[1]))
    record = services.match_day.classic_postgame(fixture, seed=seed).value.record
    return dict(record["post_match"])


def knockout(services: Services) -> list[Any]:
    return [f for f in services.seasons.fixtures("Open") if f.stage == "playoff" and f.home and f.away]


@pytest.fixture
def entered(services: Services) -> Services:
    services.leagues.create_league("Old World", "lrb2004")
    for n, name in enumerate(TEAMS):
        services.teams.draft_team("Old World", name, f"Coach {n}", ORCS)
    services.seasons.create_season("Old World", "Open")
    play(services, "Ash", "Birch", (3, 0))
    play(services, "Ash", "Cedar", (1, 0))
    play(services, "Ash", "Dale", (0, 1))
    play(services, "Birch", "Cedar", (2, 2))
    play(services, "Elm", "Cedar", (0, 4))
    return services


@pytest.fixture
def drawn(entered: Services) -> Services:
    entered.classic_playoffs.draw("Open", third_place=True, seed=7)
    return entered


def modifiers(side: dict[str, Any]) -> list[list[Any]]:
    return list(side["fan_factor"]["modifiers"])


def test_semi_finals_and_the_final_add_their_stage_to_the_fan_factor_roll(drawn: Services) -> None:
    semis = knockout(drawn)
    assert len(semis) == 2
    first = full_match(drawn, semis[0].id or 0, (1, 0))
    assert first["stage"] == "semi_final"
    for side in ("home", "away"):
        assert ["tournament semi-final", 1] in modifiers(first["sides"][side])
    full_match(drawn, semis[1].id or 0, (0, 2), seed=5)
    later = [f for f in knockout(drawn) if f.id not in {s.id for s in semis}]
    final = next(f for f in later if not f.third_place)
    third = next(f for f in later if f.third_place)
    last = full_match(drawn, final.id or 0, (2, 1))
    assert last["stage"] == "final"
    assert all(["tournament final", 2] in modifiers(last["sides"][s]) for s in ("home", "away"))
    bronze = full_match(drawn, third.id or 0, (2, 1))
    assert bronze["stage"] is None
    assert not any("tournament" in m[0] for s in ("home", "away") for m in modifiers(bronze["sides"][s]))


def test_a_play_off_week_match_has_no_stage(entered: Services) -> None:
    fixture = entered.seasons.add_fixture("Open", "Birch", "Elm").value.id or 0
    record = full_match(entered, fixture, (1, 0))
    assert record["stage"] is None


def fixture_of(services: Services, home: str, away: str) -> int:
    return next(f.id or 0 for f in services.seasons.fixtures("Open") if (f.home, f.away) == (home, away))


def test_a_coach_puts_forward_fewer_or_other_results(entered: Services) -> None:
    best = {s.team: s for s in entered.classic_playoffs.table("Open")}
    assert best["Ash"].points == 18 + 16 + 4  # 3-0, 1-0 and the 0-1 loss: all three
    chosen = {"Ash": [fixture_of(entered, "Ash", "Birch")], "Cedar": []}
    table = {s.team: s for s in entered.classic_playoffs.table("Open", chosen)}
    assert (table["Ash"].points, table["Ash"].counted) == (18, ("Birch",))
    assert (table["Cedar"].points, table["Cedar"].counted) == (0, ())
    assert table["Dale"].points == best["Dale"].points  # not named: its best three
    drawn = entered.classic_playoffs.draw("Open", seed=7, put_forward=chosen).value
    assert {s.team: s.points for s in drawn.table}["Cedar"] == 0


def test_a_put_forward_result_must_be_the_teams_own(entered: Services) -> None:
    other = fixture_of(entered, "Birch", "Cedar")
    with pytest.raises(RuleViolation, match="not a play-off result of Ash"):
        entered.classic_playoffs.table("Open", {"Ash": [other]})
    ash = fixture_of(entered, "Ash", "Birch")
    play(entered, "Ash", "Elm", (2, 0))
    with pytest.raises(RuleViolation, match="at most 3 results"):
        entered.classic_playoffs.table(
            "Open",
            {
                "Ash": [
                    ash,
                    fixture_of(entered, "Ash", "Elm"),
                    fixture_of(entered, "Ash", "Cedar"),
                    fixture_of(entered, "Ash", "Dale"),
                ]
            },
        )
    with pytest.raises(RuleViolation, match="put forward once"):
        entered.classic_playoffs.table("Open", {"Ash": [ash, ash]})
    with pytest.raises(RuleViolation, match="Oak has not entered"):
        entered.classic_playoffs.table("Open", {"Oak": [ash]})
