"""Import and export on the command line: ``export``/``import`` of our league JSON and
``season export-csv|export-naf``, ``team export-obblm`` (this module registers after
``season_commands`` and ``team_commands`` and adds to them)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

from league_manager.cli.context import CliContext
from league_manager.cli.subcommands import subcommands

if TYPE_CHECKING:
    SubParsers: TypeAlias = argparse._SubParsersAction[argparse.ArgumentParser]


def register(subparsers: SubParsers) -> None:
    """Add ``export``, ``import``, ``season export-csv|export-naf`` and ``team export-obblm``."""
    p = subparsers.add_parser("export", help="write a whole league to our JSON file (lossless)")
    p.add_argument("league", help="league name or id")
    p.add_argument("-o", "--output", type=Path, required=True, help="the JSON file to write")
    p.set_defaults(handler=cmd_export)
    p = subparsers.add_parser("import", help="read a league JSON file into a new league (all or nothing)")
    p.add_argument("file", type=Path, help="a file written by 'export'")
    p.add_argument("--as", dest="name", help="the new league's name (default: the name in the file)")
    p.set_defaults(handler=cmd_import)
    season = subcommands(subparsers, "season", "seasons, fixtures and standings")
    p = season.add_parser("export-csv", help="standings, leader boards and player statistics as CSV files")
    p.add_argument("season", help="season name or id")
    p.add_argument("-o", "--output", type=Path, required=True, help="the folder to write into")
    p.set_defaults(handler=cmd_season_export_csv)
    p = season.add_parser("export-naf", help="the season's games as a NAF tournament report (XML)")
    p.add_argument("season", help="season name or id")
    p.add_argument("-o", "--output", type=Path, required=True, help="the XML file to write")
    p.set_defaults(handler=cmd_season_export_naf)
    team = subcommands(subparsers, "team", "teams")
    p = team.add_parser("export-obblm", help="a team as OBBLM/NAFLM team XML")
    p.add_argument("team", help="team name or id")
    p.add_argument("--league", help="the team's league (when names repeat)")
    p.add_argument("-o", "--output", type=Path, required=True, help="the XML file to write")
    p.set_defaults(handler=cmd_team_export_obblm)
    p = team.add_parser(
        "import",
        help="a team from a file (ours, docs/team-from-file.md; OBBLM team XML; FUMBBL team JSON) "
        "or a BBRoster roster code",
    )
    p.add_argument("file", help="the team file, or a BBRoster roster code (quote it)")
    p.add_argument("--league", required=True, help="the league the team joins")
    p.add_argument("--coach", help="the coach (default: the file's, or 'Imported coach')")
    p.add_argument("--yes", action="store_true", help="create it (without: only show what would be created)")
    p.set_defaults(handler=cmd_team_import)


def cmd_export(args: argparse.Namespace, ctx: CliContext) -> int:
    """Write the league file."""
    written = ctx.services().league_export.export_file(args.league, args.output)
    return ctx.emit({"league": args.league, "file": str(written)}, lambda: f"wrote {written}")


def cmd_import(args: argparse.Namespace, ctx: CliContext) -> int:
    """Import a league file as a new league."""
    services = ctx.services()
    league_id = services.league_export.import_file(args.file, args.name)
    view = services.leagues.get_league(league_id)
    return ctx.emit(view.to_dict(), lambda: f"imported league '{view.name}' ({view.teams} teams)")


def cmd_season_export_csv(args: argparse.Namespace, ctx: CliContext) -> int:
    """Write the season's CSV files."""
    files = ctx.services().season_csv.export_csv(args.season, args.output)
    return ctx.emit({"files": [str(f) for f in files]}, lambda: "\n".join(f"wrote {f}" for f in files))


def cmd_season_export_naf(args: argparse.Namespace, ctx: CliContext) -> int:
    """Write the season's NAF report."""
    written = ctx.services().naf_report.export_naf(args.season, args.output)
    return ctx.emit({"file": str(written)}, lambda: f"wrote {written}")


def cmd_team_export_obblm(args: argparse.Namespace, ctx: CliContext) -> int:
    """Write the team's OBBLM XML."""
    written = ctx.services().obblm_team.export_obblm(args.team, args.output, args.league)
    return ctx.emit({"file": str(written)}, lambda: f"wrote {written}")


def cmd_team_import(args: argparse.Namespace, ctx: CliContext) -> int:
    """Show what a team file would create; create it with ``--yes``."""
    services = ctx.services()
    preview = services.team_files.preview(args.league, args.file, args.coach)
    paper = preview.team.paper
    lines = [
        f"{preview.team.source}: '{paper['name']}' ({paper['race']}), coach {paper['coach']},"
        f" {len(paper['players'])} players, treasury {paper['treasury']:,} gp"
    ]
    lines += [f"  {p['number']:>2} {p['name']} ({p['position']})" for p in paper["players"]]
    lines += [f"  note: {n}" for n in preview.team.notes]
    lines += [f"  refused: {p}" for p in preview.problems]
    data: dict[str, Any] = {"paper": paper, "notes": preview.team.notes, "problems": list(preview.problems)}
    data["created"] = None
    if preview.problems:
        ctx.emit(data, lambda: "\n".join(lines))
        return ctx.fail("the league's rules refuse this team; nothing was created")
    if not args.yes:
        lines.append("nothing created: run again with --yes to create it")
        return ctx.emit(data, lambda: "\n".join(lines))
    view = services.team_files.create(args.league, args.file, args.coach)
    data["created"] = view.id
    lines.append(f"created team '{view.name}' (id {view.id})")
    return ctx.emit(data, lambda: "\n".join(lines))
