"""Moving a team from BB2020 to Season 3: the position map, skill renames and lost skills.

The facts come from ``data/bb2025/migration.yaml`` (generated from the reference
``migration.yaml``); what a league does with a choice the rules leave open is the
commissioner's (see docs/rules-decisions.md, "Moving a league to Season 3").
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib import resources

import yaml

from league_manager.core.errors import NotFound, RuleViolation
from league_manager.rules.model import Ruleset, SkillRef

UPGRADES = {("bb2020", "bb2025")}
"""Edition moves this program knows: (from, to)."""


@dataclass(frozen=True, slots=True)
class EditionMap:
    """Which position and skill of the new edition each old one becomes.

    Attributes:
        positions: per team id, old position name -> new position name.
        skill_renames: old skill base name -> new base name.
    """

    positions: dict[str, dict[str, str]]
    skill_renames: dict[str, str]

    def position(self, team_id: str, old: str) -> str:
        """The new edition's name of an old position (unchanged when the map has no entry)."""
        return self.positions.get(team_id, {}).get(old, old)

    def skill(self, old: str, target: Ruleset) -> str | None:
        """The new name of a gained skill, or None when the new edition has no such skill."""
        ref = SkillRef.parse(old)
        name = self.skill_renames.get(str(ref), self.skill_renames.get(ref.name, ref.name))
        new = SkillRef.parse(name).name
        return new if new in target.skills else None


def check_upgrade(source: str, target: str) -> None:
    """Refuse an edition move this program does not know.

    Raises:
        RuleViolation: the league is already on ``target`` or no path leads there.
    """
    if source == target:
        raise RuleViolation("ruleset", f"the league already plays {target}")
    if (source, target) not in UPGRADES:
        known = ", ".join(f"{a} -> {b}" for a, b in sorted(UPGRADES))
        raise RuleViolation("ruleset", f"no upgrade from {source} to {target} (known: {known})")


@functools.cache
def edition_map(target: str) -> EditionMap:
    """Read the map onto ``target`` from its data folder.

    Raises:
        NotFound: the edition ships no migration map.
    """
    try:
        text = resources.files("league_manager.data").joinpath(target, "migration.yaml").read_text("utf-8")
    except FileNotFoundError:
        raise NotFound(f"{target} has no migration map") from None
    raw = yaml.safe_load(text)
    renames = {SkillRef.parse(k).name: SkillRef.parse(v).name for k, v in raw["skill_renames"].items()}
    renames |= {str(k): SkillRef.parse(v).name for k, v in raw["skill_renames"].items()}
    positions = {
        str(team): {str(k): str(v) for k, v in rows.items()} for team, rows in raw["positions"].items()
    }
    return EditionMap(positions=positions, skill_renames=renames)
