"""The Team Mascot in the re-roll counter and the odds, Blast It!'s labels, the staff picks in the result."""

from __future__ import annotations

from pathlib import Path

import pytest

from league_manager.match.engine import Match
from league_manager.match.odds import player_rerolls
from league_manager.match.scenario import build, load
from league_manager.ui.match_board.hud import team_line

SCENARIOS = Path(__file__).parents[2] / "scenarios"


def _match(name: str, rerolls: int) -> Match:
    data = load(SCENARIOS / name)
    data["rerolls"] = [rerolls, 0]
    _scenario, match, _dice = build(data)
    return match


@pytest.mark.parametrize(
    ("name", "target"),
    [("inducements/team_mascot_fails_alone.json", 5), ("bb2025/team_mascot_fails.json", 4)],
)
def test_a_ready_mascot_is_one_more_reroll_that_works_on_the_editions_roll(name: str, target: int) -> None:
    match = _match(name, 0)
    assert "Re-rolls 1" in team_line(match, 0, "Home")
    assert f"Team Mascot ({target}+" in team_line(match, 0, "Home")
    rr = player_rerolls(match.ctx, 0)
    assert rr.team == 1
    assert rr.team_chance == pytest.approx((7 - target) / 6)


def test_with_an_ordinary_reroll_left_the_mascot_does_not_lower_the_chance() -> None:
    match = _match("inducements/team_mascot_fails_alone.json", 1)
    assert "Re-rolls 2" in team_line(match, 0, "Home")
    rr = player_rerolls(match.ctx, 0)
    assert rr.team == 2 and rr.team_chance == pytest.approx(1.0)


def test_a_spent_mascot_is_not_counted() -> None:
    match = _match("inducements/team_mascot_fails_alone.json", 0)
    match.state.induced[0]["Team Mascot"] = 0
    assert "Re-rolls 0" in team_line(match, 0, "Home") and "Team Mascot" not in team_line(match, 0, "Home")
    assert player_rerolls(match.ctx, 0).team == 0


def test_blast_its_two_options_have_distinct_labels() -> None:
    from league_manager.match.scenario import parse_action
    from league_manager.ui.match_board.labels import label

    data = load(SCENARIOS / "stars" / "blast_it.json")
    scenario, match, _dice = build(data)
    for raw in data["actions"][:-1]:
        match.apply(parse_action(scenario, raw))
    prompt = match.prompt
    assert prompt is not None and prompt.info["skill"] == "Blast It!"
    names = [str(i) for i in range(match.state.size)]
    words = [label(prompt, option, names) for option in prompt.options]
    assert len(set(words)) == len(words) == 3
    assert "Blast It!: re-scatter the ball, +1 to catch" in words


@pytest.mark.parametrize(
    ("name", "picks"),
    [
        (
            "staff_schielund_pro.json",
            {"h3": (("Schielund Scharlitan", "Pro"),), "h1": (("Schielund Scharlitan", "Pro"),)},
        ),
        ("staff_fronkelheim_mutation.json", {"h2": (("Professor Fronkelheim", "Horns"),)}),
        ("staff_ayleen_journeymen.json", {"h2": (("Ayleen Andar", "Block"),)}),
    ],
)
def test_the_result_names_the_coaching_staff_s_pre_game_picks(
    name: str, picks: dict[str, tuple[tuple[str, str], ...]]
) -> None:
    from league_manager.match.result import build_result

    data = load(SCENARIOS / "inducements" / name)
    _scenario, match, _dice = build(data)
    result = build_result(match.state)
    assert {p.id: p.staff for p in result.players if p.staff} == picks
