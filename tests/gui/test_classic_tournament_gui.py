"""The classic (LRB 2004) season's tournament on the "Play-offs" tab: named, closed with its prizes
and trophy holder shown; "Arrange a game…" refused once the knock-out is drawn."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from league_manager.core.errors import RuleViolation
from tests.gui.classic_setup import building, open_at
from tests.unit.services.test_classic_majors import decide, draw_open


def _drawn(make_window: Any, tmp_path: Path) -> tuple[Any, Any]:
    path = tmp_path / "cup.db"
    with building(path) as services:
        draw_open(services)
    window = open_at(make_window, path, "season", lambda s: s.seasons.get_season("Open").id)
    return window, window.season_page


def test_a_major_is_named_and_closed_with_its_prizes_and_holder(
    make_window: Any, tmp_path: Path, dialogs: Any
) -> None:
    window, page = _drawn(make_window, tmp_path)
    panel = page.classic_tab.tournament
    assert "not named yet" in panel.summary.text() and not panel.close_button.isEnabled()
    assert page.arrange_button.isVisibleTo(page) and not page.arrange_button.isEnabled()
    assert "knock-out has been drawn" in page.arrange_button.toolTip()

    def blood_bowl(dialog: Any) -> bool:
        assert not dialog.winner.isEnabled()  # a Major's prizes are the rules'
        dialog.kind.setCurrentText("Blood Bowl")
        return True

    dialogs.on_run = blood_bowl
    panel.name_button.click()
    assert "Blood Bowl</b> (a Major)" in panel.summary.text() and not panel.close_button.isEnabled()
    assert "still open" in panel.close_button.toolTip()  # the knock-out is still to be played
    services = window.ctx.services
    winner, runner_up = decide(services, final_played=True)
    before = services.teams.get_team(winner).treasury
    page.reload()
    assert panel.close_button.isEnabled() and panel.close_button.toolTip() == ""
    dialogs.script("confirm", True)
    panel.close_button.click()
    text = panel.summary.text()
    assert f"winner {winner}: 350,000 gp paid" in text and f"runner-up {runner_up}: 150,000 gp paid" in text
    assert f"{winner} holds the Blood Bowl" in text
    assert services.teams.get_team(winner).treasury == before + 350_000
    assert not panel.name_button.isEnabled() and not panel.close_button.isEnabled()


def test_a_minor_tournament_takes_its_prizes_and_a_refusal_is_shown(
    make_window: Any, tmp_path: Path, dialogs: Any
) -> None:
    window, page = _drawn(make_window, tmp_path)
    panel = page.classic_tab.tournament

    def minor(dialog: Any) -> bool:
        dialog.kind.setCurrentText("A minor tournament (no trophy)")
        dialog.minor_name.setText("Reikland Cup")
        dialog.winner.setValue(50_000)
        dialog.runner_up.setValue(20_000)
        return True

    dialogs.on_run = minor
    panel.name_button.click()
    view = window.ctx.services.classic_tournaments.show("Open")
    assert (view.name, view.major, view.winner_prize, view.runner_up_prize) == (
        "Reikland Cup",
        False,
        50_000,
        20_000,
    )
    assert "prizes: winner 50,000 gp, runner-up 20,000 gp" in panel.summary.text()
    assert not panel.close_button.isEnabled()  # the final is still to be played: the reason is shown
    assert "still open; decide them first" in panel.close_button.toolTip()
    with pytest.raises(RuleViolation, match="still open"):  # the service refuses any other caller too
        window.ctx.services.classic_tournaments.close("Open", seed=1)
    assert not window.ctx.services.classic_tournaments.show("Open").closed
