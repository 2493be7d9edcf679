"""Read models and the choices file of a league's move to another edition.

Choices file (JSON or YAML), one entry per team that needs a choice::

    teams:
      "Team name":
        release: ["Player name", ...]      # players who leave: a position over its new limit
        skills:
          "Player name":
            "Running Pass": drop            # or the name of a new-edition skill to take instead

``drop`` removes the gained skill and gives back the SPP it cost (an SPP ledger row);
a replacement keeps the advancement's SPP and value and changes only the skill.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from league_manager.core.errors import RuleViolation

DROP = "drop"


@dataclass(frozen=True)
class PositionChange:
    """What changes for one position a team fields: its new name and the differences."""

    old: str
    new: str
    players: int
    changes: tuple[str, ...]


@dataclass(frozen=True)
class OverLimit:
    """A position with more players than the new edition allows."""

    position: str
    limit: int
    players: tuple[str, ...]
    must_leave: int
    leaving: tuple[str, ...] = ()


@dataclass(frozen=True)
class SkillChange:
    """A gained skill that is renamed, or has no new-edition form (``new`` is None until chosen)."""

    player: str
    old: str
    new: str | None
    spp_cost: int = 0
    options: tuple[str, ...] = ()


@dataclass(frozen=True)
class TeamUpgrade:
    """Everything that changes for one team, with team value before and after."""

    team_id: int
    team: str
    race: str
    positions: tuple[PositionChange, ...]
    renamed_skills: tuple[SkillChange, ...]
    lost_skills: tuple[SkillChange, ...]
    over_limits: tuple[OverLimit, ...]
    team_changes: tuple[str, ...]
    team_value_before: int
    team_value_after: int
    missing_choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class UpgradePlan:
    """A league's move to another edition, per team; ``applied`` once it is done."""

    league: str
    source: str
    target: str
    target_version: str
    teams: tuple[TeamUpgrade, ...]
    applied: bool = False
    backup: str | None = None

    @property
    def missing_choices(self) -> tuple[str, ...]:
        """Every choice the commissioner still has to make, across teams."""
        return tuple(m for t in self.teams for m in t.missing_choices)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json`` output."""
        data = asdict(self)
        data["missing_choices"] = list(self.missing_choices)
        return data


@dataclass(frozen=True)
class UpgradeOptions:
    """The editions a league may move to now, or why it may not (None when it may)."""

    league: str
    source: str
    targets: tuple[str, ...]
    blocked: str | None


@dataclass(frozen=True)
class TeamChoices:
    """One team's choices: players released, and per player a lost skill's fate."""

    release: tuple[str, ...] = ()
    skills: Mapping[str, Mapping[str, str]] = field(default_factory=dict)


def parse_choices(raw: object) -> dict[str, TeamChoices]:
    """Read a choices document (already parsed from JSON or YAML).

    Raises:
        RuleViolation: the document does not have the documented shape.
    """
    if raw is None:
        return {}
    if not isinstance(raw, Mapping) or not isinstance(raw.get("teams", {}), Mapping):
        raise RuleViolation("choices", "expected a mapping with a 'teams' mapping (team name -> choices)")
    unknown = set(raw) - {"teams"}
    if unknown:
        raise RuleViolation("choices", f"unknown key(s) {', '.join(sorted(map(str, unknown)))}; only 'teams'")
    result: dict[str, TeamChoices] = {}
    for team, entry in (raw.get("teams") or {}).items():
        if not isinstance(entry, Mapping) or set(entry) - {"release", "skills"}:
            raise RuleViolation("choices", f"team '{team}': expected 'release' (a list) and/or 'skills'")
        release = entry.get("release") or []
        skills = entry.get("skills") or {}
        if not isinstance(release, list) or not isinstance(skills, Mapping):
            raise RuleViolation("choices", f"team '{team}': 'release' is a list of player names")
        clean: dict[str, dict[str, str]] = {}
        for player, fates in skills.items():
            if not isinstance(fates, Mapping):
                raise RuleViolation(
                    "choices", f"team '{team}', player '{player}': expected skill -> drop/new skill"
                )
            clean[str(player)] = {str(k): str(v) for k, v in fates.items()}
        result[str(team)] = TeamChoices(tuple(str(p) for p in release), clean)
    return result


def plan_text(plan: UpgradePlan) -> str:
    """The plan in words, per team."""
    head = "Moved" if plan.applied else "Preview (nothing changed):"
    lines = [f"{head} {plan.league}: {plan.source} -> {plan.target} {plan.target_version}"]
    if plan.backup:
        lines.append(f"Backup: {plan.backup}")
    for team in plan.teams:
        lines += _team_lines(team)
    if plan.missing_choices and not plan.applied:
        lines.append("")
        lines.append("Choices needed before --yes (put them in a --choices file):")
        lines += [f"  - {m}" for m in plan.missing_choices]
    return "\n".join(lines)


def _team_lines(team: TeamUpgrade) -> list[str]:
    lines = ["", f"{team.team} ({team.race}): TV {team.team_value_before:,} -> {team.team_value_after:,}"]
    lines += [f"  team: {c}" for c in team.team_changes]
    for pos in team.positions:
        name = pos.old if pos.old == pos.new else f"{pos.old} -> {pos.new}"
        lines.append(f"  {name} (x{pos.players}): {'; '.join(pos.changes) or 'renamed'}")
    lines += [f"  {s.player}: {s.old} -> {s.new}" for s in team.renamed_skills]
    for s in team.lost_skills:
        fate = {None: "no Season 3 form, choose", "drop": f"dropped, {s.spp_cost} SPP back"}.get(
            s.new, f"now {s.new}"
        )
        lines.append(f"  {s.player}: {s.old}: {fate}")
    for over in team.over_limits:
        who = ", ".join(over.leaving) or f"choose {over.must_leave} of {', '.join(over.players)}"
        lines.append(f"  {over.position}: {len(over.players)} over the limit of {over.limit}; leaving: {who}")
    return lines
