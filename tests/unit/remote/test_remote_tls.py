"""TLS: a server with a certificate is joined over wss:// by a client that trusts it, and
refused by one that does not; the command line asks for both --cert and --key."""

import asyncio
import io
import shutil
import subprocess
from pathlib import Path

import pytest

from league_manager.cli.context import CliContext
from league_manager.cli.main import main
from league_manager.core.errors import LeagueError
from league_manager.services.facade import Services
from league_manager.services.remote import protocol as p
from league_manager.services.remote.client import RemoteClient
from league_manager.services.remote.reach import CannotJoin
from league_manager.services.remote.room import Room, RoomKeys
from league_manager.services.remote.server import MatchServer
from league_manager.services.remote.tls import client_context, server_context
from tests.unit.remote.remote_helpers import wind_down


def _certificate(folder: Path, names: str = "IP:127.0.0.1,DNS:localhost") -> tuple[Path, Path]:
    """A self-signed certificate and its key in ``folder``, naming ``names`` (subjectAltName)."""
    if shutil.which("openssl") is None:
        pytest.skip("needs the openssl command to make a test certificate")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert),
         "-days", "1", "-subj", "/CN=localhost", "-addext", f"subjectAltName={names}"],
        check=True, capture_output=True,
    )  # fmt: skip
    return cert, key


def test_a_trusting_client_joins_over_wss_and_another_is_refused(season: Services, tmp_path: Path) -> None:
    cert, key = _certificate(tmp_path)
    fixture = season.seasons.fixtures("S")[0].id
    assert fixture is not None
    season.match_day.pregame(fixture, seed=5)
    keys = RoomKeys(fixture=fixture, code="join", host_key="host", host_side="home", host_secret="0a1b")
    room = Room(season.board, keys, grace=0)

    async def run() -> tuple[list[p.Message], Exception | None]:
        server = MatchServer(ping_interval=30, ping_timeout=30)
        server.add(room)
        listening = await server.start("127.0.0.1", 0, server_context(cert, key))
        address = f"wss://127.0.0.1:{listening.sockets[0].getsockname()[1]}"
        seen: list[p.Message] = []
        watcher = RemoteClient(
            address, "join", role="spectator", on_message=seen.append, tls=client_context(cert)
        )
        task = asyncio.create_task(watcher.run())
        while not seen:
            await asyncio.sleep(0.01)
        refused: Exception | None = None
        try:
            await RemoteClient(address, "join", role="spectator", tls=client_context()).run()
        except CannotJoin as exc:  # the system's authorities do not know the certificate
            refused = exc
        await wind_down(listening, [task])
        return seen, refused

    seen, refused = asyncio.run(run())
    assert isinstance(seen[0], p.Welcome) and seen[0].fixture == fixture
    assert isinstance(refused, CannotJoin) and refused.error.code == "tls"
    assert "its certificate is not trusted (" in refused.error.message
    assert "--ca FILE" in refused.error.message and "'Trusted certificate file'" in refused.error.message


def test_tls_options_are_checked(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    code = main(["match", "host", "1", "--cert", str(tmp_path / "c.pem")], CliContext(stdout=out, stderr=err))
    assert code == 1 and "both --cert and --key" in err.getvalue()
    with pytest.raises(LeagueError, match="cannot use the certificate"):
        server_context(tmp_path / "c.pem", tmp_path / "k.pem")
    with pytest.raises(LeagueError, match="certificate authority"):
        client_context(tmp_path / "missing.pem")
