"""Texts that must not be cut at 1400x900: roster skills with injured players, the draft's skills
header, long skill lists in the draft, the inducement picker's names."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableView

from league_manager.services.demo import DEMO_LEAGUE, DEMO_TEAMS
from league_manager.services.facade import Services
from league_manager.ui.widgets import ITEM_PADDING, WrappedTextDelegate

INJURED = "Karak Stonefists"


def _text_width(view: QTableView, text: str, bold: bool = False) -> int:
    font = view.font()
    font.setBold(bold)
    view.setFont(font)
    width = max(view.fontMetrics().horizontalAdvance(line) for line in text.split("\n"))
    font.setBold(False)
    view.setFont(font)
    return width


def _header_fits(view: QTableView, column: int) -> bool:
    text = str(view.model().headerData(column, view.horizontalHeader().orientation()))
    return view.horizontalHeader().sectionSize(column) >= _text_width(view, text, bold=True)


def _rows_hold_wrapped_text(view: QTableView, column: int) -> bool:
    """Every row is as high as its wrapped text needs at the width it is painted in (the
    column measures its text less the cell's padding)."""
    if not isinstance(view.itemDelegateForColumn(column), WrappedTextDelegate):
        return False
    flags = int(Qt.TextFlag.TextWordWrap.value) | int(Qt.AlignmentFlag.AlignLeft.value)
    for row in range(view.model().rowCount()):
        index = view.model().index(row, column)
        rect = view.visualRect(index)
        text = str(index.data())
        needed = view.fontMetrics().boundingRect(rect.adjusted(0, 0, -ITEM_PADDING, 0), flags, text)
        if rect.height() - 4 < needed.height():  # the cell less its padding of 2 px above and below
            return False
    return True


def test_roster_with_injured_players_keeps_skills_and_status_readable(
    qtbot: Any, make_window: Any, tmp_path: Path
) -> None:
    path = tmp_path / "injured.db"
    svc = Services.open(path)
    svc.create_demo()
    svc.seasons.create_season(DEMO_LEAGUE, "S", seed=11)
    svc.seasons.add_teams("S", [name for _r, name, _c in DEMO_TEAMS][:4])
    svc.seasons.schedule("S", "round-robin")
    fixture = next(f for f in svc.seasons.fixtures("S") if INJURED in (f.home, f.away))
    side = "home" if fixture.home == INJURED else "away"
    view = svc.match_day.pregame(fixture.id, seed=4).value
    mine = view.snapshots[side]["players"]
    svc.match_day.record(
        fixture.id,
        {"home": {"score": 0}, "away": {"score": 0}, "players": [
            {"id": mine[0]["id"], "played": True, "injury": "Serious Injury"},
            {"id": mine[1]["id"], "played": True, "injury": "Lasting Injury", "lasting": "MA"},
            {"id": mine[3]["id"], "played": True, "injury": "Seriously Hurt"},
        ]},
    )  # fmt: skip
    svc.match_day.postgame(fixture.id, seed=1)
    svc.close()
    window = make_window()
    window.open_database(str(path), background=False)
    team = window.ctx.services.teams.get_team(INJURED)
    window.navigate("team", team.id)
    page = window.team_page
    qtbot.waitUntil(lambda: page.roster.isVisible())
    roster = page.roster
    headers = [c.header for c in page.roster_model.columns]
    skills, status, injuries = (headers.index(h) for h in ("Skills and traits", "Status", "Injuries"))
    assert not roster.isColumnHidden(injuries)  # players are injured
    assert roster.horizontalScrollBar().maximum() == 0  # nothing to scroll sideways
    assert _header_fits(roster, skills)  # not collapsed to "Sk"
    longest_status = max(
        (str(roster.model().index(r, status).data()) for r in range(roster.model().rowCount())), key=len
    )
    assert roster.horizontalHeader().sectionSize(status) >= _text_width(roster, longest_status)
    assert _rows_hold_wrapped_text(roster, skills)  # long skill lists wrap, never end in "…"


def test_draft_skills_header_and_long_skill_lists_are_not_cut(
    qtbot: Any, make_window: Any, demo_file: Path
) -> None:
    window = make_window()
    window.open_database(str(demo_file), background=False)
    league = window.ctx.services.leagues.list_leagues()[0]
    window.navigate("new-team", league.id)
    page = window.draft_page
    page.race.setCurrentIndex(page.race.findText("Chaos Chosen"))
    qtbot.waitUntil(lambda: page.table.model().rowCount() > 0)
    assert _header_fits(page.table, 7)
    assert _rows_hold_wrapped_text(page.table, 7)


def test_inducement_names_are_not_cut(qtbot: Any, make_window: Any, tmp_path: Path, dialogs: Any) -> None:
    path = tmp_path / "season.db"
    svc = Services.open(path)
    svc.create_demo()
    svc.seasons.create_season(DEMO_LEAGUE, "S", seed=11)
    svc.seasons.add_teams("S", [name for _r, name, _c in DEMO_TEAMS][:4])
    svc.seasons.schedule("S", "round-robin")
    fixture = svc.seasons.fixtures("S")[0]
    svc.close()
    window = make_window()
    window.open_database(str(path), background=False)
    from league_manager.ui.match_day.wizard import MatchDayWizard

    wizard = MatchDayWizard(window.ctx, fixture.id, window)
    qtbot.addWidget(wizard)
    wizard.show()
    qtbot.waitExposed(wizard)
    for table in wizard.picker.tables.values():
        names = [str(table.model().index(r, 0).data()) for r in range(table.model().rowCount())]
        longest = max(_text_width(table, name) for name in names)
        assert table.horizontalHeader().sectionSize(0) >= longest + ITEM_PADDING
        kinds = [str(table.model().index(r, 1).data()) for r in range(table.model().rowCount())]
        assert "not sold here" in kinds  # Special Plays: the reason is the row's tooltip
        assert (
            table.horizontalHeader().sectionSize(1)
            >= max(_text_width(table, k) for k in kinds) + ITEM_PADDING
        )
        assert table.horizontalScrollBar().maximum() == 0
