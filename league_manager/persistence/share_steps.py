"""Match steps on a shared league's server: who may run them, and the result's confirmation.

A match writes both teams' rows, which a coach's row-level security forbids. The program's
own services do the steps (pre-game, result, post-game: the rules live in Python), so the
server gives a coach the right for one step, for one fixture, for one transaction:

- ``league_share.open_match_step(fixture, step)`` (security definer) checks the caller
  (a coach of either team of the fixture, or the league's commissioner) and the fixture's
  stage, then records a grant for the current transaction only; the write policies of the
  team and fixture tables accept rows of that fixture's two teams while the grant's
  transaction runs. ``result`` records who entered the result (a pending claim);
  ``postgame`` is refused until the other coach (or the commissioner) confirmed it.
- ``league_share.confirm_result(fixture)``: the other coach or the commissioner; never the
  coach who entered it.
- ``league_share.dispute_result(fixture, version)``: the other coach keeps their version
  beside the entered one and the claim waits for the commissioner (who corrects the
  result, then confirms).

A coach cannot write these tables directly: ``result_claim`` and ``step_grant`` are
read-only to every member.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import Connection, text
from sqlalchemy.exc import DBAPIError

from league_manager.core.errors import NotAllowed

STEPS = ("pregame", "cancel", "kickoff", "board", "result", "play", "postgame", "correct")
"""The steps a program opens (``board``: a board match or tracker under way; ``play``: the
engine plays the whole match); ``correct`` is the commissioner's only."""

FIXTURE_TABLES: dict[str, str] = {
    "fixture": "id",
    "matchday": "fixture_id",
    "fixtureresult": "fixture_id",
    "playermatchstats": "fixture_id",
    "matchcorrection": "fixture_id",
    "boardmatch": "fixture_id",
    "trackermatch": "fixture_id",
}
"""Tables a match step writes, with the column naming the fixture."""

SETUP = """
CREATE TABLE IF NOT EXISTS league_share.result_claim (
    fixture_id integer PRIMARY KEY,
    entered_by text NOT NULL,
    status text NOT NULL CHECK (status IN ('pending', 'confirmed', 'disputed')),
    confirmed_by text,
    entered_version jsonb,
    disputed_by text,
    disputed_version jsonb,
    changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS league_share.step_grant (
    xact bigint NOT NULL,
    fixture_id integer NOT NULL,
    step text NOT NULL,
    role_name text NOT NULL,
    at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS step_grant_xact ON league_share.step_grant (xact);

CREATE OR REPLACE FUNCTION league_share.fixture_place(f integer, who text) RETURNS text
LANGUAGE sql STABLE AS $$
    SELECT CASE
        WHEN EXISTS (SELECT 1 FROM league_share.member m JOIN public.season s ON s.league_id = m.league_id
                     JOIN public.fixture x ON x.season_id = s.id
                     WHERE x.id = f AND m.role_name = who AND m.kind = 'commissioner')
            THEN 'commissioner'
        WHEN EXISTS (SELECT 1 FROM league_share.member m JOIN public.fixture x
                     ON m.team_id IN (x.home_team_id, x.away_team_id)
                     WHERE x.id = f AND m.role_name = who AND m.kind = 'coach')
            THEN 'coach'
        ELSE NULL END
$$;

CREATE OR REPLACE FUNCTION league_share.is_commissioner_of_season(s integer) RETURNS boolean
LANGUAGE sql STABLE AS $$
    SELECT EXISTS (SELECT 1 FROM league_share.member m JOIN public.season x ON x.league_id = m.league_id
                   WHERE x.id = s AND m.role_name = current_user AND m.kind = 'commissioner')
$$;

CREATE OR REPLACE FUNCTION league_share.step_open_for_fixture(f integer) RETURNS boolean
LANGUAGE sql STABLE AS $$
    SELECT EXISTS (SELECT 1 FROM league_share.step_grant g
                   WHERE g.xact = txid_current() AND g.fixture_id = f AND g.role_name = current_user)
$$;

CREATE OR REPLACE FUNCTION league_share.step_open_for_team(t integer) RETURNS boolean
LANGUAGE sql STABLE AS $$
    SELECT EXISTS (SELECT 1 FROM league_share.step_grant g JOIN public.fixture x ON x.id = g.fixture_id
                   WHERE g.xact = txid_current() AND g.role_name = current_user
                     AND t IN (x.home_team_id, x.away_team_id))
$$;

CREATE OR REPLACE FUNCTION league_share.open_match_step(f integer, step text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
    who text := session_user;
    place text := league_share.fixture_place(f, session_user);
    stage text := (SELECT d.stage FROM public.matchday d WHERE d.fixture_id = f);
    claimed text := (SELECT c.status FROM league_share.result_claim c WHERE c.fixture_id = f);
BEGIN
    IF place IS NULL THEN
        RAISE EXCEPTION 'only the coaches of fixture % or the commissioner may run its match steps', f
            USING ERRCODE = '42501';
    END IF;
    IF step = 'correct' AND place <> 'commissioner' THEN
        RAISE EXCEPTION 'only the commissioner corrects a result' USING ERRCODE = '42501';
    ELSIF step = 'pregame' AND stage IS NOT NULL THEN
        RAISE EXCEPTION 'the pre-game of fixture % was run already', f USING ERRCODE = '42501';
    ELSIF step IN ('cancel', 'kickoff') AND stage IS DISTINCT FROM 'pre_game' THEN
        RAISE EXCEPTION 'fixture % is not waiting for its kick-off', f USING ERRCODE = '42501';
    ELSIF step IN ('result', 'board') AND COALESCE(stage, '') NOT IN ('pre_game', 'in_progress') THEN
        RAISE EXCEPTION 'fixture % has no match waiting for a result', f USING ERRCODE = '42501';
    ELSIF step = 'play' AND stage IS NOT NULL AND stage NOT IN ('pre_game', 'in_progress') THEN
        RAISE EXCEPTION 'fixture % has no match waiting for a result', f USING ERRCODE = '42501';
    ELSIF step = 'postgame' THEN
        IF stage IS DISTINCT FROM 'result_entered' THEN
            RAISE EXCEPTION 'fixture % has no result waiting for its post-game', f USING ERRCODE = '42501';
        END IF;
        IF place <> 'commissioner' AND claimed IS DISTINCT FROM 'confirmed' THEN
            RAISE EXCEPTION 'the result of fixture % counts once the other coach (or the commissioner) '
                'has confirmed it', f USING ERRCODE = '42501';
        END IF;
    ELSIF step NOT IN ('pregame', 'cancel', 'kickoff', 'board', 'result', 'play', 'correct') THEN
        RAISE EXCEPTION 'unknown match step %', step USING ERRCODE = '22023';
    END IF;
    IF step IN ('result', 'play') THEN
        INSERT INTO league_share.result_claim (fixture_id, entered_by, status, confirmed_by)
        VALUES (f, who, CASE WHEN place = 'commissioner' THEN 'confirmed' ELSE 'pending' END,
                CASE WHEN place = 'commissioner' THEN who END)
        ON CONFLICT (fixture_id) DO UPDATE SET entered_by = EXCLUDED.entered_by, status = EXCLUDED.status,
            confirmed_by = EXCLUDED.confirmed_by, disputed_by = NULL, disputed_version = NULL,
            changed_at = now();
    END IF;
    INSERT INTO league_share.step_grant (xact, fixture_id, step, role_name)
    VALUES (txid_current(), f, step, who);
END
$$;

CREATE OR REPLACE FUNCTION league_share.confirm_result(f integer) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
    who text := session_user;
    place text := league_share.fixture_place(f, session_user);
    claim league_share.result_claim;
BEGIN
    SELECT * INTO claim FROM league_share.result_claim c WHERE c.fixture_id = f FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'fixture % has no result to confirm', f USING ERRCODE = '42501';
    ELSIF place IS NULL THEN
        RAISE EXCEPTION 'only the other coach of fixture % or the commissioner confirms its result', f
            USING ERRCODE = '42501';
    ELSIF place = 'coach' AND claim.entered_by = who THEN
        RAISE EXCEPTION 'you entered the result of fixture %; the other coach (or the commissioner) '
            'confirms it', f USING ERRCODE = '42501';
    ELSIF place = 'coach' AND claim.status = 'disputed' THEN
        RAISE EXCEPTION 'the result of fixture % is disputed; the commissioner decides', f
            USING ERRCODE = '42501';
    END IF;
    UPDATE league_share.result_claim SET status = 'confirmed', confirmed_by = who, changed_at = now()
    WHERE fixture_id = f;
END
$$;

CREATE OR REPLACE FUNCTION league_share.dispute_result(f integer, version jsonb) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
    who text := session_user;
    place text := league_share.fixture_place(f, session_user);
    claim league_share.result_claim;
BEGIN
    SELECT * INTO claim FROM league_share.result_claim c WHERE c.fixture_id = f FOR UPDATE;
    IF NOT FOUND OR claim.status = 'confirmed' THEN
        RAISE EXCEPTION 'fixture % has no result waiting for confirmation', f USING ERRCODE = '42501';
    ELSIF place IS DISTINCT FROM 'coach' OR claim.entered_by = who THEN
        RAISE EXCEPTION 'only the other coach of fixture % disputes its result', f USING ERRCODE = '42501';
    END IF;
    UPDATE league_share.result_claim
    SET status = 'disputed', disputed_by = who, disputed_version = version, changed_at = now(),
        entered_version = (SELECT to_jsonb(r) FROM public.fixtureresult r WHERE r.fixture_id = f)
    WHERE fixture_id = f;
END
$$;
"""


def install_steps(raw: Any, coaches: Any, commissioners: Any) -> None:
    """Create the claim and grant tables, the step functions, and the fixture tables' policies.

    Args:
        raw: the psycopg connection (the installer's, owner of the functions).
        coaches: the coaches' group role, as a :class:`psycopg.sql.Identifier`.
        commissioners: the commissioners' group role (they run the functions too).
    """
    from psycopg import sql

    raw.execute(SETUP)
    for function in (
        "open_match_step(integer, text)",
        "confirm_result(integer)",
        "dispute_result(integer, jsonb)",
    ):
        raw.execute(f"REVOKE ALL ON FUNCTION league_share.{function} FROM PUBLIC")
        grant = sql.SQL(f"GRANT EXECUTE ON FUNCTION league_share.{function} TO {{}}, {{}}")
        raw.execute(grant.format(coaches, commissioners))
    for table, column in FIXTURE_TABLES.items():
        name = sql.Identifier(table)
        raw.execute(sql.SQL("GRANT INSERT, UPDATE, DELETE ON {} TO {}").format(name, coaches))
        raw.execute(sql.SQL("ALTER TABLE {} ENABLE ROW LEVEL SECURITY").format(name))
        for policy in ("lm_read", "lm_write"):
            raw.execute(sql.SQL("DROP POLICY IF EXISTS {} ON {}").format(sql.Identifier(policy), name))
        raw.execute(sql.SQL("CREATE POLICY lm_read ON {} FOR SELECT USING (true)").format(name))
        col = sql.Identifier(column)
        rule: sql.Composable = sql.SQL(
            "league_share.fixture_place({}, current_user) = 'commissioner' "
            "OR league_share.step_open_for_fixture({})"
        ).format(col, col)
        if table == "fixture":  # a new fixture's row is not there yet for the check to find its league
            rule = sql.SQL(
                "league_share.is_commissioner_of_season(season_id) OR league_share.step_open_for_fixture(id)"
            )
        raw.execute(
            sql.SQL("CREATE POLICY lm_write ON {} FOR ALL USING ({}) WITH CHECK ({})").format(
                name, rule, rule
            )
        )


def open_step(conn: Connection, fixture_id: int, step: str) -> None:
    """Ask a shared league's server for the right to run ``step`` on the fixture in this transaction.

    Does nothing on SQLite, and for logins that are not members (the league's owner).

    Raises:
        NotAllowed: the server refused, with its sentence (not the other coach's, a result
            not yet confirmed...).
    """
    from league_manager.persistence.share_guard import my_place

    if my_place(conn) is None:
        return
    _call(conn, "SELECT league_share.open_match_step(:f, :s)", {"f": fixture_id, "s": step})


def confirm(conn: Connection, fixture_id: int) -> None:
    """Confirm the result the other coach entered (or, as commissioner, any)."""
    _call(conn, "SELECT league_share.confirm_result(:f)", {"f": fixture_id})


def dispute(conn: Connection, fixture_id: int, version: dict[str, Any]) -> None:
    """Dispute the result the other coach entered, keeping ``version`` beside theirs."""
    _call(
        conn,
        "SELECT league_share.dispute_result(:f, CAST(:v AS jsonb))",
        {"f": fixture_id, "v": json.dumps(version)},
    )


def claims(conn: Connection, fixture_id: int | None = None) -> list[dict[str, Any]]:
    """Every result claim (or ``fixture_id``'s): who entered it, status, who confirmed or disputed it."""
    if conn.dialect.name != "postgresql":
        return []
    if conn.execute(text("SELECT to_regclass('league_share.result_claim')")).scalar() is None:
        return []
    rows = conn.execute(
        text(
            "SELECT fixture_id, entered_by, status, confirmed_by, disputed_by, entered_version, "
            "disputed_version FROM league_share.result_claim "
            "WHERE CAST(:f AS integer) IS NULL OR fixture_id = :f ORDER BY fixture_id"
        ),
        {"f": fixture_id},
    )
    return [dict(r._mapping) for r in rows]


def _call(conn: Connection, statement: str, params: dict[str, Any]) -> None:
    try:
        with conn.begin_nested():
            conn.execute(text(statement), params)
    except DBAPIError as exc:
        diag = getattr(exc.orig, "diag", None)
        message = getattr(diag, "message_primary", None) or "the league's server refused the step"
        raise NotAllowed(f"{message}. Nothing was changed.") from exc
