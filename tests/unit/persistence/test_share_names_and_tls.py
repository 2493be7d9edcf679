"""Issue 26's last checks on a real server: names reach SQL quoted, TLS settings in the URL reach the driver.

The run's throw-away PostgreSQL (``LM_TEST_PG_URL``) listens on a unix socket, where libpq
does not use TLS; the driver's own record of the parameters it was handed shows that the
URL's TLS settings reached it. Skips without the server.
"""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from league_manager.services.facade import Services
from tests.share_setup import LEAGUE

ODD = 'lmt_o"neil; DROP TABLE team; --'
"""A login name that breaks any SQL it is pasted into unquoted."""


def _with_query(url: str, **query: str) -> str:
    parsed = make_url(url)
    return parsed.set(query={**parsed.query, **query}).render_as_string(hide_password=False)


def test_a_login_name_full_of_sql_is_quoted_and_logs_in(shared: tuple[str, Path]) -> None:
    url, _ = shared
    owner = Services.open(url)
    try:
        member = owner.shared.add_member(LEAGUE, ODD, "coach", team="Gutrot Ironjaws", password="x y z")
        assert member.role == ODD
        assert [m.role for m in owner.shared.members() if m.kind == "coach"] == [ODD]
    finally:
        owner.close()
    coach = Services.open(make_url(url).set(username=ODD).render_as_string(hide_password=False))
    try:
        place = coach.shared.place()
        assert place is not None and (place.login, place.kind, place.team) == (
            ODD,
            "coach",
            "Gutrot Ironjaws",
        )
        assert len(coach.teams.list_teams()) == 8  # the team table is still there
    finally:
        coach.close()
    owner = Services.open(url)
    try:
        assert owner.shared.remove_member(ODD).role == ODD
    finally:
        owner.close()
    admin = create_engine(url)
    with admin.connect() as conn:
        assert (
            conn.execute(text("SELECT count(*) FROM pg_roles WHERE rolname = :r"), {"r": ODD}).scalar() == 0
        )
    admin.dispose()


def test_tls_settings_in_the_url_reach_the_driver(shared: tuple[str, Path]) -> None:
    url, _ = shared
    tls = _with_query(url, sslmode="require", sslrootcert="/etc/ssl/certs/league-ca.pem")
    services = Services.open(tls)
    try:
        assert "sslmode=require" in services.location and "sslrootcert=" in services.location
        with services.engine.connect() as conn:
            given = conn.connection.driver_connection.info.get_parameters()  # what libpq was handed
        assert given["sslmode"] == "require" and given["sslrootcert"] == "/etc/ssl/certs/league-ca.pem"
    finally:
        services.close()
