"""League tables: points per result and bonus, the tie-breaker chain, form and strength of schedule.

Pure functions over plain records, so the same table serves the CLI, the GUI and the
PDF. The chain is configurable; the criteria are those of the season issue:
points, head-to-head (a mini-table among the tied teams), touchdown difference,
casualty difference, touchdowns scored, Buchholz (the sum of the opponents' points)
and a deterministic seeded coin flip.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

WIN, DRAW, LOSS, BYE = "W", "D", "L", "B"

TIEBREAKER_LABELS: dict[str, str] = {
    "points": "points",
    "head_to_head": "head-to-head",
    "td_diff": "touchdown difference",
    "cas_diff": "casualty difference",
    "td_for": "touchdowns scored",
    "cas_for": "casualties caused",
    "buchholz": "strength of schedule (Buchholz)",
    "coin_flip": "coin flip",
}
TIEBREAKER_CHAINS: dict[str, tuple[str, ...]] = {
    "standard": ("head_to_head", "td_diff", "cas_diff", "td_for", "buchholz", "coin_flip"),
    "no_head_to_head": ("td_diff", "cas_diff", "td_for", "buchholz", "coin_flip"),
    "swiss": ("buchholz", "head_to_head", "td_diff", "cas_diff", "td_for", "coin_flip"),
    "rulebook": ("td_for", "cas_for", "coin_flip"),
}
FORM_LENGTH = 5


@dataclass(frozen=True, slots=True)
class PointsRules:
    """League points per result (the house rules ``points_*`` and ``bonus_points_*``).

    Attributes:
        win, draw, loss: points for each result.
        bye: points for a bye (0 unless the league credits byes).
        bonus_3_td: extra points for scoring three or more touchdowns.
        bonus_clean_sheet: extra points for conceding no touchdown.
        bonus_3_cas: extra points for causing three or more casualties.
    """

    win: int = 3
    draw: int = 1
    loss: int = 0
    bye: int = 0
    bonus_3_td: int = 0
    bonus_clean_sheet: int = 0
    bonus_3_cas: int = 0

    @classmethod
    def from_settings(cls, settings: Mapping[str, object]) -> PointsRules:
        """Read the league's house-rule settings (missing keys keep the defaults)."""

        def number(key: str, default: int) -> int:
            value = settings.get(key, default)
            return int(value) if isinstance(value, int | str) else default

        win = number("points_win", 3)
        draw = number("points_draw", 1)
        bye = {"win": win, "draw": draw}.get(str(settings.get("bye_points", "none")), 0)
        return cls(
            win=win,
            draw=draw,
            loss=number("points_loss", 0),
            bye=bye,
            bonus_3_td=number("bonus_points_3_td", 0),
            bonus_clean_sheet=number("bonus_points_clean_sheet", 0),
            bonus_3_cas=number("bonus_points_3_cas", 0),
        )

    def for_verdict(self, verdict: str) -> int:
        """Points for ``W``, ``D``, ``L`` or ``B`` (bye)."""
        return {WIN: self.win, DRAW: self.draw, LOSS: self.loss, BYE: self.bye}[verdict]


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """One counted fixture as the table sees it.

    A bye has no ``away``. Scores are None for results without a score (forfeits,
    administrative results, byes): those count W/D/L but no touchdowns or casualties.

    Attributes:
        order: sorts fixtures chronologically (round number, then fixture id).
        home_verdict, away_verdict: ``W``, ``D``, ``L`` (or ``B`` for a bye).
        scored: True when the TD and CAS figures were played out (bonus points apply).
    """

    fixture_id: int
    order: tuple[int, int]
    home: int
    away: int | None
    home_verdict: str
    away_verdict: str
    home_td: int = 0
    away_td: int = 0
    home_cas: int = 0
    away_cas: int = 0
    scored: bool = True


class ScoreDifferences:
    """Touchdown and casualty differences of a standings line (a league table's, a tournament
    coach's or squad's, and the read model shown for each)."""

    __slots__ = ()
    td_for: int
    td_against: int
    cas_for: int
    cas_against: int

    @property
    def td_diff(self) -> int:
        """Touchdowns scored minus conceded."""
        return self.td_for - self.td_against

    @property
    def cas_diff(self) -> int:
        """Casualties caused minus suffered."""
        return self.cas_for - self.cas_against


@dataclass
class TeamRecord(ScoreDifferences):
    """Running totals of one team (mutable while the table is built)."""

    team_id: int
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    byes: int = 0
    td_for: int = 0
    td_against: int = 0
    cas_for: int = 0
    cas_against: int = 0
    bonus: int = 0
    points: int = 0
    opponents: list[int] = field(default_factory=list)
    form: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Standing(ScoreDifferences):
    """One ranked row of a table.

    Attributes:
        rank: 1-based place; every place is distinct (the coin flip ends every tie).
        tied_with: teams level on points with this one (empty when it is clear).
        tiebreaks: the criteria that placed it among ``tied_with``, in the order
            applied, with this team's value for each.
        form: the last five results, oldest first (``W``/``D``/``L``).
    """

    team_id: int
    rank: int
    played: int
    won: int
    drawn: int
    lost: int
    byes: int
    td_for: int
    td_against: int
    cas_for: int
    cas_against: int
    bonus: int
    points: int
    buchholz: int
    form: str
    tied_with: tuple[int, ...] = ()
    tiebreaks: tuple[tuple[str, int | float], ...] = ()

    @property
    def decided_by(self) -> str | None:
        """The criterion that finally separated this team from its tied rivals."""
        return self.tiebreaks[-1][0] if self.tiebreaks else None


def tally(matches: Iterable[MatchRecord], rules: PointsRules) -> dict[int, TeamRecord]:
    """Add up the fixtures per team: results, touchdowns, casualties, points and form.

    Fixtures are taken in chronological order, so form ends with the latest result.
    """
    records: dict[int, TeamRecord] = {}

    def record(team: int) -> TeamRecord:
        rec = records.get(team)
        if rec is None:
            rec = records[team] = TeamRecord(team)
        return rec

    for m in sorted(matches, key=lambda m: m.order):
        home = record(m.home)
        if m.away is None:
            home.byes += 1
            home.points += rules.bye
            continue
        away = record(m.away)
        _side(home, m.home_verdict, m.home_td, m.away_td, m.home_cas, m.away_cas, m.scored, rules)
        _side(away, m.away_verdict, m.away_td, m.home_td, m.away_cas, m.home_cas, m.scored, rules)
        home.opponents.append(m.away)
        away.opponents.append(m.home)
    return records


def _side(
    rec: TeamRecord, verdict: str, td: int, td_against: int, cas: int, cas_against: int,
    scored: bool, rules: PointsRules,
) -> None:  # fmt: skip
    if verdict == BYE:
        rec.byes += 1
        rec.points += rules.bye
        return
    rec.played += 1
    rec.won += verdict == WIN
    rec.drawn += verdict == DRAW
    rec.lost += verdict == LOSS
    rec.points += rules.for_verdict(verdict)
    rec.form.append(verdict)
    if scored:
        rec.td_for += td
        rec.td_against += td_against
        rec.cas_for += cas
        rec.cas_against += cas_against
        bonus = (
            (rules.bonus_3_td if td >= 3 else 0)
            + (rules.bonus_clean_sheet if td_against == 0 else 0)
            + (rules.bonus_3_cas if cas >= 3 else 0)
        )
        rec.bonus += bonus
        rec.points += bonus


def coin_flip(seed: int, team_id: int) -> float:
    """A deterministic "coin flip" value in [0, 1) for a team under a season's seed."""
    digest = hashlib.sha256(f"{seed}:{team_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64


def head_to_head(group: Sequence[int], matches: Iterable[MatchRecord], rules: PointsRules) -> dict[int, int]:
    """Mini-table points among ``group``: only fixtures between two of its teams count."""
    members = set(group)
    points = dict.fromkeys(group, 0)
    for m in matches:
        if m.away is not None and m.home in members and m.away in members:
            if m.home_verdict != BYE:
                points[m.home] += rules.for_verdict(m.home_verdict)
            if m.away_verdict != BYE:
                points[m.away] += rules.for_verdict(m.away_verdict)
    return points


def rank(
    teams: Sequence[int],
    matches: Sequence[MatchRecord],
    rules: PointsRules,
    chain: Sequence[str] = TIEBREAKER_CHAINS["standard"],
    seed: int = 0,
    adjustments: Mapping[int, int] | None = None,
) -> list[Standing]:
    """The ranked table of ``teams``.

    Every fixture involving one of the teams counts for it (a division table counts
    its teams' games against other divisions too). Teams are ordered by points,
    then by ``chain``: a criterion splits the tied group; a smaller group still
    level on head-to-head gets a fresh mini-table of its own before the next
    criterion is tried. A coin flip is always added at the end, so ranks are unique.

    Args:
        teams: the teams of the table (teams without fixtures get an empty row).
        matches: the counted fixtures of the season.
        rules: points per result and bonus points.
        chain: tie-breaker keys from :data:`TIEBREAKER_LABELS` after points.
        seed: the season's seed for the coin flip.
        adjustments: league points a commissioner added or removed, per team (they
            count in the team's points, not in its opponents' strength of schedule).

    Raises:
        ValueError: an unknown tie-breaker key.
    """
    unknown = [key for key in chain if key not in TIEBREAKER_LABELS]
    if unknown:
        raise ValueError(f"unknown tie-breaker(s): {', '.join(unknown)}")
    criteria = [key for key in chain if key not in {"points", "coin_flip"}] + ["coin_flip"]
    all_records = tally(matches, rules)
    records = {t: all_records.get(t) or TeamRecord(t) for t in dict.fromkeys(teams)}
    buchholz = {
        t: sum((all_records[o].points if o in all_records else 0) for o in rec.opponents)
        for t, rec in records.items()
    }
    for team, delta in (adjustments or {}).items():  # after Buchholz: it sums results, not rulings
        if team in records:
            records[team].points += delta
    related = [m for m in matches if m.home in records or (m.away is not None and m.away in records)]

    def value(key: str, team: int, h2h: Mapping[int, int]) -> int | float:
        rec = records[team]
        simple: dict[str, Callable[[], int | float]] = {
            "head_to_head": lambda: h2h[team],
            "td_diff": lambda: rec.td_diff,
            "cas_diff": lambda: rec.cas_diff,
            "td_for": lambda: rec.td_for,
            "cas_for": lambda: rec.cas_for,
            "buchholz": lambda: buchholz[team],
            "coin_flip": lambda: coin_flip(seed, team),
        }
        return simple[key]()

    paths: dict[int, list[tuple[str, int | float]]] = defaultdict(list)

    def order(group: list[int], index: int) -> list[int]:
        if len(group) == 1 or index >= len(criteria):
            return group
        key = criteria[index]
        h2h = head_to_head(group, related, rules) if key == "head_to_head" else {}
        values = {t: value(key, t, h2h) for t in group}
        levels = sorted(set(values.values()), reverse=True)
        if len(levels) == 1:
            return order(group, index + 1)
        out: list[int] = []
        for level in levels:
            sub = [t for t in group if values[t] == level]
            for t in group:
                if values[t] == level:
                    paths[t].append((key, level))
            again = key == "head_to_head" and 1 < len(sub) < len(group)
            out.extend(order(sub, index if again else index + 1))
        return out

    by_points: dict[int, list[int]] = defaultdict(list)
    for t, rec in records.items():
        by_points[rec.points].append(t)
    ranked: list[Standing] = []
    for points in sorted(by_points, reverse=True):
        group = sorted(by_points[points])
        for t in order(group, 0):
            rec = records[t]
            ranked.append(
                Standing(
                    team_id=t, rank=len(ranked) + 1, played=rec.played, won=rec.won, drawn=rec.drawn,
                    lost=rec.lost, byes=rec.byes, td_for=rec.td_for, td_against=rec.td_against,
                    cas_for=rec.cas_for, cas_against=rec.cas_against, bonus=rec.bonus,
                    points=rec.points, buchholz=buchholz[t], form="".join(rec.form[-FORM_LENGTH:]),
                    tied_with=tuple(o for o in group if o != t), tiebreaks=tuple(paths[t]),
                )
            )  # fmt: skip
    return ranked


def explain(row: Standing, names: Mapping[int, str]) -> str:
    """Why a team stands where it does among the teams level with it on points.

    ``"Level on 9 pts with Orcs, Elves; head-to-head 4, touchdown difference +3"``;
    an empty string when no other team has the same points.
    """
    if not row.tied_with:
        return ""
    rivals = ", ".join(names.get(t, str(t)) for t in row.tied_with)
    parts = []
    for key, val in row.tiebreaks:
        label = TIEBREAKER_LABELS[key]
        if key == "coin_flip":
            parts.append(f"{label} {val:.3f}")
        elif key.endswith("_diff"):
            parts.append(f"{label} {int(val):+d}")
        else:
            parts.append(f"{label} {int(val)}")
    return f"Level on {row.points} pts with {rivals}; " + ", ".join(parts)
