"""The look-ahead bots: a fork is the match at the same prompt and leaves the match alone; the
veteran plays legal actions, replays a seed, and changes the coach's mind only by looking."""

from league_manager.match.actions import TURN, Action
from league_manager.match.bots import make_bot
from league_manager.match.bots.coach_bot import CoachBot
from league_manager.match.bots.legend_bot import LegendBot
from league_manager.match.bots.lookahead import try_pick
from league_manager.match.bots.veteran_bot import VeteranBot
from league_manager.match.engine import Match
from league_manager.rules.dice import SeededDice
from tests.unit.match.seeded_games import generated_match

DECISIONS = 260
"""A short stretch (the first drive's opening turns) keeps the tests fast."""


def _stretch(level: str, seed: int, decisions: int = DECISIONS) -> list[Action]:
    match = generated_match(seed, snapshots=False)
    bots = (make_bot(level, seed + 1), make_bot("coach", seed + 2))
    played: list[Action] = []
    while match.prompt is not None and len(played) < decisions:
        action = bots[match.prompt.team].choose(match)
        assert match.is_legal(action), (level, match.prompt.kind, action)
        match.apply(action)
        played.append(action)
    return played


def test_a_fork_stands_at_the_same_prompt_and_playing_it_leaves_the_match_alone() -> None:
    for snapshots in (False, True):
        match = generated_match(4, snapshots=snapshots)
        bots = (CoachBot(5), CoachBot(6))
        forks = 0
        while match.prompt is not None and len(match.actions) < 150:
            if match.prompt.kind == TURN:
                before = (list(match.actions), list(match.state.pos), list(match.dice.log))
                fork = match.fork(SeededDice(99))
                assert fork.prompt == match.prompt and fork.state.pos == match.state.pos
                assert fork.state.score == match.state.score and fork.state.turn == match.state.turn
                for _ in range(30):  # any legal actions: the fork rolls its own dice
                    if fork.prompt is None:
                        break
                    fork.apply(fork.prompt.options[-1])
                assert (match.actions, match.state.pos, match.dice.log) == before
                forks += 1
            match.apply(bots[match.prompt.team].choose(match))
        assert forks >= 5


def test_a_try_is_seeded_the_same_seed_gives_the_same_value() -> None:
    match = generated_match(8, snapshots=False)
    bots = (CoachBot(9), CoachBot(10))
    while match.prompt is not None:
        prompt = match.prompt
        if prompt.kind == TURN and "kickoff_blitz" not in prompt.info:
            picks = bots[prompt.team].candidates(match, prompt, 3)
            if len(picks) >= 2:
                break
        match.apply(bots[prompt.team].choose(match))
    assert match.prompt is not None
    team = match.prompt.team
    first = [try_pick(match, team, pick, 7, 1) for pick in picks]
    assert first == [try_pick(match, team, pick, 7, 1) for pick in picks]
    assert len({p.action for p in picks}) == len(picks)


def test_the_veteran_plays_legal_actions_and_a_seed_replays_the_game() -> None:
    first = _stretch("veteran", 21)
    assert len(first) == DECISIONS
    assert _stretch("veteran", 21) == first


def test_the_veteran_with_one_candidate_is_the_coach() -> None:
    match = generated_match(31, snapshots=False)
    coach, veteran = CoachBot(1), VeteranBot(1, candidates=1)
    for _ in range(150):
        assert match.prompt is not None
        action = coach.choose(match)
        assert veteran.choose(match) == action
        match.apply(action)


def _late_in_the_half(seed: int) -> Match:
    """A coach-v-coach match played to the home team's seventh turn (a critical moment)."""
    match = generated_match(seed, snapshots=False)
    bots = (CoachBot(seed + 1), CoachBot(seed + 2))
    while match.prompt is not None:
        prompt = match.prompt
        late = match.state.turn[0] >= 7 and prompt.info.get("turn_start")
        if prompt.kind == TURN and prompt.team == 0 and late:
            break
        match.apply(bots[prompt.team].choose(match))
    return match


def test_the_legend_searches_late_in_a_half_and_the_pool_changes_nothing() -> None:
    match = _late_in_the_half(14)
    assert match.prompt is not None and LegendBot(3).critical(match, 0)
    alone, pooled = LegendBot(3, workers=1), LegendBot(3, workers=2)
    action = alone.choose(match)
    assert "searched" in alone.reason
    assert pooled.choose(match) == action and pooled.reason == alone.reason
    assert match.is_legal(action)


def _legend_stretch(match: Match) -> list[Action]:
    bots = (LegendBot(5, workers=1), CoachBot(6))
    played: list[Action] = []
    while match.prompt is not None and len(played) < 8:
        action = bots[match.prompt.team].choose(match)
        assert match.is_legal(action), (match.prompt.kind, action)
        match.apply(action)
        played.append(action)
    return played


def test_the_legend_plays_legal_actions_and_a_seed_replays_the_game() -> None:
    late = _late_in_the_half(17)
    again = Match.from_dict(late.to_dict())  # the same match, rebuilt from its seed and actions
    first = _legend_stretch(late)
    assert len(first) == 8
    assert _legend_stretch(again) == first
