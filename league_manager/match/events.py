"""Events: what happened, with the dice, target, modifiers and the rule applied."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(slots=True)
class Event:
    """One thing that happened in the match.

    Attributes:
        kind: what happened ("dodge", "armour", "touchdown", "turnover" …).
        team: team concerned (0 home, 1 away, -1 none).
        player: player index concerned, -1 for none.
        rolls: dice shown.
        target: the number needed (0 when the roll is not a test).
        modifiers: (reason, value) pairs applied to the roll.
        success: outcome of a test, None when not a test.
        rule: rule or skill that applied.
        square: square concerned, -1 for none.
        detail: a short free text ("KO'd", "Push Back" …).
        other: a second player index (block target, catcher …), -1 for none.
    """

    kind: str
    team: int = -1
    player: int = -1
    rolls: tuple[int, ...] = ()
    target: int = 0
    modifiers: tuple[tuple[str, int], ...] = ()
    success: bool | None = None
    rule: str = ""
    square: int = -1
    detail: str = ""
    other: int = -1

    def to_dict(self) -> dict[str, Any]:
        """JSON form, omitting empty fields."""
        data: dict[str, Any] = {"kind": self.kind}
        if self.team >= 0:
            data["team"] = self.team
        if self.player >= 0:
            data["player"] = self.player
        if self.rolls:
            data["rolls"] = list(self.rolls)
        if self.target:
            data["target"] = self.target
        if self.modifiers:
            data["modifiers"] = [list(m) for m in self.modifiers]
        if self.success is not None:
            data["success"] = self.success
        if self.rule:
            data["rule"] = self.rule
        if self.square >= 0:
            data["square"] = self.square
        if self.detail:
            data["detail"] = self.detail
        if self.other >= 0:
            data["other"] = self.other
        return data

    def text(self) -> str:
        """One line for people: ``dodge p3 4+ (-1 marked) rolled 5: ok``."""
        parts = [self.kind]
        if self.player >= 0:
            parts.append(f"p{self.player}")
        if self.other >= 0:
            parts.append(f"-> p{self.other}")
        if self.target:
            parts.append(f"{self.target}+")
        if self.modifiers:
            parts.append("(" + ", ".join(f"{v:+d} {r}" for r, v in self.modifiers) + ")")
        if self.rolls:
            parts.append("rolled " + "/".join(map(str, self.rolls)))
        if self.success is not None:
            parts.append("ok" if self.success else "failed")
        if self.rule:
            parts.append(f"[{self.rule}]")
        if self.detail:
            parts.append(self.detail)
        return " ".join(parts)
