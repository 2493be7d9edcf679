"""The ``season`` commands (create, teams, schedule, fixtures, standings, leaders) and ``fixture``."""

from __future__ import annotations

import argparse
from datetime import datetime

from league_manager.cli import season_end_commands, season_simulate_commands
from league_manager.cli.context import CliContext
from league_manager.core.errors import RuleViolation
from league_manager.services.season_read_models import (
    SCOPES,
    FixtureView,
    LeadersView,
    SchedulePreview,
    SeasonView,
    StandingRow,
    StandingsView,
)
from league_manager.services.season_results import ADMINISTRATIVE, ResultEntry

FORMATS = ("round-robin", "double-round-robin", "swiss", "knockout")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``season`` and ``fixture`` commands."""
    season = subparsers.add_parser("season", help="seasons: teams, schedule, fixtures, standings")
    sub = season.add_subparsers(dest="season_command", required=True, metavar="COMMAND")
    p = sub.add_parser("create", help="create a season of a league (or --from the last season)")
    p.add_argument("league", help="the league (with --from: the new season's name)")
    p.add_argument("name", nargs="?")
    p.add_argument("--from", dest="previous", metavar="SEASON",
                   help="same league, divisions and teams as SEASON; give only the new name")  # fmt: skip
    p.add_argument("--preview", action="store_true", help="with --from: show what would be created")
    p.add_argument("--division", action="append", default=[], metavar="NAME",
                   help="a division or conference (repeatable); none means one table")  # fmt: skip
    p.add_argument("--seed", type=int, help="seed for draws and coin flips (default: random)")
    p.set_defaults(handler=cmd_create)
    p = sub.add_parser("list", help="list seasons")
    p.add_argument("--league")
    p.set_defaults(handler=cmd_list)
    p = sub.add_parser("show", help="a season's teams and progress")
    p.add_argument("season")
    p.set_defaults(handler=cmd_show)
    p = sub.add_parser("add-teams", help="enter teams of the league into the season")
    p.add_argument("season")
    p.add_argument("teams", nargs="+", metavar="TEAM")
    p.add_argument("--division", help="the division they join (required when the season has divisions)")
    p.set_defaults(handler=cmd_add_teams)
    p = sub.add_parser("remove-team", help="take out a team that has no fixtures yet")
    p.add_argument("season")
    p.add_argument("team")
    p.set_defaults(handler=cmd_remove_team)
    p = sub.add_parser("withdraw", help="withdraw a team; its remaining fixtures follow the league setting")
    p.add_argument("season")
    p.add_argument("team")
    p.add_argument("--reason", default="")
    p.set_defaults(handler=cmd_withdraw)
    p = sub.add_parser("schedule", help="generate fixtures (Swiss: the next round; knockout: play-offs)")
    p.add_argument("season")
    p.add_argument("--format", required=True, choices=FORMATS)
    p.add_argument("--seed", type=int, help="shuffle seed (default: the season's)")
    p.add_argument("--preview", action="store_true", help="show the schedule without saving it")
    p.add_argument("--qualifiers", type=int, help="knockout: how many top teams qualify (default 4)")
    p.add_argument("--third-place", action="store_true", help="knockout: add a third-place match")
    p.set_defaults(handler=cmd_schedule)
    p = sub.add_parser("fixtures", help="list fixtures by round")
    p.add_argument("season")
    p.add_argument("--round", type=int, dest="round_number")
    p.set_defaults(handler=cmd_fixtures)
    p = sub.add_parser("standings", help="the league table with tie-breakers")
    p.add_argument("season")
    p.set_defaults(handler=cmd_standings)
    p = sub.add_parser("leaders", help="player and team leader boards")
    p.add_argument("season")
    p.add_argument("--limit", type=int, default=5)
    p.add_argument(
        "--scope", choices=SCOPES, default="season",
        help="season: this season's games; career: the league's seasons up to this one",
    )  # fmt: skip
    p.set_defaults(handler=cmd_leaders)
    season_end_commands.register(sub)
    season_simulate_commands.register(sub)
    _register_fixture(subparsers)


def _register_fixture(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    fixture = subparsers.add_parser("fixture", help="enter results and edit single fixtures")
    sub = fixture.add_subparsers(dest="fixture_command", required=True, metavar="COMMAND")
    p = sub.add_parser("set-result", help="enter a plain score, a forfeit, a bye or a ruling")
    p.add_argument("fixture", type=int)
    p.add_argument("home_td", type=int, nargs="?", metavar="HOME_TD")
    p.add_argument("away_td", type=int, nargs="?", metavar="AWAY_TD")
    p.add_argument("--home-cas", type=int, help="casualties caused by the home team")
    p.add_argument("--away-cas", type=int, help="casualties caused by the away team")
    kind = p.add_mutually_exclusive_group()
    kind.add_argument("--forfeit", metavar="TEAM", help="TEAM did not play; its opponent wins (no score)")
    kind.add_argument("--bye", action="store_true", help="no game: credit a bye")
    kind.add_argument("--conceded-by", metavar="TEAM", help="TEAM conceded; the score stands if given")
    rulings = ", ".join(ADMINISTRATIVE)
    kind.add_argument("--ruling", metavar="RESULT", help=f"administrative result: {rulings} or the winner")
    p.add_argument("--winner", metavar="TEAM", help="play-off draw: who won overtime or the shoot-out")
    p.add_argument("--note", default="")
    p.set_defaults(handler=cmd_set_result)
    p = sub.add_parser("show", help="one fixture")
    p.add_argument("fixture", type=int)
    p.set_defaults(handler=cmd_show_fixture)
    p = sub.add_parser("clear-result", help="remove a result (the fixture is scheduled again)")
    p.add_argument("fixture", type=int)
    p.set_defaults(handler=cmd_clear_result)
    p = sub.add_parser("add", help="add a fixture by hand (or a friendly)")
    p.add_argument("season")
    p.add_argument("home")
    p.add_argument("away")
    p.add_argument("--round", type=int, dest="round_number")
    p.add_argument("--friendly", action="store_true", help="does not count in the table")
    p.add_argument("--date", type=datetime.fromisoformat, help="ISO date, e.g. 2026-12-01T19:30")
    p.set_defaults(handler=cmd_add_fixture)
    p = sub.add_parser("swap", help="swap home and away")
    p.add_argument("fixture", type=int)
    p.set_defaults(handler=cmd_swap)
    p = sub.add_parser("move", help="move to another round and/or date")
    p.add_argument("fixture", type=int)
    p.add_argument("--round", type=int, dest="round_number")
    p.add_argument("--date", type=datetime.fromisoformat)
    p.set_defaults(handler=cmd_move)


# -- season handlers ---------------------------------------------------------------------


def cmd_create(args: argparse.Namespace, ctx: CliContext) -> int:
    """Create a season."""
    if args.previous is not None:
        return _create_from(args, ctx)
    if args.name is None or args.preview:
        raise RuleViolation("season", "give LEAGUE NAME, or NAME --from SEASON [--preview]")
    view = ctx.services().seasons.create_season(args.league, args.name, args.division, args.seed).value
    return ctx.emit(view.to_dict(), lambda: f"Created season '{view.name}' of {view.league} (id {view.id})")


def _create_from(args: argparse.Namespace, ctx: CliContext) -> int:
    """``season create NAME --from SEASON [--preview]``."""
    if args.name is not None or args.division:
        raise RuleViolation("season", "with --from give only the new name (divisions come from SEASON)")
    from league_manager.services.season_next import next_season  # only this command needs it

    plan = next_season(ctx.services().seasons, args.previous, args.league, seed=args.seed,
                       preview=args.preview).value  # fmt: skip

    def text() -> str:
        verb = "Would create" if plan.created is None else "Created"
        lines = [
            f"{verb} season '{plan.name}' of {plan.league} from {plan.previous} ({plan.previous_status})"
        ]
        if plan.divisions:
            lines.append("Divisions: " + ", ".join(plan.divisions))
        lines += [f"  {team}" + (f"  [{division}]" if division else "") for team, division in plan.entries]
        lines += [f"  left out: {team} ({reason})" for team, reason in plan.left_out]
        if plan.previous_format:
            lines.append(
                f'{plan.previous} was a {plan.previous_format}: season schedule "{plan.name}" '
                f"--format {plan.previous_format}"
            )
        return "\n".join(lines)

    return ctx.emit(plan.to_dict(), text)


def cmd_list(args: argparse.Namespace, ctx: CliContext) -> int:
    """List seasons."""
    seasons = ctx.services().seasons.list_seasons(args.league)

    def text() -> str:
        if not seasons:
            return "No seasons yet. Create one with: league-manager season create LEAGUE NAME"
        return "\n".join(
            f"{s.id:>3}  {s.name:<24} {s.league:<20} {len(s.active_teams):>2} teams  "
            f"{s.decided}/{s.fixtures} fixtures decided  {s.format or 'not scheduled'}"
            for s in seasons
        )

    return ctx.emit([s.to_dict() for s in seasons], text)


def cmd_show(args: argparse.Namespace, ctx: CliContext) -> int:
    """Show a season."""
    view = ctx.services().seasons.get_season(args.season)
    return ctx.emit(view.to_dict(), lambda: render_season(view))


def cmd_add_teams(args: argparse.Namespace, ctx: CliContext) -> int:
    """Enter teams into a season."""
    view = ctx.services().seasons.add_teams(args.season, args.teams, args.division).value
    return ctx.emit(view.to_dict(), lambda: render_season(view))


def cmd_remove_team(args: argparse.Namespace, ctx: CliContext) -> int:
    """Take a team out of a season before it has fixtures."""
    view = ctx.services().seasons.remove_team(args.season, args.team).value
    return ctx.emit(view.to_dict(), lambda: render_season(view))


def cmd_withdraw(args: argparse.Namespace, ctx: CliContext) -> int:
    """Withdraw a team from a season."""
    outcome = ctx.services().seasons.withdraw_team(args.season, args.team, args.reason)
    view = outcome.value
    return ctx.emit(view.to_dict(), lambda: f"{outcome.changes.description}; "
                    f"{len(outcome.changes.fixtures)} fixture(s) changed")  # fmt: skip


def cmd_schedule(args: argparse.Namespace, ctx: CliContext) -> int:
    """Generate (or preview) a schedule."""
    view = ctx.services().seasons.schedule(
        args.season, args.format, seed=args.seed, preview=args.preview,
        qualifiers=args.qualifiers, third_place=args.third_place,
    ).value  # fmt: skip
    return ctx.emit(view.to_dict(), lambda: render_schedule(view))


def cmd_fixtures(args: argparse.Namespace, ctx: CliContext) -> int:
    """List fixtures."""
    fixtures = ctx.services().seasons.fixtures(args.season, args.round_number)
    return ctx.emit([f.to_dict() for f in fixtures], lambda: render_fixtures(fixtures))


def cmd_standings(args: argparse.Namespace, ctx: CliContext) -> int:
    """Show the league table; ``--json`` gives the overall rows (each names its division)."""
    view = ctx.services().seasons.standings(args.season)
    return ctx.emit([r.to_dict() for r in view.overall.rows], lambda: render_standings(view))


def cmd_leaders(args: argparse.Namespace, ctx: CliContext) -> int:
    """Show leader boards."""
    view = ctx.services().seasons.leaders(args.season, args.limit, args.scope)
    return ctx.emit(view.to_dict(), lambda: render_leaders(view))


# -- fixture handlers --------------------------------------------------------------------


def cmd_set_result(args: argparse.Namespace, ctx: CliContext) -> int:
    """Enter a result."""
    entry = ResultEntry(
        home_td=args.home_td, away_td=args.away_td, home_cas=args.home_cas, away_cas=args.away_cas,
        forfeit=args.forfeit, conceded_by=args.conceded_by, bye=args.bye, administrative=args.ruling,
        winner=args.winner, note=args.note,
    )  # fmt: skip
    view = ctx.services().seasons.set_result(args.fixture, entry).value
    return ctx.emit(view.to_dict(), lambda: render_fixtures([view]))


def cmd_show_fixture(args: argparse.Namespace, ctx: CliContext) -> int:
    """Show one fixture."""
    view = ctx.services().seasons.get_fixture(args.fixture)
    return ctx.emit(view.to_dict(), lambda: render_fixtures([view]))


def cmd_clear_result(args: argparse.Namespace, ctx: CliContext) -> int:
    """Remove a result."""
    view = ctx.services().seasons.clear_result(args.fixture).value
    return ctx.emit(view.to_dict(), lambda: render_fixtures([view]))


def cmd_add_fixture(args: argparse.Namespace, ctx: CliContext) -> int:
    """Add a fixture by hand."""
    seasons = ctx.services().seasons
    view = seasons.add_fixture(args.season, args.home, args.away, round_number=args.round_number,
                               friendly=args.friendly, when=args.date).value  # fmt: skip
    return ctx.emit(view.to_dict(), lambda: render_fixtures([view]))


def cmd_swap(args: argparse.Namespace, ctx: CliContext) -> int:
    """Swap home and away."""
    view = ctx.services().seasons.swap_home_away(args.fixture).value
    return ctx.emit(view.to_dict(), lambda: render_fixtures([view]))


def cmd_move(args: argparse.Namespace, ctx: CliContext) -> int:
    """Move a fixture."""
    view = ctx.services().seasons.move_fixture(args.fixture, args.round_number, args.date).value
    return ctx.emit(view.to_dict(), lambda: render_fixtures([view]))


# -- text rendering ----------------------------------------------------------------------


def render_season(view: SeasonView) -> str:
    """A season as text: teams by division and progress."""
    lines = [
        f"{view.name} — {view.league} (id {view.id}, seed {view.seed}, "
        f"{view.ruleset} {view.ruleset_version})",
        f"Format {view.format or 'not scheduled'}; {view.rounds} rounds, {view.decided}/{view.fixtures} "
        "fixtures decided",
        "",
    ]
    for team in view.teams:
        where = f" [{team.division}]" if team.division else ""
        gone = (
            f"  (withdrawn{': ' + team.withdrawal_reason if team.withdrawal_reason else ''})" * team.withdrawn
        )
        lines.append(f"{team.team_id:>4}  {team.name:<26} {team.race:<20} {team.coach}{where}{gone}")
    if not view.teams:
        lines.append("No teams yet: season add-teams SEASON TEAM...")
    return "\n".join(lines)


def _score(f: FixtureView) -> str:
    if f.result is None:
        return f.status if f.status != "scheduled" else "-"
    r = f.result
    text = r.score
    if r.home_cas is not None and r.outcome in {"score", "concession"}:
        text += f" (CAS {r.home_cas}-{r.away_cas})"
    if r.outcome == "concession":
        text += f", {r.decided_by} conceded"
    elif r.outcome == "forfeit":
        text = f"forfeit by {r.decided_by}"
    elif r.outcome == "administrative":
        text = (
            f"ruling: {r.winner + ' win' if r.winner else 'draw' if r.home_verdict == 'D' else 'both lose'}"
        )
    elif r.winner and r.home_td == r.away_td and r.outcome == "score":
        text += f", {r.winner} won the shoot-out"
    if f.score_only and f.classic:
        text += f"  [{f.post_game_pending}: `fixture postgame {f.id}`]"
    elif f.score_only:
        text += f"  [{f.post_game_pending}: `fixture clear-result {f.id}`, then `fixture pregame {f.id}`]"
    return text


def render_fixtures(fixtures: list[FixtureView] | tuple[FixtureView, ...]) -> str:
    """Fixtures grouped under their round headings."""
    if not fixtures:
        return "No fixtures."
    lines: list[str] = []
    current = None
    for f in fixtures:
        if f.round != current:
            current = f.round
            lines.append(f"{'' if not lines else chr(10)}{f.round_name} (round {f.round}, {f.stage})")
        ident = f"{f.id:>5}" if f.id is not None else "    -"
        division = f" [{f.division}]" if f.division else ""
        third = " (third place)" if f.third_place else ""
        lines.append(f"{ident}  {f.label():<52} {_score(f)}{division}{third}")
    return "\n".join(lines)


def render_schedule(view: SchedulePreview) -> str:
    """A schedule preview or the committed schedule."""
    head = "Preview (nothing saved)" if not view.committed else "Scheduled"
    lines = [f"{head}: {view.season}, {view.format}, seed {view.seed}, {len(view.fixtures)} fixture(s)"]
    lines += [f"  note: {n}" for n in view.notes]
    lines += [f"  left out: {s}" for s in view.skipped]
    return "\n".join([*lines, "", render_fixtures(view.fixtures)])


def _row(r: StandingRow) -> str:
    mark = " (withdrawn)" if r.withdrawn else ""
    return (
        f"{r.rank:>3}  {r.team + mark:<28} {r.played:>2} {r.won:>2} {r.drawn:>2} {r.lost:>2} "
        f"{r.td_for:>3} {r.td_against:>3} {r.td_diff:>+4} {r.cas_for:>3} {r.cas_against:>3} "
        f"{r.points:>4}  {r.form:<5}  {r.tiebreak}"
    )


def render_standings(view: StandingsView) -> str:
    """The overall table, then each division's, with the tie-breaker notes beside the rows."""
    head = f"{'#':>3}  {'team':<28}  P  W  D  L TD+ TD-  +/- CS+ CS-  Pts  form   tie-break"
    points = view.points
    lines = [
        f"{view.season}: win {points['win']}, draw {points['draw']}, loss {points['loss']}; "
        f"ties broken by {', '.join(view.tiebreakers)}",
        "",
        head,
        *(_row(r) for r in view.overall.rows),
    ]
    for table in view.divisions:
        lines += ["", table.name, head, *(_row(r) for r in table.rows)]
    return "\n".join(lines)


def render_leaders(view: LeadersView) -> str:
    """Player and team leader boards."""
    lines = [f"{view.season}: leaders"]
    if view.scope == "career":
        lines = [f"{view.season}: career leaders ({', '.join(view.seasons)})"]
    for title, boards in (("Players", view.players), ("Teams", view.teams)):
        lines += ["", title]
        if not any(board.entries for board in boards):
            lines.append("  No figures recorded yet.")
        for board in boards:
            if not board.entries:
                continue
            lines.append(f"  {board.label}")
            for e in board.entries:
                who = e.name if e.player_id is None else f"{e.name} ({e.team})"
                lines.append(f"    {e.rank:>2}. {who:<40} {e.value:>4}")
    return "\n".join(lines)
