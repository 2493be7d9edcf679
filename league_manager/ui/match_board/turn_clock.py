"""The board's turn timer: time left in the active team's turn, a warning, and the turn's end.

The widget reads an injected clock (``time.monotonic`` on the board), so tests move a fake
clock past zero and call :meth:`TurnTimerLabel.tick` instead of waiting for the Qt timer.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QLabel, QWidget

from league_manager.match.turn_timer import TurnClock, describe
from league_manager.ui.match_board.session import BoardSession

WARNING_STYLE = "color: white; background: #c62828; font-weight: bold; padding: 2px 6px;"
NORMAL_STYLE = "font-weight: bold; padding: 2px 6px;"


class TurnTimerLabel(QLabel):
    """Shows the time left in a human team's turn and ends the turn at zero.

    Args:
        session: the board session (its match and who plays which side).
        seconds: seconds per team turn (the league's ``turn_timer_seconds``).
        now: the clock in seconds; ``time.monotonic`` when None.
        interval_ms: how often the Qt timer ticks.
    """

    def __init__(
        self,
        session: BoardSession,
        seconds: int,
        now: Callable[[], float] | None = None,
        parent: QWidget | None = None,
        interval_ms: int = 500,
    ) -> None:
        super().__init__(parent)
        self.session = session
        self.clock = TurnClock(seconds, now or time.monotonic)
        self.warning = False
        self.setToolTip(
            f"Turn timer (league house rule): {describe(seconds)}; "
            "at zero an action in progress ends (after any pending dice decision) and the turn ends."
        )
        self._timer = QTimer(self)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self.tick)
        self._timer.start()
        self.tick()

    def stop(self) -> None:
        """Stop ticking (the window closes)."""
        self._timer.stop()

    def tick(self) -> None:
        """Show the time left; at zero end the active team's turn through the engine."""
        session = self.session
        left = self.clock.remaining(session.match)
        ended = False
        while left == 0 and session.is_human(session.match.state.active) and session.time_out():
            ended = True
            left = self.clock.remaining(session.match)
        if left is None or not session.is_human(session.match.state.active):
            self.setText("Turn timer: waiting for the team turn")
            self.warning = False
        elif left == 0:
            self.setText("Time is up: the turn ends once the dice decision is answered")
            self.warning = True
        else:
            whole = int(left + 0.999)
            self.warning = self.clock.warning(left)
            note = " — hurry!" if self.warning else ""
            self.setText(f"Turn time left {whole // 60}:{whole % 60:02d}{note}")
        if ended:
            self.setText(self.text() + " (the last turn ran out of time)")
        self.setStyleSheet(WARNING_STYLE if self.warning else NORMAL_STYLE)
