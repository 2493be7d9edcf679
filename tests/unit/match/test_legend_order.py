"""The legend's safe before risky: when the ball is not ours and the coach's first idea rolls
dice, the idea played first is one of the coach's own that no dice can turn over (tried on
forks with other dice, the turn goes on and the player ends where its plan says); with our ball
and in the half's last two team turns the coach's order stands."""

from league_manager.match import actions as acts
from league_manager.match.bots.coach_bot import CoachBot
from league_manager.match.bots.greedy_bot import GreedyBot
from league_manager.match.bots.legend_order import ORDER_UNTIL, rolls_dice, safe_first
from league_manager.match.bots.lookahead import try_outcome
from league_manager.match.engine import Match
from league_manager.match.teams import generate_team
from league_manager.rules.dice import SeededDice
from league_manager.rules.loader import load_ruleset


def _match(seed: int) -> Match:
    ruleset = load_ruleset("bb2020")
    home = generate_team(ruleset.team("human"), seed, prefix="home-")
    away = generate_team(ruleset.team("human"), seed + 7919, prefix="away-")
    return Match(home, away, seed=seed, snapshots=False, ruleset=ruleset, allow_inert=True)


def test_a_safe_idea_goes_before_a_risky_first_one_only_without_our_ball() -> None:
    found = ours = late = 0
    for seed in (3, 4, 5, 6):
        match = _match(seed)
        bots = (CoachBot(seed + 1), GreedyBot(seed + 2))
        while match.prompt is not None and found < 6:
            prompt = match.prompt
            if prompt.kind == acts.TURN and prompt.team == 0 and "kickoff_blitz" not in prompt.info:
                coach = bots[0]
                picks = coach.candidates(match, prompt, 5)
                safe = safe_first(coach, match, prompt, picks)
                s = match.state
                if s.carrier >= 0 and s.team[s.carrier] == 0:
                    assert safe is None
                    ours += 1
                elif s.turn[0] >= ORDER_UNTIL:
                    assert safe is None
                    late += 1
                elif safe is not None:
                    assert rolls_dice(coach, match, picks[0]) and safe in picks[1:]
                    assert safe.player != picks[0].player  # the risky idea keeps its player
                    assert safe.action in prompt.options and safe.kind in (acts.MOVE, acts.BLOCK)
                    if safe.kind == acts.MOVE:
                        for dice in range(4):  # no dice of its own: no turnover, the plan's square reached
                            _value, ended = try_outcome(match, 0, safe, 50 + dice, 7)
                            assert not ended
                            fork = match.fork(SeededDice(50 + dice))
                            for action in (safe.action, *safe.plan):
                                assert fork.is_legal(action)
                                fork.apply(action)
                            assert fork.state.pos[safe.player] == safe.plan[-1].square
                    found += 1
            match.apply(bots[prompt.team].choose(match))
    assert found >= 6 and ours >= 1 and late >= 1
