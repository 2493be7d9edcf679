"""Classic (LRB 2004) undo together with the tournaments: Blood Bowl bonus and medals, the stage
modifier, handicap MVPs, the Chaos Cup holder's extra roll and a closed tournament."""

import pytest
from sqlmodel import Session

from league_manager.core.errors import RuleViolation, RuleViolations
from league_manager.persistence import repositories as repo
from league_manager.persistence.models import DedicatedFansEntry, TreasuryEntry
from league_manager.services.facade import Services
from league_manager.services.season_read_models import ResultEntry
from tests.unit.services.test_classic_majors import TEAMS, draw_open, knockout
from tests.unit.services.test_classic_prematch import GOBLINS, fixture_between
from tests.unit.services.test_classic_undo import ledger_sum, state


@pytest.fixture
def league(services: Services) -> Services:
    """Five Orc teams, their play-off week results and the knock-out drawn (as test_classic_majors)."""
    return draw_open(services)


def prepared(services: Services, fixture: int, score: tuple[int, int], seed: int = 3) -> None:
    """Pre-match (with any Inspiration picked) and the score of a classic fixture."""
    pre = services.match_day.classic_pregame(fixture, seed=seed).value.record
    for side in pre["inspiration_pending"]:
        taken = {e["player_id"] for e in pre.get("handicap_mvps", {}).get(side, [])}
        players = services.teams.get_team(pre["sides"][side]["name"]).players
        out = set(pre["sides"][side]["misses_match"])
        pick = next(p.id for p in players if p.id not in taken and p.name not in out)
        services.match_day.classic_inspire(fixture, pick, seed=seed)
    services.seasons.set_result(fixture, ResultEntry(home_td=score[0], away_td=score[1]))


def to_the_final(services: Services) -> int:
    """Semi-finals and the third-place match by score only; the final's fixture id."""
    for semi in knockout(services):
        services.seasons.set_result(semi.id or 0, ResultEntry(home_td=1, away_td=0))
    for f in knockout(services):
        if f.third_place and f.result is None:
            services.seasons.set_result(f.id or 0, ResultEntry(home_td=2, away_td=1))
    return next(f.id or 0 for f in knockout(services) if f.round_name == "Final" and not f.third_place)


def names(services: Services, fixture: int) -> tuple[str, str]:
    f = services.seasons.get_fixture(fixture)
    return f.home or "", f.away or ""


def balanced(services: Services, *teams: str) -> None:
    """Each team's treasury and fan factor equal their ledgers' sums."""
    for name in teams:
        view = services.teams.get_team(name)
        assert ledger_sum(services, TreasuryEntry, view.id) == view.treasury
        assert ledger_sum(services, DedicatedFansEntry, view.id) == view.dedicated_fans


def test_undoing_the_blood_bowl_final_takes_back_the_medals_and_the_stage(league: Services) -> None:
    league.classic_tournaments.name("Open", "Blood Bowl")
    final = to_the_final(league)
    prepared(league, final, (2, 1))
    teams = names(league, final)
    before = {n: state(league.teams.get_team(n)) for n in teams}
    post = league.match_day.classic_postgame(final, seed=3).value.record["post_match"]
    assert post["stage"] == "final" and post["sides"]["home"]["final_mvps"]
    assert ["tournament final", 2] in post["sides"]["away"]["fan_factor"]["modifiers"]
    assert all(p["mvps"] >= 1 for s in ("home", "away") for p in post["sides"][s]["players"])
    changes = league.match_day.classic_undo_postgame(final, "the final was typed wrong").value
    assert any(" SPP: " in line for line in changes)
    assert {n: state(league.teams.get_team(n)) for n in teams} == before  # SPP, gold, fan factor back
    balanced(league, *teams)
    again = league.match_day.classic_postgame(final, seed=4).value.record["post_match"]
    assert again["stage"] == "final" and again["sides"]["away"]["final_mvps"]  # the redo keeps both


def closed_blood_bowl(league: Services) -> tuple[int, str, str]:
    """A Blood Bowl played to its final and closed: (final fixture, winner, runner-up)."""
    league.classic_tournaments.name("Open", "Blood Bowl")
    final = to_the_final(league)
    prepared(league, final, (2, 1))
    league.match_day.classic_postgame(final, seed=3)
    closed = league.classic_tournaments.close("Open", seed=3).value
    return final, closed.winner or "", closed.runner_up or ""


def test_undoing_a_match_that_paid_the_holders_bloodweiser_deal_takes_it_back(league: Services) -> None:
    _, winner, runner_up = closed_blood_bowl(league)
    league.seasons.create_season("Old World", "Next")
    fixture = league.seasons.add_fixture("Next", winner, runner_up).value.id or 0
    prepared(league, fixture, (0, 0))
    before = {n: state(league.teams.get_team(n)) for n in (winner, runner_up)}
    post = league.match_day.classic_postgame(fixture, seed=3).value.record["post_match"]
    assert post["sides"]["home"]["holder_bonus"] == 20_000
    league.match_day.classic_undo_postgame(fixture, "wrong score")
    assert {n: state(league.teams.get_team(n)) for n in (winner, runner_up)} == before
    balanced(league, winner, runner_up)
    redo = league.match_day.classic_postgame(fixture, seed=5).value.record["post_match"]
    assert redo["sides"]["home"]["holder_bonus"] == 20_000  # still the holder: paid again


def test_a_closed_tournament_keeps_its_post_matches_and_scores(league: Services) -> None:
    final, winner, _ = closed_blood_bowl(league)
    treasury = league.teams.get_team(winner).treasury
    with pytest.raises(RuleViolation, match="Blood Bowl was closed"):
        league.match_day.classic_undo_postgame(final, "too late")
    semi = next(f.id or 0 for f in knockout(league) if f.round_name != "Final")
    with pytest.raises(RuleViolation, match=r"cannot change the result .* Blood Bowl was closed"):
        league.seasons.set_result(semi, ResultEntry(home_td=0, away_td=3))
    with pytest.raises(RuleViolation, match="Blood Bowl was closed"):
        league.seasons.clear_result(semi)
    held = league.teams.get_team(winner)
    assert held.trophies == ("Blood Bowl",) and held.treasury == treasury  # nothing went stale


def test_undoing_a_pre_match_takes_back_its_handicap_mvps(services: Services) -> None:
    teams = ("Greenskins", "Visitors")
    fixture = fixture_between(services, GOBLINS, gold=300_000)
    before = {n: state(services.teams.get_team(n)) for n in teams}
    typed = [6] * 8 + [3, 2, 1, 4]  # gate; handicaps 32 Bribe the Announcers, 14 Inspiration
    record = services.match_day.classic_pregame(fixture, typed=typed, seed=1).value.record
    announced = record["handicap_mvps"]["away"][0]["player_id"]
    other = next(p.id for p in services.teams.get_team("Visitors").players if p.id != announced)
    services.match_day.classic_inspire(fixture, other, seed=3)
    spp = {p.id: p.spp for p in services.teams.get_team("Visitors").players}
    assert spp[announced] == 5 and spp[other] == 5
    changes = services.match_day.cancel_pregame(fixture, "wrong handicap typed").value
    assert sum(" SPP: 5 -> 0" in line for line in changes) == 2
    assert {n: state(services.teams.get_team(n)) for n in teams} == before
    redo = services.match_day.classic_pregame(fixture, seed=2).value.record  # a new pre-match
    assert "handicap_mvps" not in redo or all(
        e["spp"] == 5 for entries in redo["handicap_mvps"].values() for e in entries
    )


def star_roll_pre_match(services: Services) -> tuple[int, int]:
    """A Bribe the Announcers MVP whose 5 SPP bring a Star Player roll; (fixture, player)."""
    fixture = fixture_between(services, GOBLINS, gold=300_000)
    with Session(services.engine) as session:
        for p in services.teams.get_team("Visitors").players:
            repo.add_spp(p.id, 3, "earlier matches", "correction", session=session)
        session.commit()
    typed = [6] * 8 + [3, 2]  # ratings 130 and 106 now: one handicap, 32 Bribe the Announcers
    typed += [1, 3, 4, 5, 5]  # the first goblin; his roll at 8 SPP: a new skill, no ageing
    record = services.match_day.classic_pregame(fixture, typed=typed, all_typed=True).value.record
    return fixture, record["handicap_mvps"]["away"][0]["player_id"]


def test_a_handicap_mvps_open_star_roll_goes_with_the_pre_match(services: Services) -> None:
    fixture, player = star_roll_pre_match(services)
    services.match_day.cancel_pregame(fixture, "wrong handicap typed")
    assert {p.id: p.spp for p in services.teams.get_team("Visitors").players}[player] == 3
    with pytest.raises(RuleViolation, match="no Star Player roll waiting"):
        services.advancement.star_roll(player, "skill", "Catch")


def test_a_picked_handicap_mvp_star_roll_keeps_the_pre_match(services: Services) -> None:
    fixture, player = star_roll_pre_match(services)
    services.advancement.star_roll(player, "skill", "Catch")
    with pytest.raises(
        RuleViolations,
        match=r"MVP \(Catch\); the pre-match stays until the pick is taken back",
    ):
        services.match_day.cancel_pregame(fixture, "wrong handicap typed")
    assert {p.id: p.spp for p in services.teams.get_team("Visitors").players}[player] == 8  # unchanged
    assert services.match_day.classic_prematch(fixture).record["handicap_mvps"]


def test_the_chaos_cup_holders_extra_bribe_is_taken_back_with_the_pre_match(league: Services) -> None:
    league.classic_tournaments.name("Open", "Chaos Cup")
    to_the_final(league)
    final = next(f for f in knockout(league) if f.round_name == "Final" and not f.third_place)
    league.seasons.set_result(final.id or 0, ResultEntry(home_td=2, away_td=1))
    closed = league.classic_tournaments.close("Open", typed=[2], all_typed=True).value
    holder = closed.winner or ""
    other = next(t for t in TEAMS if t not in (holder, closed.runner_up))
    league.seasons.create_season("Old World", "Next")
    fixture = league.seasons.add_fixture("Next", holder, other).value.id or 0
    before = {n: state(league.teams.get_team(n)) for n in (holder, other)}
    typed = [6] * 10 + [3, 2]  # gate; 10 rating points apart: no underdog roll; the holder's 32 Bribe
    record = league.match_day.classic_pregame(fixture, typed=typed, seed=4).value.record
    h = record["handicap"]
    assert h["rolls"] == 0 and h["extra"]["side"] == "home"
    assert [e["d66"] for e in h["extra"]["results"]] == [32]
    (entry,) = record["handicap_mvps"]["home"]
    assert entry["handicap"] == "Bribe the Announcers"
    league.match_day.cancel_pregame(fixture, "typed the wrong dice")
    assert {n: state(league.teams.get_team(n)) for n in (holder, other)} == before
    redo = league.match_day.classic_pregame(fixture, seed=6).value.record
    assert redo["handicap"]["extra"]["side"] == "home"  # still the holder: the extra roll again
