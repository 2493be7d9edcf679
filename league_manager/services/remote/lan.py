"""LAN games by zeroconf (mDNS/DNS-SD): a hosting app announces its match, a joining app lists them.

python-zeroconf is an optional dependency (``pip install league-manager[lan]``): without it
:func:`unavailable` says why and nothing is announced or listed; play by typed address works
as before. An announcement carries the match's title, the port, whether it is ``wss://`` and
the protocol version, never the join code: a listed game is still joined with the code the
host coach gives.
"""

from __future__ import annotations

import importlib.util
import socket
import threading
from dataclasses import dataclass
from typing import Any

from league_manager.services.remote.protocol import PROTOCOL_VERSION

SERVICE_TYPE = "_league-manager._tcp.local."
MISSING = "LAN games are not listed: this installation lacks python-zeroconf (pip install zeroconf)"


def unavailable() -> str | None:
    """Why LAN games cannot be announced or listed here, or None when they can."""
    return MISSING if importlib.util.find_spec("zeroconf") is None else None


@dataclass(frozen=True)
class LanGame:
    """A match announced on the local network.

    Attributes:
        title: the host's words for it (the fixture's teams); address: ``host:port`` or
            ``wss://host:port``, as the Join dialog takes it.
    """

    name: str
    title: str
    address: str


def _zeroconf(interfaces: list[str] | None) -> Any:
    from zeroconf import InterfaceChoice, IPVersion, Zeroconf

    return Zeroconf(interfaces=interfaces or InterfaceChoice.All, ip_version=IPVersion.V4Only)


class LanAdvert:
    """Announces one hosted match until :meth:`stop`.

    Args:
        title: what a joining coach reads (e.g. "Gutrot Ironjaws v Middenheim Marauders").
        address: the IPv4 address the match is reached at; port: its port; tls: served ``wss://``.
        interfaces: the interfaces to announce on (every one when None).
    """

    def __init__(self, title: str, address: str, port: int, *, tls: bool = False,
                 interfaces: list[str] | None = None) -> None:  # fmt: skip
        from zeroconf import ServiceInfo

        self._zc = _zeroconf(interfaces)
        label = "".join(c if c.isalnum() or c in " -" else " " for c in title)[:40].strip() or "match"
        self.info = ServiceInfo(
            SERVICE_TYPE, f"{label} {port}.{SERVICE_TYPE}", addresses=[socket.inet_aton(address)], port=port,
            properties={"title": title[:200], "tls": "1" if tls else "0", "v": str(PROTOCOL_VERSION)},
        )  # fmt: skip
        self._zc.register_service(self.info, allow_name_change=True)
        self._stopped = False

    def stop(self) -> None:
        """Withdraw the announcement (safe to call twice)."""
        if self._stopped:
            return
        self._stopped = True
        self._zc.unregister_service(self.info)
        self._zc.close()


class LanBrowser:
    """Lists the matches announced on the local network, as they come and go (thread-safe).

    Args:
        interfaces: the interfaces to listen on (every one when None).
    """

    def __init__(self, interfaces: list[str] | None = None) -> None:
        from zeroconf import ServiceBrowser

        self._lock = threading.Lock()
        self._games: dict[str, LanGame] = {}
        self._zc = _zeroconf(interfaces)
        self._browser = ServiceBrowser(self._zc, SERVICE_TYPE, handlers=[self._changed])

    def _changed(self, zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        from zeroconf import ServiceStateChange

        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._games.pop(name, None)
            return
        info = zeroconf.get_service_info(service_type, name, timeout=2000)
        game = _game(name, info) if info is not None else None
        if game is not None:
            with self._lock:
                self._games[name] = game

    def games(self) -> list[LanGame]:
        """The matches announced now, by title."""
        with self._lock:
            return sorted(self._games.values(), key=lambda g: (g.title, g.address))

    def stop(self) -> None:
        """Stop listening."""
        self._browser.cancel()
        self._zc.close()


def _game(name: str, info: Any) -> LanGame | None:
    props = {bytes(k).decode(errors="replace"): bytes(v or b"").decode(errors="replace")
             for k, v in info.properties.items()}  # fmt: skip
    addresses = info.parsed_addresses()
    if props.get("v") != str(PROTOCOL_VERSION) or not addresses or not info.port:
        return None  # another version of the protocol, or an incomplete record: not joinable
    where = f"{addresses[0]}:{info.port}"
    return LanGame(name, props.get("title") or name, f"wss://{where}" if props.get("tls") == "1" else where)
