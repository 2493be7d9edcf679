"""Star players' special rules, part 1: what the golden scenarios cannot say on their own."""

from __future__ import annotations

import json
from pathlib import Path

from league_manager.match.scenario import run

STARS = Path(__file__).parents[2] / "scenarios" / "stars"


def _scenario(name: str) -> dict[str, object]:
    data: dict[str, object] = json.loads((STARS / name).read_text(encoding="utf-8"))
    return data


def test_a_hexed_player_cannot_be_activated_in_its_teams_next_turn() -> None:
    data = _scenario("baleful_hex.json")
    data["actions"] = [
        ["activate_move", "h1"],
        ["use_skill", "h1", [10, 7]],
        ["end_activation"],
        ["end_turn"],
        ["activate_move", "a1"],
    ]
    data["dice"] = [[3, "baleful hex"]]
    data["expect"] = {}
    failures = run(data).failures
    assert any("IllegalAction" in f and "activate_move" in f for f in failures), failures
