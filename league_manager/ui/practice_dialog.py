"""League > Practice Match…: two of the file's teams on the board, against the computer or hot-seat.

The coach picks the home and away teams (any two teams of one edition the engine plays), who
plays each side (a coach at this screen or a bot level) and, if they like, a seed to replay a
game. The match is held in memory: nothing is saved to the league, so its injuries, SPP and
gold never count. At the final whistle the board says the score and that it was a practice.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QWidget,
)

from league_manager.core.errors import LeagueError
from league_manager.services.practice_models import PracticeMatch, PracticeTeam
from league_manager.ui.context import UiContext
from league_manager.ui.match_board.launch import CHOICES
from league_manager.ui.match_board.session import BoardSession, LocalGame
from league_manager.ui.match_board.window import BoardWindow

NOTHING_SAVED = (
    "A practice match is not saved to the league: its injuries, star player points and gold do "
    "not count. Injured players sit out; journeymen fill a side up to eleven."
)


class PracticeDialog(QDialog):
    """The two teams, who plays each side, and an optional seed."""

    def __init__(self, teams: list[PracticeTeam], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Practice match")
        self.teams = teams
        form = QFormLayout(self)
        note = QLabel(NOTHING_SAVED)
        note.setWordWrap(True)
        form.addRow(note)
        self.team_combos: dict[str, QComboBox] = {}
        self.controller_combos: dict[str, QComboBox] = {}
        for index, side in enumerate(("home", "away")):
            team = QComboBox()
            team.setObjectName(f"practice-{side}-team")
            for entry in teams:
                team.addItem(entry.label, entry.id)
            team.setCurrentIndex(min(index, max(0, len(teams) - 1)))
            controller = QComboBox()
            controller.setObjectName(f"practice-{side}-controller")
            for text, value in CHOICES:
                controller.addItem(text, value)
            if side == "away":
                controller.setCurrentIndex(controller.findData("coach"))
            self.team_combos[side], self.controller_combos[side] = team, controller
            form.addRow(f"{side.title()} team", team)
            form.addRow(f"{side.title()} played by", controller)
        self.fixed_seed = QCheckBox("Use a seed (the same seed and moves replay the same game)")
        self.seed = QSpinBox()
        self.seed.setRange(1, 2_000_000_000)
        self.seed.setValue(1)
        self.seed.setEnabled(False)
        self.fixed_seed.toggled.connect(self.seed.setEnabled)
        form.addRow(self.fixed_seed)
        form.addRow("Seed", self.seed)
        self.problem = QLabel("")
        self.problem.setObjectName("practice-problem")
        self.problem.setWordWrap(True)
        form.addRow(self.problem)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Start the match")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form.addRow(self.buttons)
        for combo in self.team_combos.values():
            combo.currentIndexChanged.connect(self._check)
        self._check()

    def team_ids(self) -> tuple[int, int]:
        """The home and away teams' ids."""
        return int(self.team_combos["home"].currentData()), int(self.team_combos["away"].currentData())

    def controllers(self) -> dict[str, str]:
        """ "human" or a bot level per side."""
        return {side: str(combo.currentData()) for side, combo in self.controller_combos.items()}

    def chosen_seed(self) -> int | None:
        """The seed typed in, or None for fresh dice."""
        return self.seed.value() if self.fixed_seed.isChecked() else None

    def _check(self) -> None:
        """Say why the match cannot start (and disable Start) before the coach presses it."""
        problem = ""
        if len(self.teams) < 2:
            problem = "A practice match needs two teams of an edition the match engine plays."
        else:
            by_id = {t.id: t for t in self.teams}
            home, away = (by_id[i] for i in self.team_ids())
            if home.id == away.id:
                problem = "Pick two different teams: a team cannot play itself."
            elif home.ruleset_id != away.ruleset_id:
                problem = f"{home.name} and {away.name} play different editions and cannot meet."
        self.problem.setText(problem)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not problem)


def practice_board(practice: PracticeMatch, controllers: dict[str, str], seed: int) -> BoardSession:
    """A board session over a practice match: nothing saves it."""
    game = LocalGame(
        practice.match,
        controllers,
        home_name=practice.home,
        away_name=practice.away,
        inert=tuple(practice.match.inert_skills),
        colours=practice.colours,
    )
    return BoardSession(game, bot_seed=seed)


def play_practice(ctx: UiContext, parent: QWidget | None = None) -> BoardWindow | None:
    """Ask for the teams and sides, then open the board on a practice match."""
    try:
        teams = ctx.svc.practice.teams()
    except LeagueError as exc:
        ctx.dialogs.error("Could not list the teams", str(exc))
        return None
    dialog = PracticeDialog(teams, parent)
    if not ctx.dialogs.run(dialog):
        return None
    home, away = dialog.team_ids()
    seed = dialog.chosen_seed()
    try:
        practice = ctx.svc.practice.match(home, away, seed)
    except LeagueError as exc:
        ctx.dialogs.error("Could not start the practice match", str(exc))
        return None
    return open_practice(ctx, practice, dialog.controllers(), seed or home * 7919 + away, parent)


def open_practice(
    ctx: UiContext,
    practice: PracticeMatch,
    controllers: dict[str, str],
    seed: int,
    parent: QWidget | None = None,
) -> BoardWindow:
    """The board window of a practice match; at the final whistle it says the score."""
    window = BoardWindow(practice_board(practice, controllers, seed), ctx.dialogs, parent)
    window.setWindowTitle(f"Practice match — {practice.home} v {practice.away} (not saved to the league)")

    def finished() -> None:
        home, away = window.board.session.game.match.state.score
        ctx.dialogs.info(
            "Practice match over",
            f"{practice.home} {home} – {away} {practice.away}. A practice match is not saved to the league.",
        )
        window.close()

    window.board.finished.connect(finished)
    window.show()
    return window
