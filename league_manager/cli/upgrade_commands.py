"""``league upgrade LEAGUE --to RULESET --preview|--yes [--choices FILE]``: change a league's edition."""

from __future__ import annotations

import argparse
from pathlib import Path

import yaml

from league_manager.cli.context import CliContext
from league_manager.core.errors import RuleViolation
from league_manager.services.upgrade_models import TeamChoices, parse_choices, plan_text

CHOICES_HELP = (
    "JSON or YAML: {teams: {TEAM: {release: [PLAYER, ...], skills: {PLAYER: {SKILL: drop | NEW SKILL}}}}}"
)


def add_upgrade_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``league upgrade`` to the ``league`` commands."""
    p = sub.add_parser(
        "upgrade",
        help="move a league to another edition between seasons (preview first)",
        description="Preview (--preview) or apply (--yes, after a backup) a league's move to another "
        "edition. Played seasons keep their edition. Choices file: " + CHOICES_HELP,
    )
    p.add_argument("league")
    p.add_argument("--to", required=True, metavar="RULESET", help="the edition to move to, e.g. bb2025")
    mode = p.add_mutually_exclusive_group(required=True)
    mode.add_argument("--preview", action="store_true", help="show what would change; change nothing")
    mode.add_argument("--yes", action="store_true", help="take a backup, then apply the move")
    p.add_argument("--choices", metavar="FILE", help=CHOICES_HELP)
    p.set_defaults(handler=cmd_league_upgrade)


def read_choices(path: str | None) -> dict[str, TeamChoices]:
    """The choices file at ``path`` (JSON or YAML), or no choices.

    Raises:
        RuleViolation: the file cannot be read or has the wrong shape.
    """
    if path is None:
        return {}
    try:
        raw = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise RuleViolation("choices", f"cannot read {path}: {exc}") from None
    return parse_choices(raw)


def cmd_league_upgrade(args: argparse.Namespace, ctx: CliContext) -> int:
    """Preview or apply a league's move to another edition."""
    choices = read_choices(args.choices)
    service = ctx.services().upgrades
    if args.preview:
        plan = service.preview(args.league, args.to, choices)
    else:
        plan = service.apply(args.league, args.to, choices).value
    return ctx.emit(plan.to_dict(), lambda: plan_text(plan))
