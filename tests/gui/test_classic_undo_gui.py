"""The classic (LRB 2004) fixture page's "Undo post-match…" and "Undo pre-match…" with a confirm."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from league_manager.services.season_read_models import ResultEntry
from tests.gui.classic_setup import building, classic_fixture, open_at


def _opened(make_window: Any, tmp_path: Path) -> tuple[Any, int]:
    """A window over Greenskins v Stunties with the pre-match run (gate 16,000); the fixture."""
    path = tmp_path / "old.db"
    with building(path) as services:
        fixture = classic_fixture(services)
        services.match_day.classic_pregame(fixture, typed=[2] * 8)
    return open_at(make_window, path), fixture


def test_the_post_match_and_the_pre_match_are_undone_from_the_fixture_page(
    make_window: Any, tmp_path: Path, dialogs: Any
) -> None:
    window, fixture = _opened(make_window, tmp_path)
    services = window.ctx.services
    window.navigate("fixture", fixture)
    page = window.fixture_page
    undo = page.classic_undo
    assert undo.prematch.isVisibleTo(page) and not undo.postmatch.isVisibleTo(page)
    services.seasons.set_result(fixture, ResultEntry(home_td=1, away_td=0, home_cas=0, away_cas=0))
    treasury = services.teams.get_team("Greenskins").treasury
    services.match_day.classic_postgame(fixture, seed=5)
    window.navigate("fixture", fixture)
    assert undo.postmatch.isVisibleTo(page) and not undo.prematch.isVisibleTo(page)
    assert not page.postmatch_button.isVisibleTo(page)
    dialogs.script("confirm", False)  # the coach thinks again: nothing happens
    assert undo.undo_postmatch() is None
    dialogs.script("confirm", True)
    dialogs.script("text", "")  # no reason: nothing happens
    assert undo.undo_postmatch() is None
    assert "post_match" in services.match_day.classic_prematch(fixture).record
    dialogs.script("confirm", True)
    dialogs.script("text", "the touchdown was the other orc's")
    undo.postmatch.click()
    assert not dialogs.errors
    assert services.teams.get_team("Greenskins").treasury == treasury
    assert "post_match" not in services.match_day.classic_prematch(fixture).record
    assert page.postmatch_button.isVisibleTo(page) and not undo.postmatch.isVisibleTo(page)  # followed
    assert "Post-match not done" in page.tiles["Status"].value.text()
    assert "Post-match undone" in page.record.toPlainText() and "the other orc's" in page.record.toPlainText()
    services.seasons.clear_result(fixture)
    window.navigate("fixture", fixture)
    assert undo.prematch.isVisibleTo(page)
    dialogs.script("confirm", True)
    dialogs.script("text", "the wrong gate dice")
    undo.prematch.click()
    assert not dialogs.errors
    assert page.match_day.isVisibleTo(page) and page.match_day.text() == "Pre-match…"
    assert not undo.prematch.isVisibleTo(page)
    assert "Not started" in page.tiles["Stage"].value.text()


def test_a_refused_undo_names_what_depends_on_it(make_window: Any, tmp_path: Path, dialogs: Any) -> None:
    window, fixture = _opened(make_window, tmp_path)
    services = window.ctx.services
    services.seasons.set_result(fixture, ResultEntry(home_td=1, away_td=0, home_cas=0, away_cas=0))
    services.match_day.classic_postgame(fixture, seed=5)
    later = services.seasons.add_fixture("Open", "Stunties", "Greenskins").value.id or 0
    services.match_day.classic_pregame(later, seed=2)
    window.navigate("fixture", fixture)
    dialogs.script("confirm", True)
    dialogs.script("text", "typo")
    window.fixture_page.classic_undo.postmatch.click()
    assert dialogs.errors and f"fixture {later} has had its pre-match since" in dialogs.errors[0][2]
    assert "post_match" in services.match_day.classic_prematch(fixture).record
