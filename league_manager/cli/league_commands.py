"""``league create|list|settings|upgrade-ruleset|upgrade`` and ``demo``."""

from __future__ import annotations

import argparse

from league_manager.cli.context import CliContext
from league_manager.cli.upgrade_commands import add_upgrade_parser
from league_manager.core.errors import RuleViolation


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``league`` and ``demo`` commands."""
    league = subparsers.add_parser("league", help="create and list leagues")
    sub = league.add_subparsers(dest="league_command", required=True, metavar="COMMAND")
    p = sub.add_parser("create", help="create a league")
    p.add_argument("name")
    p.add_argument("--ruleset", default="bb2020")
    p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                   help="house-rule setting (repeatable), e.g. --set points_win=2")  # fmt: skip
    p.set_defaults(handler=cmd_create)
    p = sub.add_parser("list", help="list leagues")
    p.set_defaults(handler=cmd_list)
    p = sub.add_parser("settings", help="show or change a league's house rules")
    p.add_argument("league")
    p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE")
    p.set_defaults(handler=cmd_settings)
    p = sub.add_parser("upgrade-ruleset", help="move a league on to the ruleset version this program ships")
    p.add_argument("league")
    p.set_defaults(handler=cmd_upgrade)
    add_upgrade_parser(sub)
    p = subparsers.add_parser("demo", help="create the demo league (8 teams of different races)")
    p.set_defaults(handler=cmd_demo)


def _pairs(values: list[str]) -> dict[str, str]:
    out = {}
    for item in values:
        key, sep, value = item.partition("=")
        if not sep:
            raise RuleViolation("--set", f"expected KEY=VALUE, got '{item}'")
        out[key.strip()] = value.strip()
    return out


def cmd_create(args: argparse.Namespace, ctx: CliContext) -> int:
    """Create a league."""
    view = ctx.services().leagues.create_league(args.name, args.ruleset, _pairs(args.set)).value
    return ctx.emit(
        view.to_dict(),
        lambda: f"Created league '{view.name}' ({view.ruleset} {view.ruleset_version})",
    )


def cmd_list(args: argparse.Namespace, ctx: CliContext) -> int:
    """List leagues."""
    leagues = ctx.services().leagues.list_leagues()

    def text() -> str:
        if not leagues:
            return "No leagues yet. Create one with: league-manager league create NAME"
        return "\n".join(f"{lg.id:>3}  {lg.name:<30} {lg.ruleset} {lg.ruleset_version}  {lg.teams} teams"
                         for lg in leagues)  # fmt: skip

    return ctx.emit([lg.to_dict() for lg in leagues], text)


def cmd_settings(args: argparse.Namespace, ctx: CliContext) -> int:
    """Show a league's settings, changing some first when ``--set`` is given."""
    services = ctx.services()
    if args.set:
        view = services.leagues.update_settings(args.league, _pairs(args.set)).value
    else:
        view = services.leagues.get_league(args.league)
    return ctx.emit(dict(view.settings), lambda: "\n".join(f"{k} = {v}" for k, v in view.settings.items()))


def cmd_demo(args: argparse.Namespace, ctx: CliContext) -> int:
    """Create the demo league."""
    services = ctx.services()
    view = services.create_demo().value
    teams = services.teams.list_teams(view.id)
    return ctx.emit(
        {"league": view.to_dict(), "teams": [t.to_dict() for t in teams]},
        lambda: f"Demo league '{view.name}' with {len(teams)} teams in {services.location}",
    )


def cmd_upgrade(args: argparse.Namespace, ctx: CliContext) -> int:
    """Move a league to the current ruleset version."""
    outcome = ctx.services().leagues.upgrade_ruleset(args.league)
    return ctx.emit(outcome.value.to_dict(), lambda: f"{outcome.value.name}: {outcome.changes.description}")
