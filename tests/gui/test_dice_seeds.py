"""Program dice are random by default; the seed used is recorded and shown in the summary."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QUrl

from league_manager.ui.match_day.summary import AUDIT_LINK, full_html
from league_manager.ui.match_day.wizard import MatchDayWizard
from tests.gui.test_match_day import _season_template, season_file  # noqa: F401


def _pregame_seed(window: Any, fixture_id: int) -> tuple[int, str]:
    wizard = MatchDayWizard(window.ctx, fixture_id, window)
    try:
        assert wizard.pre_dice.seed.seed() is None and wizard.pre_dice.seed.text() == "random"
        assert wizard.engine_seed.seed() is None
        assert wizard.run_pregame()
        seed = int(wizard.view.pregame["seed"])
        assert "seed" not in full_html(wizard.view)  # one click away, not on screen
        wizard.refresh()
        assert "seed" not in wizard.summary.toPlainText()
        wizard._link(QUrl(AUDIT_LINK))  # the "Dice record for an audit…" link
        assert f"seed {wizard.view.pregame['seed']}" in wizard.summary.toPlainText()
        return seed, full_html(wizard.view, audit=True)
    finally:
        wizard.deleteLater()


def test_two_fixtures_roll_different_dice(make_window: Any, season_file: Path) -> None:  # noqa: F811
    window = make_window()
    window.open_database(str(season_file), background=False)
    first, second = window.ctx.services.seasons.fixtures("S")[:2]
    seed_one, html = _pregame_seed(window, first.id)
    seed_two, _ = _pregame_seed(window, second.id)
    assert seed_one != seed_two
    assert f"Pre-game program dice: seed {seed_one}" in html


def test_a_typed_seed_repeats_the_rolls(make_window: Any, season_file: Path) -> None:  # noqa: F811
    window = make_window()
    window.open_database(str(season_file), background=False)
    first, second = window.ctx.services.seasons.fixtures("S")[:2]
    rolls = []
    for fixture in (first, second):
        wizard = MatchDayWizard(window.ctx, fixture.id, window)
        wizard.pre_dice.seed.setValue(4242)
        assert wizard.run_pregame()
        rolls.append([r["result"] for r in wizard.view.pregame["rolls"]])
        assert wizard.view.pregame["seed"] == 4242
        wizard.deleteLater()
    assert rolls[0][:3] == rolls[1][:3]  # fans and weather: the same dice in the same order
