"""Frozen dataclasses for a ruleset: teams, positions, skills, stars, inducements, tables."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from league_manager.core.errors import Ambiguous, NotFound

CHARACTERISTICS: tuple[str, ...] = ("MA", "ST", "AG", "PA", "AV")
TARGET_CHARACTERISTICS = frozenset({"AG", "PA", "AV"})
SKILL_CATEGORIES: Mapping[str, str] = {
    "G": "General",
    "A": "Agility",
    "S": "Strength",
    "P": "Passing",
    "M": "Mutation",
    "D": "Devious",
}
ADVANCEMENT_KINDS: tuple[str, ...] = (
    "random_primary",
    "chosen_primary",
    "random_secondary",
    "chosen_secondary",
    "characteristic",
)

_SKILL_REF = re.compile(r"^(?P<name>.+?)(?: \((?P<param>[^()]*)\))?$")


@dataclass(frozen=True, slots=True)
class Characteristics:
    """A player profile. AG, PA and AV are target numbers; ``pa`` None means no PA."""

    ma: int
    st: int
    ag: int
    pa: int | None
    av: int

    def get(self, name: str) -> int | None:
        """Value of a characteristic by its abbreviation (``"MA"`` … ``"AV"``)."""
        return {"MA": self.ma, "ST": self.st, "AG": self.ag, "PA": self.pa, "AV": self.av}[name]

    def formatted(self, name: str) -> str:
        """Display form: ``6``, ``3+`` or ``-`` for a missing PA."""
        value = self.get(name)
        if value is None:
            return "-"
        return f"{value}+" if name in TARGET_CHARACTERISTICS else str(value)


@dataclass(frozen=True, slots=True, order=True)
class SkillRef:
    """A skill or trait as a player has it: a name plus an optional parameter.

    ``Mighty Blow (+1)`` is ``SkillRef("Mighty Blow", "+1")``; ``Block`` has no parameter.
    """

    name: str
    param: str | None = None

    @classmethod
    def parse(cls, text: str) -> SkillRef:
        """Parse ``"Loner (4+)"`` into name and parameter."""
        match = _SKILL_REF.match(text.strip())
        if match is None:  # pragma: no cover - the pattern matches any non-empty text
            raise ValueError(f"not a skill: {text!r}")
        return cls(match.group("name"), match.group("param"))

    def __str__(self) -> str:
        return f"{self.name} ({self.param})" if self.param else self.name


@dataclass(frozen=True, slots=True)
class SkillDef:
    """A skill or trait of the ruleset.

    Attributes:
        name: base name ("Mighty Blow").
        category: G, A, S, P, M (and D in Season 3) for skills; "T" for traits.
        parameter: None, "modifier" (+1), "target" (4+) or "text".
        description: a short summary in the project's own words.
    """

    name: str
    category: str
    parameter: str | None
    description: str

    @property
    def is_trait(self) -> bool:
        """Traits cannot be chosen as advancements."""
        return self.category == "T"


@dataclass(frozen=True, slots=True)
class Position:
    """One line of a team roster."""

    name: str
    max_quantity: int
    cost: int
    stats: Characteristics
    skills: tuple[SkillRef, ...]
    primary: frozenset[str]
    secondary: frozenset[str]
    keywords: tuple[str, ...]
    big_guy: bool
    aliases: tuple[str, ...] = ()
    disputes: tuple[str, ...] = ()

    @property
    def is_lineman(self) -> bool:
        """True for the team's basic lineman line (used for journeymen)."""
        return "Lineman" in self.keywords


@dataclass(frozen=True, slots=True)
class TeamRoster:
    """A team list a coach can draft from."""

    id: str
    name: str
    tier: int | None
    tiers: Mapping[str, int | None]
    reroll_cost: int
    apothecary: bool
    special_rules: tuple[str, ...]
    special_rule_choice: tuple[str, ...]
    big_guy_limit: int
    journeyman: str
    positions: tuple[Position, ...]
    disputes: tuple[str, ...] = ()

    def position(self, name: str) -> Position:
        """Find a position by name, case-insensitively, with or without the team's name.

        ``"blitzer"`` finds "Human Blitzer" on the Human roster.

        Raises:
            NotFound: no position matches.
            Ambiguous: the name fits several positions.
        """
        wanted = _norm(name)
        exact = [p for p in self.positions if wanted in {_norm(p.name), *map(_norm, p.aliases)}]
        if exact:
            return exact[0]
        team_words = _norm(self.name)
        loose = [p for p in self.positions if _norm(p.name).removeprefix(team_words).strip() == wanted]
        if not loose:
            loose = [p for p in self.positions if _norm(p.name).endswith(" " + wanted)]
        if not loose:
            loose = [p for p in self.positions if _norm(p.name).startswith(wanted + " ")]
        if len(loose) == 1:
            return loose[0]
        if len(loose) > 1:
            names = ", ".join(p.name for p in loose)
            raise Ambiguous(f"{self.name}: '{name}' could be any of {names}")
        names = ", ".join(p.name for p in self.positions)
        raise NotFound(f"{self.name} has no position '{name}' (positions: {names})")

    @property
    def journeyman_position(self) -> Position:
        """The position journeymen are taken from."""
        return self.position(self.journeyman)

    def has_rule(self, rule: str, chosen: str | None = None) -> bool:
        """True when the team has a special rule, counting its drafted choice."""
        rules = (*self.special_rules, *((chosen,) if chosen else ()))
        if rule in rules:
            return True
        return rule == "Favoured of..." and any(r.startswith("Favoured of ") for r in rules)


@dataclass(frozen=True, slots=True)
class StarPlayer:
    """A star player who may be induced."""

    name: str
    cost: int
    stats: Characteristics
    skills: tuple[SkillRef, ...]
    special_rule: str | None
    plays_for: tuple[str, ...]
    mega_star: bool
    pair: str | None = None
    pair_cost: int | None = None
    never_plays_for: tuple[str, ...] = ()
    disputes: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()

    def plays_for_team(self, team: TeamRoster, chosen_rule: str | None = None) -> bool:
        """True when the star may be hired by this team."""
        if any(team.has_rule(rule, chosen_rule) for rule in self.never_plays_for):
            return False
        if "any team" in self.plays_for:
            return True
        return any(team.has_rule(rule, chosen_rule) for rule in self.plays_for)


@dataclass(frozen=True, slots=True)
class Inducement:
    """An inducement a team may buy before a match.

    Attributes:
        kind: common, coaching_staff, wizard, referee or team_specific.
        max_quantity: None for no fixed limit.
        available_to: "any", "apothecary", "tier:N" or special rule names.
        reduced_cost: special rule name (or ``team:ID``) -> discounted cost.
        reduced_max: special rule name -> the maximum for teams with that rule
            (Season 3: Bribery and Corruption teams may take 0-6 Bribes).
        house_rule_reduced_cost: (setting name, rule -> cost) applied when that
            league setting is on.
    """

    name: str
    kind: str
    max_quantity: int | None
    cost: int
    available_to: tuple[str, ...]
    reduced_cost: Mapping[str, int] = field(default_factory=dict)
    house_rule_reduced_cost: tuple[str, Mapping[str, int]] | None = None
    disputes: tuple[str, ...] = ()
    reduced_max: Mapping[str, int] = field(default_factory=dict)

    def max_for(self, team: TeamRoster, chosen_rule: str | None = None) -> int | None:
        """The most this team may buy per game (None: no fixed limit)."""
        for rule, maximum in self.reduced_max.items():
            if team.has_rule(rule, chosen_rule):
                return maximum
        return self.max_quantity

    def available_for(self, team: TeamRoster, chosen_rule: str | None = None) -> bool:
        """Whether this team may buy the inducement at all."""
        for token in self.available_to:
            if token == "any":
                return True
            if token == "apothecary" and team.apothecary:
                return True
            if token.startswith("tier:") and team.tier == int(token.split(":")[1]):
                return True
            if team.has_rule(token, chosen_rule):
                return True
        return False

    def cost_for(
        self,
        team: TeamRoster,
        chosen_rule: str | None = None,
        settings: Mapping[str, object] | None = None,
    ) -> int:
        """The price this team pays, after discounts from its special rules."""
        costs = [self.cost]
        discounts = dict(self.reduced_cost)
        if self.house_rule_reduced_cost and settings and settings.get(self.house_rule_reduced_cost[0]):
            discounts = dict(self.house_rule_reduced_cost[1])
        for key, cost in discounts.items():
            if key.startswith("team:"):
                if team.id == key.split(":", 1)[1]:
                    costs.append(cost)
            elif team.has_rule(key, chosen_rule):
                costs.append(cost)
        return min(costs)


@dataclass(frozen=True, slots=True)
class TableRow:
    """One row of a dice table: results ``low``..``high`` give ``result``."""

    low: int
    high: int
    result: str
    effect: str = ""
    characteristic: str | None = None


@dataclass(frozen=True, slots=True)
class DiceTable:
    """A dice table such as Weather (2D6) or Casualty (D16)."""

    name: str
    dice: str
    rows: tuple[TableRow, ...]

    def lookup(self, roll: int) -> TableRow:
        """The row for a (modified) roll; rolls past either end use the end rows."""
        first, last = self.rows[0], self.rows[-1]
        if roll < first.low:
            return first
        if roll > last.high:
            return last
        for row in self.rows:
            if row.low <= roll <= row.high:
                return row
        raise ValueError(f"{self.name}: no row for {roll}")  # pragma: no cover - validated


@dataclass(frozen=True, slots=True)
class StaffRule:
    """Cost and draft maximum of one kind of sideline staff."""

    cost: int
    max: int


@dataclass(frozen=True, slots=True)
class DraftRules:
    """Team creation limits and sideline staff."""

    budget: int
    min_players: int
    max_players: int
    max_rerolls: int
    reroll_multiplier_after_draft: int
    assistant_coach: StaffRule
    cheerleader: StaffRule
    apothecary: StaffRule
    fans_free: int
    fans_cost: int
    fans_max_at_draft: int
    fans_min: int
    fans_max: int
    insignificant_at_most_half: bool = False
    """Season 3: no more Insignificant players than players without the trait."""
    fans_min_at_draft: int | None = None
    """Fewest fans a new team may have (None: the free ones); LRB 2004 buys 1-9 fan factor."""
    fans_label: str = "dedicated fans"
    """What the edition calls its fans (LRB 2004: fan factor), in refusals and price lines."""


@dataclass(frozen=True, slots=True)
class AdvancementCost:
    """SPP cost of each kind of advancement for one advancement number."""

    advancement: int
    level: str
    random_primary: int
    chosen_primary: int
    random_secondary: int
    chosen_secondary: int
    characteristic: int

    def for_kind(self, kind: str) -> int:
        """Cost by kind name (``random_primary`` … ``characteristic``)."""
        return int(getattr(self, kind))


@dataclass(frozen=True, slots=True)
class CharacteristicRoll:
    """A row of the characteristic improvement table (D16 in BB2020, D8 in Season 3)."""

    low: int
    high: int
    options: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class AdvancementRules:
    """SPP awards, advancement costs, value increases and characteristic limits."""

    spp_awards: Mapping[str, int]
    max_advancements: int
    costs: tuple[AdvancementCost, ...]
    characteristic_d16: tuple[CharacteristicRoll, ...]
    value_increase: Mapping[str, int]
    max_improvements_per_characteristic: int
    limits_max: Mapping[str, int]
    limits_min: Mapping[str, int]
    characteristic_die: int = 16
    """Sides of the die rolled on ``characteristic_d16`` (8 in Season 3)."""
    kinds: tuple[str, ...] = ADVANCEMENT_KINDS
    """Kinds of advancement the edition offers (Season 3 has no random secondary skill)."""
    elite_skills: frozenset[str] = frozenset()
    elite_extra: int = 0
    """Extra value of an elite skill gained as an advancement (Season 3: +10,000)."""
    spp_awards_by_rule: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    """Team special rule -> SPP awards it changes (Brawlin' Brutes: CAS 3, TD 2)."""
    random_skills_rolled: int = 1
    """Skills a random skill advancement rolls; the coach keeps one (Season 3: two)."""

    def awards_for(self, team: TeamRoster) -> Mapping[str, int]:
        """The SPP awards for a team's players, after its special rules."""
        awards = dict(self.spp_awards)
        for rule, changed in self.spp_awards_by_rule.items():
            if team.has_rule(rule):
                awards.update(changed)
        return awards

    def cost(self, advancement_number: int, kind: str) -> int:
        """SPP cost of the ``advancement_number``-th advancement (1-based)."""
        return self.costs[advancement_number - 1].for_kind(kind)


@dataclass(frozen=True, slots=True)
class Prayer:
    """A Prayers to Nuffle result."""

    roll: int
    name: str
    lasts: str
    description: str


@dataclass(frozen=True, slots=True)
class ExpensiveMistakes:
    """The treasury band x D6 table of the post-game sequence."""

    min_treasury: int
    bands: tuple[int, ...]
    table: Mapping[int, tuple[str, ...]]

    def result(self, treasury: int, roll: int) -> str:
        """The incident for a treasury and a D6 roll ("Crisis Averted" below the minimum)."""
        if treasury < self.min_treasury:
            return "Crisis Averted"
        column = max(i for i, low in enumerate(self.bands) if treasury >= low)
        return self.table[roll][column]


@dataclass(frozen=True, slots=True)
class HouseRule:
    """A typed league setting with its ruleset default and a one-line explanation."""

    key: str
    label: str
    kind: str  # "bool", "int", "choice"
    default: bool | int | str
    help: str
    choices: tuple[str, ...] = ()
    maximum: int | None = None
    """The largest value of an "int" setting (None: the program's general limit)."""


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Everything the program knows about one edition of the rules."""

    id: str
    version: str
    name: str
    teams: Mapping[str, TeamRoster]
    star_players: Mapping[str, StarPlayer]
    max_stars_per_team: int
    skills: Mapping[str, SkillDef]
    skill_categories: Mapping[str, tuple[str, ...]]
    inducements: Mapping[str, Inducement]
    inducement_group_limits: Mapping[str, int]
    mercenary_surcharge: int
    mercenary_extra_skill_cost: int
    draft: DraftRules
    advancement: AdvancementRules
    tables: Mapping[str, DiceTable]
    prayers: tuple[Prayer, ...]
    prayer_gap: int
    expensive_mistakes: ExpensiveMistakes
    winnings_unit: int
    league_points: Mapping[str, int]
    prizes: Mapping[str, int]
    star_rules: Mapping[str, str]
    inducement_texts: Mapping[str, str]
    house_rules: tuple[HouseRule, ...]
    underdog_prayers: bool = True
    """BB2020: the lower-CTV team gets a Prayer per ``prayer_gap``; Season 3 sells them instead."""
    winnings_not_stalling: int = 0
    """Season 3: extra winnings for a team that never stalled (10,000 gp)."""
    position_keywords: bool = False
    """True when the edition gives positions keywords (Season 3); BB2020's are derived by us."""
    mvp_nominees: int = 0
    """Season 3: each coach nominates this many players for the MVP roll (0: all eligible)."""
    concession_loses_spp: bool = False
    """Season 3: the players of a team that concedes lose every SPP earned in that game."""
    getting_even_roll: int = 0
    """Season 3's Getting Even: the D6 a player who suffered a Casualty (not Badly Hurt) from an
    opponent needs to gain Hatred of one of that opponent's keywords (0: no such rule)."""
    skill_requires: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Skill -> skills or traits the player needs one of before gaining it (Season 3)."""
    skill_conflicts: tuple[tuple[str, str], ...] = ()
    """Pairs of skills a player may not have together (Season 3)."""
    classic: bool = False
    """LRB 2004: team rating and fan factor, no PA, matches entered from the tabletop only."""

    def team(self, name_or_id: str) -> TeamRoster:
        """Find a team list by id or name, case-insensitively.

        Raises:
            NotFound: with the list of valid teams.
        """
        wanted = _norm(name_or_id).replace(" ", "")
        for team in self.teams.values():
            if wanted in {team.id, _norm(team.name).replace(" ", "")}:
                return team
        names = ", ".join(t.name for t in self.teams.values())
        raise NotFound(f"no team '{name_or_id}' in {self.name} (teams: {names})")

    def skill(self, name: str) -> SkillDef:
        """The definition of a skill or trait by base name or full reference."""
        base = SkillRef.parse(name).name
        try:
            return self.skills[base]
        except KeyError:
            raise NotFound(f"{self.name} has no skill or trait '{name}'") from None

    def house_rule_defaults(self) -> dict[str, bool | int | str]:
        """Every house-rule setting at its ruleset default."""
        return {rule.key: rule.default for rule in self.house_rules}

    def stars_for(self, team: TeamRoster, chosen_rule: str | None = None) -> list[StarPlayer]:
        """Star players this team may induce, cheapest first."""
        stars = [s for s in self.star_players.values() if s.plays_for_team(team, chosen_rule)]
        return sorted(stars, key=lambda s: (s.cost, s.name))


def _norm(text: str) -> str:
    return " ".join(text.lower().replace("-", " ").split())
