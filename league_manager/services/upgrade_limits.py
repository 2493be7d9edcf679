"""The draft limits a team must meet after ``league upgrade``: who must leave, per team.

Every limit the new edition's draft sets on a team's players is checked again: each
position's maximum, the team's Big Guy limit, and (Season 3) no more Insignificant
players than players without the trait. Where a limit is broken the commissioner names
who leaves (``TeamChoices.release``, the wizard's ticks); a name that breaks no limit is
refused, as is releasing too few, or too many for a single limit.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from league_manager.core.errors import RuleViolation
from league_manager.persistence.models import Player, Team
from league_manager.rules.model import DraftRules, Position, TeamRoster
from league_manager.services.upgrade_models import OverLimit, TeamChoices

BIG_GUYS = "Big Guys"
INSIGNIFICANT = "Insignificant players"


@dataclass(frozen=True)
class _Group:
    label: str
    allowed: int  # with every player still on the team
    allowed_after: int  # once the released players have left
    members: tuple[Player, ...]


def _insignificant(position: Position) -> bool:
    return any(s.name == "Insignificant" for s in position.skills)


def _groups(
    squad: Sequence[Player],
    new_of: Mapping[int, Position],
    roster: TeamRoster,
    draft: DraftRules,
    leaving: set[str],
) -> list[_Group]:
    by_position: dict[str, list[Player]] = {}
    for player in squad:
        by_position.setdefault(new_of[player.id or 0].name, []).append(player)
    groups = [
        _Group(name, roster.position(name).max_quantity, roster.position(name).max_quantity, tuple(members))
        for name, members in by_position.items()
    ]
    bigs = tuple(p for p in squad if new_of[p.id or 0].big_guy)
    if bigs:
        groups.append(_Group(BIG_GUYS, roster.big_guy_limit, roster.big_guy_limit, bigs))
    if draft.insignificant_at_most_half:
        small = tuple(p for p in squad if _insignificant(new_of[p.id or 0]))
        others = [p for p in squad if not _insignificant(new_of[p.id or 0])]
        staying = sum(1 for p in others if p.name.casefold() not in leaving)
        if small:
            groups.append(_Group(INSIGNIFICANT, len(others), staying, small))
    return groups


def over_limits(
    team: Team,
    players: Sequence[Player],
    new_of: Mapping[int, Position],
    roster: TeamRoster,
    draft: DraftRules,
    chosen: TeamChoices,
    missing: list[str],
) -> tuple[OverLimit, ...]:
    """The team's broken limits under the new edition, checked against the releases chosen.

    A limit with no release chosen is added to ``missing`` (the preview lists it; applying
    refuses until it is chosen).

    Raises:
        RuleViolation: a released player breaks no limit, or too few (or, for a single
            limit, too many) are released.
    """
    leaving = {name.casefold() for name in chosen.release}
    squad = [p for p in players if not p.journeyman]
    over = [g for g in _groups(squad, new_of, roster, draft, leaving) if len(g.members) > g.allowed]
    needed = {p.name.casefold() for g in over for p in g.members}
    for player in squad:
        if player.name.casefold() in leaving and player.name.casefold() not in needed:
            position = new_of[player.id or 0].name
            raise RuleViolation(
                "choices", f"{team.name}: {player.name} need not leave ({position} is within its limit)"
            )
    result = []
    for group in over:
        label, allowed, names = group.label, group.allowed, tuple(p.name for p in group.members)
        excess = len(group.members) - group.allowed
        going = tuple(p.name for p in group.members if p.name.casefold() in leaving)
        short = len(group.members) - len(going) > group.allowed_after
        others = {p.name.casefold() for g in over if g is not group for p in g.members}
        surplus = len(going) > excess and not any(name.casefold() in others for name in going)
        if going and (short or surplus):
            raise RuleViolation(
                "choices",
                f"{team.name}: {label} is limited to {allowed}; release {excess}, not {len(going)}",
            )
        if short:
            missing.append(f"{team.name}: release {excess} of its {len(names)} {label} (limit {allowed})")
        result.append(
            OverLimit(group.label, group.allowed, tuple(p.name for p in group.members), excess, going)
        )
    return tuple(result)
