"""Every golden scenario under tests/scenarios/ runs and meets its expectations."""

from __future__ import annotations

from pathlib import Path

import pytest

from league_manager.match.scenario import load, run

ROOT = Path(__file__).parents[2] / "scenarios"
FILES = sorted(ROOT.rglob("*.json"))


def test_there_are_enough_scenarios() -> None:
    assert len(FILES) >= 80


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_scenario(path: Path) -> None:
    outcome = run(load(path))
    assert outcome.ok, "\n".join(outcome.failures + [e.text() for e in outcome.events])
