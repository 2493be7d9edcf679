"""A match rebuilt from its document (a bot's pool worker) or from a server's rolls (a remote
mirror) keeps the latest team turn's snapshot: its forks equal the live match's forks and replay
only this turn's actions, not the whole match."""

from league_manager.match.actions import TURN, Action
from league_manager.match.bots.random_bot import RandomBot
from league_manager.match.engine import Match
from league_manager.match.teams import generate_team
from league_manager.rules.dice import Dice, Roll, SeededDice
from league_manager.rules.loader import load_ruleset

SEED = 31


def _live(snapshots: bool, dice: Dice | None = None) -> Match:
    ruleset = load_ruleset("bb2020")
    home = generate_team(ruleset.team("human"), SEED, prefix="home-")
    away = generate_team(ruleset.team("orc"), SEED + 1, prefix="away-")
    dice = dice if dice is not None else SeededDice(SEED)
    return Match(home, away, dice=dice, snapshots=snapshots, ruleset=ruleset, allow_inert=True)


def _late_game() -> tuple[Match, int]:
    """The live match (every snapshot kept) in the second half, a few actions into a team turn,
    and how many actions had been taken when that team turn began."""
    match = _live(True)
    bots = (RandomBot(SEED), RandomBot(SEED + 1))
    turn_start = 0
    while True:
        prompt = match.prompt
        assert prompt is not None, "the match ended before the second half"
        if prompt.kind == TURN and prompt.info.get("turn_start"):
            turn_start = len(match.actions)
        if match.state.half == 2 and prompt.kind == TURN and len(match.actions) - turn_start >= 3:
            return match, turn_start
        match.apply(bots[prompt.team].choose(match))


def _play_on(fork: Match, count: int) -> list[Action]:
    taken: list[Action] = []
    for _ in range(count):
        if fork.prompt is None:
            break
        action = fork.legal_actions()[-1]
        fork.apply(action)
        taken.append(action)
    return taken


def _assert_same_fork(rebuilt: Match, live: Match, turn_start: int) -> None:
    mine, theirs = rebuilt.fork(SeededDice(5)), live.fork(SeededDice(5))
    assert mine.prompt == theirs.prompt and mine.state == theirs.state
    assert mine.events == theirs.events and mine.actions == theirs.actions
    replayed = len(mine.dice.log)  # the fork's dice log holds only the rolls it replayed
    assert replayed == live.rolls_since(turn_start) < len(live.dice.log)
    assert _play_on(mine, 40) == _play_on(theirs, 40)
    assert mine.state == theirs.state and mine.events == theirs.events


def test_a_fork_of_a_match_rebuilt_without_snapshots_replays_only_this_turn() -> None:
    live, turn_start = _late_game()
    rebuilt = Match.from_dict(live.to_dict(), snapshots=False)
    assert rebuilt.state == live.state and rebuilt.events == live.events
    _assert_same_fork(rebuilt, live, turn_start)
    _assert_same_fork(rebuilt, live, turn_start)  # the rebuilt match is left as it was


class _FedDice:
    """Dice whose state cannot be saved: they hand back given rolls, as a remote mirror's do."""

    def __init__(self, rolls: list[int]) -> None:
        self.feed = rolls
        self.log: list[Roll] = []

    def roll(self, sides: int, label: str = "") -> int:
        value = self.feed[len(self.log)]
        self.log.append(Roll(f"D{sides}", value, label, "fed"))
        return value


def test_a_match_fed_its_rolls_keeps_the_latest_snapshot_for_its_forks() -> None:
    live, turn_start = _late_game()
    fed = _live(False, _FedDice([r.result for r in live.dice.log]))
    fed.keep_latest_snapshot()
    for action in live.actions:
        fed.apply(action)
    _assert_same_fork(fed, live, turn_start)
    last = fed.actions[-1]
    fed.undo()  # without a saveable dice state, undo replays the match from its start
    assert fed.actions == live.actions[:-1]
    fed.apply(last)
    assert fed.state == live.state


def test_a_rebuilt_match_with_snapshots_still_undoes_turn_by_turn() -> None:
    live, _turn_start = _late_game()
    rebuilt = Match.from_dict(live.to_dict())
    last = rebuilt.actions[-1]
    rebuilt.undo()
    rebuilt.apply(last)
    assert rebuilt.state == live.state and rebuilt.events == live.events
