"""Team tournaments: team pairing board by board, team scoring by match wins or points added."""

import pytest

from league_manager.core.errors import RuleViolation
from league_manager.rules.swiss import Game, standings
from league_manager.rules.team_swiss import pair_teams, team_standings

SQUADS = {"Reds": [1, 2], "Blues": [3, 4], "Greens": [5, 6], "Golds": [7, 8]}
NAMES = {n: f"c{n}" for n in range(1, 9)}


def _teams(games: list[Game], scoring: str = "match"):  # type: ignore[no-untyped-def]
    coaches = standings(NAMES, games)
    return team_standings(SQUADS, coaches, games, (3, 1, 0), scoring)


def test_team_match_scoring_and_sum_scoring() -> None:
    first = pair_teams(_teams([]), SQUADS)
    assert [(p.a, p.b) for p in first] == [(3, 7), (4, 8), (5, 1), (6, 2)]  # Blues-Golds, Greens-Reds
    games = [
        Game(1, p.table, p.a, p.b, *score)
        for p, score in zip(first, [(2, 0), (0, 1), (3, 0), (1, 1)], strict=True)
    ]
    match = {t.squad: t for t in _teams(games)}
    assert (match["Blues"].points, match["Golds"].points) == (1, 1)  # one coach win each: a draw
    assert (match["Greens"].points, match["Reds"].points, match["Greens"].wins) == (3, 0, 1)
    summed = {t.squad: t for t in _teams(games, "sum")}
    assert (summed["Greens"].points, summed["Reds"].points, summed["Blues"].points) == (4, 1, 3)
    second = pair_teams(_teams(games), SQUADS)
    met = {frozenset((p.a, p.b)) for p in first}
    assert not met & {frozenset((p.a, p.b)) for p in second}
    squad_of = {e: s for s, members in SQUADS.items() for e in members}
    assert all(squad_of[p.a] != squad_of[p.b] for p in second if p.b is not None)


def test_an_odd_number_of_teams_gives_a_team_bye_and_rematches_are_refused() -> None:
    squads = {"Reds": [1, 2], "Blues": [3, 4], "Greens": [5, 6]}
    names = {n: f"c{n}" for n in range(1, 7)}
    games: list[Game] = []
    for number in (1, 2, 3, 4):
        table = team_standings(squads, standings(names, games), games, (3, 1, 0), "match")
        if number == 4:  # every team has met the others and had its bye
            with pytest.raises(RuleViolation):
                pair_teams(table, squads)
            break
        tables = pair_teams(table, squads)
        assert [p.b is None for p in tables] == [False, False, True, True]
        games += [Game(number, p.table, p.a, p.b, *(() if p.b is None else (1, 0))) for p in tables]
    final = team_standings(squads, standings(names, games), games, (3, 1, 0), "match")
    assert sorted(t.byes for t in final) == [1, 1, 1]
    assert all(sorted(t.opponents) == sorted(set(squads) - {t.squad}) for t in final)


def test_coach_and_team_lines_share_the_score_differences() -> None:
    from league_manager.rules.standings import ScoreDifferences
    from league_manager.rules.swiss import Standing
    from league_manager.rules.team_swiss import TeamStanding

    coach = Standing(1, "Ann", td_for=3, td_against=1, cas_for=0, cas_against=2)
    team = TeamStanding("Reds", ("Ann",), td_for=1, td_against=4, cas_for=5, cas_against=1)
    assert isinstance(coach, ScoreDifferences) and isinstance(team, ScoreDifferences)
    assert (coach.td_diff, coach.cas_diff, team.td_diff, team.cas_diff) == (2, -2, -3, 4)
    assert not hasattr(coach, "__dict__") and not hasattr(team, "__dict__")  # still slotted
