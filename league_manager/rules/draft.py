"""Team drafting: what a draft costs and which rules it breaks (1,000,000 gp, 11-16 players…)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from league_manager.core.errors import RuleViolation
from league_manager.core.money import format_gold
from league_manager.rules.model import Ruleset, TeamRoster


@dataclass(frozen=True)
class DraftPlan:
    """A coach's draft: positions bought and sideline purchases.

    ``positions`` maps roster position names to how many are bought.
    """

    race: str
    positions: Mapping[str, int] = field(default_factory=dict)
    rerolls: int = 0
    apothecary: bool = False
    assistant_coaches: int = 0
    cheerleaders: int = 0
    dedicated_fans: int = 1
    special_rule_choice: str | None = None


@dataclass(frozen=True)
class DraftLine:
    """One priced line of a draft, for the budget display."""

    label: str
    quantity: int
    unit_cost: int

    @property
    def total(self) -> int:
        """Quantity times unit cost."""
        return self.quantity * self.unit_cost


@dataclass(frozen=True)
class DraftCheck:
    """The priced draft and every rule it breaks (empty when legal)."""

    roster: TeamRoster
    lines: tuple[DraftLine, ...]
    budget: int
    players: int
    violations: tuple[RuleViolation, ...]

    @property
    def cost(self) -> int:
        """Total gold spent."""
        return sum(line.total for line in self.lines)

    @property
    def remaining(self) -> int:
        """Gold left for the treasury (negative when over budget)."""
        return self.budget - self.cost

    @property
    def legal(self) -> bool:
        """True when no rule is broken."""
        return not self.violations


def position_counts(roster: TeamRoster, positions: Mapping[str, int]) -> dict[str, int]:
    """Counts per roster position name, adding up the different ways a coach named it.

    ``{"Blitzer": 2, "human blitzer": 2}`` is four Human Blitzers.

    Raises:
        NotFound: a name matches no position (zero counts are checked too).
    """
    counts: dict[str, int] = {}
    for name, count in positions.items():
        position = roster.position(name)
        counts[position.name] = counts.get(position.name, 0) + count
    return counts


def check_draft(ruleset: Ruleset, plan: DraftPlan, budget: int | None = None) -> DraftCheck:
    """Price a draft and list every rule it breaks, each in plain words.

    Args:
        ruleset: the league's ruleset.
        plan: the coach's choices.
        budget: the league's draft budget (defaults to the ruleset's).
    """
    roster = ruleset.team(plan.race)
    draft = ruleset.draft
    budget = draft.budget if budget is None else budget
    violations: list[RuleViolation] = []
    lines: list[DraftLine] = []
    players = 0
    big_guys = 0
    insignificant = 0
    for name, count in position_counts(roster, plan.positions).items():
        position = roster.position(name)
        if count < 0:
            violations.append(RuleViolation(position.name, "cannot buy a negative number"))
            continue
        if count == 0:
            continue
        if count > position.max_quantity:
            violations.append(
                RuleViolation(position.name, f"at most {position.max_quantity} (asked for {count})")
            )
        players += count
        if position.big_guy:
            big_guys += count
        if any(s.name == "Insignificant" for s in position.skills):
            insignificant += count
        lines.append(DraftLine(position.name, count, position.cost))
    if players < draft.min_players or players > draft.max_players:
        violations.append(
            RuleViolation(
                "players",
                f"{players} on the roster; a team needs {draft.min_players}-{draft.max_players}",
            )
        )
    if big_guys > roster.big_guy_limit:
        violations.append(
            RuleViolation("big guys", f"{big_guys} hired; {roster.name} may have {roster.big_guy_limit}")
        )
    if draft.insignificant_at_most_half and insignificant > players - insignificant:
        violations.append(
            RuleViolation(
                "Insignificant",
                f"{insignificant} Insignificant players; a team may not have more than players "
                f"without Insignificant ({players - insignificant})",
            )
        )
    _staff(ruleset, roster, plan, lines, violations)
    total = sum(line.total for line in lines)
    if total > budget:
        violations.append(
            RuleViolation(
                "budget", f"{format_gold(total)} of {budget:,} ({format_gold(total - budget)} over)"
            )
        )
    if roster.special_rule_choice and plan.special_rule_choice not in roster.special_rule_choice:
        choices = ", ".join(roster.special_rule_choice)
        violations.append(RuleViolation("special rule", f"{roster.name} must choose one of: {choices}"))
    if not roster.special_rule_choice and plan.special_rule_choice:
        violations.append(RuleViolation("special rule", f"{roster.name} has no special rule to choose"))
    return DraftCheck(roster, tuple(lines), budget, players, tuple(violations))


def _staff(
    ruleset: Ruleset,
    roster: TeamRoster,
    plan: DraftPlan,
    lines: list[DraftLine],
    violations: list[RuleViolation],
) -> None:
    draft = ruleset.draft
    if not 0 <= plan.rerolls <= draft.max_rerolls:
        violations.append(
            RuleViolation("re-rolls", f"0-{draft.max_rerolls} allowed (asked for {plan.rerolls})")
        )
    if plan.rerolls:
        lines.append(DraftLine("Team re-roll", plan.rerolls, roster.reroll_cost))
    if plan.apothecary:
        if not roster.apothecary:
            violations.append(RuleViolation("apothecary", f"{roster.name} may not hire an apothecary"))
        lines.append(DraftLine("Apothecary", 1, draft.apothecary.cost))
    for label, rule_name, count, rule in (
        ("Assistant coach", "assistant coaches", plan.assistant_coaches, draft.assistant_coach),
        ("Cheerleader", "cheerleaders", plan.cheerleaders, draft.cheerleader),
    ):
        if not 0 <= count <= rule.max:
            violations.append(RuleViolation(rule_name, f"0-{rule.max} allowed (asked for {count})"))
        if count:
            lines.append(DraftLine(label, count, rule.cost))
    fans = plan.dedicated_fans
    fans_min = draft.fans_free if draft.fans_min_at_draft is None else draft.fans_min_at_draft
    if not fans_min <= fans <= draft.fans_max_at_draft:
        violations.append(
            RuleViolation(
                draft.fans_label,
                f"{fans_min}-{draft.fans_max_at_draft} at the draft (asked for {fans})",
            )
        )
    extra = fans - draft.fans_free
    if extra > 0:
        label = "Dedicated fans (beyond the free one)" if draft.fans_free else draft.fans_label.capitalize()
        lines.append(DraftLine(label, extra, draft.fans_cost))


def suggest_draft(ruleset: Ruleset, race: str, budget: int | None = None, rerolls: int = 2) -> DraftPlan:
    """A sensible legal starting draft: specialists first, linemen to fill, re-rolls, apothecary.

    Used for the demo league and for generated teams in simulations.
    """
    roster = ruleset.team(race)
    draft = ruleset.draft
    budget = draft.budget if budget is None else budget
    lineman = roster.journeyman_position
    counts: dict[str, int] = {lineman.name: draft.min_players}
    apothecary = roster.apothecary
    spent = rerolls * roster.reroll_cost + (draft.apothecary.cost if apothecary else 0)
    spent += draft.min_players * lineman.cost
    specialists = sorted(
        (p for p in roster.positions if p is not lineman and not p.is_lineman and not p.big_guy),
        key=lambda p: -p.cost,
    )
    added = True
    while added:
        added = False
        for position in specialists:
            have = counts.get(position.name, 0)
            if have >= position.max_quantity:
                continue
            replaces = counts[lineman.name] > 0 and sum(counts.values()) >= draft.min_players
            extra = position.cost - (lineman.cost if replaces else 0)
            if spent + extra > budget:
                continue
            counts[position.name] = have + 1
            if replaces:
                counts[lineman.name] -= 1
            spent += extra
            added = True
    while (
        sum(counts.values()) < draft.min_players + 1
        and counts[lineman.name] < lineman.max_quantity
        and spent + lineman.cost <= budget
    ):
        counts[lineman.name] += 1
        spent += lineman.cost
    choice = roster.special_rule_choice[0] if roster.special_rule_choice else None
    return DraftPlan(
        race=roster.id,
        positions={k: v for k, v in counts.items() if v},
        rerolls=rerolls,
        apothecary=apothecary,
        special_rule_choice=choice,
    )
