"""``fixture postgame F --undo --reason TEXT``: take back a classic (LRB 2004) post-match."""

from __future__ import annotations

import argparse

from league_manager.cli.context import CliContext
from league_manager.core.errors import RuleViolation

OTHER_OPTIONS = ("seed", "typed", "mvp", "hire", "injured", "figures")
"""Options of a post-match run, which an undo does not take."""


def run_classic_undo(args: argparse.Namespace, ctx: CliContext) -> int:
    """Undo the fixture's classic post-match and print what changed.

    Raises:
        RuleViolation: ``--reason`` without ``--undo`` (or the reverse), or a run's options given.
    """
    if not args.undo:
        raise RuleViolation("post-match", "--reason goes with --undo (why the post-match is taken back)")
    if not (args.reason or "").strip():
        raise RuleViolation("post-match", "--undo needs --reason TEXT (kept on the fixture's record)")
    given = [f"--{name}" for name in OTHER_OPTIONS if getattr(args, name, None)]
    if given:
        raise RuleViolation("post-match", f"--undo takes only --reason, not {', '.join(given)}")
    changes = ctx.services().match_day.classic_undo_postgame(args.fixture, args.reason).value
    head = (
        f"Post-match of fixture {args.fixture} undone; correct the score with fixture set-result "
        f"{args.fixture} if needed, then run fixture postgame {args.fixture} again"
    )
    return ctx.emit({"fixture_id": args.fixture, "changes": changes}, lambda: "\n".join([head, *changes]))
