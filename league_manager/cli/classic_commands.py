"""``season classic-playoffs|classic-draw``: the open play-offs of a classic (LRB 2004) season."""

from __future__ import annotations

import argparse

from league_manager.cli.context import CliContext
from league_manager.cli.subcommands import SubParsers, subcommands
from league_manager.rules.classic_tournaments.playoffs import PlayoffStanding
from league_manager.services.classic_playoffs import standing_dict


def register(subparsers: SubParsers) -> None:
    """Add the classic play-off commands to the ``season`` command."""
    season = subcommands(subparsers, "season", "seasons: teams, schedule, fixtures, standings")
    p = season.add_parser(
        "classic-playoffs",
        help="an LRB 2004 season's play-off table: best three results (15 a win, 5 a loss, +/- touchdowns)",
    )
    p.add_argument("season")
    p.set_defaults(handler=cmd_playoffs)
    p = season.add_parser(
        "classic-draw",
        help="close an LRB 2004 season's play-offs: the top four (eight) go through and the ties are drawn",
    )
    p.add_argument("season")
    p.add_argument("--quarter-finals", action="store_true", help="eight qualify for quarter-finals")
    p.add_argument("--third-place", action="store_true", help="add the match for 3rd and 4th place")
    p.add_argument("--seed", type=int, help="seed for the draw's dice (default: random)")
    p.set_defaults(handler=cmd_draw)


def render_table(table: tuple[PlayoffStanding, ...]) -> str:
    """The play-off table as text, best first."""
    lines = [f"{'Team':<24} {'Pts':>4} {'TR':>4}  Results counted (opponents)"]
    lines += [f"{s.team:<24} {s.points:>4} {s.rating:>4}  {', '.join(s.counted) or '-'}" for s in table]
    return "\n".join(lines)


def cmd_playoffs(args: argparse.Namespace, ctx: CliContext) -> int:
    """Show the play-off table."""
    table = ctx.services().classic_playoffs.table(args.season)
    return ctx.emit([standing_dict(s) for s in table], lambda: render_table(table))


def cmd_draw(args: argparse.Namespace, ctx: CliContext) -> int:
    """Qualify and draw the knock-out."""
    view = (
        ctx.services()
        .classic_playoffs.draw(
            args.season, quarter_finals=args.quarter_finals, third_place=args.third_place, seed=args.seed
        )
        .value
    )

    def text() -> str:
        ties = "\n".join(f"  {home} v {away}" for home, away in view.ties)
        return (
            f"{render_table(view.table)}\n\nThrough: {', '.join(view.qualified)}\nDrawn:\n{ties}\n"
            f"{len(view.fixture_ids)} knock-out fixture(s) created (season fixtures SEASON lists them)"
        )

    return ctx.emit(view.to_dict(), text)
