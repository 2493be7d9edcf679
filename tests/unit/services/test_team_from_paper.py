"""A team joining mid-season from paper: SPP, advancements, injuries and treasury as they are."""

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from league_manager.core.errors import RuleViolations
from league_manager.services.demo import DEMO_LEAGUE, DEMO_TEAMS
from league_manager.services.facade import Services

TEAM: dict[str, Any] = {
    "name": "Paper Tigers",
    "coach": "Late Larry",
    "race": "human",
    "treasury": 85_000,
    "rerolls": 3,
    "dedicated_fans": 4,
    "apothecary": True,
    "assistant_coaches": 1,
    "players": [
        {"number": 1, "name": "Old Hans", "position": "Blitzer", "spp": 7,
         "advancements": [{"kind": "chosen_primary", "skill": "Mighty Blow"},
                          {"kind": "characteristic", "characteristic": "MA"}],
         "injuries": {"niggling": 1, "characteristics": {"AV": 1}}},
        *({"number": n, "name": f"Line {n}", "position": "Lineman"} for n in range(2, 12)),
        {"number": 12, "name": "Limping Jo", "position": "Lineman", "injuries": {"miss_next_game": True}},
    ],
}  # fmt: skip


def test_a_team_joins_with_its_roster_as_it_stands(demo: Services) -> None:
    view = demo.teams.create_from_paper(DEMO_LEAGUE, TEAM).value
    assert (view.treasury, view.rerolls, view.dedicated_fans, view.apothecary) == (85_000, 3, 4, True)
    assert len(view.players) == 12 and view.players_available == 11
    hans = next(p for p in view.players if p.name == "Old Hans")
    assert hans.spp == 7 and hans.niggling == 1
    assert {s.name for s in hans.skills} >= {"Block", "Mighty Blow (+1)"}
    assert (hans.stats.ma, hans.stats.av) == (8, 8)  # MA 7 + 1; AV 9+ worse by one is 8+
    assert hans.value_increases > 0
    history = demo.history.team_history("Paper Tigers")
    assert history and {e.source for e in history} == {"opening", "advancement"}  # no match rows
    assert any("Joined from paper" in e.text for e in history)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.update(race="gnoblar"), "gnoblar"),
        (lambda t: t["players"][0].update(position="Wizard"), "Wizard"),
        (
            lambda t: t["players"][0]["advancements"].append({"kind": "chosen_primary", "skill": "Block"}),
            "Block",
        ),
        (lambda t: t["players"][1].update(number=1), "taken twice"),
        (lambda t: t.update(treasury=-5), "treasury"),
        (lambda t: t.update(rerolls=9), "rerolls"),
        (
            lambda t: t["players"].extend([{"position": "Blitzer", "name": f"B{i}"} for i in range(4)]),
            "players",
        ),
        (lambda t: t.update(name=DEMO_TEAMS[0][1]), "already has a team"),
    ],
)
def test_a_bad_file_is_refused_and_nothing_is_created(demo: Services, change: Any, message: str) -> None:
    team = copy.deepcopy(TEAM)
    change(team)
    before = len(demo.teams.list_teams(DEMO_LEAGUE))
    with pytest.raises(RuleViolations, match=message):
        demo.teams.create_from_paper(DEMO_LEAGUE, team)
    assert len(demo.teams.list_teams(DEMO_LEAGUE)) == before


def test_the_documented_example_file_loads(demo: Services) -> None:
    example = Path(__file__).parents[3] / "docs" / "examples" / "team-from-paper.json"
    view = demo.teams.create_from_paper(DEMO_LEAGUE, json.loads(example.read_text(encoding="utf-8"))).value
    assert view.players and view.treasury >= 0
