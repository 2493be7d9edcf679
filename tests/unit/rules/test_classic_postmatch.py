"""The classic (LRB 2004) post-match rules on scripted dice, checked against seed 001 and the reference.

Seed lines: winnings 1940-1965, fan factor 1967-1987, SPP and MVP 1700-1738, Star Player rolls
1740-1769, ageing 1771-1783, serious injuries 1666-1694, conceding 1997-2001.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from league_manager.core.errors import RuleViolation
from league_manager.rules.classic import load_classic
from league_manager.rules.classic_postmatch.concession import veterans_leaving
from league_manager.rules.classic_postmatch.fan_factor import FanFactorInput, roll_fan_factor
from league_manager.rules.classic_postmatch.injuries import (
    niggling_check,
    roll_serious_injury,
    serious_injury_for,
)
from league_manager.rules.classic_postmatch.spp import (
    MatchRecord,
    draw_mvps,
    level_of,
    levels_reached,
    mvp_count,
    spp_earned,
)
from league_manager.rules.classic_postmatch.star_rolls import Advance, check_advance, roll_star_player
from league_manager.rules.classic_postmatch.tables import ClassicPostMatch, load_post_match
from league_manager.rules.classic_postmatch.winnings import roll_winnings, settle_winnings, winnings_modifier
from league_manager.rules.dice import ScriptedDice

REF = Path(__file__).resolve().parents[2] / "data" / "reference" / "lrb2004"
START = {"MA": 6, "ST": 3, "AG": 3, "AV": 8}


def _ref(name: str) -> Any:
    return yaml.safe_load((REF / name).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def t() -> ClassicPostMatch:
    return load_post_match()


def test_the_tables_match_the_reference(t: ClassicPostMatch) -> None:
    post, adv, inj = _ref("post_match.yaml"), _ref("advancement.yaml"), _ref("injuries.yaml")
    assert [list(m) for _, m in t.winnings.gate_rows] == [
        r["modifiers"] for r in post["winnings"]["table"]["rows"]
    ]
    assert [(lv.min_spp, lv.title, lv.rolls) for lv in t.levels] == [
        (int(r["spp"].split("-")[0].rstrip("+")), r["title"], r["star_player_rolls"])
        for r in adv["levels"]["table"]
    ]
    assert [lv.ageing for lv in t.levels] == [None, 3, 4, 5, 6, 7, 8, 9]
    assert [r.name for r in t.serious_injuries] == [r["result"] for r in inj["serious_injury_table_d66"]]
    assert (t.spp.completion, t.spp.casualty, t.spp.interception, t.spp.touchdown, t.spp.mvp) == (
        1,
        2,
        2,
        3,
        5,
    )


@pytest.mark.parametrize(
    ("gate", "rating", "modifier"),
    [(20_000, 99, 1), (20_001, 100, 1), (21_000, 125, 1), (100_000, 200, 1), (100_001, 200, 2),
     (160_001, 301, 0), (0, 400, -8), (150_000, 130, 6)],
)  # fmt: skip
def test_winnings_modifier_by_gate_row_and_rating_column(
    t: ClassicPostMatch, gate: int, rating: int, modifier: int
) -> None:
    assert winnings_modifier(gate, rating, t.winnings) == modifier


def test_winnings_roll_win_bonus_floor_news_feature_and_sponsorship(t: ClassicPostMatch) -> None:
    won = roll_winnings(ScriptedDice([(4, "winnings")]), 50_000, 140, True, t.winnings)
    assert (won.dice, won.modifier, won.won_bonus, won.score, won.gold) == ((4,), 1, 1, 6, 60_000)
    broke = roll_winnings(ScriptedDice([2]), 10_000, 260, False, t.winnings)
    assert (broke.modifier, broke.score, broke.gold) == (-6, 0, 0)  # never below 0
    news = roll_winnings(ScriptedDice([3, 5]), 10_000, 110, False, t.winnings, dice_count=2, bonus=10_000)
    assert (news.dice, news.score, news.gold) == ((3, 5), 8, 90_000)


def test_conceding_hands_the_losers_winnings_to_the_winner(t: ClassicPostMatch) -> None:
    rolls = {
        "home": roll_winnings(ScriptedDice([3]), 30_000, 110, True, t.winnings),
        "away": roll_winnings(ScriptedDice([5]), 30_000, 110, False, t.winnings),
    }
    assert settle_winnings(rolls) == {"home": 50_000, "away": 60_000}
    assert settle_winnings(rolls, conceded_by="away") == {"home": 110_000, "away": 0}
    with pytest.raises(RuleViolation):
        settle_winnings(rolls, conceded_by="nobody")


@pytest.mark.parametrize(
    ("match", "die", "change", "new"),
    [
        (FanFactorInput(5, "won", 2, 0), 4, 1, 6),  # 4 +1 +1 = 6
        (FanFactorInput(5, "lost", 0, 0), 2, -1, 4),  # 2 -1 = 1
        (FanFactorInput(5, "drawn", 1, 1), 5, 0, 5),
        (FanFactorInput(12, "won", 3, 3), 1, -1, 11),  # an unmodified 1 counts as 1
        (FanFactorInput(25, "lost", 0, 0), 6, 1, 26),  # an unmodified 6 counts as 6 (6 -1 -2)
        (FanFactorInput(1, "lost", 0, 0), 1, 0, 1),  # never below 1
        (FanFactorInput(4, "won", 0, 0, stage="final"), 3, 1, 5),  # 3 +1 +2
        (FanFactorInput(4, "lost", 0, 0, stage="semi_final"), 1, -1, 3),
        (FanFactorInput(4, "won", 0, 0, opponent_conceded=True), 3, 1, 5),  # 3 +1 +2
    ],
)
def test_fan_factor_roll(t: ClassicPostMatch, match: FanFactorInput, die: int, change: int, new: int) -> None:
    roll = roll_fan_factor(ScriptedDice([(die, "fan factor")]), match, t.fan_factor, t.conceding)
    assert (roll.die, roll.change, roll.fan_factor) == (die, change, new)


def test_fan_factor_modifiers_are_named(t: ClassicPostMatch) -> None:
    roll = roll_fan_factor(
        ScriptedDice([3]), FanFactorInput(21, "won", 2, 2, "final"), t.fan_factor, t.conceding
    )
    assert dict(roll.modifiers) == {
        "won the match": 1, "scored 2+ touchdowns": 1, "inflicted 2+ casualties": 1,
        "tournament final": 2, "fan factor 21": -2,
    }  # fmt: skip
    assert roll.score == 6 and roll.change == 1


def test_a_conceding_team_loses_a_fan_factor_without_rolling(t: ClassicPostMatch) -> None:
    dice = ScriptedDice([])
    roll = roll_fan_factor(dice, FanFactorInput(3, "lost", 0, 0, conceded=True), t.fan_factor, t.conceding)
    assert (roll.die, roll.change, roll.fan_factor) == (None, -1, 2)
    assert (
        roll_fan_factor(
            dice, FanFactorInput(1, "lost", 0, 0, conceded=True), t.fan_factor, t.conceding
        ).fan_factor
        == 1
    )


def test_spp_and_levels(t: ClassicPostMatch) -> None:
    assert (
        spp_earned(MatchRecord(completions=2, touchdowns=1, interceptions=1, casualties=1, mvps=1), t.spp)
        == 14
    )
    assert level_of(5, t.levels).title == "Rookie" and level_of(176, t.levels).title == "Legend"
    assert [lv.title for lv in levels_reached(5, 16, t.levels)] == ["Experienced", "Veteran"]
    assert levels_reached(6, 15, t.levels) == ()


def test_mvp_counts_and_draws() -> None:
    assert mvp_count() == 1 and mvp_count(conceded=True) == 0
    assert mvp_count(opponent_conceded=True) == 2 and mvp_count(announcers_bribed=True) == 0
    players = ["a", "b", "c", "star"]
    draws = draw_mvps(ScriptedDice([(4, "mvp"), (3, "mvp")]), players, 2, stars={"star"})
    assert [(d.player, d.lost) for d in draws] == [("star", True), ("c", False)]
    # a player with a handicap MVP is skipped: candidates are b, c (a D3; 3 is past the end, re-rolled)
    again = draw_mvps(ScriptedDice([3, 2]), ["a", "b", "c"], 1, already={"a"})
    assert [d.player for d in again] == ["c"]
    assert draw_mvps(ScriptedDice([]), [], 1) == ()
    # MVPs drawn on the table take the first draws; the rest are rolled among the others
    named = draw_mvps(ScriptedDice([(1, "mvp")]), players, 2, stars={"star"}, named=["star"])
    assert [(d.player, d.lost) for d in named] == [("star", True), ("a", False)]
    with pytest.raises(RuleViolation, match="draws 0 MVP"):
        draw_mvps(ScriptedDice([]), players, 0, named=["a"])
    with pytest.raises(RuleViolation, match="may not draw"):
        draw_mvps(ScriptedDice([]), players, 1, already={"a"}, named=["a"])


def test_star_player_roll_skill_characteristic_and_double(t: ClassicPostMatch) -> None:
    lrb = load_classic()
    level = t.levels[1]  # Experienced, ageing 3+
    skill = roll_star_player(ScriptedDice([3, 4, 2, 1]), level, ("G",), ("A", "S"), START, START, t)
    assert (skill.result, skill.double, skill.skill_categories, skill.trait_categories) == (
        "skill",
        False,
        ("G",),
        (),
    )
    assert skill.ageing is not None and not skill.ageing.aged
    check_advance(skill, Advance("skill", "Block"), lrb, has=())
    with pytest.raises(RuleViolation, match="already has"):
        check_advance(skill, Advance("skill", "Block"), lrb, has=("Block",))
    with pytest.raises(RuleViolation, match="not a skill"):
        check_advance(skill, Advance("skill", "Dodge"), lrb, has=())
    with pytest.raises(RuleViolation, match="needs a double"):
        check_advance(skill, Advance("trait", "Pro"), lrb, has=())
    ma = roll_star_player(ScriptedDice([4, 6, 6, 6]), level, ("G",), ("A",), START, START, t)
    assert (ma.result, ma.characteristic_allowed) == ("MA", True)
    check_advance(ma, Advance("characteristic", "MA"), lrb, has=())
    with pytest.raises(RuleViolation):
        check_advance(ma, Advance("characteristic", "ST"), lrb, has=())
    capped = roll_star_player(ScriptedDice([4, 6, 6, 6]), level, ("G",), ("A",), {**START, "MA": 8}, START, t)
    assert not capped.characteristic_allowed  # already +2 over the start
    double = roll_star_player(ScriptedDice([5, 5, 6, 6]), level, ("G",), ("A", "S"), START, START, t)
    assert (double.result, double.double) == ("MA", True)
    assert double.skill_categories == ("G", "A", "S") and double.trait_categories == ("G",)
    check_advance(double, Advance("skill", "Dodge"), lrb, has=())
    check_advance(double, Advance("trait", "Pro"), lrb, has=())


def test_ageing_after_a_star_player_roll(t: ClassicPostMatch) -> None:
    legend = t.levels[-1]  # ageing 9+
    script: list[int | tuple[int, str]] = [2, 3, (4, "ageing"), 4, (6, "ageing result"), 4]
    aged = roll_star_player(ScriptedDice(script), legend, ("G",), (), START, START, t)
    assert aged.ageing is not None
    assert (aged.ageing.target, aged.ageing.aged, aged.ageing.result, aged.ageing.applied) == (
        9,
        True,
        "MA",
        True,
    )
    worn = roll_star_player(
        ScriptedDice([2, 3, 1, 1, 6, 6]), legend, ("G",), (), {**START, "ST": 1}, START, t
    )
    assert worn.ageing is not None and (worn.ageing.result, worn.ageing.applied) == ("ST", False)
    niggle = roll_star_player(ScriptedDice([2, 3, 1, 1, 4, 4]), legend, ("G",), (), START, START, t)
    assert niggle.ageing is not None and (niggle.ageing.result, niggle.ageing.applied) == ("niggling", True)
    rookie_level = t.levels[0]
    assert roll_star_player(ScriptedDice([2, 3]), rookie_level, ("G",), (), START, START, t).ageing is None


@pytest.mark.parametrize(
    ("d66", "name", "niggling", "characteristic"),
    [(11, "Concussion", False, None), (36, "Fractured Arm", False, None), (41, "Fractured Leg", True, None),
     (56, "Pinched Nerve", True, None), (61, "Smashed Hip", False, "MA"),
     (63, "Smashed Collar Bone", False, "ST"), (64, "Broken Neck", False, "AG"),
     (66, "Fractured Skull", False, "AV")],
)  # fmt: skip
def test_serious_injury_table(
    t: ClassicPostMatch, d66: int, name: str, niggling: bool, characteristic: str | None
) -> None:
    injury = roll_serious_injury(ScriptedDice([(d66 // 10, "serious injury"), d66 % 10]), START, START, t)
    assert (injury.d66, injury.name, injury.niggling, injury.characteristic, injury.miss_next_game) == (
        d66, name, niggling, characteristic, True,
    )  # fmt: skip
    assert injury.applied


def test_a_characteristic_loss_past_its_limit_is_ignored(t: ClassicPostMatch) -> None:
    assert not serious_injury_for(66, {**START, "AV": 6}, START, t).applied  # already -2
    assert not serious_injury_for(64, {**START, "AG": 1}, {**START, "AG": 2}, t).applied  # below 1
    assert serious_injury_for(65, {**START, "AV": 7}, START, t).applied


def test_niggling_check() -> None:
    assert not niggling_check(ScriptedDice([2, 6]), 2).misses
    check = niggling_check(ScriptedDice([(4, "niggling injury"), (1, "niggling injury")]), 2)
    assert check.misses and check.dice == (4, 1)


def test_veterans_of_a_conceding_team_may_leave(t: ClassicPostMatch) -> None:
    rolls = veterans_leaving(
        ScriptedDice([(3, "veteran leaves"), 4]), [("a", 51), ("b", 50), ("c", 90)], t.conceding
    )
    assert [(r.player, r.die, r.leaves) for r in rolls] == [("a", 3, True), ("c", 4, False)]
