"""Prayers to Nuffle: temporary effects, expiry and the team-wide results."""

from __future__ import annotations

from engine_helpers import away, home, scenario

from league_manager.match.procedures.prayers import PRAYERS, expire, grant_skill
from league_manager.match.scenario import build
from league_manager.match.skills.star_points import expire_turn, grant_for_turn

NO_RR = {"rerolls": [0, 0]}
FOUL = [["activate_foul", "h1"], ["choose", "h1", [6, 7]], ["foul", "h1", [6, 7]]]


def test_table_has_sixteen_results() -> None:
    assert len(PRAYERS) == 16 and PRAYERS[1] == "Treacherous Trapdoor"


def test_temporary_skill_expires_with_the_drive() -> None:
    _s, match, _d = build({"name": "x", "players": [home("h1", 5, 7), away("a1", 9, 7)]})
    ctx = match.ctx
    grant_skill(ctx, 0, "Mighty Blow", "+1", "drive")
    assert "Mighty Blow" in match.state.skills[0] and ctx.has(0, "armour_or_injury_bonus")
    expire(ctx, "drive")
    assert "Mighty Blow" not in match.state.skills[0]
    assert not ctx.has(0, "armour_or_injury_bonus")


def test_a_skill_the_player_has_already_outlives_the_prayer() -> None:
    _s, match, _d = build({"name": "x", "players": [home("h1", 5, 7, skills=["Dodge"]), away("a1", 9, 7)]})
    ctx = match.ctx
    grant_skill(ctx, 0, "Dodge", "", "drive")
    expire(ctx, "drive")
    assert "Dodge" in match.state.skills[0]


def test_a_turns_gain_or_loss_undoes_only_a_real_change() -> None:
    _s, match, _d = build({"name": "x", "players": [home("h1", 5, 7, skills=["Dodge"]), away("a1", 9, 7)]})
    ctx = match.ctx
    grant_for_turn(ctx, 0, "Dodge")  # had it: keeps it after the turn
    grant_for_turn(ctx, 0, "-Block")  # never had it: does not gain it after the turn
    grant_for_turn(ctx, 1, "Block")
    match.state.active = 1 - match.state.active
    expire_turn(ctx)
    assert "Dodge" in match.state.skills[0] and "Block" not in match.state.skills[0]
    assert "Block" not in match.state.skills[1]


def test_moles_under_the_pitch() -> None:
    out = scenario(
        [home("h1", 1, 7, stats=[1, 3, 3, 4, 9])],
        [[2, "rush"], [2, "armour"], [2, "armour"]],
        [["activate_move", "h1"], ["move", "h1", [2, 7]], ["move", "h1", [3, 7]]],
        {"events": [{"kind": "rush", "modifiers": [["Moles under the Pitch", -1]]}]},
        prayers=[["away", "Moles under the Pitch", "half"]],
        **NO_RR,
    )
    assert out.ok, out.failures


def test_under_scrutiny_spots_every_foul() -> None:
    out = scenario(
        [home("h1", 5, 7), away("a1", 6, 7, status="prone")],
        [[2, "armour"], [3, "armour"]],
        [*FOUL, ["no"]],
        {"players": {"h1": {"status": "sent_off"}}, "events": [{"kind": "under_scrutiny"}]},
        prayers=[["away", "Under Scrutiny", "half"]],
    )
    assert out.ok, out.failures


def test_friends_with_the_ref_wins_on_five() -> None:
    out = scenario(
        [home("h1", 5, 7), away("a1", 6, 7, status="prone")],
        [[2, "armour"], [2, "armour"], [5, "argue the call"]],
        [*FOUL, ["yes"]],
        {"players": {"h1": {"status": "standing"}}},
        prayers=[["home", "Friends with the Ref", "drive"]],
    )
    assert out.ok, out.failures


def test_fouling_frenzy_and_necessary_violence_count_spp() -> None:
    data = {
        "name": "x",
        "players": [home("h1", 5, 7), away("a1", 6, 7, status="prone")],
        "dice": [[6, "armour"], [5, "armour"], [6, "injury"], [5, "injury"], [3, "casualty"]],
        "prayers": [["home", "Fouling Frenzy", "drive"], ["home", "Necessary Violence", "drive"]],
    }
    scn, match, _ = build(data)
    from league_manager.match.scenario import parse_action

    for raw in FOUL:
        match.apply(parse_action(scn, raw))
    stats = match.state.stats[0]
    assert stats.cas == 1 and stats.bonus_spp == 1


def test_throw_a_rock_hits_a_stalling_carrier() -> None:
    out = scenario(
        [home("h1", 20, 7, ball=True), away("a1", 5, 7)],
        [[5, "throw a rock"], [2, "armour"], [2, "armour"], [4, "bounce"]],
        [["end_turn"]],
        {
            "events": [{"kind": "throw_a_rock", "player": "h1", "success": True}],
            "players": {"h1": {"status": "prone"}},
            "ball": [19, 7],
        },
        prayers=[["away", "Throw a Rock", "drive"]],
    )
    assert out.ok, out.failures


def test_no_rock_when_the_carrier_cannot_score_freely() -> None:
    out = scenario(
        [home("h1", 10, 7, ball=True), away("a1", 5, 7)],
        [],
        [["end_turn"]],
        {"no_events": ["throw_a_rock"]},
        prayers=[["away", "Throw a Rock", "drive"]],
    )
    assert out.ok, out.failures


TRAPDOOR = {"prayers": [["away", "Treacherous Trapdoor", "half"]]}


def test_trapdoors_are_at_the_bb2020_squares_and_close_at_half_time() -> None:
    from league_manager.match.pitch import sq
    from league_manager.match.procedures.trapdoor import TRAPDOORS, trapdoors_open

    assert (sq(6, 1), sq(19, 13)) == TRAPDOORS
    _s, match, _d = build({"name": "x", "players": [home("h1", 5, 7)], **TRAPDOOR})
    assert trapdoors_open(match.ctx)
    expire(match.ctx, "drive")
    assert trapdoors_open(match.ctx)
    expire(match.ctx, "half")
    assert not trapdoors_open(match.ctx)


def test_player_without_the_ball_falls_through_without_a_turnover() -> None:
    out = scenario(
        [home("h1", 5, 2), away("a1", 15, 7)],
        [[1, "trapdoor"], [6, "injury"], [5, "injury"], [1, "casualty"]],
        [["activate_move", "h1"], ["move", "h1", [6, 1]]],
        {
            "events": [{"kind": "trapdoor", "success": False}, {"kind": "crowd", "player": "h1"}],
            "no_events": ["turnover"],
            "players": {"h1": {"at": None, "status": "casualty"}},
            "prompt": "turn",
        },
        **TRAPDOOR,
        **NO_RR,
    )
    assert out.ok, out.failures


def test_player_falling_over_on_the_trapdoor_still_rolls_for_it() -> None:
    out = scenario(
        [home("h1", 5, 2), away("a1", 4, 2), away("a2", 15, 7)],
        [[1, "dodge"], [2, "armour"], [2, "armour"], [1, "trapdoor"], [2, "injury"], [2, "injury"]],
        [["activate_move", "h1"], ["move", "h1", [6, 1]]],
        {
            "events": [
                {"kind": "dodge", "success": False},
                {"kind": "armour"},
                {"kind": "trapdoor", "success": False},
                {"kind": "crowd", "player": "h1"},
            ],
            "players": {"h1": {"at": None, "status": "reserve"}},
            "turnover": True,
        },
        **TRAPDOOR,
        **NO_RR,
    )
    assert out.ok, out.failures


def test_attacker_following_up_onto_the_trapdoor_rolls_for_it() -> None:
    out = scenario(
        [home("h1", 5, 3), away("a1", 6, 2), away("a2", 15, 7)],
        [[3, "block"]],
        [
            ["activate_block", "h1"],
            ["block", "h1", [6, 2]],
            ["choose", "a1", [7, 1]],
            ["yes", "h1", [6, 2]],
        ],
        {"events": [{"kind": "follow_up", "player": "h1"}], "no_events": ["trapdoor"]},
        **TRAPDOOR,
        **NO_RR,
    )
    assert out.ok, out.failures
    out = scenario(
        [home("h1", 5, 2), away("a1", 6, 1), away("a2", 15, 7)],
        [[3, "block"], [3, "trapdoor"]],
        [
            ["activate_block", "h1"],
            ["block", "h1", [6, 1]],
            ["choose", "a1", [7, 0]],
            ["yes", "h1", [6, 1]],
        ],
        {
            "events": [
                {"kind": "follow_up", "player": "h1"},
                {"kind": "trapdoor", "player": "h1", "rolls": [3]},
            ]
        },
        **TRAPDOOR,
        **NO_RR,
    )
    assert out.ok, out.failures


def test_season3_dazzling_catching_gives_the_catcher_a_spp() -> None:
    data = {
        "name": "x",
        "ruleset": "bb2025",
        "rerolls": [0, 0],
        "prayers": [["home", "Dazzling Catching", "game"]],
        "players": [home("h1", 5, 7, ball=True), home("h2", 8, 7), away("a1", 20, 3)],
        "dice": [[5, "pass"], [5, "catch"]],
    }
    scn, match, _ = build(data)
    from league_manager.match.scenario import parse_action

    for raw in (["activate_pass", "h1"], ["pass", "h1", [8, 7]]):
        match.apply(parse_action(scn, raw))
    assert match.state.carrier == 1
    assert match.state.stats[1].bonus_spp == 1 and match.state.stats[0].bonus_spp == 0
