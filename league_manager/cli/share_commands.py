"""``share``: copy a league onto a PostgreSQL server, and manage who logs in to it.

    league-manager --db FILE share LEAGUE --server URL [--replace]
    league-manager --db URL share add-coach LEAGUE COACH --team TEAM [--password-file F | --no-password]
    league-manager --db URL share add-viewer LEAGUE NAME [...]
    league-manager --db URL share add-commissioner LEAGUE NAME [...]
    league-manager --db URL share remove NAME
    league-manager --db URL share list
    league-manager --db URL share confirm FIXTURE | dispute FIXTURE --result F | claims
    league-manager --db URL share resolve FIXTURE --pick entered|disputed [--reason TEXT]

A password is typed twice, or read from a file; with no terminal and no file one is
generated and written to a file only the user can read, whose path is printed. A password
is never printed.
"""

from __future__ import annotations

import argparse
import getpass
import json
import sys
from pathlib import Path

from league_manager.cli.context import CliContext
from league_manager.core.errors import LeagueError
from league_manager.core.secret_files import new_password, password_file_for, write_secret

ACTIONS = (
    "add-coach",
    "add-viewer",
    "add-commissioner",
    "remove",
    "list",
    "confirm",
    "dispute",
    "resolve",
    "claims",
)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``share`` command."""
    p = subparsers.add_parser(
        "share",
        help="copy a league onto a PostgreSQL server (share LEAGUE --server URL), or manage its logins "
        f"({', '.join(ACTIONS)})",
    )
    p.add_argument("words", nargs=argparse.REMAINDER, help="LEAGUE --server URL [--replace], or an action")
    p.set_defaults(handler=cmd_share)


def _inner_parser(action: str) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=f"league-manager share {action}")
    if action in ("add-coach", "add-viewer", "add-commissioner"):
        p.add_argument("league")
        p.add_argument("name", help="the login (PostgreSQL role) name")
        if action == "add-coach":
            p.add_argument("--team", required=True)
        secret = p.add_mutually_exclusive_group()
        secret.add_argument("--password-file", type=Path, help="read the password from this file")
        secret.add_argument("--no-password", action="store_true", help="the server authenticates otherwise")
    elif action == "remove":
        p.add_argument("name")
    elif action in ("list", "claims"):
        pass
    elif action in ("confirm", "dispute", "resolve"):
        p.add_argument("fixture", type=int, help="the fixture id")
        if action == "dispute":
            p.add_argument(
                "--result", type=Path, required=True, help="your version: a result document (JSON)"
            )
        if action == "resolve":
            p.add_argument(
                "--pick",
                choices=("entered", "disputed"),
                required=True,
                help="the version that counts (disputed: it replaces the entered result as a correction)",
            )
            p.add_argument("--reason", default="", help="kept with the correction")
    else:
        p.add_argument("league")
        p.add_argument("--server", required=True, help="the PostgreSQL URL to copy the league onto")
        p.add_argument("--replace", action="store_true", help="replace the league if the server holds it")
    return p


def cmd_share(args: argparse.Namespace, ctx: CliContext) -> int:
    """Dispatch ``share`` to the copy or to a login action."""
    words = [w for w in args.words if w != "--json"]  # the global option, typed after the action
    ctx.as_json = ctx.as_json or len(words) < len(args.words)
    if not words:
        return ctx.fail(
            "share needs a league (share LEAGUE --server URL) or an action: " + ", ".join(ACTIONS), 2
        )
    action = words[0] if words[0] in ACTIONS else "copy"
    try:
        inner = _inner_parser(action).parse_args(words[1:] if action != "copy" else words)
    except SystemExit as exc:
        return int(exc.code or 0)
    from league_manager.services import sharing

    if action == "copy":
        report = sharing.share_league(
            ctx.services().engine, inner.league, inner.server, replace=inner.replace
        )
        data = {
            "league": report.league,
            "replaced": report.replaced,
            "rows": report.rows,
            "checks": report.checks,
        }

        def copied() -> str:
            lines = [f"{'replaced' if report.replaced else 'shared'} {report.league} on the server; copied:"]
            lines += [f"  {table}: {count}" for table, count in report.rows.items() if count]
            lines.append(
                f"checked on the server: {len(report.checks)} figures (balances, players, wins) equal"
            )
            return "\n".join(lines)

        return ctx.emit(data, copied)
    engine = ctx.services().engine
    if action == "list":
        found = sharing.list_members(engine)
        return ctx.emit(
            [m.__dict__ for m in found],
            lambda: (
                "\n".join(f"{m.role}: {m.kind}" + (f" of {m.team}" if m.team else "") for m in found)
                or "nobody has a login yet"
            ),
        )
    if action in ("confirm", "dispute", "resolve", "claims"):
        return _claims(action, inner, ctx)
    if action == "remove":
        gone = sharing.remove_member(engine, inner.name)
        return ctx.emit(gone.__dict__, lambda: f"removed {gone.role} ({gone.kind})")
    kind = action.removeprefix("add-")
    password, written = _password(inner)
    if written is not None:  # kept before the role gets it: a password is never lost
        write_secret(written, password or "")
    member = sharing.add_member(
        engine, inner.league, inner.name, kind, team=getattr(inner, "team", None), password=password
    )
    data = {
        "role": member.role,
        "kind": member.kind,
        "team": member.team,
        "password_file": str(written or ""),
    }

    def added() -> str:
        line = f"{member.role} may now log in as {member.kind}" + (
            f" of {member.team}" if member.team else ""
        )
        return line + (f"; the password is in {written} (readable by you only)" if written else "")

    return ctx.emit(data, added)


def _claims(action: str, inner: argparse.Namespace, ctx: CliContext) -> int:
    """Confirm, dispute or (the commissioner) settle an entered result, or list every result's state."""
    from league_manager.services import sharing

    engine = ctx.services().engine
    if action == "confirm":
        sharing.confirm_result(engine, inner.fixture)
        return ctx.emit(
            {"fixture": inner.fixture, "status": "confirmed"}, lambda: f"confirmed fixture {inner.fixture}"
        )
    if action == "dispute":
        version = json.loads(inner.result.read_text(encoding="utf-8"))
        ctx.services().shared.dispute(inner.fixture, version)  # checked like any result first
        return ctx.emit(
            {"fixture": inner.fixture, "status": "disputed"},
            lambda: f"disputed fixture {inner.fixture}; both versions wait for the commissioner",
        )
    if action == "resolve":
        ctx.services().shared.resolve(inner.fixture, inner.pick, inner.reason)
        return ctx.emit(
            {"fixture": inner.fixture, "status": "confirmed", "pick": inner.pick},
            lambda: f"settled fixture {inner.fixture}: the {inner.pick} version counts, confirmed",
        )
    found = sharing.result_claims(engine)

    def line(c: dict[str, object]) -> str:
        by = c["confirmed_by"] or c["disputed_by"]
        answer = f", {c['status']} by {by}" if by else ""
        return f"fixture {c['fixture_id']}: {c['status']} (entered by {c['entered_by']}{answer})"

    return ctx.emit(found, lambda: "\n".join(line(c) for c in found) or "no results entered yet")


def _password(inner: argparse.Namespace) -> tuple[str | None, Path | None]:
    """The password to set, and the file to write a generated one to (else None)."""
    if inner.no_password:
        return None, None
    if inner.password_file is not None:
        value = (
            inner.password_file.read_text(encoding="utf-8").splitlines()[0]
            if inner.password_file.exists()
            else ""
        )
        if not value:
            raise LeagueError(f"{inner.password_file} holds no password")
        return value, None
    if sys.stdin.isatty():
        first = getpass.getpass(f"password for {inner.name}: ")
        if not first or first != getpass.getpass("again: "):
            raise LeagueError("the two passwords were empty or differ; nothing was changed")
        return first, None
    return new_password(), password_file_for(inner.name)
