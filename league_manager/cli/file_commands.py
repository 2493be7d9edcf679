"""``backup``, ``restore`` and ``db upgrade``: copies of the league, taken and put back safely."""

from __future__ import annotations

import argparse
from datetime import datetime
from pathlib import Path

from league_manager.cli.context import CliContext
from league_manager.core.urls import mask_password
from league_manager.persistence.location import backup_folder, server_backup_folder
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
    db = subparsers.add_parser("db", help="the database itself").add_subparsers(
        dest="db_command", required=True
    )
    p = db.add_parser(
        "upgrade",
        help="move a shared (PostgreSQL) league to this version's schema, after a pg_dump backup",
    )
    p.add_argument("--backup-dir", type=Path, help="where the backup goes (default: the user data folder)")
    p.set_defaults(handler=cmd_db_upgrade)


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
    where = mask_password(ctx.db or "")
    data = {"restored": str(args.backup), "database": where, "kept": str(kept) if kept else None}

    def text() -> str:
        line = f"restored {args.backup} to {where}"
        return line + (f"; the file it replaced was kept as {kept}" if kept else "")

    return ctx.emit(data, text)


def cmd_db_upgrade(args: argparse.Namespace, ctx: CliContext) -> int:
    """The commissioner's upgrade of a shared league: back up with pg_dump, then migrate."""
    services, backup = Services.upgrade_shared(ctx.db or "", args.backup_dir or server_backup_folder())
    ctx._services = services
    report = services.migration
    backup = backup or (report.backup if report else None)
    data = {
        "database": services.location,
        "from": report.from_revision if report else None,
        "to": report.to_revision if report else None,
        "backup": str(backup) if backup else None,
    }

    def text() -> str:
        if report is None or not report.upgraded:
            return f"{services.location} is already at schema {data['to']}; nothing to do"
        saved = f" (backup: {backup})" if backup else ""
        return f"upgraded {services.location} from schema {data['from']} to {data['to']}{saved}"

    return ctx.emit(data, text)
