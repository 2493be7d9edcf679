"""``team colours`` and ``team formations``: a team's colours and saved formations on the board."""

from __future__ import annotations

import argparse

from league_manager.cli.context import CliContext
from league_manager.core.errors import RuleViolation


def register_team_board(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``team colours`` and ``team formations`` under the ``team`` command."""
    p = sub.add_parser("colours", help="show or set the team's colours on the match board")
    p.add_argument("team")
    p.add_argument("--primary", help="token colour, #rrggbb")
    p.add_argument("--secondary", help="rim and dugout colour, #rrggbb")
    p.set_defaults(handler=cmd_colours)
    p = sub.add_parser("formations", help="list the team's saved formations, or delete one")
    p.add_argument("team")
    p.add_argument("--delete", metavar="NAME", help="forget the formation of this name")
    p.set_defaults(handler=cmd_formations)


def cmd_colours(args: argparse.Namespace, ctx: CliContext) -> int:
    """Show the team's colours, or set both."""
    board = ctx.services().team_board
    if args.primary is None and args.secondary is None:
        colours = board.colours(args.team)
    elif args.primary is None or args.secondary is None:
        raise RuleViolation("colours", "give both --primary and --secondary")
    else:
        colours = board.set_colours(args.team, args.primary, args.secondary).value
    data = {"primary": colours.primary, "secondary": colours.secondary}
    return ctx.emit(data, lambda: f"primary {colours.primary} · secondary {colours.secondary}")


def cmd_formations(args: argparse.Namespace, ctx: CliContext) -> int:
    """List the saved formations (after deleting one, when asked)."""
    board = ctx.services().team_board
    if args.delete:
        found = board.delete_formation(args.team, args.delete).value
    else:
        found = board.formations(args.team)
    data = [f.to_dict() for f in found]

    def text() -> str:
        if not found:
            return "no saved formations (save one on the board during a set-up)"
        return "\n".join(f"{f.name}: {len(f.spots)} players" for f in found)

    return ctx.emit(data, text)
