"""Classic (LRB 2004) Star Players as league freebooters: who may hire whom, and for how much.

In a league a Star Player is hired only as a freebooter for one match, at his freebooted
(half) cost; Halfling and Goblin teams pay double, except for the stars the list exempts.
Data: ``data/<ruleset>/star_players.yaml``.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources

import yaml

from league_manager.core.errors import RuleViolation
from league_manager.rules.schema import Node

ANY_TEAM = "Any"


@dataclass(frozen=True, slots=True)
class ClassicStar:
    """One Star Player of the classic list."""

    name: str
    plays_for: tuple[str, ...]
    cost: int
    freebooted_cost: int
    profile: Mapping[str, int]
    skills: tuple[str, ...]
    not_doubled_for: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class StarRules:
    """The star list and its hiring rules."""

    stars: Mapping[str, ClassicStar]
    double_cost_for: tuple[str, ...]
    also_plays_for: Mapping[str, str]
    only_own_stars: tuple[str, ...]

    def find(self, name: str) -> ClassicStar | None:
        """The star called ``name`` (case-insensitive), or None."""
        wanted = name.strip().casefold()
        return next((s for s in self.stars.values() if s.name.casefold() == wanted), None)


@functools.cache
def load_stars(ruleset_id: str = "lrb2004") -> StarRules:
    """The Star Players of a classic ruleset (cached).

    Raises:
        DataFileError: the file breaks its schema.
    """
    path = resources.files("league_manager.data").joinpath(ruleset_id, "star_players.yaml")
    node = Node(yaml.safe_load(path.read_text(encoding="utf-8")), f"{ruleset_id}/star_players.yaml")
    stars = {
        s["name"].text(): ClassicStar(
            name=s["name"].text(),
            plays_for=s["plays_for"].texts(),
            cost=s["cost"].number(minimum=0),
            freebooted_cost=s["freebooted_cost"].number(minimum=0),
            profile={c: s[c].number(minimum=1, maximum=12) for c in ("MA", "ST", "AG", "AV")},
            skills=s["skills"].texts(),
            not_doubled_for=s["not_doubled_for"].texts(),
        )
        for s in node["star_players"].entries()
    }
    return StarRules(
        stars=stars,
        double_cost_for=node["double_cost_for"].texts(),
        also_plays_for={k: v.text() for k, v in node["also_plays_for"].items()},
        only_own_stars=node["only_own_stars"].texts(),
    )


def plays_for(star: ClassicStar, team_name: str, rules: StarRules) -> bool:
    """True when the star may be hired by a team of the list ``team_name``."""
    if team_name in star.plays_for:
        return True
    if team_name in rules.only_own_stars:
        return False
    if ANY_TEAM in star.plays_for:
        return True
    borrowed = rules.also_plays_for.get(team_name)
    return borrowed is not None and borrowed in star.plays_for


def star_fee(star: ClassicStar, team_name: str, rules: StarRules) -> int:
    """What a team pays to freeboot the star for one match.

    Raises:
        RuleViolation: the star does not play for the team.
    """
    if not plays_for(star, team_name, rules):
        raise RuleViolation(star.name, f"does not play for {team_name} teams")
    doubled = team_name in rules.double_cost_for and team_name not in star.not_doubled_for
    return star.freebooted_cost * (2 if doubled else 1)
