"""Team tournaments: teams of coaches paired Swiss as teams, their coaches board by board.

A team (a "squad") is a fixed group of coaches registered together. Squads are paired by
:func:`league_manager.rules.swiss.pair_round` on the team standings (a squad never meets
itself, and never meets the same squad twice); the coaches of two paired squads then meet
board by board, in the order they were registered. Team points come from the organiser's
scoring: ``match`` (the team match is won by the squad whose coaches win more games, and
scores the event's win/draw/loss points) or ``sum`` (the sum of the coaches' own points).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from league_manager.rules.standings import ScoreDifferences
from league_manager.rules.swiss import Game, Pairing, Standing, pair_round

TEAM_SCORING = ("match", "sum")
"""``match``: team W/D/L from the count of coach wins; ``sum``: the coaches' points added."""


@dataclass(slots=True)
class TeamStanding(ScoreDifferences):
    """One squad's line of the team standings (differences: of the squad's coaches)."""

    squad: str
    coaches: tuple[str, ...]
    points: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    coach_points: int = 0
    coach_wins: int = 0
    td_for: int = 0
    td_against: int = 0
    cas_for: int = 0
    cas_against: int = 0
    byes: int = 0
    opponents: list[str] = field(default_factory=list)


def team_standings(
    squads: Mapping[str, Sequence[int]],
    coaches: Sequence[Standing],
    games: Sequence[Game],
    points: tuple[int, int, int],
    scoring: str,
) -> list[TeamStanding]:
    """The team standings, best first.

    Ties in team points are broken by the coaches' points added, then team match wins,
    then touchdown and casualty differences, then the squad's name.

    Args:
        squads: squad name -> its coaches' entry ids, in board order.
        coaches: the individual standings (their points, TD and CAS are added up).
        games: every game of the event.
        points: the event's win/draw/loss points (team matches score them under ``match``).
        scoring: one of :data:`TEAM_SCORING`.
    """
    of = {entry: name for name, members in squads.items() for entry in members}
    by_entry = {line.entry: line for line in coaches}
    table: dict[str, TeamStanding] = {}
    for name, members in squads.items():
        line = TeamStanding(name, tuple(by_entry[m].name for m in members if m in by_entry))
        for member in members:
            coach = by_entry.get(member)
            if coach is None:
                continue
            line.coach_points += coach.points
            line.coach_wins += coach.wins
            line.td_for += coach.td_for
            line.td_against += coach.td_against
            line.cas_for += coach.cas_for
            line.cas_against += coach.cas_against
        table[name] = line
    meetings: dict[tuple[int, str, str | None], list[Game]] = {}
    for game in games:
        if game.a not in of:
            continue
        other = None if game.b is None else of.get(game.b)
        meetings.setdefault((game.round, of[game.a], other), []).append(game)
    win, draw, loss = points
    for (_round, home, away), played in meetings.items():
        first = table[home]
        if away is None:
            first.byes += 1
            first.wins += 1
            first.points += win if scoring == "match" else 0
            continue
        second = table[away]
        first.opponents.append(away)
        second.opponents.append(home)
        if not all(g.reported for g in played):
            continue
        home_wins = sum(1 for g in played if (g.score_a or 0) > (g.score_b or 0))
        away_wins = sum(1 for g in played if (g.score_b or 0) > (g.score_a or 0))
        for me, mine, theirs in ((first, home_wins, away_wins), (second, away_wins, home_wins)):
            if mine > theirs:
                me.wins += 1
                me.points += win if scoring == "match" else 0
            elif mine == theirs:
                me.draws += 1
                me.points += draw if scoring == "match" else 0
            else:
                me.losses += 1
                me.points += loss if scoring == "match" else 0
    if scoring == "sum":
        for line in table.values():
            line.points = line.coach_points

    def key(line: TeamStanding) -> tuple[object, ...]:
        return (
            -line.points,
            -line.coach_points,
            -line.wins,
            -line.td_diff,
            -line.cas_diff,
            line.squad.casefold(),
        )

    return sorted(table.values(), key=key)


def pair_teams(ranked: Sequence[TeamStanding], squads: Mapping[str, Sequence[int]]) -> list[Pairing]:
    """The next round's tables: squads paired Swiss (top squads first, no rematch, one bye per
    squad), then their coaches board by board; a squad with the bye gives each coach a bye.

    Raises:
        RuleViolation: fewer than two squads, or no pairing avoids a rematch.
    """
    ids = {line.squad: number for number, line in enumerate(ranked)}
    proxies = [
        Standing(ids[line.squad], line.squad, points=line.points, byes=line.byes,
                 opponents=[ids[o] for o in line.opponents])
        for line in ranked
    ]  # fmt: skip
    tables: list[Pairing] = []
    for pairing in pair_round(proxies):
        home = squads[ranked[pairing.a].squad]
        away = None if pairing.b is None else squads[ranked[pairing.b].squad]
        for board, coach in enumerate(home):
            tables.append(Pairing(len(tables) + 1, coach, None if away is None else away[board]))
    return tables
