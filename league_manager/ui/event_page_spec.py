"""``gui --page event[:NAME][#TAB]``: the tournament desk for screenshots and the smoke test.

TAB is the start of a tab's title (``#registrations``, ``#round``, ``#standings``, ``#team``)
or a dialog of a ``progression`` event: ``#details`` (the result details of the round's first
table without a result, else its first table) or ``#advance`` (the first entry with SPP to
spend, else the first entry); ``event#new`` is the New Event dialog.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from league_manager.core.errors import LeagueError
from league_manager.services.event_views import progress_summary

if TYPE_CHECKING:
    from league_manager.ui.main_window import MainWindow

DIALOGS = ("details", "advance", "new")


def show_event_spec(window: MainWindow, name: str, tab: str) -> QWidget:
    """Open the desk on event ``name`` (default: the newest) at ``tab``; returns what to capture.

    Raises:
        LeagueError: no such event, or a dialog the event does not offer.
    """
    window.open_event_desk()
    desk = window.event_desk
    if tab == "new":
        return desk.open_new_event()
    names = [desk.chooser.itemText(i) for i in range(desk.chooser.count())]
    found = next((n for n in names if n.casefold() == name.casefold()), None) if name else None
    if name and found is None:
        raise LeagueError(f"no event '{name}' (events: {', '.join(names) or 'none'})")
    if found:
        desk.chooser.setCurrentText(found)
    state = desk.state
    if state is None:
        raise LeagueError("no event in this league file (league-manager event create)")
    if tab in DIALOGS:
        opened = _dialog(window, tab)
        if opened is None:
            raise LeagueError(f"{state.name}: {desk.status.text() or 'nothing to show at #' + tab}")
        return opened
    for index in range(desk.tabs.count()):
        if (
            tab
            and desk.tabs.isTabVisible(index)
            and (desk.tabs.tabText(index).replace("&", "").lower().startswith(tab.lower()))
        ):
            desk.tabs.setCurrentIndex(index)
            break  # the first tab whose title starts so
    return desk


def _dialog(window: MainWindow, tab: str) -> QWidget | None:
    desk = window.event_desk
    state = desk.state
    assert state is not None
    if tab == "details":
        games = [g for g in state.round_games() if g.b is not None]
        waiting = [g for g in games if not g.reported] or games
        desk.tabs.setCurrentIndex(1)
        return desk.open_details(waiting[0].table if waiting else None)
    if not state.entries:
        return None
    spending = [e for e in state.entries if progress_summary(e.roster).startswith("SPP to spend: #")]
    entry = (spending or list(state.entries))[0]
    desk.registrations.selectRow(state.entries.index(entry))
    if not desk.advance_button.isEnabled():
        desk.status.setText(desk.advance_button.toolTip())
        return None
    return desk.open_advance(entry)
