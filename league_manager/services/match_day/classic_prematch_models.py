"""Read and input models of the classic (LRB 2004) pre-match, free of the database (the UI uses them)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class ClassicHires:
    """What one team hires for the match and how it uses its apothecary before it."""

    freebooters: Mapping[str, int] = field(default_factory=dict)
    wizard: bool = False
    runesmith: bool = False
    chef_dice: int = 0
    apothecary_for_niggle: bool = False


@dataclass(frozen=True)
class ClassicPreMatchView:
    """A classic pre-match as recorded: the record document plus the fixture's teams."""

    fixture_id: int
    home: str
    away: str
    ruleset: str
    record: Mapping[str, Any]

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json`` output."""
        return {
            "fixture_id": self.fixture_id,
            "home": self.home,
            "away": self.away,
            "ruleset": self.ruleset,
            **self.record,
        }


SPECIAL_HIRES = {"wizard": "wizard", "runesmith": "runesmith", "master chef": "chef_dice",
                 "apothecary": "apothecary_for_niggle"}  # fmt: skip
"""Names a coach asks for besides freebooters (any other name is a position of the team list)."""


def classic_hires(asked: Sequence[tuple[str, int]]) -> ClassicHires:
    """What a coach asked for by name: "Wizard", "Runesmith", "Master Chef" (=extra dice),
    "Apothecary" (sent on a player who fails his niggling-injury roll), else freebooters."""
    freebooters: dict[str, int] = {}
    special: dict[str, Any] = {}
    for name, quantity in asked:
        key = SPECIAL_HIRES.get(name.strip().lower())
        if key == "chef_dice":
            special[key] = special.get(key, 0) + quantity
        elif key:
            special[key] = True
        else:
            freebooters[name] = freebooters.get(name, 0) + quantity
    return ClassicHires(freebooters=freebooters, **special)
