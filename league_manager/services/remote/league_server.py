"""The match server next to a shared league's PostgreSQL server (``match serve``).

Coaches join their own fixtures with their own login instead of a code: the server checks
the login's password against PostgreSQL, reads the login's place in the league
(``league_share.member``: commissioner, coach of a team, or viewer) and lets a coach play
only the side of their own team in a fixture their team plays; anyone of the league may
watch. A fixture's room opens at the first join, on the league database the server was
started with, and is played exactly as in direct play: the server rolls every die; the
server's own secret and the away coach's make the seed, revealed at the end. Saves run on one
writer thread, several rooms per commit (``writer.py``). With several workers
(``shards.py``) each worker process builds its own server with :class:`LeagueWorker`.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import create_engine, text
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.pool import NullPool
from websockets.asyncio.server import ServerConnection

from league_manager.core.errors import LeagueError
from league_manager.persistence.share_roles import members
from league_manager.services.match_day.board_append import BoardAppender
from league_manager.services.remote import protocol as p
from league_manager.services.remote.fairness import new_secret
from league_manager.services.remote.room import Refused, Room, RoomKeys
from league_manager.services.remote.server import MatchServer
from league_manager.services.remote.writer import SaveWriter

if TYPE_CHECKING:
    from league_manager.services.facade import Services

SIDES = ("home", "away")


@dataclass(frozen=True)
class Login:
    """A checked login: its kind ("commissioner", "coach", "viewer") and a coach's team name."""

    role: str
    kind: str
    team: str | None


def postgres_logins(services: Services) -> Callable[[str, str], Login]:
    """A login check for the shared league ``services`` opened (the server's own login).

    The returned function connects once as the login with its password (PostgreSQL says
    whether they match) and reads the login's membership with the server's connection.
    """
    url = services.engine.url

    def check(login: str, password: str) -> Login:
        """The member behind ``login``.

        Raises:
            Refused: the password is wrong, or the login is not a member of the league.
        """
        probe = create_engine(url.set(username=login, password=password or None), poolclass=NullPool)
        try:
            with probe.connect() as conn:
                conn.execute(text("SELECT 1"))
        except SQLAlchemyError as exc:
            raise Refused("bad_login", f"the league's server refused the login {login}") from exc
        finally:
            probe.dispose()
        with services.engine.connect() as conn:
            found = {m.role: m for m in members(conn)}
        member = found.get(login)
        if member is None:
            raise Refused("not_member", f"{login} is not a member of this shared league")
        return Login(member.role, member.kind, member.team)

    return check


class LeagueMatchServer(MatchServer):
    """Rooms by fixture for a shared league; who may play which side is the league's roles'.

    Args:
        services: the league's services (the server's own login).
        logins: checks a login and password (:func:`postgres_logins`).
        keys_dir: where each fixture's room keys are kept (a restarted server resumes).
        grace: seconds before an away coach's match may be adjourned or claimed.
    """

    def __init__(
        self, services: Services, logins: Callable[[str, str], Login], keys_dir: Path, *,
        grace: int = 120, ping_interval: float = 3.0, ping_timeout: float = 4.0,
    ) -> None:  # fmt: skip
        writer = SaveWriter(BoardAppender(services.engine))
        super().__init__(ping_interval=ping_interval, ping_timeout=ping_timeout, writer=writer)
        self.services = services
        self.logins = logins
        self.keys_dir = keys_dir
        self.grace = grace
        self.by_fixture: dict[int, Room] = {}

    async def admit(self, ws: ServerConnection, hello: p.Hello) -> None:
        """A login joins a fixture: as the coach of their team's side, or as a spectator."""
        try:
            if not hello.login or hello.fixture <= 0:
                raise Refused("login_required", "on a league server join a fixture with your login")
            login = await asyncio.to_thread(self.logins, hello.login, hello.password)
            side = self._side(login, hello) if hello.role == "player" else None
            room = self._room(hello.fixture)
        except Refused as exc:
            await ws.send(p.encode(p.Error(code=exc.code, message=exc.message)))
            return
        except LeagueError as exc:
            await ws.send(p.encode(p.Error(code="refused", message=str(exc))))
            return
        if side is None:
            await self.watch(room, ws)
        else:
            await self.play(room, ws, hello, side)

    def _side(self, login: Login, hello: p.Hello) -> str:
        if login.kind != "coach" or login.team is None:
            raise Refused("viewer_only", f"{login.role} is a {login.kind} of the league: watch instead")
        fixture = self.services.seasons.get_fixture(hello.fixture)
        teams = (fixture.home, fixture.away)
        if login.team not in teams:
            raise Refused("not_your_fixture", f"{login.team} does not play fixture {hello.fixture}")
        return SIDES[teams.index(login.team)]

    def _room(self, fixture: int) -> Room:
        room = self.by_fixture.get(fixture)
        if room is not None:
            return room
        self.keys_dir.mkdir(parents=True, exist_ok=True)
        path = self.keys_dir / f"match-{fixture}.keys.json"
        keys = RoomKeys.load(path) if path.exists() else None
        if keys is None or keys.fixture != fixture:
            keys = RoomKeys(
                fixture=fixture, code=secrets.token_hex(8), host_key=secrets.token_hex(8),
                host_side="home", host_secret=new_secret(),
            )  # fmt: skip
            keys.save(path)
        room = Room(self.services.board, keys, grace=self.grace, keys_path=path, claims=self.services.claims)
        self.by_fixture[fixture] = room
        self.add(room)
        return room


@dataclass(frozen=True)
class LeagueWorker:
    """Builds a worker's league server in the worker process (``match serve --workers N``):
    the league opened again from ``database``, rooms' keys in ``keys_dir`` (picklable).

    Attributes:
        logins: makes the login check from the worker's services (:func:`postgres_logins`).
    """

    database: str
    keys_dir: Path
    grace: int = 120
    ping_interval: float = 3.0
    ping_timeout: float = 4.0
    logins: Callable[[Services], Callable[[str, str], Login]] = field(default=postgres_logins)

    def __call__(self, index: int, workers: int) -> MatchServer:
        """Worker ``index``'s server (it plays only the fixtures the front sends it)."""
        from league_manager.services.facade import Services

        services = Services.open(self.database)
        return LeagueMatchServer(
            services, self.logins(services), self.keys_dir, grace=self.grace,
            ping_interval=self.ping_interval, ping_timeout=self.ping_timeout,
        )  # fmt: skip
