"""Team snapshots the engine plays with, and generation of legal teams from a roster."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from league_manager.rules.model import Characteristics, Position, SkillRef, TeamRoster


@dataclass(frozen=True, slots=True)
class PlayerSnapshot:
    """A player as they stand at kick-off.

    Attributes:
        id: stable player id (string) used in the match result.
        stats: current profile (AG/PA/AV target numbers, pa None for no PA).
        skills: skills and traits, starting ones plus advancements.
        niggling: niggling injuries (+1 each to casualty rolls against the player).
        journeyman: journeymen cannot be patched up by the apothecary.
        induced: star players and mercenaries, who cannot be patched up either.
        primary: primary skill category codes ("GS"), for Intensive Training.
        advancements: advancements taken (a conceding team's players with three or more
            roll to quit).
        special_rules: a star player's special rules ("Blind Rage"), played by handlers
            registered under their names like skills.
        keywords: the position's keywords where the edition has them (Season 3:
            "Big Guy" players may not Secure the Ball).
        spp: the player's unspent star player points before this match (the SPP ledger's
            balance; 0 for players from outside the league).
    """

    id: str
    name: str
    number: int
    position: str
    stats: Characteristics
    skills: tuple[SkillRef, ...] = ()
    niggling: int = 0
    journeyman: bool = False
    primary: str = ""
    advancements: int = 0
    special_rules: tuple[str, ...] = ()
    induced: bool = False
    keywords: tuple[str, ...] = ()
    spp: int = 0

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        s = self.stats
        return {
            "id": self.id,
            "name": self.name,
            "number": self.number,
            "position": self.position,
            "stats": [s.ma, s.st, s.ag, s.pa, s.av],
            "skills": [str(k) for k in self.skills],
            "niggling": self.niggling,
            "journeyman": self.journeyman,
            "primary": self.primary,
            "advancements": self.advancements,
            "special_rules": list(self.special_rules),
            "induced": self.induced,
            "keywords": list(self.keywords),
        } | ({"spp": self.spp} if self.spp else {})  # records made before SPP was carried stay as they were

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PlayerSnapshot:
        """Inverse of :meth:`to_dict`."""
        ma, st, ag, pa, av = data["stats"]
        return cls(
            id=str(data["id"]),
            name=str(data["name"]),
            number=int(data["number"]),
            position=str(data["position"]),
            stats=Characteristics(ma, st, ag, pa, av),
            skills=tuple(SkillRef.parse(k) for k in data.get("skills", [])),
            niggling=int(data.get("niggling", 0)),
            journeyman=bool(data.get("journeyman", False)),
            induced=bool(data.get("induced", False)),
            primary=str(data.get("primary", "")),
            advancements=int(data.get("advancements", 0)),
            special_rules=tuple(str(r) for r in data.get("special_rules", [])),
            keywords=tuple(str(k) for k in data.get("keywords", [])),
            spp=int(data.get("spp", 0)),
        )


@dataclass(frozen=True, slots=True)
class TeamSnapshot:
    """A team as it stands at kick-off: only players available for this match.

    Attributes:
        race: roster id ("human").
        rerolls: team re-rolls.
        apothecary: whether the team has an apothecary (used once per game).
        fan_factor: dedicated fans plus the D3 of the Fans step.
        assistant_coaches, cheerleaders: for Brilliant Coaching and Cheering Fans.
        bribes: bribes bought as inducements.
        inducements: the other in-match inducements bought at the pre-game, as
            (name, quantity) pairs (Wandering Apothecaries, Bloodweiser Kegs, ...);
            ``match/inducements`` gives each its effect.
    """

    name: str
    race: str
    players: tuple[PlayerSnapshot, ...]
    rerolls: int = 0
    apothecary: bool = False
    fan_factor: int = 1
    assistant_coaches: int = 0
    cheerleaders: int = 0
    bribes: int = 0
    inducements: tuple[tuple[str, int], ...] = ()

    def count(self, inducement: str) -> int:
        """How many of an in-match inducement the team bought (0 when none)."""
        return sum(n for name, n in self.inducements if name == inducement)

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "name": self.name,
            "race": self.race,
            "players": [p.to_dict() for p in self.players],
            "rerolls": self.rerolls,
            "apothecary": self.apothecary,
            "fan_factor": self.fan_factor,
            "assistant_coaches": self.assistant_coaches,
            "cheerleaders": self.cheerleaders,
            "bribes": self.bribes,
            "inducements": dict(self.inducements),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TeamSnapshot:
        """Inverse of :meth:`to_dict`."""
        return cls(
            name=str(data["name"]),
            race=str(data["race"]),
            players=tuple(PlayerSnapshot.from_dict(p) for p in data["players"]),
            rerolls=int(data.get("rerolls", 0)),
            apothecary=bool(data.get("apothecary", False)),
            fan_factor=int(data.get("fan_factor", 1)),
            assistant_coaches=int(data.get("assistant_coaches", 0)),
            cheerleaders=int(data.get("cheerleaders", 0)),
            bribes=int(data.get("bribes", 0)),
            inducements=tuple((str(k), int(v)) for k, v in dict(data.get("inducements", {})).items()),
        )


@dataclass(slots=True)
class _Draft:
    counts: dict[str, int] = field(default_factory=dict)
    picks: list[Position] = field(default_factory=list)


def generate_team(roster: TeamRoster, seed: int, budget: int = 1_000_000, prefix: str = "") -> TeamSnapshot:
    """Draft a legal team of a roster with a budget: 11-16 players within position maximums.

    The draft is deterministic for a seed: eleven players first (cheapest line positions
    fill the gaps), then specialists and team re-rolls while the budget allows.

    Raises:
        ValueError: the roster cannot field eleven players within the budget.
    """
    rng = random.Random(seed)
    draft = _Draft()
    cheapest = min(roster.positions, key=lambda p: p.cost)
    spend = 0

    def can_add(pos: Position) -> bool:
        big = sum(n for name, n in draft.counts.items() if _position(roster, name).big_guy)
        if pos.big_guy and big >= max(roster.big_guy_limit, 0):
            return False
        return draft.counts.get(pos.name, 0) < pos.max_quantity

    def add(pos: Position) -> None:
        nonlocal spend
        draft.counts[pos.name] = draft.counts.get(pos.name, 0) + 1
        draft.picks.append(pos)
        spend += pos.cost

    rerolls = 2
    reserve_for_rerolls = rerolls * roster.reroll_cost
    specialists = [p for p in roster.positions if p is not cheapest]
    rng.shuffle(specialists)
    for pos in specialists:
        wanted = rng.randint(0, pos.max_quantity)
        for _ in range(wanted):
            if len(draft.picks) >= 11 or not can_add(pos):
                break
            line_fill = (11 - len(draft.picks) - 1) * cheapest.cost
            if spend + pos.cost + line_fill + reserve_for_rerolls <= budget:
                add(pos)
    while len(draft.picks) < 11:
        fillers = [p for p in roster.positions if can_add(p)]
        pos = min(fillers, key=lambda p: p.cost)
        add(pos)
    if spend > budget:
        raise ValueError(f"{roster.name}: cannot field eleven players within {budget} gp")
    while rerolls > 0 and spend + rerolls * roster.reroll_cost > budget:
        rerolls -= 1
    spend += rerolls * roster.reroll_cost
    apothecary = roster.apothecary and spend + 50_000 <= budget
    if apothecary:
        spend += 50_000
    while len(draft.picks) < 16:
        options = [p for p in roster.positions if can_add(p) and spend + p.cost <= budget]
        if not options:
            break
        pos = rng.choice(options)
        add(pos)
    players = tuple(
        PlayerSnapshot(
            id=f"{prefix}{roster.id}-{i + 1}",
            name=f"{pos.name} {i + 1}",
            number=i + 1,
            position=pos.name,
            stats=pos.stats,
            skills=pos.skills,
            primary="".join(sorted(pos.primary)),
            keywords=pos.keywords,
        )
        for i, pos in enumerate(draft.picks)
    )
    return TeamSnapshot(
        name=roster.name,
        race=roster.id,
        players=players,
        rerolls=rerolls,
        apothecary=apothecary,
        fan_factor=rng.randint(1, 3) + 1,
    )


def _position(roster: TeamRoster, name: str) -> Position:
    for pos in roster.positions:
        if pos.name == name:
            return pos
    raise KeyError(name)  # pragma: no cover - names come from the roster
