"""The concession's final score per edition, with and without penalty (``Edition.conceded_score``)."""

import pytest

from league_manager.match.editions import BB2020
from league_manager.match.editions.bb2025 import BB2025


@pytest.mark.parametrize(
    ("score", "team", "penalty_free", "bb2020", "bb2025"),
    [
        ((1, 2), 0, False, (0, 4), (0, 2)),
        ((0, 3), 0, False, (0, 4), (0, 3)),
        ((2, 0), 1, False, (3, 0), (2, 0)),
        ((1, 1), 0, True, (1, 1), (0, 2)),
    ],
)
def test_conceded_score(
    score: tuple[int, int], team: int, penalty_free: bool, bb2020: tuple[int, int], bb2025: tuple[int, int]
) -> None:
    assert BB2020.conceded_score(score, team, penalty_free=penalty_free) == bb2020
    assert BB2025.conceded_score(score, team, penalty_free=penalty_free) == bb2025
