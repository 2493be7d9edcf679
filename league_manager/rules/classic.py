"""The classic LRB 3.0 (2004) ruleset: its own model and loader, apart from BB2020/Season 3.

Classic profiles have no PA (``pa`` is always None) and a plain AG; teams are valued by team
rating, Big Guys are allies from a separate list, and skills split into skills and traits.
The data lives in ``league_manager/data/lrb2004`` (written by ``tools/import_lrb2004.py``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib import resources

import yaml

from league_manager.core.errors import DataFileError, NotFound
from league_manager.rules.schema import Node

CLASSIC_RULESETS = ("lrb2004",)
CLASSIC_CATEGORIES = ("G", "A", "P", "S", "Ph")


@dataclass(frozen=True, slots=True)
class ClassicProfile:
    """MA, ST, AG and AV as plain LRB 3 numbers; a classic profile never has a PA."""

    ma: int
    st: int
    ag: int
    av: int

    @property
    def pa(self) -> None:
        """Always None: the classic game has no passing characteristic."""
        return None

    def as_dict(self) -> dict[str, int]:
        """The profile keyed by characteristic name (no PA key)."""
        return {"MA": self.ma, "ST": self.st, "AG": self.ag, "AV": self.av}


@dataclass(frozen=True, slots=True)
class ClassicPosition:
    """One line of a classic team list."""

    name: str
    max_quantity: int
    cost: int
    profile: ClassicProfile
    skills: tuple[str, ...]
    normal: tuple[str, ...]
    double: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class BigGuy:
    """A Big Guy ally: hired by the teams in ``allied_teams``, within the team's limit."""

    name: str
    cost: int
    profile: ClassicProfile
    skills: tuple[str, ...]
    racial: tuple[str, ...]
    allied_teams: tuple[str, ...]
    normal: tuple[str, ...]
    double: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ClassicTeam:
    """A classic team list with its re-roll costs, apothecary and Big Guy allowance."""

    id: str
    name: str
    reroll_cost: int
    reroll_cost_after_creation: int
    apothecary: bool
    big_guys: tuple[str, ...]
    big_guy_limit: int
    special_rules: tuple[str, ...]
    positions: tuple[ClassicPosition, ...]

    def position(self, name: str) -> ClassicPosition:
        """The position called ``name``.

        Raises:
            NotFound: the team list has no such position.
        """
        for p in self.positions:
            if p.name == name:
                return p
        raise NotFound(f"{self.name} has no position '{name}'")


@dataclass(frozen=True, slots=True)
class CreationRules:
    """Team creation under LRB 3: budget, squad size, fan factor, staff and starting rating."""

    budget: int
    min_players: int
    max_players: int
    fan_factor_cost: int
    fan_factor_min: int
    fan_factor_max: int
    assistant_coach_cost: int
    cheerleader_cost: int
    apothecary_cost: int
    apothecary_max: int
    big_guys_per_team: int
    starting_team_rating: int


@dataclass(frozen=True, slots=True)
class ClassicRuleset:
    """Everything of a classic ruleset the league side reads."""

    id: str
    version: str
    name: str
    teams: dict[str, ClassicTeam]
    big_guys: dict[str, BigGuy]
    skill_categories: dict[str, tuple[str, ...]]
    trait_categories: dict[str, tuple[str, ...]]
    racial_characteristics: tuple[str, ...]
    secret_weapons: dict[str, int]
    creation: CreationRules

    def allies(self, team_id: str) -> tuple[BigGuy, ...]:
        """The Big Guys a team may hire, in the team list's order."""
        return tuple(self.big_guys[name] for name in self.teams[team_id].big_guys)


def _read(ruleset_id: str, filename: str) -> Node:
    path = resources.files("league_manager.data").joinpath(ruleset_id, filename)
    try:
        return Node(yaml.safe_load(path.read_text(encoding="utf-8")), f"{ruleset_id}/{filename}")
    except FileNotFoundError:
        raise DataFileError(f"{ruleset_id}/{filename}: file missing") from None


def _profile(node: Node) -> ClassicProfile:
    return ClassicProfile(
        ma=node["MA"].number(minimum=1, maximum=10),
        st=node["ST"].number(minimum=1, maximum=8),
        ag=node["AG"].number(minimum=1, maximum=6),
        av=node["AV"].number(minimum=3, maximum=12),
    )


def _access(node: Node) -> tuple[str, ...]:
    return tuple(n.one_of(*CLASSIC_CATEGORIES) for n in node.entries())


def _position(p: Node) -> ClassicPosition:
    p.only("name", "max", "cost", "MA", "ST", "AG", "AV", "skills", "normal", "double")
    return ClassicPosition(
        name=p["name"].text(),
        max_quantity=p["max"].number(minimum=1, maximum=16),
        cost=p["cost"].number(minimum=0),
        profile=_profile(p),
        skills=p["skills"].texts(),
        normal=_access(p["normal"]),
        double=_access(p["double"]),
    )


def _team(t: Node) -> ClassicTeam:
    t.only(
        "id", "name", "reroll_cost", "reroll_cost_after_creation", "apothecary", "big_guys",
        "big_guy_limit", "special_rules", "positions",
    )  # fmt: skip
    positions = tuple(_position(p) for p in t["positions"].entries())
    return ClassicTeam(
        id=t["id"].text(),
        name=t["name"].text(),
        reroll_cost=t["reroll_cost"].number(minimum=0),
        reroll_cost_after_creation=t["reroll_cost_after_creation"].number(minimum=0),
        apothecary=t["apothecary"].flag(),
        big_guys=t["big_guys"].texts(),
        big_guy_limit=t["big_guy_limit"].number(minimum=0),
        special_rules=t["special_rules"].texts(),
        positions=positions,
    )


def _big_guy(b: Node) -> BigGuy:
    return BigGuy(
        name=b["name"].text(),
        cost=b["cost"].number(minimum=0),
        profile=_profile(b),
        skills=b["skills"].texts(),
        racial=b["racial"].texts(),
        allied_teams=b["allied_teams"].texts(),
        normal=_access(b["normal"]),
        double=_access(b["double"]),
    )


def _creation(c: Node) -> CreationRules:
    return CreationRules(
        **{key: value.number(minimum=0) for key, value in c.items()},
    )


@functools.cache
def load_classic(ruleset_id: str = "lrb2004") -> ClassicRuleset:
    """Load and validate a classic ruleset (cached: the result is immutable).

    Raises:
        NotFound: the id is not a classic ruleset.
        DataFileError: a data file breaks its schema, or a Big Guy and a team disagree.
    """
    if ruleset_id not in CLASSIC_RULESETS:
        raise NotFound(f"unknown classic ruleset '{ruleset_id}' (known: {', '.join(CLASSIC_RULESETS)})")
    head = _read(ruleset_id, "league_rules.yaml")
    teams_file = _read(ruleset_id, "teams.yaml")
    skills = _read(ruleset_id, "skills.yaml")
    teams = {team.id: team for team in (_team(t) for t in teams_file["teams"].entries())}
    big_guys = {b.name: b for b in (_big_guy(n) for n in teams_file["big_guys"].entries())}
    for team in teams.values():
        for name in team.big_guys:
            if name not in big_guys or team.name not in big_guys[name].allied_teams:
                raise DataFileError(f"{ruleset_id}/teams.yaml: {team.name} lists '{name}', not an ally of it")
    categories = skills["categories"].entries()
    info = head["ruleset"]
    return ClassicRuleset(
        id=info["id"].text(),
        version=info["version"].text(),
        name=info["name"].text(),
        teams=teams,
        big_guys=big_guys,
        skill_categories={c["code"].one_of(*CLASSIC_CATEGORIES): c["skills"].texts() for c in categories},
        trait_categories={c["code"].one_of(*CLASSIC_CATEGORIES): c["traits"].texts() for c in categories},
        racial_characteristics=skills["racial_characteristics"].texts(),
        secret_weapons={
            w["name"].text(): w["penalty_roll"].number(minimum=2, maximum=12)
            for w in skills["secret_weapons"].entries()
        },
        creation=_creation(head["creation"]),
    )
