"""The live tabletop tracker's log: entries made as a table match goes on, and what they add up to.

A match played on the table is followed entry by entry: a touchdown by #7, a casualty by
#4 on #12 with its injury, a completion, an interception, a deflection, a team re-roll
used, a team's turn marker moved on, the next half, the MVPs. The log is the list of those
entries; everything shown (score, half, turn markers, re-rolls left) is derived from it, so
undoing is dropping the last entry. At the final whistle :meth:`TrackerLog.result_document`
turns the log into a tabletop result document (docs/match-result.md) for the result grid.
Pure: no SQL, no Qt.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from league_manager.core.errors import RuleViolation
from league_manager.match.state import TURNS_PER_HALF

SIDES = ("home", "away")
INJURIES = ("Badly Hurt", "Seriously Hurt", "Serious Injury", "Lasting Injury", "Dead")
CHARACTERISTICS = ("MA", "ST", "AG", "PA", "AV")
HALVES = 3
"""Two halves and, where a league plays it, extra time (the third)."""

PLAYER_KINDS = {"td": "touchdown", "comp": "completion", "intc": "interception", "defl": "deflection"}
"""Entries that credit one player with one of the result's counters."""
KINDS = (*PLAYER_KINDS, "cas", "mvp", "reroll", "turn", "half", "illegal", "wrong_call")
ILLEGAL_CHOICES = ("end_turn", "reroll")
"""Illegal Procedure (seed 004): the coach called ends the turn, or loses a team re-roll."""


@dataclass(frozen=True)
class Roster:
    """One side as the tracker knows it: name, team re-rolls, and players by shirt number."""

    name: str
    rerolls: int
    numbers: dict[int, str]
    """Shirt number -> player id."""

    @classmethod
    def from_snapshot(cls, snapshot: Mapping[str, Any]) -> Roster:
        """The side of a kick-off snapshot (``TeamSnapshot.to_dict()``)."""
        players = snapshot.get("players", [])
        return cls(
            name=str(snapshot.get("name", "")),
            rerolls=int(snapshot.get("rerolls", 0)),
            numbers={int(p["number"]): str(p["id"]) for p in players},
        )


@dataclass
class TrackerLog:
    """Both rosters and the entries so far (plain dicts, stored as JSON after each entry)."""

    rosters: tuple[Roster, Roster]
    entries: list[dict[str, Any]] = field(default_factory=list)

    # --- derived state -------------------------------------------------------------

    @property
    def half(self) -> int:
        """The half being played: 1, 2, or 3 for extra time."""
        return 1 + sum(1 for e in self.entries if e["kind"] == "half")

    def _this_half(self) -> list[dict[str, Any]]:
        half_starts = [i for i, e in enumerate(self.entries) if e["kind"] == "half"]
        return self.entries[half_starts[-1] + 1 :] if half_starts else list(self.entries)

    def score(self, team: int) -> int:
        """The side's touchdowns so far."""
        return sum(1 for e in self.entries if e["kind"] == "td" and e["team"] == team)

    def turn(self, team: int) -> int:
        """The side's turn marker this half (0 before its first turn)."""
        return sum(1 for e in self._this_half() if e["kind"] == "turn" and e["team"] == team)

    def rerolls_left(self, team: int) -> int:
        """Team re-rolls the side has left this half (they come back each half).

        An Illegal Procedure penalty or a wrong call costs the side a re-roll, or gives one
        to the other side when it has none left (seed 004; docs/rules-decisions.md).
        """
        left = [self.rosters[0].rerolls, self.rosters[1].rerolls]
        for e in self._this_half():
            if e["kind"] == "reroll":
                left[e["team"]] -= 1
            elif (e["kind"] == "illegal" and e["choice"] == "reroll") or e["kind"] == "wrong_call":
                if left[e["team"]] > 0:
                    left[e["team"]] -= 1
                else:
                    left[1 - e["team"]] += 1
        return left[team]

    def mvp(self, team: int) -> str | None:
        """The side's MVP if entered (the last entry counts)."""
        picks = [e["player"] for e in self.entries if e["kind"] == "mvp" and e["team"] == team]
        return picks[-1] if picks else None

    # --- entries -------------------------------------------------------------------

    def player(self, team: int, number: int) -> str:
        """The id of the side's player wearing ``number``.

        Raises:
            RuleViolation: no such shirt number on the side's kick-off roster.
        """
        found = self.rosters[team].numbers.get(number)
        if found is None:
            raise RuleViolation("tracker", f"{self.rosters[team].name or SIDES[team]} has no #{number}")
        return found

    def check(self, entry: Mapping[str, Any]) -> dict[str, Any]:
        """The entry as stored, after checking it against the log so far.

        ``{"kind": "td"|"comp"|"intc"|"defl"|"mvp", "team": 0|1, "number": 7}``,
        ``{"kind": "cas", "team": 0|1, "number": 4, "victim": 12, "injury": "Dead",
        "lasting": None}`` (the victim plays for the other side), ``{"kind": "reroll"|"turn",
        "team": 0|1}``, ``{"kind": "illegal", "team": 0|1, "choice": "end_turn"|"reroll"}``
        (an Illegal Procedure called on the side), ``{"kind": "wrong_call", "team": 0|1}``
        (the side called one wrongly) or ``{"kind": "half"}``.

        Raises:
            RuleViolation: an unknown kind or side, a shirt number not on the roster, no
                re-roll left, a ninth turn, a fourth half, an injury the result cannot take,
                or an illegal procedure that neither ends the turn nor costs a re-roll.
        """
        kind = entry.get("kind")
        if kind not in KINDS:
            raise RuleViolation("tracker", f"unknown entry {kind!r}")
        if kind == "half":
            if self.half >= HALVES:
                raise RuleViolation("tracker", "extra time is the last period")
            return {"kind": "half"}
        team = entry.get("team")
        if team not in (0, 1):
            raise RuleViolation("tracker", f"team must be 0 (home) or 1 (away), not {team!r}")
        if kind == "reroll":
            if self.rerolls_left(team) <= 0:
                raise RuleViolation("tracker", f"{SIDES[team]} has no team re-roll left this half")
            return {"kind": kind, "team": team}
        if kind == "illegal":
            choice = entry.get("choice")
            if choice not in ILLEGAL_CHOICES:
                raise RuleViolation(
                    "tracker", f"an illegal procedure ends the turn or costs a re-roll, not {choice!r}"
                )
            return {"kind": kind, "team": team, "choice": choice}
        if kind == "wrong_call":
            return {"kind": kind, "team": team}
        if kind == "turn":
            if self.turn(team) >= TURNS_PER_HALF:
                raise RuleViolation(
                    "tracker", f"{SIDES[team]} has played its {TURNS_PER_HALF} turns this half"
                )
            return {"kind": kind, "team": team}
        stored: dict[str, Any] = {"kind": kind, "team": team, "number": int(entry["number"])}
        stored["player"] = self.player(team, stored["number"])
        if kind == "cas":
            injury, lasting = entry.get("injury"), entry.get("lasting")
            if injury not in INJURIES:
                raise RuleViolation("tracker", f"injury must be one of {', '.join(INJURIES)}")
            if (injury == "Lasting Injury") != (lasting in CHARACTERISTICS):
                raise RuleViolation("tracker", "a Lasting Injury names the characteristic (and only it does)")
            stored["victim_number"] = int(entry["victim"])
            stored["victim"] = self.player(1 - team, stored["victim_number"])
            if any(e["kind"] == "cas" and e["victim"] == stored["victim"] for e in self.entries):
                raise RuleViolation("tracker", f"#{stored['victim_number']} is already a casualty")
            stored["injury"], stored["lasting"] = injury, lasting
        return stored

    def add(self, entry: Mapping[str, Any]) -> dict[str, Any]:
        """Check the entry and append it; returns it as stored.

        Raises:
            RuleViolation: see :meth:`check`; the log is unchanged.
        """
        stored = self.check(entry)
        self.entries.append(stored)
        return stored

    def undo(self) -> dict[str, Any]:
        """Drop the last entry and return it.

        Raises:
            RuleViolation: nothing to undo.
        """
        if not self.entries:
            raise RuleViolation("tracker", "nothing to undo")
        return self.entries.pop()

    # --- the result ----------------------------------------------------------------

    def result_document(self) -> dict[str, Any]:
        """The tabletop result document the log adds up to (scores from the touchdowns)."""
        rows: dict[str, dict[str, Any]] = {}

        def row(pid: str) -> dict[str, Any]:
            return rows.setdefault(pid, {"id": pid})

        for e in self.entries:
            kind = e["kind"]
            if kind in PLAYER_KINDS or kind == "cas":
                r = row(e["player"])
                r[kind] = r.get(kind, 0) + 1
                if kind == "cas":
                    if e["injury"] == "Dead":
                        r["kills"] = r.get("kills", 0) + 1
                    victim = row(e["victim"])
                    victim["injury"] = e["injury"]
                    if e["lasting"]:
                        victim["lasting"] = e["lasting"]
        teams: dict[str, dict[str, Any]] = {}
        for index, side in enumerate(SIDES):
            teams[side] = {"score": self.score(index)}
            mvp = self.mvp(index)
            if mvp is not None:
                teams[side]["mvp"] = mvp
        return {**teams, "players": list(rows.values())}

    def to_dict(self) -> dict[str, Any]:
        """The entries, for storage (the rosters come from the match day's snapshots)."""
        return {"entries": list(self.entries)}
