"""Post-game step 1: winnings = (fan attendance / 2 + own touchdowns) x 10,000 gp."""

from __future__ import annotations


def winnings(
    attendance: int,
    own_touchdowns: int,
    unit: int,
    *,
    conceded: bool = False,
    opponent_conceded: bool = False,
    not_stalling: int = 0,
) -> int:
    """Gold a team earns from a fixture.

    A conceding team earns nothing; when the opponent conceded, the attendance is
    not halved. Half an attendance is worth half a unit (5,000 gp steps).
    ``not_stalling`` is Season 3's bonus for a team that never stalled (0 in BB2020).
    """
    if conceded:
        return 0
    if opponent_conceded:
        return (attendance + own_touchdowns) * unit + not_stalling
    return attendance * unit // 2 + own_touchdowns * unit + not_stalling
