"""The match-day wizard: pre-game, the result (engine, tabletop grid or JSON file), post-game, summary.

Each step is one service call through ``run_op``; the page of every step shows the rolls and
their effects as the service recorded them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QRadioButton,
    QSpinBox,
    QStackedWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from league_manager.core.errors import LeagueError, RuleViolation
from league_manager.match.bots import BOT_NAMES
from league_manager.services.match_day.inducements import Purchase
from league_manager.ui.context import UiContext
from league_manager.ui.match_day.dice_entry import PregameDiceEntry, SeedBox
from league_manager.ui.match_day.grid import SIDES, ResultGridModel
from league_manager.ui.match_day.inducements import InducementPicker
from league_manager.ui.match_day.pregame_card import PregameCardWidget, pregame_card
from league_manager.ui.match_day.result_tables import ResultGridPanel
from league_manager.ui.match_day.shared_result import postgame_wait
from league_manager.ui.match_day.summary import (
    AUDIT_LINK,
    audit_html,
    corrections_html,
    player_label,
    postgame_html,
    pregame_html,
    result_html,
)
from league_manager.ui.widgets import button, label

if TYPE_CHECKING:
    from league_manager.services.match_day.store import MatchDayView

STEPS = ("pregame", "result", "postgame", "summary")
TITLES = ("1 · Pre-game", "2 · The result", "3 · Post-game", "4 · Summary")


def parse_dice(text: str) -> list[int]:
    """Typed physical dice: "2, 5 3" → [2, 5, 3]."""
    found = []
    for part in text.replace(",", " ").split():
        if not part.isdigit():
            raise RuleViolation("dice", f"'{part}' is not a die result; type numbers like 2, 5, 3")
        found.append(int(part))
    return found


def _left_aligned(widget: QWidget) -> QHBoxLayout:
    """A row holding ``widget`` at its left end."""
    row = QHBoxLayout()
    row.addWidget(widget)
    row.addStretch(1)
    return row


class DiceChoice(QWidget):
    """Program dice (a seed) or physical dice typed in, in the order the rolls happen."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.program = QRadioButton("Program dice")
        self.typed_mode = QRadioButton("Physical dice typed in")
        self.program.setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.program)
        group.addButton(self.typed_mode)
        self.seed = SeedBox()
        self.typed = QLineEdit()
        self.typed.setPlaceholderText("e.g. 2, 5, 3, 4, 1")
        self.typed.setEnabled(False)
        self.typed_mode.toggled.connect(self._toggle)
        for w in (self.program, self.seed, self.typed_mode, self.typed):
            row.addWidget(w)
        row.addStretch(1)

    def _toggle(self, typed: bool) -> None:
        self.typed.setEnabled(typed)
        self.seed.setEnabled(not typed)

    def arguments(self) -> dict[str, Any]:
        """``seed``/``typed`` for the service (typed dice are used first, then seeded ones)."""
        if self.typed_mode.isChecked():
            return {"seed": self.seed.seed(), "typed": parse_dice(self.typed.text())}
        return {"seed": self.seed.seed(), "typed": []}


class MatchDayWizard(QDialog):
    """Walks one fixture's match day in the rulebook's order."""

    def __init__(self, ctx: UiContext, fixture_id: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.fixture_id = fixture_id
        self.view: MatchDayView | None = None
        self.setWindowTitle("Match day")
        self.resize(1240, 800)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 16, 20, 16)
        self.heading = label("", "pageTitle")
        layout.addWidget(self.heading)
        self.step_label = label("", "help")
        layout.addWidget(self.step_label)
        self.stack = QStackedWidget()
        layout.addWidget(self.stack, 1)
        self._build_pregame()
        self._build_result()
        self._build_postgame()
        self._build_summary()
        nav = QDialogButtonBox()  # the platform's button order
        self.back_button = button("Back", "back")
        self.back_button.clicked.connect(lambda: self.go(max(0, self.stack.currentIndex() - 1)))
        self.next_button = button("Next", primary=True)
        self.next_button.clicked.connect(lambda: self.go(min(3, self.stack.currentIndex() + 1)))
        nav.addButton(self.back_button, QDialogButtonBox.ButtonRole.ActionRole)
        nav.addButton(self.next_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.close_button = nav.addButton(QDialogButtonBox.StandardButton.Close)
        self.close_button.clicked.connect(self.accept)
        layout.addWidget(nav)
        self.refresh()
        self.go(self._first_open_step())

    # ---- building
    def _page(self) -> QVBoxLayout:
        page = QWidget()
        box = QVBoxLayout(page)
        box.setContentsMargins(0, 8, 0, 0)
        self.stack.addWidget(page)
        return box

    def _build_pregame(self) -> None:
        box = self._page()
        box.addWidget(
            label(
                "Fans, weather, journeymen, inducements, prayers to Nuffle and the kicking "
                "team, in that order. Every roll is made by the program's dice, or "
                "typed in die by die from physical dice; the record says which.",
                "help",
                wrap=True,
            )
        )
        self.pre_dice = PregameDiceEntry()
        box.addWidget(self.pre_dice)
        self.picker = InducementPicker(self.ctx, self.fixture_id)
        self.picker.changed.connect(self._pregame_ready)
        self.picker.changed.connect(self.plan_dice)
        self.pre_dice.typed_mode.toggled.connect(self.plan_dice)
        box.addWidget(self.picker, 3)
        self.pre_run = button("Roll the pre-game", "demo", primary=True)
        self.pre_run.clicked.connect(self.run_pregame)
        box.addLayout(_left_aligned(self.pre_run))
        self.pre_card = PregameCardWidget()
        box.addWidget(self.pre_card)
        self.pre_text = QTextBrowser()
        box.addWidget(self.pre_text, 2)

    def _build_result(self) -> None:
        page = self._page()
        self.entry = QWidget()  # hidden once a result is in, which is then shown in full
        box = QVBoxLayout(self.entry)
        box.setContentsMargins(0, 0, 0, 0)
        page.addWidget(self.entry, 1)
        top = QHBoxLayout()
        self.bot = QComboBox()
        self.bot.addItems(list(BOT_NAMES))
        self.engine_seed = SeedBox()
        self.play_button = button(
            "Play on the engine", "demo", tip="The bots play the match between the two kick-off rosters"
        )
        self.play_button.clicked.connect(lambda: self.play_engine())
        self._engine_playing = False
        self.ctx.runner.sig_busy.connect(self._runner_idle)
        self.board_button = button(
            "Play on the board…", "demo", tip="Close match day and play the match on screen"
        )
        self.board_button.clicked.connect(self.play_on_board)
        self.load_button = button("Load a JSON file…", "open")
        self.load_button.clicked.connect(self.load_json)
        for w in (
            label("Bots"),
            self.bot,
            label("dice"),
            self.engine_seed,
            self.play_button,
            self.board_button,
            self.load_button,
        ):
            top.addWidget(w)
        top.addStretch(1)
        box.addLayout(top)
        box.addWidget(
            label(
                "Or enter the tabletop result: type the score, then Tab through each player's "
                "counters (TD, COMP, DEF, INT, CAS), pick the injury from its list, and tick "
                "apothecary or sent off with the space bar.",
                "help",
                wrap=True,
            )
        )
        scores = QHBoxLayout()
        self.scores = {side: QSpinBox() for side in SIDES}
        self.side_labels = {side: label(side) for side in SIDES}
        for side in SIDES:
            self.scores[side].setRange(0, 30)
            self.scores[side].valueChanged.connect(self.check_grid)
            scores.addWidget(self.side_labels[side])
            scores.addWidget(self.scores[side])
        self.conceded = QComboBox()
        self.conceded.addItems(["No concession", "Home conceded", "Away conceded"])
        scores.addWidget(self.conceded)
        scores.addStretch(1)
        box.addLayout(scores)
        self.grid_model = ResultGridModel(self)
        self.grid_model.dataChanged.connect(self.check_grid)
        self.grid = ResultGridPanel(self.grid_model)
        box.addWidget(self.grid, 1)
        bottom = QHBoxLayout()
        self.problems = label("", "help", wrap=True)
        bottom.addWidget(self.problems, 1)
        self.submit_button = button("Submit the tabletop result", primary=True)
        self.submit_button.clicked.connect(self.submit_grid)
        bottom.addWidget(self.submit_button)
        box.addLayout(bottom)
        self.result_text = QTextBrowser()
        page.addWidget(self.result_text, 1)

    def _build_postgame(self) -> None:
        box = self._page()
        box.addWidget(
            label(
                "Winnings, dedicated fans, SPP and the MVP, journeyman hires and expensive "
                "mistakes, all in one transaction; then the players who can improve.",
                "help",
                wrap=True,
            )
        )
        form = QFormLayout()
        self.mvp = {side: QComboBox() for side in SIDES}
        self.mvp_labels = {side: label(f"MVP ({side})") for side in SIDES}
        for side in SIDES:
            form.addRow(self.mvp_labels[side], self.mvp[side])
            self.mvp[side].currentIndexChanged.connect(self.plan_post_dice)
        box.addLayout(form)
        self.hires_box = QVBoxLayout()
        box.addLayout(self.hires_box)
        self.hire_checks: list[tuple[str, QCheckBox]] = []
        self.post_dice = PregameDiceEntry()  # after the choices: they decide which dice are rolled
        self.post_dice.typed_mode.toggled.connect(self.plan_post_dice)
        # later: a die box must not be rebuilt inside its own valueChanged
        self.post_dice.typed_changed.connect(lambda: QTimer.singleShot(0, self.plan_post_dice))
        box.addWidget(self.post_dice)
        self.post_run = button("Apply the post-game", "demo", primary=True)
        self.post_run.clicked.connect(self.run_postgame)
        box.addLayout(_left_aligned(self.post_run))
        self.post_wait = label("", "help", wrap=True)  # a shared league's result not confirmed yet
        self.post_wait.hide()
        box.addWidget(self.post_wait)
        box.addStretch(0)
        self.post_text = QTextBrowser()
        box.addWidget(self.post_text, 1)
        # imported here: the advancement dialog borrows this module's DiceChoice
        from league_manager.ui.match_day.improve import ImprovePanel

        self.improve = ImprovePanel(self.ctx)
        self.improve.setVisible(False)
        box.addWidget(self.improve, 1)

    def _build_summary(self) -> None:
        box = self._page()
        self.show_audit = False
        self.summary = QTextBrowser()
        self.summary.setOpenLinks(False)
        self.summary.anchorClicked.connect(self._link)
        box.addWidget(self.summary, 1)

    def _link(self, url: Any) -> None:
        """The summary's "Dice record for an audit…" link shows the seeds."""
        if url.toString() == AUDIT_LINK:
            self.show_audit = True
            self.refresh()

    # ---- state
    def refresh(self) -> None:
        """Read the match day again and fill every step from it."""
        services = self.ctx.svc
        fixture = services.seasons.get_fixture(self.fixture_id)
        self.heading.setText(f"{fixture.home}  v  {fixture.away}")
        try:
            self.view = services.match_day.get(self.fixture_id)
        except RuleViolation:
            self.view = None
        view = self.view
        stage = view.stage if view else None
        self._pregame_ready()
        self.picker.setVisible(view is None)
        self.pre_text.setVisible(view is not None)
        self.pre_card.setVisible(view is not None)
        self.pre_dice.setVisible(view is None)
        self.pre_run.setVisible(view is None)
        if view is not None:
            self.pre_card.show_card(pregame_card(view))
        self.pre_text.setHtml(pregame_html(view) if view else "<p>No pre-game yet.</p>")
        open_result = stage in ("pre_game", "in_progress")
        for w in (self.play_button, self.board_button, self.load_button, self.submit_button, self.grid):
            w.setEnabled(open_result)
        if view is not None and not self.grid_model.rows:
            self.grid_model.set_ruleset(view.ruleset)
            self.grid_model.set_snapshots(view.snapshots)
            for side in SIDES:
                self.side_labels[side].setText(f"{self.grid_model.team_names[side]} score")
        self.result_text.setHtml(result_html(view) if view and view.result else "")
        self.result_text.setVisible(bool(view and view.result))
        self.entry.setVisible(not (view and view.result))
        wait = postgame_wait(services, self.fixture_id, fixture.home or "", fixture.away or "")
        self.post_run.setEnabled(stage == "result_entered" and wait is None)
        self.post_wait.setText(wait or "")
        self.post_wait.setVisible(stage == "result_entered" and wait is not None)
        self.post_dice.setVisible(stage == "result_entered")
        if view is not None and view.result:
            self._fill_postgame_choices(view)
        self.post_text.setHtml(postgame_html(view) if view and view.post else "")
        self.post_text.setVisible(bool(view and view.post))
        self.improve.setVisible(bool(view and view.post))
        if view is not None and view.post:
            fixture = services.seasons.get_fixture(self.fixture_id)
            self.improve.load([t for t in (fixture.home_id, fixture.away_id) if t is not None])
        if view is not None:
            self.summary.setHtml(
                "<h2>Summary of every change</h2>"
                + pregame_html(view)
                + result_html(view)
                + postgame_html(view)
                + corrections_html(view)
                + audit_html(view, self.show_audit)
            )
        self.check_grid()
        self._update_nav()

    def _fill_postgame_choices(self, view: MatchDayView) -> None:
        snaps = view.snapshots
        for side in SIDES:
            combo = self.mvp[side]
            if combo.count():
                continue
            team = str(snaps.get(side, {}).get("name", side))
            self.mvp_labels[side].setText(f"MVP of {team}")
            combo.addItem("Random (the program rolls)", None)
            for p in snaps.get(side, {}).get("players", []):
                combo.addItem(player_label(team, p), str(p["id"]))
        if not self.hire_checks:
            for side in SIDES:
                for p in snaps.get(side, {}).get("players", []):
                    if p.get("journeyman"):
                        who = player_label(str(snaps[side].get("name", side)), p)
                        check = QCheckBox(f"Hire journeyman {who} permanently")
                        check.toggled.connect(self.plan_post_dice)
                        self.hires_box.addWidget(check)
                        self.hire_checks.append((str(p["id"]), check))

    def plan_dice(self) -> None:
        """List the pre-game's dice for typing (they depend on the inducements chosen)."""
        if not self.pre_dice.typed_mode.isChecked() or self.view is not None:
            return
        try:
            slots = self.ctx.svc.match_day.pregame_dice(self.fixture_id, self.picker.purchases())
        except LeagueError as exc:
            self.pre_dice.set_problem(str(exc))
            return
        self.pre_dice.set_slots(slots)

    def _postgame_choices(self) -> tuple[list[str], list[str]]:
        """The MVPs picked (the others are rolled) and the journeymen to hire."""
        mvp = [self.mvp[s].currentData() for s in SIDES if self.mvp[s].currentData()]
        hire = [pid for pid, check in self.hire_checks if check.isChecked()]
        return mvp, hire

    def plan_post_dice(self) -> None:
        """List the post-game's dice for typing: they depend on the MVPs and hires chosen and on
        dice typed already (a minor incident's D3 follows its expensive mistakes roll)."""
        post_dice = getattr(self, "post_dice", None)
        if post_dice is None or not post_dice.typed_mode.isChecked():
            return
        if self.view is None or self.view.stage != "result_entered":
            return
        mvp, hire = self._postgame_choices()
        try:
            slots = self.ctx.svc.match_day.postgame_dice(
                self.fixture_id, post_dice.typed_prefix(), mvp=mvp, hire=hire
            )
        except LeagueError as exc:
            post_dice.set_problem(str(exc))
            return
        if slots != post_dice.slots():
            post_dice.set_slots(slots)
            post_dice.focus_first_missing()

    def _pregame_ready(self) -> None:
        view = getattr(self, "view", None)
        pre_run = getattr(self, "pre_run", None)
        if pre_run is not None:
            pre_run.setEnabled(view is None and self.picker.acceptable)

    def _first_open_step(self) -> int:
        stage = self.view.stage if self.view else None
        return {None: 0, "pre_game": 1, "in_progress": 1, "result_entered": 2, "post_game_applied": 3}[stage]

    def _update_nav(self) -> None:
        index = self.stack.currentIndex()
        self.step_label.setText(
            "   ›   ".join(f"<b>{t}</b>" if i == index else t for i, t in enumerate(TITLES))
        )
        self.back_button.setEnabled(index > 0)
        self.next_button.setEnabled(index < 3 and index < self._first_open_step())

    def go(self, index: int) -> None:
        """Show step ``index`` (0 pre-game … 3 summary)."""
        self.stack.setCurrentIndex(index)
        self._update_nav()

    # ---- steps (each one service call through run_op)
    def _after(self, _value: Any) -> None:
        self.refresh()
        self.go(self._first_open_step())

    def _purchases(self) -> dict[str, list[Purchase]]:
        return self.picker.purchases()

    def run_pregame(self) -> bool:
        """Step 1: the pre-game sequence."""
        services = self.ctx.svc
        try:
            dice = self.pre_dice.arguments()
        except LeagueError as exc:
            self.ctx.runner.report("Could not roll the pre-game", exc)
            return False
        purchases = self._purchases()
        outcome = self.ctx.runner.run_op(
            lambda: services.match_day.pregame(self.fixture_id, purchases=purchases, **dice),
            title="Could not roll the pre-game",
            on_success=self._show_pregame,
        )
        return outcome is not None

    def _show_pregame(self, _value: Any) -> None:
        """After the pre-game: stay on its card (weather, fans, prayers, kick-off) until Next."""
        self.refresh()
        self.go(0)
        self.next_button.setFocus()

    def _show_result(self, _value: Any) -> None:
        """After a result is entered or played: stay on it until Next."""
        self.refresh()
        self.go(1)
        self.next_button.setFocus()

    def _show_postgame(self, _value: Any) -> None:
        """After the post-game: stay on it, ending with the players who can improve, until Next."""
        self.refresh()
        self.go(2)
        self.next_button.setFocus()

    def play_engine(self, background: bool = True) -> bool:
        """Step 2, on the engine: the bots play the match.

        On the worker thread by default, so the window keeps answering while a searching bot
        (veteran, legend) thinks for minutes; the step's buttons wait until the result is in.

        Returns:
            True when the match was played (in the foreground) or started (in the background).
        """
        services = self.ctx.svc
        seed, bot = self.engine_seed.seed(), self.bot.currentText()

        def play() -> Any:
            return services.match_day.play(self.fixture_id, seed=seed, bot=bot)

        if not background:
            title = "Could not play the match"
            outcome = self.ctx.runner.run_op(play, title=title, on_success=self._show_result)
            return outcome is not None
        self._engine_running(True)

        def done(value: Any) -> None:
            self._engine_running(False)
            self._show_result(value)

        self.ctx.runner.run_op(
            play,
            title="Could not play the match",
            on_success=done,
            background=True,
            busy=f"The {bot} bots are playing the match…",
        )
        return True

    def _runner_idle(self, message: str) -> None:
        """The worker is idle again: after a refusal (reported by the runner) the buttons come back."""
        if not message and self._engine_playing:
            self._engine_running(False)

    def _engine_running(self, running: bool) -> None:
        """While the bots play: the result step's actions and the steps' buttons wait."""
        self._engine_playing = running
        for widget in (self.play_button, self.board_button, self.load_button, self.bot, self.engine_seed):
            widget.setEnabled(not running)
        self.next_button.setEnabled(not running and self.next_button.isEnabled())
        self.play_button.setText("The bots are playing…" if running else "Play on the engine")

    def play_on_board(self) -> Any:
        """Step 2, on the board: close match day and open the board (it comes back at full time)."""
        from league_manager.ui.match_board.launch import play_on_board

        self.accept()
        return play_on_board(self.ctx, self.fixture_id, self.parentWidget())

    def grid_scores(self) -> dict[str, int]:
        """The scores typed above the grid."""
        return {side: self.scores[side].value() for side in SIDES}

    def check_grid(self) -> list[str]:
        """Check the grid against the score, live; the refusals in plain words."""
        found = self.grid_model.problems(self.grid_scores()) if self.grid_model.rows else []
        if found:
            self.problems.setText("Cannot submit yet: " + " ".join(found))
        else:
            self.problems.setText("The players' figures add up to the score.")
        open_result = self.view is not None and self.view.stage in ("pre_game", "in_progress")
        self.submit_button.setEnabled(open_result and not found)
        return found

    def submit_grid(self) -> bool:
        """Step 2, tabletop: record the grid's result document."""
        if self.check_grid():
            return False
        conceded = {0: None, 1: 0, 2: 1}[self.conceded.currentIndex()]
        return self.record(self.grid_model.document(self.grid_scores(), conceded))

    def load_json(self) -> bool:
        """Step 2, from a file: a MatchResult JSON document."""
        path = self.ctx.dialogs.open_file("Load a result (JSON)")
        if not path:
            return False
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            self.ctx.dialogs.error("Could not read the result", f"{path}: {exc}")
            return False
        return self.record(data)

    def record(self, document: dict[str, Any]) -> bool:
        """Enter a result document."""
        services = self.ctx.svc
        outcome = self.ctx.runner.run_op(
            lambda: services.match_day.record(self.fixture_id, document),
            title="Could not enter the result",
            on_success=self._show_result,
        )
        return outcome is not None

    def run_postgame(self) -> bool:
        """Step 3: the post-game sequence."""
        services = self.ctx.svc
        try:
            dice = self.post_dice.arguments()
        except LeagueError as exc:
            self.ctx.runner.report("Could not apply the post-game", exc)
            return False
        mvp, hire = self._postgame_choices()
        outcome = self.ctx.runner.run_op(
            lambda: services.match_day.postgame(self.fixture_id, mvp=mvp, hire=hire, **dice),
            title="Could not apply the post-game",
            on_success=self._show_postgame,
        )
        return outcome is not None

    def keyPressEvent(self, event: Any) -> None:
        # Enter inside the grid edits; it must not close the wizard
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            return
        super().keyPressEvent(event)
