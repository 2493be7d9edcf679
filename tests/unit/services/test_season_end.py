"""Play-off qualification from divisions, commissioner seeds, and closing a season with its prizes."""

import pytest

from league_manager.core.errors import RuleViolation
from league_manager.services.demo import DEMO_LEAGUE, DEMO_TEAMS
from league_manager.services.facade import Services
from league_manager.services.match_day.store import team_snapshot
from league_manager.services.season_results import ResultEntry

TEAMS = [name for _race, name, _coach in DEMO_TEAMS]


def two_divisions_played(svc: Services) -> None:
    """Two divisions of four; in every game the team listed first in TEAMS wins 1-0."""
    svc.seasons.create_season(DEMO_LEAGUE, "S", divisions=["North", "South"], seed=3)
    svc.seasons.add_teams("S", TEAMS[:4], "North")
    svc.seasons.add_teams("S", TEAMS[4:8], "South")
    svc.seasons.schedule("S", "round-robin")
    for f in svc.seasons.fixtures("S"):
        home_first = TEAMS.index(f.home or "") < TEAMS.index(f.away or "")
        svc.seasons.set_result(f.id or 0, ResultEntry(home_td=int(home_first), away_td=int(not home_first)))


def test_two_divisions_qualify_two_each_and_the_knockout_uses_the_seeds(demo: Services) -> None:
    two_divisions_played(demo)
    view = demo.season_end.playoffs("S")
    assert view.rule == "the top two of each division qualify" and not view.scheduled
    by_seed = {q.seed: q for q in view.qualifiers}
    assert {by_seed[1].team, by_seed[2].team} == {TEAMS[0], TEAMS[4]}
    assert by_seed[4].division != by_seed[1].division and by_seed[4].route == "runner_up"
    with pytest.raises(RuleViolation, match="reason"):
        demo.season_end.set_seed("S", TEAMS[5], 1, "  ")
    with pytest.raises(RuleViolation, match="not qualified"):
        demo.season_end.set_seed("S", TEAMS[3], 1, "fair play")
    moved = demo.season_end.set_seed("S", by_seed[3].team, 1, "sportsmanship award").value
    assert moved.qualifiers[0].team == by_seed[3].team and moved.qualifiers[0].overridden
    assert moved.qualifiers[0].reason == "sportsmanship award"
    order = [q.team for q in moved.qualifiers]
    bracket = demo.seasons.schedule("S", "knockout", third_place=True).value
    semis = [(f.home, f.away) for f in bracket.rounds[0].fixtures]
    assert semis == [(order[0], order[3]), (order[1], order[2])]
    assert "the top two of each division qualify" in bracket.notes
    with pytest.raises(RuleViolation, match="seeds are fixed"):
        demo.season_end.set_seed("S", order[1], 1, "late change")


def test_close_pays_prizes_after_play_offs_gives_the_trophy_and_freezes_the_table(demo: Services) -> None:
    two_divisions_played(demo)
    bracket = demo.seasons.schedule("S", "knockout", third_place=True).value
    with pytest.raises(RuleViolation, match="still open"):
        demo.season_end.close_preview("S")
    for semi in demo.seasons.fixtures("S", bracket.rounds[0].number):
        demo.seasons.set_result(semi.id or 0, ResultEntry(home_td=2, away_td=0))
    last = demo.seasons.fixtures("S", bracket.rounds[1].number)
    final = next(f for f in last if not f.third_place)
    third = next(f for f in last if f.third_place)
    demo.seasons.set_result(final.id or 0, ResultEntry(home_td=0, away_td=1))
    demo.seasons.set_result(third.id or 0, ResultEntry(home_td=3, away_td=1))
    before = {t: demo.teams.get_team(t) for t in (final.away or "", final.home or "", third.home or "")}
    preview = demo.season_end.close_preview("S")
    assert not preview.closed and all(p.entry_id is None for p in preview.prizes)
    assert [(p.place, p.team, p.amount) for p in preview.prizes] == [
        (1, final.away, 100_000), (2, final.home, 60_000), (3, third.home, 30_000),
    ]  # fmt: skip
    assert demo.teams.get_team(final.away or "").treasury == before[final.away or ""].treasury  # nothing paid
    closed = demo.season_end.close_season("S").value
    assert closed.closed and closed.champion == final.away and len(closed.table) == 8
    assert {a["category"] for a in closed.awards} >= {"points"}
    for prize in closed.prizes:
        team = demo.teams.get_team(prize.team)
        assert team.treasury == before[prize.team].treasury + prize.amount
        rows = [r for r in demo.teams.treasury_ledger(prize.team) if r.source == "prize"]
        assert [(r.id, r.amount) for r in rows] == [(prize.entry_id, prize.amount)]
    champion = demo.teams.get_team(final.away or "")
    assert champion.trophy_rerolls == 1 and champion.rerolls == before[final.away or ""].rerolls
    assert champion.team_value == before[final.away or ""].team_value + champion.reroll_cost
    assert team_snapshot(champion).rerolls == champion.rerolls + 1  # the re-roll reaches the match
    assert demo.teams.get_team(final.home or "").trophy_rerolls == 0
    with pytest.raises(RuleViolation, match="already closed"):
        demo.season_end.close_season("S")
    stored = demo.season_end.closed("S")
    assert stored is not None and stored.table == closed.table and stored.prizes == closed.prizes


def test_a_season_without_play_offs_pays_its_top_three(demo: Services) -> None:
    two_divisions_played(demo)
    table = [r.team for r in demo.seasons.standings("S").overall.rows]
    view = demo.season_end.close_season("S").value
    assert [(p.place, p.team) for p in view.prizes] == [(1, table[0]), (2, table[1]), (3, table[2])]
