"""The ``season simulate`` command: a season's open fixtures played on the engine in one process."""

from __future__ import annotations

import argparse
from typing import TextIO

from league_manager.cli.context import CliContext
from league_manager.services.match_day.play import BOTS
from league_manager.services.season_simulate_models import SimulatedFixture, SimulationReport

BAR_WIDTH = 30


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``simulate`` to the ``season`` command's subcommands."""
    p = sub.add_parser(
        "simulate",
        help="play every open fixture (or the next N rounds) on the engine, pre-game and post-game included",
    )
    p.add_argument("season")
    p.add_argument(
        "--bot", choices=BOTS, default="greedy", help="the bot playing both teams (default: greedy)"
    )
    p.add_argument("--rounds", type=int, metavar="N", help="play only the open fixtures of the next N rounds")
    p.add_argument("--seed", type=int, help="seed for every fixture's dice and bots (default: random)")
    p.set_defaults(handler=cmd_simulate)


class ProgressBar:
    """A one-line progress bar on a terminal (nothing when the output is not one)."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.live = out.isatty()

    def __call__(self, done: int, total: int, fixture: SimulatedFixture) -> None:
        """Redraw the bar after ``done`` of ``total`` fixtures."""
        if not self.live:
            return
        filled = BAR_WIDTH * done // max(total, 1)
        bar = "#" * filled + "-" * (BAR_WIDTH - filled)
        self.out.write(f"\r[{bar}] {done}/{total} {fixture.line[:60]:<60}")
        if done >= total:
            self.out.write("\n")
        self.out.flush()


def cmd_simulate(args: argparse.Namespace, ctx: CliContext) -> int:
    """Simulate the season's open fixtures."""
    outcome = ctx.services().season_simulation.simulate(
        args.season, bot=args.bot, rounds=args.rounds, seed=args.seed, progress=ProgressBar(ctx.stderr)
    )
    report = outcome.value
    return ctx.emit(report.to_dict(), lambda: render(report))


def render(report: SimulationReport) -> str:
    """The run in words: every fixture, then the totals and where the time went."""
    lines = [f.line for f in report.fixtures]
    cost = report.cost()
    played = len(report.played)
    lines.append(
        f"{report.season}: {played} fixture(s) played with {report.bot} (seed {report.seed}) "
        f"in {report.seconds:.1f} s"
        + (f"; {len(report.fixtures) - played} not played" if played < len(report.fixtures) else "")
    )
    if played:
        lines.append(
            "per fixture: "
            + ", ".join(f"{stage} {1000 * seconds / played:.0f} ms" for stage, seconds in cost.items())
        )
    return "\n".join(lines)
