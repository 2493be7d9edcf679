"""A table's result with its SPP events, at the tournament desk of a ``progression`` event.

Each side gets its roster with a count per player of touchdowns, casualties, completions,
interceptions and deflections, and the MVP named or left to the dice. "Enter Result" goes
through the event service (``events.result(..., spp=...)``), which checks the record against
the roster and the result exactly as ``event result --spp-a/--spp-b`` does; a refusal shows
in the dialog, with the rule named, and the dialog stays open.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from league_manager.core.errors import LeagueError, RuleViolation
from league_manager.rules.dice import Dice
from league_manager.rules.event_progression import SppEvent
from league_manager.services.event_views import EntryView, GameView, player_skills
from league_manager.ui.widgets import accept_cancel, label

COUNTED = ("td", "cas", "comp", "int", "def")
"""The SPP events counted per player (the MVP has its own chooser)."""
HEADERS = ["#", "Position", "Skills", "TD", "CAS", "Comp", "Int", "Def"]


def _record(entry: EntryView, round_number: int) -> Mapping[str, Any]:
    progress = entry.roster.get("progress") or {}
    assert isinstance(progress, Mapping)
    found = progress.get("games", {}).get(str(round_number), {})
    assert isinstance(found, Mapping)
    return found


class SideSpp(QGroupBox):
    """One side's players, their SPP events of the game and the MVP."""

    def __init__(self, entry: EntryView, round_number: int, parent: QWidget | None = None) -> None:
        super().__init__(f"{entry.coach} - {entry.team_name} ({entry.race})", parent)
        self.entry = entry
        players = entry.roster.get("players") or []
        assert isinstance(players, list)
        self.players = len(players)
        record = _record(entry, round_number)
        counts: dict[tuple[int, str], int] = {}
        for number, kind in record.get("events", []):
            counts[(int(number), str(kind))] = counts.get((int(number), str(kind)), 0) + 1
        layout = QVBoxLayout(self)
        self.table = QTableWidget(self.players, len(HEADERS))
        self.table.setHorizontalHeaderLabels(HEADERS)
        self.table.verticalHeader().setVisible(False)
        for row, player in enumerate(players):
            number = row + 1
            fixed = [str(number), str(player["position"]), ", ".join(player_skills(entry.roster, number))]
            for column, text in enumerate(fixed):
                item = QTableWidgetItem(text)
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                self.table.setItem(row, column, item)
            for offset, kind in enumerate(COUNTED):
                count = counts.get((number, kind), 0)
                item = QTableWidgetItem(str(count) if count else "")
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                item.setToolTip(f"{HEADERS[3 + offset]} by player {number} in this game (type a number)")
                self.table.setItem(row, 3 + offset, item)
        self.table.resizeColumnsToContents()
        self.table.setCurrentCell(0, 3)
        layout.addWidget(self.table, 1)
        mvp_row = QHBoxLayout()
        self.mvp = QComboBox()
        before = record.get("mvp")
        if before and record.get("mvp_rolled"):
            self.mvp.addItem(f"Keep the rolled MVP (#{before})", None)
        elif before:
            self.mvp.addItem(f"Keep the named MVP (#{before})", None)
        else:
            self.mvp.addItem("Roll the MVP with the dice", None)
        for row, player in enumerate(players):
            self.mvp.addItem(f"#{row + 1} {player['position']}", row + 1)
        if before and not record.get("mvp_rolled"):
            self.mvp.setCurrentIndex(int(before))
        label = QLabel("&MVP:")
        label.setBuddy(self.mvp)
        mvp_row.addWidget(label)
        mvp_row.addWidget(self.mvp, 1)
        layout.addLayout(mvp_row)

    def events(self) -> list[SppEvent]:
        """The side's SPP events as entered (the named MVP among them).

        Raises:
            RuleViolation: a count that is not a whole number.
        """
        out: list[SppEvent] = []
        for row in range(self.players):
            for offset, kind in enumerate(COUNTED):
                item = self.table.item(row, 3 + offset)
                text = item.text().strip() if item is not None else ""
                if not text:
                    continue
                if not text.isdigit():
                    raise RuleViolation(
                        "SPP", f"'{text}' for {HEADERS[3 + offset]} of {self.entry.coach}'s player {row + 1} "
                        "is not a number"
                    )  # fmt: skip
                out.extend(SppEvent(row + 1, kind) for _ in range(int(text)))
        mvp = self.mvp.currentData()
        if mvp is not None:
            out.append(SppEvent(int(mvp), "mvp"))
        return out


class ResultDetailsDialog(QDialog):
    """Score, casualties and each side's SPP events of one table; the service checks them."""

    def __init__(
        self,
        service: Any,
        event: str,
        game: GameView,
        dice: Dice | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        assert game.b is not None, "a bye has no result"
        self.setWindowTitle(f"Result details - {event}, round {game.round}, table {game.table}")
        self.service = service
        self.event_name = event
        self.game = game
        self.dice = dice
        self.result_game: GameView | None = None
        layout = QVBoxLayout(self)
        scores = QHBoxLayout()
        self.score_a, self.score_b, self.cas_a, self.cas_b = (QSpinBox() for _ in range(4))
        reported = game.score_a is not None
        values = (
            game.score_a or 0,
            game.score_b or 0,
            game.cas_a if reported else 0,
            game.cas_b if reported else 0,
        )
        for box, value in zip((self.score_a, self.score_b, self.cas_a, self.cas_b), values, strict=True):
            box.setRange(0, 30)
            box.setValue(value)
        fields: list[tuple[str, QSpinBox | None]] = [
            (f"&Score: {game.a.coach}", self.score_a), ("-", self.score_b), (game.b.coach, None),
            ("   &Casualties", self.cas_a), ("-", self.cas_b),
        ]  # fmt: skip
        for text, field in fields:
            caption = QLabel(text)
            scores.addWidget(caption)
            if field is not None:
                caption.setBuddy(field)
                scores.addWidget(field)
        scores.addStretch(1)
        layout.addLayout(scores)
        sides = QHBoxLayout()
        self.side_a = SideSpp(game.a, game.round)
        self.side_b = SideSpp(game.b, game.round)
        sides.addWidget(self.side_a)
        sides.addWidget(self.side_b)
        layout.addLayout(sides, 1)
        hint = QLabel(
            "Casualties count only those caused by players (not the crowd); TD and CAS by players may not "
            "exceed the score. The MVP is named, or rolled among the roster with the event's dice."
        )
        hint.setWordWrap(True)
        layout.addWidget(hint)
        self.status = label(wrap=True)
        layout.addWidget(self.status)
        self.enter_button = accept_cancel(layout, "&Enter Result", self.enter, self.reject)
        self.score_a.setFocus()

    def enter(self) -> None:
        """Send the result and both SPP records; close when the service takes them."""
        for box in (self.score_a, self.score_b, self.cas_a, self.cas_b):
            box.interpretText()
        try:
            spp = (self.side_a.events(), self.side_b.events())
            self.result_game = self.service.result(
                self.event_name, self.game.table, (self.score_a.value(), self.score_b.value()),
                (self.cas_a.value(), self.cas_b.value()), round=self.game.round, spp=spp, dice=self.dice,
            )  # fmt: skip
        except LeagueError as exc:
            self.status.setText(f"Refused: {exc}")
            return
        self.accept()
