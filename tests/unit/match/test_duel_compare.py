"""benchmarks/duel_compare.py: two duels of the same seeds matched game by game."""

from __future__ import annotations

import csv
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from league_manager.match.bots.duel import GameLine

REPO = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def duel_compare() -> ModuleType:
    spec = importlib.util.spec_from_file_location("lm_duel_compare", REPO / "benchmarks" / "duel_compare.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up
    spec.loader.exec_module(module)
    return module


def _duel(path: Path, games: list[tuple[int, bool, int, int, int]]) -> str:
    """A duel's CSV as ``match duel --csv`` writes it: (seed, A at home, td_for, td_against,
    decisions) per game."""
    rows = [
        GameLine(n, seed, home, td_for, td_against, 0, 0, 4, 4, decisions, 1.0).to_dict()
        for n, (seed, home, td_for, td_against, decisions) in enumerate(games, 1)
    ]
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    return str(path)


def test_games_are_matched_by_seed_and_side(duel_compare: ModuleType, tmp_path: Path) -> None:
    base = _duel(
        tmp_path / "base.csv",
        [(5000, True, 1, 0, 900), (5000, False, 1, 1, 950), (5001, True, 0, 1, 990)],
    )
    changed_a = _duel(tmp_path / "a.csv", [(5001, True, 2, 1, 1010), (5000, True, 1, 0, 900)])
    changed_b = _duel(tmp_path / "b.csv", [(5000, False, 0, 1, 960), (6000, True, 3, 0, 800)])
    result = duel_compare.compare(
        duel_compare.read_games(base), duel_compare.read_games(f"{changed_a},{changed_b}")
    )
    assert result.games == 3 and result.unmatched == 1
    assert result.base == (1, 1, 1) and result.changed == (2, 0, 1)
    assert result.same_game == 1  # seed 5000 at home: the same score and decisions
    assert (result.better, result.worse) == (1, 1)  # 5001 loss -> win, 5000 away draw -> loss
    assert result.win_gain == pytest.approx(1 / 3)
    assert result.points_gain == pytest.approx((0 - 0.5 + 1) / 3)
    assert result.win_gain_se == pytest.approx((1 / 3) ** 0.5 / 3**0.5)
    text = duel_compare.report(result)
    assert "1 played by one duel only" in text and "better 1, worse 1" in text


def test_duels_without_a_common_game_are_refused(duel_compare: ModuleType, tmp_path: Path) -> None:
    base = _duel(tmp_path / "base.csv", [(5000, True, 1, 0, 900)])
    other = _duel(tmp_path / "other.csv", [(5000, False, 1, 0, 900)])
    with pytest.raises(ValueError, match="share no game"):
        duel_compare.compare(duel_compare.read_games(base), duel_compare.read_games(other))


def test_a_file_that_is_not_a_duel_csv_is_refused(duel_compare: ModuleType, tmp_path: Path) -> None:
    summary = tmp_path / "summary.json"
    summary.write_text('{"summary": {}}\n', encoding="utf-8")
    with pytest.raises(SystemExit, match="not a CSV written by 'match duel --csv'"):
        duel_compare.read_games(str(summary))
    with pytest.raises(SystemExit, match="cannot read"):
        duel_compare.read_games(str(tmp_path / "missing.csv"))
