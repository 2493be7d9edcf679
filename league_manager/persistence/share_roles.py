"""Who may write what on a shared league's server: PostgreSQL roles, grants, row-level security.

The server decides, not the program. Three group roles per database (commissioners,
coaches, viewers) carry the table grants; each person is a login role in one group, listed
in ``league_share.member`` with their league and (for a coach) their team. Row-level
security policies on every team-owned table let a coach insert, change or delete only rows
of their own team; everyone who may read reads the whole league. League-wide tables (the
league, seasons, fixtures, results, match records) are written by commissioners only.

Every name reaching SQL is quoted with :class:`psycopg.sql.Identifier` (role names) or
passed as a parameter (passwords, league names).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import psycopg
from psycopg import sql
from sqlalchemy import Connection, text

from league_manager.core.errors import LeagueError
from league_manager.persistence.share_steps import install_steps

KINDS = ("commissioner", "coach", "viewer")
"""The kinds of member, from most to least allowed."""

TEAM_TABLES: Mapping[str, str] = {
    "team": "id",
    "staff": "team_id",
    "player": "team_id",
    "treasuryentry": "team_id",
    "dedicatedfansentry": "team_id",
    "teamformation": "team_id",
    "teamcolours": "team_id",
    "teamredraft": "team_id",
}
"""Tables a coach writes for their own team, with the column naming the team."""

PLAYER_TABLES = ("advancement", "sppentry", "playerstatusentry")
"""Tables a coach writes for their own team's players (the row names a player)."""

SCHEMA = "league_share"


class ShareRoleError(LeagueError):
    """A role command the server or the league refuses (unknown team, role taken...)."""


class ShareRoleConflict(ShareRoleError):
    """The server broke the role command off because it met another at the same moment (a
    deadlock or a serialization failure): its transaction was rolled back, and the same
    command may simply run again."""


CONFLICT_STATES = ("40P01", "40001")
"""SQLSTATEs of a transaction the server aborted for a clash with another (deadlock detected,
serialization failure): PostgreSQL's manual asks the client to retry it."""


@dataclass(frozen=True)
class Member:
    """One person's login on the shared league."""

    role: str
    kind: str
    team: str | None


def group_role(database: str, kind: str) -> str:
    """The group role of ``kind`` for one database (role names are the whole server's)."""
    plural = {"coach": "coaches"}.get(kind, f"{kind}s")
    return f"{database} {plural}"[:63]


_SETUP = f"""
CREATE SCHEMA IF NOT EXISTS {SCHEMA};
CREATE TABLE IF NOT EXISTS {SCHEMA}.member (
    role_name text PRIMARY KEY,
    league_id integer NOT NULL,
    kind text NOT NULL CHECK (kind IN ('commissioner', 'coach', 'viewer')),
    team_id integer,
    CHECK ((kind = 'coach') = (team_id IS NOT NULL))
);
CREATE OR REPLACE FUNCTION {SCHEMA}.is_commissioner_of_league(l integer) RETURNS boolean
LANGUAGE sql STABLE AS $$
    SELECT EXISTS (SELECT 1 FROM {SCHEMA}.member m
                   WHERE m.role_name = current_user AND m.kind = 'commissioner' AND m.league_id = l)
$$;
CREATE OR REPLACE FUNCTION {SCHEMA}.is_commissioner_of_team(t integer) RETURNS boolean
LANGUAGE sql STABLE AS $$
    SELECT EXISTS (SELECT 1 FROM {SCHEMA}.member m JOIN public.team x ON x.league_id = m.league_id
                   WHERE m.role_name = current_user AND m.kind = 'commissioner' AND x.id = t)
$$;
"""

_WRITE_RULES = f"""
CREATE OR REPLACE FUNCTION {SCHEMA}.may_write_team(t integer) RETURNS boolean
LANGUAGE sql STABLE AS $$
    SELECT EXISTS (SELECT 1 FROM {SCHEMA}.member m
                   WHERE m.role_name = current_user AND m.kind = 'coach' AND m.team_id = t)
        OR {SCHEMA}.is_commissioner_of_team(t) OR {SCHEMA}.step_open_for_team(t)
$$;
CREATE OR REPLACE FUNCTION {SCHEMA}.may_write_player(p integer) RETURNS boolean
LANGUAGE sql STABLE AS $$
    SELECT {SCHEMA}.may_write_team((SELECT team_id FROM public.player WHERE id = p))
$$;
"""


def install(conn: Connection, database: str) -> None:
    """Create (or refresh) the member list, the group roles, grants and policies on ``database``.

    Safe to run again: policies are dropped and re-created, grants repeated.
    """
    raw = _raw(conn)
    groups = {kind: group_role(database, kind) for kind in KINDS}
    for role in groups.values():
        exists = raw.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)).fetchone()
        if exists is None:
            raw.execute(sql.SQL("CREATE ROLE {} NOLOGIN").format(sql.Identifier(role)))
    raw.execute(_SETUP)
    install_steps(raw, sql.Identifier(groups["coach"]), sql.Identifier(groups["commissioner"]))
    raw.execute(_WRITE_RULES)
    for group in (sql.Identifier(r) for r in groups.values()):
        raw.execute(sql.SQL("GRANT USAGE ON SCHEMA public, {} TO {}").format(sql.Identifier(SCHEMA), group))
        raw.execute(sql.SQL("GRANT SELECT ON ALL TABLES IN SCHEMA public TO {}").format(group))
        raw.execute(
            sql.SQL("GRANT SELECT ON ALL TABLES IN SCHEMA {} TO {}").format(sql.Identifier(SCHEMA), group)
        )
    commissioners, coaches = sql.Identifier(groups["commissioner"]), sql.Identifier(groups["coach"])
    raw.execute(sql.SQL("GRANT ALL ON ALL TABLES IN SCHEMA public TO {}").format(commissioners))
    raw.execute(
        sql.SQL("GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO {}, {}").format(
            commissioners, coaches
        )
    )
    for table in (*TEAM_TABLES, *PLAYER_TABLES):
        raw.execute(
            sql.SQL("GRANT INSERT, UPDATE, DELETE ON {} TO {}").format(sql.Identifier(table), coaches)
        )
    for table, column in {**TEAM_TABLES, **dict.fromkeys(PLAYER_TABLES, "player_id")}.items():
        check = "may_write_player" if table in PLAYER_TABLES else "may_write_team"
        name = sql.Identifier(table)
        raw.execute(sql.SQL("ALTER TABLE {} ENABLE ROW LEVEL SECURITY").format(name))
        for policy in ("lm_read", "lm_write"):
            raw.execute(sql.SQL("DROP POLICY IF EXISTS {} ON {}").format(sql.Identifier(policy), name))
        raw.execute(sql.SQL("CREATE POLICY lm_read ON {} FOR SELECT USING (true)").format(name))
        rule = sql.SQL("{}.{}({})").format(
            sql.Identifier(SCHEMA), sql.Identifier(check), sql.Identifier(column)
        )
        if table == "team":  # a new team's row is not there yet for the check to find its league
            rule = sql.SQL("{}.is_commissioner_of_league(league_id) OR {}").format(
                sql.Identifier(SCHEMA), rule
            )
        raw.execute(
            sql.SQL("CREATE POLICY lm_write ON {} FOR ALL USING ({}) WITH CHECK ({})").format(
                name, rule, rule
            )
        )


def add_member(
    conn: Connection,
    database: str,
    *,
    league_id: int,
    role: str,
    kind: str,
    team_id: int | None = None,
    password: str | None = None,
) -> None:
    """Create the login ``role`` (or take an existing one) as a member of the league.

    The password goes to the server as a parameter-free literal of the one statement
    that sets it; it is never part of a message.

    Raises:
        ShareRoleError: the role is already a member of this database's league.
    """
    raw = _raw(conn)
    if kind not in KINDS:
        raise ShareRoleError(f"unknown kind {kind!r}; one of {', '.join(KINDS)}")
    if not role.strip():
        raise ShareRoleError("a login needs a name")
    if raw.execute(f"SELECT 1 FROM {SCHEMA}.member WHERE role_name = %s", (role,)).fetchone():
        raise ShareRoleError(f"{role} is already a member here; remove them first to change their place")
    name = sql.Identifier(role)
    with server_refusals():
        exists = raw.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)).fetchone()
        if exists is None:
            raw.execute(sql.SQL("CREATE ROLE {} LOGIN").format(name))
        if password is not None:
            raw.execute(sql.SQL("ALTER ROLE {} PASSWORD {}").format(name, sql.Literal(password)))
        raw.execute(sql.SQL("GRANT {} TO {}").format(sql.Identifier(group_role(database, kind)), name))
        raw.execute(
            f"INSERT INTO {SCHEMA}.member (role_name, league_id, kind, team_id) VALUES (%s, %s, %s, %s)",
            (role, league_id, kind, team_id),
        )


def remove_member(conn: Connection, database: str, role: str) -> Member:
    """Take ``role`` out of the league: its membership row and group; the login is dropped.

    Raises:
        ShareRoleError: no such member.
    """
    found = {m.role: m for m in members(conn)}
    if role not in found:
        raise ShareRoleError(f"{role} is not a member of the shared league")
    raw = _raw(conn)
    with server_refusals():
        raw.execute(f"DELETE FROM {SCHEMA}.member WHERE role_name = %s", (role,))
        raw.execute(sql.SQL("DROP ROLE IF EXISTS {}").format(sql.Identifier(role)))
    return found[role]


def login_manager_refusal(conn: Connection) -> str | None:
    """Why this login may not add or remove the league's logins, or None when it may.

    Adding a login creates a server role and refreshes the grants and policies, so it
    takes the right to create roles and the ownership of the league's tables (the login
    that ran ``share``), or a superuser.
    """
    row = conn.execute(
        text(
            "SELECT r.rolsuper, r.rolcreaterole, pg_has_role(current_user, c.relowner, 'MEMBER'), "
            "current_user FROM pg_roles r, pg_class c "
            "WHERE r.rolname = current_user AND c.oid = 'public.league'::regclass"
        )
    ).first()
    if row is None:
        return "this database holds no league"
    superuser, create_role, owner, who = bool(row[0]), bool(row[1]), bool(row[2]), str(row[3])
    if superuser or (create_role and owner):
        return None
    return (
        f"{who} may not create logins here: only the login that shared the league (the owner of its "
        "tables, with the right to create roles) adds and removes them"
    )


@contextmanager
def server_refusals() -> Iterator[None]:
    """Turn the server's refusal of a role statement into a :class:`ShareRoleError` sentence.

    The server's own sentence ("permission denied to create role") is kept; the statement,
    which may carry a password, never is.
    """
    try:
        yield
    except psycopg.Error as exc:
        diag = getattr(exc, "diag", None)
        message = getattr(diag, "message_primary", None) or type(exc).__name__
        refusal = ShareRoleConflict if exc.sqlstate in CONFLICT_STATES else ShareRoleError
        raise refusal(f"the server refused: {message}; nothing was changed") from None


def members(conn: Connection) -> list[Member]:
    """Everyone with a login on the shared league, commissioners first."""
    has = conn.execute(text("SELECT to_regclass('league_share.member')")).scalar()
    if has is None:
        return []
    rows = conn.execute(
        text(
            "SELECT m.role_name, m.kind, t.name FROM league_share.member m "
            "LEFT JOIN team t ON t.id = m.team_id "
            "ORDER BY array_position(ARRAY['commissioner','coach','viewer'], m.kind), m.role_name"
        )
    )
    return [Member(r[0], r[1], r[2]) for r in rows]


def _raw(conn: Connection) -> Any:
    """The psycopg connection under SQLAlchemy's (for :mod:`psycopg.sql` composition)."""
    return conn.connection.driver_connection
