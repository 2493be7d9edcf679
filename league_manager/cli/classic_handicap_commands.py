"""``fixture talent`` and ``fixture appearance-fee``: the classic (LRB 2004) handicap results that
wait for a coach after the pre-match (That Boy's Got Talent!, Appearance Fee)."""

from __future__ import annotations

import argparse

from league_manager.cli.classic_prematch_text import render_classic_prematch
from league_manager.cli.context import CliContext
from league_manager.cli.subcommands import SubParsers, subcommands


def register(subparsers: SubParsers) -> None:
    """Add the handicap picks to the ``fixture`` command."""
    fixture = subcommands(subparsers, "fixture", "enter results and edit single fixtures")
    p = fixture.add_parser(
        "talent", help="LRB 2004 That Boy's Got Talent!: the position of the player who joins for the match"
    )
    p.add_argument("fixture", type=int)
    p.add_argument("team", help="the team that rolled it")
    p.add_argument("position", help="any position of the team's list (a 17th player is allowed)")
    p.set_defaults(handler=cmd_talent)
    p = fixture.add_parser(
        "appearance-fee", help="LRB 2004 Appearance Fee: whether the team paid its player (after the match)"
    )
    p.add_argument("fixture", type=int)
    p.add_argument("team", help="the team whose player asked for the fee")
    how = p.add_mutually_exclusive_group(required=True)
    how.add_argument("--paid", action="store_true", help="paid from the treasury: he played")
    how.add_argument("--unpaid", action="store_true", help="not paid: he sat in the dugout all match")
    p.set_defaults(handler=cmd_appearance_fee)


def cmd_talent(args: argparse.Namespace, ctx: CliContext) -> int:
    """Name That Boy's Got Talent's position."""
    view = ctx.services().match_day.classic_talent(args.fixture, args.team, args.position).value
    return ctx.emit(view.to_dict(), lambda: render_classic_prematch(view))


def cmd_appearance_fee(args: argparse.Namespace, ctx: CliContext) -> int:
    """Record whether an Appearance Fee was paid."""
    view = ctx.services().match_day.classic_appearance_fee(args.fixture, args.team, paid=args.paid).value
    return ctx.emit(view.to_dict(), lambda: render_classic_prematch(view))
