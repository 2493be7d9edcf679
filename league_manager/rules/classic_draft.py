"""Classic (LRB 2004) team creation and team rating: what a new team costs and which drafts break a rule.

Pure rules over :mod:`league_manager.rules.classic`; no league or database code uses them yet.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from league_manager.core.errors import RuleViolation
from league_manager.rules.classic import ClassicRuleset


@dataclass(frozen=True, slots=True)
class ClassicDraft:
    """A new classic team as its coach buys it with the creation budget."""

    team_id: str
    players: Mapping[str, int]
    big_guys: Mapping[str, int] = field(default_factory=dict)
    rerolls: int = 0
    fan_factor: int = 1
    assistant_coaches: int = 0
    cheerleaders: int = 0
    apothecary: bool = False


def draft_cost(ruleset: ClassicRuleset, draft: ClassicDraft) -> int:
    """What the draft costs in gp: players, Big Guys, re-rolls at the list cost, fan factor and staff."""
    team = ruleset.teams[draft.team_id]
    c = ruleset.creation
    players = sum(team.position(name).cost * n for name, n in draft.players.items())
    big_guys = sum(ruleset.big_guys[name].cost * n for name, n in draft.big_guys.items())
    return (
        players
        + big_guys
        + draft.rerolls * team.reroll_cost
        + draft.fan_factor * c.fan_factor_cost
        + draft.assistant_coaches * c.assistant_coach_cost
        + draft.cheerleaders * c.cheerleader_cost
        + (c.apothecary_cost if draft.apothecary else 0)
    )


def draft_problems(ruleset: ClassicRuleset, draft: ClassicDraft) -> list[RuleViolation]:
    """Every creation rule the draft breaks (empty when it may be created).

    Args:
        ruleset: the classic ruleset.
        draft: the team as bought.
    """
    team = ruleset.teams[draft.team_id]
    c = ruleset.creation
    problems: list[RuleViolation] = []
    for name, n in draft.players.items():
        if n > team.position(name).max_quantity:
            problems.append(RuleViolation(name, f"at most {team.position(name).max_quantity}, not {n}"))
    for name in draft.big_guys:
        if name not in team.big_guys:
            problems.append(RuleViolation("Big Guy", f"{name} is not an ally of {team.name}"))
    big_count = sum(draft.big_guys.values())
    if big_count > team.big_guy_limit:
        problems.append(
            RuleViolation("Big Guy", f"{team.name} may hire at most {team.big_guy_limit} Big Guys")
        )
    size = sum(draft.players.values()) + big_count
    if not c.min_players <= size <= c.max_players:
        problems.append(RuleViolation("players", f"{c.min_players}-{c.max_players} players, not {size}"))
    if not c.fan_factor_min <= draft.fan_factor <= c.fan_factor_max:
        problems.append(
            RuleViolation(
                "fan factor", f"buy {c.fan_factor_min}-{c.fan_factor_max} at creation, not {draft.fan_factor}"
            )
        )
    if draft.apothecary and not team.apothecary:
        problems.append(RuleViolation("apothecary", f"{team.name} may not have an apothecary"))
    if min(draft.rerolls, draft.assistant_coaches, draft.cheerleaders) < 0:
        problems.append(RuleViolation("staff", "counts cannot be negative"))
    cost = draft_cost(ruleset, draft)
    if cost > c.budget:
        problems.append(RuleViolation("budget", f"costs {cost} gp of {c.budget} gp"))
    return problems


def team_rating(team_value: int, total_spp: int) -> int:
    """LRB 3 team rating: team value (treasury included) per 10,000 gp plus total SPP per 5."""
    return team_value // 10_000 + total_spp // 5


def draft_rating(ruleset: ClassicRuleset, draft: ClassicDraft) -> int:
    """The new team's rating: what it bought plus the unspent treasury, with no SPP yet."""
    cost = draft_cost(ruleset, draft)
    return team_rating(cost + (ruleset.creation.budget - cost), 0)
