"""Run the command line in-process for tests: exit code, standard output and standard error."""

from __future__ import annotations

import io
import json
from pathlib import Path

from league_manager.cli.context import CliContext
from league_manager.cli.main import main


def run(db: Path, *argv: str) -> tuple[int, str, str]:
    """``league-manager --db DB ARGV...`` in this process: (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    code = main(["--db", str(db), *argv], CliContext(stdout=out, stderr=err))
    return code, out.getvalue(), err.getvalue()


def ok_json(db: Path, *argv: str) -> object:
    """The parsed ``--json`` output of a command that must succeed."""
    code, out, err = run(db, "--json", *argv)
    assert code == 0, err
    return json.loads(out)
