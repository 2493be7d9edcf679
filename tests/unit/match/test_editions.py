"""Editions in the match: the Match picks its edition from the ruleset id; Season 3 state
(Distracted, Secure the Ball, Cheering Fans) shows on the board's texts."""

from __future__ import annotations

from pathlib import Path

import pytest

from league_manager.match.bots.random_bot import RandomBot
from league_manager.match.editions import BB2020, edition_of
from league_manager.match.editions.bb2025 import BB2025
from league_manager.match.engine import Match
from league_manager.match.invariants import violations
from league_manager.match.paths import plan_moves
from league_manager.match.pitch import sq
from league_manager.match.procedures.block import strengths
from league_manager.match.scenario import build, load, parse_action
from league_manager.match.teams import PlayerSnapshot, TeamSnapshot
from league_manager.rules.loader import load_ruleset
from league_manager.rules.model import Characteristics, SkillRef
from league_manager.ui.match_board.hud import DISTRACTED_NOTE, player_card, team_line

SCENARIOS = Path(__file__).parents[2] / "scenarios" / "bb2025"


def _played(name: str) -> Match:
    data = load(SCENARIOS / name)
    scenario, match, _dice = build(data)
    for raw in data["actions"]:
        if isinstance(raw, list):
            match.apply(parse_action(scenario, raw))
    return match


def test_the_match_takes_its_edition_from_the_ruleset_id() -> None:
    assert edition_of("bb2025") is BB2025
    assert edition_of("bb2020") is BB2020
    assert edition_of("lrb2004") is BB2020  # no engine of its own yet: BB2020's tables
    assert BB2025.kickoff_table[11] == "Dodgy Snack" and BB2020.kickoff_table[11] == "Officious Ref"


def test_a_saved_season3_match_replays_under_season3() -> None:
    match = _played("secure_the_ball_opponent_near.json")
    copy = Match.from_dict(match.to_dict())
    assert copy.ruleset_id == "bb2025" and copy.ctx.ed is BB2025
    assert [p for p in range(copy.state.size) if copy.distracted(p)] == [2]


def test_the_player_card_and_team_line_show_season3_state() -> None:
    match = _played("secure_the_ball_opponent_near.json")
    assert DISTRACTED_NOTE in player_card(match, 2, None)
    assert DISTRACTED_NOTE not in player_card(match, 0, None)
    assert "Secure the Ball ready" in team_line(match, 0, "Home")
    used = _played("secure_the_ball.json")
    assert "Secure the Ball used" in team_line(used, 0, "Home")


def test_bb2020_shows_no_season3_state() -> None:
    data = load(SCENARIOS / "secure_the_ball.json")
    data["ruleset"] = "bb2020"
    data["actions"] = []
    _scenario, match, _dice = build(data)
    assert "Secure the Ball" not in team_line(match, 0, "Home")
    assert not any(o.kind == "activate_secure_ball" for o in match.legal_actions())


def test_cheering_fans_adds_an_assist_to_the_first_block_only() -> None:
    data = load(SCENARIOS / "taunt.json")
    data["actions"] = []
    data["dice"] = [[3, "block"], [3, "block"]]
    _scenario, match, _dice = build(data)
    c = match.ctx
    c.s.cheering[0] = 1
    assert strengths(c, 0, 1, 3)[2] == 1
    match.apply(parse_action(_scenario, ["activate_block", "h1"]))
    match.apply(parse_action(_scenario, ["block", "h1", [6, 7]]))
    assert c.s.cheering[0] == 0
    assert any(e.rule == "Cheering Fans" for e in match.events)


def test_a_match_from_a_season3_ruleset_knows_position_keywords() -> None:
    ruleset = load_ruleset("bb2025")
    ogre = next(pos for pos in ruleset.teams["ogre"].positions if pos.big_guy)
    player = PlayerSnapshot("o", "Ogre", 1, ogre.name, ogre.stats, ogre.skills)
    team = TeamSnapshot("Ogres", "ogre", (player,))
    match = Match(team, team, seed=1, ruleset=ruleset, allow_inert=True, snapshots=False)
    assert "Big Guy" in match.home.players[0].keywords
    assert "Big Guy" in Match.from_dict(match.to_dict()).home.players[0].keywords


S3_SKILLS = (
    "Block", "Dodge", "Sure Hands", "Mighty Blow", "Dirty Player", "No Ball", "Pogo", "Fumblerooski",
    "Taunt", "Eye Gouge", "Give and Go", "Put the Boot In", "Unsteady", "Hypnotic Gaze", "Bone Head",
    "Stand Firm", "Diving Tackle", "Kick Team-mate", "Right Stuff", "Stunty", "Loner (4+)", "Frenzy",
)  # fmt: skip


def _s3_team(seed: int, prefix: str) -> TeamSnapshot:
    players = []
    for i in range(11 + seed % 5):
        skills = (SkillRef.parse(S3_SKILLS[(seed + i * 5) % len(S3_SKILLS)]),)
        stats = Characteristics(5 + i % 3, 2 + (i + seed) % 3, 2 + i % 4, 3 + i % 3, 8 + i % 3)
        keywords = ("Big Guy",) if i == 3 else ()
        players.append(
            PlayerSnapshot(f"{prefix}{i}", f"P{i}", i + 1, "Lineman", stats, skills, keywords=keywords)
        )
    return TeamSnapshot(prefix, "human", tuple(players), rerolls=2, cheerleaders=seed % 3)


@pytest.mark.parametrize("seed", [3, 17, 2025])
def test_random_season3_games_keep_invariants(seed: int) -> None:
    match = Match(_s3_team(seed, "h"), _s3_team(seed + 1, "a"), seed=seed, ruleset_id="bb2025")
    bots = (RandomBot(seed), RandomBot(seed + 1))
    while match.prompt is not None:
        match.apply(bots[match.prompt.team].choose(match))
        prompt = match.prompt
        problems = violations(
            match.state, prompt is not None and prompt.kind in ("turn", "activation", "setup")
        )
        assert not problems, (seed, len(match.actions), problems)
    assert match.outcome() is not None


def test_move_odds_during_secure_the_ball_use_the_two_plus_and_stop_at_the_ball() -> None:
    data = load(SCENARIOS / "secure_the_ball.json")
    data["actions"], data["dice"] = data["actions"][:1], []
    scenario, match, _dice = build(data)
    for raw in data["actions"]:
        match.apply(parse_action(scenario, raw))
    plans = plan_moves(match, 0)
    ball = sq(12, 7)
    assert abs(plans[ball].p_no_reroll - 5 / 6) < 1e-9  # AG 6+ would be 1/6
    assert sq(13, 7) not in plans or all(s != ball for s in plans[sq(13, 7)].path)


def test_move_odds_jump_more_than_once_in_season_3() -> None:
    walls = [{"id": f"w{x}{y}", "team": "home", "at": [x, y]} for x in range(5, 11) for y in (6, 8)]
    data = {
        "name": "two jumps",
        "rerolls": [0, 0],
        "players": [
            {"id": "h1", "team": "home", "at": [5, 7]},
            {"id": "a1", "team": "away", "at": [6, 7], "status": "prone"},
            {"id": "a2", "team": "away", "at": [8, 7], "status": "prone"},
            *walls,
        ],
    }
    far = sq(9, 7)
    _scenario, bb2020, _dice = build({**data, "ruleset": "bb2020"})
    assert far not in plan_moves(bb2020, 0)
    _scenario, season3, _dice = build({**data, "ruleset": "bb2025"})
    plan = plan_moves(season3, 0)[far]
    assert [a.kind for a in plan.actions(0)].count("jump") == 2
