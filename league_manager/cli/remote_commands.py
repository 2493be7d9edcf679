"""``league-manager match host|join|watch|claims|resolve-claim``: a fixture played between two
machines, and the commissioner's claims when a coach left one.

``match host`` runs the match server for one fixture (its board match saved to the league
database action by action) and plays one side with a bot, or leaves it to whoever joins with
the host key; ``match join`` plays the other side; ``match watch`` prints the stream.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import os
import secrets
import ssl
from pathlib import Path
from typing import TYPE_CHECKING, Any

from league_manager.cli import serve_command
from league_manager.cli.context import CliContext
from league_manager.core.errors import LeagueError
from league_manager.match.bots import BOT_NAMES
from league_manager.services.remote import protocol as p
from league_manager.services.remote.fairness import new_secret
from league_manager.services.remote.room import Room, RoomKeys
from league_manager.services.remote.tls import client_context, server_context

if TYPE_CHECKING:
    from league_manager.services.remote.client import Finish


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``match host``, ``match join`` and ``match watch``."""
    host = sub.add_parser("host", help="host a fixture's match for a coach on another machine")
    host.add_argument("fixture", type=int, help="fixture id (its pre-game has run)")
    host.add_argument("--port", type=int, default=8765, help="port to listen on (0: any free port)")
    host.add_argument("--listen", default="127.0.0.1", help="address to listen on (0.0.0.0 for the LAN)")
    host.add_argument("--code", help="the join code (random when omitted)")
    host.add_argument("--side", choices=("home", "away"), default="home", help="the host's side")
    host.add_argument("--bot", choices=BOT_NAMES, help="play the host's side with this bot")
    host.add_argument("--seed", type=int, help="derive the host's dice secret and the bot from this seed")
    host.add_argument("--keys", type=Path, help="file keeping the codes and secrets (resume after a crash)")
    host.add_argument(
        "--grace", type=int, default=60, help="seconds before an away coach's match may adjourn"
    )
    host.add_argument("--cert", type=Path, help="TLS certificate (PEM): coaches join with wss://")
    host.add_argument("--key", dest="tls_key", type=Path, help="the certificate's private key (PEM)")
    host.set_defaults(handler=host_command)

    join = sub.add_parser("join", help="play a side of a hosted match")
    join.add_argument("address", help="host:port or ws://host:port")
    join.add_argument("--code", default="", help="the join code (or the host key)")
    join.add_argument("--fixture", type=int, default=0, help="on a league server: the fixture to play")
    join.add_argument("--login", default="", help="on a league server: your shared-league login")
    join.add_argument("--bot", choices=BOT_NAMES, help="play with this bot")
    join.add_argument("--seed", type=int, default=1, help="the bot's seed")
    join.add_argument(
        "--concede-at-turn", type=int, default=0, metavar="TURN",
        help="with --bot: concede at the start of your team's turn TURN (the server ends the match)",
    )  # fmt: skip
    join.add_argument("--ca", type=Path, help="trust this certificate (a self-signed wss:// server)")
    join.set_defaults(handler=join_command)

    watch = sub.add_parser("watch", help="watch a hosted match, one event a line")
    watch.add_argument("address", help="host:port or ws://host:port")
    watch.add_argument("--code", default="", help="the join code")
    watch.add_argument("--fixture", type=int, default=0, help="on a league server: the fixture to watch")
    watch.add_argument("--login", default="", help="on a league server: your shared-league login")
    watch.add_argument("--ca", type=Path, help="trust this certificate (a self-signed wss:// server)")
    watch.set_defaults(handler=watch_command)

    serve_command.register(sub)

    claims = sub.add_parser("claims", help="claims of remote matches a coach left, for the commissioner")
    claims.add_argument("league", help="league name or id")
    claims.add_argument("--all", action="store_true", help="resolved claims too")
    claims.set_defaults(handler=claims_command)

    resolve = sub.add_parser("resolve-claim", help="award a claimed match to the claimant, or order a replay")
    resolve.add_argument("claim", type=int, help="claim id (match claims LEAGUE)")
    decision = resolve.add_mutually_exclusive_group(required=True)
    decision.add_argument("--award", action="store_true", help="the absent side concedes now")
    decision.add_argument("--replay", action="store_true", help="abandon the board match: play it again")
    resolve.add_argument("--note", default="", help="the commissioner's note, kept with the claim")
    resolve.set_defaults(handler=resolve_claim_command)


def _keys(args: argparse.Namespace) -> tuple[RoomKeys, Path]:
    path: Path = args.keys or Path(f"match-{args.fixture}.keys.json")
    if path.exists():
        keys = RoomKeys.load(path)
        if keys.fixture == args.fixture:
            return keys, path
    host_secret = new_secret()
    if args.seed is not None:
        host_secret = hashlib.sha256(f"host-seed:{args.seed}".encode()).hexdigest()[:32]
    keys = RoomKeys(
        fixture=args.fixture, code=args.code or secrets.token_hex(4), host_key=secrets.token_hex(8),
        host_side=args.side, host_secret=host_secret,
    )  # fmt: skip
    keys.save(path)
    return keys, path


def host_command(args: argparse.Namespace, ctx: CliContext) -> int:
    """Serve one fixture's match until it ends or is adjourned; exit 1 when it is refused."""
    from league_manager.services.remote.client import RemoteClient
    from league_manager.services.remote.server import MatchServer

    if (args.cert is None) != (args.tls_key is None):
        return ctx.fail("TLS needs both --cert and --key")
    try:
        tls = server_context(args.cert, args.tls_key) if args.cert is not None else None
        keys, path = _keys(args)
        services = ctx.services()
        room = Room(services.board, keys, grace=args.grace, keys_path=path, claims=services.claims)
    except (LeagueError, OSError, ValueError) as exc:
        return ctx.fail(str(exc))

    async def serve() -> Finish | None:
        server = MatchServer()
        done = server.add(room)
        listening = await server.start(args.listen, args.port, tls)
        port = listening.sockets[0].getsockname()[1] if listening.sockets else args.port
        address = p.server_address("wss" if tls is not None else "ws", args.listen, port)
        resumed = " (resumed from the saved log)" if room.game is not None else ""
        ctx.print(f"hosting fixture {keys.fixture} at {address}{resumed}")
        ctx.print(f"join code: {keys.code}")
        ctx.print(f"host key ({keys.host_side}): {keys.host_key}")
        ctx.stdout.flush()
        bot = None
        if args.bot:
            client = RemoteClient(
                address, keys.host_key, bot=args.bot, seed=args.seed or 1, secret=keys.host_secret,
                tls=_own_bot_tls() if tls is not None else None,
            )  # fmt: skip
            bot = asyncio.create_task(client.run())
        await done.wait()
        finish = await bot if bot is not None else None
        listening.close()
        await listening.wait_closed()
        return finish

    asyncio.run(serve())
    over = room.finished
    if over is None:
        ctx.print(f"adjourned; run `match host {keys.fixture}` again with the same keys file to resume")
        return 0
    return ctx.emit(_over_data(over), lambda: _over_text(over))


def join_command(args: argparse.Namespace, ctx: CliContext) -> int:
    """Play one side until the match ends; exit 1 when refused or the dice do not check out."""
    from league_manager.services.remote.client import JoinRefused, RemoteClient
    from league_manager.services.remote.reach import CannotJoin

    try:
        tls = client_context(args.ca)
    except LeagueError as exc:
        return ctx.fail(str(exc))
    if not args.code and not args.login:
        return ctx.fail("join with --code, or on a league server with --fixture and --login")
    if args.concede_at_turn and not args.bot:
        return ctx.fail("--concede-at-turn needs --bot, which plays your decisions until then")
    client = RemoteClient(
        args.address, args.code, bot=args.bot, seed=args.seed, tls=tls,
        concede_at_turn=max(0, args.concede_at_turn), **_login(args),
    )  # fmt: skip
    try:
        finish = asyncio.run(client.run())
    except JoinRefused as exc:
        return ctx.fail(f"refused: {exc}")
    except CannotJoin as exc:
        return ctx.fail(str(exc))
    except OSError as exc:  # after joining: the network failed
        return ctx.fail(f"the connection to {args.address} failed: {exc}")
    if finish.resumed:
        ctx.print("resumed: rejoined the match and received the actions missed")
    if finish.over is None:
        ctx.print("adjourned" if finish.adjourned else "the connection ended before the final whistle")
        return 0 if finish.adjourned else 1
    over = finish.over
    if finish.dice_problem is not None or finish.log_hash != over.log_hash:
        return ctx.fail(f"the match does not check out: {finish.dice_problem or 'log hash differs'}")
    return ctx.emit({**_over_data(over), "dice_verified": True}, lambda: _over_text(over) + "\ndice verified")


def watch_command(args: argparse.Namespace, ctx: CliContext) -> int:
    """Print every event of a hosted match, one a line (JSON with ``--json``)."""
    from league_manager.services.remote.client import JoinRefused, RemoteClient
    from league_manager.services.remote.reach import CannotJoin

    def show(message: p.Message) -> None:
        ctx.print(p.encode(message) if ctx.as_json else _line(message))
        ctx.stdout.flush()

    try:
        tls = client_context(args.ca)
    except LeagueError as exc:
        return ctx.fail(str(exc))
    if not args.code and not args.login:
        return ctx.fail("watch with --code, or on a league server with --fixture and --login")
    client = RemoteClient(args.address, args.code, role="spectator", on_message=show, tls=tls, **_login(args))
    try:
        asyncio.run(client.run())
    except JoinRefused as exc:
        return ctx.fail(f"refused: {exc}")
    except CannotJoin as exc:
        return ctx.fail(str(exc))
    except OSError as exc:  # after joining: the network failed
        return ctx.fail(f"the connection to {args.address} failed: {exc}")
    return 0


def _login(args: argparse.Namespace) -> dict[str, Any]:
    """A league server's login: the fixture, the login and its password (``LM_PASSWORD``)."""
    if not args.login:
        return {}
    return {"fixture": args.fixture, "login": args.login, "password": os.environ.get("LM_PASSWORD", "")}


def _own_bot_tls() -> ssl.SSLContext:
    """The host's own bot reaches its own server over this machine: no certificate check."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


def claims_command(args: argparse.Namespace, ctx: CliContext) -> int:
    """List a league's open claims (every claim with ``--all``)."""
    try:
        found = ctx.services().claims.claims(args.league, every=args.all)
    except LeagueError as exc:
        return ctx.fail(str(exc))

    def text() -> str:
        if not found:
            return "no open claims" if not args.all else "no claims"
        return "\n".join(
            f"claim {c.id}: fixture {c.fixture_id}, {c.claimant_team} ({c.claimant}) claims against "
            f"{c.absent_team} after {c.action_count} actions and {c.waited_seconds} s waited: {c.state}"
            + (f" ({c.resolution})" if c.resolution else "")
            for c in found
        )

    return ctx.emit([c.to_dict() for c in found], text)


def resolve_claim_command(args: argparse.Namespace, ctx: CliContext) -> int:
    """Award the claimed match (the absent side concedes) or order a replay."""
    decision = "award" if args.award else "replay"
    try:
        outcome = ctx.services().claims.resolve(args.claim, decision, args.note)
    except LeagueError as exc:
        return ctx.fail(str(exc))
    claim = outcome.value
    done = (
        f"awarded to {claim.claimant_team}: the result is entered; run the post-game with match day"
        if claim.state == "awarded"
        else f"replay ordered: fixture {claim.fixture_id} is back at its pre-game"
    )
    return ctx.emit(claim.to_dict(), lambda: f"claim {claim.id}: {done}")


def _line(message: p.Message) -> str:
    if isinstance(message, p.Applied):
        kind, player, square = message.action
        rolls = f" rolls {message.rolls}" if message.rolls else ""
        return f"#{message.number} {kind} player {player} square {square}{rolls}"
    if isinstance(message, p.Welcome):
        started = (
            "waiting for the guest" if message.document is None else f"{len(message.actions)} actions so far"
        )
        return f"watching fixture {message.fixture}: {started}"
    if isinstance(message, p.Over):
        return _over_text(message)
    return json.dumps({"type": message.TYPE, **vars(message)})


def _over_data(over: p.Over) -> dict[str, object]:
    return {"result": over.result, "log_hash": over.log_hash, "seed": over.seed}


def _over_text(over: p.Over) -> str:
    home, away = over.result.get("home", {}), over.result.get("away", {})
    score = f"{home.get('name')} {home.get('score')} - {away.get('score')} {away.get('name')}"
    conceded = over.result.get("conceded")
    if conceded in (0, 1):
        score += f" ({(home, away)[conceded].get('name')} conceded)"
    return f"final whistle: {score}\nlog hash: {over.log_hash}\nseed: {over.seed}"
