"""The look-ahead's position value: a touchdown is worth more than any position before it, the
ball is worth little when its team has no turn left, and the two teams' views are opposite;
the legend's extra carrier ideas are legal walks the coach did not propose."""

from league_manager.match.actions import TURN
from league_manager.match.bots.coach_bot import CoachBot
from league_manager.match.bots.legend_ideas import carrier_ideas
from league_manager.match.bots.position_value import CARRY_LATE, carrier_value, position_value
from league_manager.rules.dice import SeededDice
from tests.unit.match.seeded_games import generated_match, team_turns


def test_a_touchdown_beats_the_position_before_it_and_the_views_are_opposite() -> None:
    checked = 0
    for seed in (3, 4):
        match = generated_match(seed, away="wood elf")
        bots = (CoachBot(seed + 1), CoachBot(seed + 2))
        before: list[float] = [0.0, 0.0]
        while match.prompt is not None and checked < 1:
            prompt = match.prompt
            s = match.state
            if prompt.kind == TURN:
                home = position_value(match, 0, False, 0)
                assert position_value(match, 1, False, 0) == -home
                before = [home, -home]
                carrier = s.carrier
                held = carrier >= 0 and s.pos[carrier] >= 0 and s.turn[s.team[carrier]] >= 8
                if held and (prompt.team != s.team[carrier] or s.used[carrier]):
                    assert carrier_value(match, carrier) == CARRY_LATE
            score = list(s.score)
            match.apply(bots[prompt.team].choose(match))
            for team in (0, 1):
                if match.state.score[team] > score[team]:
                    assert position_value(match, team, False, 0) > before[team]
                    checked += 1
        assert match.prompt is None or checked >= 1
    assert checked >= 1


def test_the_legends_carrier_ideas_are_other_legal_walks_that_beat_standing_still() -> None:
    match = generated_match(5, away="wood elf")
    bots = (CoachBot(6), CoachBot(7))
    found = 0
    for prompt in team_turns(match, bots):
        if found >= 3:
            break
        coach = bots[prompt.team]
        picks = coach.candidates(match, prompt, 4)
        ideas = carrier_ideas(coach, match, prompt, picks)
        for idea in ideas:
            assert idea.action in prompt.options and idea.player == match.state.carrier
            assert idea.plan and idea.plan not in {p.plan for p in picks}
            fork = match.fork(SeededDice(1))
            fork.apply(coach.take(idea))
            assert fork.prompt is not None and idea.plan[0] in fork.prompt.options
            found += 1
        assert len({i.plan for i in ideas}) == len(ideas)
    assert found >= 1
