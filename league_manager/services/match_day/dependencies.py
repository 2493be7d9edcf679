"""What a correction depends on: advancements bought with SPP the corrected result gave.

A correction that takes such SPP away either is refused, naming each advancement and the
way forward, or (confirmed by the commissioner) reverts those advancements newest first
and re-applies them in the order they were bought, each at the cost it has then; one that
the player can no longer pay is removed. All of it inside the correction's transaction.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime

from sqlmodel import Session, col, func, select

from league_manager.core.errors import DependentChanges, RuleViolation
from league_manager.persistence import repositories as repo
from league_manager.persistence.match_day_models import MatchDay
from league_manager.persistence.models import (
    FREE_KINDS,
    Advancement,
    League,
    Player,
    SppEntry,
    Team,
    paid_advancements,
)
from league_manager.services.base import league_ruleset

MATCH_SOURCE = "match"


@dataclass(frozen=True)
class DependentAdvancement:
    """An advancement bought after the corrected match by a player whose SPP it takes away."""

    player_id: int
    player: str
    gained: str
    spp_cost: int
    bought: datetime

    def __str__(self) -> str:
        return f"{self.gained} ({self.spp_cost} SPP, bought {self.bought:%Y-%m-%d})"


class CorrectionDependencies(DependentChanges):
    """The correction takes away SPP already spent on advancements.

    Attributes:
        advancements: the advancements that depend on the corrected result.
        revertible: nothing else stands in the way, so the correction may go ahead with
            ``recompute`` (revert and re-apply them in order).
    """

    def __init__(self, advancements: list[DependentAdvancement], others: list[RuleViolation]) -> None:
        how = (
            "confirm the correction with its advancements reverted and re-applied in order "
            "(command line: --recompute); one the player can no longer pay is removed"
        )
        violations = [
            RuleViolation("advancement", f"{a.player} has already spent SPP this result gave on {a}; {how}")
            for a in advancements
        ]
        super().__init__([*others, *violations], [f"{a.player}: {a}" for a in advancements], not others)
        self.advancements = advancements


def _gained(adv: Advancement) -> str:
    return adv.skill or f"+{adv.characteristic}"


def bought_since(day: MatchDay, player_id: int, *, session: Session) -> list[Advancement]:
    """The player's advancements bought since the fixture's post-game first gave them SPP."""
    first: datetime | None = session.exec(
        select(func.min(SppEntry.created_at)).where(
            SppEntry.player_id == player_id,
            SppEntry.fixture_id == day.fixture_id,
            SppEntry.source == MATCH_SOURCE,
        )
    ).one()
    if first is None:
        return []
    return list(
        session.exec(
            select(Advancement)
            .where(Advancement.player_id == player_id, col(Advancement.created_at) >= first)
            .where(col(Advancement.kind).not_in(FREE_KINDS))
            .order_by(col(Advancement.id))
        )
    )


def dependents(day: MatchDay, player_ids: Iterable[int], *, session: Session) -> list[DependentAdvancement]:
    """The advancements of ``player_ids`` that depend on the fixture's result."""
    found = []
    for player_id in player_ids:
        player = repo.get_player(player_id, session=session)
        for adv in bought_since(day, player_id, session=session):
            found.append(
                DependentAdvancement(player_id, player.name, _gained(adv), adv.spp_cost, adv.created_at)
            )
    return found


def revert_and_reapply(
    day: MatchDay, player_ids: Iterable[int], reason: str, *, session: Session
) -> list[str]:
    """Revert the dependent advancements (newest first), then re-apply them in the order bought.

    Each re-applied advancement costs what the rules ask for it at its place in the order;
    one the player cannot pay any more is removed, its SPP refund kept.

    Returns:
        One line per advancement: re-applied at its cost, or removed and why.
    """
    fid = day.fixture_id
    note = f"Correction of fixture {fid} ({reason})"
    lines: list[str] = []
    for player_id in player_ids:
        player = repo.get_player(player_id, session=session)
        team = session.get(Team, player.team_id)
        assert team is not None
        league = session.get(League, team.league_id)
        assert league is not None
        rules = league_ruleset(league).advancement
        taken = bought_since(day, player_id, session=session)
        for adv in reversed(taken):
            repo.add_spp(player_id, adv.spp_cost, f"{note}: {_gained(adv)} reverted", repo.SPP_SPENT,
                         session=session, fixture_id=fid)  # fmt: skip
            session.delete(adv)
        session.flush()
        for adv in taken:
            lines.append(
                _reapply(player, adv, rules.cost, rules.max_advancements, note, fid, session=session)
            )
    return lines


def _reapply(
    player: Player,
    adv: Advancement,
    cost_of: Callable[[int, str], int],
    most: int,
    note: str,
    fixture_id: int,
    *,
    session: Session,
) -> str:
    player_id = player.id or 0
    facts = repo.PlayerFacts([player_id], session=session)
    number = len(paid_advancements(facts.advancements[player_id])) + 1
    cost = cost_of(number, adv.kind)
    balance = facts.spp[player_id]
    if number > most or balance < cost:
        left = f"it costs {cost} SPP, {balance} left after the correction"
        return f"{player.name}: {_gained(adv)} removed ({left})"
    session.add(
        Advancement(
            player_id=player_id,
            kind=adv.kind,
            skill=adv.skill,
            characteristic=adv.characteristic,
            spp_cost=cost,
            value_increase=adv.value_increase,
            fixture_id=adv.fixture_id,
            created_at=adv.created_at,
        )
    )
    repo.add_spp(player_id, -cost, f"{note}: {_gained(adv)} re-applied", repo.SPP_SPENT,
                 session=session, fixture_id=fixture_id)  # fmt: skip
    session.flush()
    return f"{player.name}: {_gained(adv)} re-applied ({cost} SPP)"
