"""``league-manager match``: run a golden scenario, show its odds, or simulate games."""

from __future__ import annotations

import argparse
from typing import Any

from league_manager.cli import match_coverage, remote_commands
from league_manager.cli.context import CliContext
from league_manager.core.errors import LeagueError
from league_manager.match.bots import BOT_NAMES, LEVELS, BotStalled, make_bot, play
from league_manager.match.engine import Match
from league_manager.match.scenario import ScenarioError, event_dict, load, run
from league_manager.match.teams import generate_team
from league_manager.rules.loader import load_ruleset


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``match`` command and its ``scenario``, ``simulate`` and ``coverage`` subcommands."""
    parser = subparsers.add_parser("match", help="run the match engine headless")
    sub = parser.add_subparsers(dest="match_command", required=True)

    scen = sub.add_parser("scenario", help="run a golden scenario file and check it")
    scen.add_argument("file", help="scenario JSON file (see docs/scenarios.md)")
    scen.set_defaults(handler=scenario_command)

    odds = sub.add_parser("odds", help="the odds of the options open at a scenario's end position")
    odds.add_argument("file", help="scenario JSON file (its actions are applied first)")
    odds.set_defaults(handler=odds_command)

    sim = sub.add_parser("simulate", help="play full games between generated teams")
    sim.add_argument("--home", required=True, help="home race (roster id or name)")
    sim.add_argument("--away", required=True, help="away race (roster id or name)")
    sim.add_argument("--seed", type=int, default=1, help="seed for teams, dice and bots")
    sim.add_argument("--games", type=int, default=1, help="number of games")
    sim.add_argument("--bot", choices=BOT_NAMES, default="random")
    sim.add_argument("--ruleset", default="bb2020", help="the edition played: bb2020 (default) or bb2025")
    sim.set_defaults(handler=simulate_command)

    duel = sub.add_parser("duel", help="seeded games between two bots, with a summary for the home bot")
    duel.add_argument("--home-bot", required=True, choices=BOT_NAMES, help="bot A (the summary is its)")
    duel.add_argument("--away-bot", required=True, choices=BOT_NAMES, help="bot B")
    duel.add_argument("--games", type=int, default=10, help="number of seeds")
    duel.add_argument("--seed", type=int, default=1, help="the duel's seed (teams, dice, bots)")
    duel.add_argument("--swap", action="store_true", help="play each seed twice, the bots exchanging sides")
    duel.add_argument("--teams", default="human,human", help="home and away race: T1,T2 (human,human)")
    duel.add_argument("--ruleset", default="bb2020", help="the edition played: bb2020 (default) or bb2025")
    duel.add_argument("--csv", help="write one line per game to this CSV file")
    duel.set_defaults(handler=duel_command)

    bots = sub.add_parser("bots", help="the bot levels, weakest first")
    bots.set_defaults(handler=bots_command)

    match_coverage.register(sub)
    remote_commands.register(sub)


def scenario_command(args: argparse.Namespace, ctx: CliContext) -> int:
    """Run one scenario; exit 1 when an expectation fails or the dice script is off."""
    try:
        data = load(args.file)
        outcome = run(data)
    except (OSError, ValueError, KeyError, ScenarioError) as exc:
        return ctx.fail(f"cannot run scenario {args.file}: {exc}")
    from league_manager.match.scenario import build

    scenario, _match, _dice = build(data)
    events = [event_dict(scenario, e) for e in outcome.events]
    if ctx.as_json:
        ctx.emit(
            {
                "name": outcome.name,
                "ok": outcome.ok,
                "failures": outcome.failures,
                "events": events,
                "state": outcome.state,
            },
            str,
        )
    else:
        for event in outcome.events:
            ctx.print(_event_line(scenario.player_id, event.to_dict(), event.text()))
        for failure in outcome.failures:
            ctx.print(f"FAILED: {failure}")
        ctx.print(f"{outcome.name}: {'ok' if outcome.ok else 'FAILED'}")
    return 0 if outcome.ok else 1


def odds_command(args: argparse.Namespace, ctx: CliContext) -> int:
    """Print the odds of every option open after a scenario's actions (no expectations)."""
    from league_manager.match.actions import IllegalAction
    from league_manager.match.odds_report import options_odds, report_text
    from league_manager.match.scenario import build, parse_action
    from league_manager.rules.dice import DiceExhausted, DiceMismatch

    try:
        data = load(args.file)
        scenario, match, _dice = build(data)
        for raw in data.get("actions", []):
            match.apply(parse_action(scenario, raw))
    except (OSError, ValueError, KeyError, ScenarioError, IllegalAction, DiceExhausted, DiceMismatch) as exc:
        return ctx.fail(f"cannot set up scenario {args.file}: {exc}")
    report = options_odds(match, scenario.player_id)
    return ctx.emit(report, lambda: report_text(report))


def _event_line(player_id: Any, data: dict[str, Any], text: str) -> str:
    if "player" in data:
        text = text.replace(f"p{data['player']}", player_id(data["player"]), 1)
    if "other" in data:
        text = text.replace(f"-> p{data['other']}", f"-> {player_id(data['other'])}", 1)
    return text


def simulate_command(args: argparse.Namespace, ctx: CliContext) -> int:
    """Play ``--games`` games and print each result (same seed, same games)."""
    if args.games < 1:
        return ctx.fail("--games must be at least 1")
    try:
        ruleset = load_ruleset(args.ruleset)
        home_roster = ruleset.team(args.home)
        away_roster = ruleset.team(args.away)
        home = generate_team(home_roster, args.seed, prefix="home-")
        away = generate_team(away_roster, args.seed + 7919, prefix="away-")
    except (LeagueError, ValueError) as exc:
        return ctx.fail(str(exc))
    results = []
    for game in range(args.games):
        seed = args.seed * 1000 + game
        match = Match(home, away, seed=seed, snapshots=False, ruleset=ruleset, allow_inert=True)
        bots = (make_bot(args.bot, seed + 1), make_bot(args.bot, seed + 2))
        try:
            decisions = play(match, bots)
        except BotStalled as exc:
            return ctx.fail(str(exc))
        result = match.outcome()
        assert result is not None
        results.append(
            {
                "game": game + 1,
                "ruleset": ruleset.id,
                "seed": seed,
                "decisions": decisions,
                "inert_skills": match.inert_skills,
                **result.to_dict(),
            }
        )

    def text() -> str:
        lines = []
        for r in results:
            h, a = r["home"], r["away"]
            lines.append(
                f"game {r['game']} (seed {r['seed']}): {h['name']} {h['score']} - "
                f"{a['score']} {a['name']}  CAS {h['casualties_inflicted']}-"
                f"{a['casualties_inflicted']}  weather {r['weather']}"
            )
        if results and results[0]["inert_skills"]:
            inert = ", ".join(results[0]["inert_skills"])
            lines.append(f"played without (not implemented): {inert}")
        return "\n".join(lines)

    return ctx.emit({"home": home.to_dict(), "away": away.to_dict(), "games": results}, text)


def duel_command(args: argparse.Namespace, ctx: CliContext) -> int:
    """Play a seeded duel between two bots and print bot A's summary (and a CSV on request)."""
    import csv

    from league_manager.match.bots.duel import play_duel, summary

    if args.games < 1:
        return ctx.fail("--games must be at least 1")
    teams = [t.strip() for t in str(args.teams).split(",")]
    if len(teams) != 2 or not all(teams):
        return ctx.fail("--teams takes two races: T1,T2")
    try:
        ruleset = load_ruleset(args.ruleset)
        lines, times = play_duel(
            ruleset, args.home_bot, args.away_bot, (teams[0], teams[1]), args.games, args.seed, args.swap
        )
    except (LeagueError, ValueError, BotStalled) as exc:
        return ctx.fail(str(exc))
    rows = [line.to_dict() for line in lines]
    if args.csv:
        try:
            with open(args.csv, "w", newline="", encoding="utf-8") as handle:
                writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
                writer.writeheader()
                writer.writerows(rows)
        except OSError as exc:
            return ctx.fail(f"cannot write {args.csv}: {exc}")
    figures = summary(lines, times)
    data = {
        "home_bot": args.home_bot,
        "away_bot": args.away_bot,
        "teams": teams,
        "ruleset": ruleset.id,
        "seed": args.seed,
        "swap": args.swap,
        "summary": figures,
    }

    def text() -> str:
        f = figures
        low, high = f["win_rate_95"]
        ms = f["decision_ms"]
        return "\n".join(
            [
                f"{args.home_bot} v {args.away_bot} ({teams[0]} v {teams[1]}, {f['games']} games)",
                f"W-D-L {f['wins']}-{f['draws']}-{f['losses']}  win rate {f['win_rate']:.1%} "
                f"(95 % {low:.1%}-{high:.1%})",
                f"TD/game {f['td_for_per_game']} for, {f['td_against_per_game']} against; "
                f"TD/match {f['td_per_match']}",
                f"CAS/game {f['cas_for_per_game']}-{f['cas_against_per_game']}  "
                f"turnovers/game {f['turnovers_for_per_game']}-{f['turnovers_against_per_game']}",
                f"decision ms p50 {ms['p50']} p95 {ms['p95']} max {ms['max']}; "
                f"slowest match {f['match_seconds_max']} s",
            ]
        )

    return ctx.emit(data, text)


def bots_command(args: argparse.Namespace, ctx: CliContext) -> int:
    """List the bot levels, weakest first, with their one-line descriptions."""
    data = [{"name": level.name, "description": level.description} for level in LEVELS]
    return ctx.emit(data, lambda: "\n".join(f"{d['name']:8} {d['description']}" for d in data))
