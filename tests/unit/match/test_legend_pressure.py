"""The legend's ideas when the coach leaves the ball alone: blitzes on their carrier's cage are
legal blitzes on a player next to their carrier, a move up to the cage needs no dice and ends
next to a cage player, a long pick-up walks to the loose ball, and with no idea of the coach's
the legend weighs them against ending the turn (and plays a legal action); a prone player
stood up before the turn ends stands on its own square and the turn goes on."""

from league_manager.match import actions as acts
from league_manager.match.bots.coach_bot import CoachBot
from league_manager.match.bots.greedy_bot import GreedyBot
from league_manager.match.bots.legend_bot import LegendBot
from league_manager.match.bots.legend_pressure import LONG_PICK_UP, ball_ideas, cage_ideas, stand_up_pick
from league_manager.match.engine import Match
from league_manager.match.pitch import distance
from league_manager.match.skills import points
from league_manager.match.state import PRONE, STANDING
from league_manager.match.teams import generate_team
from league_manager.rules.dice import SeededDice
from league_manager.rules.loader import load_ruleset


def _match(seed: int) -> Match:
    ruleset = load_ruleset("bb2020")
    home = generate_team(ruleset.team("human"), seed, prefix="home-")
    away = generate_team(ruleset.team("human"), seed + 7919, prefix="away-")
    return Match(home, away, seed=seed, ruleset=ruleset, allow_inert=True)


def test_cage_and_ball_ideas_are_legal_and_go_where_they_say() -> None:
    cage = ball = 0
    for seed in (3, 4, 5):
        match = _match(seed)
        bots = (CoachBot(seed + 1), GreedyBot(seed + 2))
        while match.prompt is not None and (cage < 4 or ball < 2):
            prompt = match.prompt
            if prompt.kind == acts.TURN and prompt.team == 0 and "kickoff_blitz" not in prompt.info:
                coach = bots[0]
                picks = coach.candidates(match, prompt, 4)
                s = match.state
                for idea in cage_ideas(coach, match, prompt, picks):
                    assert idea.action in prompt.options
                    if idea.kind == acts.BLITZ:
                        assert s.team[idea.foe] == 1 and distance(s.pos[idea.foe], s.pos[s.carrier]) == 1
                    else:
                        end = idea.plan[-1].square
                        assert any(
                            distance(end, s.pos[q]) == 1 and distance(s.pos[q], s.pos[s.carrier]) == 1
                            for q in s.players_of(1)
                        )
                    cage += 1
                for idea in ball_ideas(coach, match, prompt, picks):
                    assert idea.action in prompt.options and idea.kind == acts.MOVE
                    end = idea.plan[-1].square
                    assert end == s.ball or distance(end, s.ball) == 1
                    if end == s.ball:
                        plan = coach._plans(match, idea.player)[s.ball]
                        assert plan.p_with_rerolls >= LONG_PICK_UP
                    ball += 1
            match.apply(bots[prompt.team].choose(match))
    assert cage >= 1 and ball >= 1


def test_with_no_idea_of_the_coachs_the_legend_weighs_its_own_against_ending_the_turn() -> None:
    weighed = 0
    for seed in (3, 4, 5, 6):
        match = _match(seed)
        bots = (CoachBot(seed + 1), GreedyBot(seed + 2))
        while match.prompt is not None and weighed < 1:
            prompt = match.prompt
            if prompt.kind == acts.TURN and prompt.team == 0 and "kickoff_blitz" not in prompt.info:
                coach = bots[0]
                ideas = cage_ideas(coach, match, prompt, []) + ball_ideas(coach, match, prompt, [])
                if not coach.candidates(match, prompt, 4) and ideas:
                    legend = LegendBot(seed, workers=1)
                    legend.plays = ("cage", "ball")
                    action = legend.choose(match)
                    assert action in prompt.options and "searched" in legend.reason
                    weighed += 1
            match.apply(bots[prompt.team].choose(match))
    assert weighed >= 1


def test_standing_up_before_the_turn_ends_leaves_the_player_standing_on_its_square() -> None:
    stood = 0
    for seed in (3, 4, 5):
        match = _match(seed)
        bots = (CoachBot(seed + 1), GreedyBot(seed + 2))
        while match.prompt is not None and stood < 2:
            prompt = match.prompt
            if prompt.kind == acts.TURN and prompt.team == 0 and "kickoff_blitz" not in prompt.info:
                pick = stand_up_pick(match, prompt)
                if pick is not None:
                    s = match.state
                    assert s.status[pick.player] == PRONE and not match.ctx.is_marked(s.pos[pick.player], 0)
                    fork = match.fork(SeededDice(stood))
                    coach = CoachBot(1)
                    fork.apply(coach.take(pick))
                    while fork.prompt is not None and fork.prompt.kind != acts.TURN:
                        fork.apply(coach.choose(fork))
                    assert fork.state.status[pick.player] == STANDING
                    assert fork.state.pos[pick.player] == s.pos[pick.player]
                    assert fork.prompt is not None and fork.prompt.team == 0
                    stood += 1
            match.apply(bots[prompt.team].choose(match))
    assert stood >= 1


def test_a_player_with_a_test_on_activation_is_never_stood_up_as_a_dice_free_idea() -> None:
    ruleset = load_ruleset("bb2020")
    home = generate_team(ruleset.team("ogre"), 3, prefix="home-")
    away = generate_team(ruleset.team("human"), 3 + 7919, prefix="away-")
    match = Match(home, away, seed=3, ruleset=ruleset, allow_inert=True)
    bots = (CoachBot(4), GreedyBot(5))
    while not (
        match.prompt.kind == acts.TURN and match.prompt.team == 0 and "kickoff_blitz" not in match.prompt.info
    ):
        match.apply(bots[match.prompt.team].choose(match))
    s, prompt = match.state, match.prompt
    free = [p for p in s.players_of(0) if s.pos[p] >= 0 and not match.ctx.is_marked(s.pos[p], 0)]
    tested = [p for p in free if match.ctx.has(p, points.ACTIVATION_TEST)]
    plain = [p for p in free if not match.ctx.has(p, points.ACTIVATION_TEST) and s.ma[p] >= 3]
    assert tested and plain  # Ogres (Bone Head) and Snotlings or Gnoblars (none)
    s.status[tested[0]] = PRONE
    assert stand_up_pick(match, prompt) is None
    s.status[plain[0]] = PRONE
    pick = stand_up_pick(match, prompt)
    assert pick is not None and pick.player == plain[0]
