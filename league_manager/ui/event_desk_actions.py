"""The tournament desk's post-game between rounds and New Event: Result Details, Advance and
the buttons' availability (kept apart from :mod:`league_manager.ui.event_desk`, which calls them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from league_manager.core.errors import LeagueError
from league_manager.rules.event_progression import OFF
from league_manager.services.event_views import EntryView, GameView, mvp_line
from league_manager.ui.event_advance_dialog import EventAdvanceDialog
from league_manager.ui.event_new_dialog import NewEventDialog
from league_manager.ui.event_result_dialog import ResultDetailsDialog

if TYPE_CHECKING:
    from league_manager.ui.event_desk import EventDesk


def update_buttons(desk: EventDesk, chosen: bool) -> None:
    """Result Details needs a progression event with a round paired; Advance also an entry."""
    state = desk.state
    progression = state is not None and state.settings.between_rounds == "progression"
    off = "" if progression else (f"Not in this event: {OFF}" if state else "No event chosen")
    paired = state is not None and state.current_round > 0
    desk.details_button.setEnabled(progression and paired)
    desk.details_button.setToolTip(
        off or ("SPP events and MVP of the table chosen in the list (or typed in Table)" if paired
                else "No round paired yet")
    )  # fmt: skip
    desk.advance_button.setEnabled(progression and chosen)
    desk.advance_button.setToolTip(
        off or ("Spend the entry's SPP on skills between rounds" if chosen else "Select a registration first")
    )


def row_table(desk: EventDesk, row: int) -> int | None:
    """The table number on ``row`` of the round's pairings."""
    games = desk.state.round_games() if desk.state else []
    return games[row].table if 0 <= row < len(games) else None


def chosen_table(desk: EventDesk) -> int | None:
    """The table chosen in the pairings, else the one typed in the grid."""
    rows = {i.row() for i in desk.pairings.selectedIndexes()}
    if len(rows) == 1:
        return row_table(desk, rows.pop())
    desk.table_box.interpretText()
    return desk.table_box.value()


def open_details(desk: EventDesk, table: int | None) -> ResultDetailsDialog | None:
    """The result of ``table`` in the current round with each side's SPP events and MVP."""
    state = desk.state
    if state is None or table is None:
        return None
    if state.settings.between_rounds != "progression":
        desk.status.setText(f"Refused: post-game between rounds: {OFF}")
        return None
    game = next((g for g in state.round_games() if g.table == table), None)
    if game is None or game.b is None:
        why = "is a bye; it has no result to enter" if game else f"is not in round {state.current_round}"
        desk.status.setText(f"Refused: table {table} {why}")
        return None
    desk.details = dialog = ResultDetailsDialog(desk.service, state.name, game, desk.dice, desk)
    dialog.accepted.connect(lambda: _detailed(desk, dialog))
    dialog.resize(1100, 640)
    dialog.show()
    return dialog


def _detailed(desk: EventDesk, dialog: ResultDetailsDialog) -> None:
    game = dialog.result_game
    if game is not None and game.b is not None:
        desk.status.setText(
            f"Table {game.table}: {game.a.coach} {game.score_a}-{game.score_b} {game.b.coach}, "
            f"SPP recorded" + mvps(game, hint=False)
        )
    desk.reload()


def open_advance(desk: EventDesk, entry: EntryView | None) -> EventAdvanceDialog | None:
    """Spend ``entry``'s SPP on skills between rounds (or take one back)."""
    if desk.state is None or entry is None:
        return None
    desk.advance_dialog = dialog = EventAdvanceDialog(desk.service, desk.state, entry, desk.dice, desk)
    dialog.finished.connect(lambda _r: _reload_if_open(desk))
    dialog.resize(760, 520)
    dialog.show()
    return dialog


def open_new_event(desk: EventDesk) -> NewEventDialog:
    """Create an event with the organiser's settings; the desk shows it once created."""
    desk.new_dialog = dialog = NewEventDialog(desk.service, desk)
    dialog.accepted.connect(lambda: _created(desk, dialog))
    dialog.show()
    return dialog


def _created(desk: EventDesk, dialog: NewEventDialog) -> None:
    if dialog.created is None:
        return
    desk.chooser.blockSignals(True)
    desk.chooser.clear()
    desk.chooser.addItems(desk.service.names())
    desk.chooser.setCurrentText(dialog.created.name)
    desk.chooser.blockSignals(False)
    desk.reload()
    desk.status.setText(f"Created: {dialog.created.name}")


def advance_from_standings(desk: EventDesk, row: int) -> EventAdvanceDialog | None:
    """Advance... for the coach on ``row`` of the standings (refused where the event has none)."""
    state = desk.state
    if state is None or not 0 <= row < len(state.standings):
        return None
    if state.settings.between_rounds != "progression":
        desk.status.setText(f"Refused: post-game between rounds: {OFF}")
        return None
    wanted = state.standings[row].entry
    return open_advance(desk, next((e for e in state.entries if e.id == wanted), None))


def _reload_if_open(desk: EventDesk) -> None:
    try:
        desk.reload()
    except LeagueError:  # the league file was closed under the dialog (the app quitting)
        return


def mvps(game: GameView, hint: bool = True) -> str:
    """ "; MVPs: Ann #4 (rolled), Bob #7 (rolled)" after a result in a progression event
    ("" otherwise); ``hint`` adds where the players' SPP and a named MVP are entered."""
    if game.b is None:
        return ""
    shown = [
        f"{side.coach} {line[4:]}" for side in (game.a, game.b) if (line := mvp_line(side.roster, game.round))
    ]
    more = " - players' SPP and a named MVP: Result Details" if hint else ""
    return f"; MVPs: {', '.join(shown)}{more}" if shown else ""
