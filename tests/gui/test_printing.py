"""Print / Export PDF: options, a PDF built off the GUI thread, the preview, Save as…"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pypdf
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from league_manager.ui.printing import PdfPreviewDialog, PrintOptionsDialog
from tests.gui.conftest import FakeDialogs


def _text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(path).pages)


def test_roster_pdf_from_team_page(
    make_window: Any, demo_file: Path, dialogs: FakeDialogs, qtbot: Any, tmp_path: Path
) -> None:
    window = make_window()
    window.open_database(str(demo_file), background=False)
    team = window.ctx.services.teams.list_teams()[0]
    window.navigate("team", team.id)
    target = tmp_path / "out" / "roster.pdf"
    target.parent.mkdir()
    dialogs.script("save_pdf", str(target))
    shown: list[QDialog] = []

    def answer(dialog: QDialog) -> bool:
        shown.append(dialog)
        if isinstance(dialog, PrintOptionsDialog):
            dialog.paper.setCurrentIndex(dialog.paper.findData("letter"))
            dialog.orientation.setCurrentIndex(1)
            return True
        assert isinstance(dialog, PdfPreviewDialog)
        assert dialog.document.pageCount() >= 1
        qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
        return False

    dialogs.on_run = answer
    actions = window.team_page.print_button.menu().actions()
    assert [a.text() for a in actions] == ["Roster…", "Match sheet…"]
    actions[0].trigger()
    qtbot.waitUntil(lambda: len(shown) == 2, timeout=20000)
    assert target.exists()
    assert team.name in _text(target)
    page = pypdf.PdfReader(target).pages[0]
    assert float(page.mediabox.width) > float(page.mediabox.height)  # landscape Letter
    assert dialogs.errors == []


def test_match_sheet_and_season_table(
    make_window: Any, demo_file: Path, dialogs: FakeDialogs, qtbot: Any, tmp_path: Path
) -> None:
    window = make_window()
    window.open_database(str(demo_file), background=False)
    services = window.ctx.services
    home, away = services.teams.list_teams()[:2]
    window.navigate("team", home.id)
    previews: list[PdfPreviewDialog] = []

    def answer(dialog: QDialog) -> bool:
        if isinstance(dialog, PrintOptionsDialog):
            if dialog.opponent is not None:
                dialog.opponent.setCurrentIndex(dialog.opponent.findData(away.id))
            return True
        assert isinstance(dialog, PdfPreviewDialog)
        previews.append(dialog)
        return False

    dialogs.on_run = answer
    window.team_page.printer.match_sheet(home.id)
    qtbot.waitUntil(lambda: len(previews) == 1, timeout=20000)
    sheet = tmp_path / "sheet.pdf"
    sheet.write_bytes(previews[0].data)
    assert home.name in _text(sheet) and away.name in _text(sheet)

    league = services.leagues.list_leagues()[0]
    season = services.seasons.create_season(league.id, "Printed").value
    services.seasons.add_teams(season.id, [t.id for t in services.teams.list_teams(league.id)])
    services.seasons.schedule(season.id, "round-robin")
    window.navigate("season", season.id)
    qtbot.mouseClick(window.season_page.print_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(previews) == 2, timeout=20000)
    table = tmp_path / "table.pdf"
    table.write_bytes(previews[1].data)
    assert "Printed" in _text(table)

    window.navigate("league", league.id)
    window.league_page.printer.blank_sheet(league.id)
    qtbot.waitUntil(lambda: len(previews) == 3, timeout=20000)
    assert previews[2].document.pageCount() >= 1


def test_preview_opens_in_system_viewer(
    make_window: Any, demo_file: Path, monkeypatch: Any, tmp_path: Path, dialogs: FakeDialogs
) -> None:
    from PySide6.QtGui import QDesktopServices

    window = make_window()
    window.open_database(str(demo_file), background=False)
    opened: list[str] = []
    monkeypatch.setattr(
        QDesktopServices, "openUrl", staticmethod(lambda url: opened.append(url.toLocalFile()))
    )
    team = window.ctx.services.teams.list_teams()[0]
    preview = window.show_spec(f"preview:roster:{team.name}")
    assert isinstance(preview, PdfPreviewDialog)
    preview.open_button.click()
    assert len(opened) == 1 and Path(opened[0]).read_bytes()[:4] == b"%PDF"
    dialogs.script("save_pdf", str(tmp_path / "named"))  # ".pdf" is added
    preview.save_button.click()
    assert (tmp_path / "named.pdf").exists()
    dialogs.script("save_pdf", None)  # cancelled: nothing written
    assert preview.save_as() is None
    preview.close()


def test_match_sheet_prints_from_the_fixture_page_for_that_fixture(
    make_window: Any, demo_file: Path, dialogs: FakeDialogs, qtbot: Any, tmp_path: Path
) -> None:
    window = make_window()
    window.open_database(str(demo_file), background=False)
    services = window.ctx.services
    league = services.leagues.list_leagues()[0]
    season = services.seasons.create_season(league.id, "Sheets").value
    services.seasons.add_teams(season.id, [t.id for t in services.teams.list_teams(league.id)][:4])
    services.seasons.schedule(season.id, "round-robin")
    fixture = services.seasons.fixtures(season.id)[-1]
    window.show_fixture(fixture.id)
    page = window.fixture_page
    assert page.sheet_button.isVisibleTo(page)
    previews: list[PdfPreviewDialog] = []

    def answer(dialog: QDialog) -> bool:
        if isinstance(dialog, PrintOptionsDialog):
            assert dialog.opponent is None  # the fixture names both teams: nothing to choose
            return True
        assert isinstance(dialog, PdfPreviewDialog)
        previews.append(dialog)
        return False

    dialogs.on_run = answer
    qtbot.mouseClick(page.sheet_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(previews) == 1, timeout=20000)
    sheet = tmp_path / "fixture.pdf"
    sheet.write_bytes(previews[0].data)
    front = _text(sheet).split("\n")
    text = " ".join(front)
    assert fixture.home in text and fixture.away in text
    assert f"Fixture {fixture.id}" in text and fixture.round_name in text
    assert f"fixture-{fixture.id}-" in previews[0].filename
    assert dialogs.errors == []
