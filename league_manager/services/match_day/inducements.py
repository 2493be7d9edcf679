"""Pre-game step 5: checking and pricing a team's inducements (the ruleset's data decides)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from league_manager.core.errors import RuleViolation
from league_manager.match.inducements import CAVORTING_NURGLINGS as CAVORTING_NURGLINGS
from league_manager.match.inducements import IN_MATCH, SNAPSHOT_COUNTS, staff
from league_manager.match.inducements import PRAYERS_TO_NUFFLE as PRAYERS_TO_NUFFLE
from league_manager.match.inducements import RIOTOUS_ROOKIES as RIOTOUS_ROOKIES
from league_manager.match.teams import PlayerSnapshot, TeamSnapshot
from league_manager.rules.model import Inducement, Ruleset, StarPlayer, TeamRoster
from league_manager.services.match_day import mercenaries
from league_manager.services.match_day.refused_inducements import refuse_unavailable

STAR_GROUP = "star"


@dataclass(frozen=True)
class Purchase:
    """What a coach asks for: an inducement or star player by name, and how many."""

    name: str
    quantity: int = 1

    @classmethod
    def parse(cls, text: str) -> Purchase:
        """``"Bribes"``, ``"Bribes=2"`` or ``"Griff Oberwald"``."""
        name, _, count = text.partition("=")
        try:
            quantity = int(count) if count.strip() else 1
        except ValueError:
            raise RuleViolation("inducements", f"'{text}': the quantity after '=' must be a number") from None
        return cls(name.strip(), quantity)


@dataclass(frozen=True)
class Bought:
    """One priced line of a team's inducements."""

    name: str
    kind: str
    quantity: int
    unit_cost: int
    star: StarPlayer | None = None

    @property
    def cost(self) -> int:
        """Total gold for the line."""
        return self.unit_cost * self.quantity

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the pre-game record."""
        return {
            "name": self.name,
            "kind": self.kind,
            "quantity": self.quantity,
            "unit_cost": self.unit_cost,
            "cost": self.cost,
        }


def _lookup(ruleset: Ruleset, name: str) -> Inducement | StarPlayer:
    wanted = name.strip().casefold().removeprefix("star:").strip()
    for ind in ruleset.inducements.values():
        if ind.name.casefold() == wanted:
            return ind
    for star in ruleset.star_players.values():
        if star.name.casefold() == wanted:
            return star
    raise RuleViolation(
        "inducements", f"'{name}' is neither an inducement nor a star player of {ruleset.name}"
    )


def price(
    ruleset: Ruleset,
    roster: TeamRoster,
    chosen_rule: str | None,
    settings: Mapping[str, object],
    purchases: Sequence[Purchase],
    opponent_stars: Sequence[str] = (),
    squad: Mapping[str, int] | None = None,
) -> list[Bought]:
    """Check a team's purchases against the data and price them.

    ``squad`` counts the team's available players by position, for the mercenaries'
    position and 16-player limits (without it only the position maximums are checked).

    Raises:
        RuleViolation: unknown name, not available to this team, above a maximum or a
            group limit, a star who does not play for the team or is already hired by
            the opponent, a quantity below one.
    """
    lines: list[Bought] = []
    counts: dict[str, int] = {}
    groups: dict[str, int] = {}
    hired: dict[str, int] = {}
    for purchase in purchases:
        if purchase.quantity < 1:
            raise RuleViolation("inducements", f"{purchase.name}: buy at least one")
        if mercenaries.is_mercenary(purchase.name):
            position, skill = mercenaries.parse(ruleset, roster, purchase.name)
            hired[position.name] = hired.get(position.name, 0) + purchase.quantity
            unit = mercenaries.unit_cost(ruleset, position, skill)
            name = mercenaries.line_name(position.name, str(skill) if skill else None)
            lines.append(Bought(name, mercenaries.KIND, purchase.quantity, unit))
            groups[mercenaries.KIND] = groups.get(mercenaries.KIND, 0) + purchase.quantity
            continue
        item = _lookup(ruleset, purchase.name)
        if isinstance(item, StarPlayer):
            if not item.plays_for_team(roster, chosen_rule):
                raise RuleViolation("star players", f"{item.name} does not play for {roster.name}")
            if purchase.quantity != 1 or counts.get(item.name):
                raise RuleViolation("star players", f"{item.name} can be hired once")
            if item.name in opponent_stars:
                raise RuleViolation("star players", f"{item.name} is already hired by the other team")
            unit = item.pair_cost if item.pair and item.pair_cost else item.cost
            if item.pair and item.pair in counts:
                raise RuleViolation("star players", f"{item.pair} are hired together, once")
            counts[item.name] = 1
            if item.pair:  # a pair comes together, at the pair's price, as one star choice
                counts[item.pair] = 1
            groups[STAR_GROUP] = groups.get(STAR_GROUP, 0) + 1
            lines.append(Bought(item.name, STAR_GROUP, 1, unit, item))
            continue
        refuse_unavailable(item.name)
        if not item.available_for(roster, chosen_rule):
            raise RuleViolation("inducements", f"{item.name} is not available to {roster.name}")
        counts[item.name] = counts.get(item.name, 0) + purchase.quantity
        most = item.max_for(roster, chosen_rule)
        if most is not None and counts[item.name] > most:
            raise RuleViolation("inducements", f"{item.name}: at most {most} per team and game")
        groups[item.kind] = groups.get(item.kind, 0) + purchase.quantity
        lines.append(
            Bought(item.name, item.kind, purchase.quantity, item.cost_for(roster, chosen_rule, settings))
        )
    mercenaries.check_squad(roster, hired, squad)
    limits = dict(ruleset.inducement_group_limits) | {STAR_GROUP: ruleset.max_stars_per_team}
    for group, count in groups.items():
        if group in limits and count > limits[group]:
            raise RuleViolation("inducements", f"at most {limits[group]} of kind '{group}' per team and game")
    return lines


EFFECTS = {**SNAPSHOT_COUNTS, "Bribes": "bribes"}
"""Snapshot counts an inducement adds to (Nurglings' Fan Factor: ``pregame.run_pregame``)."""


def apply_to_snapshot(team: TeamSnapshot, lines: Sequence[Bought], ruleset: Ruleset) -> TeamSnapshot:
    """The snapshot with what the match engine models: staff, re-rolls, bribes, stars, and the
    in-match inducements (``match.inducements.IN_MATCH``) by name and quantity."""
    data = team.to_dict()
    players = list(team.players)
    for line in lines:
        if line.name in EFFECTS:
            data[EFFECTS[line.name]] = int(data[EFFECTS[line.name]]) + line.quantity
        elif line.name in IN_MATCH:
            induced = dict(data["inducements"])
            induced[line.name] = int(induced.get(line.name, 0)) + line.quantity
            data["inducements"] = induced
            if line.name in staff.ON_CALL:  # Bugman, Kari: may join a team short of 11
                players.append(staff.staff_player(line.name, max((p.number for p in players), default=0) + 1))
        elif line.kind == mercenaries.KIND:
            roster = ruleset.team(team.race)
            number = max((p.number for p in players), default=0) + 1
            players.extend(mercenaries.players(ruleset, roster, team.name, line.name, line.quantity, number))
        elif line.star is not None:
            names = [line.star.name]
            if line.star.pair:
                names = [s.name for s in ruleset.star_players.values() if s.pair == line.star.pair] or names
            for name in names:
                star = next(s for s in ruleset.star_players.values() if s.name == name)
                number = max((p.number for p in players), default=0) + 1
                players.append(
                    PlayerSnapshot(
                        id=f"star:{star.name}",
                        name=star.name,
                        number=number,
                        position="Star Player",
                        stats=star.stats,
                        skills=star.skills,
                        special_rules=(star.special_rule,) if star.special_rule else (),
                        induced=True,
                    )
                )
    data["players"] = [p.to_dict() for p in players]
    return TeamSnapshot.from_dict(data)
