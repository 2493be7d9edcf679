"""The ``league-manager`` command: global options, subcommands, error reporting."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from league_manager import __version__
from league_manager.cli.context import CliContext
from league_manager.core.errors import LeagueError, RuleViolations
from league_manager.core.system_errors import describe_system_error
from league_manager.core.urls import mask_password
from league_manager.persistence.location import default_database

if TYPE_CHECKING:
    from league_manager.services.facade import Services

COMMAND_MODULES = (
    "rules_commands",
    "league_commands",
    "team_commands",
    "player_commands",
    "season_commands",
    "pdf_commands",
    "match_commands",
    "match_day_commands",
    "replay_commands",
    "file_commands",
    "league_rules_commands",
    "removal_commands",
    "share_commands",
    "site_commands",
    "event_commands",
    "event_progress_commands",
    "interop_commands",
    "redraft_commands",
    "classic_commands",
    "classic_tournament_commands",
    "classic_handicap_commands",
)
"""Modules under ``league_manager.cli`` that register commands, in registration order."""

COMMANDS = {
    "rulesets": ("rules_commands",),
    "races": ("rules_commands",),
    "league": ("league_commands", "removal_commands"),
    "demo": ("league_commands",),
    "team": ("team_commands", "removal_commands", "interop_commands", "redraft_commands"),
    "player": ("player_commands",),
    "ledger": ("player_commands",),
    "season": (
        "season_commands",
        "league_rules_commands",
        "removal_commands",
        "interop_commands",
        "classic_commands",
        "classic_tournament_commands",
    ),
    "fixture": (
        "season_commands",
        "match_day_commands",
        "replay_commands",
        "league_rules_commands",
        "classic_commands",
        "classic_handicap_commands",
    ),
    "adjust": ("league_rules_commands",),
    "pdf": ("pdf_commands",),
    "match": ("match_commands",),
    "backup": ("file_commands",),
    "restore": ("file_commands",),
    "db": ("file_commands",),
    "share": ("share_commands",),
    "site": ("site_commands",),
    "event": ("event_commands", "event_progress_commands"),
    "export": ("interop_commands",),
    "import": ("interop_commands",),
}
"""Which modules register each command: only those are imported to run it (a fast start)."""

GLOBAL_OPTIONS_WITH_VALUE = ("--db",)
DB_HELP = "database file or URL (default: $LEAGUE_MANAGER_DB or the user data folder)"

Register = Callable[["argparse._SubParsersAction[argparse.ArgumentParser]"], None]
"""A function that adds commands to the parser (command modules and the composition root)."""


def command_word(argv: Sequence[str]) -> str | None:
    """The command named in ``argv`` (the first word that is not a global option), if any."""
    words = iter(argv)
    for word in words:
        if word in GLOBAL_OPTIONS_WITH_VALUE:
            next(words, None)
        elif not word.startswith("-"):
            return word
    return None


def _modules_for(argv: Sequence[str], has_default: bool) -> tuple[str, ...]:
    """The command modules needed to parse ``argv``: all of them for help and for errors."""
    word = command_word(argv)
    asks_help = any(a in {"-h", "--help"} for a in argv)
    if word in COMMANDS:
        return COMMANDS[word]
    if word is None and not asks_help and (has_default or "--version" in argv):
        return ()
    return COMMAND_MODULES


def _add_global_options(parser: argparse.ArgumentParser, *, top: bool) -> None:
    """``--db`` and ``--json``: before the command, or after it (as users type them)."""
    default_db = None if top else argparse.SUPPRESS
    default_json = False if top else argparse.SUPPRESS
    if "--db" not in parser._option_string_actions:
        parser.add_argument("--db", default=default_db, help=DB_HELP)
    if "--json" not in parser._option_string_actions:
        parser.add_argument(
            "--json", action="store_true", default=default_json, help="machine-readable output"
        )


def _every_subparser(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in dict.fromkeys(action.choices.values()):
                found.append(child)
                found.extend(_every_subparser(child))
    return found


def build_parser(
    extra: Sequence[Register] = (), modules: Sequence[str] = COMMAND_MODULES
) -> argparse.ArgumentParser:
    """The argument parser with the commands of ``modules`` (default: every command) registered."""
    parser = argparse.ArgumentParser(
        prog="league-manager",
        description="League manager for Blood Bowl: leagues, drafts, treasury, SPP, rosters.",
    )
    parser.add_argument("--version", action="version", version=f"league-manager {__version__}")
    _add_global_options(parser, top=True)
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in modules:
        importlib.import_module(f"league_manager.cli.{name}").register(subparsers)
    for register in extra:
        register(subparsers)
    for child in _every_subparser(parser):
        _add_global_options(child, top=False)
    return parser


def _open_services(db: str) -> Services:
    from league_manager.services.facade import Services

    return Services.open(db)


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
    arguments = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(extra, _modules_for(arguments, no_command is not None))
    args = parser.parse_args(arguments)
    ctx = ctx or CliContext()
    ctx.as_json = args.json
    ctx.db = args.db or default_database()
    ctx._open_services = lambda: _open_services(ctx.db or default_database())
    handler = getattr(args, "handler", None)
    if handler is None and no_command is not None:
        handler = lambda _args, context: no_command(context)  # noqa: E731
    if handler is None:
        ctx.print(f"League Manager {__version__} — database: {mask_password(ctx.db)}")
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
    except Exception as exc:  # a system error (locked file, full disk…) is told, not traced
        sentence = describe_system_error(exc)
        if sentence is None:
            raise
        return ctx.fail(sentence)
    finally:
        if ctx._services is not None:
            ctx._services.close()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
