"""``match host`` and ``match join`` refusals from the command line (the whole match over the
network is played by tests/unit/remote/test_remote_match.py)."""

import io
from pathlib import Path

from league_manager.cli.context import CliContext
from league_manager.cli.main import main
from league_manager.services.facade import Services


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), CliContext(stdout=out, stderr=err))
    return code, out.getvalue(), err.getvalue()


def test_join_without_a_server_and_host_over_a_foreign_board_match_are_refused(
    season: Services, tmp_path: Path
) -> None:
    code, _, err = run("match", "join", "127.0.0.1:9", "--code", "abc")
    assert code == 1 and "nothing is listening at 127.0.0.1:9 (the connection was refused)" in err
    fixture = season.seasons.fixtures("S")[0].id
    assert fixture is not None
    season.match_day.pregame(fixture, seed=1)
    season.board.start(fixture, seed=2)  # a board match at this table, not a remote one
    db = str(season.engine.url.database)
    keys = tmp_path / "keys.json"
    code, _, err = run("--db", db, "match", "host", str(fixture), "--port", "0", "--keys", str(keys))
    assert code == 1 and "already has a board match in progress" in err


def test_serve_needs_at_least_one_worker(tmp_path: Path) -> None:
    code, _, err = run("--db", str(tmp_path / "x.db"), "match", "serve", "--workers", "0")
    assert code == 1 and "--workers must be at least 1" in err
