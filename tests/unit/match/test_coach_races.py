"""The coach's drives by race (part 11 of the bot ladder in docs/rules-decisions.md): a
carrier walks on after its plan only when it has just picked the ball up, and a roster
stronger than it is agile, or an agile one, weighs the cage its players can hold round the
carrier."""

from league_manager.match.bots.coach_bot import CoachBot
from league_manager.match.bots.coach_cage import AGILE_CAGE_WORTH, CAGE_WORTH, cage_cover
from league_manager.match.bots.coach_carrier import picked_up_now
from league_manager.match.bots.coach_defence import AGILE
from league_manager.match.engine import Match
from league_manager.match.events import Event
from league_manager.match.pitch import SIZE, sq
from league_manager.match.state import RESERVE, STANDING
from league_manager.match.teams import generate_team
from league_manager.rules.loader import load_ruleset


def _match(race: str = "orc") -> Match:
    ruleset = load_ruleset("bb2020")
    home = generate_team(ruleset.team(race), 1, prefix="home-")
    away = generate_team(ruleset.team(race), 2, prefix="away-")
    return Match(home, away, seed=1, snapshots=False, ruleset=ruleset, allow_inert=True)


def test_a_carrier_walks_on_only_in_the_activation_it_picked_the_ball_up() -> None:
    match = _match()
    events = match.events
    events.append(Event("activate", 0, 3, detail="move"))
    events.append(Event("move", 0, 3))
    assert not picked_up_now(match, 3)  # set out with the ball: the plan's end is the end
    events.append(Event("pick_up", 0, 3, target=3, success=True))
    events.append(Event("move", 0, 3))
    assert picked_up_now(match, 3)
    assert not picked_up_now(match, 4)
    events.append(Event("activate", 0, 3, detail="move"))
    assert not picked_up_now(match, 3)  # the next activation carries the ball from the start
    events.append(Event("pick_up", 0, 3, target=3, success=False))
    assert not picked_up_now(match, 3)


def _grinding(race: str) -> tuple[Match, CoachBot, int]:
    """An empty pitch but for ``race``'s carrier on (10, 7) and two team-mates, at home's turn."""
    match = _match(race)
    s = match.state
    mine = [p for p in s.players_of(0) if s.ma[p] >= 5][:3]
    carrier = mine[0]
    s.board[:] = [-1] * SIZE
    for p in range(s.size):
        s.pos[p], s.status[p] = -1, RESERVE
    for p, square in zip(mine, (sq(10, 7), sq(6, 7), sq(6, 3)), strict=True):
        s.pos[p], s.board[square], s.status[p], s.used[p] = square, p, STANDING, False
    s.carrier, s.ball, s.active = carrier, sq(10, 7), 0
    return match, CoachBot(1), carrier


def test_a_grinding_roster_weighs_the_corners_its_players_can_hold_round_the_carrier() -> None:
    match, bot, carrier = _grinding("orc")
    aggression, running = bot._weights(match, 0)
    assert aggression > running  # Orc: stronger than agile
    cover = cage_cover(bot, match, 0, carrier)
    assert cover(sq(8, 7)) == CAGE_WORTH[2]  # two team-mates, one corner each, without dice
    assert cover(sq(20, 7)) == CAGE_WORTH[0]  # too far for them to follow
    s = match.state
    helper = s.board[sq(6, 7)]
    s.board[sq(6, 7)], s.pos[helper], s.board[sq(7, 6)] = -1, sq(7, 6), helper
    assert cover(sq(8, 7)) == CAGE_WORTH[2]  # standing on a corner already counts
    s.used[s.board[sq(6, 3)]] = True
    assert cage_cover(bot, match, 0, carrier)(sq(8, 7)) == CAGE_WORTH[1]  # acted: it stays put


def test_a_weak_roster_runs_rather_than_grinds_an_agile_one_cages_too() -> None:
    match, bot, carrier = _grinding("halfling")
    aggression, running = bot._weights(match, 0)
    assert aggression <= running < AGILE
    assert cage_cover(bot, match, 0, carrier)(sq(8, 7)) == 0.0
    match, bot, carrier = _grinding("woodelf")
    aggression, running = bot._weights(match, 0)
    assert aggression <= running and running >= AGILE  # the elves: fast enough to follow
    assert cage_cover(bot, match, 0, carrier)(sq(8, 7)) == AGILE_CAGE_WORTH[2] == 3 * CAGE_WORTH[2]
