"""Read models: the immutable views services hand to the CLI, the UI and the reports."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from league_manager.rules.model import Characteristics

ALL_CHARACTERISTICS = ("MA", "ST", "AG", "PA", "AV")
CLASSIC_CHARACTERISTICS = ("MA", "ST", "AG", "AV")
"""LRB 2004 profiles: no PA; AG and AV are plain numbers."""


@dataclass(frozen=True)
class SkillView:
    """A skill or trait as a player has it, with its summary for tooltips and PDFs."""

    name: str
    category: str
    description: str
    gained: bool = False


@dataclass(frozen=True)
class PlayerView:
    """One player on a roster, with characteristics already adjusted.

    ``base`` is the position's profile, so views can mark improved and reduced values.
    """

    id: int
    number: int
    name: str
    position: str
    stats: Characteristics
    base: Characteristics
    skills: tuple[SkillView, ...]
    injuries: tuple[str, ...]
    spp: int
    spp_earned: int
    value: int
    status: str
    misses_next_game: bool = False
    niggling: int = 0
    journeyman: bool = False
    advancements: int = 0
    level: str = ""
    value_increases: int = 0
    keywords: tuple[str, ...] = ()
    """The position's keywords where the edition has them (Season 3); empty for BB2020."""
    can_improve: bool = False
    """True when the player's SPP buy an advancement now."""
    captain: bool = False
    """The team's Season 3 Team Captain (its skills list "Team Captain")."""
    classic: bool = False
    """A classic (LRB 2004) player: no PA, AG a plain number; no screen or file shows a PA."""

    @property
    def characteristic_names(self) -> tuple[str, ...]:
        """The profile's columns: MA ST AG PA AV, or MA ST AG AV for a classic player."""
        return CLASSIC_CHARACTERISTICS if self.classic else ALL_CHARACTERISTICS

    def shown(self, name: str) -> str:
        """One characteristic as a roster prints it: ``3+`` (BB2020 AG/PA/AV), plain ``3`` (classic)."""
        if self.classic:
            return str(self.stats.get(name))
        return self.stats.formatted(name)

    @property
    def available(self) -> bool:
        """True when the player can play the next fixture."""
        return self.status == "active" and not self.misses_next_game

    def characteristic_change(self, name: str) -> int:
        """+1 when improved over the position's profile, -1 when reduced, 0 otherwise."""
        now, was = self.stats.get(name), self.base.get(name)
        if now == was:
            return 0
        if now is None or was is None:
            return 1 if was is None else -1
        better = now < was if name in {"AG", "PA"} else now > was
        return 1 if better else -1

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json`` output."""
        return {
            "id": self.id,
            "number": self.number,
            "name": self.name,
            "position": self.position,
            "ma": self.stats.ma,
            "st": self.stats.st,
            "ag": self.stats.ag,
            **({} if self.classic else {"pa": self.stats.pa}),
            "av": self.stats.av,
            "skills": [s.name for s in self.skills],
            "gained_skills": [s.name for s in self.skills if s.gained],
            "injuries": list(self.injuries),
            "spp": self.spp,
            "spp_earned": self.spp_earned,
            "value": self.value,
            "status": self.status,
            "misses_next_game": self.misses_next_game,
            "journeyman": self.journeyman,
            **({"captain": True} if self.captain else {}),
        }


@dataclass(frozen=True)
class LedgerRow:
    """One ledger line with the running balance after it."""

    id: int
    when: datetime
    amount: int
    reason: str
    source: str
    balance: int
    fixture_id: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json`` output."""
        return {
            "id": self.id,
            "when": self.when.isoformat(timespec="seconds"),
            "amount": self.amount,
            "reason": self.reason,
            "source": self.source,
            "balance": self.balance,
            "fixture_id": self.fixture_id,
        }


@dataclass(frozen=True)
class TeamSummary:
    """One row of a league's team list."""

    id: int
    name: str
    race: str
    race_id: str
    league: str
    league_id: int
    coach: str
    team_value: int
    current_team_value: int
    treasury: int
    rerolls: int
    players: int
    players_available: int
    rating: int | None = None
    """Classic (LRB 2004) team rating; None for other rulesets."""
    fan_factor: int = 0
    """The team's fan factor (classic) or dedicated fans."""

    @property
    def classic(self) -> bool:
        """True for a classic (LRB 2004) team: rating and fan factor instead of TV and CTV."""
        return self.rating is not None

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json`` output."""
        classic = {"rating": self.rating, "fan_factor": self.fan_factor} if self.classic else {}
        return classic | {
            "id": self.id,
            "name": self.name,
            "race": self.race,
            "league": self.league,
            "coach": self.coach,
            "team_value": self.team_value,
            "current_team_value": self.current_team_value,
            "treasury": self.treasury,
            "rerolls": self.rerolls,
            "players": self.players,
            "players_available": self.players_available,
        }


@dataclass(frozen=True)
class TeamView:
    """Everything shown about one team: roster, staff, money and values."""

    id: int
    name: str
    race: str
    race_id: str
    league: str
    league_id: int
    coach: str
    ruleset: str
    ruleset_version: str
    special_rule_choice: str | None
    special_rules: tuple[str, ...]
    team_value: int
    current_team_value: int
    treasury: int
    rerolls: int
    reroll_cost: int
    dedicated_fans: int
    apothecary: bool
    apothecary_allowed: bool
    assistant_coaches: int
    cheerleaders: int
    first_match_played: bool
    players: tuple[PlayerView, ...]
    value_parts: Mapping[str, int] = field(default_factory=dict)
    trophy_rerolls: int = 0  # the League Trophy's free re-roll (counts in TV, not bought)
    rating: int | None = None
    """Classic (LRB 2004) team rating: team value with the treasury per 10,000 gp + total SPP per 5."""
    trophies: tuple[str, ...] = ()
    """Classic Major trophies held: each one Trophy Re-roll per match (``trophy_rerolls``), not rated."""
    dungeonbowl_contract: bool = False
    """Classic: the Dungeonbowl winner's Wizard contract (25,000 gp) runs."""

    @property
    def classic(self) -> bool:
        """True for a classic (LRB 2004) team: rating and fan factor instead of CTV and dedicated fans."""
        return self.rating is not None

    @property
    def players_available(self) -> int:
        """Players able to play the next fixture."""
        return sum(1 for p in self.players if p.available)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json`` output."""
        return {
            "id": self.id,
            "name": self.name,
            "race": self.race,
            "race_id": self.race_id,
            "league": self.league,
            "coach": self.coach,
            "ruleset": self.ruleset,
            "special_rule_choice": self.special_rule_choice,
            "team_value": self.team_value,
            "current_team_value": self.current_team_value,
            "treasury": self.treasury,
            "rerolls": self.rerolls,
            "reroll_cost": self.reroll_cost,
            "trophy_rerolls": self.trophy_rerolls,
            **(
                {
                    "rating": self.rating,
                    "fan_factor": self.dedicated_fans,
                    "trophies": list(self.trophies),
                    "dungeonbowl_contract": self.dungeonbowl_contract,
                }
                if self.classic
                else {"dedicated_fans": self.dedicated_fans}
            ),
            "apothecary": self.apothecary,
            "assistant_coaches": self.assistant_coaches,
            "cheerleaders": self.cheerleaders,
            "first_match_played": self.first_match_played,
            "players": [p.to_dict() for p in self.players],
        }


@dataclass(frozen=True)
class LeagueView:
    """A league with its ruleset and settings."""

    id: int
    name: str
    ruleset: str
    ruleset_version: str
    settings: Mapping[str, bool | int | str]
    teams: int

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json`` output."""
        return {
            "id": self.id,
            "name": self.name,
            "ruleset": self.ruleset,
            "ruleset_version": self.ruleset_version,
            "settings": dict(self.settings),
            "teams": self.teams,
        }
