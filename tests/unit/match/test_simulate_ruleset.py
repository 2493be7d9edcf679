"""``match simulate --ruleset``: a Season 3 game between Season 3 rosters, an unknown edition refused."""

import argparse
import io
import json

from league_manager.cli.context import CliContext
from league_manager.cli.match_commands import register


def _run(*argv: str) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(list(argv))
    out, err = io.StringIO(), io.StringIO()
    code = args.handler(args, CliContext(as_json=True, stdout=out, stderr=err))
    return code, out.getvalue(), err.getvalue()


def test_simulate_plays_a_season3_game_with_season3_rosters() -> None:
    code, out, err = _run("match", "simulate", "--home", "bretonnian", "--away", "orc", "--ruleset", "bb2025")
    assert code == 0, err
    data = json.loads(out)
    game = data["games"][0]
    assert game["ruleset"] == "bb2025" and game["decisions"] > 0
    positions = {p["position"] for p in data["home"]["players"]}
    assert positions & {"Bretonnian Squire", "Grail Knight", "Bretonnian Knight Catcher"}


def test_simulate_refuses_an_unknown_edition() -> None:
    code, _, err = _run("match", "simulate", "--home", "human", "--away", "orc", "--ruleset", "bb2030")
    assert code == 1 and "unknown ruleset 'bb2030'" in err
