"""Adding subcommands to a command another module registered (``season export-csv``...).

Only the modules a command line needs are imported (``cli.main.COMMANDS``), so a module
that adds to ``team``, ``season`` or ``fixture`` finds that command's subparsers here.
"""

from __future__ import annotations

import argparse
from typing import TypeAlias

SubParsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


def existing_subcommands(subparsers: SubParsers, name: str) -> SubParsers | None:
    """The subcommands of the command ``name``; None when that command is not loaded."""
    parser = subparsers.choices.get(name)
    for action in parser._actions if parser is not None else ():
        if isinstance(action, argparse._SubParsersAction):
            return action
    return None


def subcommands(subparsers: SubParsers, name: str, help_text: str) -> SubParsers:
    """The subcommands of the command ``name``, the command created when missing."""
    found = existing_subcommands(subparsers, name)
    if found is not None:
        return found
    parent = subparsers.choices.get(name) or subparsers.add_parser(name, help=help_text)
    return parent.add_subparsers(dest=f"{name}_command", required=True, metavar="COMMAND")
