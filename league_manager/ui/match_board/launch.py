"""Starting, resuming, finishing and abandoning a fixture's board match from the league app.

The board service (``services.board``) holds the record; the board window plays the match and
saves after every action through it. At the final whistle the result goes to match day and
the match-day wizard opens at the post-game, filled in.
"""

from __future__ import annotations

from typing import Any, cast

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QWidget

from league_manager.core.errors import LeagueError, RuleViolation
from league_manager.match.formations import SavedFormation
from league_manager.match.undo_policy import DESCRIPTIONS, needs_confirmation, undo_refusal
from league_manager.services.changes import Changes
from league_manager.ui.context import UiContext
from league_manager.ui.match_board.session import BoardSession
from league_manager.ui.match_board.window import BoardWindow

CHOICES = (
    ("Human coach", "human"),
    ("Random bot", "random"),
    ("Greedy bot", "greedy"),
    ("Rookie bot (greedy with blunders)", "rookie"),
    ("Coach bot (the scripted coach)", "coach"),
    ("Veteran bot (the coach with a look-ahead)", "veteran"),
    ("Legend bot (the veteran searching deeper, slower)", "legend"),
)
"""The side's controller; the bot levels are ``match.bots.LEVELS``."""


class SidesDialog(QDialog):
    """Who plays each side: a coach at this screen, or a bot."""

    def __init__(self, home: str, away: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Play on the board")
        form = QFormLayout(self)
        form.addRow(QLabel("Each side is played by a coach at this screen (hot-seat) or by a bot."))
        self.combos: dict[str, QComboBox] = {}
        for side, name in (("home", home), ("away", away)):
            combo = QComboBox()
            for text, value in CHOICES:
                combo.addItem(text, value)
            self.combos[side] = combo
            form.addRow(f"{name} ({side})", combo)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Start the match")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def controllers(self) -> dict[str, str]:
        """ "human" or a bot level name per side."""
        return {side: str(combo.currentData()) for side, combo in self.combos.items()}


class LeagueFormations:
    """The saved formations of a board match's two teams, kept in the league file."""

    def __init__(self, ctx: UiContext, team_ids: tuple[int, int]) -> None:
        self.ctx = ctx
        self.team_ids = team_ids
        self._cache: dict[int, list[SavedFormation]] = {}

    def formations(self, team: int) -> list[SavedFormation]:
        """The team's saved formations (read once, then after each save)."""
        if team not in self._cache:
            self._cache[team] = self.ctx.svc.team_board.formations(self.team_ids[team])
        return self._cache[team]

    def save_formation(self, team: int, formation: SavedFormation) -> None:
        """Store the formation with the team (a refusal is raised as a LeagueError)."""
        outcome = self.ctx.svc.team_board.save_formation(self.team_ids[team], formation)
        self._cache[team] = outcome.value
        self.ctx.runner.publish(outcome.changes)


def _error(ctx: UiContext, title: str, exc: Exception) -> None:
    ctx.dialogs.error(title, str(exc))


def play_on_board(ctx: UiContext, fixture_id: int, parent: QWidget | None = None) -> BoardWindow | None:
    """Resume the fixture's board match in progress, or ask who plays and start one."""
    services = ctx.svc
    try:
        status = services.board.status(fixture_id)
        if status is not None and status.in_progress:
            game = services.board.resume(fixture_id)
        else:
            fixture = services.seasons.get_fixture(fixture_id)
            if fixture.home is None or fixture.away is None:
                raise RuleViolation(
                    "fixture", f"fixture {fixture_id} does not have two teams; there is no match to play"
                )
            dialog = SidesDialog(fixture.home, fixture.away, parent)
            if not ctx.dialogs.run(dialog):
                return None
            game = services.board.start(fixture_id, controllers=dialog.controllers())
    except LeagueError as exc:
        _error(ctx, "Could not open the board", exc)
        return None
    ctx.runner.publish(Changes(fixtures=frozenset({fixture_id}), description="board match opened"))
    return open_board(ctx, game, parent)


def open_board(ctx: UiContext, game: Any, parent: QWidget | None = None) -> BoardWindow:
    """A board window over a service game: saves after every action, finishes into match day."""
    services = ctx.svc
    fixture_id = int(game.fixture_id)

    def saver(g: Any, **undo: Any) -> None:
        try:
            services.board.save(fixture_id, g, **undo)
        except LeagueError as exc:
            _error(ctx, "The board match could not be saved", exc)

    session = BoardSession(
        game,
        saver=saver,
        undo_refusal=lambda m: undo_refusal(cast(Any, m), game.undo_policy),
        bot_seed=fixture_id,
        confirm_undo=needs_confirmation(game.undo_policy),
        formations=LeagueFormations(ctx, game.team_ids) if game.team_ids else None,
    )
    window = BoardWindow(session, ctx.dialogs, parent)
    window.setToolTip(f"Undo: {DESCRIPTIONS.get(game.undo_policy, game.undo_policy)}")
    window.board.finished.connect(lambda: finish_board(ctx, window, parent))
    window.show()
    return window


def finish_board(ctx: UiContext, window: BoardWindow, parent: QWidget | None = None) -> bool:
    """Hand the result to match day, close the board and open the wizard at the post-game."""
    from league_manager.ui.match_day.wizard import MatchDayWizard

    game = window.board.session.game
    fixture_id = int(game.fixture_id)
    outcome = ctx.runner.run_op(
        lambda: ctx.svc.board.finish(fixture_id, game), title="Could not record the board result"
    )
    if outcome is None:
        return False
    window.close()
    ctx.dialogs.run(MatchDayWizard(ctx, fixture_id, parent))
    return True


def abandon_board(ctx: UiContext, fixture_id: int) -> bool:
    """Abandon the fixture's board match in progress, with a reason kept in the record."""
    reason = ctx.dialogs.text(
        "Abandon the board match",
        "Why is the board match abandoned? (Kept with the fixture; the fixture can then be played "
        "again on the board or its result entered from the table.)",
        "",
    )
    if not reason:
        return False
    outcome = ctx.runner.run_op(
        lambda: ctx.svc.board.abandon(fixture_id, reason), title="Could not abandon the board match"
    )
    return outcome is not None
