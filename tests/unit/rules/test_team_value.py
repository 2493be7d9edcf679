"""Team value and current team value come from the roster and the league's settings."""

from league_manager.rules.characteristics import adjusted, can_improve
from league_manager.rules.model import Characteristics, Ruleset
from league_manager.rules.team_value import ValuedPlayer, ValuedTeam, player_value, team_value


def test_tv_and_ctv(ruleset: Ruleset) -> None:
    human = ruleset.team("human")
    blitzer, lineman = human.position("Blitzer"), human.position("Lineman")
    players = [ValuedPlayer(blitzer, value_increases=20000), ValuedPlayer(lineman, misses_next_game=True)]
    players += [ValuedPlayer(lineman) for _ in range(9)]
    team = ValuedTeam(
        human, rerolls=2, assistant_coaches=1, cheerleaders=2, apothecary=True, dedicated_fans=3
    )
    value = team_value(team, players, ruleset.draft, {"dedicated_fans_in_tv": True})
    players_value = 85000 + 20000 + 10 * 50000
    extras = 2 * 50000 + 10000 + 2 * 10000 + 50000 + 2 * 10000
    assert value.team_value == players_value + extras
    assert value.current_team_value == value.team_value - 50000
    without_fans = team_value(team, players, ruleset.draft, {"dedicated_fans_in_tv": False})
    assert value.team_value - without_fans.team_value == 20000


def test_journeymen_and_inducements_count_in_ctv_only(ruleset: Ruleset) -> None:
    human = ruleset.team("human")
    lineman = human.position("Lineman")
    team = ValuedTeam(human, inducements=100000)
    value = team_value(team, [ValuedPlayer(lineman, journeyman=True)], ruleset.draft, {})
    assert value.team_value == 0 and value.current_team_value == 150000


def test_low_cost_linemen_are_free_in_value(ruleset: Ruleset) -> None:
    snotlings = ruleset.team("snotling")
    lineman = snotlings.journeyman_position
    assert lineman.cost > 0
    assert player_value(ValuedPlayer(lineman, value_increases=10000), snotlings) == 10000


def test_characteristic_changes_and_limits(ruleset: Ruleset) -> None:
    rules = ruleset.advancement
    base = Characteristics(ma=6, st=3, ag=3, pa=4, av=9)
    better = adjusted(base, {"MA": 1, "AG": 1, "AV": 1, "PA": -1}, rules)
    assert better == Characteristics(ma=7, st=3, ag=2, pa=5, av=10)
    assert adjusted(base, {"AG": 5}, rules).ag == 1  # clamped at 1+
    assert adjusted(Characteristics(4, 5, 5, None, 10), {"PA": 1}, rules).pa == 6
    assert can_improve(base, {"MA": 2}, "MA", rules) == "MA may be improved at most 2 times"
    assert can_improve(Characteristics(9, 3, 3, 4, 9), {}, "MA", rules) == "MA is already at its limit (9)"
    assert can_improve(base, {}, "ST", rules) is None
