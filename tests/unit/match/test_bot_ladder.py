"""The bot ladder: every level plays legal actions, a seed replays the same game, the duel
command's summary and the ``match bots`` listing; a match the bots cannot end stops with an
error."""

import argparse
import csv
import io
import json
from pathlib import Path

import pytest

from league_manager.cli.context import CliContext
from league_manager.cli.match_commands import register
from league_manager.match import bots as bots_module
from league_manager.match.actions import Action
from league_manager.match.bots import BOT_NAMES, BotStalled, make_bot, play
from league_manager.match.bots.duel import GameLine, percentile, summary, wilson
from league_manager.match.engine import Match
from league_manager.match.teams import generate_team
from league_manager.rules.loader import load_ruleset

DECISIONS = 500
"""A short stretch of a game (a few turns of each team) keeps the tests fast."""


def _stretch(level: str, opponent: str, seed: int, races: tuple[str, str] = ("human", "orc")) -> list[Action]:
    ruleset = load_ruleset("bb2020")
    home = generate_team(ruleset.team(races[0]), seed, prefix="home-")
    away = generate_team(ruleset.team(races[1]), seed + 1, prefix="away-")
    match = Match(home, away, seed=seed, snapshots=False, ruleset=ruleset, allow_inert=True)
    bots = (make_bot(level, seed + 1), make_bot(opponent, seed + 2))
    played: list[Action] = []
    while match.prompt is not None and len(played) < DECISIONS:
        prompt = match.prompt
        action = bots[prompt.team].choose(match)
        assert match.is_legal(action), (level, prompt.kind, action)
        match.apply(action)
        played.append(action)
    return played


@pytest.mark.parametrize("level", ["rookie", "coach"])
def test_a_level_plays_only_legal_actions_and_a_seed_replays_the_game(level: str) -> None:
    first = _stretch(level, "greedy", 11)
    assert len(first) == DECISIONS
    assert _stretch(level, "greedy", 11) == first


def test_the_coach_plays_legal_actions_against_itself_with_other_races() -> None:
    played = _stretch("coach", "coach", 5, ("woodelf", "dwarf"))
    assert len(played) == DECISIONS
    assert any(a.kind == "activate_block" or a.kind == "activate_blitz" for a in played)


def test_the_rookie_blunders_where_the_greedy_bot_would_not() -> None:
    assert _stretch("rookie", "greedy", 3) != _stretch("greedy", "greedy", 3)


def test_every_level_is_made_by_name_and_an_unknown_one_refused() -> None:
    assert BOT_NAMES[:2] == ("random", "rookie") and "coach" in BOT_NAMES
    for name in BOT_NAMES:
        assert hasattr(make_bot(name, 1), "choose")
    with pytest.raises(ValueError, match="unknown bot 'legendary'"):
        make_bot("legendary", 1)


def test_the_summary_counts_results_touchdowns_and_decision_times() -> None:
    lines = [
        GameLine(1, 1000, True, 2, 0, 1, 0, 3, 5, 100, 1.0),
        GameLine(2, 1000, False, 1, 1, 0, 2, 4, 4, 100, 1.0),
        GameLine(3, 1001, True, 0, 1, 0, 0, 6, 2, 100, 1.0),
        GameLine(4, 1001, False, 3, 1, 2, 1, 1, 7, 100, 2.5),
    ]
    f = summary(lines, [1.0, 2.0, 3.0, 40.0])
    assert (f["games"], f["wins"], f["draws"], f["losses"]) == (4, 2, 1, 1)
    assert f["td_for_per_game"] == 1.5 and f["td_against_per_game"] == 0.75 and f["td_per_match"] == 2.25
    assert f["cas_for_per_game"] == 0.75 and f["turnovers_against_per_game"] == 4.5
    assert f["decision_ms"] == {"p50": 2.0, "p95": 40.0, "max": 40.0}
    assert f["points_share"] == 0.625 and f["match_seconds_max"] == 2.5
    low, high = f["win_rate_95"]
    assert 0.1 < low < 0.5 < high < 0.95


def test_the_wilson_interval_and_percentiles() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(97, 100)
    assert 0.91 < low < 0.97 < high < 0.995
    assert percentile([], 0.5) == 0.0 and percentile([5.0, 1.0, 3.0], 0.5) == 3.0


def _run(*argv: str) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(list(argv))
    out, err = io.StringIO(), io.StringIO()
    code = args.handler(args, CliContext(as_json=True, stdout=out, stderr=err))
    return code, out.getvalue(), err.getvalue()


def test_match_bots_lists_each_level_with_a_description() -> None:
    code, out, _ = _run("match", "bots")
    data = json.loads(out)
    assert code == 0 and [d["name"] for d in data] == list(BOT_NAMES)
    assert all(d["description"] for d in data)


def test_match_duel_plays_swapped_seeds_and_writes_a_csv(tmp_path: Path) -> None:
    target = tmp_path / "duel.csv"
    argv = ("match", "duel", "--home-bot", "greedy", "--away-bot", "random", "--games", "1", "--seed", "2")
    code, out, err = _run(*argv, "--swap", "--teams", "halfling,halfling", "--csv", str(target))
    assert code == 0, err
    data = json.loads(out)
    assert data["summary"]["games"] == 2 and data["teams"] == ["halfling", "halfling"]
    with target.open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert [r["a_side"] for r in rows] == ["home", "away"] and rows[0]["seed"] == rows[1]["seed"]


def test_match_duel_refuses_bad_teams_and_game_counts() -> None:
    base = ("match", "duel", "--home-bot", "greedy", "--away-bot", "random")
    assert _run(*base, "--teams", "human")[0] == 1
    assert _run(*base, "--games", "0")[0] == 1
    code, _, err = _run(*base, "--teams", "human,nobody", "--games", "1")
    assert code == 1 and err


class _Dither:
    """A bot that never ends its set-up: it picks the same preset again and again."""

    def choose(self, match: Match) -> Action:
        prompt = match.prompt
        assert prompt is not None
        return next((a for a in prompt.options if a.kind == "formation"), prompt.options[0])


def test_a_stalled_bots_match_stops_with_an_error_naming_its_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    ruleset = load_ruleset("bb2020")
    home = generate_team(ruleset.team("human"), 1, prefix="home-")
    away = generate_team(ruleset.team("orc"), 2, prefix="away-")
    match = Match(home, away, seed=5, snapshots=False, ruleset=ruleset, allow_inert=True)
    monkeypatch.setattr(bots_module, "MOST_DECISIONS", 300)
    with pytest.raises(BotStalled, match=r"dice seed 5\) did not end in 300 decisions; last: formation"):
        play(match, (_Dither(), _Dither()))
    code, _, err = _run("match", "simulate", "--home", "human", "--away", "orc", "--games", "1")
    assert code == 1 and "did not end in 300 decisions" in err  # a real game is longer than 300
