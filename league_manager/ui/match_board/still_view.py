"""A read-only pitch: the board's scene drawn from a match, without targets or input.

The replay viewer and the spectator window show a match they must not change; they draw
it with the board's :class:`PitchScene` through :class:`StillPitch`, which offers the scene
what it reads of a board controller (no selection, no targets, no prompt for this screen).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QResizeEvent
from PySide6.QtWidgets import QGraphicsView, QWidget

from league_manager.match.actions import Action, Prompt
from league_manager.match.engine import Match
from league_manager.rules.team_colours import TeamColours
from league_manager.ui.match_board.scene import GUTTER, PitchScene

if TYPE_CHECKING:
    from league_manager.ui.match_board.controller import BoardController


class _Still:
    """What the scene reads of a controller, for a match nobody acts on at this screen."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.prompt: Prompt | None = None
        self.targets: dict[int, list[Action]] = {}
        self.handover_team = -1
        self.selected = -1

    def marks(self) -> tuple[()]:
        return ()

    def human_turn(self) -> bool:
        return False


class StillPitch(QGraphicsView):
    """The pitch and dugouts of a match, scaled to the view; clicks and keys do nothing here."""

    def __init__(
        self,
        names: tuple[str, str],
        colours: tuple[TeamColours, ...] = (),
        dark: bool = False,
        parent: QWidget | None = None,
    ) -> None:
        self.pitch = PitchScene(dark=dark, colours=colours)
        super().__init__(self.pitch, parent)
        self.names = names
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setInteractive(False)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        whole = self.pitch.sceneRect()
        self.setSceneRect(QRectF(whole.left(), whole.top(), whole.width() - GUTTER, whole.height()))
        """The pitch and dugouts without the board's side gutter (no prompt panel here)."""

    def show_match(self, match: Match) -> None:
        """Draw the match as it stands."""
        self.pitch.update_from(cast("BoardController", _Still(match)), self.names)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
