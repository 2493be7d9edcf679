"""A match position to start from (scenarios, tests, resuming a tabletop game mid-drive)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from league_manager.match.state import STATUS_NAMES, State


@dataclass(frozen=True, slots=True)
class Placement:
    """Where one player is: a square (or -1) and a status name ("standing", "ko" …)."""

    player: int
    square: int
    status: str = "standing"


@dataclass(frozen=True, slots=True)
class Position:
    """A position at the start of a team turn.

    Attributes:
        placements: players not listed start in reserves.
        ball: loose ball square (-1 none); carrier: player holding it (-1 none).
        active: the team whose turn starts; turn: its turn number (1-8) about to start.
        other_turn: turns the other team has played this half (default: so that turns
            alternate from the receiving team).
        kicking: the team that kicked this drive; first_kicking: kicked the first half.
        rerolls: team re-rolls left; weather: weather key; score: (home, away).
        apothecary: whether each apothecary is still available; bribes: bribes left.
        prayers: Prayers to Nuffle in effect: (team, name, "drive" | "half" | "game").
        phase: where play resumes: "turn" (the start of the active team's turn), "mid_turn"
            (inside the active team's turn ``turn``: ``used`` players have been activated
            and ``turn_usage`` lists the once-per-turn actions spent: "blitz", "pass",
            "handoff", "foul") or "setup" (a new drive of the half: the kicking team
            sets up; both teams have played ``turn - 1`` turns).
    """

    placements: tuple[Placement, ...]
    ball: int = -1
    carrier: int = -1
    active: int = 0
    turn: int = 1
    other_turn: int | None = None
    half: int = 1
    kicking: int = 1
    first_kicking: int = 1
    rerolls: tuple[int, int] | None = None
    weather: str = "perfect"
    score: tuple[int, int] = (0, 0)
    apothecary: tuple[bool, bool] | None = None
    bribes: tuple[int, int] | None = None
    prayers: tuple[tuple[int, str, str], ...] = ()
    phase: str = "turn"
    used: tuple[int, ...] = ()
    turn_usage: tuple[str, ...] = ()

    def apply(self, s: State) -> None:
        """Put the state into this position."""
        for pl in self.placements:
            s.status[pl.player] = STATUS_NAMES.index(pl.status)
            if pl.square >= 0:
                s.place(pl.player, pl.square)
                s.played.add(pl.player)
                s.drive_players.add(pl.player)
        s.carrier = self.carrier
        s.ball = s.pos[self.carrier] if self.carrier >= 0 else self.ball
        s.active = self.active
        s.half = self.half
        s.kicking = self.kicking
        s.first_kicking = self.first_kicking
        receiving_first = self.active != self.kicking
        other = self.other_turn
        if other is None:
            other = self.turn - 1 if receiving_first else self.turn
        s.turn[self.active] = self.turn - 1
        s.turn[1 - self.active] = other
        if self.rerolls is not None:
            s.rerolls = list(self.rerolls)
        if self.apothecary is not None:
            s.apothecary = list(self.apothecary)
        if self.bribes is not None:
            s.bribes = list(self.bribes)
        s.weather = self.weather
        s.score = list(self.score)
        s.prayers = list(self.prayers)
        s.phase = self.phase
        if self.phase == "mid_turn":
            s.turn[self.active] = self.turn
        elif self.phase == "setup":
            s.turn = [self.turn - 1, self.turn - 1]
        for p in self.used:
            s.used[p] = True
        s.blitz_used = "blitz" in self.turn_usage
        s.pass_used = "pass" in self.turn_usage
        s.handoff_used = "handoff" in self.turn_usage
        s.foul_used = "foul" in self.turn_usage

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "placements": [[p.player, p.square, p.status] for p in self.placements],
            "ball": self.ball,
            "carrier": self.carrier,
            "active": self.active,
            "turn": self.turn,
            "other_turn": self.other_turn,
            "half": self.half,
            "kicking": self.kicking,
            "first_kicking": self.first_kicking,
            "rerolls": list(self.rerolls) if self.rerolls is not None else None,
            "weather": self.weather,
            "score": list(self.score),
            "apothecary": list(self.apothecary) if self.apothecary is not None else None,
            "bribes": list(self.bribes) if self.bribes is not None else None,
            "prayers": [list(p) for p in self.prayers],
            "phase": self.phase,
            "used": list(self.used),
            "turn_usage": list(self.turn_usage),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Position:
        """Inverse of :meth:`to_dict`."""
        rr = data.get("rerolls")
        ap = data.get("apothecary")
        br = data.get("bribes")
        return cls(
            placements=tuple(Placement(int(a), int(b), str(c)) for a, b, c in data["placements"]),
            ball=int(data.get("ball", -1)),
            carrier=int(data.get("carrier", -1)),
            active=int(data.get("active", 0)),
            turn=int(data.get("turn", 1)),
            other_turn=data.get("other_turn"),
            half=int(data.get("half", 1)),
            kicking=int(data.get("kicking", 1)),
            first_kicking=int(data.get("first_kicking", 1)),
            rerolls=(int(rr[0]), int(rr[1])) if rr is not None else None,
            weather=str(data.get("weather", "perfect")),
            score=(int(data.get("score", (0, 0))[0]), int(data.get("score", (0, 0))[1])),
            apothecary=(bool(ap[0]), bool(ap[1])) if ap is not None else None,
            bribes=(int(br[0]), int(br[1])) if br is not None else None,
            prayers=tuple((int(t), str(n), str(x)) for t, n, x in data.get("prayers", [])),
            phase=str(data.get("phase", "turn")),
            used=tuple(int(p) for p in data.get("used", [])),
            turn_usage=tuple(str(u) for u in data.get("turn_usage", [])),
        )
