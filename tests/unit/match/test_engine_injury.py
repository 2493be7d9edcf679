"""Armour, injury (and Stunty), casualty, apothecary and the casualty credits."""

from __future__ import annotations

from engine_helpers import away, home, scenario

from league_manager.match.procedures.injury import CASUALTY_TABLE, casualty_result

NO_RR = {"rerolls": [0, 0]}
POW = [["activate_block", "h1"], ["block", "h1", [6, 7]], ["choose", "a1", [7, 7]], ["no", "h1"]]


def test_casualty_table() -> None:
    assert [casualty_result(n) for n in (1, 6, 7, 9, 10, 12, 13, 14, 15, 16, 17)] == [
        "Badly Hurt", "Badly Hurt", "Seriously Hurt", "Seriously Hurt", "Serious Injury",
        "Serious Injury", "Lasting Injury", "Lasting Injury", "Dead", "Dead", "Dead",
    ]  # fmt: skip
    assert CASUALTY_TABLE[-1][1] == "Dead"


def test_casualty_credits_the_blocker() -> None:
    out = scenario(
        [home("h1", 5, 7), away("a1", 6, 7)],
        [[6, "block"], [5, "armour"], [5, "armour"], [5, "injury"], [5, "injury"], [8, "casualty"]],
        POW,
        {"players": {"a1": {"status": "casualty", "at": None}}},
        **NO_RR,
    )
    assert out.ok, out.failures


def test_injury_ko_removes_player() -> None:
    out = scenario(
        [home("h1", 5, 7), away("a1", 6, 7)],
        [[6, "block"], [5, "armour"], [5, "armour"], [5, "injury"], [4, "injury"]],
        POW,
        {"players": {"a1": {"status": "ko", "at": None}}},
        **NO_RR,
    )
    assert out.ok, out.failures


def test_apothecary_declined() -> None:
    out = scenario(
        [home("h1", 5, 7), away("a1", 6, 7)],
        [[6, "block"], [5, "armour"], [5, "armour"], [5, "injury"], [4, "injury"]],
        [*POW, ["no"]],
        {"players": {"a1": {"status": "ko"}}},
        apothecaries=[False, True],
        **NO_RR,
    )
    assert out.ok, out.failures


def test_journeyman_cannot_be_patched() -> None:
    out = scenario(
        [home("h1", 5, 7), away("a1", 6, 7, journeyman=True)],
        [[6, "block"], [5, "armour"], [5, "armour"], [5, "injury"], [4, "injury"]],
        POW,
        {"players": {"a1": {"status": "ko"}}, "prompt": "turn"},
        apothecaries=[False, True],
        **NO_RR,
    )
    assert out.ok, out.failures


def test_thick_skull_still_ko_on_nine() -> None:
    out = scenario(
        [home("h1", 5, 7), away("a1", 6, 7, skills=["Thick Skull"])],
        [[6, "block"], [5, "armour"], [5, "armour"], [5, "injury"], [4, "injury"]],
        POW,
        {"players": {"a1": {"status": "ko"}}},
        **NO_RR,
    )
    assert out.ok, out.failures
