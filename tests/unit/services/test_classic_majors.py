"""A classic (LRB 2004) tournament's knock-out, majors and trophies through the services."""

from typing import Any

import pytest

from league_manager.cli.classic_postmatch_text import render_classic_postmatch
from league_manager.core.errors import RuleViolation
from league_manager.rules.draft import DraftPlan
from league_manager.services.facade import Services
from league_manager.services.match_day.classic_prematch_models import ClassicHires
from league_manager.services.season_read_models import ResultEntry

ORCS = DraftPlan("orc", {"Lineman": 7, "Blitzer": 4}, rerolls=2, dedicated_fans=5)
TEAMS = ["Ash", "Birch", "Cedar", "Dale", "Elm"]


def play(services: Services, home: str, away: str, score: tuple[int, int]) -> None:
    fixture = services.seasons.add_fixture("Open", home, away).value.id or 0
    services.seasons.set_result(fixture, ResultEntry(home_td=score[0], away_td=score[1]))


def full_match(services: Services, fixture: int, score: tuple[int, int], seed: int = 3) -> dict[str, Any]:
    """Pre-match, score and post-match of a classic fixture; the post-match record."""
    pre = services.match_day.classic_pregame(fixture, seed=seed).value.record
    for side in pre["inspiration_pending"]:  # the coach's pick: a player who plays, without an MVP yet
        taken = {e["player_id"] for e in pre.get("handicap_mvps", {}).get(side, [])}
        out = set(pre["sides"][side]["misses_match"])
        players = services.teams.get_team(pre["sides"][side]["name"]).players
        pick = next(p.id for p in players if p.id not in taken and p.name not in out)
        services.match_day.classic_inspire(fixture, pick, seed=seed)
    services.seasons.set_result(fixture, ResultEntry(home_td=score[0], away_td=score[1]))
    record = services.match_day.classic_postgame(fixture, seed=seed).value.record
    return dict(record["post_match"])


def knockout(services: Services) -> list[Any]:
    return [f for f in services.seasons.fixtures("Open") if f.stage == "playoff" and f.home and f.away]


def enter_open(services: Services, plan: DraftPlan = ORCS) -> Services:
    """League "Old World" (LRB 2004) with :data:`TEAMS` drafted to ``plan`` and season "Open"
    with five results: Ash leads the table, Cedar and Birch follow."""
    services.leagues.create_league("Old World", "lrb2004")
    for n, name in enumerate(TEAMS):
        services.teams.draft_team("Old World", name, f"Coach {n}", plan)
    services.seasons.create_season("Old World", "Open")
    play(services, "Ash", "Birch", (3, 0))
    play(services, "Ash", "Cedar", (1, 0))
    play(services, "Ash", "Dale", (0, 1))
    play(services, "Birch", "Cedar", (2, 2))
    play(services, "Elm", "Cedar", (0, 4))
    return services


def draw_open(services: Services, plan: DraftPlan = ORCS) -> Services:
    """:func:`enter_open`, then the knock-out drawn (with a third-place match)."""
    enter_open(services, plan).classic_playoffs.draw("Open", third_place=True, seed=7)
    return services


@pytest.fixture
def entered(services: Services) -> Services:
    return enter_open(services)


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


def decide(services: Services, *, final_played: bool = False) -> tuple[str, str]:
    """Semi-finals and the third-place match by score only, the final 2-1 to the home side
    (with its pre- and post-match when ``final_played``); (winner, runner-up)."""
    for semi in knockout(services):
        services.seasons.set_result(semi.id or 0, ResultEntry(home_td=1, away_td=0))
    later = knockout(services)
    for f in later:
        if f.result is not None:
            continue
        if f.third_place or not final_played:
            services.seasons.set_result(f.id or 0, ResultEntry(home_td=2, away_td=1))
        else:
            full_match(services, f.id or 0, (2, 1))
    final = next(
        f
        for f in knockout(services)
        if not f.third_place and f.result is not None and f.round_name == "Final"
    )
    return final.home or "", final.away or ""


def treasuries(services: Services) -> dict[str, int]:
    return {name: services.teams.get_team(name).treasury for name in TEAMS}


def test_the_dungeonbowl_pays_its_finalists_and_its_winner_holds_trophy_and_contract(drawn: Services) -> None:
    with pytest.raises(RuleViolation, match="not named a tournament yet"):
        drawn.classic_tournaments.close("Open", seed=1)
    drawn.classic_tournaments.name("Open", "Dungeonbowl")
    with pytest.raises(RuleViolation, match="still open; decide them first"):
        drawn.classic_tournaments.close("Open", seed=1)
    winner, runner_up = decide(drawn)
    before = treasuries(drawn)
    with pytest.raises(RuleViolation, match="Spike! Magazine Trophy's award"):
        drawn.classic_tournaments.close("Open", seed=1, player_of_the_year=True)
    closed = drawn.classic_tournaments.close("Open", seed=1).value
    assert (closed.winner, closed.runner_up, closed.closed) == (winner, runner_up, True)
    after = treasuries(drawn)
    assert after[winner] - before[winner] == 150_000 and after[runner_up] - before[runner_up] == 100_000
    held = drawn.teams.get_team(winner)
    assert (held.trophies, held.trophy_rerolls, held.dungeonbowl_contract) == (("Dungeonbowl",), 1, True)
    assert held.to_dict()["trophies"] == ["Dungeonbowl"] and held.to_dict()["trophy_rerolls"] == 1
    assert held.rating == drawn.teams.get_team(runner_up).rating + 5  # the trophy re-roll is not rated
    with pytest.raises(RuleViolation, match="already closed"):
        drawn.classic_tournaments.close("Open", seed=1)
    with pytest.raises(RuleViolation, match="is closed"):
        drawn.classic_tournaments.name("Open", "Blood Bowl")
    drawn.seasons.create_season("Old World", "Next")
    fixture = drawn.seasons.add_fixture("Next", winner, runner_up).value.id or 0
    hires = {"home": ClassicHires(wizard=True)}
    record = drawn.match_day.classic_pregame(fixture, seed=2, hires=hires).value.record
    home = record["sides"]["home"]
    assert (
        home["trophies"] == ["Dungeonbowl"] and home["trophy_rerolls"] == 1 and home["dungeonbowl_contract"]
    )
    assert home["hires"] == [
        {"kind": "wizard", "name": "Wizard (Dungeonbowl contract)", "quantity": 1, "unit_cost": 25_000}
    ]
    assert record["sides"]["away"]["trophies"] == []


def test_the_chaos_cup_split_and_its_holders_extra_handicap_roll(drawn: Services) -> None:
    drawn.classic_tournaments.name("Open", "Chaos Cup")
    winner, runner_up = decide(drawn)
    before = treasuries(drawn)
    closed = drawn.classic_tournaments.close("Open", typed=[2], all_typed=True).value
    assert closed.record["chaos_cup_split"] == {"die": 2, "modifier": 0}  # Orcs: no modifier
    after = treasuries(drawn)
    assert after[winner] - before[winner] == 100_000 and after[runner_up] - before[runner_up] == 250_000
    drawn.seasons.create_season("Old World", "Next")
    fixture = drawn.seasons.add_fixture("Next", runner_up, winner).value.id or 0  # ratings 15 apart
    record = drawn.match_day.classic_pregame(fixture, seed=4).value.record
    h = record["handicap"]
    assert h["underdog"] == "away" and h["rolls"] == 1
    assert h["extra"]["side"] == "away" and len(h["extra"]["results"]) == 1
    assert h["counts"] == {"home": 0, "away": 2}  # the Chaos Cup adds one to the holder's count
    assert h["extra"]["results"][0]["d66"] != h["results"][0]["d66"]  # rolled with its own: no repeat


def test_the_blood_bowl_final_medals_and_the_holders_bloodweiser_deal(drawn: Services) -> None:
    drawn.classic_tournaments.name("Open", "Blood Bowl")
    winner, runner_up = decide(drawn, final_played=True)
    final = next(f for f in knockout(drawn) if f.round_name == "Final" and not f.third_place)
    post = drawn.match_day.classic_prematch(final.id or 0).record["post_match"]
    for side in ("home", "away"):
        assert post["sides"][side]["final_mvps"]
        assert all(p["mvps"] >= 1 and p["spp_earned"] >= 5 for p in post["sides"][side]["players"])
        assert len(post["sides"][side]["players"]) == 11
    with pytest.raises(RuleViolation, match="named before it"):
        drawn.classic_tournaments.name("Open", "Chaos Cup")
    before = treasuries(drawn)
    drawn.classic_tournaments.close("Open", seed=3)
    after = treasuries(drawn)
    assert after[winner] - before[winner] == 350_000 and after[runner_up] - before[runner_up] == 150_000
    drawn.seasons.create_season("Old World", "Next")
    fixture = drawn.seasons.add_fixture("Next", winner, runner_up).value.id or 0
    match = full_match(drawn, fixture, (0, 0))
    assert match["sides"]["home"]["holder_bonus"] == 20_000 and match["sides"]["away"]["holder_bonus"] == 0
    assert match["sides"]["home"]["final_mvps"] is False
    text = render_classic_postmatch(drawn.match_day.classic_prematch(fixture))
    assert "Bloodweiser deal (Blood Bowl holder): 20,000 gp paid" in text


def test_the_spike_winner_gains_fan_factor_and_the_player_of_the_year_one_more(drawn: Services) -> None:
    drawn.classic_tournaments.name("Open", "Spike! Magazine Trophy")
    winner, _ = decide(drawn)
    fans = {name: drawn.teams.get_team(name).dedicated_fans for name in TEAMS}
    closed = drawn.classic_tournaments.close("Open", seed=5, player_of_the_year=True).value
    gain = closed.record["spike_fan_factor"]
    poty = closed.record["player_of_the_year"]
    expected = {name: fans[name] + (gain if name == winner else 0) + (poty["team"] == name) for name in TEAMS}
    assert {name: drawn.teams.get_team(name).dedicated_fans for name in TEAMS} == expected


def test_a_minor_tournament_pays_within_the_cap_and_gives_no_trophy(drawn: Services) -> None:
    with pytest.raises(RuleViolation, match="at most 150000 gp"):
        drawn.classic_tournaments.name(
            "Open", "Far Albion", minor=True, winner_prize=100_000, runner_up_prize=60_000
        )
    with pytest.raises(RuleViolation, match="not a Major"):
        drawn.classic_tournaments.name("Open", "Far Albion")
    with pytest.raises(RuleViolation, match="is a Major tournament"):
        drawn.classic_tournaments.name("Open", "Blood Bowl", minor=True)
    drawn.classic_tournaments.name(
        "Open", "Far Albion", minor=True, winner_prize=80_000, runner_up_prize=40_000
    )
    winner, runner_up = decide(drawn)
    before = treasuries(drawn)
    drawn.classic_tournaments.close("Open", seed=1)
    after = treasuries(drawn)
    assert after[winner] - before[winner] == 80_000 and after[runner_up] - before[runner_up] == 40_000
    assert drawn.teams.get_team(winner).trophies == () and drawn.teams.get_team(winner).trophy_rerolls == 0
