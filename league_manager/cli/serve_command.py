"""``league-manager --db URL match serve``: the match server of a shared league.

Runs until stopped (Ctrl+C). Coaches join their own fixtures with their own login
(``match join ADDRESS --fixture N --login NAME``); the league's roles decide who plays which
side. Each fixture's room keys are kept in ``--keys-dir`` so a restarted server resumes.
With ``--workers N`` the rooms are spread over N worker processes on the ports after
``--port`` (``services/remote/shards.py``); the default, 1, plays every room in this process
on ``--port`` alone.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
from pathlib import Path

from league_manager.cli.context import CliContext
from league_manager.core.errors import LeagueError
from league_manager.services.remote import protocol as p


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``match serve``."""
    serve = sub.add_parser("serve", help="serve a shared league's fixtures to its coaches (their logins)")
    serve.add_argument("--port", type=int, default=8765, help="port to listen on (0: any free port)")
    serve.add_argument("--listen", default="0.0.0.0", help="address to listen on")
    serve.add_argument("--cert", type=Path, help="TLS certificate (PEM): logins travel over wss://")
    serve.add_argument("--key", dest="tls_key", type=Path, help="the certificate's private key (PEM)")
    serve.add_argument(
        "--grace", type=int, default=120, help="seconds before an away coach's match may adjourn"
    )
    serve.add_argument(
        "--keys-dir", type=Path, default=Path("match-keys"), help="where the rooms' keys are kept"
    )
    serve.add_argument(
        "--workers", type=int, default=1,
        help="worker processes sharing the rooms (default 1: every room in this process); more "
        "listen on the ports after --port, which the firewall must open too",
    )  # fmt: skip
    serve.set_defaults(handler=serve_command)


def serve_command(args: argparse.Namespace, ctx: CliContext) -> int:
    """Serve until interrupted; exit 1 when the league is not a shared (PostgreSQL) one."""
    from league_manager.services.remote.league_server import LeagueMatchServer, postgres_logins
    from league_manager.services.remote.tls import server_context

    if (args.cert is None) != (args.tls_key is None):
        return ctx.fail("TLS needs both --cert and --key")
    if args.workers < 1:
        return ctx.fail("--workers must be at least 1")
    try:
        services = ctx.services()
        if services.engine.url.get_backend_name() != "postgresql":
            return ctx.fail("match serve is for a shared league: give --db a PostgreSQL URL")
        tls = server_context(args.cert, args.tls_key) if args.cert is not None else None
        if args.workers > 1:
            services.close()
            return _sharded(args, ctx)
        server = LeagueMatchServer(services, postgres_logins(services), args.keys_dir, grace=args.grace)
    except LeagueError as exc:
        return ctx.fail(str(exc))

    async def run() -> None:
        listening = await server.start(args.listen, args.port, tls)
        port = listening.sockets[0].getsockname()[1] if listening.sockets else args.port
        scheme = "wss" if tls is not None else "ws"
        ctx.print(f"serving the shared league at {p.server_address(scheme, args.listen, port)}")
        if tls is None:
            ctx.print("warning: without --cert/--key the logins' passwords cross the network unencrypted")
        ctx.stdout.flush()
        await listening.serve_forever()

    try:
        asyncio.run(run())
    except KeyboardInterrupt:
        ctx.print("stopped")
    except OSError as exc:
        return ctx.fail(f"cannot listen on {args.listen}:{args.port}: {exc}")
    return 0


def _sharded(args: argparse.Namespace, ctx: CliContext) -> int:
    """Serve with ``args.workers`` worker processes behind a front on ``args.port``."""
    from league_manager.services.remote.league_server import LeagueWorker
    from league_manager.services.remote.shards import ShardedServer, WorkerFailed

    def report(event: str) -> None:
        ctx.print(event)
        ctx.stdout.flush()

    ports = [args.port + 1 + i if args.port else 0 for i in range(args.workers)]
    build = LeagueWorker(str(ctx.db), args.keys_dir.resolve(), grace=args.grace)
    tls = {"cert": args.cert, "key": args.tls_key}
    server = ShardedServer(build, args.workers, listen=args.listen, ports=ports, on_event=report, **tls)

    async def run() -> None:
        listening = await server.start(args.port)
        try:
            port = listening.sockets[0].getsockname()[1] if listening.sockets else args.port
            scheme = server.scheme
            workers = ", ".join(str(w.port) for w in server.workers)
            where = p.server_address(scheme, args.listen, port)
            ctx.print(f"serving the shared league at {where} ({args.workers} workers on ports {workers})")
            if scheme == "ws":
                ctx.print("warning: without --cert/--key the logins' passwords cross the network unencrypted")
            ctx.stdout.flush()
            stopped = asyncio.Event()
            with contextlib.suppress(NotImplementedError):  # no signal handlers on Windows
                asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stopped.set)
            serving = asyncio.create_task(listening.serve_forever())
            ending = [serving, asyncio.create_task(stopped.wait())]
            await asyncio.wait(ending, return_when=asyncio.FIRST_COMPLETED)
            serving.cancel()
        finally:
            await server.stop()  # the workers stop with the front

    try:
        asyncio.run(run())
    except KeyboardInterrupt:
        ctx.print("stopped")
    except WorkerFailed as exc:
        return ctx.fail(str(exc))
    except OSError as exc:
        return ctx.fail(f"cannot listen on {args.listen}:{args.port}: {exc}")
    return 0
