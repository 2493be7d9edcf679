"""The classic tournament data (``data/<ruleset>/tournaments.yaml``), loaded and checked once."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib import resources

import yaml

from league_manager.core.errors import DataFileError
from league_manager.rules.schema import Node

MAJORS = ("Spike! Magazine Trophy", "Dungeonbowl", "Chaos Cup", "Blood Bowl")


@dataclass(frozen=True, slots=True)
class PlayoffRules:
    """Play-off scoring: points per win/draw/loss over the best ``results_counted`` results."""

    results_counted: int
    win: int
    draw: int
    loss: int
    semi_finalists: int
    quarter_finals_above_teams: int


@dataclass(frozen=True, slots=True)
class ChaosCupRow:
    """One row of the Chaos Cup winnings table: D6 results ``low``-``high`` and the split."""

    low: int
    high: int
    winner: int
    runner_up: int


@dataclass(frozen=True, slots=True)
class ClassicTournaments:
    """Every tournament figure of a classic ruleset."""

    playoffs: PlayoffRules
    refused_challenge_score: tuple[int, int]
    prizes: dict[str, tuple[int, int]]
    chaos_cup_total: int
    chaos_cup_split: tuple[ChaosCupRow, ...]
    chaos_cup_modifiers: dict[str, int]
    blood_bowl_match_bonus: int
    dungeonbowl_wizard_cost: int
    minor_prize_cap: int


@functools.cache
def load_tournaments(ruleset_id: str = "lrb2004") -> ClassicTournaments:
    """The tournament data of a classic ruleset (cached).

    Raises:
        DataFileError: the file breaks its schema, a Major is missing or the Chaos Cup table has a gap.
    """
    path = resources.files("league_manager.data").joinpath(ruleset_id, "tournaments.yaml")
    node = Node(yaml.safe_load(path.read_text(encoding="utf-8")), f"{ruleset_id}/tournaments.yaml")
    p = node["play_offs"]
    majors = {m["name"].text(): m for m in node["majors"].entries()}
    if set(majors) != set(MAJORS):
        raise DataFileError(f"{node.path}.majors: needs exactly {', '.join(MAJORS)}")
    prizes = {
        name: (m["winner"].number(minimum=0), m["runner_up"].number(minimum=0))
        for name, m in majors.items()
        if name != "Chaos Cup"
    }
    split = tuple(
        ChaosCupRow(
            low=r["roll"].entries()[0].number(minimum=1, maximum=6),
            high=r["roll"].entries()[1].number(minimum=1, maximum=6),
            winner=r["winner"].number(minimum=0),
            runner_up=r["runner_up"].number(minimum=0),
        )
        for r in node["chaos_cup_split"].entries()
    )
    total = majors["Chaos Cup"]["total"].number(minimum=0)
    covered = sorted(v for row in split for v in range(row.low, row.high + 1))
    if covered != [1, 2, 3, 4, 5, 6] or any(row.winner + row.runner_up != total for row in split):
        raise DataFileError(f"{node.path}.chaos_cup_split: needs D6 1-6 once, each row adding up to {total}")
    modifiers = {
        team.text(): m["modifier"].number()
        for m in node["chaos_cup_modifiers"].entries()
        for team in m["teams"].entries()
    }
    score = tuple(n.number(minimum=0) for n in node["refused_challenge_score"].entries())
    return ClassicTournaments(
        playoffs=PlayoffRules(**{key: value.number(minimum=0) for key, value in p.items()}),
        refused_challenge_score=(score[0], score[1]),
        prizes=prizes,
        chaos_cup_total=total,
        chaos_cup_split=split,
        chaos_cup_modifiers=modifiers,
        blood_bowl_match_bonus=node["blood_bowl_match_bonus"].number(minimum=0),
        dungeonbowl_wizard_cost=node["dungeonbowl_wizard_cost"].number(minimum=0),
        minor_prize_cap=node["minor_prize_cap"].number(minimum=0),
    )
