"""Where the coach's drives die: turnovers by activation, drives by how they end, draws by why.

Run from the repository root::

    PYTHONPATH=$PWD .venv/bin/python benchmarks/coach_drives.py RACE[,RACE2] GAMES SEED [OTHER_BOT [HOME_BOT]]

Plays ``GAMES`` seeded games of ``HOME_BOT`` (default ``coach``) against ``OTHER_BOT`` (default
``coach``) as ``match duel`` does unswapped (the same teams and match seeds) and counts, for the
home side (both sides in a mirror of one bot):

- turnovers by the activation the bot was playing (the head of its reason; the coach and
  the levels built on it) and by the last failed roll before them;
- drives (the team turns a side has the ball, from gaining it to losing it, scoring, or the
  half's end): how they end, how many team turns they take, how far from the end zone the
  carrier is when a half ends with the drive alive;
- drawn games: no score at all, or level after scoring; halves without a touchdown.
"""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass, field

from league_manager.match import actions as acts
from league_manager.match.bots import make_bot
from league_manager.match.bots.coach_bot import CoachBot
from league_manager.match.engine import Match
from league_manager.match.pitch import NEIGHBOURS, ON_PITCH, W, scoring_x, xy
from league_manager.match.state import STANDING
from league_manager.match.teams import generate_team
from league_manager.rules.loader import load_ruleset

NOT_A_CAUSE = ("armour", "injury", "casualty", "ko_recovery", "regeneration", "apothecary")
"""Failed rolls that follow a fall rather than cause it."""


@dataclass
class TeamTurn:
    """One team turn as the counter saw it."""

    team: int
    half: int
    turn: int
    start_to_go: int
    """Squares from our carrier to the end zone at the turn's first decision (-1: no carrier)."""
    to_go: int = -1
    """The same at the turn's last decision."""
    after: int = -1
    """The same when the other side's next team turn starts."""
    guard: tuple[int, int] = (0, 0)
    """Our standing players on the carrier's diagonal squares, and empty squares next to it."""
    scored: bool = False
    turnover: str = ""
    reasons: list[str] = field(default_factory=list)


def _to_go(match: Match, team: int) -> int:
    s = match.state
    c = s.carrier
    if c < 0 or s.team[c] != team or s.pos[c] < 0:
        return -1
    return abs(xy(s.pos[c])[0] - scoring_x(team))


def _guard(match: Match, team: int) -> tuple[int, int]:
    s = match.state
    c = s.carrier
    if c < 0 or s.team[c] != team or s.pos[c] < 0:
        return (0, 0)
    here = s.pos[c]
    corners = [here + dx + dy * W for dx in (-1, 1) for dy in (-1, 1)]
    ours = 0
    for q in corners:
        mate = s.board[q] if ON_PITCH[q] else -1
        ours += mate >= 0 and s.team[mate] == team and s.status[mate] == STANDING
    empty = sum(1 for q in NEIGHBOURS[here] if s.board[q] < 0)
    return (ours, empty)


def play(
    race: tuple[str, str], games: int, seed: int, other: str, home_bot: str = "coach"
) -> tuple[list[list[TeamTurn]], list[str]]:
    """The games' team turns (one list per game) and the bots' last reasons per turnover."""
    ruleset = load_ruleset("bb2020")
    home = generate_team(ruleset.team(race[0]), seed, prefix="home-")
    away = generate_team(ruleset.team(race[1]), seed + 7919, prefix="away-")
    played: list[list[TeamTurn]] = []
    fails: list[str] = []
    for i in range(games):
        game_seed = seed * 1000 + i
        match = Match(home, away, seed=game_seed, snapshots=False, ruleset=ruleset, allow_inert=True)
        bots = (make_bot(home_bot, game_seed + 1), make_bot(other, game_seed + 2))
        turns: list[TeamTurn] = []
        seen = 0
        last_fail = ""
        while match.prompt is not None:
            prompt = match.prompt
            team = prompt.team
            s = match.state
            if prompt.kind == acts.TURN:
                key = (team, s.half, s.turn[team])
                if not turns or (turns[-1].team, turns[-1].half, turns[-1].turn) != key:
                    if turns:
                        turns[-1].after = _to_go(match, turns[-1].team)
                        turns[-1].guard = _guard(match, turns[-1].team)
                    turns.append(TeamTurn(team, s.half, s.turn[team], _to_go(match, team)))
                turns[-1].to_go = _to_go(match, team)
            action = bots[team].choose(match)
            bot = bots[team]
            if prompt.kind == acts.TURN and isinstance(bot, CoachBot) and action.kind != acts.END_TURN:
                turns[-1].reasons.append(bot.reason.split(":")[0])
            match.apply(action)
            for event in match.events[seen:]:
                if event.success is False and event.kind not in NOT_A_CAUSE:
                    last_fail = event.kind
                if event.kind == "turnover" and turns and turns[-1].team == event.team:
                    turns[-1].turnover = last_fail or "a fall (block, blitz, foul)"
                    fails.append(last_fail)
                if event.kind == "touchdown" and turns and turns[-1].team == event.team:
                    turns[-1].scored = True
                if event.kind in ("turn", "activate"):
                    last_fail = ""
            seen = len(match.events)
        played.append(turns)
    return played, fails


def main() -> None:
    """Play the games and print the counts."""
    races = sys.argv[1].split(",")
    race = (races[0], races[-1])
    games, seed = int(sys.argv[2]), int(sys.argv[3])
    other = sys.argv[4] if len(sys.argv) > 4 else "coach"
    home_bot = sys.argv[5] if len(sys.argv) > 5 else "coach"
    sides = (0, 1) if other == home_bot else (0,)
    played, _fails = play(race, games, seed, other, home_bot)
    by_reason: Counter[str] = Counter()
    by_roll: Counter[str] = Counter()
    ends: Counter[str] = Counter()
    lengths: Counter[int] = Counter()
    half_left: Counter[int] = Counter()
    start_to_go: Counter[int] = Counter()
    draws: Counter[str] = Counter()
    halves: Counter[str] = Counter()
    results: Counter[str] = Counter()
    gains: Counter[int] = Counter()
    guards: Counter[str] = Counter()
    kickoffs: Counter[str] = Counter()
    touchdowns = 0
    for turns in played:
        score = [0, 0]
        for t in turns:
            score[t.team] += t.scored
        touchdowns += sum(score)
        results["W" if score[0] > score[1] else "D" if score[0] == score[1] else "L"] += 1
        if score[0] == score[1]:
            draws["0-0" if score[0] == 0 else "level after scoring"] += 1
        for half in (1, 2):
            n = sum(t.scored for t in turns if t.half == half)
            halves[f"half {half}: {n} TD"] += 1
        receiver = -1
        for i, t in enumerate(turns):
            if i == 0 or turns[i - 1].half != t.half or turns[i - 1].scored:
                receiver = t.team
                kickoffs[f"turn {t.turn}"] += 0
            if t.scored:
                kickoffs[f"{'receiver' if t.team == receiver else 'kicker'} scores, turn {t.turn}"] += 1
            elif i + 1 == len(turns) or turns[i + 1].half != t.half:
                kickoffs["nobody scores"] += 1
        drives: dict[int, list[TeamTurn]] = {0: [], 1: []}
        for i, t in enumerate(turns):
            if t.team in sides and t.turnover:
                head = t.reasons[-1] if t.reasons else "?"
                by_reason[head] += 1
                by_roll[t.turnover] += 1
            has_ball = t.start_to_go >= 0 or t.to_go >= 0 or t.scored
            if t.team not in sides:
                continue
            drive = drives[t.team]
            if t.start_to_go >= 0 and t.after >= 0:
                gains[max(min(t.start_to_go - t.after, 9), -3)] += 1
            if has_ball:
                if not drive:
                    start_to_go[max(t.start_to_go, t.to_go) // 3 * 3] += 1
                drive.append(t)
            if not drive:
                continue
            nxt = next((u for u in turns[i + 1 :] if u.team == t.team), None)
            if t.scored:
                ends["touchdown"] += 1
            elif nxt is None or nxt.half != t.half:
                ends["half ends" if t.to_go >= 0 else "lost, half ends"] += 1
                if t.to_go >= 0:
                    half_left[t.to_go] += 1
            elif nxt.start_to_go < 0:
                ends["lost in our turn" if t.after < 0 else "lost in their turn"] += 1
                if t.after >= 0:
                    guards[f"lost {t.guard}"] += 1
            else:
                guards[f"kept {t.guard}"] += 1
                continue
            lengths[len(drive)] += 1
            drive.clear()
    print(f"{race[0]} v {race[1]} ({home_bot} v {other}), {games} games, seed {seed}")
    wdl = f"{results['W']}-{results['D']}-{results['L']}"
    print(f"  home W-D-L {wdl}, {touchdowns / max(games, 1):.2f} TD a match")
    print("  draws:", dict(draws), " halves:", sorted(halves.items()))
    print("  after each kick-off:", sorted((k, n) for k, n in kickoffs.items() if n))
    print("  drives end:", ends.most_common())
    print("  drive team turns:", sorted(lengths.items()))
    print("  drive starts, squares to go (by 3):", sorted(start_to_go.items()))
    print("  half ends with the ball, squares to go:", sorted(half_left.items()))
    print("  squares gained in a turn with the ball (our turn start -> end):", sorted(gains.items()))
    print("  carrier at their turn (our players on its corners, empty squares next to it):")
    print("   ", sorted(guards.items()))
    print("  turnovers by activation:", by_reason.most_common())
    print("  turnovers by failed roll:", by_roll.most_common())


if __name__ == "__main__":
    main()
