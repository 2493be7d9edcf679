"""``fixture replay``: the engine's and the board's matches replayed from the command line."""

import json
from pathlib import Path

from league_manager.match.bots import make_bot
from league_manager.services.demo import DEMO_TEAMS
from league_manager.services.facade import Services
from tests.unit.cli.cli_run import run

TEAMS = [name for _race, name, _coach in DEMO_TEAMS]


def test_fixture_replay_reports_an_exact_replay_and_refuses_an_unplayed_fixture(tmp_path: Path) -> None:
    db = tmp_path / "replay.db"
    assert run(db, "demo")[0] == 0
    assert run(db, "season", "create", "Demo League", "R", "--seed", "5")[0] == 0
    assert run(db, "season", "add-teams", "R", *TEAMS[:4])[0] == 0
    assert run(db, "season", "schedule", "R", "--format", "round-robin")[0] == 0
    code, out, _ = run(db, "--json", "season", "fixtures", "R")
    first, second, third = (f["id"] for f in json.loads(out)[:3])
    assert run(db, "fixture", "play", str(first), "--seed", "3")[0] == 0
    code, out, err = run(db, "--json", "fixture", "replay", str(first))
    assert code == 0, err
    report = json.loads(out)
    assert report["source"] == "engine" and report["exact"] is True
    assert report["state_matches"] is True and report["result_matches"] is True
    code, out, _ = run(db, "fixture", "replay", str(first))
    assert code == 0 and "replays exactly" in out
    # a board match abandoned, then played on the engine: the engine's match is the one replayed
    svc = Services.open(db)
    try:
        svc.match_day.pregame(second, seed=2)
        game = svc.board.start(second, seed=4)
        bot = make_bot("random", 1)
        for _ in range(20):
            game.match.apply(bot.choose(game.match))
        svc.board.save(second, game)
        assert svc.replays.replay(second).source == "board"
        svc.board.abandon(second, "power cut")
        svc.match_day.play(second, seed=6)
        assert svc.replays.replay(second).source == "engine"
    finally:
        svc.close()
    code, _, err = run(db, "fixture", "replay", str(third))
    assert code != 0 and "no match day" in err
