"""The legend's other ideas: ending the turn before a risky first idea (only ahead or with a
carrier out of reach) hands the turn over; a blitz on another target is a legal blitz the coach
did not propose, and the coach playing it blitzes that target; the carrier staying keeps its
square for the turn; a lane blitz targets an opponent in front of our carrier."""

from league_manager.match import actions as acts
from league_manager.match.bots.coach_bot import CoachBot
from league_manager.match.bots.coach_drive import reachable
from league_manager.match.bots.legend_ideas import stay_idea
from league_manager.match.bots.legend_plays import blitz_ideas, end_turn_idea, path_blitz_idea
from league_manager.match.pitch import scoring_x, xy
from league_manager.rules.dice import SeededDice
from tests.unit.match.seeded_games import coach_turns


def test_ending_the_turn_is_offered_only_before_a_risky_idea_and_hands_the_turn_over() -> None:
    found = 0
    for match, prompt, bots in coach_turns((3, 4, 5)):
        if found >= 3:
            break
        coach = bots[prompt.team]
        picks = coach.candidates(match, prompt, 4)
        for idea in end_turn_idea(match, prompt, picks):
            s = match.state
            team = prompt.team
            assert picks[0].kind in (acts.BLITZ, acts.FOUL, acts.BLOCK)
            ahead = s.score[team] > s.score[1 - team]
            carrier = s.carrier
            ours = carrier >= 0 and s.team[carrier] == team and s.pos[carrier] >= 0
            assert ahead or (ours and not reachable(match, team, carrier))
            fork = match.fork(SeededDice(1))
            fork.apply(coach.take(idea))
            nxt = fork.prompt
            assert nxt is None or nxt.team != team or nxt.kind != acts.TURN
            found += 1
    assert found >= 1


def test_a_blitz_on_another_target_is_legal_new_and_thrown_at_that_target() -> None:
    found = thrown = 0
    for match, prompt, bots in coach_turns((3, 4)):
        if found >= 6:
            break
        coach = bots[prompt.team]
        picks = coach.candidates(match, prompt, 4)
        coach_pairs = {(p.player, p.foe) for p in picks if p.kind == acts.BLITZ}
        for idea in blitz_ideas(coach, match, prompt, picks):
            s = match.state
            assert idea.action in prompt.options and idea.kind == acts.BLITZ
            assert s.team[idea.foe] != prompt.team and (idea.player, idea.foe) not in coach_pairs
            fork = match.fork(SeededDice(found + 11))
            player = CoachBot(9)
            fork.apply(player.take(idea))
            target_square = fork.state.pos[idea.foe]
            declared = False
            while fork.prompt is not None and fork.prompt.kind != acts.TURN:
                bot = player if fork.prompt.team == prompt.team else bots[fork.prompt.team]
                action = bot.choose(fork)
                if action.kind in (acts.CHOOSE, acts.BLOCK) and action.square == target_square:
                    declared = True
                fork.apply(action)
            thrown += declared  # a failed Bone Head or dodge may stop it first
            found += 1
    assert thrown >= 1 and thrown >= found // 2


def test_the_carrier_staying_keeps_it_on_its_square_for_the_whole_turn() -> None:
    found = 0
    for match, prompt, bots in coach_turns((3, 4, 5)):
        if found >= 3:
            break
        coach = bots[prompt.team]
        picks = coach.candidates(match, prompt, 8)
        for idea in stay_idea(match, prompt, picks):
            s = match.state
            carrier = s.carrier
            assert s.team[carrier] == prompt.team and any(p.player == carrier for p in picks)
            fork = match.fork(SeededDice(found + 5))
            player = CoachBot(9)
            fork.apply(player.take(idea))
            start_half, start_turn = fork.state.half, fork.state.turn[prompt.team]
            while fork.prompt is not None and fork.prompt.team == prompt.team:
                if fork.state.half != start_half or fork.state.turn[prompt.team] != start_turn:
                    break
                fork.apply(player.choose(fork))
            assert fork.state.pos[carrier] == s.pos[carrier]
            found += 1
    assert found >= 1


def test_a_lane_blitz_targets_an_opponent_marking_the_carriers_way_forward() -> None:
    found = 0
    for match, prompt, bots in coach_turns((3, 4, 5)):
        if found >= 4:
            break
        coach = bots[prompt.team]
        picks = coach.candidates(match, prompt, 4)
        for idea in path_blitz_idea(coach, match, prompt, picks):
            s = match.state
            assert idea.action in prompt.options and idea.kind == acts.BLITZ
            assert s.team[idea.foe] != prompt.team
            cx, cy = xy(s.pos[s.carrier])
            fx, fy = xy(s.pos[idea.foe])
            ahead = (fx - cx) * (scoring_x(prompt.team) - cx) >= 0
            assert ahead and abs(fy - cy) <= 2
            assert idea.foe not in {p.foe for p in picks if p.kind == acts.BLITZ}
            found += 1
    assert found >= 1
