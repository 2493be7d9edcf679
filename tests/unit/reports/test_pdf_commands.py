"""The ``pdf`` CLI commands over a stand-in service facade (no database)."""

from __future__ import annotations

import argparse
import io
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from report_factories import make_team, pdf_text

from league_manager.cli.context import CliContext
from league_manager.cli.pdf_commands import register
from league_manager.core.errors import NotFound
from league_manager.services.history_models import TeamPoint, TeamSeries
from league_manager.services.read_models import LeagueView, TeamSummary, TeamView

TEAMS = {
    1: make_team("Reikland Reavers", id=1),
    2: make_team("Gouged Eye", id=2, current_team_value=1_200_000),
    3: make_team("Elsewhere United", id=3, league="Other League", league_id=2),
}


def summary(team: TeamView) -> TeamSummary:
    return TeamSummary(
        id=team.id, name=team.name, race=team.race, race_id=team.race_id, league=team.league,
        league_id=team.league_id, coach=team.coach, team_value=team.team_value,
        current_team_value=team.current_team_value, treasury=team.treasury, rerolls=team.rerolls,
        players=len(team.players), players_available=team.players_available,
    )  # fmt: skip


class FakeTeams:
    def get_team(self, team: str | int) -> TeamView:
        for view in TEAMS.values():
            if str(team) in {str(view.id), view.name.lower(), view.name}:
                return view
        raise NotFound(f"no team '{team}'")

    def list_teams(self, league: str | None = None) -> list[TeamSummary]:
        return [summary(t) for t in TEAMS.values() if league in {None, t.league}]


class FakeLeagues:
    def get_league(self, name: str) -> LeagueView:
        if name.lower() != "old world cup":
            raise NotFound(f"no league '{name}'")
        return LeagueView(1, "Old World Cup", "bb2020", "2025.05", {}, 2)


class FakeHistory:
    def team_series(self, team: str | int) -> TeamSeries:
        view = FakeTeams().get_team(team)
        return TeamSeries(view.id, view.name, (TeamPoint("Start", None, None, view.treasury, 1),))


@dataclass
class FakeServices:
    teams: FakeTeams = field(default_factory=FakeTeams)
    leagues: FakeLeagues = field(default_factory=FakeLeagues)
    history: FakeHistory = field(default_factory=FakeHistory)


def run(*argv: str) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser(prog="league-manager")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    ctx = CliContext(as_json=False, stdout=io.StringIO(), stderr=io.StringIO(), _open_services=FakeServices)
    code = args.handler(args, ctx)
    assert isinstance(ctx.stdout, io.StringIO) and isinstance(ctx.stderr, io.StringIO)
    return code, ctx.stdout.getvalue(), ctx.stderr.getvalue()


def test_roster_command_writes_the_pdf(tmp_path: Path) -> None:
    out = tmp_path / "reavers.pdf"

    code, stdout, _ = run("pdf", "roster", "Reikland Reavers", "-o", str(out), "--paper", "letter")

    assert code == 0
    assert str(out) in stdout
    pages = pdf_text(out.read_bytes())
    assert "Reikland Reavers" in pages[0]
    assert len(pages) == 2


def test_rosters_command_writes_the_league_book(tmp_path: Path) -> None:
    out = tmp_path / "book.pdf"

    code, _, _ = run("pdf", "rosters", "--league", "Old World Cup", "-o", str(out))

    assert code == 0
    pages = pdf_text(out.read_bytes())
    assert len(pages) == 5  # contents + two teams; the other league's team is left out
    assert "Elsewhere United" not in pages[0]
    assert pages[0].index("Gouged Eye") < pages[0].index("Reikland Reavers")


def test_rosters_command_takes_a_team_list(tmp_path: Path) -> None:
    out = tmp_path / "book.pdf"

    code, _, _ = run(
        "pdf", "rosters", "--league", "old world cup", "--teams", "reikland reavers", "-o", str(out)
    )

    assert code == 0
    assert len(pdf_text(out.read_bytes())) == 3


def test_rosters_command_refuses_teams_of_other_leagues(tmp_path: Path) -> None:
    code, _, stderr = run(
        "pdf", "rosters", "--league", "Old World Cup", "--teams", "Elsewhere United",
        "-o", str(tmp_path / "x.pdf"),
    )  # fmt: skip

    assert code == 1
    assert "not in league Old World Cup: Elsewhere United" in stderr
    assert not (tmp_path / "x.pdf").exists()


def test_match_sheet_command(tmp_path: Path) -> None:
    out = tmp_path / "sheet.pdf"

    code, _, _ = run("pdf", "match-sheet", "Reikland Reavers", "Gouged Eye", "-o", str(out))

    assert code == 0
    front = pdf_text(out.read_bytes())[0]
    assert "Reikland Reavers" in front and "Gouged Eye" in front


def test_blank_match_sheet_command(tmp_path: Path) -> None:
    out = tmp_path / "blank.pdf"

    code, _, _ = run("pdf", "match-sheet", "--blank", "-o", str(out))

    assert code == 0
    assert "Weather" in pdf_text(out.read_bytes())[1]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["Reikland Reavers", "--blank"], "a blank match sheet takes no teams"),
        (["Reikland Reavers"], "name both teams"),
        (["Reikland Reavers", "Reikland Reavers"], "cannot play itself"),
        (["Reikland Reavers", "Nobody"], "no team 'Nobody'"),
    ],
)
def test_match_sheet_command_refuses_bad_requests(tmp_path: Path, argv: list[str], message: str) -> None:
    code, _, stderr = run("pdf", "match-sheet", *argv, "-o", str(tmp_path / "x.pdf"))

    assert code == 1
    assert message in stderr


def test_json_output_names_the_file(tmp_path: Path) -> None:
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers(dest="command"))
    out = tmp_path / "r.pdf"
    args = parser.parse_args(["pdf", "roster", "1", "-o", str(out), "--landscape"])
    stdout = io.StringIO()
    ctx = CliContext(as_json=True, stdout=stdout, _open_services=FakeServices)

    assert args.handler(args, ctx) == 0

    data: dict[str, Any] = json.loads(stdout.getvalue())
    assert data["output"] == str(out)
    assert data["team"] == "Reikland Reavers"
    assert data["bytes"] == out.stat().st_size


def test_a_full_disk_keeps_the_older_pdf(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import errno

    from league_manager.core import files

    out = tmp_path / "reavers.pdf"
    out.write_bytes(b"%PDF older, good")

    def full(_path: Path) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files, "fsync_file", full)
    code, _, stderr = run("pdf", "roster", "Reikland Reavers", "-o", str(out))
    assert code == 1 and "No space left on device" in stderr
    assert out.read_bytes() == b"%PDF older, good"
    assert [p.name for p in tmp_path.iterdir()] == ["reavers.pdf"]
