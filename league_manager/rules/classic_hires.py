"""Classic (LRB 2004) pre-match hires and niggles: freebooters, wizards, the Runesmith, the Master Chef.

Pure rules over the injected Dice and ``data/<ruleset>/hires.yaml``. The league side
(``services/match_day/classic_prematch.py``) pays for them and keeps the record.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources

import yaml

from league_manager.core.errors import RuleViolation
from league_manager.rules.dice import Dice
from league_manager.rules.schema import Node


@dataclass(frozen=True, slots=True)
class Rune:
    """One line of the Runesmith's D6 table."""

    roll: int
    result: str
    effect: str


@dataclass(frozen=True, slots=True)
class HireRules:
    """What a classic team may hire for one match, and at what price."""

    freebooter_divisor: int
    max_players: int
    wizard_cost: int
    wizard_not_for: Mapping[str, str]
    runesmith_team: str
    runesmith_cost: int
    runes: Mapping[int, Rune]
    chef_team: str
    chef_die_cost: int
    head_coaches: Mapping[str, str]
    niggle_misses_on: int


@dataclass(frozen=True, slots=True)
class NiggleCheck:
    """A player's pre-match niggling-injury dice: any die showing ``misses_on`` keeps him out."""

    player_id: int
    dice: tuple[int, ...]
    misses: bool


@functools.cache
def load_hires(ruleset_id: str = "lrb2004") -> HireRules:
    """The hire rules of a classic ruleset (cached).

    Raises:
        DataFileError: the file breaks its schema.
    """
    path = resources.files("league_manager.data").joinpath(ruleset_id, "hires.yaml")
    node = Node(yaml.safe_load(path.read_text(encoding="utf-8")), f"{ruleset_id}/hires.yaml")
    wizard, rune, chef = node["wizard"], node["runesmith"], node["master_chef"]
    return HireRules(
        freebooter_divisor=node["freebooters"]["cost_divisor"].number(minimum=1),
        max_players=node["freebooters"]["max_players"].number(minimum=11),
        wizard_cost=wizard["cost"].number(minimum=0),
        wizard_not_for={k: v.text() for k, v in wizard["not_for"].items()},
        runesmith_team=rune["team"].text(),
        runesmith_cost=rune["cost"].number(minimum=0),
        runes={
            r["roll"].number(minimum=1, maximum=6): Rune(
                r["roll"].number(minimum=1, maximum=6), r["result"].text(), r["effect"].text()
            )
            for r in rune["table"].entries()
        },
        chef_team=chef["team"].text(),
        chef_die_cost=chef["die_cost"].number(minimum=0),
        head_coaches={k: v.text() for k, v in node["head_coaches"].items()},
        niggle_misses_on=node["niggling_injuries"]["misses_on"].number(minimum=1, maximum=6),
    )


def freebooter_cost(listed_cost: int, rules: HireRules) -> int:
    """A freebooter's fee for one match: the listed cost divided as the rules say (half)."""
    return listed_cost // rules.freebooter_divisor


def check_wizard(team_name: str, rules: HireRules) -> None:
    """Refuse a Wizard for a team that has its own spell-caster instead.

    Raises:
        RuleViolation: the team may not hire a Wizard.
    """
    instead = rules.wizard_not_for.get(team_name)
    if instead:
        raise RuleViolation("wizard", f"a {team_name} team hires no Wizard: it has {instead} instead")


def check_runesmith(team_name: str, rules: HireRules) -> None:
    """Refuse a Runesmith for any team but the one whose special it is.

    Raises:
        RuleViolation: the team has no Runesmith.
    """
    if team_name != rules.runesmith_team:
        raise RuleViolation("runesmith", f"only a {rules.runesmith_team} team hires a Runesmith")


def check_chef_dice(team_name: str, dice: int, rules: HireRules) -> None:
    """Refuse Master Chef ingredients for a team without the Master Chef.

    Raises:
        RuleViolation: not the chef's team, or a negative count.
    """
    if dice < 0:
        raise RuleViolation("master chef", "buy zero or more extra dice")
    if dice and team_name != rules.chef_team:
        raise RuleViolation("master chef", f"only a {rules.chef_team} team has the Master Chef")


def roll_rune(dice: Dice, rules: HireRules) -> Rune:
    """The Runesmith's D6 at the start of the match."""
    return rules.runes[dice.roll(6, "runesmith")]


def roll_niggles(dice: Dice, niggles: Sequence[tuple[int, int]], rules: HireRules) -> tuple[NiggleCheck, ...]:
    """One D6 per Niggling Injury for each player who has any; a die showing 1 keeps him out.

    Args:
        dice: the injected dice.
        niggles: (player id, niggling injuries) pairs, in roster order.
        rules: the hire rules (the failing face).
    """
    checks = []
    for player_id, count in niggles:
        rolled = tuple(dice.roll(6, f"niggling injury {player_id}") for _ in range(count))
        checks.append(NiggleCheck(player_id, rolled, rules.niggle_misses_on in rolled))
    return tuple(checks)
