"""``team create|list|show|ledger``, ``team hire|fire`` and ``player rename|number``."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from league_manager.cli.context import CliContext
from league_manager.cli.team_board_commands import register_team_board
from league_manager.core.errors import RuleViolation
from league_manager.core.money import format_gold, format_k
from league_manager.rules.draft import DraftPlan
from league_manager.services.read_models import TeamView


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``team`` and ``player`` commands."""
    team = subparsers.add_parser("team", help="draft, list and show teams")
    sub = team.add_subparsers(dest="team_command", required=True, metavar="COMMAND")
    p = sub.add_parser("create", help="draft a new team")
    p.add_argument("--league", required=True)
    p.add_argument("--race")
    p.add_argument("--name")
    p.add_argument("--coach")
    p.add_argument("--buy", help='positions bought, e.g. "Lineman:7,Blitzer:4"')
    p.add_argument("--from-file", metavar="TEAM.json",
                   help="a team joining from paper with its history (docs/team-from-file.md); "
                   "replaces --race/--name/--coach/--buy")  # fmt: skip
    p.add_argument("--rerolls", type=int, default=0)
    p.add_argument("--apothecary", action="store_true")
    p.add_argument("--assistant-coaches", type=int, default=0)
    p.add_argument("--cheerleaders", type=int, default=0)
    p.add_argument(
        "--dedicated-fans",
        "--fan-factor",
        dest="dedicated_fans",
        type=int,
        default=1,
        help="dedicated fans (BB2020: the first is free) or fan factor (LRB 2004: 10,000 gp each)",
    )
    p.add_argument("--special-rule", default=None, help="the team's chosen special rule, if any")
    p.set_defaults(handler=cmd_create)
    p = sub.add_parser("list", help="list teams")
    p.add_argument("--league")
    p.set_defaults(handler=cmd_list)
    p = sub.add_parser("show", help="roster, TV, CTV, treasury, re-rolls, staff")
    p.add_argument("team")
    p.add_argument("--league", help="the team's league, when the name is used in several")
    p.set_defaults(handler=cmd_show)
    p = sub.add_parser("hire", help="hire a player from the roster (paid from the treasury)")
    p.add_argument("team")
    p.add_argument("position")
    p.add_argument("--name")
    p.add_argument("--number", type=int)
    p.set_defaults(handler=cmd_hire)
    p = sub.add_parser(
        "fire",
        help="remove a player (refunded in full before the first match; in an LRB 2004 league, "
        "retiring him afterwards brings a free assistant coach)",
    )
    p.add_argument("player_id", type=int)
    p.set_defaults(handler=cmd_fire)
    p = sub.add_parser("captain", help="name the team's Team Captain (Season 3 Human and Orc teams)")
    p.add_argument("team")
    p.add_argument("player", help="the player's shirt number or name")
    p.set_defaults(handler=cmd_captain)
    p = sub.add_parser("ledger", help="the team's treasury ledger")
    p.add_argument("team")
    p.set_defaults(handler=_ledger)
    register_team_board(sub)


def _ledger(args: argparse.Namespace, ctx: CliContext) -> int:
    from league_manager.cli.player_commands import cmd_ledger

    return cmd_ledger(args, ctx)


def parse_buy(text: str) -> dict[str, int]:
    """Parse ``"Lineman:7,Blitzer:4"`` into position counts.

    Raises:
        RuleViolation: a malformed item.
    """
    counts: dict[str, int] = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        name, sep, count = item.rpartition(":")
        if not sep or not name.strip() or not count.strip().isdigit():
            raise RuleViolation("--buy", f"expected POSITION:COUNT, got '{item}'")
        counts[name.strip()] = counts.get(name.strip(), 0) + int(count)
    if not counts:
        raise RuleViolation("--buy", "name at least one position")
    return counts


def cmd_create(args: argparse.Namespace, ctx: CliContext) -> int:
    """Draft a team, or create one joining from paper (``--from-file``)."""
    if args.from_file:
        data = read_team_file(args.from_file)
        view = ctx.services().teams.create_from_paper(args.league, data).value
        return ctx.emit(view.to_dict(), lambda: render_team(view))
    missing = [flag for flag in ("race", "name", "coach", "buy") if not getattr(args, flag)]
    if missing:
        raise RuleViolation(
            "team create", "give " + ", ".join(f"--{m}" for m in missing) + " (or --from-file)"
        )
    plan = DraftPlan(
        race=args.race,
        positions=parse_buy(args.buy),
        rerolls=args.rerolls,
        apothecary=args.apothecary,
        assistant_coaches=args.assistant_coaches,
        cheerleaders=args.cheerleaders,
        dedicated_fans=args.dedicated_fans,
        special_rule_choice=args.special_rule,
    )
    view = ctx.services().teams.draft_team(args.league, args.name, args.coach, plan).value
    return ctx.emit(view.to_dict(), lambda: render_team(view))


def read_team_file(path: str) -> dict[str, Any]:
    """The JSON object of a team file.

    Raises:
        RuleViolation: the file cannot be read or is not one JSON object.
    """
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise RuleViolation("--from-file", f"cannot read {path}: {exc}") from exc
    if not isinstance(data, dict):
        raise RuleViolation("--from-file", f"{path} holds no JSON object (see docs/team-from-file.md)")
    return data


def cmd_list(args: argparse.Namespace, ctx: CliContext) -> int:
    """List teams (read straight from a league file that needs no migration: a fast start)."""
    from league_manager.services.team_list import quick_team_list

    database = ctx.unopened_database()
    teams = quick_team_list(database, args.league) if database is not None else None
    if teams is None:
        teams = ctx.services().teams.list_teams(args.league)

    def text() -> str:
        if not teams:
            return "No teams yet."
        head = (
            f"{'id':>3}  {'team':<26} {'race':<20} {'coach':<12} {'league':<18} "
            f"{'TV':>7} {'CTV':>7} {'treasury':>9}"
        )
        rows = [
            f"{t.id:>3}  {t.name:<26} {t.race:<20} {t.coach:<12} {t.league:<18} "
            f"{format_k(t.team_value):>7} {format_k(t.current_team_value):>7} {format_k(t.treasury):>9}"
            for t in teams
        ]
        return "\n".join([head, *rows])

    return ctx.emit([t.to_dict() for t in teams], text)


def cmd_show(args: argparse.Namespace, ctx: CliContext) -> int:
    """Show one team."""
    view = ctx.services().teams.get_team(args.team, args.league)
    return ctx.emit(view.to_dict(), lambda: render_team(view))


def cmd_hire(args: argparse.Namespace, ctx: CliContext) -> int:
    """Hire a player."""
    view = ctx.services().roster.hire_player(args.team, args.position, args.name, args.number).value
    return ctx.emit(view.to_dict(), lambda: render_team(view))


def cmd_fire(args: argparse.Namespace, ctx: CliContext) -> int:
    """Fire a player."""
    view = ctx.services().roster.fire_player(args.player_id).value
    return ctx.emit(view.to_dict(), lambda: render_team(view))


def cmd_captain(args: argparse.Namespace, ctx: CliContext) -> int:
    """Name the team's Captain."""
    view = ctx.services().roster.name_captain(args.team, args.player).value
    return ctx.emit(view.to_dict(), lambda: render_team(view))


def render_team(view: TeamView) -> str:
    """A team as text: header, roster table, staff and money."""
    if view.classic:
        return render_classic_team(view)
    lines = [
        f"{view.name} — {view.race}, coach {view.coach}, {view.league} ({view.ruleset})",
        f"TV {format_gold(view.team_value)}   CTV {format_gold(view.current_team_value)}   "
        f"Treasury {format_gold(view.treasury)}",
        f"Re-rolls {view.rerolls} ({format_k(view.reroll_cost)} each)"
        f"{' + 1 League Trophy (free)' if view.trophy_rerolls else ''}   "
        f"Dedicated fans {view.dedicated_fans}   "
        f"Apothecary {'yes' if view.apothecary else 'no'}   Assistant coaches {view.assistant_coaches}   "
        f"Cheerleaders {view.cheerleaders}",
        "",
        f"{'id':>5} {'#':>2}  {'name':<22} {'position':<24} MA ST AG  PA  AV   SPP  value  skills",
    ]
    for p in view.players:
        s = p.stats
        lines.append(
            f"{p.id:>5} {p.number:>2}  {p.name:<22} {p.position:<24} {s.ma:>2} {s.st:>2} "
            f"{s.formatted('AG'):>3} {s.formatted('PA'):>3} {s.formatted('AV'):>3} {p.spp:>5} "
            f"{format_k(p.value):>6}  {', '.join(k.name for k in p.skills)}"
            + (f"  [{', '.join(p.injuries)}]" if p.injuries else "")
            + ("  (temporarily retired)" if p.status == "retired" else "")
        )
    lines.append(f"\n{len(view.players)} players, {view.players_available} available")
    return "\n".join(lines)


def classic_trophy_lines(view: TeamView) -> list[str]:
    """What a classic team's Major trophies and the Dungeonbowl contract give it (none: no lines)."""
    lines = []
    if view.trophies:
        lines.append(
            f"Trophies {', '.join(view.trophies)}: {view.trophy_rerolls} Trophy Re-roll(s), one a match each"
        )
    if "Chaos Cup" in view.trophies:
        lines.append("Chaos Cup: one more Handicap roll in every match (fixture pregame rolls it)")
    if "Blood Bowl" in view.trophies:
        lines.append("Blood Bowl: +20,000 gp after each match played (fixture postgame pays it)")
    if view.dungeonbowl_contract:
        lines.append("Dungeonbowl contract: a Wizard for 25,000 gp this season, whatever the team")
    return lines


def render_classic_team(view: TeamView) -> str:
    """A classic (LRB 2004) team as text: team rating, fan factor, MA ST AG AV without PA."""
    lines = [
        f"{view.name} — {view.race}, coach {view.coach}, {view.league} ({view.ruleset})",
        f"Team rating {view.rating}   Team value {format_gold(view.team_value)}   "
        f"Treasury {format_gold(view.treasury)}   Fan factor {view.dedicated_fans}",
        f"Re-rolls {view.rerolls} ({format_k(view.reroll_cost)} each at creation, "
        f"{format_k(2 * view.reroll_cost)} after)   "
        f"Apothecary {'yes' if view.apothecary else 'no'}   Assistant coaches {view.assistant_coaches}   "
        f"Cheerleaders {view.cheerleaders}",
        *classic_trophy_lines(view),
        "",
        f"{'id':>5} {'#':>2}  {'name':<22} {'position':<24} MA ST AG AV   SPP  value  skills",
    ]
    for p in view.players:
        lines.append(
            f"{p.id:>5} {p.number:>2}  {p.name:<22} {p.position:<24} "
            + " ".join(f"{p.shown(c):>2}" for c in p.characteristic_names)
            + f" {p.spp:>5} {format_k(p.value):>6}  {', '.join(k.name for k in p.skills)}"
            + (f"  [{', '.join(p.injuries)}]" if p.injuries else "")
            + ("  (temporarily retired)" if p.status == "retired" else "")
        )
    lines.append(f"\n{len(view.players)} players, {view.players_available} available")
    return "\n".join(lines)
