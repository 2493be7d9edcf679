"""Tournament events on the command line: ``event create|register|show|pair|result|standings|
slips|naf``."""

from __future__ import annotations

import argparse
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

import yaml

from league_manager.cli.context import CliContext
from league_manager.core.errors import RuleViolation
from league_manager.services.event_views import EntryView

if TYPE_CHECKING:
    from league_manager.rules.exhibition import SkillPick, TierRule
    from league_manager.rules.swiss import Standing

    SubParsers: TypeAlias = argparse._SubParsersAction[argparse.ArgumentParser]


def _pair_of(text: str) -> tuple[int, int]:
    first, sep, second = text.partition("-")
    if not sep or not first.strip().isdigit() or not second.strip().isdigit():
        raise argparse.ArgumentTypeError(f"'{text}' is not A-B (e.g. 2-1)")
    return int(first), int(second)


def _points(text: str) -> tuple[int, int, int]:
    parts = text.split(",")
    try:
        win, draw, loss = (int(p) for p in parts)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"'{text}' is not WIN,DRAW,LOSS (e.g. 3,1,0)") from exc
    return win, draw, loss


def register(subparsers: SubParsers) -> None:
    """Add the ``event`` command and its subcommands."""
    event = subparsers.add_parser("event", help="tournaments: exhibition rosters, Swiss rounds, NAF report")
    commands = event.add_subparsers(dest="event_command", required=True, metavar="COMMAND")
    p = commands.add_parser("create", help="a new event with the organiser's rules")
    p.add_argument("name")
    p.add_argument("--format", default="swiss", choices=("swiss",))
    p.add_argument("--rounds", type=int, required=True)
    p.add_argument("--budget", type=int, default=1_150_000, metavar="GP", help="1,100,000-1,300,000")
    p.add_argument("--skills", type=int, default=0, metavar="N", help="skill pack: primary 1, secondary 2")
    p.add_argument("--skills-per-player", type=int, default=1, metavar="N")
    p.add_argument("--points", type=_points, default=(3, 1, 0), metavar="W,D,L")
    p.add_argument(
        "--tie-breakers", default="opponents_points,td_diff,cas_diff", metavar="LIST",
        help="in order, from: opponents_points, td_diff, cas_diff, td_for, cas_for, wins",
    )  # fmt: skip
    p.add_argument("--tiers", type=Path, metavar="FILE", help="YAML: tier or race -> {budget, skills}")
    p.add_argument("--ruleset", default="bb2020")
    p.add_argument("--stars", action="store_true", help="allow star players, bought from the budget")
    p.add_argument("--teams-of", type=int, default=0, metavar="N", help="a team event: teams of N coaches")
    p.add_argument(
        "--team-scoring", default="match", choices=("match", "sum"),
        help="match: team W/D/L by the count of coach wins; sum: the coaches' points added",
    )  # fmt: skip
    p.add_argument(
        "--between-rounds", default="none", choices=("none", "progression"),
        help="progression: players earn SPP each game and buy skills between rounds (event advance)",
    )  # fmt: skip
    p.set_defaults(handler=cmd_create)
    p = commands.add_parser("register", help="register a coach with an exhibition roster")
    p.add_argument("name")
    p.add_argument("--roster", type=Path, metavar="FILE", help="YAML/JSON with the options below as keys")
    p.add_argument("--coach")
    p.add_argument("--race")
    p.add_argument("--name", dest="team_name", metavar="TEAM")
    p.add_argument("--buy", action="append", default=[], metavar="POSITION=N[,...]")
    p.add_argument("--skills", default="", metavar="PLAYER:SKILL,...", help="players numbered as bought")
    p.add_argument("--induce", default="", metavar="INDUCEMENT=N,...")
    p.add_argument("--rerolls", type=int, default=0)
    p.add_argument("--apothecary", action="store_true")
    p.add_argument("--naf", type=int, metavar="NUMBER")
    p.add_argument("--team", metavar="TEAM", help="the team of coaches played for (team events)")
    p.add_argument(
        "--replaces", type=int, metavar="ENTRY", help="correct this registration (its id, from event show) "
        "before round 1 is paired; it keeps its id"
    )  # fmt: skip
    p.set_defaults(handler=cmd_register)
    p = commands.add_parser("withdraw", help="withdraw a registration before round 1 is paired")
    p.add_argument("name")
    p.add_argument("entry", type=int, help="the registration's id (event show lists them)")
    p.set_defaults(handler=cmd_withdraw)
    p = commands.add_parser("show", help="the event's rules, registrations and rosters")
    p.add_argument("name")
    p.set_defaults(handler=cmd_show)
    p = commands.add_parser("pair", help="pair the next round (or re-pair before its first result)")
    p.add_argument("name")
    p.set_defaults(handler=cmd_pair)
    p = commands.add_parser("result", help="enter or correct a table's result")
    p.add_argument("name")
    p.add_argument("table", type=int)
    p.add_argument("--score", type=_pair_of, required=True, metavar="A-B")
    p.add_argument("--cas", type=_pair_of, default=(0, 0), metavar="A-B")
    p.add_argument("--round", type=int, help="an earlier round (a correction)")
    for side in ("a", "b"):
        p.add_argument(
            f"--spp-{side}", metavar="PLAYER:KIND,...",
            help=f"SPP of side {side.upper()}: td, cas, comp, int, def, mvp (no mvp: rolled); "
            "only with --between-rounds progression",
        )  # fmt: skip
    p.add_argument("--seed", type=int, help="seed for the dice of rolled MVPs")
    p.set_defaults(handler=cmd_result)
    p = commands.add_parser("standings", help="the standings")
    p.add_argument("name")
    p.set_defaults(handler=cmd_standings)
    p = commands.add_parser("slips", help="a PDF with one result slip per table")
    p.add_argument("name")
    p.add_argument("-o", "--output", type=Path, required=True)
    p.add_argument("--round", type=int)
    p.set_defaults(handler=cmd_slips)
    p = commands.add_parser("naf", help="the NAF tournament report (XML)")
    p.add_argument("name")
    p.add_argument("-o", "--output", type=Path, required=True)
    p.add_argument("--organiser", default="", help="the organiser's NAF name")
    p.set_defaults(handler=cmd_naf)


def _tiers(path: Path | None) -> dict[str, TierRule]:
    from league_manager.rules.exhibition import TierRule

    if path is None:
        return {}
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    if not isinstance(data, dict):
        raise RuleViolation("tiers", f"{path} must map a tier or race to budget/skills")
    out = {}
    for key, value in data.items():
        value = value or {}
        unknown = set(value) - {"budget", "skills"}
        if unknown:
            raise RuleViolation("tiers", f"{key}: unknown setting(s) {', '.join(sorted(unknown))}")
        out[str(key)] = TierRule(value.get("budget"), value.get("skills"))
    return out


def cmd_create(args: argparse.Namespace, ctx: CliContext) -> int:
    """``event create``."""
    from league_manager.rules.exhibition import EventSettings

    settings = EventSettings(
        format=args.format, rounds=args.rounds, budget=args.budget, skills=args.skills,
        skills_per_player=args.skills_per_player, points=args.points,
        tie_breakers=tuple(t.strip() for t in args.tie_breakers.split(",") if t.strip()),
        tiers=_tiers(args.tiers), ruleset=args.ruleset, stars=args.stars, team_size=args.teams_of,
        team_scoring=args.team_scoring, between_rounds=args.between_rounds,
    )  # fmt: skip
    state = ctx.services().events.create(args.name, settings)
    return ctx.emit(
        {"name": state.name, "settings": asdict(settings)},
        lambda: "\n".join([f"Created event {state.name}", *settings.lines()]),
    )


def _counts(text: str, what: str) -> list[tuple[str, int]]:
    out = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        name, sep, count = part.rpartition("=")
        if not sep or not name.strip() or not count.strip().isdigit():
            raise RuleViolation(what, f"'{part}' is not NAME=N")
        out.append((name.strip(), int(count)))
    return out


def _picks(text: str) -> list[SkillPick]:
    from league_manager.rules.exhibition import parse_picks

    return parse_picks(text)


def cmd_register(args: argparse.Namespace, ctx: CliContext) -> int:
    """``event register``: from options or a roster file."""
    values: dict[str, Any] = {
        "coach": args.coach, "race": args.race, "name": args.team_name, "buy": ",".join(args.buy),
        "skills": args.skills, "induce": args.induce, "rerolls": args.rerolls,
        "apothecary": args.apothecary, "naf": args.naf, "team": args.team,
    }  # fmt: skip
    if args.roster is not None:
        data = yaml.safe_load(args.roster.read_text(encoding="utf-8")) or {}
        if not isinstance(data, dict):
            raise RuleViolation("roster file", f"{args.roster} must be a mapping of the register options")
        for key, value in data.items():
            if key not in values:
                raise RuleViolation("roster file", f"unknown key '{key}' (keys: {', '.join(values)})")
            if isinstance(value, list):
                value = ",".join(str(v) for v in value)
            values[key] = value
    for key in ("coach", "race", "name"):
        if not values[key]:
            raise RuleViolation("registration", f"--{key} is needed")
    entry = ctx.services().events.register(
        args.name, coach=str(values["coach"]), race=str(values["race"]), team_name=str(values["name"]),
        buys=_counts(str(values["buy"] or ""), "buy"), picks=_picks(str(values["skills"] or "")),
        inducements=dict(_counts(str(values["induce"] or ""), "inducements")),
        rerolls=int(values["rerolls"] or 0), apothecary=bool(values["apothecary"]),
        naf_number=None if values["naf"] in (None, "") else int(values["naf"]),
        squad=None if not values["team"] else str(values["team"]), replaces=args.replaces,
    )  # fmt: skip
    roster = entry.roster
    done = "Corrected" if args.replaces else "Registered"
    return ctx.emit(
        asdict(entry),
        lambda: (
            f"{done} #{entry.id} {_entry_line(entry)}; "
            f"spent {roster['spent']:,} of {roster['budget']:,} gp, {roster['lost']:,} gp lost"
        ),
    )


def cmd_withdraw(args: argparse.Namespace, ctx: CliContext) -> int:
    """``event withdraw``: a registration leaves before round 1."""
    entry = ctx.services().events.withdraw(args.name, args.entry)
    return ctx.emit(asdict(entry), lambda: f"Withdrew #{entry.id} {_entry_line(entry)}")


def _entry_line(entry: EntryView) -> str:
    """``coach: team (race), TV n`` for the register and withdraw messages."""
    return f"{entry.coach}: {entry.team_name} ({entry.race}), TV {entry.team_value:,}"


def cmd_show(args: argparse.Namespace, ctx: CliContext) -> int:
    """``event show``: rules, then every roster with the rules printed on it."""
    from league_manager.services.event_views import player_skills, player_spp, roster_extras

    state = ctx.services().events.state(args.name)

    def text() -> str:
        lines = [state.name, *("  " + line for line in state.settings.lines()), ""]
        for entry in state.entries:
            naf = f", NAF {entry.naf_number}" if entry.naf_number else ""
            naf += f", team {entry.squad}" if entry.squad else ""
            lines.append(
                f"#{entry.id} {entry.coach}{naf}: {entry.team_name} ({entry.race}), TV {entry.team_value:,}"
            )
            players = entry.roster["players"]
            assert isinstance(players, list)
            for player in players:
                skills = ", ".join(player_skills(entry.roster, player["number"]))
                extra = f" + {skills}" if skills else ""
                spp = player_spp(entry.roster, player["number"])
                extra += f" [{spp} SPP]" if spp else ""
                lines.append(f"  {player['number']:>2} {player['position']}{extra}")
            lines.append("  " + roster_extras(entry.roster))
        return "\n".join(lines)

    return ctx.emit(
        {
            "name": state.name,
            "settings": asdict(state.settings),
            "entries": [asdict(e) for e in state.entries],
        },
        text,
    )


def cmd_pair(args: argparse.Namespace, ctx: CliContext) -> int:
    """``event pair``."""
    games = ctx.services().events.pair(args.name)

    def text() -> str:
        lines = [f"Round {games[0].round}" if games else "No tables"]
        for g in games:
            a = f"{g.a.coach} ({g.a.squad})" if g.a.squad else g.a.coach
            b = "" if g.b is None else f"{g.b.coach} ({g.b.squad})" if g.b.squad else g.b.coach
            lines.append(f"  table {g.table}: {a} v {b}" if g.b else f"  bye: {a}")
        return "\n".join(lines)

    return ctx.emit(
        [
            {
                "round": g.round,
                "table": g.table,
                "a": g.a.coach,
                "b": g.b.coach if g.b else None,
                "team_a": g.a.squad or None,
                "team_b": (g.b.squad or None) if g.b else None,
            }
            for g in games
        ],
        text,
    )


def cmd_result(args: argparse.Namespace, ctx: CliContext) -> int:
    """``event result``."""
    from league_manager.rules.dice import SeededDice
    from league_manager.rules.event_progression import parse_spp

    spp = tuple(None if text is None else parse_spp(text) for text in (args.spp_a, args.spp_b))
    dice = SeededDice(args.seed)
    g = ctx.services().events.result(
        args.name, args.table, args.score, args.cas, args.round, spp=(spp[0], spp[1]), dice=dice
    )
    from league_manager.services.event_views import mvp_line

    opponent = g.b.coach if g.b else "bye"
    mvps = [mvp_line(e.roster, g.round) for e in (g.a, g.b) if e is not None]
    shown = f"; {g.a.coach} {mvps[0]}, {opponent} {mvps[1]}" if all(mvps) else ""
    return ctx.emit(
        {
            "round": g.round, "table": g.table, "score": [g.score_a, g.score_b], "cas": [g.cas_a, g.cas_b],
            "mvp": [m or None for m in mvps],
        },
        lambda: (
            f"Round {g.round} table {g.table}: {g.a.coach} {g.score_a}-{g.score_b} {opponent} "
            f"(cas {g.cas_a}-{g.cas_b}){shown}"
        ),
    )  # fmt: skip


def _standing_row(rank: int, line: Standing) -> dict[str, Any]:
    return {
        "rank": rank, "coach": line.name, "points": line.points, "wins": line.wins, "draws": line.draws,
        "losses": line.losses, "td_for": line.td_for, "td_against": line.td_against,
        "cas_for": line.cas_for, "cas_against": line.cas_against, "opponents_points": line.opponents_points,
        "byes": line.byes,
    }  # fmt: skip


def cmd_standings(args: argparse.Namespace, ctx: CliContext) -> int:
    """``event standings``."""
    state = ctx.services().events.state(args.name)
    rows = [_standing_row(n, line) for n, line in enumerate(state.standings, start=1)]
    teams = [
        {"rank": n, "team": t.squad, "coaches": list(t.coaches), "points": t.points, "wins": t.wins,
         "draws": t.draws, "losses": t.losses, "coach_points": t.coach_points, "coach_wins": t.coach_wins,
         "td_for": t.td_for, "td_against": t.td_against, "cas_for": t.cas_for, "cas_against": t.cas_against,
         "byes": t.byes}
        for n, t in enumerate(state.teams, start=1)
    ]  # fmt: skip

    def text() -> str:
        lines = [
            f"{r['rank']:>3}. {r['team']:<24} {r['points']:>3} pts  {r['wins']}-{r['draws']}-{r['losses']}  "
            f"coach points {r['coach_points']}  TD {r['td_for']}-{r['td_against']}"
            for r in teams
        ]
        lines += [""] if teams else []
        lines += [
            f"{r['rank']:>3}. {r['coach']:<24} {r['points']:>3} pts  {r['wins']}-{r['draws']}-{r['losses']}  "
            f"TD {r['td_for']}-{r['td_against']}  CAS {r['cas_for']}-{r['cas_against']}  "
            f"OPP {r['opponents_points']}"
            for r in rows
        ]
        return "\n".join(lines)

    return ctx.emit({"teams": teams, "coaches": rows} if state.settings.team_size else rows, text)


def cmd_slips(args: argparse.Namespace, ctx: CliContext) -> int:
    """``event slips``."""
    from league_manager.reports.event_slips import write_slips

    state = ctx.services().events.state(args.name)
    try:
        count = write_slips(state, args.output, args.round)
    except ValueError as exc:
        return ctx.fail(str(exc))
    return ctx.emit(
        {"slips": count, "file": str(args.output)}, lambda: f"Wrote {count} slips to {args.output}"
    )


def cmd_naf(args: argparse.Namespace, ctx: CliContext) -> int:
    """``event naf``."""
    from league_manager.reports.naf_report import naf_report

    state = ctx.services().events.state(args.name)
    args.output.write_text(naf_report(state, args.organiser), encoding="utf-8")
    games = sum(
        1
        for g in state.games
        if g.b is not None and g.score_a is not None and g.a.naf_number and g.b.naf_number
    )
    return ctx.emit(
        {"file": str(args.output), "games": games},
        lambda: f"Wrote the NAF report ({games} games between NAF members)",
    )
