"""The classic (LRB 2004) pre-match rolls: the gate, the handicap count and the D66 handicap table.

Pure rules on the injected Dice; what each handicap result does to the match and the league
is in rules/classic_handicaps (docs/lrb2004.md), applied by the callers that own that state.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib import resources

import yaml

from league_manager.core.errors import DataFileError, RuleViolation
from league_manager.rules.dice import Dice
from league_manager.rules.schema import Node, opt_int


@dataclass(frozen=True, slots=True)
class HandicapBand:
    """Rating differences ``low``..``high`` (None = no upper bound) give ``rolls`` plus ``chosen`` picks."""

    low: int
    high: int | None
    rolls: int
    chosen: int


@dataclass(frozen=True, slots=True)
class Handicap:
    """One result of the D66 handicap table."""

    d66: int
    name: str
    effect: str


@dataclass(frozen=True, slots=True)
class ClassicPreMatch:
    """The pre-match tables of a classic ruleset."""

    gate_die: int
    fans_per_pip: int
    bands: tuple[HandicapBand, ...]
    table: dict[int, Handicap]


@dataclass(frozen=True, slots=True)
class HandicapCount:
    """Who rolls on the handicap table and how often: the team with the lower rating."""

    underdog: str | None
    difference: int
    rolls: int
    chosen: int


@functools.cache
def load_pre_match(ruleset_id: str = "lrb2004") -> ClassicPreMatch:
    """The gate and handicap tables of a classic ruleset (cached).

    Raises:
        DataFileError: the file breaks its schema or the D66 table is not complete.
    """
    path = resources.files("league_manager.data").joinpath(ruleset_id, "pre_match.yaml")
    node = Node(yaml.safe_load(path.read_text(encoding="utf-8")), f"{ruleset_id}/pre_match.yaml")
    bands = tuple(
        HandicapBand(
            low=b["min"].number(minimum=0),
            high=opt_int(b.get("max")),
            rolls=b["rolls"].number(minimum=0),
            chosen=b["chosen"].number(minimum=0),
        )
        for b in node["handicap_rolls"].entries()
    )
    table = {
        h.d66: h
        for h in (
            Handicap(
                d66=e["d66"].number(minimum=11, maximum=66), name=e["name"].text(), effect=e["effect"].text()
            )
            for e in node["handicap_table"].entries()
        )
    }
    expected = {10 * a + b for a in range(1, 7) for b in range(1, 7)}
    if set(table) != expected:
        raise DataFileError(f"{node.path}.handicap_table: needs each D66 result 11-66 once")
    gate = node["gate"]
    return ClassicPreMatch(
        gate_die=gate["die_per_fan_factor"].number(minimum=2),
        fans_per_pip=gate["fans_per_pip"].number(minimum=1),
        bands=bands,
        table=table,
    )


def roll_gate(dice: Dice, fan_factors: tuple[int, int], tables: ClassicPreMatch) -> int:
    """The gate: one die per point of the two teams' combined fan factor, times the fans per pip."""
    total = sum(dice.roll(tables.gate_die, "gate") for _ in range(sum(fan_factors)))
    return total * tables.fans_per_pip


def handicap_count(ratings: dict[str, int], tables: ClassicPreMatch) -> HandicapCount:
    """How many handicap rolls the lower-rated team makes, from the two team ratings.

    Args:
        ratings: team rating keyed by side (two entries).
        tables: the ruleset's pre-match tables.
    """
    (side_a, rating_a), (side_b, rating_b) = ratings.items()
    difference = abs(rating_a - rating_b)
    underdog = None if difference == 0 else (side_a if rating_a < rating_b else side_b)
    for band in tables.bands:
        if difference >= band.low and (band.high is None or difference <= band.high):
            rolls, chosen = (band.rolls, band.chosen) if underdog else (0, 0)
            return HandicapCount(underdog, difference, rolls, chosen)
    raise DataFileError(f"pre_match.yaml: no handicap band covers a difference of {difference}")


def roll_d66(dice: Dice, label: str) -> int:
    """A D66 result: the first die gives the tens, the second the units."""
    return 10 * dice.roll(6, label) + dice.roll(6, label)


def roll_handicaps(dice: Dice, count: int, tables: ClassicPreMatch) -> tuple[Handicap, ...]:
    """``count`` different handicap results; a result already rolled is rolled again."""
    results: list[Handicap] = []
    while len(results) < count:
        result = tables.table[roll_d66(dice, "handicap")]
        if result not in results:
            results.append(result)
    return tuple(results)


def choose_handicap(d66: int, already: tuple[Handicap, ...], tables: ClassicPreMatch) -> Handicap:
    """The picked (fifth) result of a 101+ difference: any result not already rolled.

    Raises:
        RuleViolation: ``d66`` is not a D66 result, or the pick repeats a result.
    """
    result = tables.table.get(d66)
    if result is None:
        raise RuleViolation("handicap", f"{d66} is not a D66 result")
    if result in already:
        raise RuleViolation("handicap", f"{result.name} was already rolled: no result may be used twice")
    return result
