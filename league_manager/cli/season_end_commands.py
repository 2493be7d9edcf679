"""The ``season playoffs`` and ``season close`` commands: qualifiers, seeds, prizes and the frozen table."""

from __future__ import annotations

import argparse

from league_manager.cli.context import CliContext
from league_manager.core.errors import RuleViolation
from league_manager.core.money import format_gold
from league_manager.services.season_end_models import PlayoffsView, SeasonCloseView, prize_total


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``playoffs`` and ``close`` to the ``season`` command's subcommands."""
    p = sub.add_parser("playoffs", help="play-off qualifiers and seeds; move a team with --seed")
    p.add_argument("season")
    p.add_argument("--seed", metavar="TEAM=N", help="put TEAM at seed N (the others keep their order)")
    p.add_argument("--reason", help="why the seed is changed (required with --seed)")
    p.set_defaults(handler=cmd_playoffs)
    p = sub.add_parser("close", help="close a season: prize money, League Trophy, awards, frozen table")
    p.add_argument("season")
    p.add_argument("--preview", action="store_true", help="show what would be paid and frozen; save nothing")
    p.set_defaults(handler=cmd_close)


def cmd_playoffs(args: argparse.Namespace, ctx: CliContext) -> int:
    """Show the qualifiers, or set one team's seed."""
    service = ctx.services().season_end
    if args.seed is None:
        if args.reason:
            raise RuleViolation("seed", "--reason goes with --seed TEAM=N")
        view = service.playoffs(args.season)
    else:
        team, sep, number = str(args.seed).rpartition("=")
        if not sep or not team or not number.strip().isdigit():
            raise RuleViolation("seed", f"write the seed as TEAM=N, not '{args.seed}'")
        if not args.reason:
            raise RuleViolation("seed", "give the reason for the seed with --reason TEXT")
        view = service.set_seed(args.season, team, int(number), args.reason).value
    return ctx.emit(view.to_dict(), lambda: render_playoffs(view))


def cmd_close(args: argparse.Namespace, ctx: CliContext) -> int:
    """Close a season (or preview the close)."""
    service = ctx.services().season_end
    view = service.close_preview(args.season) if args.preview else service.close_season(args.season).value
    return ctx.emit(view.to_dict(), lambda: render_close(view))


def render_playoffs(view: PlayoffsView) -> str:
    """The qualifiers as text, one per seed."""
    lines = [f"{view.season}: {view.rule}" + ("; play-offs scheduled" if view.scheduled else "")]
    for q in view.qualifiers:
        where = f"{q.division} #{q.division_rank}" if q.division else f"#{q.division_rank}"
        moved = f"  (seed set: {q.reason})" if q.overridden else ""
        lines.append(f"  {q.seed:>2}. {q.team:<28} {where:<20} {q.route.replace('_', ' ')}{moved}")
    return "\n".join(lines)


def render_close(view: SeasonCloseView) -> str:
    """A season's close (or its preview) as text."""
    head = "Closed" if view.closed else "Preview (nothing saved)"
    lines = [f"{head}: {view.season}; prize money {prize_total(view)}"]
    for p in view.prizes:
        row = f", ledger row {p.entry_id}" if p.entry_id is not None else ""
        lines.append(f"  {p.place}. {p.team:<28} {format_gold(p.amount):>12}{row}")
    if view.champion:
        lines.append(f"  {view.champion}: {view.trophy}")
    for award in view.awards:
        names = ", ".join(str(w["name"]) for w in award["winners"])
        lines.append(f"  award, {award['label']}: {names} ({award['winners'][0]['value']})")
    lines.append(f"  final table frozen: {len(view.table)} team(s)")
    return "\n".join(lines)
