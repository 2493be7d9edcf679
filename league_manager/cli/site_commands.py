"""The ``site publish`` command: a league's static website in a folder."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from league_manager.cli.context import CliContext
from league_manager.core.errors import LeagueError
from league_manager.reports.site import PublishReport, publish_site

_PUBLISH_HELP = (
    "Write the league's website into DIR: a home page (teams, the current table, latest results), "
    "a page per season, fixture, team and player, career leader boards, one stylesheet and the "
    "league, teams and fixtures as JSON. Links are relative, so the folder works from disk or on "
    "any static host. Publishing again rewrites only the files that changed."
)


def register(subparsers: Any) -> None:
    """Add ``site publish`` to the main parser."""
    site = subparsers.add_parser(
        "site", help="a league's static website", description="Publish a league as a static website."
    )
    commands = site.add_subparsers(dest="site_command", metavar="COMMAND", required=True)
    publish = commands.add_parser(
        "publish", help="write or update a league's website", description=_PUBLISH_HELP
    )
    publish.add_argument("league", metavar="LEAGUE", help="league name or id")
    publish.add_argument("-o", "--output", required=True, type=Path, metavar="DIR", help="folder to write")
    publish.set_defaults(handler=site_publish)


def site_publish(args: argparse.Namespace, ctx: CliContext) -> int:
    """``site publish LEAGUE -o DIR``: write the website, report files written and unchanged."""
    league: str | int = int(args.league) if str(args.league).isdigit() else args.league
    try:
        report = publish_site(ctx.services(), league, args.output)
    except LeagueError as exc:
        return ctx.fail(str(exc))
    except OSError as exc:
        return ctx.fail(f"cannot write {args.output}: {exc.strerror or exc}")
    return ctx.emit(report.to_dict(), lambda: _text(report))


def _text(report: PublishReport) -> str:
    return (
        f"Website of {report.league} published to {report.folder}: {report.files} files, "
        f"{report.written} written, {report.unchanged} unchanged ({report.seconds:.2f} s). "
        f"Open {report.folder / 'index.html'}"
    )
