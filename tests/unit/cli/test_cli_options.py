"""Global options after the command, and a start that imports only what the command needs."""

import io
import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from league_manager.cli.context import CliContext
from league_manager.cli.main import command_word, main
from league_manager.persistence.revisions import head_revision, known_revisions
from league_manager.services.facade import Services

OLDER = known_revisions()[head_revision()]


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), CliContext(stdout=out, stderr=err))
    return code, out.getvalue(), err.getvalue()


def test_json_and_db_after_the_command(tmp_path: Path) -> None:
    db = tmp_path / "league.db"
    services = Services.open(db)
    services.leagues.create_league("Late Options League")
    services.close()
    for argv in (
        ["league", "list", "--json", "--db", str(db)],
        ["--db", str(db), "league", "list", "--json"],
        ["--json", "league", "list", "--db", str(db)],
        ["league", "--db", str(db), "--json", "list"],
    ):
        code, out, err = run(*argv)
        assert code == 0, err
        assert [lg["name"] for lg in json.loads(out)] == ["Late Options League"], argv


def test_options_before_the_command_still_count(tmp_path: Path) -> None:
    db = tmp_path / "league.db"
    Services.open(db).close()
    code, out, _ = run("--json", "--db", str(db), "league", "list")
    assert code == 0 and json.loads(out) == []


def test_command_word() -> None:
    assert command_word(["--db", "team", "league", "list"]) == "league"
    assert command_word(["--json", "--version"]) is None
    assert command_word(["team", "list"]) == "team"


def probe(*argv: str) -> set[str]:
    code = (
        "import sys\n"
        "from league_manager.__main__ import main\n"
        f"try:\n    main({list(argv)!r})\nexcept SystemExit:\n    pass\n"
        "print(' '.join(sorted(sys.modules)))"
    )
    done = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    return set(done.stdout.strip().splitlines()[-1].split())


def test_version_imports_no_database_or_engine() -> None:
    loaded = probe("--version")
    assert not {"sqlalchemy", "alembic", "reportlab", "league_manager.match.engine", "PySide6"} & loaded


def test_team_list_imports_no_engine_pdf_or_alembic(tmp_path: Path) -> None:
    db = tmp_path / "league.db"
    Services.open(db).close()
    loaded = probe("--db", str(db), "team", "list")
    assert "league_manager.persistence.listing_reader" in loaded  # it does read the database
    assert not {"sqlalchemy", "alembic", "reportlab", "league_manager.match.engine", "PySide6"} & loaded
    with sqlite3.connect(db) as conn:  # a file that needs migrating goes through the services
        conn.execute("UPDATE alembic_version SET version_num = ?", (OLDER,))
    conn.close()
    assert "sqlalchemy" in probe("--db", str(db), "team", "list")


def test_team_list_reads_the_file_as_the_services_do(
    demo_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "demo.db"
    db.write_bytes(demo_file.read_bytes())
    extras = ([], ["--json"], ["--league", "demo league"])
    quick = [run("--db", str(db), "team", "list", *extra) for extra in extras]
    monkeypatch.setattr("league_manager.services.team_list.quick_team_list", lambda *_args: None)
    slow = [run("--db", str(db), "team", "list", *extra) for extra in extras]
    assert quick == slow
    assert "Middenheim Marauders" in quick[0][1]
