"""The look-ahead's judgement on constructed positions: the other team's reply costs a reachable
carrier, the value reads the same from either end of the pitch, the last turn's score is kept,
and the coach is overruled only on clear evidence."""

from league_manager.match.actions import ACTIVATE, MOVE, Action
from league_manager.match.bots.evidence import clear_gain
from league_manager.match.bots.legend_bot import LegendBot
from league_manager.match.bots.position_value import REPLY_SHARE, carrier_value, position_value
from league_manager.match.bots.veteran_bot import VeteranBot
from league_manager.match.engine import Match
from league_manager.match.pitch import scoring_x
from league_manager.rules.dice import SeededDice
from tests.unit.match.seeded_games import at, built_position


def _carrier_and_blitzer(mirror: bool, fenced: bool, active: str) -> Match:
    """Our carrier at x 14 with a team-mate behind; an opponent five squares off; with
    ``fenced`` three of ours stand between them, so every way in passes our tackle zones."""
    players = [
        at("c", "home", 14, 7, mirror, ball=True),
        at("m", "home", 13, 7, mirror),
        at("o", "away", 19, 7, mirror),
    ]
    if fenced:
        players += [at(f"f{y}", "home", 16, y, mirror) for y in (4, 7, 10)]
    side = "away" if (active == "home") == mirror else "home"
    return built_position(players, side if active == "theirs" else ("home" if not mirror else "away"))


def test_a_carrier_the_other_team_can_reach_is_worth_less_when_it_acts_next() -> None:
    for mirror in (False, True):
        team = 1 if mirror else 0
        open_reply = _carrier_and_blitzer(mirror, fenced=False, active="theirs")
        fenced = _carrier_and_blitzer(mirror, fenced=True, active="theirs")
        ours_next = _carrier_and_blitzer(mirror, fenced=False, active="ours")
        carrier = open_reply.state.carrier
        assert open_reply.prompt is not None and open_reply.prompt.team != team
        reached = carrier_value(open_reply, carrier)
        safe = carrier_value(fenced, fenced.state.carrier)
        mine = carrier_value(ours_next, carrier)
        assert reached == mine * (1 - REPLY_SHARE)
        assert safe > reached


def test_the_value_reads_the_same_from_either_end_and_either_side() -> None:
    for active in ("ours", "theirs"):
        plain = _carrier_and_blitzer(False, fenced=False, active=active)
        mirrored = _carrier_and_blitzer(True, fenced=False, active=active)
        assert position_value(plain, 0, False, 0) == position_value(mirrored, 1, False, 0)
        assert position_value(plain, 1, False, 0) == -position_value(plain, 0, False, 0)


def _last_turn_score(mirror: bool) -> Match:
    """The last team turn of the half: our carrier three squares from the end zone on an open
    path, and an opponent next to one of ours (a block the coach could also throw)."""
    players = [
        at("c", "home", 22, 7, mirror, ball=True),
        at("b", "home", 10, 3, mirror),
        at("x", "away", 11, 3, mirror),
        at("y", "away", 5, 11, mirror),
    ]
    return built_position(players, "away" if mirror else "home", turn=8)


def test_in_the_last_turn_the_look_ahead_levels_run_the_carrier_in() -> None:
    for mirror in (False, True):
        for bot in (VeteranBot(4), LegendBot(4, workers=1)):
            match = _last_turn_score(mirror)
            carrier = match.state.carrier
            action = bot.choose(match)
            assert action == Action(ACTIVATE[MOVE], carrier), (mirror, bot.reason)
            goal = scoring_x(1 if mirror else 0)
            fork = match.fork(SeededDice(1))
            fork.apply(action)
            for _ in range(8):
                assert fork.prompt is not None
                fork.apply(bot.choose(fork))
                if fork.state.score != [0, 0]:
                    break
            assert fork.state.score == ([0, 1] if mirror else [1, 0]), goal


def test_the_coach_is_overruled_only_on_a_gain_clear_of_the_noise() -> None:
    first = [10.0, 0.0, 10.0, 0.0, 10.0, 0.0]
    noisy = [0.0, 12.0, 0.0, 12.0, 0.0, 12.0]  # better on average, but only by the dice
    steady = [v + 2.0 for v in first]
    assert clear_gain(first, noisy, 1.5) is None
    assert clear_gain(first, steady, 1.5) == 2.0
    assert clear_gain(first, steady, 2.5) is None  # the floor still holds
    assert clear_gain(first, first, 0.0) is None


def test_fewer_standard_errors_let_a_thinner_gain_overrule_the_coach() -> None:
    first = [0.0] * 8
    other = [5.0, -2.0] * 4  # a mean gain of 1.5, its standard error 1.32
    assert clear_gain(first, other, 0.0) is None  # the veteran's 1.5 standard errors: 1.98
    assert clear_gain(first, other, 0.0, z=1.0) == 1.5  # the legend's 1.0: 1.32
    assert LegendBot.evidence_z < VeteranBot.evidence_z
