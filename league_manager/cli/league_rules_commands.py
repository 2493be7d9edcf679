"""League rules on the command line: deadlines, concessions, friendlies, adjustments.

``fixture deadline|concede|friendly`` and ``season enforce-deadlines`` add subcommands to
the ``fixture`` and ``season`` commands (this module registers after them); ``adjust``
is its own command.
"""

from __future__ import annotations

import argparse
from datetime import UTC, date, datetime
from typing import TYPE_CHECKING, TypeAlias

from league_manager.cli.context import CliContext
from league_manager.cli.subcommands import subcommands

if TYPE_CHECKING:
    from league_manager.services.league_rules_views import AdjustmentView, OverdueFixture

    SubParsers: TypeAlias = argparse._SubParsersAction[argparse.ArgumentParser]

KIND_OPTIONS = ("points", "gold", "fans", "spp", "value")


def _day(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"'{text}' is not a date (YYYY-MM-DD)") from exc


def _score(text: str) -> tuple[int, int]:
    home, sep, away = text.partition("-")
    if not sep or not home.strip().isdigit() or not away.strip().isdigit():
        raise argparse.ArgumentTypeError(f"'{text}' is not a score HOME-AWAY (e.g. 1-2)")
    return int(home), int(away)


def _player_amount(text: str) -> tuple[str, int]:
    player, sep, amount = text.rpartition("=")
    try:
        if not sep or not player.strip():
            raise ValueError
        return player.strip(), int(amount)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"'{text}' is not PLAYER=N (a player and a whole number)") from exc


def register(subparsers: SubParsers) -> None:
    """Add the league-rules subcommands and the ``adjust`` command."""
    fixture = subcommands(subparsers, "fixture", "enter results and edit single fixtures")
    p = fixture.add_parser("deadline", help="the last day an unplayed fixture may be played")
    p.add_argument("fixture", type=int)
    p.add_argument("date", type=_day, metavar="DATE", help="YYYY-MM-DD")
    p.set_defaults(handler=cmd_deadline)
    p = fixture.add_parser(
        "concede", help="a team concedes an unplayed fixture (the rules' result, gold, MVPs)"
    )
    p.add_argument("fixture", type=int)
    p.add_argument("--by", required=True, metavar="TEAM", help="the conceding team")
    p.add_argument("--seed", type=int, help="seed for the dice (default: random)")
    p.add_argument(
        "--during",
        action="store_true",
        help="during the match at the table (after `fixture pregame`): the edition's penalties apply",
    )
    p.add_argument(
        "--score",
        type=_score,
        default=(0, 0),
        metavar="H-A",
        help="with --during: the score when the team conceded (default 0-0)",
    )
    p.add_argument(
        "--players-left",
        type=int,
        metavar="N",
        help="with --during: players the team can still set up; 3 or fewer concede without penalty",
    )
    p.set_defaults(handler=cmd_concede)
    p = fixture.add_parser("friendly", help="a friendly across divisions (once per pair; no points, no MVP)")
    p.add_argument("season")
    p.add_argument("home")
    p.add_argument("away")
    p.set_defaults(handler=cmd_friendly)
    season = subcommands(subparsers, "season", "seasons: teams, schedule, fixtures, standings")
    p = season.add_parser(
        "enforce-deadlines", help="list fixtures past their deadline; --yes applies the rules"
    )
    p.add_argument("season")
    p.add_argument("--today", type=_day, help="the day of enforcement (default: today, UTC)")
    p.add_argument(
        "--no-show",
        action="append",
        default=[],
        metavar="TEAM",
        help="a team that did not turn up: it loses the rules' league points (repeatable)",
    )
    p.add_argument("--yes", action="store_true", help="apply: a loss for both teams of each listed fixture")
    p.set_defaults(handler=cmd_enforce)
    p = subparsers.add_parser("adjust", help="a commissioner's adjustment (a ledger row with a reason)")
    p.add_argument("team", nargs="?", help="the team (not with --undo)")
    what = p.add_mutually_exclusive_group(required=True)
    what.add_argument("--points", type=int, metavar="N", help="league points in the team's season")
    what.add_argument("--gold", type=int, metavar="N", help="treasury, in gp")
    what.add_argument("--fans", type=int, metavar="N", help="Dedicated Fans")
    what.add_argument("--spp", type=_player_amount, metavar="PLAYER=N", help="a player's SPP")
    what.add_argument("--value", type=_player_amount, metavar="PLAYER=N", help="a player's value, in gp")
    what.add_argument("--undo", type=int, metavar="ID", help="undo an adjustment by a correcting row")
    what.add_argument("--list", action="store_true", help="list the team's adjustments")
    p.add_argument("--reason", default="", help="why (required for a change)")
    p.set_defaults(handler=cmd_adjust)


def cmd_deadline(args: argparse.Namespace, ctx: CliContext) -> int:
    """Set a fixture's deadline."""
    view = ctx.services().deadlines.set_deadline(args.fixture, args.date).value
    data = {
        "fixture": view.fixture_id,
        "label": view.label,
        "deadline": view.deadline.isoformat(),
        "set_by": view.set_by,
    }
    return ctx.emit(data, lambda: f"Fixture {view.fixture_id} ({view.label}): deadline {view.deadline}")


def cmd_concede(args: argparse.Namespace, ctx: CliContext) -> int:
    """Concede an unplayed fixture, or (--during) a match under way at the table."""
    if args.during:
        return _concede_during(args, ctx)
    if args.players_left is not None or args.score != (0, 0):
        return ctx.fail("--score and --players-left go with --during")
    view = ctx.services().concessions.concede_before(args.fixture, args.by, seed=args.seed).value
    data = {
        "fixture": view.fixture.to_dict(),
        "conceded_by": view.conceded_by,
        "winner": view.winner,
        "gold_die": view.gold_die,
        "gold": view.gold,
        "mvps": list(view.mvps),
        "seed": view.seed,
    }

    def text() -> str:
        mvps = ", ".join(view.mvps) or "none"
        return (
            f"{view.conceded_by} conceded fixture {view.fixture.id}: {view.winner} win "
            f"{view.fixture.label()} ; +{view.gold:,} gp (D6 = {view.gold_die}); MVP awards: {mvps} "
            f"(seed {view.seed})"
        )

    return ctx.emit(data, text)


def cmd_friendly(args: argparse.Namespace, ctx: CliContext) -> int:
    """Add a cross-division friendly."""
    view = ctx.services().concessions.friendly(args.season, args.home, args.away).value
    return ctx.emit(
        view.to_dict(), lambda: f"Fixture {view.id}: {view.label()} (friendly: no points, no MVP)"
    )


def _overdue_dict(item: OverdueFixture) -> dict[str, object]:
    return {
        "fixture": item.fixture_id,
        "label": item.label,
        "round": item.round_name,
        "deadline": item.deadline.isoformat(),
        "days_over": item.days_over,
        "no_show": list(item.no_show),
    }


def _overdue_line(item: OverdueFixture) -> str:
    no_show = f"; no-show: {', '.join(item.no_show)}" if item.no_show else ""
    return (
        f"  {item.fixture_id:>4}  {item.round_name}: {item.label}, deadline {item.deadline} "
        f"({item.days_over} day(s) over){no_show}"
    )


def cmd_enforce(args: argparse.Namespace, ctx: CliContext) -> int:
    """List overdue fixtures; with --yes decide them."""
    today = args.today or datetime.now(UTC).date()
    service = ctx.services().deadlines
    if not args.yes:
        if args.no_show:
            return ctx.fail("--no-show applies with --yes; list first, then run again with --yes")
        items = service.overdue(args.season, today)

        def listing() -> str:
            if not items:
                return f"No fixture is past its deadline on {today}."
            lines = [f"Past their deadline on {today} (each becomes a loss for both teams):"]
            lines += [_overdue_line(i) for i in items]
            return "\n".join([*lines, "Run again with --yes to apply."])

        return ctx.emit(
            {"applied": False, "today": today.isoformat(), "fixtures": [_overdue_dict(i) for i in items]},
            listing,
        )
    done = service.enforce(args.season, today, args.no_show).value
    lines = [f"Decided (a loss for both teams) on {today}:"] + [_overdue_line(i) for i in done]
    return ctx.emit(
        {"applied": True, "today": today.isoformat(), "fixtures": [_overdue_dict(i) for i in done]},
        lambda: "\n".join(lines),
    )


def _adjustment_dict(view: AdjustmentView) -> dict[str, object]:
    return {
        "id": view.id,
        "team": view.team,
        "kind": view.kind,
        "amount": view.amount,
        "player": view.player,
        "season": view.season,
        "reason": view.reason,
        "made_by": view.made_by,
        "when": view.when.isoformat(),
        "undoes": view.undoes,
        "undone_by": view.undone_by,
    }


def render_adjustment(view: AdjustmentView) -> str:
    """One adjustment as a line of text."""
    undone = f" [undone by #{view.undone_by}]" if view.undone_by else ""
    return (
        f"#{view.id} {view.when:%Y-%m-%d %H:%M} {view.describe()}: {view.reason} (by {view.made_by}){undone}"
    )


def cmd_adjust(args: argparse.Namespace, ctx: CliContext) -> int:
    """Make, undo or list adjustments."""
    service = ctx.services().adjustments
    if args.list:
        if not args.team:
            return ctx.fail("name the team whose adjustments to list")
        views = service.adjustments(args.team)
        return ctx.emit(
            [_adjustment_dict(v) for v in views],
            lambda: "\n".join(map(render_adjustment, views)) or "No adjustments.",
        )
    if args.undo is not None:
        if args.team:
            return ctx.fail("--undo takes the adjustment's id only; leave the team out")
        view = service.undo(args.undo, args.reason).value
    else:
        if not args.team:
            return ctx.fail("name the team to adjust")
        kind = next(k for k in KIND_OPTIONS if getattr(args, k) is not None)
        value = getattr(args, kind)
        player, amount = value if isinstance(value, tuple) else (None, value)
        view = service.adjust(args.team, kind, amount, args.reason, player=player).value
    return ctx.emit(_adjustment_dict(view), lambda: render_adjustment(view))


def _concede_during(args: argparse.Namespace, ctx: CliContext) -> int:
    service = ctx.services().table_concessions
    view = service.concede_during(
        args.fixture, args.by, score=args.score, players_left=args.players_left, seed=args.seed
    ).value
    data = {
        "fixture": view.fixture.to_dict(),
        "conceded_by": view.conceded_by,
        "score": list(view.score),
        "penalty_free": view.penalty_free,
        "quit_rolls": [list(r) for r in view.quit_rolls],
        "seed": view.seed,
    }

    def text() -> str:
        how = "without penalty" if view.penalty_free else "with the rules' penalties"
        rolls = "; ".join(
            f"{name} rolled {roll} ({'quits' if roll <= 3 else 'stays'})" for name, roll in view.quit_rolls
        )
        return (
            f"{view.conceded_by} conceded fixture {view.fixture.id} {how}: {view.score[0]}-{view.score[1]}. "
            f"{rolls + '. ' if rolls else ''}Next: `fixture postgame {view.fixture.id}`."
        )

    return ctx.emit(data, text)
