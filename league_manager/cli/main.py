"""The ``league-manager`` command: global options, subcommands, error reporting."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from league_manager import __version__
from league_manager.cli import gui_commands, league_commands, rules_commands, team_commands
from league_manager.cli.context import CliContext
from league_manager.core.errors import LeagueError, RuleViolations
from league_manager.persistence.location import default_database
from league_manager.services.facade import Services

COMMAND_MODULES = (rules_commands, league_commands, team_commands, gui_commands)


def build_parser(
    extra: Sequence[Callable[[argparse._SubParsersAction[argparse.ArgumentParser]], None]] = (),
) -> argparse.ArgumentParser:
    """The argument parser with every command registered."""
    parser = argparse.ArgumentParser(
        prog="league-manager",
        description="League manager for Blood Bowl: leagues, drafts, treasury, SPP, rosters.",
    )
    parser.add_argument("--version", action="version", version=f"league-manager {__version__}")
    parser.add_argument(
        "--db", help="database file or URL (default: $LEAGUE_MANAGER_DB or the user data folder)"
    )
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in COMMAND_MODULES:
        module.register(subparsers)
    for register in extra:
        register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None, ctx: CliContext | None = None) -> int:
    """Run one command; returns the exit code (0 ok, 1 refused, 2 usage)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    ctx = ctx or CliContext()
    ctx.as_json = args.json
    ctx.db = args.db or default_database()
    ctx._open_services = lambda: Services.open(ctx.db or default_database())
    handler = getattr(args, "handler", None)
    if handler is None:
        ctx.print(f"League Manager {__version__} — database: {ctx.db}")
        ctx.print(parser.format_help())
        return 0
    try:
        return int(handler(args, ctx))
    except RuleViolations as exc:
        return ctx.fail("refused:\n" + "\n".join(f"  - {v}" for v in exc.violations))
    except (LeagueError, ValueError) as exc:
        return ctx.fail(str(exc))
    finally:
        if ctx._services is not None:
            ctx._services.close()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
