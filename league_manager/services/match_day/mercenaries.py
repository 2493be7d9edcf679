"""Mercenaries hired at the pre-game: a roster position for this match, at a surcharge.

A purchase is named ``"Mercenary: Blitzer"`` or, with one extra Primary skill,
``"Mercenary: Blitzer + Block"``. The ruleset's data gives the surcharge, the extra skill's
price and the Loner the mercenary gains; roster position limits and 16 players apply.
"""

from __future__ import annotations

from collections.abc import Mapping

from league_manager.core.errors import RuleViolation
from league_manager.match.teams import PlayerSnapshot, TeamSnapshot
from league_manager.rules.model import Position, Ruleset, SkillRef, TeamRoster

PREFIX = "Mercenary:"
KIND = "mercenary"
ID_PREFIX = "mercenary:"
MAX_PLAYERS = 16
LONER = "Loner (4+)"


def is_mercenary(name: str) -> bool:
    """Whether a purchase names a mercenary."""
    return name.strip().casefold().startswith(PREFIX.casefold())


def line_name(position: str, skill: str | None = None) -> str:
    """The purchase name of a mercenary of a position (with an extra skill)."""
    return f"{PREFIX} {position}" + (f" + {skill}" if skill else "")


def parse(ruleset: Ruleset, roster: TeamRoster, name: str) -> tuple[Position, SkillRef | None]:
    """The roster position and the extra skill (or None) a mercenary purchase names.

    Raises:
        RuleViolation: no such position on the roster, or an extra skill that is not one of
            the position's Primary skills or that it already has.
    """
    rest = name.strip()[len(PREFIX) :]
    wanted, _, skill_text = rest.partition("+")
    position = next((p for p in roster.positions if p.name.casefold() == wanted.strip().casefold()), None)
    if position is None:
        raise RuleViolation("mercenaries", f"'{wanted.strip()}' is not a position of {roster.name}")
    if not skill_text.strip():
        return position, None
    skill = SkillRef.parse(skill_text.strip())
    primary = {s for code in position.primary for s in ruleset.skill_categories.get(code, ())}
    if skill.name not in {SkillRef.parse(s).name for s in primary}:
        raise RuleViolation("mercenaries", f"{skill} is not a Primary skill of a {position.name}")
    if any(s.name == skill.name for s in position.skills):
        raise RuleViolation("mercenaries", f"a {position.name} already has {skill.name}")
    return position, skill


def squad_of(team: TeamSnapshot) -> dict[str, int]:
    """A snapshot's players by position (the limits mercenaries must respect)."""
    counts: dict[str, int] = {}
    for player in team.players:
        counts[player.position] = counts.get(player.position, 0) + 1
    return counts


def unit_cost(ruleset: Ruleset, position: Position, skill: SkillRef | None) -> int:
    """Hiring fee plus the surcharge, plus the extra skill's price."""
    extra = ruleset.mercenary_extra_skill_cost if skill else 0
    return position.cost + ruleset.mercenary_surcharge + extra


def check_squad(roster: TeamRoster, hired: Mapping[str, int], squad: Mapping[str, int] | None) -> None:
    """Position limits and the 16-player limit, counting the team's available players.

    Raises:
        RuleViolation: more of a position than the roster allows, or more than 16 players.
    """
    have = dict(squad or {})
    for position in roster.positions:
        count = hired.get(position.name, 0)
        if count and have.get(position.name, 0) + count > position.max_quantity:
            raise RuleViolation(
                "mercenaries",
                f"at most {position.max_quantity} {position.name} players, mercenaries included",
            )
    if squad is not None and sum(have.values()) + sum(hired.values()) > MAX_PLAYERS:
        raise RuleViolation("mercenaries", f"at most {MAX_PLAYERS} players, mercenaries included")


def players(
    ruleset: Ruleset, roster: TeamRoster, team: str, name: str, quantity: int, first_number: int
) -> list[PlayerSnapshot]:
    """The mercenaries of one purchase line, with Loner and their extra skill.

    Ids are ``mercenary:<team name>:<shirt number>`` (unique in the match).
    """
    position, skill = parse(ruleset, roster, name)
    skills = list(position.skills)
    if not any(s.name == "Loner" for s in skills):
        skills.append(SkillRef.parse(LONER))
    if skill is not None:
        skills.append(skill)
    return [
        PlayerSnapshot(
            id=f"{ID_PREFIX}{team}:{first_number + i}",
            name=f"Mercenary {position.name}",
            number=first_number + i,
            position=position.name,
            stats=position.stats,
            skills=tuple(skills),
            primary="".join(sorted(position.primary)),
        )
        for i in range(quantity)
    ]
