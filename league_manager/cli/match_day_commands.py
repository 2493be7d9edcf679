"""``fixture pregame|kick-off|record|play|postgame [--undo]|correct|board-abandon|match-day``: match day.

The ``fixture`` command belongs to :mod:`league_manager.cli.season_commands`; this module
adds its subcommands to that parser (so it is registered after it in ``COMMAND_MODULES``),
and creates the ``fixture`` command itself when it is missing.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

from league_manager.cli.classic_postmatch_text import run_classic_postgame
from league_manager.cli.classic_prematch_text import run_classic_pregame
from league_manager.cli.classic_undo_text import run_classic_undo
from league_manager.cli.context import CliContext
from league_manager.core.errors import RuleViolation
from league_manager.match.bots import BOT_NAMES
from league_manager.services.match_day.dice import parse_typed
from league_manager.services.match_day.inducements import Purchase
from league_manager.services.match_day.store import SIDES, MatchDayView

if TYPE_CHECKING:
    SubParsers: TypeAlias = argparse._SubParsersAction[argparse.ArgumentParser]


def _fixture_subparsers(subparsers: SubParsers) -> SubParsers:
    """The subcommands of the existing ``fixture`` command (created when missing)."""
    fixture = subparsers.choices.get("fixture")
    if fixture is None:
        fixture = subparsers.add_parser("fixture", help="enter results and edit single fixtures")
        return fixture.add_subparsers(dest="fixture_command", required=True, metavar="COMMAND")
    for action in fixture._actions:
        if isinstance(action, argparse._SubParsersAction):
            return action
    return fixture.add_subparsers(dest="fixture_command", required=True, metavar="COMMAND")


def register(subparsers: SubParsers) -> None:
    """Add the match-day subcommands to ``fixture``."""
    sub = _fixture_subparsers(subparsers)
    p = sub.add_parser("pregame", help="pre-game: snapshot, fans, weather, journeymen, inducements, prayers")
    p.add_argument("fixture", type=int)
    p.add_argument("--seed", type=int, help="seed for the program's dice (default: random)")
    p.add_argument("--typed", metavar="ROLLS", help="physical dice typed in, in order (e.g. 2,5,3,4,1)")
    for side in SIDES:
        p.add_argument(
            f"--{side}-buy",
            action="append",
            default=[],
            metavar="NAME[=N]",
            help=f"an inducement or star player for the {side} team (repeatable); LRB 2004: a "
            "freebooter by position (Blitzer=2), Wizard, Runesmith, Master Chef=N (extra dice) or "
            "Apothecary (sent on a player who fails his niggling-injury roll)",
        )
    p.add_argument(
        "--pick", type=int, metavar="D66", help="LRB 2004: the underdog's picked fifth handicap (101+)"
    )
    p.set_defaults(handler=cmd_pregame)
    p = sub.add_parser(
        "cancel-pregame",
        help="undo the pre-game (BB2020) or pre-match (LRB 2004) before any result, to run it again: "
        "BB2020 inducements refunded; LRB 2004 hires refunded and handicap MVPs' SPP taken back",
    )
    p.add_argument("fixture", type=int)
    p.add_argument("--reason", required=True, help="kept on the fixture's record")
    p.set_defaults(handler=cmd_cancel_pregame)
    p = sub.add_parser("kick-off", help="mark the match as being played")
    p.add_argument("fixture", type=int)
    p.set_defaults(handler=cmd_kick_off)
    p = sub.add_parser("record", help="enter the result document (see docs/match-result.md)")
    p.add_argument("fixture", type=int)
    p.add_argument("--result", required=True, metavar="FILE.json")
    p.set_defaults(handler=cmd_record)
    p = sub.add_parser("play", help="play the fixture on the match engine and record its result")
    p.add_argument("fixture", type=int)
    p.add_argument("--seed", type=int, help="seed for the dice and the bots (default: random)")
    p.add_argument("--bot", choices=BOT_NAMES, default="random", help="the bot level playing both sides")
    p.set_defaults(handler=cmd_play)
    p = sub.add_parser("postgame", help="post-game: winnings, fans, SPP and MVP, injuries, hires, mistakes")
    p.add_argument("fixture", type=int)
    p.add_argument("--seed", type=int, help="seed for the program's dice (default: random)")
    p.add_argument("--typed", metavar="ROLLS", help="physical dice typed in, in order")
    p.add_argument("--mvp", nargs="+", default=[], metavar="PLAYER", help="typed MVPs (player id or name)")
    p.add_argument(
        "--hire",
        nargs="+",
        default=[],
        metavar="JOURNEYMAN",
        help="journeymen to hire permanently (e.g. journeyman:home:1)",
    )
    p.add_argument(
        "--injured", nargs="+", type=int, default=[], metavar="PLAYER_ID",
        help="LRB 2004: players who suffered a Serious Injury (each rolls on the D66 table)",
    )  # fmt: skip
    p.add_argument(
        "--figures", nargs="+", default=[], metavar="PLAYER_ID:td=N,cas=N,comp=N,int=N",
        help="LRB 2004: each player's touchdowns, casualties, completions, interceptions",
    )  # fmt: skip
    p.add_argument(
        "--undo", action="store_true",
        help="LRB 2004: take the post-match back by compensating rows (with --reason), while "
        "nothing later depends on it; then correct the score and run the post-match again",
    )  # fmt: skip
    p.add_argument("--reason", help="with --undo: why (kept on the fixture's record)")
    p.set_defaults(handler=cmd_postgame)
    p = sub.add_parser("correct", help="replace a result with a reason; the post-game is re-applied")
    p.add_argument("fixture", type=int)
    p.add_argument("--result", required=True, metavar="FILE.json")
    p.add_argument("--reason", required=True)
    p.add_argument(
        "--recompute",
        action="store_true",
        help="revert the advancements bought with SPP the correction takes away and re-apply them "
        "in order (one the player can no longer pay is removed); without it such a correction is "
        "refused, naming each advancement",
    )
    p.set_defaults(handler=cmd_correct)
    p = sub.add_parser(
        "board-abandon",
        help="abandon the fixture's board match (kept, with the reason); back to the pre-game stage",
    )
    p.add_argument("fixture", type=int)
    p.add_argument("--reason", required=True, help="kept with the board match's record")
    p.set_defaults(handler=cmd_board_abandon)
    p = sub.add_parser("match-day", help="show what match day recorded for a fixture")
    p.add_argument("fixture", type=int)
    p.set_defaults(handler=cmd_show)


def _read(path: str) -> dict[str, Any] | str:
    """The JSON document in ``path``, or the reason it cannot be read."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        return f"cannot read the result {path}: {exc}"
    if not isinstance(data, dict):
        return f"{path}: the result document must be a JSON object"
    return data


def cmd_pregame(args: argparse.Namespace, ctx: CliContext) -> int:
    """Run the pre-game sequence (the classic pre-match for an LRB 2004 fixture)."""
    purchases = {side: [Purchase.parse(t) for t in getattr(args, f"{side}_buy")] for side in SIDES}
    if ctx.services().match_day.is_classic(args.fixture):
        return run_classic_pregame(args, purchases, ctx)
    if args.pick is not None:
        raise RuleViolation("pick", "--pick is for the handicap table of an LRB 2004 fixture")
    outcome = ctx.services().match_day.pregame(
        args.fixture, seed=args.seed, typed=parse_typed(args.typed), purchases=purchases
    )
    return _emit(ctx, outcome.value)


def cmd_cancel_pregame(args: argparse.Namespace, ctx: CliContext) -> int:
    """Cancel a pre-game so it can be run again."""
    step = "Pre-match" if ctx.services().match_day.is_classic(args.fixture) else "Pre-game"
    changes = ctx.services().match_day.cancel_pregame(args.fixture, args.reason).value
    text = [f"{step} of fixture {args.fixture} cancelled; run it again with: fixture pregame {args.fixture}"]
    return ctx.emit({"fixture_id": args.fixture, "changes": changes}, lambda: "\n".join(text + changes))


def cmd_kick_off(args: argparse.Namespace, ctx: CliContext) -> int:
    """Mark the match as in progress."""
    return _emit(ctx, ctx.services().match_day.kick_off(args.fixture).value)


def cmd_record(args: argparse.Namespace, ctx: CliContext) -> int:
    """Enter a result document from a file."""
    data = _read(args.result)
    if isinstance(data, str):
        return ctx.fail(data)
    return _emit(ctx, ctx.services().match_day.record(args.fixture, data).value)


def cmd_play(args: argparse.Namespace, ctx: CliContext) -> int:
    """Play the fixture on the engine."""
    return _emit(ctx, ctx.services().match_day.play(args.fixture, seed=args.seed, bot=args.bot).value)


def cmd_postgame(args: argparse.Namespace, ctx: CliContext) -> int:
    """Apply the post-game sequence (the classic post-match for an LRB 2004 fixture)."""
    if args.undo or args.reason is not None:
        return run_classic_undo(args, ctx)
    if ctx.services().match_day.is_classic(args.fixture):
        if args.hire:
            raise RuleViolation("post-match", "--hire is BB2020's; LRB 2004 has no journeymen")
        if not all(m.isdigit() for m in args.mvp):
            raise RuleViolation(
                "post-match", "LRB 2004: --mvp names the MVPs drawn on the table by player id"
            )
        return run_classic_postgame(args, ctx)
    if args.injured or args.figures:
        raise RuleViolation("post-game", "--injured and --figures are for an LRB 2004 fixture")
    outcome = ctx.services().match_day.postgame(
        args.fixture, seed=args.seed, typed=parse_typed(args.typed), mvp=args.mvp, hire=args.hire
    )
    return _emit(ctx, outcome.value)


def cmd_correct(args: argparse.Namespace, ctx: CliContext) -> int:
    """Correct a result."""
    data = _read(args.result)
    if isinstance(data, str):
        return ctx.fail(data)
    outcome = ctx.services().match_day.correct(args.fixture, data, args.reason, recompute=args.recompute)
    return _emit(ctx, outcome.value)


def cmd_board_abandon(args: argparse.Namespace, ctx: CliContext) -> int:
    """Abandon a fixture's board match."""
    return _emit(ctx, ctx.services().board.abandon(args.fixture, args.reason).value)


def cmd_show(args: argparse.Namespace, ctx: CliContext) -> int:
    """Show a fixture's match day."""
    return _emit(ctx, ctx.services().match_day.get(args.fixture))


def _emit(ctx: CliContext, view: MatchDayView) -> int:
    return ctx.emit(view.to_dict(), lambda: render(view))


def render(view: MatchDayView) -> str:
    """The match day in words: each roll and its effect, the result, every post-game change."""
    lines = [f"Fixture {view.fixture_id}: {view.home} v {view.away} — {view.stage} ({view.fixture_status})"]
    pre = view.pre
    names = {
        str(p["id"]): f"{p['name']} (#{p['number']})" for s in view.snapshots.values() for p in s["players"]
    }
    names.update(
        {str(h.player_id): names.get(h.journeyman, "") for h in (view.post.hired if view.post else ())}
    )
    for side, t in pre.sides():
        ind = t.inducements
        bought = ", ".join(f"{x.quantity} x {x.name} ({x.cost:,} gp)" for x in ind.lines) if ind else ""
        lines.append(
            f"  {side}: fans D3 {t.fans_roll} + {t.dedicated_fans} = fan factor {t.fan_factor}; "
            f"CTV {t.ctv:,}; journeymen {len(t.journeymen)}; "
            f"inducements {bought or 'none'} (petty cash {ind.petty_cash if ind else 0:,}, "
            f"from treasury {ind.paid_from_treasury if ind else 0:,})"
        )
    if pre.weather is not None:
        lines.append(f"  weather {list(pre.weather.dice)}: {pre.weather.result}")
    for side, prayer in pre.prayers.rolled():
        lines.append(f"  prayer for {side}: {prayer.roll} {prayer.name} ({prayer.lasts})")
    kick = pre.kick_off
    if kick is not None:
        lines.append(f"  coin toss {kick.toss_roll}: {kick.toss_winner} receives, {kick.kicking} kicks")
    if pre.engine is not None and pre.engine.inert_skills:
        lines.append(
            f"  played on the engine without (not implemented): {', '.join(pre.engine.inert_skills)}"
        )
    if view.result:
        r = view.result
        conceded = "" if r.get("conceded") is None else f" ({SIDES[r['conceded']]} conceded)"
        lines.append(
            f"  result {r['home']['score']}-{r['away']['score']}{conceded}, "
            f"CAS {r['home']['casualties_inflicted']}-{r['away']['casualties_inflicted']}"
        )
    post = view.post
    if post is not None:
        for side, o in post.sides():
            lines.append(
                f"  {side} {o.outcome}: winnings {o.winnings:,} gp; fans {o.fans_change:+d} "
                f"({'no roll' if o.fans_roll is None else 'roll ' + str(o.fans_roll)}); "
                f"MVP {names.get(str(o.mvp), o.mvp or 'none')} ({o.mvp_chosen}"
                + (f" among {', '.join(names.get(n, n) for n in o.mvp_nominees)}" if o.mvp_nominees else "")
                + f"); expensive mistakes: {o.expensive_mistake}"
                + (f" (-{o.mistake_loss:,} gp)" if o.mistake_loss else "")
                + (f"; {o.spp_lost} SPP lost by conceding" if o.spp_lost else "")
            )
        for p in post.players:
            lines.append(f"  {names.get(p.id, p.id)}: +{p.spp} SPP")
        for injury in post.injuries:
            who = names.get(str(injury.player_id), str(injury.player_id))
            lines.append(f"  {who}: {injury.injury} {injury.lasting or ''}".rstrip())
        for even in post.getting_even:
            who = names.get(str(even.player_id), str(even.player_id))
            gained = even.hatred if even.gained else "no Hatred"
            lines.append(f"  {who}: Getting Even D6 {even.roll}: {gained}")
        for hired in post.hired:
            lines.append(f"  hired {hired.journeyman} as player {hired.player_id} ({hired.cost:,} gp)")
    if view.board is not None:
        board = view.board
        lines.append(f"  {board.summary()}")
        if board.in_progress and board.turn_team is not None:
            lines.append(
                f"    half {board.half}, {board.turn_team}'s turn (turns {board.turns[0]}/{board.turns[1]}), "
                f"score {board.score[0]}-{board.score[1]}; {board.controllers['home']} v "
                f"{board.controllers['away']}; undo {board.undo_policy} ({board.undo_count} taken back)"
            )
    for c in view.corrections:
        lines.append(f"  correction ({c['reason']}): {'; '.join(c['changes']) or 'no balance changed'}")
    return "\n".join(lines)
