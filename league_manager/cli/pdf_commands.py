"""The ``pdf`` commands: team rosters, a league's roster book and match sheets as PDF files."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Any

from league_manager.cli.context import CliContext
from league_manager.core.errors import LeagueError
from league_manager.core.files import write_bytes_atomically
from league_manager.reports import (
    PAPERS,
    PageOptions,
    blank_match_sheet_pdf,
    match_sheet_pdf,
    roster_book_pdf,
    roster_pdf,
    season_report_pdf,
)
from league_manager.rules.loader import load_ruleset
from league_manager.rules.model import Ruleset
from league_manager.services.read_models import TeamView

DEFAULT_RULESET = "bb2020"


def register(subparsers: Any) -> None:
    """Add ``pdf roster``, ``pdf rosters``, ``pdf match-sheet`` and ``pdf season`` to the main parser."""
    pdf = subparsers.add_parser(
        "pdf",
        help="printable PDFs: team rosters, league roster books, match sheets, season tables",
        description="Write printable PDFs (A4 or US Letter) with embedded fonts.",
    )
    commands = pdf.add_subparsers(dest="pdf_command", metavar="COMMAND", required=True)

    roster = commands.add_parser(
        "roster", help="one team's roster and reference page", description=_ROSTER_HELP
    )
    roster.add_argument("team", metavar="TEAM", help="team name or id")
    _output_options(roster, landscape=True)
    roster.set_defaults(handler=pdf_roster)

    book = commands.add_parser("rosters", help="a league's roster book with contents", description=_BOOK_HELP)
    book.add_argument("--league", required=True, metavar="L", help="league name")
    book.add_argument("--teams", metavar="T1,T2", help="comma-separated team names (default: every team)")
    _output_options(book, landscape=True)
    book.set_defaults(handler=pdf_rosters)

    sheet = commands.add_parser(
        "match-sheet", help="a match sheet for two teams, or a blank one", description=_SHEET_HELP
    )
    sheet.add_argument("home", metavar="HOME", nargs="?", help="home team name or id")
    sheet.add_argument("away", metavar="AWAY", nargs="?", help="away team name or id")
    sheet.add_argument("--blank", action="store_true", help="a sheet to fill in by hand")
    sheet.add_argument(
        "--ruleset",
        metavar="ID",
        help=f"ruleset of a blank sheet's dice tables (default {DEFAULT_RULESET})",
    )
    _output_options(sheet, landscape=False)
    sheet.set_defaults(handler=pdf_match_sheet)

    season = commands.add_parser(
        "season", help="a season's league table, fixtures and leader boards", description=_SEASON_HELP
    )
    season.add_argument("season", metavar="SEASON", help="season name or id")
    _output_options(season, landscape=False)
    season.set_defaults(handler=pdf_season)


_ROSTER_HELP = (
    "Write a team roster: the roster page (players, characteristics, skills, injuries, SPP, "
    "value, TV/CTV, treasury and staff) and a reference page (the team's skills explained, "
    "and the star players and inducements it may hire)."
)
_BOOK_HELP = (
    "Write every team of a league (or the teams named with --teams) into one PDF with a "
    "contents page and bookmarks; each team takes two pages."
)
_SHEET_HELP = (
    "Write a match sheet for HOME against AWAY: both rosters (players who cannot play struck "
    "through), TV/CTV, petty cash, tally, injury and score boxes, the game record, and the "
    "weather and kick-off tables. With --blank, a sheet to fill in by hand."
)


_SEASON_HELP = (
    "Write a season's league table and fixtures: the standings of each division and overall "
    "with form and the tie-breaker that separated teams level on points, the fixtures and "
    "results by round (byes, forfeits and rulings in words), and the leader boards."
)


def _output_options(parser: argparse.ArgumentParser, *, landscape: bool) -> None:
    parser.add_argument("-o", "--output", required=True, type=Path, metavar="FILE.pdf", help="file to write")
    parser.add_argument("--paper", choices=sorted(PAPERS), default="a4", help="paper size (default a4)")
    if landscape:
        parser.add_argument("--landscape", action="store_true", help="turn the page sideways")


def _options(args: argparse.Namespace) -> PageOptions:
    return PageOptions(args.paper, bool(getattr(args, "landscape", False)))


def _write(ctx: CliContext, path: Path, data: bytes, summary: dict[str, Any], text: str) -> int:
    try:
        write_bytes_atomically(path, data)
    except OSError as exc:
        return ctx.fail(f"cannot write {path}: {exc.strerror or exc}")
    payload = {"output": str(path), "bytes": len(data), **summary}
    return ctx.emit(payload, lambda: f"{text}: {path}")


def _guarded(handler: Callable[[argparse.Namespace, CliContext], int]) -> Any:
    """Turn the errors a user can cause (unknown team, ambiguous name…) into a message."""

    def run(args: argparse.Namespace, ctx: CliContext) -> int:
        try:
            return handler(args, ctx)
        except LeagueError as exc:
            return ctx.fail(str(exc))

    run.__name__ = handler.__name__
    run.__doc__ = handler.__doc__
    return run


def _league_settings(ctx: CliContext, league: str) -> dict[str, object]:
    try:
        return dict(ctx.services().leagues.get_league(league).settings)
    except LeagueError:
        return {}


def _ruleset(ruleset_id: str) -> Ruleset:
    return load_ruleset(ruleset_id)


@_guarded
def pdf_roster(args: argparse.Namespace, ctx: CliContext) -> int:
    """``pdf roster TEAM -o FILE.pdf``: one team's roster."""
    team: TeamView = ctx.services().teams.get_team(args.team)
    data = roster_pdf(
        team,
        _ruleset(team.ruleset),
        options=_options(args),
        settings=_league_settings(ctx, team.league),
        history=ctx.services().history.team_series(team.id),
    )
    summary = {"team": team.name, "players": len(team.players)}
    return _write(ctx, args.output, data, summary, f"Roster of {team.name} written")


@_guarded
def pdf_rosters(args: argparse.Namespace, ctx: CliContext) -> int:
    """``pdf rosters --league L -o FILE.pdf [--teams T1,T2]``: a league's roster book."""
    services = ctx.services()
    league = services.leagues.get_league(args.league)
    summaries = sorted(services.teams.list_teams(league=league.name), key=lambda s: s.name)
    if args.teams:
        by_key = {s.name.lower(): s for s in summaries} | {str(s.id): s for s in summaries}
        wanted = [n.strip() for n in args.teams.split(",") if n.strip()]
        unknown = [n for n in wanted if n.lower() not in by_key]
        if unknown:
            known = ", ".join(s.name for s in summaries) or "none"
            return ctx.fail(f"not in league {league.name}: {', '.join(unknown)} (its teams: {known})")
        summaries = [by_key[n.lower()] for n in wanted]
    teams: list[TeamView] = [services.teams.get_team(s.id) for s in summaries]
    if not teams:
        return ctx.fail(f"league {league.name} has no teams to print")
    data = roster_book_pdf(
        league.name,
        teams,
        _ruleset(league.ruleset),
        options=_options(args),
        settings=dict(league.settings),
    )
    summary = {"league": league.name, "teams": [t.name for t in teams]}
    return _write(ctx, args.output, data, summary, f"Roster book of {league.name} written")


@_guarded
def pdf_match_sheet(args: argparse.Namespace, ctx: CliContext) -> int:
    """``pdf match-sheet HOME AWAY -o FILE.pdf`` or ``pdf match-sheet --blank -o FILE.pdf``."""
    if args.blank:
        if args.home or args.away:
            return ctx.fail("a blank match sheet takes no teams; leave out HOME and AWAY")
        data = blank_match_sheet_pdf(_ruleset(args.ruleset or DEFAULT_RULESET), options=_options(args))
        return _write(ctx, args.output, data, {"blank": True}, "Blank match sheet written")
    if not (args.home and args.away):
        return ctx.fail("name both teams (HOME AWAY), or ask for a --blank sheet")
    if args.ruleset:
        return ctx.fail("--ruleset is only for --blank sheets; teams bring their own ruleset")
    services = ctx.services()
    home: TeamView = services.teams.get_team(args.home)
    away: TeamView = services.teams.get_team(args.away)
    if home.id == away.id:
        return ctx.fail(f"{home.name} cannot play itself")
    data = match_sheet_pdf(home, away, _ruleset(home.ruleset), options=_options(args))
    summary = {"home": home.name, "away": away.name, "blank": False}
    return _write(ctx, args.output, data, summary, f"Match sheet {home.name} v {away.name} written")


@_guarded
def pdf_season(args: argparse.Namespace, ctx: CliContext) -> int:
    """``pdf season SEASON -o FILE.pdf``: the league table, fixtures and leader boards."""
    seasons = ctx.services().seasons
    season = seasons.get_season(args.season)
    league = ctx.services().leagues.get_league(season.league_id)
    try:
        ruleset: Ruleset | None = _ruleset(league.ruleset)
    except LeagueError:
        ruleset = None
    data = season_report_pdf(
        season,
        seasons.standings(season.id),
        seasons.rounds(season.id),
        seasons.leaders(season.id),
        ruleset=ruleset,
        ruleset_version=league.ruleset_version,
        options=_options(args),
        career=seasons.leaders(season.id, scope="career"),
        race=ctx.services().history.standings_race(season.id),
    )
    summary = {"season": season.name, "league": season.league, "fixtures": season.fixtures}
    return _write(ctx, args.output, data, summary, f"League table of {season.name} written")
