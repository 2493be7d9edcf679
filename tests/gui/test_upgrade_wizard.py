"""The league page offers the move to Season 3 between seasons; the wizard previews, asks, applies."""

from pathlib import Path
from typing import Any

from league_manager.services.facade import Services
from league_manager.ui.upgrade_wizard import LeagueUpgradeWizard


def test_the_wizard_moves_the_demo_league_to_season3(
    qtbot: Any, make_window: Any, demo_file: Path, dialogs: Any
) -> None:
    window = make_window()
    window.open_database(str(demo_file), background=False)
    window.navigate("league", window.ctx.svc.leagues.list_leagues()[0].id)
    page = window.league_page
    page.reload()
    assert page.upgrade_button.isVisible() and page.upgrade_button.isEnabled()
    assert page.upgrade_button.text() == "Move to Season 3…"
    assert "Blood Bowl Season 3" in page.upgrade_button.toolTip()
    seen: dict[str, Any] = {}

    def drive(wizard: Any) -> bool:
        assert isinstance(wizard, LeagueUpgradeWizard)
        wizard.show()
        assert "Human Catcher (x4): cost 65,000 -> 75,000" in wizard.changes_page.text.toPlainText()
        wizard.next()
        choices = wizard.choices_page
        assert not choices.isComplete() and "tick 2 Human Blitzer, not 0" in choices.problem.text()
        for rows in choices.releases.values():
            for over, ticks in rows:
                for tick in ticks[: over.must_leave]:
                    tick.setChecked(True)
        assert choices.isComplete()
        wizard.next()
        assert wizard.confirm_page.isComplete()
        seen["summary"] = wizard.confirm_page.summary.text()
        return True

    dialogs.on_run = drive
    page.upgrade_button.click()
    assert "Middenheim Marauders: team value" in seen["summary"]
    services: Services = window.ctx.svc
    assert services.leagues.list_leagues()[0].ruleset == "bb2025"
    humans = services.teams.get_team("Middenheim Marauders")
    assert humans.ruleset == "bb2025"
    assert sum(1 for p in humans.players if p.position == "Human Blitzer") == 2
    assert any("now plays bb2025" in text for _title, text in dialogs.infos)
    page.reload()
    assert not page.upgrade_button.isVisible()
