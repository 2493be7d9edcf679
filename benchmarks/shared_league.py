"""Shared-league benchmark: N coaches, each in their own process, writing their own team at once.

Run from the repository root against a PostgreSQL server whose login may create databases
and roles (the test server ./test.sh starts is one: ``scripts/pg_test_server.sh start``)::

    PYTHONPATH=$PWD .venv/bin/python benchmarks/shared_league.py --server URL [--clients 20] [--seconds 60]

It drafts a league of ``clients`` teams in a file, shares it onto a new database on the
server (``share``), gives every team's coach a login (``share add-coach``, a generated
password kept in memory), then starts one process per coach. Each process, logged in as
its coach, repeats one transaction for the time given: a treasury ledger row for its own
team and a new name for one of its own players; every 25th round it also tries to write
another team's treasury, which the server must refuse. At the end the league's owner
counts, per coach, the rows the server holds against the writes the process reported.

Reported: operations per second (all processes together), lost writes (reported but not
on the server) and foreign writes (rows a coach managed to put on another team): both must
be zero. The database and the logins are dropped afterwards.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import secrets
import sys
import tempfile
import time
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError

from league_manager.core.urls import with_password
from league_manager.rules.draft import suggest_draft
from league_manager.rules.loader import load_ruleset
from league_manager.services import sharing
from league_manager.services.facade import Services

LEAGUE = "Benchmark League"
RACES = ("human", "orc", "dwarf", "woodelf", "skaven", "chaos_dwarf", "lizardmen", "undead")


def build_league(folder: Path, clients: int) -> Path:
    """A league file with ``clients`` drafted teams."""
    path = folder / "bench.db"
    services = Services.open(path)
    ruleset = load_ruleset("bb2020")
    services.leagues.create_league(LEAGUE, "bb2020")
    races = [r for r in RACES if r in ruleset.teams]
    for n in range(clients):
        race = races[n % len(races)]
        services.teams.draft_team(LEAGUE, f"Team {n:02d}", f"Coach {n:02d}", suggest_draft(ruleset, race))
    services.close()
    return path


def coach(
    url: str,
    team_id: int,
    foreign_id: int,
    seconds: float,
    queue: multiprocessing.Queue[tuple[int, int, int]],
) -> None:
    """One coach's process: own-team writes for ``seconds``; reports (team, writes, foreign successes)."""
    engine = create_engine(url)
    done = foreign = 0
    end = time.monotonic() + seconds
    with engine.connect() as conn:
        players = [
            r[0] for r in conn.execute(text("SELECT id FROM player WHERE team_id = :t"), {"t": team_id})
        ]
    while time.monotonic() < end:
        with engine.begin() as conn:
            conn.execute(
                text(
                    "INSERT INTO treasuryentry (team_id, amount, reason, source, created_at) "
                    "VALUES (:t, 1, :r, 'correction', now())"
                ),
                {"t": team_id, "r": f"bench {team_id} {done}"},
            )
            conn.execute(
                text("UPDATE player SET name = :n WHERE id = :p"),
                {"n": f"Bench {done}", "p": players[done % len(players)]},
            )
        done += 1
        if done % 25 == 0:
            try:
                with engine.begin() as conn:
                    conn.execute(
                        text(
                            "INSERT INTO treasuryentry (team_id, amount, reason, source, created_at) "
                            "VALUES (:t, 1, :r, 'correction', now())"
                        ),
                        {"t": foreign_id, "r": f"foreign {team_id}"},
                    )
                foreign += 1
            except DBAPIError:
                pass
    engine.dispose()
    queue.put((team_id, done, foreign))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--server", default=os.environ.get("LM_TEST_PG_URL", ""), help="admin URL of the server"
    )
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=60.0)
    args = parser.parse_args()
    if not args.server:
        parser.error("--server (or LM_TEST_PG_URL) is needed")
    admin = create_engine(args.server, isolation_level="AUTOCOMMIT")
    database = f"lm_bench_{os.getpid()}"
    with admin.connect() as conn:
        conn.exec_driver_sql(f'CREATE DATABASE "{database}"')
    url = make_url(args.server).set(database=database)
    target = url.render_as_string(hide_password=False)
    roles = [f"lm_bench_{os.getpid()}_{n:02d}" for n in range(args.clients)]
    try:
        with tempfile.TemporaryDirectory() as folder:
            source = Services.open(build_league(Path(folder), args.clients))
            report = sharing.share_league(source.engine, LEAGUE, target)
            source.close()
        print(f"shared {sum(report.rows.values())} rows; {args.clients} coaches write for {args.seconds:g} s")
        owner = create_engine(target)
        with owner.connect() as conn:
            teams = [(int(i), str(n)) for i, n in conn.execute(text("SELECT id, name FROM team ORDER BY id"))]
        logins = []
        for role, (_team_id, name) in zip(roles, teams, strict=True):
            password = secrets.token_urlsafe(18)
            sharing.add_member(owner, LEAGUE, role, "coach", team=name, password=password)
            login = url.set(username=role, password=None).render_as_string(hide_password=False)
            logins.append(with_password(login, password))
        queue: multiprocessing.Queue[tuple[int, int, int]] = multiprocessing.Queue()
        ids = [t for t, _ in teams]
        processes = [
            multiprocessing.Process(
                target=coach, args=(logins[n], ids[n], ids[(n + 1) % len(ids)], args.seconds, queue)
            )
            for n in range(args.clients)
        ]
        start = time.perf_counter()
        for process in processes:
            process.start()
        reported = [queue.get() for _ in processes]
        for process in processes:
            process.join()
        elapsed = time.perf_counter() - start
        lost = foreign = 0
        with owner.connect() as conn:
            for team_id, writes, foreign_ok in reported:
                held = conn.execute(
                    text("SELECT COUNT(*) FROM treasuryentry WHERE team_id = :t AND reason LIKE :r"),
                    {"t": team_id, "r": f"bench {team_id} %"},
                ).scalar()
                lost += writes - int(held or 0)
                foreign += foreign_ok
            foreign += int(
                conn.execute(
                    text("SELECT COUNT(*) FROM treasuryentry WHERE reason LIKE 'foreign %'")
                ).scalar()
                or 0
            )
        owner.dispose()
        total = sum(w for _, w, _ in reported)
        print(
            f"{total} operations in {elapsed:.1f} s: {total / elapsed:.0f} ops/s ({args.clients} processes)"
        )
        print(f"lost writes: {lost}; foreign writes: {foreign}")
        return 0 if lost == 0 and foreign == 0 else 1
    finally:
        with admin.connect() as conn:
            conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
            for role in roles:
                conn.exec_driver_sql(f'DROP ROLE IF EXISTS "{role}"')
            for kind in ("commissioners", "coaches", "viewers"):
                conn.exec_driver_sql(f'DROP ROLE IF EXISTS "{database} {kind}"')
        admin.dispose()


if __name__ == "__main__":
    sys.exit(main())
