"""Undo takes back the last change or nothing: a match day clears it, a player who played stays."""

from __future__ import annotations

import sqlite3
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from league_manager.core.errors import RuleViolation
from league_manager.rules.loader import load_ruleset
from league_manager.ui.match_day.wizard import MatchDayWizard
from league_manager.ui.operations import UndoStep
from tests.gui.test_match_day import _fixture_window, _season_template, _wizard, season_file  # noqa: F401


def _fund(path: Path, team_id: int) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute(
            "INSERT INTO treasuryentry (team_id, amount, reason, source, created_at) "
            "VALUES (?, 500000, 'Prize', 'prize', '2026-01-01')",
            (team_id,),
        )
    conn.close()


def _hire(window: Any, team_id: int) -> int:
    services = window.ctx.services
    team = services.teams.get_team(team_id)
    have = Counter(p.position for p in team.players)
    roster = load_ruleset("bb2020").teams[team.race_id]
    position = next(p.name for p in roster.positions if have[p.name] < p.max_quantity)
    outcome = window.runner.run_op(
        lambda: services.roster.hire_player(team_id, position, "Late Signing", None),
        undo=lambda out: UndoStep("hire", lambda: services.undo.undo_hire(next(iter(out.changes.players)))),
    )
    assert outcome is not None, window.dialogs.errors
    return int(next(iter(outcome.changes.players)))


def test_after_a_match_day_undo_does_nothing(make_window: Any, season_file: Path, dialogs: Any) -> None:  # noqa: F811
    window, fixture = _fixture_window(make_window, season_file)
    _fund(season_file, fixture.home_id)
    hired = _hire(window, fixture.home_id)
    assert window.runner.undo.top is not None and window.act_undo.isEnabled()

    def drive(wizard: MatchDayWizard) -> None:
        wizard.pre_dice.typed_mode.setChecked(True)
        for _slot, boxes in wizard.pre_dice.fields:  # every die typed (prayers are owed here too)
            for i, box in enumerate(boxes):
                box.setValue(i + 1)
        assert wizard.run_pregame(), dialogs.errors
        assert wizard.submit_grid()
        wizard.mvp["home"].setCurrentIndex(1)
        assert wizard.run_postgame()
        assert wizard.view.stage == "post_game_applied"

    _wizard(window, dialogs, drive)
    assert not dialogs.errors
    assert window.runner.undo.top is None
    assert not window.act_undo.isEnabled()
    window.runner.undo_last()
    team = window.ctx.services.teams.get_team(fixture.home_id)
    assert hired in {p.id for p in team.players}
    with pytest.raises(RuleViolation, match="team sheet of a match"):
        window.ctx.services.undo.undo_hire(hired)


def test_undo_of_an_undo_keeps_the_older_steps(make_window: Any, season_file: Path) -> None:  # noqa: F811
    window, fixture = _fixture_window(make_window, season_file)
    _fund(season_file, fixture.home_id)
    first = _hire(window, fixture.home_id)
    second = _hire(window, fixture.home_id)
    window.runner.undo_last()
    assert window.runner.undo.top is not None  # the first hire can still be taken back
    window.runner.undo_last()
    ids = {p.id for p in window.ctx.services.teams.get_team(fixture.home_id).players}
    assert first not in ids and second not in ids
