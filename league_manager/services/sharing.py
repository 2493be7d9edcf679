"""Sharing a league on a PostgreSQL server: the copy, and the people who may log in to it.

The copy runs in one transaction on the server: the league's rows go in (ids kept),
the copy is read back and compared row for row and by its figures (balances, player
counts, wins), and only then committed. Logins are PostgreSQL roles the server itself
enforces (:mod:`league_manager.persistence.share_roles`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from sqlalchemy import Engine
from sqlalchemy.exc import DBAPIError

from league_manager.core.errors import DatabaseUnavailable, NotFound
from league_manager.core.urls import mask_password
from league_manager.persistence import share_roles, share_steps
from league_manager.persistence.database import make_engine
from league_manager.persistence.league_copy import (
    CopyReport,
    ShareRefused,
    delete_league,
    insert_league,
    league_id_named,
    league_rows,
    verify_copy,
)
from league_manager.persistence.migrate import current_revision, migrate
from league_manager.persistence.share_roles import Member, ShareRoleConflict, ShareRoleError

CONFLICT_TRIES = 3
"""Runs of a login command the server broke off for a clash with another transaction
(:class:`~league_manager.persistence.share_roles.ShareRoleConflict`) before the clash is
reported: each run is one transaction, rolled back whole when broken off."""

T = TypeVar("T")


def _retried(command: Callable[[], T]) -> T:
    """``command`` (one transaction), run again when the server broke it off for a clash with
    another (a deadlock on the shared role catalogs), up to :data:`CONFLICT_TRIES` runs."""
    for _ in range(CONFLICT_TRIES - 1):
        try:
            return command()
        except ShareRoleConflict:
            pass
    return command()


def server_engine(server: str) -> Engine:
    """An engine on the server database, brought to this version's schema when it is blank.

    Raises:
        ShareRefused: the URL is not a PostgreSQL server.
        SharedDatabaseOutOfDate: the database has an older schema (``db upgrade`` moves it on).
    """
    engine = make_engine(server)
    if engine.dialect.name != "postgresql":
        engine.dispose()
        raise ShareRefused(f"{mask_password(server)} is not a PostgreSQL server; a league is shared on one")
    try:
        migrate(engine, shared_upgrade=current_revision(engine) is None)
    except DBAPIError as exc:
        engine.dispose()
        raise DatabaseUnavailable(mask_password(f"cannot reach {server}: {exc.orig}")) from exc
    except BaseException:
        engine.dispose()
        raise
    return engine


def share_league(source: Engine, league: str, server: str, *, replace: bool = False) -> CopyReport:
    """Copy the league named ``league`` from ``source`` onto ``server`` in one transaction.

    Returns:
        Rows written per table and the figures checked.

    Raises:
        NotFound: no such league in the source.
        ShareRefused: the server already holds the league (without ``replace``), holds
            other rows with its ids, or the copy read back differently; nothing changed.
    """
    target = server_engine(server)
    try:
        with source.connect() as here, target.begin() as there:
            league_id = league_id_named(here, league)
            if league_id is None:
                raise NotFound(f"no league called {league!r} in this file")
            rows = league_rows(here, league_id)
            existing = league_id_named(there, league)
            if existing is not None and not replace:
                raise ShareRefused(
                    f"the server already holds a league called {league!r}; nothing was changed "
                    "(--replace puts this copy in its place)"
                )
            if existing is not None:
                delete_league(there, existing)
            report = CopyReport(league, insert_league(there, rows), replaced=existing is not None)
            report.checks = verify_copy(here, there, league_id)
            share_roles.install(there, str(target.url.database))
        return report
    finally:
        target.dispose()


def add_member(
    engine: Engine, league: str, role: str, kind: str, *, team: str | None = None, password: str | None = None
) -> Member:
    """Give ``role`` a login on the shared league as commissioner, coach (of ``team``) or viewer.

    Raises:
        NotFound: no such league or team.
        ShareRoleError: the role is a member already.
    """
    return _retried(lambda: _add_member_once(engine, league, role, kind, team=team, password=password))


def _add_member_once(
    engine: Engine, league: str, role: str, kind: str, *, team: str | None, password: str | None
) -> Member:
    """:func:`add_member` in one transaction."""
    with engine.begin() as conn:
        league_id = league_id_named(conn, league)
        if league_id is None:
            raise NotFound(f"no league called {league!r} on this server")
        team_id = None
        if kind == "coach":
            if team is None:
                raise ShareRoleError("a coach needs their team (--team)")
            from sqlalchemy import text

            team_id = conn.execute(
                text("SELECT id FROM team WHERE league_id = :l AND name = :n"), {"l": league_id, "n": team}
            ).scalar()
            if team_id is None:
                raise NotFound(f"no team called {team!r} in {league}")
        database = str(engine.url.database)
        with share_roles.server_refusals():
            share_roles.install(conn, database)
        share_roles.add_member(
            conn, database, league_id=league_id, role=role, kind=kind, team_id=team_id, password=password
        )
    return Member(role, kind, team if kind == "coach" else None)


def remove_member(engine: Engine, role: str) -> Member:
    """Take ``role``'s login away from the shared league."""

    def once() -> Member:
        with engine.begin() as conn:
            return share_roles.remove_member(conn, str(engine.url.database), role)

    return _retried(once)


def list_members(engine: Engine) -> list[Member]:
    """Everyone with a login on the shared league."""
    with engine.connect() as conn:
        return share_roles.members(conn)


def confirm_result(engine: Engine, fixture: int) -> None:
    """Confirm the result the other coach entered (the commissioner: any result, disputed too).

    Raises:
        NotAllowed: the server refused (your own result, not your fixture, disputed...).
    """
    with engine.begin() as conn:
        share_steps.confirm(conn, fixture)


def dispute_result(engine: Engine, fixture: int, version: dict[str, Any]) -> None:
    """Dispute the result the other coach entered; both versions wait for the commissioner.

    Raises:
        NotAllowed: the server refused (not the other coach, already confirmed...).
    """
    with engine.begin() as conn:
        share_steps.dispute(conn, fixture, version)


def result_claims(engine: Engine) -> list[dict[str, Any]]:
    """Every entered result's confirmation state on the shared league."""
    with engine.connect() as conn:
        return share_steps.claims(conn)


__all__ = [
    "CopyReport",
    "Member",
    "ShareRefused",
    "ShareRoleError",
    "add_member",
    "list_members",
    "share_league",
]
