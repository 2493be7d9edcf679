"""``fixture replay``: play a fixture's stored match again from its seed, dice and actions.

Registered after :mod:`league_manager.cli.match_day_commands`, whose ``fixture`` parser it
extends.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, TypeAlias

from league_manager.cli.context import CliContext
from league_manager.cli.match_day_commands import _fixture_subparsers

if TYPE_CHECKING:
    SubParsers: TypeAlias = argparse._SubParsersAction[argparse.ArgumentParser]


def register(subparsers: SubParsers) -> None:
    """Add ``fixture replay``."""
    sub = _fixture_subparsers(subparsers)
    p = sub.add_parser(
        "replay",
        help="replay the fixture's board or engine match and check it reaches the stored state and result",
    )
    p.add_argument("fixture", type=int)
    p.set_defaults(handler=cmd_replay)


def cmd_replay(args: argparse.Namespace, ctx: CliContext) -> int:
    """Replay a fixture's match; exit 1 when it does not reach the stored state or result."""
    report = ctx.services().replays.replay(args.fixture)
    ctx.emit(report.to_dict(), report.summary)
    return 0 if report.exact else 1
