"""``season classic-playoffs|classic-draw`` and ``fixture challenge|challenge-answer``: the open
play-offs of a classic (LRB 2004) season and its written challenges."""

from __future__ import annotations

import argparse

from league_manager.cli.classic_prematch_text import render_classic_prematch
from league_manager.cli.context import CliContext
from league_manager.cli.subcommands import SubParsers, subcommands
from league_manager.core.errors import LeagueError
from league_manager.rules.classic_tournaments.playoffs import PlayoffStanding
from league_manager.services.classic_challenges import ChallengeView
from league_manager.services.classic_playoffs import standing_dict
from league_manager.services.match_day.dice import parse_typed


def register(subparsers: SubParsers) -> None:
    """Add the classic play-off commands to the ``season`` command."""
    season = subcommands(subparsers, "season", "seasons: teams, schedule, fixtures, standings")
    p = season.add_parser(
        "classic-playoffs",
        help="an LRB 2004 season's play-off table: best three results (15 a win, 5 a loss, +/- touchdowns)",
    )
    p.add_argument("season")
    _count_option(p)
    p.set_defaults(handler=cmd_playoffs)
    p = season.add_parser(
        "classic-draw",
        help="close an LRB 2004 season's play-offs: the top four (eight) go through and the ties are drawn",
    )
    p.add_argument("season")
    p.add_argument("--quarter-finals", action="store_true", help="eight qualify for quarter-finals")
    p.add_argument("--third-place", action="store_true", help="add the match for 3rd and 4th place")
    p.add_argument("--seed", type=int, help="seed for the draw's dice (default: random)")
    _count_option(p)
    p.set_defaults(handler=cmd_draw)
    fixture = subcommands(subparsers, "fixture", "enter results and edit single fixtures")
    p = fixture.add_parser(
        "challenge", help="issue a written play-off challenge (LRB 2004; one a week, weeks 1-3)"
    )
    p.add_argument("season")
    p.add_argument("challenger")
    p.add_argument("target")
    p.add_argument("--week", type=int, required=True, help="the play-off week (1-3)")
    p.set_defaults(handler=cmd_challenge)
    p = fixture.add_parser("challenge-answer", help="the challenged coach's answer to a written challenge")
    p.add_argument("challenge", type=int, help="the challenge's number (fixture challenge prints it)")
    how = p.add_mutually_exclusive_group(required=True)
    how.add_argument("--accept", action="store_true", help="play the match: the fixture is added")
    how.add_argument(
        "--refuse", action="store_true", help="a 2-0 win for the challenger, no SPP, cash or fan factor"
    )
    how.add_argument(
        "--substitute", metavar="TEAM", help="a team that has not played the challenger plays instead"
    )
    how.add_argument("--decline-substitute", action="store_true", help="the challenger loses 0-2 instead")
    p.set_defaults(handler=cmd_challenge_answer)
    p = fixture.add_parser(
        "inspire", help="LRB 2004 Inspiration: the player who takes the extra MVP (after fixture pregame)"
    )
    p.add_argument("fixture", type=int)
    p.add_argument("player", type=int, help="the player's id (team show lists them)")
    p.add_argument("--seed", type=int, help="seed for the program's dice (default: random)")
    p.add_argument("--typed", metavar="ROLLS", help="physical dice typed in: his Star Player roll(s), if any")
    p.set_defaults(handler=cmd_inspire)


def _count_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--count",
        action="append",
        default=[],
        metavar="TEAM=FIXTURE[,FIXTURE...]",
        help="the results a coach puts forward (up to three, fewer allowed; 'TEAM=' none); "
        "a team not named counts its best three. Repeat for each team",
    )


def put_forward(values: list[str]) -> dict[str, list[int]]:
    """``TEAM=1,4,7`` options as team -> fixture ids.

    Raises:
        LeagueError: a value without ``=`` or with a fixture that is not a number, or a team twice.
    """
    chosen: dict[str, list[int]] = {}
    for value in values:
        team, sep, fixtures = value.partition("=")
        team = team.strip()
        if not sep or not team:
            raise LeagueError(f"--count {value!r}: write TEAM=FIXTURE,FIXTURE (fixture ids)")
        if team in chosen:
            raise LeagueError(f"--count: {team} is named twice")
        try:
            chosen[team] = [int(f) for f in fixtures.split(",") if f.strip()]
        except ValueError:
            raise LeagueError(f"--count {value!r}: fixture ids are numbers") from None
    return chosen


def render_table(table: tuple[PlayoffStanding, ...]) -> str:
    """The play-off table as text, best first."""
    lines = [f"{'Team':<24} {'Pts':>4} {'TR':>4}  Results counted (opponents)"]
    lines += [f"{s.team:<24} {s.points:>4} {s.rating:>4}  {', '.join(s.counted) or '-'}" for s in table]
    return "\n".join(lines)


def cmd_playoffs(args: argparse.Namespace, ctx: CliContext) -> int:
    """Show the play-off table."""
    table = ctx.services().classic_playoffs.table(args.season, put_forward(args.count))
    return ctx.emit([standing_dict(s) for s in table], lambda: render_table(table))


def cmd_draw(args: argparse.Namespace, ctx: CliContext) -> int:
    """Qualify and draw the knock-out."""
    view = (
        ctx.services()
        .classic_playoffs.draw(
            args.season,
            quarter_finals=args.quarter_finals,
            third_place=args.third_place,
            seed=args.seed,
            put_forward=put_forward(args.count),
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


def render_challenge(view: ChallengeView) -> str:
    """A challenge as one line."""
    against = view.challenged if view.substitute is None else f"{view.substitute} (for {view.challenged})"
    state = view.answer or "waiting for the answer"
    fixture = f", fixture {view.fixture_id}" if view.fixture_id else ""
    return f"Challenge {view.id} (week {view.week}): {view.challenger} v {against}: {state}{fixture}"


def cmd_challenge(args: argparse.Namespace, ctx: CliContext) -> int:
    """Issue a written challenge."""
    view = ctx.services().classic_challenges.issue(args.season, args.challenger, args.target, args.week).value
    return ctx.emit(view.to_dict(), lambda: render_challenge(view))


def cmd_challenge_answer(args: argparse.Namespace, ctx: CliContext) -> int:
    """Answer a written challenge."""
    service = ctx.services().classic_challenges
    if args.decline_substitute:
        view = service.decline_substitute(args.challenge).value
        return ctx.emit(view.to_dict(), lambda: render_challenge(view))
    answer = "accept" if args.accept else "refuse" if args.refuse else "substitute"
    view = service.answer(args.challenge, answer, args.substitute).value
    return ctx.emit(view.to_dict(), lambda: render_challenge(view))


def cmd_inspire(args: argparse.Namespace, ctx: CliContext) -> int:
    """Give Inspiration's extra MVP to the coach's player."""
    view = (
        ctx.services()
        .match_day.classic_inspire(args.fixture, args.player, seed=args.seed, typed=parse_typed(args.typed))
        .value
    )
    return ctx.emit(view.to_dict(), lambda: render_classic_prematch(view))
