"""Builders of result documents for the match-day tests."""

from typing import Any


def blank_result(snapshots: dict[str, Any]) -> dict[str, Any]:
    """A 0-0 result document listing every snapshot player with nothing done."""
    players = []
    for index, side in enumerate(("home", "away")):
        for p in snapshots[side]["players"]:
            players.append({"id": p["id"], "team": index, "played": True})
    return {"home": {"score": 0}, "away": {"score": 0}, "conceded": None, "players": players}


def player(doc: dict[str, Any], side: str, index: int = 0) -> dict[str, Any]:
    """The ``index``-th player row of a side in a result document."""
    team = 0 if side == "home" else 1
    return [p for p in doc["players"] if p["team"] == team][index]
