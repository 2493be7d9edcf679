"""The league page: an empty league lays out like a full one; the average TV is whole thousands."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from league_manager.services.demo import DEMO_LEAGUE
from league_manager.services.facade import Services


def _league_page(make_window: Any, path: Path, name: str) -> Any:
    window = make_window()
    window.open_database(str(path), background=False)
    league = window.ctx.services.leagues.get_league(name)
    window.navigate("league", league.id)
    page = window.league_page
    assert window.stack.currentWidget() is page
    return page


def test_empty_league_lays_out_like_a_full_one(make_window: Any, league_file: Path, demo_file: Path) -> None:
    empty = _league_page(make_window, league_file, "Test League")
    full = _league_page(make_window, demo_file, DEMO_LEAGUE)
    assert empty.empty.isVisibleTo(empty) and not full.empty.isVisibleTo(full)
    assert empty.header.height() == full.header.height()
    tile_heights = {page.tiles["teams"].height() for page in (empty, full)}
    assert len(tile_heights) == 1


def test_average_tv_is_a_whole_number_of_thousands(make_window: Any, demo_file: Path) -> None:
    page = _league_page(make_window, demo_file, DEMO_LEAGUE)
    teams = [page.model.row_record(r) for r in range(page.model.rowCount())]
    teams[0] = replace(teams[0], team_value=teams[0].team_value + 5000)  # a mean of 625 gp over
    page.show_teams(page.league, teams)
    values = [t.team_value for t in teams]
    assert sum(values) % (1000 * len(values))
    shown = page.tiles["avg"].value.text()
    assert re.fullmatch(r"[\d,]+k", shown)
    assert shown == f"{round(sum(values) / len(values) / 1000):,}k"


def test_the_header_keeps_to_one_line_and_cuts_only_the_subtitle(
    qtbot: Any, make_window: Any, demo_file: Path
) -> None:
    page = _league_page(make_window, demo_file, DEMO_LEAGUE)
    title, subtitle = page.header.title, page.header.subtitle
    assert "Blood Bowl 2020 (2025.05)" in subtitle.text() and page.upgrade_button.isVisible()
    assert subtitle.shown_text() == subtitle.text() and subtitle.toolTip() == ""  # whole at 1400 px
    line = subtitle.fontMetrics().height()
    assert subtitle.height() < 2 * line and title.height() < 2 * title.fontMetrics().height()
    page.window().resize(1000, 900)
    qtbot.waitUntil(lambda: subtitle.shown_text() != subtitle.text())
    assert subtitle.shown_text().endswith("…") and subtitle.toolTip() == subtitle.text()
    assert subtitle.height() < 2 * line and title.height() < 2 * title.fontMetrics().height()
    assert title.width() >= title.fontMetrics().horizontalAdvance(title.text())  # the title whole


def test_an_empty_classic_league_shows_rating_tiles(make_window: Any, tmp_path: Path) -> None:
    path = tmp_path / "classic.db"
    services = Services.open(path)
    services.leagues.create_league("Old World", "lrb2004")
    services.close()
    page = _league_page(make_window, path, "Old World")
    assert page.tiles["avg"].caption.text() == "AVERAGE RATING" and page.tiles["avg"].value.text() == "—"
    assert page.tiles["top"].caption.text() == "HIGHEST RATING" and page.tiles["top"].value.text() == "—"
