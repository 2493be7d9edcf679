"""Paying from a treasury and returning a team's new read model: shared by roster changes and undo."""

from __future__ import annotations

from sqlmodel import Session

from league_manager.core.errors import RuleViolation
from league_manager.core.money import format_gold
from league_manager.persistence import repositories as repo
from league_manager.persistence.models import Team
from league_manager.services.changes import Changes, Outcome
from league_manager.services.read_models import TeamView
from league_manager.services.team_views import build_team_views


def pay(session: Session, team: Team, cost: int, reason: str, source: str = "purchase") -> None:
    """Take ``cost`` from the team's treasury as one ledger row.

    Raises:
        RuleViolation: the treasury holds less than ``cost``; nothing is written.
    """
    balance = repo.treasury_balance(team.id or 0, session=session)
    if cost > balance:
        raise RuleViolation(
            "treasury",
            f"{reason.lower()} costs {format_gold(cost)}; the treasury holds {format_gold(balance)}",
        )
    repo.add_treasury(team.id or 0, -cost, reason, source, session=session)


def team_outcome(
    session: Session, team: Team, description: str, player_id: int | None = None
) -> Outcome[TeamView]:
    """The team's read model after a change, with the Changes that name it (and the player)."""
    session.flush()
    view = build_team_views([team], session=session)[0]
    players = frozenset({player_id}) if player_id is not None else frozenset()
    return Outcome(view, Changes(teams=frozenset({view.id}), players=players, description=description))
