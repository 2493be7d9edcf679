"""``player star-roll ID --undo --reason TEXT``: take back a classic (LRB 2004) Star Player pick."""

from __future__ import annotations

import argparse

from league_manager.cli.context import CliContext
from league_manager.cli.team_commands import render_team
from league_manager.core.errors import RuleViolation


def run_star_pick_undo(args: argparse.Namespace, ctx: CliContext) -> int:
    """Take back the player's latest Star Player pick and print the team.

    Raises:
        RuleViolation: ``--reason`` without ``--undo`` (or the reverse).
    """
    if not args.undo:
        raise RuleViolation("Star Player roll", "--reason goes with --undo (why the pick is taken back)")
    if not (args.reason or "").strip():
        raise RuleViolation("Star Player roll", "--undo needs --reason TEXT (kept on the fixture's record)")
    outcome = ctx.services().advancement.undo_star_roll(args.player, args.reason)
    player = next(p for p in outcome.value.players if p.id == args.player)
    head = f"{outcome.changes.description}; pick again with player star-roll {args.player} --skill NAME"
    return ctx.emit(
        {"player": player.to_dict(), "change": outcome.changes.description},
        lambda: head + "\n\n" + render_team(outcome.value),
    )
