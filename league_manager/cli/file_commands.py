"""``backup`` and ``restore``: copies of the league file, taken and put back safely."""

from __future__ import annotations

import argparse
from datetime import datetime
from pathlib import Path

from league_manager.cli.context import CliContext
from league_manager.persistence.location import backup_folder
from league_manager.services.facade import Services


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``backup`` and ``restore`` commands."""
    p = subparsers.add_parser("backup", help="copy the league file to a verified backup")
    p.add_argument("file", nargs="?", type=Path, help="where to write it (default: backups/ beside the file)")
    p.set_defaults(handler=cmd_backup)
    p = subparsers.add_parser(
        "restore", help="put a backup in place of the league file (the file replaced is kept beside it)"
    )
    p.add_argument("backup", type=Path, help="the backup file to restore")
    p.set_defaults(handler=cmd_restore)


def cmd_backup(args: argparse.Namespace, ctx: CliContext) -> int:
    """Write a verified copy of the open league file."""
    services = ctx.services()
    target = args.file
    if target is None:
        here = Path(services.location)
        target = backup_folder(here) / f"{here.stem}-{datetime.now():%Y%m%d-%H%M%S}.db"
    written = services.backup(target)
    return ctx.emit({"backup": str(written)}, lambda: f"wrote {written}")


def cmd_restore(args: argparse.Namespace, ctx: CliContext) -> int:
    """Replace the league file by a backup, without opening (or migrating) the file first."""
    kept = Services.restore(args.backup, ctx.db or "")
    data = {"restored": str(args.backup), "database": ctx.db, "kept": str(kept) if kept else None}

    def text() -> str:
        line = f"restored {args.backup} to {ctx.db}"
        return line + (f"; the file it replaced was kept as {kept}" if kept else "")

    return ctx.emit(data, text)
