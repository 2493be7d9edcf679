"""The coach's set-up: receiving with a team-mate thrower and a Right Stuff player, one thrower
waits behind the line while the line keeps three players; kicking, the greedy preset stands.
Every set-up action the coach takes is legal in the engine, and a team short of players ends
its set-up."""

from league_manager.match import actions as acts
from league_manager.match.bots.coach_bot import CoachBot
from league_manager.match.bots.coach_setup import BACK_SQUARE
from league_manager.match.engine import Match
from league_manager.match.pitch import LENGTH, los_x, sq, xy
from league_manager.match.procedures.setup import formation_squares, setup_problems
from league_manager.match.skills import points
from league_manager.match.state import KO
from league_manager.match.teams import generate_team
from league_manager.rules.loader import load_ruleset


def _set_up(race: str, seed: int = 1) -> tuple[Match, dict[int, list[acts.Action]]]:
    """Both teams' first set-up by two coaches: the match at kick-off and each team's actions."""
    ruleset = load_ruleset("bb2020")
    home = generate_team(ruleset.team(race), seed, prefix="home-")
    away = generate_team(ruleset.team(race), seed + 1, prefix="away-")
    match = Match(home, away, seed=seed, snapshots=False, ruleset=ruleset, allow_inert=True)
    bots = (CoachBot(1), CoachBot(2))
    taken: dict[int, list[acts.Action]] = {0: [], 1: []}
    while (prompt := match.prompt) is not None and prompt.kind in (acts.COIN_TOSS, acts.SETUP):
        action = bots[prompt.team].choose(match)
        assert match.is_legal(action)
        if prompt.kind == acts.SETUP:
            taken[prompt.team].append(action)
            if action.kind == acts.END_SETUP:
                assert not setup_problems(match.ctx, prompt.team)
        match.apply(action)
    return match, taken


def _thrower(match: Match, p: int) -> bool:
    return match.ctx.has(p, points.THROW_TEAM_MATE)


def test_receiving_halflings_keep_a_treeman_behind_the_line() -> None:
    match, taken = _set_up("halfling")
    s = match.state
    receiving = 1 - s.kicking
    x, y = BACK_SQUARE
    back = sq(x if receiving == 0 else LENGTH - 1 - x, y)
    assert _thrower(match, s.board[back])
    line = [p for p in s.players_of(receiving) if s.pos[p] >= 0 and xy(s.pos[p])[0] == los_x(receiving)]
    assert len(line) >= 3
    assert sum(_thrower(match, p) for p in line) == 1  # the other Treeman still holds the line
    kinds = [a.kind for a in taken[receiving]]
    assert kinds == [acts.FORMATION, acts.REMOVE, acts.PLACE, acts.PLACE, acts.END_SETUP]


def test_the_kicking_side_and_a_team_with_a_few_right_stuff_players_keep_the_preset() -> None:
    match, taken = _set_up("halfling")
    kicking = match.state.kicking
    assert [a.kind for a in taken[kicking]] == [acts.FORMATION, acts.END_SETUP]
    match, taken = _set_up("orc", seed=3)  # the home Orcs: a Troll and four Goblins of 13
    s = match.state
    home = list(s.players_of(0))
    assert sum(match.ctx.has(p, points.RIGHT_STUFF) for p in home) == 4
    assert any(_thrower(match, p) for p in home)
    for team in (0, 1):
        assert [a.kind for a in taken[team]] == [acts.FORMATION, acts.END_SETUP]
    receiving = 1 - s.kicking
    assert sorted(s.pos[p] for p in s.players_of(receiving) if s.pos[p] >= 0) == sorted(
        formation_squares("balanced", receiving)
    )


def test_a_team_too_short_for_the_back_square_keeps_the_preset_and_the_set_up_ends() -> None:
    """Seven players (the preset's back square is the eighth): no swap, and no set-up loop."""
    ruleset = load_ruleset("bb2020")
    home = generate_team(ruleset.team("halfling"), 1, prefix="home-")
    away = generate_team(ruleset.team("halfling"), 2, prefix="away-")
    match = Match(home, away, seed=1, snapshots=False, ruleset=ruleset, allow_inert=True)
    bots = (CoachBot(1), CoachBot(2))
    while (prompt := match.prompt) is not None and not (
        prompt.kind == acts.SETUP and prompt.team != match.state.kicking
    ):
        match.apply(bots[prompt.team].choose(match))
    s = match.state
    receiving = 1 - s.kicking
    mine = list(s.players_of(receiving))
    keep = [p for p in mine if _thrower(match, p)] + [p for p in mine if not _thrower(match, p)][:5]
    for p in mine:
        if p not in keep:
            s.status[p] = KO
    taken = []
    while (prompt := match.prompt) is not None and prompt.kind == acts.SETUP and prompt.team == receiving:
        action = bots[receiving].choose(match)
        assert match.is_legal(action)
        taken.append(action.kind)
        match.apply(action)
        assert len(taken) < 10, taken
    assert taken == [acts.FORMATION, acts.END_SETUP]
    assert sum(1 for p in mine if s.pos[p] >= 0) == 7
