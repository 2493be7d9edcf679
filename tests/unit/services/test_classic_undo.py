"""Undoing a classic (LRB 2004) post-match or pre-match: compensating rows, refusals, the redo."""

import pytest
from sqlmodel import Session, col, func, select

from league_manager.core.errors import RuleViolation, RuleViolations
from league_manager.persistence.classic_models import ClassicPreMatch
from league_manager.persistence.match_day_models import MatchCorrection
from league_manager.persistence.models import (
    DedicatedFansEntry,
    PlayerStatusEntry,
    SppEntry,
    TreasuryEntry,
)
from league_manager.persistence.season_models import PlayerMatchStats
from league_manager.services.facade import Services
from league_manager.services.match_day.classic_prematch_models import ClassicHires
from league_manager.services.read_models import TeamView
from league_manager.services.season_read_models import PlayerStatLine, ResultEntry
from tests.unit.services.test_classic_postmatch_service import PRE_MATCH, played
from tests.unit.services.test_classic_prematch import GOBLINS, fixture_between

TEAMS = ("Greenskins", "Visitors")

FULL = [6, 1, 3, 2, 2, 3, 4, 2, 2, 5, 5, 1, 1, 4, 5, 1, 6, 6, 3, 3, 4, 2]
"""The typed post-match of test_classic_postmatch_service: a Smashed Hip, an ageing, MVPs, fan factor."""


def post_match(services: Services) -> tuple[int, list[int], list[int]]:
    fixture, orcs, goblins = played(services)
    figures = [
        PlayerStatLine(orcs[0], td=2),
        PlayerStatLine(orcs[1], cas=2),
        PlayerStatLine(goblins[0], td=1),
    ]
    services.match_day.classic_postgame(
        fixture, typed=FULL, injured=[goblins[1]], figures=figures, all_typed=True
    )
    return fixture, orcs, goblins


def state(view: TeamView) -> tuple[object, ...]:
    players = tuple(
        (
            p.id,
            p.spp,
            p.status,
            p.misses_next_game,
            p.niggling,
            (p.stats.ma, p.stats.st, p.stats.ag, p.stats.av),
        )
        for p in view.players
    )
    return view.treasury, view.dedicated_fans, view.rating, players


def ledger_sum(services: Services, entity: type, team_id: int) -> int:
    column = TreasuryEntry.amount if entity is TreasuryEntry else DedicatedFansEntry.delta
    with Session(services.engine) as session:
        total = session.exec(select(func.sum(column)).where(entity.team_id == team_id)).one()  # type: ignore[attr-defined]
    return int(total or 0)


def test_an_undone_post_match_puts_everything_back_and_can_be_run_again(services: Services) -> None:
    fixture, orcs, goblins = played(services)
    before = {n: state(services.teams.get_team(n)) for n in TEAMS}
    figures = [
        PlayerStatLine(orcs[0], td=2),
        PlayerStatLine(orcs[1], cas=2),
        PlayerStatLine(goblins[0], td=1),
    ]
    services.match_day.classic_postgame(
        fixture, typed=FULL, injured=[goblins[1]], figures=figures, all_typed=True
    )
    assert services.seasons.get_fixture(fixture).post_game_pending == ""
    with Session(services.engine) as session:
        rows = {e: session.exec(select(func.count(col(e.id)))).one() for e in (TreasuryEntry, SppEntry)}
    changes = services.match_day.classic_undo_postgame(fixture, "the wrong score was typed").value
    assert "Goblin #2 misses the next match: yes -> no" in changes and "Goblin #2 MA: 5 -> 6" in changes
    assert any(line.startswith("Greenskins fan factor: 6 -> 5") for line in changes)
    assert any(line.startswith("Visitors treasury:") for line in changes)
    after = {n: services.teams.get_team(n) for n in TEAMS}
    assert {n: state(after[n]) for n in TEAMS} == before  # gold, fan factor, SPP, injuries, MNG, rating
    for view in after.values():  # the treasury and fan factor are their ledgers' sums
        assert ledger_sum(services, TreasuryEntry, view.id) == view.treasury
    assert services.seasons.get_fixture(fixture).post_game_pending == "post-match not done"
    record = services.match_day.classic_prematch(fixture).record
    assert "post_match" not in record and record["undone"][0]["reason"] == "the wrong score was typed"
    with Session(services.engine) as session:  # nothing deleted: the rows stay, each compensated
        for entity, count in rows.items():
            assert session.exec(select(func.count(col(entity.id)))).one() > count
        undone = session.exec(select(MatchCorrection).where(MatchCorrection.fixture_id == fixture)).one()
        assert undone.reason == "post-match undone: the wrong score was typed"
        assert "undone_post_match" in undone.previous_result_json
        lines = session.exec(select(PlayerMatchStats).where(PlayerMatchStats.fixture_id == fixture)).all()
        assert {(s.td, s.cas, s.mvp, s.spp) for s in lines} == {(2, 0, 0, 0), (0, 2, 0, 0), (1, 0, 0, 0)}
        sources = session.exec(
            select(PlayerStatusEntry.source).where(PlayerStatusEntry.fixture_id == fixture)
        )
        assert set(sources) == {"match", "correction"}
    # the redo: a corrected score, then the post-match again (new rolls)
    services.seasons.set_result(fixture, ResultEntry(home_td=1, away_td=1, home_cas=0, away_cas=0))
    post = services.match_day.classic_postgame(fixture, seed=3).value.record["post_match"]
    assert post["sides"]["home"]["winnings"]["won_bonus"] == 0
    assert services.seasons.get_fixture(fixture).post_game_pending == ""


def test_the_undo_needs_a_reason_and_a_post_match(services: Services) -> None:
    fixture, _, _ = played(services)
    with pytest.raises(RuleViolation, match="no classic post-match to undo"):
        services.match_day.classic_undo_postgame(fixture, "typo")
    services.match_day.classic_postgame(fixture, seed=1)
    with pytest.raises(RuleViolation, match="say why the post-match is undone"):
        services.match_day.classic_undo_postgame(fixture, "  ")
    services.match_day.classic_undo_postgame(fixture, "typo")
    with pytest.raises(RuleViolation, match="no classic post-match to undo"):
        services.match_day.classic_undo_postgame(fixture, "twice")


def test_a_star_player_pick_keeps_the_post_match(services: Services) -> None:
    fixture, orcs, _ = post_match(services)
    services.advancement.star_roll(orcs[0], "skill", "Tackle")
    treasury = services.teams.get_team("Greenskins").treasury
    with pytest.raises(
        RuleViolations, match=r"has taken his Star Player roll from this post-match \(Tackle\)"
    ):
        services.match_day.classic_undo_postgame(fixture, "typo")
    assert services.teams.get_team("Greenskins").treasury == treasury  # nothing changed


def test_a_later_pre_match_of_either_team_keeps_the_post_match(services: Services) -> None:
    fixture, _, _ = post_match(services)
    later = services.seasons.add_fixture("Open", "Visitors", "Greenskins").value.id or 0
    services.match_day.classic_pregame(later, seed=2)
    with pytest.raises(RuleViolations, match=f"fixture {later} has had its pre-match since"):
        services.match_day.classic_undo_postgame(fixture, "typo")


def test_a_later_pre_match_keeps_the_pre_match(services: Services) -> None:
    fixture = fixture_between(services, GOBLINS)
    services.match_day.classic_pregame(fixture, typed=PRE_MATCH, all_typed=True)
    later = services.seasons.add_fixture("Open", "Visitors", "Greenskins").value.id or 0
    services.match_day.classic_pregame(later, seed=2)
    with pytest.raises(RuleViolations, match=f"fixture {later} has had its pre-match since"):
        services.match_day.cancel_pregame(fixture, "typo")
    services.match_day.cancel_pregame(later, "typo")
    services.match_day.cancel_pregame(fixture, "typo")


def test_spent_winnings_keep_the_post_match(services: Services) -> None:
    fixture, _, _ = post_match(services)  # the goblins were paid 40,000
    treasury = services.teams.get_team("Visitors").treasury
    services.adjustments.adjust("Visitors", "gold", -(treasury - 20_000), "a wizard's fee")
    with pytest.raises(
        RuleViolations, match=r"Visitors has spent the gold this match paid \(the treasury would be -20,000"
    ):
        services.match_day.classic_undo_postgame(fixture, "typo")
    assert services.teams.get_team("Visitors").treasury == 20_000


def test_a_veteran_who_left_comes_back_unless_the_roster_is_full(services: Services) -> None:
    fixture = fixture_between(services, GOBLINS)
    services.match_day.classic_pregame(fixture, typed=PRE_MATCH, all_typed=True)
    veteran = services.teams.get_team("Visitors").players[0]
    services.advancement.adjust_spp(veteran.id, 60, "a veteran of many seasons")
    services.seasons.set_result(fixture, ResultEntry(home_td=1, away_td=0, conceded_by="Visitors"))
    typed = [3, 4, 1, 2, 5, 1]  # winnings, the winner's two MVPs, its fan factor; the veteran rolls 1: leaves
    services.match_day.classic_postgame(fixture, typed=typed, all_typed=True)
    assert veteran.id not in {p.id for p in services.teams.get_team("Visitors").players}
    for _ in range(6):  # 10 goblins left + 6 hired = 16
        services.roster.hire_player("Visitors", "Goblin")
    heir = next(p for p in services.teams.get_team("Visitors").players if p.number == veteran.number)
    with pytest.raises(RuleViolations, match=f"his number {veteran.number} has been given to {heir.name}"):
        services.match_day.classic_undo_postgame(fixture, "typo")
    services.roster.set_number(heir.id, 30)
    with pytest.raises(RuleViolations, match=r"would return to Visitors's roster of 17 players"):
        services.match_day.classic_undo_postgame(fixture, "typo")
    services.roster.fire_player(heir.id)
    services.match_day.classic_undo_postgame(fixture, "the concession was a misunderstanding")
    back = {p.id: p for p in services.teams.get_team("Visitors").players}
    assert back[veteran.id].status == "active"


def test_undo_of_the_pre_match_refunds_the_hires_and_lets_it_run_again(services: Services) -> None:
    fixture = fixture_between(services, GOBLINS)
    treasury = services.teams.get_team("Greenskins").treasury
    hires = {"home": ClassicHires(freebooters={"Lineman": 1})}
    services.match_day.classic_pregame(fixture, typed=PRE_MATCH, hires=hires, all_typed=True)
    assert services.teams.get_team("Greenskins").treasury < treasury
    services.seasons.set_result(fixture, ResultEntry(home_td=1, away_td=0))
    with pytest.raises(
        RuleViolation, match=f"has a result; clear it first \\(fixture clear-result {fixture}\\)"
    ):
        services.match_day.cancel_pregame(fixture, "wrong hire")
    services.match_day.classic_postgame(fixture, seed=1)
    with pytest.raises(
        RuleViolation,
        match=f"undo it first \\(Undo post-match… on the fixture page, or fixture postgame {fixture} --undo",
    ):
        services.match_day.cancel_pregame(fixture, "wrong hire")
    services.match_day.classic_undo_postgame(fixture, "wrong hire")
    services.seasons.clear_result(fixture)
    with pytest.raises(RuleViolation, match="say why the pre-match is undone"):
        services.match_day.cancel_pregame(fixture, "")
    changes = services.match_day.cancel_pregame(fixture, "wrong hire").value
    assert changes == [f"Greenskins treasury: {treasury - 25_000:,} -> {treasury:,}"]
    view = services.teams.get_team("Greenskins")
    assert view.treasury == treasury == ledger_sum(services, TreasuryEntry, view.id)
    with Session(services.engine) as session:
        assert (
            session.exec(select(ClassicPreMatch).where(ClassicPreMatch.fixture_id == fixture)).first() is None
        )
        reasons = session.exec(
            select(MatchCorrection.reason).where(MatchCorrection.fixture_id == fixture)
        ).all()
    assert reasons == ["post-match undone: wrong hire", "pre-match undone: wrong hire"]
    services.match_day.classic_pregame(fixture, typed=PRE_MATCH, all_typed=True)  # runs again
    other = services.seasons.add_fixture("Open", "Visitors", "Greenskins").value.id or 0
    with pytest.raises(RuleViolation, match="no classic pre-match to undo"):
        services.match_day.cancel_pregame(other, "typo")


def test_before_the_post_match_the_score_is_corrected_with_set_result(services: Services) -> None:
    fixture, _, _ = played(services)  # 2-1, casualties 2-0
    services.seasons.set_result(fixture, ResultEntry(home_td=1, away_td=1, home_cas=0, away_cas=3))
    post = services.match_day.classic_postgame(fixture, seed=1).value.record["post_match"]
    home, away = post["sides"]["home"], post["sides"]["away"]
    assert home["winnings"]["won_bonus"] == 0 and away["winnings"]["won_bonus"] == 0  # a draw now
    assert ["inflicted 2+ casualties", 1] in away["fan_factor"]["modifiers"]
    assert ["inflicted 2+ casualties", 1] not in home["fan_factor"]["modifiers"]


def test_the_bb2020_correction_names_the_classic_way(services: Services) -> None:
    fixture, _, _ = played(services)
    with pytest.raises(
        RuleViolation, match=f"correct the score with fixture set-result {fixture}"
    ) as refused:
        services.match_day.correct(fixture, {}, "typo")
    assert f"fixture postgame {fixture} --undo --reason TEXT" in str(refused.value)
    services.match_day.classic_postgame(fixture, seed=1)
    with pytest.raises(RuleViolation, match="final until the post-match is undone"):
        services.seasons.set_result(fixture, ResultEntry(home_td=0, away_td=0))


def test_a_fan_factor_lowered_since_keeps_the_post_match(services: Services) -> None:
    fixture, _, _ = post_match(services)  # the orcs' fan factor went 5 -> 6
    services.adjustments.adjust("Greenskins", "fans", -5, "the stadium burned down")
    with pytest.raises(
        RuleViolations, match=r"Greenskins's fan factor, lowered since, would fall to 0 \(at least 1\)"
    ):
        services.match_day.classic_undo_postgame(fixture, "typo")


def test_a_later_post_match_of_either_team_keeps_the_post_match(services: Services) -> None:
    fixture, _, _ = played(services)  # pre-match and score; the teams' next pre-match comes first
    later = services.seasons.add_fixture("Open", "Visitors", "Greenskins").value.id or 0
    services.match_day.classic_pregame(later, seed=2)
    services.seasons.set_result(later, ResultEntry(home_td=0, away_td=0))
    services.match_day.classic_postgame(fixture, seed=1)
    services.match_day.classic_postgame(later, seed=2)
    with pytest.raises(RuleViolations, match=f"fixture {later} has had its post-match since"):
        services.match_day.classic_undo_postgame(fixture, "typo")
    services.match_day.classic_undo_postgame(later, "typo")
    services.match_day.classic_undo_postgame(fixture, "typo")
