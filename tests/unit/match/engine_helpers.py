"""Helpers for match engine tests: build scenario dicts inline and run them.

(A uniquely named module rather than conftest.py, so imports cannot collide.)
"""

from __future__ import annotations

from typing import Any

from league_manager.match.scenario import Outcome, run


def scenario(
    players: list[dict[str, Any]],
    dice: list[Any],
    actions: list[list[Any]],
    expect: dict[str, Any] | None = None,
    **extra: Any,
) -> Outcome:
    """Run an inline scenario (same format as the golden files)."""
    data: dict[str, Any] = {
        "name": "inline",
        "players": players,
        "dice": dice,
        "actions": actions,
        "expect": expect or {},
    }
    data.update(extra)
    return run(data)


def home(pid: str, x: int, y: int, **kw: Any) -> dict[str, Any]:
    """A home player spec at (x, y)."""
    return {"id": pid, "team": "home", "at": [x, y], **kw}


def away(pid: str, x: int, y: int, **kw: Any) -> dict[str, Any]:
    """An away player spec at (x, y)."""
    return {"id": pid, "team": "away", "at": [x, y], **kw}
