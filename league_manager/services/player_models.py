"""Read models of one player's record: advancement choices and history."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any


@dataclass(frozen=True)
class AdvanceChoice:
    """One kind of advancement open to a player, with its cost and (for chosen kinds) the skills."""

    kind: str
    cost: int
    affordable: bool
    categories: tuple[str, ...]
    skills: tuple[str, ...] = ()
    rolls_skills: int = 1
    """Random kinds: skills rolled, of which the coach keeps one (Season 3 random primary: 2)."""

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json`` output."""
        return {
            "kind": self.kind,
            "cost": self.cost,
            "affordable": self.affordable,
            "categories": list(self.categories),
            "skills": list(self.skills),
            "rolls_skills": self.rolls_skills,
        }


@dataclass(frozen=True)
class HistoryEntry:
    """One line of a player's history: SPP, advancement or status change."""

    when: datetime
    kind: str  # spp, advancement, status
    text: str
    spp: int = 0
    fixture_id: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json`` output."""
        return {
            "when": self.when.isoformat(timespec="seconds"),
            "kind": self.kind,
            "text": self.text,
            "spp": self.spp,
            "fixture_id": self.fixture_id,
        }


@dataclass(frozen=True)
class PlayerRecord:
    """A player's SPP balance, advancement options and full history."""

    player_id: int
    name: str
    team: str
    position: str
    spp: int
    advancements: int
    choices: tuple[AdvanceChoice, ...]
    history: tuple[HistoryEntry, ...]

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json`` output."""
        return {
            "player_id": self.player_id,
            "name": self.name,
            "team": self.team,
            "position": self.position,
            "spp": self.spp,
            "advancements": self.advancements,
            "choices": [c.to_dict() for c in self.choices],
            "history": [h.to_dict() for h in self.history],
        }


@dataclass(frozen=True, slots=True)
class StarRollChoice:
    """A player's first Star Player roll waiting for a pick, with every pick the rules allow.

    ``skills``/``traits``: (category, names the player may take) for each category the roll
    opens (empty ``traits`` without a double); ``characteristic``: the characteristic the roll
    gives when it may be taken now (None on a skill result or at its +2 limit); ``pending``:
    how many of the player's rolls wait for a pick, this one included.
    """

    player_id: int
    player: str
    level: str
    dice: tuple[int, int]
    double: bool
    result: str
    characteristic: str | None
    skills: tuple[tuple[str, tuple[str, ...]], ...]
    traits: tuple[tuple[str, tuple[str, ...]], ...]
    pending: int
