"""The live tabletop tracker window: a match on the table followed one key at a time.

Digits type a shirt number, a letter makes the entry for the chosen side (Tab switches
side): ``7`` ``T`` is a touchdown by #7, ``4`` ``C`` a casualty by #4 (the victim and the
injury are asked), ``P`` a completion, ``I`` an interception, ``D`` a deflection, ``M``
the MVP, ``R`` a team re-roll used, ``N`` the side's turn marker moved on, ``H`` the next
half, ``L`` an Illegal Procedure called on the side (seed 004: it ends the turn or loses a
re-roll), ``W`` a wrong call of one by the side, ``Z`` (or Ctrl+Z) undoes the last entry
and ``F`` blows the final whistle. Every entry is saved through the tracker service before
the window shows it, so a closed window or a crash reopens at the same entry. At the final
whistle the entries fill the tabletop result grid, checked against the score, and the result
goes on to the post-game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from league_manager.core.errors import LeagueError
from league_manager.services.changes import Changes
from league_manager.services.match_day.tracker_log import CHARACTERISTICS, INJURIES, SIDES, TrackerLog
from league_manager.ui.context import UiContext
from league_manager.ui.match_day.grid import ResultGridModel
from league_manager.ui.match_day.result_tables import ResultGridPanel
from league_manager.ui.widgets import button, label

KEYS: tuple[tuple[str, str, str], ...] = (
    ("T", "td", "Touchdown"),
    ("C", "cas", "Casualty"),
    ("P", "comp", "Completion"),
    ("I", "intc", "Interception"),
    ("D", "defl", "Deflection"),
    ("M", "mvp", "MVP"),
    ("R", "reroll", "Re-roll used"),
    ("N", "turn", "Next turn"),
    ("H", "half", "Next half"),
    ("L", "illegal", "Illegal procedure"),
    ("W", "wrong_call", "Wrong call"),
)
"""Key, entry kind and button text; the first six need a shirt number."""
ILLEGAL_TEXTS = {"End the turn": "end_turn", "Lose a team re-roll": "reroll"}
NUMBERED = {"td", "cas", "comp", "intc", "defl", "mvp"}
WORDS = {"td": "touchdown", "comp": "completion", "intc": "interception", "defl": "deflection", "mvp": "MVP"}


def describe(entry: dict[str, Any], log: TrackerLog) -> str:
    """One line of the entry list: "Reavers: touchdown by #7"."""
    kind = entry["kind"]
    if kind == "half":
        return "Next half"
    team = log.rosters[entry["team"]].name or SIDES[entry["team"]]
    if kind == "reroll":
        return f"{team}: team re-roll used"
    if kind == "turn":
        return f"{team}: turn marker moved on"
    if kind == "illegal":
        penalty = "ends the turn" if entry["choice"] == "end_turn" else "loses a re-roll"
        return f"{team}: illegal procedure, {penalty}"
    if kind == "wrong_call":
        return f"{team}: wrong illegal-procedure call, loses a re-roll"
    if kind == "cas":
        injury = entry["injury"] + (f" ({entry['lasting']})" if entry.get("lasting") else "")
        return f"{team}: casualty by #{entry['number']} on #{entry['victim_number']}, {injury}"
    return f"{team}: {WORDS[kind]} by #{entry['number']}"


class CasualtyDialog(QDialog):
    """The victim's shirt number and the injury of a casualty entry."""

    def __init__(self, victims: list[int], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Casualty")
        form = QFormLayout(self)
        self.victim = QSpinBox()
        self.victim.setRange(min(victims, default=0), max(victims, default=99))
        form.addRow("On the other team's #", self.victim)
        self.injury = QComboBox()
        self.injury.addItems(list(INJURIES))
        form.addRow("Injury", self.injury)
        self.lasting = QComboBox()
        self.lasting.addItems(["", *CHARACTERISTICS])
        form.addRow("Lasting injury to", self.lasting)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def entry(self) -> dict[str, Any]:
        """The casualty's victim and injury, for the entry."""
        return {
            "victim": self.victim.value(),
            "injury": self.injury.currentText(),
            "lasting": self.lasting.currentText() or None,
        }


class SidePanel(QWidget):
    """One side's markers: name, score, turn marker and team re-rolls left."""

    def __init__(self, side: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        box = QVBoxLayout(self)
        self.name = label(side, "sectionTitle")
        self.score = QLabel("0")
        self.score.setAlignment(Qt.AlignmentFlag.AlignCenter)
        font = self.score.font()
        font.setPointSize(font.pointSize() * 3)
        self.score.setFont(font)
        self.turn = label("", "help")
        self.rerolls = label("", "help")
        for widget in (self.name, self.score, self.turn, self.rerolls):
            box.addWidget(widget)

    def show_log(self, log: TrackerLog, team: int, chosen: bool) -> None:
        """Show the side's markers from the log; the side the keys act for is marked."""
        roster = log.rosters[team]
        self.name.setText(("▶ " if chosen else "") + f"{roster.name} ({SIDES[team]})")
        self.score.setText(str(log.score(team)))
        self.turn.setText(f"Turn {log.turn(team)} of 8")
        self.rerolls.setText(f"Team re-rolls left: {log.rerolls_left(team)} of {roster.rerolls}")


class TrackerWindow(QWidget):
    """The tracker over one fixture: markers, one-key entries with undo, the final whistle."""

    def __init__(self, ctx: UiContext, view: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.ctx = ctx
        self.view = view
        self.fixture_id = view.fixture_id
        self.team = 0
        self.typed = ""
        self.on_finished: Callable[[], None] | None = None
        self.setWindowTitle(f"Tracker: {view.day.home} v {view.day.away}")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.stack = QStackedWidget()
        outer = QVBoxLayout(self)
        outer.addWidget(self.stack)
        self.stack.addWidget(self._tracker_page())
        self.stack.addWidget(self._whistle_page())
        self.refresh()

    def keys(self) -> tuple[tuple[str, str, str], ...]:
        """The entry keys this league plays: Illegal Procedure and the wrong call only where
        the league's house rule turns them on."""
        if getattr(self.view, "illegal_procedure", False):
            return KEYS
        return tuple(k for k in KEYS if k[1] not in ("illegal", "wrong_call"))

    # ---- pages
    def _tracker_page(self) -> QWidget:
        page = QWidget()
        box = QVBoxLayout(page)
        top = QHBoxLayout()
        self.sides = [SidePanel(side) for side in SIDES]
        self.half = label("", "sectionTitle")
        self.half.setAlignment(Qt.AlignmentFlag.AlignCenter)
        top.addWidget(self.sides[0], 2)
        top.addWidget(self.half, 1)
        top.addWidget(self.sides[1], 2)
        box.addLayout(top)
        self.prompt = label("", "help", wrap=True)
        box.addWidget(self.prompt)
        keys = QGridLayout()
        self.buttons: dict[str, QPushButton] = {}
        for index, (key, kind, text) in enumerate(self.keys()):
            widget = button(f"{text} ({key})")
            widget.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            widget.clicked.connect(lambda _c=False, k=kind: self.enter(k))
            keys.addWidget(widget, index // 6, index % 6)
            self.buttons[kind] = widget
        self.switch_button = button("Switch side (Tab)")
        self.switch_button.clicked.connect(self.switch_side)
        self.undo_button = button("Undo (Z)", "undo")
        self.undo_button.clicked.connect(self.undo)
        self.whistle_button = button("Final whistle (F)", primary=True)
        self.whistle_button.clicked.connect(self.final_whistle)
        for index, widget in enumerate((self.switch_button, self.undo_button, self.whistle_button)):
            widget.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            keys.addWidget(widget, 2, index)
        box.addLayout(keys)
        box.addWidget(label("Entries (saved as you go; the newest last)", "sectionTitle"))
        self.entries = QListWidget()
        self.entries.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        box.addWidget(self.entries, 1)
        return page

    def _whistle_page(self) -> QWidget:
        page = QWidget()
        box = QVBoxLayout(page)
        box.addWidget(label("Final whistle: the result grid the entries filled", "sectionTitle"))
        box.addWidget(
            label(
                "Check it and add what was not tracked (casualties without SPP, the apothecary, "
                "sent-off players); the touchdowns must add up to the tracked score.",
                "help",
                wrap=True,
            )
        )
        self.grid = ResultGridModel(self)
        self.grid.set_ruleset(self.view.day.ruleset)
        self.grid_panel = ResultGridPanel(self.grid)
        box.addWidget(self.grid_panel, 1)
        self.problems = label("", "help", wrap=True)
        box.addWidget(self.problems)
        row = QHBoxLayout()
        back = button("Back to the tracker")
        back.clicked.connect(lambda: self.stack.setCurrentIndex(0))
        self.record_button = button("Record the result and go to the post-game", primary=True)
        self.record_button.clicked.connect(self.record)
        row.addWidget(back)
        row.addStretch(1)
        row.addWidget(self.record_button)
        box.addLayout(row)
        self.grid.dataChanged.connect(self.check_grid)
        return page

    # ---- state
    @property
    def log(self) -> TrackerLog:
        """The entries so far, as last saved."""
        return self.view.log

    def refresh(self) -> None:
        """Show the markers, the typed number and the entries from the saved log."""
        for team, panel in enumerate(self.sides):
            panel.show_log(self.log, team, team == self.team)
        self.half.setText({1: "First half", 2: "Second half"}.get(self.log.half, "Extra time"))
        side = self.log.rosters[self.team].name
        typed = f"#{self.typed}" if self.typed else "no number yet"
        self.prompt.setText(
            f"Keys act for {side} ({typed}). Type a shirt number, then a letter: 7 T is a touchdown by #7."
        )
        self.entries.clear()
        self.entries.addItems([describe(e, self.log) for e in self.log.entries])
        self.entries.scrollToBottom()
        self.undo_button.setEnabled(bool(self.log.entries))
        for kind, widget in self.buttons.items():
            widget.setEnabled(kind not in NUMBERED or bool(self.typed))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Digits type the shirt number; the letters make entries (see the module docstring)."""
        if self.stack.currentIndex() != 0:
            super().keyPressEvent(event)
            return
        text = event.text().upper()
        if event.matches(QKeySequence.StandardKey.Undo) or text == "Z":
            self.undo()
        elif text.isdigit() and len(self.typed) < 2:
            self.typed += text
            self.refresh()
        elif event.key() == Qt.Key.Key_Backspace:
            self.typed = self.typed[:-1]
            self.refresh()
        elif event.key() == Qt.Key.Key_Tab:
            self.switch_side()
        elif text == "F":
            self.final_whistle()
        elif any(text == key for key, _k, _t in self.keys()):
            self.enter(next(kind for key, kind, _t in self.keys() if key == text))
        else:
            super().keyPressEvent(event)

    def focusNextPrevChild(self, next_: bool) -> bool:
        """Tab switches side instead of moving the focus."""
        return False

    # ---- entries
    def switch_side(self) -> None:
        """The keys act for the other side."""
        self.team = 1 - self.team
        self.refresh()

    def enter(self, kind: str) -> bool:
        """Make one entry for the chosen side (saved first); False when refused or cancelled."""
        entry: dict[str, Any] = {"kind": kind, "team": self.team}
        if kind in NUMBERED:
            if not self.typed:
                self.ctx.dialogs.error("Which player?", "Type the player's shirt number first, then the key.")
                return False
            entry["number"] = int(self.typed)
        if kind == "cas":
            dialog = CasualtyDialog(sorted(self.log.rosters[1 - self.team].numbers), self)
            if not self.ctx.dialogs.run(dialog):
                return False
            entry.update(dialog.entry())
        if kind == "illegal":
            picked = self.ctx.dialogs.item(
                "Illegal procedure",
                f"{self.log.rosters[self.team].name} started a play without moving the turn marker. "
                "The coach ends the turn, or loses a team re-roll (none left: the opponent gains one):",
                list(ILLEGAL_TEXTS),
            )
            if picked is None:
                return False
            entry["choice"] = ILLEGAL_TEXTS[picked]
        return self._save(lambda: self.ctx.svc.tracker.add(self.fixture_id, entry))

    def undo(self) -> bool:
        """Take back the last entry (saved first)."""
        if not self.log.entries:
            return False
        return self._save(lambda: self.ctx.svc.tracker.undo(self.fixture_id))

    def _save(self, change: Callable[[], Any]) -> bool:
        try:
            self.view = change()
        except LeagueError as exc:
            self.ctx.dialogs.error("Not entered", str(exc))
            return False
        self.typed = ""
        self.refresh()
        return True

    # ---- final whistle
    def final_whistle(self) -> None:
        """Fill the result grid from the entries and show it for checking."""
        self.grid.set_snapshots(self.view.day.snapshots)
        self.grid.load_result(self.log.result_document())
        self.stack.setCurrentIndex(1)
        self.check_grid()

    def scores(self) -> dict[str, int]:
        """The tracked score of each side."""
        return {side: self.log.score(team) for team, side in enumerate(SIDES)}

    def check_grid(self) -> list[str]:
        """What stops the result (the grid against the tracked score), shown under the grid."""
        found = self.grid.problems(self.scores())
        self.problems.setText(" ".join(found) if found else "The grid adds up to the tracked score.")
        self.record_button.setEnabled(not found)
        return found

    def document(self) -> dict[str, Any]:
        """The grid's result document with what the grid has no column for: MVPs and kills."""
        doc = self.grid.document(self.scores())
        tracked = self.log.result_document()
        for side in SIDES:
            if "mvp" in tracked[side]:
                doc[side]["mvp"] = tracked[side]["mvp"]
        kills = {r["id"]: r["kills"] for r in tracked["players"] if r.get("kills")}
        for row in doc["players"]:
            if row["id"] in kills and row["cas"] + row["cas_other"] >= kills[row["id"]]:
                row["kills"] = kills[row["id"]]
        return doc

    def record(self) -> bool:
        """Enter the result, close the tracker and open the match day at the post-game."""
        if self.check_grid():
            return False
        document = self.document()
        outcome = self.ctx.runner.run_op(
            lambda: self.ctx.svc.tracker.finish(self.fixture_id, document),
            title="Could not record the tracked result",
        )
        if outcome is None:
            return False
        self.close()
        if self.on_finished is not None:
            self.on_finished()
        return True


def open_tracker(ctx: UiContext, fixture_id: int, parent: QWidget | None = None) -> TrackerWindow | None:
    """Open (or reopen, at the same entry) the fixture's tracker window."""
    from league_manager.ui.match_day.wizard import MatchDayWizard

    try:
        view = ctx.svc.tracker.open(fixture_id)
    except LeagueError as exc:
        ctx.dialogs.error("Could not open the tracker", str(exc))
        return None
    ctx.runner.publish(Changes(fixtures=frozenset({fixture_id}), description="tracker opened"))
    window = TrackerWindow(ctx, view, parent)

    def post_game() -> None:
        ctx.dialogs.run(MatchDayWizard(ctx, fixture_id, parent))

    window.on_finished = post_game
    window.resize(900, 640)
    window.show()
    window.setFocus()
    return window
