"""Exhibition (tournament) drafts: a budget set by the organiser, a skill pack, inducements.

BB2020 exhibition play (``team_creation.yaml`` ``exhibition_team_draft``): the organiser
sets a budget of 1,100,000-1,300,000 gp (1,150,000 recommended); each team spends a pack of
skills (a primary skill takes one, a secondary two; ``skills_per_player`` per player);
inducements are bought from the same budget once 11 players are hired; gold not spent is
lost. Tier rules may give a race another budget or pack.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from league_manager.core.errors import RuleViolation
from league_manager.core.money import format_gold
from league_manager.rules.draft import DraftPlan, check_draft
from league_manager.rules.model import Inducement, Ruleset, StarPlayer, TeamRoster

BUDGET_RANGE = (1_100_000, 1_300_000)
DEFAULT_BUDGET = 1_150_000
INDUCEMENTS_AFTER = 11


@dataclass(frozen=True, slots=True)
class TierRule:
    """What one tier (or one race) gets instead of the event's budget and skill pack."""

    budget: int | None = None
    skills: int | None = None


@dataclass(frozen=True, slots=True)
class EventSettings:
    """Every rule the organiser sets; shown on every roster of the event."""

    format: str = "swiss"
    rounds: int = 3
    budget: int = DEFAULT_BUDGET
    skills: int = 0
    skills_per_player: int = 1
    points: tuple[int, int, int] = (3, 1, 0)
    tie_breakers: tuple[str, ...] = ("opponents_points", "td_diff", "cas_diff")
    tiers: Mapping[str, TierRule] = field(default_factory=dict)
    ruleset: str = "bb2020"
    stars: bool = False
    team_size: int = 0
    team_scoring: str = "match"
    between_rounds: str = "none"

    def lines(self) -> list[str]:
        """The settings in words, one per line (for rosters, slips and the event page)."""
        win, draw, loss = self.points
        out = [
            f"Format: {self.format}, {self.rounds} rounds",
            f"Budget: {format_gold(self.budget)} (unspent gold is lost)",
            f"Skill pack: {self.skills} (primary 1, secondary 2; {self.skills_per_player} per player)",
            f"Points: win {win}, draw {draw}, loss {loss}",
            f"Tie-breakers: {', '.join(self.tie_breakers)}",
            f"Inducements: from the budget once {INDUCEMENTS_AFTER} players are hired",
            "Star players: allowed, from the budget" if self.stars else "Star players: not allowed",
            self._between_rounds_line(),
            self._teams_line(),
        ]
        for key, rule in sorted(self.tiers.items()):
            parts = []
            if rule.budget is not None:
                parts.append(format_gold(rule.budget))
            if rule.skills is not None:
                parts.append(f"{rule.skills} skills")
            out.append(f"Tier {key}: {', '.join(parts)}")
        return out

    def _between_rounds_line(self) -> str:
        if self.between_rounds == "progression":
            return (
                "Post-game between rounds: progression (SPP each game, MVP named or rolled; "
                "skills bought between rounds; no injuries, gold or fans carried)"
            )
        return "Post-game between rounds: none (rosters stay as registered)"

    def _teams_line(self) -> str:
        if not self.team_size:
            return "Teams: none (coaches play for themselves)"
        scoring = (
            "team match won by more coach wins, scoring the points above"
            if self.team_scoring == "match"
            else "the sum of the coaches' points"
        )
        return f"Teams: of {self.team_size} coaches, paired board by board; team points: {scoring}"


@dataclass(frozen=True, slots=True)
class SkillPick:
    """A skill given to player ``number`` (1-based, in the order the players were bought)."""

    number: int
    skill: str


@dataclass(frozen=True, slots=True)
class ExhibitionRoster:
    """A checked exhibition roster: players, skills, inducements, what it cost."""

    race: str
    players: tuple[tuple[int, str, tuple[str, ...]], ...]
    inducements: Mapping[str, int]
    budget: int
    spent: int
    team_value: int
    stars: tuple[str, ...] = ()

    @property
    def lost(self) -> int:
        """Gold not spent, lost at the end of the draft."""
        return self.budget - self.spent


def parse_picks(text: str) -> list[SkillPick]:
    """Read a skill pack written ``"PLAYER:SKILL, ..."`` (players numbered as bought).

    Raises:
        RuleViolation: a part is not PLAYER:SKILL.
    """
    out = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        number, sep, skill = part.partition(":")
        if not sep or not number.strip().isdigit() or not skill.strip():
            raise RuleViolation("skill pack", f"'{part}' is not PLAYER:SKILL (player numbered as bought)")
        out.append(SkillPick(int(number), skill.strip()))
    return out


def check_settings(settings: EventSettings) -> None:
    """Refuse settings outside exhibition play.

    Raises:
        RuleViolation: budget out of range, rounds or skills not positive, unknown
            tie-breaker or post-game between rounds.
    """
    from league_manager.rules.event_progression import BETWEEN_ROUNDS
    from league_manager.rules.swiss import TIE_BREAKERS
    from league_manager.rules.team_swiss import TEAM_SCORING

    budgets = [settings.budget, *(t.budget for t in settings.tiers.values() if t.budget is not None)]
    for budget in budgets:
        if not BUDGET_RANGE[0] <= budget <= BUDGET_RANGE[1]:
            low, high = (format_gold(b) for b in BUDGET_RANGE)
            raise RuleViolation("exhibition budget", f"{format_gold(budget)} is outside {low}-{high}")
    if settings.format != "swiss":
        raise RuleViolation("format", f"'{settings.format}' is not offered (swiss)")
    if settings.rounds < 1:
        raise RuleViolation("rounds", "an event needs at least one round")
    if settings.skills < 0 or settings.skills_per_player < 1:
        raise RuleViolation("skill pack", "skills must be 0 or more, and at least one per player")
    if settings.team_size == 1 or settings.team_size < 0:
        raise RuleViolation("teams", "a team of coaches has at least 2 (0: no teams)")
    if settings.team_scoring not in TEAM_SCORING:
        raise RuleViolation(
            "team scoring", f"'{settings.team_scoring}' is not one of {', '.join(TEAM_SCORING)}"
        )
    if settings.between_rounds not in BETWEEN_ROUNDS:
        raise RuleViolation(
            "post-game between rounds",
            f"'{settings.between_rounds}' is not one of {', '.join(BETWEEN_ROUNDS)}",
        )
    for name in settings.tie_breakers:
        if name not in TIE_BREAKERS:
            raise RuleViolation("tie-breaker", f"unknown '{name}' (known: {', '.join(TIE_BREAKERS)})")


def tier_rule(settings: EventSettings, ruleset: Ruleset, race: str) -> TierRule:
    """The race's own rule, else its tier's, else the event's budget and pack."""
    team = ruleset.team(race)
    for key in (team.name, team.id, str(team.tier)):
        if key in settings.tiers:
            rule = settings.tiers[key]
            return TierRule(
                settings.budget if rule.budget is None else rule.budget,
                settings.skills if rule.skills is None else rule.skills,
            )
    return TierRule(settings.budget, settings.skills)


def check_roster(
    ruleset: Ruleset,
    settings: EventSettings,
    plan: DraftPlan,
    order: Sequence[str],
    picks: Sequence[SkillPick],
    inducements: Mapping[str, int],
) -> ExhibitionRoster:
    """Check an exhibition roster against the event's rules.

    Args:
        ruleset: the event's rules.
        settings: the organiser's settings.
        plan: positions and sideline bought.
        order: position names in the order bought (players are numbered in that order).
        picks: the skill pack spent.
        inducements: inducement name -> how many.

    Raises:
        RuleViolation: the first rule broken, named.
    """
    rule = tier_rule(settings, ruleset, plan.race)
    budget = rule.budget if rule.budget is not None else settings.budget
    check = check_draft(ruleset, plan, budget=10**9)
    if check.violations:
        raise check.violations[0]
    roster = check.roster
    players: list[tuple[int, str, list[str]]] = []
    for name in order:
        position = roster.position(name)
        for _ in range(plan.positions[name]):
            players.append((len(players) + 1, position.name, []))
    spent = check.cost
    value = check.cost - sum(line.total for line in check.lines if line.label.startswith("Dedicated"))
    pack_used = 0
    for pick in picks:
        if not 1 <= pick.number <= len(players):
            raise RuleViolation("skill pack", f"no player {pick.number} (players 1-{len(players)})")
        number, position_name, skills = players[pick.number - 1]
        position = roster.position(position_name)
        definition = ruleset.skill(pick.skill)
        if definition.is_trait:
            raise RuleViolation("skill access", f"{definition.name} is a trait and cannot be chosen")
        if len(skills) >= settings.skills_per_player:
            raise RuleViolation(
                "one skill per player", f"player {number} already has {settings.skills_per_player}"
            )
        if definition.name in skills or any(s.name == definition.name for s in position.skills):
            raise RuleViolation("skill", f"player {number} already has {definition.name}")
        if definition.category in position.primary:
            kind, cost = "chosen_primary", 1
        elif definition.category in position.secondary:
            kind, cost = "chosen_secondary", 2
        else:
            raise RuleViolation(
                "skill access", f"{definition.name} is not a primary or secondary skill of {position.name}"
            )
        pack_used += cost
        value += ruleset.advancement.value_increase.get(kind, 0)
        skills.append(definition.name)
    allowed = rule.skills if rule.skills is not None else settings.skills
    if pack_used > allowed:
        raise RuleViolation("skill pack", f"{pack_used} used of {allowed} (secondary skills take 2)")
    groups: dict[str, int] = {}
    stars: dict[str, str] = {}
    for name, count in inducements.items():
        if count <= 0:
            continue
        if len(players) < INDUCEMENTS_AFTER:
            raise RuleViolation(
                "inducements", f"bought only once {INDUCEMENTS_AFTER} players are hired ({len(players)})"
            )
        star = _star(ruleset, name)
        if star is not None:
            spent += _star_cost(ruleset, settings, roster, plan, star, count, stars)
            continue
        inducement = _inducement(ruleset, name)
        if not inducement.available_for(roster, plan.special_rule_choice):
            raise RuleViolation("inducements", f"{roster.name} may not buy {inducement.name}")
        most = inducement.max_for(roster, plan.special_rule_choice)
        if most is not None and count > most:
            raise RuleViolation("inducements", f"at most {most} {inducement.name} (asked for {count})")
        spent += count * inducement.cost_for(roster, plan.special_rule_choice)
        groups[inducement.kind] = groups.get(inducement.kind, 0) + count
    for kind, count in groups.items():
        group_max = ruleset.inducement_group_limits.get(kind)
        if group_max is not None and count > group_max:
            words = kind.replace("_", " ")
            raise RuleViolation("inducements", f"at most {group_max} {words} (asked for {count})")
    if spent > budget:
        raise RuleViolation(
            "budget", f"{format_gold(spent)} of {format_gold(budget)} ({format_gold(spent - budget)} over)"
        )
    return ExhibitionRoster(
        roster.name,
        tuple((n, p, tuple(s)) for n, p, s in players),
        {k: v for k, v in inducements.items() if v > 0},
        budget,
        spent,
        value,
        tuple(stars.values()),
    )


def _star(ruleset: Ruleset, name: str) -> StarPlayer | None:
    for star in ruleset.star_players.values():
        if name.casefold() == star.name.casefold():
            return star
    return None


def _star_cost(
    ruleset: Ruleset,
    settings: EventSettings,
    roster: TeamRoster,
    plan: DraftPlan,
    star: StarPlayer,
    count: int,
    hired: dict[str, str],
) -> int:
    """Check one star bought at registration and note him in ``hired`` (choice -> name).

    A pair (Grak and Crumbleberry) is one choice at the pair's price, taken once.
    """
    if not settings.stars:
        raise RuleViolation("star players", f"{star.name}: the organiser does not allow star players")
    if not star.plays_for_team(roster, plan.special_rule_choice):
        raise RuleViolation("star players", f"{star.name} does not play for {roster.name}")
    choice = star.pair or star.name
    if count != 1 or choice in hired:
        taken = f"{star.pair} are hired together, once" if star.pair else f"{star.name} can be hired once"
        raise RuleViolation("star players", taken)
    hired[choice] = star.name
    if len(hired) > ruleset.max_stars_per_team:
        raise RuleViolation("star players", f"at most {ruleset.max_stars_per_team} per team")
    return star.pair_cost if star.pair and star.pair_cost else star.cost


def _inducement(ruleset: Ruleset, name: str) -> Inducement:
    for key, inducement in ruleset.inducements.items():
        if name.casefold() in (key.casefold(), inducement.name.casefold()):
            return inducement
    raise RuleViolation("inducements", f"unknown inducement '{name}'")
