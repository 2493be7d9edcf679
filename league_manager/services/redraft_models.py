"""Read models and the coach's choices for re-drafting a team between seasons."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from league_manager.rules.redraft import Budget


@dataclass(frozen=True)
class RedraftChoice:
    """What the coach keeps. Players are named by shirt number or name.

    Attributes:
        keep: keep only these players (None: every player not in ``release``).
        release: let these players go.
        rerolls: team re-rolls kept (None: all of them).
        staff: kept count per staff role (``assistant_coach``, ``cheerleader``,
            ``apothecary``); a role left out keeps all.
    """

    keep: tuple[str, ...] | None = None
    release: tuple[str, ...] = ()
    keep_ids: tuple[int, ...] | None = None
    """Keep exactly these player ids (a window's check boxes); used when ``keep`` is None."""
    rerolls: int | None = None
    staff: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class RedraftPlayer:
    """One player in a re-draft: what keeping him costs and which rolls he needs."""

    player_id: int
    number: int
    name: str
    position: str
    status: str
    value: int
    seasons: int
    agent_fee: int
    cost: int
    keep: bool
    misses_next_game: bool
    niggling: int
    reductions: Mapping[str, int]
    rolls_needed: int

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json`` output."""
        return {
            "id": self.player_id, "number": self.number, "name": self.name, "position": self.position,
            "status": self.status, "value": self.value, "seasons": self.seasons, "agent_fee": self.agent_fee,
            "cost": self.cost, "keep": self.keep, "misses_next_game": self.misses_next_game,
            "niggling": self.niggling, "reductions": dict(self.reductions), "rolls_needed": self.rolls_needed,
        }  # fmt: skip


@dataclass(frozen=True)
class RedraftExtra:
    """Staff or team re-rolls: how many the team had, how many it keeps, and the price of one."""

    key: str
    label: str
    had: int
    kept: int
    cost_each: int

    @property
    def cost(self) -> int:
        """What keeping them costs."""
        return self.kept * self.cost_each

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json`` output."""
        return {"key": self.key, "label": self.label, "had": self.had, "kept": self.kept,
                "cost_each": self.cost_each, "cost": self.cost}  # fmt: skip


@dataclass(frozen=True)
class RedraftView:
    """A team's re-draft: the preview (``applied`` False) or what was done, with every roll."""

    team_id: int
    team: str
    season: str
    previous: str
    record: tuple[int, int, int]
    budget: Budget
    players: tuple[RedraftPlayer, ...]
    extras: tuple[RedraftExtra, ...]
    dedicated_fans: int
    applied: bool = False
    rolls: tuple[Mapping[str, Any], ...] = ()

    @property
    def spent(self) -> int:
        """Re-hire fees plus staff and re-rolls kept."""
        return sum(p.cost for p in self.players if p.keep) + sum(e.cost for e in self.extras)

    @property
    def left(self) -> int:
        """Budget left: the team's treasury for the new season (negative when over budget)."""
        return self.budget.total - self.spent

    @property
    def rolls_needed(self) -> int:
        """D6 the re-draft rolls for the kept players."""
        return sum(p.rolls_needed for p in self.players if p.keep)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json`` output."""
        b = self.budget
        return {
            "team": self.team, "team_id": self.team_id, "season": self.season, "previous": self.previous,
            "record": {"played": self.record[0], "won": self.record[1], "drawn": self.record[2]},
            "budget": {"base": b.base, "treasury": b.treasury, "games": b.games, "wins": b.wins,
                       "draws": b.draws, "raised": b.raised, "cap": b.cap, "capped_by": b.capped_by,
                       "total": b.total},
            "players": [p.to_dict() for p in self.players],
            "extras": [e.to_dict() for e in self.extras],
            "dedicated_fans": self.dedicated_fans, "spent": self.spent, "left": self.left,
            "rolls_needed": self.rolls_needed, "applied": self.applied,
            "rolls": [dict(r) for r in self.rolls],
        }  # fmt: skip
