"""``season classic-tournament|classic-close``: name a classic (LRB 2004) season's tournament (a
Major or a minor one with its prizes) and close it (prize money, the Majors' rolls, the trophy)."""

from __future__ import annotations

import argparse

from league_manager.cli.context import CliContext
from league_manager.cli.subcommands import SubParsers, subcommands
from league_manager.core.money import format_gold
from league_manager.rules.classic_tournaments.tables import MAJORS
from league_manager.services.classic_tournaments import TournamentView
from league_manager.services.match_day.dice import parse_typed


def register(subparsers: SubParsers) -> None:
    """Add the classic tournament commands to the ``season`` command."""
    season = subcommands(subparsers, "season", "seasons: teams, schedule, fixtures, standings")
    p = season.add_parser(
        "classic-tournament",
        help="name an LRB 2004 season's tournament: a Major (before the final) or a minor one, its prizes",
    )
    p.add_argument("season")
    p.add_argument("name", nargs="?", help=f"the tournament: {', '.join(MAJORS)}, or a minor one's name")
    p.add_argument("--minor", action="store_true", help="a minor tournament (no trophy re-roll)")
    p.add_argument(
        "--prizes", nargs=2, type=int, default=(0, 0), metavar=("WINNER", "RUNNER_UP"),
        help="a minor tournament's prize money in gp (at most 150,000 together)",
    )  # fmt: skip
    p.set_defaults(handler=cmd_tournament)
    p = season.add_parser(
        "classic-close",
        help="close an LRB 2004 tournament: prize money, the Majors' rolls and benefits, the trophy's holder",
    )
    p.add_argument("season")
    p.add_argument(
        "--player-of-the-year", action="store_true",
        help="Spike! only: the league's player with the most SPP gives his team +1 fan factor",
    )  # fmt: skip
    p.add_argument("--seed", type=int, help="seed for the program's dice (default: random)")
    p.add_argument(
        "--typed", metavar="ROLLS", help="physical dice typed in: the Chaos Cup or Spike! D6 first"
    )
    p.set_defaults(handler=cmd_close)


def render_tournament(view: TournamentView) -> str:
    """A season's tournament in words."""
    kind = "Major tournament" if view.major else "minor tournament (no trophy re-roll)"
    lines = [f"{view.season}: {view.name}, {kind}"]
    if not view.major:
        lines.append(
            f"  prizes: winner {format_gold(view.winner_prize)}, "
            f"runner-up {format_gold(view.runner_up_prize)}"
        )
    if not view.closed:
        lines.append("  not closed yet (season classic-close SEASON after the final)")
        return "\n".join(lines)
    r = view.record
    lines.extend(f"  {line}" for line in view.outcome_lines())
    if r.get("dice"):
        lines.append("  Dice: " + ", ".join(f"{d['label']} {d['result']} ({d['source']})" for d in r["dice"]))
    return "\n".join(lines)


def cmd_tournament(args: argparse.Namespace, ctx: CliContext) -> int:
    """Name the season's tournament, or show it when no name is given."""
    service = ctx.services().classic_tournaments
    if args.name is None:
        view = service.show(args.season)
    else:
        winner, runner_up = args.prizes
        view = service.name(
            args.season, args.name, minor=args.minor, winner_prize=winner, runner_up_prize=runner_up
        ).value
    return ctx.emit(view.to_dict(), lambda: render_tournament(view))


def cmd_close(args: argparse.Namespace, ctx: CliContext) -> int:
    """Close the season's tournament."""
    view = (
        ctx.services()
        .classic_tournaments.close(
            args.season,
            seed=args.seed,
            typed=parse_typed(args.typed),
            player_of_the_year=args.player_of_the_year,
        )
        .value
    )
    return ctx.emit(view.to_dict(), lambda: render_tournament(view))
