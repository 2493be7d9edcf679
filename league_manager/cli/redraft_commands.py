"""``team redraft``: re-draft a team for a new season (without ``--yes``: the preview)."""

from __future__ import annotations

import argparse

from league_manager.cli.context import CliContext
from league_manager.cli.subcommands import SubParsers, subcommands
from league_manager.core.errors import RuleViolation
from league_manager.core.money import format_gold
from league_manager.services.redraft_models import RedraftChoice, RedraftView


def register(subparsers: SubParsers) -> None:
    """Add ``redraft`` to the ``team`` command."""
    team = subcommands(subparsers, "team", "teams")
    p = team.add_parser("redraft", help="re-draft a team for a new season after the last one closed")
    p.add_argument("team")
    p.add_argument("--season", required=True, help="the new season the team is re-drafted for")
    p.add_argument("--keep", metavar="P1,P2", help="keep only these players (shirt numbers or names)")
    p.add_argument("--release", metavar="P1,P2", help="keep everyone but these players")
    p.add_argument("--rerolls", type=int, help="team re-rolls kept (default: all)")
    for role, flag, word in (("assistant_coach", "--assistant-coaches", "assistant coaches"),
                             ("cheerleader", "--cheerleaders", "cheerleaders"),
                             ("apothecary", "--apothecary", "apothecaries (0 or 1)")):  # fmt: skip
        p.add_argument(flag, dest=role, type=int, help=f"{word} kept (default: all)")
    p.add_argument("--seed", type=int, help="seed for the program's dice (default: random)")
    p.add_argument("--dice", metavar="ROLLS", help="physical dice typed in, in order (e.g. 4,2,6)")
    p.add_argument("--yes", action="store_true", help="re-draft (without: only show the preview)")
    p.add_argument("--undo", action="store_true", help="take the re-draft back (before the team plays)")
    p.set_defaults(handler=cmd_redraft)


def _names(text: str | None) -> tuple[str, ...]:
    return tuple(w.strip() for w in (text or "").split(",") if w.strip())


def _typed(text: str | None) -> list[int]:
    words = _names(text)
    if not all(w.isdigit() for w in words):
        raise RuleViolation("dice", f"type the dice as numbers separated by commas, not '{text}'")
    return [int(w) for w in words]


def cmd_redraft(args: argparse.Namespace, ctx: CliContext) -> int:
    """Show a team's re-draft, or make it with ``--yes``."""
    staff = {role: getattr(args, role) for role in ("assistant_coach", "cheerleader", "apothecary")}
    choice = RedraftChoice(
        keep=_names(args.keep) if args.keep is not None else None,
        release=_names(args.release),
        rerolls=args.rerolls,
        staff={k: v for k, v in staff.items() if v is not None},
    )
    service = ctx.services().redraft
    if args.undo:
        team = service.undo(args.team, args.season).value
        return ctx.emit(team.to_dict(), lambda: f"{team.name}'s re-draft for {args.season} is taken back")
    if not args.yes:
        if args.dice:
            raise RuleViolation("dice", "--dice goes with --yes: the preview rolls nothing")
        view = service.preview(args.team, args.season, choice)
    else:
        view = service.apply(args.team, args.season, choice, seed=args.seed, typed=_typed(args.dice)).value
    return ctx.emit(view.to_dict(), lambda: render(view))


def render(view: RedraftView) -> str:
    """The re-draft as text: budget, players with their prices, staff, rolls."""
    b = view.budget
    head = "Re-drafted" if view.applied else "Preview (nothing saved)"
    played, won, drawn = view.record
    lines = [
        f"{head}: {view.team} for {view.season}"
        f" (from {view.previous}: {played} played, {won} won, {drawn} drawn)",
        f"  budget {format_gold(b.total)} = {format_gold(b.base)} + treasury {format_gold(b.treasury)}"
        f" + games {format_gold(b.games)} + wins {format_gold(b.wins)} + draws {format_gold(b.draws)}"
        + (f" - {format_gold(b.capped_by)} over the {format_gold(b.cap)} cap" if b.capped_by else ""),
    ]
    for p in view.players:
        mark = "keep" if p.keep else "release"
        notes = []
        if p.status == "retired":
            notes.append("returns from retirement")
        if p.niggling:
            notes.append(f"NI x{p.niggling}")
        if p.reductions:
            notes.append(" ".join(f"-{k}" * n for k, n in p.reductions.items()))
        if p.keep and p.rolls_needed:
            notes.append(f"{p.rolls_needed} D6")
        fee = f" (+{format_gold(p.agent_fee)} agent fee, {p.seasons} season(s))" if p.agent_fee else ""
        extra = f"  [{'; '.join(notes)}]" if notes else ""
        lines.append(f"  {mark:<7} #{p.number:<2} {p.name:<24} {format_gold(p.cost):>12}{fee}{extra}")
    for e in view.extras:
        if e.had:
            lines.append(
                f"  {e.label}: keep {e.kept} of {e.had} at {format_gold(e.cost_each)} = {format_gold(e.cost)}"
            )
    lines.append(f"  dedicated fans {view.dedicated_fans} (carried over free)")
    lines.append(f"  spent {format_gold(view.spent)}, left {format_gold(view.left)} (the new treasury)")
    if view.left < 0:
        lines.append("  over budget: release players, staff or re-rolls")
    for roll in view.rolls:
        lines.append(f"  roll, player {roll['player_id']}: {roll['text']}")
    if not view.applied:
        lines.append(f"  {view.rolls_needed} D6 to roll; run again with --yes to re-draft")
    return "\n".join(lines)
