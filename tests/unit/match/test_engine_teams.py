"""Team snapshots and generated legal teams."""

from __future__ import annotations

import pytest

from league_manager.core.errors import DataFileError
from league_manager.match.teams import TeamSnapshot, generate_team
from league_manager.rules.loader import load_ruleset

RACES = ["human", "orc", "dwarf", "woodelf", "skaven", "lizardmen", "chaoschosen"]
RACES += ["shamblingundead"]


def _ruleset_or_skip():  # type: ignore[no-untyped-def]
    try:
        return load_ruleset("bb2020")
    except DataFileError:
        pytest.skip("ruleset data missing")


@pytest.mark.parametrize("race", RACES)
def test_generated_teams_are_legal(race: str) -> None:
    ruleset = _ruleset_or_skip()
    roster = ruleset.team(race)
    for seed in range(5):
        team = generate_team(roster, seed)
        assert 11 <= len(team.players) <= 16
        counts: dict[str, int] = {}
        for p in team.players:
            counts[p.position] = counts.get(p.position, 0) + 1
        for pos in roster.positions:
            assert counts.get(pos.name, 0) <= pos.max_quantity
        cost = sum(roster.position(p.position).cost for p in team.players)
        cost += team.rerolls * roster.reroll_cost + (50_000 if team.apothecary else 0)
        assert cost <= 1_000_000
        assert len({p.id for p in team.players}) == len(team.players)


def test_snapshot_round_trip() -> None:
    ruleset = _ruleset_or_skip()
    team = generate_team(ruleset.team("orc"), 3)
    assert TeamSnapshot.from_dict(team.to_dict()) == team


def test_engine_tables_match_the_ruleset() -> None:
    ruleset = _ruleset_or_skip()
    from league_manager.match.procedures.injury import casualty_result
    from league_manager.match.procedures.kickoff_events import KICKOFF_EVENTS

    for roll in range(2, 13):
        assert ruleset.tables["kickoff"].lookup(roll).result == KICKOFF_EVENTS[roll]
    for roll in range(1, 17):
        assert ruleset.tables["casualty"].lookup(roll).result == casualty_result(roll)
