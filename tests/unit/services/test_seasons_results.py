"""Season results: score entry, forfeits, byes, rulings, play-offs, standings and leader boards."""

import pytest

from league_manager.core.errors import RuleViolation
from league_manager.rules.draft import suggest_draft
from league_manager.rules.model import Ruleset
from league_manager.services.demo import DEMO_LEAGUE, DEMO_TEAMS
from league_manager.services.facade import Services
from league_manager.services.season_read_models import FixtureView, PlayerStatLine, entry_of
from league_manager.services.season_results import ResultEntry

TEAMS = [name for _race, name, _coach in DEMO_TEAMS]


def scheduled(svc: Services, count: int, fmt: str = "round-robin") -> list[FixtureView]:
    svc.seasons.create_season(DEMO_LEAGUE, "S", seed=11)
    svc.seasons.add_teams("S", TEAMS[:count])
    svc.seasons.schedule("S", fmt)
    return svc.seasons.fixtures("S")


def between(fixtures: list[FixtureView], a: str, b: str) -> FixtureView:
    return next(f for f in fixtures if {f.home, f.away} == {a, b})


def test_score_entry_and_corrections(demo: Services) -> None:
    fixtures = scheduled(demo, 4)
    game = fixtures[0]
    outcome = demo.seasons.set_result(game.id or 0, ResultEntry(home_td=2, away_td=1, home_cas=3))
    view = outcome.value
    assert view.status == "played" and view.result is not None
    assert (view.result.score, view.result.home_cas, view.result.away_cas) == ("2-1", 3, 0)
    assert (view.result.home_verdict, view.result.away_verdict, view.result.winner) == ("W", "L", game.home)
    assert outcome.changes.fixtures == {game.id} and len(outcome.changes.teams) == 2
    assert demo.teams.get_team(game.home or "").first_match_played
    corrected = demo.seasons.set_result(game.id or 0, ResultEntry(home_td=0, away_td=0)).value
    assert corrected.result is not None and corrected.result.home_verdict == "D"
    cleared = demo.seasons.clear_result(game.id or 0).value
    assert cleared.status == "scheduled" and cleared.result is None
    with pytest.raises(RuleViolation, match="no result"):
        demo.seasons.clear_result(game.id or 0)


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        (ResultEntry(home_td=-1, away_td=0), "negative"),
        (ResultEntry(home_td=1), "both teams"),
        (ResultEntry(), "enter the score"),
        (ResultEntry(home_td=1, away_td=0, forfeit="home"), "no score"),
        (ResultEntry(bye=True, forfeit="home"), "choose one"),
        (ResultEntry(forfeit="Mortis Grave Guard"), "does not play"),
        (ResultEntry(home_td=1, away_td=1, winner="home"), "only play-offs"),
    ],
)
def test_bad_results_are_refused(demo: Services, entry: ResultEntry, message: str) -> None:
    game = scheduled(demo, 4)[0]
    with pytest.raises(RuleViolation, match=message):
        demo.seasons.set_result(game.id or 0, entry)
    assert demo.seasons.get_fixture(game.id or 0).result is None


def test_forfeit_concession_bye_and_rulings_are_outcomes_not_scores(demo: Services) -> None:
    fixtures = scheduled(demo, 4)
    a, b, c, d = TEAMS[:4]
    forfeit = demo.seasons.set_result(between(fixtures, a, b).id or 0, ResultEntry(forfeit=b)).value
    assert forfeit.status == "forfeited" and forfeit.result is not None
    assert (forfeit.result.outcome, forfeit.result.home_td, forfeit.result.winner) == ("forfeit", None, a)
    cd = between(fixtures, c, d)
    score = (0, 1) if cd.home == c else (1, 0)  # c trailed 0-1 when it conceded
    conceded = demo.seasons.set_result(
        cd.id or 0, ResultEntry(home_td=score[0], away_td=score[1], conceded_by=c)
    ).value
    assert conceded.status == "conceded" and conceded.result is not None and conceded.result.winner == d
    bye = demo.seasons.set_result(between(fixtures, a, c).id or 0, ResultEntry(bye=True)).value
    assert bye.status == "bye" and bye.result is not None and bye.result.home_verdict == "B"
    ruling = demo.seasons.set_result(between(fixtures, b, d).id or 0, ResultEntry(administrative="both-lose"))
    assert ruling.value.status == "administrative"
    demo.seasons.set_result(between(fixtures, a, d).id or 0, ResultEntry(administrative=a))
    rows = {r.team: r for r in demo.seasons.standings("S").overall.rows}
    assert (rows[a].won, rows[a].byes, rows[a].points, rows[a].td_for) == (2, 1, 6, 0)
    assert (rows[b].lost, rows[b].points, rows[b].played) == (2, 0, 2)
    assert (rows[c].lost, rows[c].td_against, rows[c].byes) == (1, 1, 1)
    assert (rows[d].won, rows[d].lost, rows[d].points, rows[d].td_for) == (1, 2, 3, 1)


def test_standings_head_to_head_through_the_service(demo: Services) -> None:
    # Same figures as the rules test: A, B, C level on 4 points, the mini-table puts A, B, C.
    a, b, c, d, e = TEAMS[:5]
    demo.leagues.update_settings(DEMO_LEAGUE, {"tiebreakers": "standard"})  # head-to-head first
    demo.seasons.create_season(DEMO_LEAGUE, "H", seed=1)
    demo.seasons.add_teams("H", [a, b, c, d, e])
    scores = [(a, b, 1, 0), (a, c, 1, 1), (b, c, 2, 1), (d, a, 2, 0), (b, e, 0, 0), (c, d, 4, 0)]
    for home, away, htd, atd in scores:
        fixture = demo.seasons.add_fixture("H", home, away).value
        demo.seasons.set_result(fixture.id or 0, ResultEntry(home_td=htd, away_td=atd))
    table = demo.seasons.standings("H")
    rows = table.overall.rows
    assert [r.team for r in rows] == [a, b, c, d, e]
    assert [r.points for r in rows] == [4, 4, 4, 3, 1]
    assert rows[0].decided_by == "head_to_head"
    assert rows[0].tiebreak == f"Level on 4 pts with {b}, {c}; head-to-head 4"
    assert table.tiebreakers[0] == "head-to-head"
    plain = demo.seasons.standings("H", tiebreakers=["td_diff", "coin_flip"]).overall.rows
    assert [r.team for r in plain[:3]] == [c, b, a]
    with pytest.raises(RuleViolation, match="unknown tie-breaker"):
        demo.seasons.standings("H", tiebreakers=["shoe_size"])
    # Scoring settings lock once a result exists (the tables of played rounds would change);
    # with the results cleared they change, and the table reads them.
    with pytest.raises(RuleViolation, match="rewrite the tables"):
        demo.leagues.update_settings(DEMO_LEAGUE, {"points_win": 2, "bonus_points_3_td": 1})
    played = [f for f in demo.seasons.fixtures("H") if f.result is not None]
    for fixture in played:
        demo.seasons.clear_result(fixture.id or 0)
    demo.leagues.update_settings(DEMO_LEAGUE, {"points_win": 2, "bonus_points_3_td": 1})
    for fixture, (_home, _away, htd, atd) in zip(played, scores, strict=True):
        demo.seasons.set_result(fixture.id or 0, ResultEntry(home_td=htd, away_td=atd))
    rows = demo.seasons.standings("H").overall.rows
    assert {r.team: r.points for r in rows}[c] == 1 + 0 + 2 + 1


def test_byes_count_once_their_round_is_under_way(demo: Services) -> None:
    demo.leagues.update_settings(DEMO_LEAGUE, {"bye_points": "win"})
    fixtures = scheduled(demo, 3)
    assert all(r.points == 0 and r.byes == 0 for r in demo.seasons.standings("S").overall.rows)
    round_one = [f for f in fixtures if f.round == 1]
    game = next(f for f in round_one if not f.is_bye)
    demo.seasons.set_result(game.id or 0, ResultEntry(home_td=1, away_td=1))
    bye_team = next(f.home for f in round_one if f.is_bye)
    rows = {r.team: r for r in demo.seasons.standings("S").overall.rows}
    assert (rows[bye_team].byes, rows[bye_team].points, rows[bye_team].played) == (1, 3, 0)


def test_knockout_with_byes_third_place_and_advancement(demo: Services) -> None:
    fixtures = scheduled(demo, 5)
    for f in fixtures:
        if not f.is_bye:
            demo.seasons.set_result(f.id or 0, ResultEntry(home_td=1, away_td=0))
    seeds = [r.team for r in demo.seasons.standings("S").overall.rows]
    bracket = demo.seasons.schedule("S", "knockout", qualifiers=5, third_place=True).value
    names = [r.name for r in bracket.rounds]
    assert names == ["Quarter-finals", "Semi-finals", "Final"]
    quarter = bracket.rounds[0].fixtures
    assert sorted(f.home or "" for f in quarter if f.is_bye) == sorted(seeds[:3])
    match = next(f for f in quarter if not f.is_bye)
    assert (match.home, match.away) == (seeds[3], seeds[4])
    with pytest.raises(RuleViolation, match="already has play-offs"):
        demo.seasons.schedule("S", "knockout")
    with pytest.raises(RuleViolation, match="needs a winner"):
        demo.seasons.set_result(match.id or 0, ResultEntry(home_td=1, away_td=1))
    changed = demo.seasons.set_result(
        match.id or 0, ResultEntry(home_td=1, away_td=1, winner=seeds[4])
    ).changes
    assert len(changed.fixtures) == 2
    semis = demo.seasons.fixtures("S", bracket.rounds[1].number)
    assert {f.home for f in semis} | {f.away for f in semis} == {seeds[0], seeds[1], seeds[2], seeds[4]}
    for semi in semis:
        demo.seasons.set_result(semi.id or 0, ResultEntry(home_td=2, away_td=0))
    final_round = demo.seasons.fixtures("S", bracket.rounds[2].number)
    final = next(f for f in final_round if not f.third_place)
    third = next(f for f in final_round if f.third_place)
    assert {final.home, final.away} == {s.home for s in semis}
    assert {third.home, third.away} == {s.away for s in semis}
    demo.seasons.set_result(final.id or 0, ResultEntry(home_td=1, away_td=0))
    assert demo.seasons.get_season("S").status == "finished"
    with pytest.raises(RuleViolation, match="next round's fixture already has a result"):
        demo.seasons.clear_result(semis[0].id or 0)
    demo.seasons.clear_result(final.id or 0)
    assert demo.seasons.get_season("S").status == "running"
    cleared = demo.seasons.clear_result(semis[0].id or 0)
    assert cleared.changes.fixtures == {semis[0].id, final.id, third.id}
    final_round = demo.seasons.fixtures("S", bracket.rounds[2].number)
    assert all(f.to_be_decided for f in final_round)
    table = demo.seasons.standings("S").overall.rows
    assert sum(r.played for r in table) == 2 * 10  # play-offs never count in the table


def test_leader_boards_from_player_stats(demo: Services) -> None:
    fixtures = scheduled(demo, 4)
    game = fixtures[0]
    home = demo.teams.get_team(game.home or "")
    away = demo.teams.get_team(game.away or "")
    demo.seasons.set_result(game.id or 0, ResultEntry(home_td=2, away_td=1, home_cas=2, away_cas=1))
    lines = [
        PlayerStatLine(home.players[0].id, td=2, spp=7, mvp=1),
        PlayerStatLine(home.players[1].id, cas=2, kills=1, spp=4),
        PlayerStatLine(away.players[0].id, td=1, completions=2, spp=5),
    ]
    demo.seasons.record_player_stats(game.id or 0, lines)
    other = demo.teams.get_team(fixtures[1].home or "")
    with pytest.raises(RuleViolation, match="does not play"):
        demo.seasons.record_player_stats(game.id or 0, [PlayerStatLine(other.players[0].id, td=1)])
    leaders = demo.seasons.leaders("S")
    boards = {b.category: b for b in leaders.players}
    assert [(e.name, e.value) for e in boards["td"].entries] == [
        (home.players[0].name, 2),
        (away.players[0].name, 1),
    ]
    assert boards["spp"].entries[0].value == 7 and boards["kills"].entries[0].team == home.name
    assert boards["interceptions"].entries == ()
    teams = {b.category: b for b in leaders.teams}
    assert teams["td_for"].entries[0].name == home.name
    assert [e.rank for e in teams["td_against"].entries] == [1, 2]
    assert teams["kills"].entries[0].value == 1
    data = leaders.to_dict()
    assert data["players"][0]["category"] == "td"


def test_play_offs_keep_teams_of_one_coach_apart_in_the_first_round(demo: Services, ruleset: Ruleset) -> None:
    plan = suggest_draft(ruleset, "human")
    demo.teams.draft_team(DEMO_LEAGUE, "Second Marauders", "Ada", plan)  # Ada coaches TEAMS[0] too
    order = [TEAMS[0], TEAMS[1], TEAMS[2], "Second Marauders"]
    demo.leagues.update_settings(DEMO_LEAGUE, {"tiebreakers": "standard"})  # head-to-head settles the order
    demo.seasons.create_season(DEMO_LEAGUE, "S", seed=3)
    demo.seasons.add_teams("S", order)
    schedule = demo.seasons.schedule("S", "round-robin").value
    assert any("same coach" in note for note in schedule.notes)
    for f in demo.seasons.fixtures("S"):
        if not f.is_bye:
            home_better = order.index(f.home or "") < order.index(f.away or "")
            demo.seasons.set_result(
                f.id or 0, ResultEntry(home_td=int(home_better), away_td=int(not home_better))
            )
    assert [r.team for r in demo.seasons.standings("S").overall.rows] == order
    bracket = demo.seasons.schedule("S", "knockout", qualifiers=4).value
    semis = [(f.home, f.away) for f in bracket.rounds[0].fixtures]
    assert semis == [(TEAMS[0], TEAMS[2]), (TEAMS[1], "Second Marauders")]  # not seed 1 against seed 4
    assert "seeds 3 and 4 swapped places: teams of one coach may not meet" in bracket.notes


@pytest.mark.parametrize(
    "entry",
    [
        ResultEntry(home_td=2, away_td=1, home_cas=3, away_cas=1, note="rainy"),
        ResultEntry(home_td=0, away_td=1, conceded_by="home"),
        ResultEntry(forfeit="away", note="no show"),
        ResultEntry(administrative="home"),
        ResultEntry(administrative="away"),
        ResultEntry(administrative="draw"),
        ResultEntry(administrative="both-lose"),
        ResultEntry(bye=True),
    ],
    ids=[
        "score",
        "concession",
        "forfeit",
        "admin-home",
        "admin-away",
        "admin-draw",
        "admin-both-lose",
        "bye",
    ],
)
def test_entry_of_a_result_records_the_same_result_again(demo: Services, entry: ResultEntry) -> None:
    game = next(f for f in scheduled(demo, 4) if not f.is_bye)
    first = demo.seasons.set_result(game.id or 0, entry).value.result
    assert first is not None
    demo.seasons.clear_result(game.id or 0)
    again = demo.seasons.set_result(game.id or 0, entry_of(first)).value.result
    assert again == first


def test_entry_of_a_play_off_draw_keeps_the_winner(demo: Services) -> None:
    for f in scheduled(demo, 4):
        if not f.is_bye:
            demo.seasons.set_result(f.id or 0, ResultEntry(home_td=1, away_td=0))
    semi = demo.seasons.schedule("S", "knockout", qualifiers=4).value.rounds[0].fixtures[0]
    first = demo.seasons.set_result(semi.id or 0, ResultEntry(home_td=1, away_td=1, winner=semi.away)).value
    assert first.result is not None and first.result.winner == semi.away
    demo.seasons.clear_result(semi.id or 0)
    again = demo.seasons.set_result(semi.id or 0, entry_of(first.result)).value
    assert again.result == first.result
