"""The ``league-manager`` command: global options, subcommands, error reporting."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence

from league_manager import __version__
from league_manager.cli import (
    file_commands,
    league_commands,
    match_commands,
    match_day_commands,
    pdf_commands,
    player_commands,
    rules_commands,
    season_commands,
    team_commands,
)
from league_manager.cli.context import CliContext
from league_manager.core.errors import LeagueError, RuleViolations
from league_manager.persistence.location import default_database
from league_manager.services.facade import Services

COMMAND_MODULES = (
    rules_commands,
    league_commands,
    team_commands,
    player_commands,
    season_commands,
    pdf_commands,
    match_commands,
    match_day_commands,
    file_commands,
)


Register = Callable[["argparse._SubParsersAction[argparse.ArgumentParser]"], None]
"""A function that adds commands to the parser (command modules and the composition root)."""


def build_parser(extra: Sequence[Register] = ()) -> argparse.ArgumentParser:
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


def main(
    argv: Sequence[str] | None = None,
    ctx: CliContext | None = None,
    *,
    extra: Sequence[Register] = (),
    no_command: Callable[[CliContext], int] | None = None,
) -> int:
    """Run one command; returns the exit code (0 ok, 1 refused, 2 usage).

    Args:
        argv: the arguments (default: the process's).
        ctx: output settings (tests pass their own streams).
        extra: command registrations from layers above (the composition root adds ``gui``).
        no_command: what to do without a command (the desktop app); else status and help.
    """
    parser = build_parser(extra)
    args = parser.parse_args(argv)
    ctx = ctx or CliContext()
    ctx.as_json = args.json
    ctx.db = args.db or default_database()
    ctx._open_services = lambda: Services.open(ctx.db or default_database())
    handler = getattr(args, "handler", None)
    if handler is None and no_command is not None:
        handler = lambda _args, context: no_command(context)  # noqa: E731
    if handler is None:
        ctx.print(f"League Manager {__version__} — database: {ctx.db}")
        ctx.print(parser.format_help())
        return 0
    try:
        return int(handler(args, ctx))
    except RuleViolations as exc:
        return ctx.fail("refused:\n" + "\n".join(f"  - {v}" for v in exc.violations))
    except LeagueError as exc:
        return ctx.fail(str(exc))
    except BrokenPipeError:  # output piped into `head` and the like: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    finally:
        if ctx._services is not None:
            ctx._services.close()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
