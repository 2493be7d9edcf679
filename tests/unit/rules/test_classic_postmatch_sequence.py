"""The whole classic (LRB 2004) post-match sequence on one scripted match (seed 001 lines 1820-2001)."""

from __future__ import annotations

from league_manager.rules.classic_handicaps import effects as h
from league_manager.rules.classic_postmatch.sequence import PlayerIn, TeamIn, run_post_match
from league_manager.rules.classic_postmatch.spp import MatchRecord
from league_manager.rules.classic_postmatch.tables import load_post_match
from league_manager.rules.dice import ScriptedDice

P = {"MA": 6, "ST": 3, "AG": 3, "AV": 8}


def _player(
    pid: str,
    spp: int,
    record: MatchRecord | None = None,
    *,
    star: bool = False,
    seriously_injured: bool = False,
) -> PlayerIn:
    return PlayerIn(
        pid,
        spp,
        record or MatchRecord(),
        P,
        P,
        ("G",),
        ("A",),
        star=star,
        seriously_injured=seriously_injured,
    )


def _teams(away_conceded: bool = False) -> tuple[TeamIn, TeamIn]:
    home = TeamIn(
        rating=110, fan_factor=3, score=2, casualties=0, handicaps=(h.NEWS_FEATURE,),
        players=(_player("h1", 4, record=MatchRecord(touchdowns=2)), _player("h2", 0, seriously_injured=True),
                 _player("hstar", 0, star=True)),
    )  # fmt: skip
    other = TeamIn(
        rating=140, fan_factor=5, score=1, casualties=2, conceded=away_conceded,
        players=(_player("a1", 14, record=MatchRecord(touchdowns=1)), _player("a2", 60)),
    )  # fmt: skip
    return home, other


def test_a_played_match_names_every_roll_in_the_seeds_order() -> None:
    home, away = _teams()
    script: list[int | tuple[int, str]] = [
        (6, "serious injury"), 1,  # h2: 61 Smashed Hip
        (3, "winnings"), 4, (2, "winnings"),  # home 2D6 (News Feature), away D6
        (3, "mvp"),  # home MVP: the hired star, lost
        (2, "star player roll"), 3, (1, "ageing"), 1, (4, "ageing result"), 5,  # h1: Experienced, aged -1 AV
        (1, "mvp"),  # away MVP: a1
        (6, "star player roll"), 6, (3, "ageing"), 3,  # a1 reaches Veteran: a double 12
        (4, "fan factor"), (1, "fan factor"),
    ]  # fmt: skip
    dice = ScriptedDice(script)
    out = run_post_match(dice, 40_000, home, away, load_post_match())
    assert dice.remaining == 0
    hw, aw = out["home"], out["away"]
    assert (hw.winnings.dice, hw.winnings.modifier, hw.winnings.won_bonus, hw.gold) == ((3, 4), 1, 1, 90_000)
    assert (aw.winnings.modifier, aw.gold) == (0, 20_000)
    assert [(d.player, d.lost) for d in hw.mvps] == [("hstar", True)]
    h1, h2, star = hw.players
    assert (h1.spp_earned, h1.spp, h1.mvps) == (6, 10, 0)
    (roll,) = h1.star_player_rolls
    assert (roll.level.title, roll.result, roll.ageing and roll.ageing.result) == (
        "Experienced",
        "skill",
        "AV",
    )
    assert h2.serious_injury is not None and (h2.serious_injury.name, h2.serious_injury.characteristic) == (
        "Smashed Hip", "MA",
    )  # fmt: skip
    assert (star.spp_earned, star.star_player_rolls) == (0, ())
    a1 = aw.players[0]
    assert (a1.spp_earned, a1.spp, a1.mvps) == (8, 22, 1)
    assert a1.star_player_rolls[0].double and a1.star_player_rolls[0].result == "ST"
    assert (hw.fan_factor.change, hw.fan_factor.fan_factor) == (1, 4)
    assert (aw.fan_factor.change, aw.fan_factor.fan_factor) == (-1, 4)
    assert hw.veterans == () and aw.veterans == ()


def test_a_conceded_match_hands_over_money_and_mvp_and_veterans_may_leave() -> None:
    home, away = _teams(away_conceded=True)
    script: list[int | tuple[int, str]] = [
        6, 1,  # h2's serious injury
        3, 4, 2,  # winnings
        (1, "mvp"), (1, "mvp"),  # home draws two MVPs (its own and the loser's): h1, then h2 (of h2, hstar)
        (2, "star player roll"), 3, (6, "ageing"), 6,  # h1: 4 + 6 + 5 = 15, Experienced
        (3, "star player roll"), 4, (5, "ageing"), 5,  # a1: 14 + 3 = 17, Veteran (the loser still earns SPP)
        (2, "fan factor"),  # home: 2 + 1 (won) + 1 (2 TDs) + 2 (opponent conceded) = 6
        (3, "veteran leaves"),  # a2 (60 SPP) leaves
    ]  # fmt: skip
    dice = ScriptedDice(script)
    out = run_post_match(dice, 40_000, home, away, load_post_match())
    assert dice.remaining == 0
    hw, aw = out["home"], out["away"]
    assert (hw.winnings.gold, aw.winnings.gold) == (90_000, 20_000)
    assert (hw.gold, aw.gold) == (110_000, 0)  # the loser's money goes to the winner
    assert [d.player for d in hw.mvps] == ["h1", "h2"] and aw.mvps == ()
    assert dict(hw.fan_factor.modifiers)["opponent conceded"] == 2 and hw.fan_factor.change == 1
    assert (aw.fan_factor.die, aw.fan_factor.change) == (None, -1)
    assert [(v.player, v.leaves) for v in aw.veterans] == [("a2", True)]  # a1 (17 SPP) does not roll
