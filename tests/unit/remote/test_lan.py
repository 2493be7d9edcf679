"""LAN games by zeroconf: a hosting app's announcement is listed by a joining app (on loopback
here), without the join code; a record of another protocol version is not listed; without
python-zeroconf the app says why instead."""

from __future__ import annotations

import importlib.util
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest

from league_manager.services.remote import lan
from league_manager.services.remote.protocol import PROTOCOL_VERSION


def _wait(check: Callable[[], bool], seconds: float = 15.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.05)
    return False


def test_an_announced_match_is_listed_and_withdrawn() -> None:
    pytest.importorskip("zeroconf")
    assert lan.unavailable() is None
    browser = lan.LanBrowser(interfaces=["127.0.0.1"])
    advert = lan.LanAdvert("Gutrot Ironjaws v Middenheim Marauders", "127.0.0.1", 8765, tls=True,
                           interfaces=["127.0.0.1"])  # fmt: skip
    try:
        assert _wait(lambda: browser.games() != [])
        [game] = browser.games()
        assert (game.title, game.address) == (
            "Gutrot Ironjaws v Middenheim Marauders",
            "wss://127.0.0.1:8765",
        )
        assert b"code" not in b"".join(advert.info.properties)  # never the join code
        advert.stop()
        assert _wait(lambda: browser.games() == [])
    finally:
        advert.stop()
        browser.stop()


@dataclass
class _Info:
    properties: dict[bytes, bytes | None] = field(default_factory=dict)
    port: int = 8765

    def parsed_addresses(self) -> list[str]:
        return ["192.168.1.20"]


def test_a_record_of_another_protocol_version_is_not_listed() -> None:
    plain = _Info({b"title": b"A v B", b"tls": b"0", b"v": str(PROTOCOL_VERSION).encode()})
    assert lan._game("x", plain) == lan.LanGame("x", "A v B", "192.168.1.20:8765")
    assert lan._game("x", _Info({b"title": b"A v B", b"v": b"99"})) is None
    assert lan._game("x", _Info({b"v": str(PROTOCOL_VERSION).encode()}, port=0)) is None


def test_without_zeroconf_the_app_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "zeroconf" else real(name, *a)
    )
    assert lan.unavailable() == lan.MISSING and "pip install zeroconf" in lan.MISSING
