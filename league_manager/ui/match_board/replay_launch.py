"""Opening a fixture's replay and a board's spectator window, from the app and as page specs.

``replay:FIXTURE`` shows the replay viewer of a fixture played on the board or the engine
(at the first team turn, or at ``#N`` actions); ``spectator:FIXTURE[#MOMENT]`` opens the
fixture's board (as ``match:FIXTURE`` does, played in memory to the moment) with its
spectator window following it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from league_manager.core.errors import LeagueError
from league_manager.ui.dialogs import DialogService
from league_manager.ui.match_board.replay_model import ReplayModel
from league_manager.ui.match_board.replay_view import ReplayWindow
from league_manager.ui.match_board.spectator import SpectatorWindow
from league_manager.ui.match_board.window import fixture_spec

if TYPE_CHECKING:
    from league_manager.services.facade import Services


def replay_window(
    services: Services, fixture_id: int, dialogs: DialogService | None = None, parent: QWidget | None = None
) -> ReplayWindow:
    """The replay viewer of a fixture's stored match.

    Raises:
        LeagueError: the fixture has no stored match (or one of another engine format).
    """
    stored = services.replays.stored(fixture_id)
    model = ReplayModel(stored.document, (stored.home_name, stored.away_name))
    title = f"{stored.home_name} v {stored.away_name} (fixture {fixture_id}, {stored.source} match)"
    return ReplayWindow(model, title, stored.colours, dialogs, parent)


def open_replay(
    services: Services, fixture_id: int, dialogs: DialogService, parent: QWidget | None = None
) -> ReplayWindow | None:
    """Show the fixture's replay, or say why it cannot be shown."""
    try:
        window = replay_window(services, fixture_id, dialogs, parent)
    except LeagueError as exc:
        dialogs.error("Could not open the replay", str(exc))
        return None
    window.show()
    return window


def replay_spec(services: Services, fixture_id: int, at: str, parent: QWidget | None = None) -> ReplayWindow:
    """``replay:FIXTURE[#N]``: the replay at N actions (default: the first team turn)."""
    window = replay_window(services, fixture_id, parent=parent)
    model = window.model
    model.go(int(at) if at.isdigit() else (model.turns[0] if model.turns else 0))
    window.refresh()
    window.show()
    return window


def spectator_spec(
    services: Services, fixture_id: int, moment: str, parent: QWidget | None = None
) -> SpectatorWindow:
    """``spectator:FIXTURE[#MOMENT]``: the fixture's board at a moment and its spectator window."""
    board = fixture_spec(services, fixture_id, moment or "block", parent)
    window = SpectatorWindow(board.board.session, parent)
    window.companion = board
    window.show()
    return window
