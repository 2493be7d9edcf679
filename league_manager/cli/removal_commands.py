"""``team retire|reinstate``, ``season delete`` and ``league delete``: only what has no history goes."""

from __future__ import annotations

import argparse

from league_manager.cli.context import CliContext
from league_manager.cli.subcommands import SubParsers, existing_subcommands


def register(subparsers: SubParsers) -> None:
    """Add the retire/delete subcommands to ``team``, ``season`` and ``league``."""
    team = existing_subcommands(subparsers, "team")
    if team is not None:
        p = team.add_parser(
            "retire", help="delete a team that never played, else retire it (keeping its history)"
        )
        p.add_argument("team")
        p.add_argument("--preview", action="store_true", help="only say what would happen")
        p.set_defaults(handler=cmd_remove, kind="team", target="team")
        p = team.add_parser("reinstate", help="bring a retired team back")
        p.add_argument("team")
        p.set_defaults(handler=cmd_reinstate)
    for kind in ("season", "league"):
        sub = existing_subcommands(subparsers, kind)
        if sub is None:
            continue
        p = sub.add_parser("delete", help=f"delete a {kind} that has no result (one with history stays)")
        p.add_argument(kind)
        p.add_argument("--preview", action="store_true", help="only say what would happen")
        p.set_defaults(handler=cmd_remove, kind=kind, target=kind)


def cmd_remove(args: argparse.Namespace, ctx: CliContext) -> int:
    """Delete (or, for a team with history, retire) a team, season or league."""
    services = ctx.services()
    target = getattr(args, args.target)
    if args.preview:
        plan = services.removal.plan(args.kind, target)
        return ctx.emit(plan.to_dict(), lambda: f"{plan.action}: {plan.reason}")
    done = services.removal.remove(args.kind, target).value
    verb = "retired" if done.action == "retire" else "deleted"
    return ctx.emit(done.to_dict(), lambda: f"{verb} {done.name} ({done.reason})")


def cmd_reinstate(args: argparse.Namespace, ctx: CliContext) -> int:
    """Bring a retired team back."""
    done = ctx.services().removal.reinstate_team(args.team).value
    return ctx.emit(done.to_dict(), lambda: f"reinstated {done.name}")
