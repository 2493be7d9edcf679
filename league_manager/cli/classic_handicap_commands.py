"""``fixture talent``, ``fixture appearance-fee`` and ``fixture assassin``: the classic (LRB 2004)
handicap results that wait for a coach after the pre-match."""

from __future__ import annotations

import argparse

from league_manager.cli.classic_prematch_text import render_classic_prematch
from league_manager.cli.context import CliContext
from league_manager.cli.subcommands import SubParsers, subcommands
from league_manager.services.match_day.dice import parse_typed


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
    p = fixture.add_parser(
        "assassin", help="LRB 2004 Assassin: the Injury roll against a chosen opposing player"
    )
    p.add_argument("fixture", type=int)
    p.add_argument("player", type=int, help="the opposing player's id (team show lists them)")
    p.add_argument("--apothecary", action="store_true", help="his team spends its Apothecary on a casualty")
    p.add_argument("--seed", type=int, help="seed for the program's dice (default: random)")
    p.add_argument("--typed", metavar="ROLLS", help="physical dice typed in, in order")
    p.set_defaults(handler=cmd_assassin)


def cmd_talent(args: argparse.Namespace, ctx: CliContext) -> int:
    """Name That Boy's Got Talent's position."""
    view = ctx.services().match_day.classic_talent(args.fixture, args.team, args.position).value
    return ctx.emit(view.to_dict(), lambda: render_classic_prematch(view))


def cmd_appearance_fee(args: argparse.Namespace, ctx: CliContext) -> int:
    """Record whether an Appearance Fee was paid."""
    view = ctx.services().match_day.classic_appearance_fee(args.fixture, args.team, paid=args.paid).value
    return ctx.emit(view.to_dict(), lambda: render_classic_prematch(view))


def cmd_assassin(args: argparse.Namespace, ctx: CliContext) -> int:
    """Make the Assassin's Injury roll."""
    view = (
        ctx.services()
        .match_day.classic_assassin(
            args.fixture,
            args.player,
            apothecary=args.apothecary,
            seed=args.seed,
            typed=parse_typed(args.typed),
        )
        .value
    )
    return ctx.emit(view.to_dict(), lambda: render_classic_prematch(view))
