"""Play-off qualification and seeding from the division tables, and the season's prize places.

The reference's league rules (``league.yaml`` ``play_offs``): one table sends its top
four; two divisions send the top two of each; three divisions send each winner and
the best second place (a wild card); four divisions send each winner (or, as a league
setting, the top two of each to quarter-finals). Seeds put the division winners first
in the order of the overall table, then the others in that order; with two divisions
of two qualifiers each, the seconds are placed so each winner meets the other
division's second in the semi-final. A commissioner may move a team to another seed
(with a reason); the others keep their order around it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from league_manager.core.errors import RuleViolation

PRIZES_GP: tuple[int, int, int] = (100_000, 60_000, 30_000)
"""Prize money for first, second and third place (league.yaml ``prizes_gp``)."""

FOUR_DIVISION_MODES = ("winners", "top_two")


@dataclass(frozen=True, slots=True)
class Qualifier:
    """A team through to the play-offs.

    Attributes:
        team_id: the team.
        seed: its place in the bracket, 1 best.
        division: its division's name (None in a season without divisions).
        division_rank: its place in its division's (or the only) table.
        route: ``winner``, ``top`` (top N of the table), ``runner_up`` or ``wild_card``.
        overridden: the seed was set by the commissioner.
    """

    team_id: int
    seed: int
    division: str | None
    division_rank: int
    route: str
    overridden: bool = False


def qualify(
    divisions: Mapping[str | None, Sequence[int]],
    overall: Sequence[int],
    *,
    four_divisions: str = "winners",
) -> list[Qualifier]:
    """The qualified teams in seed order, before any override.

    Args:
        divisions: each division's teams in table order (one ``None`` key for a
            season without divisions).
        overall: every team in the order of the overall table (breaks ties between
            divisions: the better placed winner gets the better seed).
        four_divisions: ``winners`` or ``top_two`` for a season of four divisions.

    Raises:
        RuleViolation: fewer than two teams would qualify, or an unknown mode.
    """
    if four_divisions not in FOUR_DIVISION_MODES:
        raise RuleViolation("play-offs", f"unknown four-division mode '{four_divisions}'")
    place = {team: index for index, team in enumerate(overall)}
    tables = [(name, list(teams)) for name, teams in divisions.items() if teams]
    chosen: list[tuple[int, str | None, int, str]] = []  # (team, division, rank, route)
    if len(tables) == 1:
        name, teams = tables[0]
        chosen = [(t, name, i + 1, "top") for i, t in enumerate(teams[:4])]
    elif len(tables) == 2 or (len(tables) == 4 and four_divisions == "top_two"):
        chosen = [(t, name, i + 1, "winner" if i == 0 else "runner_up")
                  for name, teams in tables for i, t in enumerate(teams[:2])]  # fmt: skip
    else:
        chosen = [(teams[0], name, 1, "winner") for name, teams in tables]
        size = 1
        while size < len(chosen):
            size *= 2
        rest = sorted(
            ((t, name, i + 1) for name, teams in tables for i, t in enumerate(teams[1:], start=1)),
            key=lambda item: (item[2], place.get(item[0], len(place))),
        )
        chosen += [(t, name, rank, "wild_card") for t, name, rank in rest[: size - len(chosen)]]
    if len(chosen) < 2:
        raise RuleViolation("play-offs", "the play-offs need at least two teams with a place in a table")
    winners = sorted((c for c in chosen if c[2] == 1), key=lambda c: place.get(c[0], len(place)))
    others = sorted((c for c in chosen if c[2] != 1), key=lambda c: place.get(c[0], len(place)))
    if len(tables) == 1:
        winners, others = sorted(chosen, key=lambda c: c[2]), []
    if len(tables) == 2 and len(winners) == 2 and len(others) == 2:
        # Each winner meets the other division's second: seed 1 plays seed 4.
        second_of = {c[1]: c for c in others}
        others = [second_of[winners[0][1]], second_of[winners[1][1]]]
    return [
        Qualifier(team, seed, division, rank, route)
        for seed, (team, division, rank, route) in enumerate([*winners, *others], start=1)
    ]


def override(qualifiers: Sequence[Qualifier], seeds: Mapping[int, int]) -> list[Qualifier]:
    """Apply the commissioner's seeds (team id -> seed); the other teams fill the free seeds in order.

    Raises:
        RuleViolation: a team that did not qualify, a seed outside 1..N, or two teams
            given one seed.
    """
    count = len(qualifiers)
    known = {q.team_id: q for q in qualifiers}
    for team, seed in seeds.items():
        if team not in known:
            raise RuleViolation("seed", f"team {team} has not qualified for the play-offs")
        if not 1 <= seed <= count:
            raise RuleViolation("seed", f"a seed is between 1 and {count}, not {seed}")
    if len(set(seeds.values())) != len(seeds):
        raise RuleViolation("seed", "two teams cannot share a seed")
    free = iter(s for s in range(1, count + 1) if s not in seeds.values())
    placed = {seeds[q.team_id]: q for q in qualifiers if q.team_id in seeds}
    for q in qualifiers:
        if q.team_id not in seeds:
            placed[next(free)] = q
    return [
        Qualifier(q.team_id, seed, q.division, q.division_rank, q.route, overridden=q.team_id in seeds)
        for seed, q in sorted(placed.items())
    ]


def prize_places(
    final: tuple[int, int] | None,
    third_place: int | None,
    semi_final_losers: Sequence[int],
    table: Sequence[int],
) -> list[tuple[int, int]]:
    """``(place, team)`` pairs that earn prize money: 1 and 2 the finalists, 3 the third.

    Args:
        final: (winner, loser) of the final, None when the season had no play-offs.
        third_place: the winner of the third-place match, if one was played.
        semi_final_losers: both semi-final losers (they share third place without a
            third-place match).
        table: the final overall table, used when there were no play-offs.
    """
    if final is None:
        return [(place, team) for place, team in enumerate(table[:3], start=1)]
    places = [(1, final[0]), (2, final[1])]
    if third_place is not None:
        places.append((3, third_place))
    else:
        places += [(3, team) for team in semi_final_losers]
    return places
