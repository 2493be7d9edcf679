"""The match result names the opposing player who caused each casualty (Getting Even)."""

import json
from pathlib import Path

from league_manager.match.result import MatchResult, build_result
from league_manager.match.scenario import build, parse_action

SCENARIO = Path(__file__).parents[2] / "scenarios" / "bb2025" / "casualty_10_seriously_hurt.json"


def test_a_blocked_casualty_names_the_blocker() -> None:
    data = json.loads(SCENARIO.read_text(encoding="utf-8"))
    scenario, match, _dice = build(data)
    for raw in data["actions"]:
        match.apply(parse_action(scenario, raw))
    result = build_result(match.state)
    victim = next(p for p in result.players if p.injury == "Seriously Hurt")
    blocker = next(p for p in result.players if p.team != victim.team)
    assert victim.injured_by == blocker.id and blocker.injured_by is None
    assert "injured_by" not in blocker.to_dict()
    assert MatchResult.from_dict(json.loads(json.dumps(result.to_dict()))) == result
