"""``player advance|history|adjust-spp|rename|number`` and ``team ledger``."""

from __future__ import annotations

import argparse

from league_manager.cli.classic_pick_undo_text import run_star_pick_undo
from league_manager.cli.context import CliContext
from league_manager.cli.team_commands import render_team
from league_manager.core.money import format_gold
from league_manager.rules.advancement import KINDS
from league_manager.services.history_models import PlayerMatches


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``player`` and ``ledger`` commands."""
    player = subparsers.add_parser("player", help="advance players, show their history, corrections")
    sub = player.add_subparsers(dest="player_command", required=True, metavar="COMMAND")
    p = sub.add_parser("advance", help="spend SPP on an advancement")
    p.add_argument("player", type=int, help="player id (see team show --json)")
    p.add_argument("--kind", required=True, choices=[k.replace("_", "-") for k in KINDS])
    p.add_argument("--skill", help="skill for a chosen kind, or to take instead of a characteristic")
    p.add_argument("--category", help="category to roll on for a random kind (G, A, S, P, M)")
    p.add_argument("--prefer", default="", help="characteristics in order of preference, e.g. AG,MA")
    p.add_argument(
        "--keep",
        default="",
        help="Season 3 random primary (two skills rolled, one kept): skills to keep in order "
        "of preference, comma-separated, e.g. 'Mighty Blow,Block' (default: the first rolled)",
    )
    p.add_argument("--seed", type=int, help="seed for the dice (repeatable results)")
    p.set_defaults(handler=cmd_advance)
    p = sub.add_parser(
        "star-roll", help="LRB 2004: pick for a player's open Star Player roll (or --undo the latest pick)"
    )
    p.add_argument("player", type=int, help="player id (see team show --json)")
    pick = p.add_mutually_exclusive_group(required=True)
    pick.add_argument("--skill", help="a skill of the categories the roll opens")
    pick.add_argument("--trait", help="on a double: a trait of the position's normal categories")
    pick.add_argument("--characteristic", metavar="MA|ST|AG|AV", help="the characteristic a 10-12 gave")
    pick.add_argument(
        "--undo", action="store_true", help="take back the player's latest pick (its roll opens again)"
    )
    p.add_argument("--reason", help="with --undo: why (kept on the fixture's record)")
    p.set_defaults(handler=cmd_star_roll)
    p = sub.add_parser("history", help="SPP, advancements, injuries and match-by-match record of a player")
    p.add_argument("player", type=int)
    p.set_defaults(handler=cmd_history)
    p = sub.add_parser("adjust-spp", help="a commissioner's SPP correction")
    p.add_argument("player", type=int)
    p.add_argument("amount", type=int)
    p.add_argument("--reason", required=True)
    p.set_defaults(handler=cmd_adjust)
    p = sub.add_parser("rename", help="give a player a new name")
    p.add_argument("player", type=int)
    p.add_argument("name")
    p.set_defaults(handler=cmd_rename)
    p = sub.add_parser("number", help="give a player another shirt number")
    p.add_argument("player", type=int)
    p.add_argument("number", type=int)
    p.set_defaults(handler=cmd_number)
    p = sub.add_parser(
        "retire-temporarily", help="retire a player with a Lasting Injury from this game until the re-draft"
    )
    p.add_argument("player", type=int)
    p.set_defaults(handler=cmd_retire)
    p = sub.add_parser("return", help="take a temporary retirement back before the team's next pre-game")
    p.add_argument("player", type=int)
    p.set_defaults(handler=cmd_return)
    p = subparsers.add_parser("ledger", help="a team's treasury ledger (same as: team ledger)")
    p.add_argument("team")
    p.set_defaults(handler=cmd_ledger)


def cmd_star_roll(args: argparse.Namespace, ctx: CliContext) -> int:
    """Pick a skill, trait or characteristic for a classic Star Player roll."""
    if args.undo or args.reason is not None:
        return run_star_pick_undo(args, ctx)
    advancement = ctx.services().advancement
    if args.skill:
        outcome = advancement.star_roll(args.player, "skill", args.skill)
    elif args.trait:
        outcome = advancement.star_roll(args.player, "trait", args.trait)
    else:
        outcome = advancement.star_roll(args.player, "characteristic", args.characteristic)
    player = next(p for p in outcome.value.players if p.id == args.player)
    return ctx.emit(
        {"player": player.to_dict(), "change": outcome.changes.description},
        lambda: outcome.changes.description + "\n\n" + render_team(outcome.value),
    )


def cmd_advance(args: argparse.Namespace, ctx: CliContext) -> int:
    """Spend SPP on one advancement."""
    prefer = tuple(p.strip().upper() for p in args.prefer.split(",") if p.strip())
    keep = tuple(k.strip() for k in args.keep.split(",") if k.strip())
    outcome = ctx.services().advancement.advance(
        args.player, args.kind.replace("-", "_"), skill=args.skill,
        category=args.category.upper() if args.category else None, prefer=prefer, keep=keep,
        seed=args.seed,
    )  # fmt: skip
    player = next(p for p in outcome.value.players if p.id == args.player)
    return ctx.emit(
        {"player": player.to_dict(), "change": outcome.changes.description},
        lambda: outcome.changes.description + "\n\n" + render_team(outcome.value),
    )


def cmd_history(args: argparse.Namespace, ctx: CliContext) -> int:
    """Print a player's record."""
    record = ctx.services().advancement.record(args.player)
    games = ctx.services().history.player_matches(args.player)

    def text() -> str:
        lines = [f"{record.name} ({record.position}, {record.team}): {record.spp} SPP, "
                 f"{record.advancements} advancements", "", "Can buy now:"]  # fmt: skip
        for c in record.choices:
            mark = "yes" if c.affordable else "no "
            lines.append(
                f"  [{mark}] {c.kind.replace('_', ' '):<18} {c.cost:>3} SPP  {'/'.join(c.categories)}"
            )
        lines += ["", "History:"]
        lines += [f"  {h.when:%Y-%m-%d %H:%M}  {h.spp:+4d}  {h.text}" if h.spp else
                  f"  {h.when:%Y-%m-%d %H:%M}        {h.text}" for h in record.history]  # fmt: skip
        return "\n".join([*lines, "", *render_matches(games)])

    return ctx.emit(record.to_dict() | {"matches": [m.to_dict() for m in games.matches]}, text)


def render_matches(games: PlayerMatches) -> list[str]:
    """A player's match-by-match record as text lines."""
    if not games.matches:
        return ["Matches: none played yet."]
    head = f"  {'fixture':>7}  {'season · round':<26} {'opponent':<24} {'result':<7} "
    head += f"{'TD':>2} {'CAS':>3} {'CMP':>3} {'INT':>3} {'MVP':>3} {'SPP':>3} {'total':>5}  notes"
    lines = ["Matches:", head]
    for m in games.matches:
        notes = "; ".join([*m.injuries, *(f"gained {a}" for a in m.advancements)])
        where = f"{m.season} · {m.round}"
        lines.append(
            f"  {m.fixture_id:>7}  {where[:26]:<26} {m.opponent[:24]:<24} {m.result:<7} {m.td:>2} {m.cas:>3} "
            f"{m.completions:>3} {m.interceptions:>3} {m.mvp:>3} {m.spp:>3} {m.career_spp:>5}  {notes}"
        )
    return lines


def cmd_adjust(args: argparse.Namespace, ctx: CliContext) -> int:
    """Correct a player's SPP."""
    outcome = ctx.services().advancement.adjust_spp(args.player, args.amount, args.reason)
    player = next(p for p in outcome.value.players if p.id == args.player)
    return ctx.emit(player.to_dict(), lambda: f"{player.name} now has {player.spp} SPP")


def cmd_rename(args: argparse.Namespace, ctx: CliContext) -> int:
    """Rename a player."""
    view = ctx.services().roster.rename_player(args.player, args.name).value
    return ctx.emit(view.to_dict(), lambda: render_team(view))


def cmd_number(args: argparse.Namespace, ctx: CliContext) -> int:
    """Renumber a player."""
    view = ctx.services().roster.set_number(args.player, args.number).value
    return ctx.emit(view.to_dict(), lambda: render_team(view))


def cmd_retire(args: argparse.Namespace, ctx: CliContext) -> int:
    """Retire a player temporarily."""
    view = ctx.services().retirement.retire_temporarily(args.player).value
    return ctx.emit(view.to_dict(), lambda: render_team(view))


def cmd_return(args: argparse.Namespace, ctx: CliContext) -> int:
    """Take a temporary retirement back."""
    view = ctx.services().retirement.return_player(args.player).value
    return ctx.emit(view.to_dict(), lambda: render_team(view))


def cmd_ledger(args: argparse.Namespace, ctx: CliContext) -> int:
    """Print a team's treasury ledger."""
    rows = ctx.services().teams.treasury_ledger(args.team)

    def text() -> str:
        lines = [f"{'when':<17} {'amount':>14} {'balance':>14}  source      reason"]
        lines += [f"{r.when:%Y-%m-%d %H:%M}  {format_gold(r.amount, signed=True):>14} "
                  f"{format_gold(r.balance):>14}  {r.source:<10}  {r.reason}" for r in rows]  # fmt: skip
        return "\n".join(lines)

    return ctx.emit([r.to_dict() for r in rows], text)
