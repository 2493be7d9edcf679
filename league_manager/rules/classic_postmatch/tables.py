"""The classic post-match tables (``data/<ruleset>/post_match.yaml``), loaded and checked once."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib import resources

import yaml

from league_manager.core.errors import DataFileError
from league_manager.rules.schema import Node, opt_int

CHARACTERISTICS = ("MA", "ST", "AG", "AV")


@dataclass(frozen=True, slots=True)
class Band:
    """An inclusive range of numbers; ``high`` None = no upper bound."""

    low: int
    high: int | None

    def holds(self, value: int) -> bool:
        """Whether ``value`` lies in the band."""
        return value >= self.low and (self.high is None or value <= self.high)


@dataclass(frozen=True, slots=True)
class WinningsTable:
    """The Match Winnings table: a D6 modifier by gate row and team-rating column."""

    unit: int
    won_match: int
    rating_columns: tuple[Band, ...]
    gate_rows: tuple[tuple[Band, tuple[int, ...]], ...]


@dataclass(frozen=True, slots=True)
class FanFactorRules:
    """The Fan Factor table (D6 + modifiers: 1 or less down, 6 or more up) and its modifiers."""

    down_at_most: int
    up_at_least: int
    minimum: int
    won: int
    lost: int
    two_touchdowns: int
    two_casualties: int
    semi_final: int
    final: int
    per_ten_fan_factor: int


@dataclass(frozen=True, slots=True)
class SppAwards:
    """Star Player points per completion, casualty, interception, touchdown and MVP."""

    completion: int
    casualty: int
    interception: int
    touchdown: int
    mvp: int


@dataclass(frozen=True, slots=True)
class Level:
    """One row of the Star Player Points table: from ``min_spp``, its cumulative rolls and ageing target."""

    min_spp: int
    title: str
    rolls: int
    ageing: int | None


@dataclass(frozen=True, slots=True)
class SeriousInjury:
    """One row of the D66 Serious Injury table; ``effect`` is miss, niggling or a characteristic."""

    d66: Band
    name: str
    effect: str


@dataclass(frozen=True, slots=True)
class Conceding:
    """What conceding does: the winner's fan-factor bonus, the loser's loss and the veterans' roll."""

    winner_fan_factor_bonus: int
    loser_fan_factor: int
    veteran_spp: int
    leaves_on_at_most: int


@dataclass(frozen=True, slots=True)
class ClassicPostMatch:
    """Every post-match table of a classic ruleset."""

    winnings: WinningsTable
    fan_factor: FanFactorRules
    spp: SppAwards
    levels: tuple[Level, ...]
    star_player_roll: tuple[tuple[Band, str], ...]
    ageing_results: tuple[tuple[Band, str], ...]
    serious_injuries: tuple[SeriousInjury, ...]
    conceding: Conceding


def _band(node: Node) -> Band:
    low, high = node.entries()
    return Band(low.number(), opt_int(high))


def _numbers(node: Node) -> dict[str, int]:
    return {key: value.number() for key, value in node.items()}


def _covers(rows: tuple[tuple[Band, str], ...], low: int, high: int, path: str) -> None:
    for value in range(low, high + 1):
        if sum(band.holds(value) for band, _ in rows) != 1:
            raise DataFileError(f"{path}: {value} must be in exactly one row")


@functools.cache
def load_post_match(ruleset_id: str = "lrb2004") -> ClassicPostMatch:
    """The post-match tables of a classic ruleset (cached: the result is immutable).

    Raises:
        DataFileError: the file breaks its schema or a table has a gap or an overlap.
    """
    name = f"{ruleset_id}/post_match.yaml"
    path = resources.files("league_manager.data").joinpath(ruleset_id, "post_match.yaml")
    node = Node(yaml.safe_load(path.read_text(encoding="utf-8")), name)
    w = node["winnings"]
    columns = tuple(_band(c) for c in w["rating_columns"].entries())
    rows = tuple(
        (_band(r["gate"]), tuple(m.number() for m in r["modifiers"].entries()))
        for r in w["gate_rows"].entries()
    )
    if any(len(mods) != len(columns) for _, mods in rows):
        raise DataFileError(f"{name}: every gate row needs one modifier per team-rating column")
    star = tuple(
        (_band(r["roll"]), r["result"].one_of("skill", *CHARACTERISTICS))
        for r in node["star_player_roll"].entries()
    )
    ageing = tuple(
        (_band(r["roll"]), r["result"].one_of("niggling", *CHARACTERISTICS))
        for r in node["ageing_results"].entries()
    )
    _covers(star, 2, 12, f"{name}.star_player_roll")
    _covers(ageing, 2, 12, f"{name}.ageing_results")
    injuries = tuple(
        SeriousInjury(
            _band(r["d66"]), r["name"].text(), r["effect"].one_of("miss", "niggling", *CHARACTERISTICS)
        )
        for r in node["serious_injuries"].entries()
    )
    d66 = [10 * a + b for a in range(1, 7) for b in range(1, 7)]
    if sorted(v for row in injuries for v in d66 if row.d66.holds(v)) != d66:
        raise DataFileError(f"{name}.serious_injuries: needs each D66 result 11-66 once")
    return ClassicPostMatch(
        winnings=WinningsTable(
            unit=w["unit"].number(minimum=1),
            won_match=w["won_match"].number(),
            rating_columns=columns,
            gate_rows=rows,
        ),
        fan_factor=FanFactorRules(**_numbers(node["fan_factor"])),
        spp=SppAwards(**_numbers(node["spp"])),
        levels=tuple(
            Level(
                min_spp=r["min_spp"].number(minimum=0),
                title=r["title"].text(),
                rolls=r["rolls"].number(minimum=0),
                ageing=opt_int(r.get("ageing")),
            )
            for r in node["levels"].entries()
        ),
        star_player_roll=star,
        ageing_results=ageing,
        serious_injuries=injuries,
        conceding=Conceding(**_numbers(node["conceding"])),
    )


def change_allowed(name: str, delta: int, now: int, start: int) -> bool:
    """Whether a characteristic may move by ``delta`` (+1/-1): never more than 2 over or under its
    starting value, never below 1 (Star Player rolls, ageing and serious injuries alike)."""
    new = now + delta
    return start - 2 <= new <= start + 2 and new >= 1
