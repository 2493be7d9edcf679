"""Spend an entry's SPP between rounds at the tournament desk, or take a skill back.

The players with SPP to spend (or a skill bought between rounds) are listed; for the one
chosen, the kinds the rules offer between rounds with their SPP cost (those he cannot afford
greyed, with the reason), the skills he may choose or the category to roll on. "Buy" and
"Take Back" go through the event service (``events.advance`` / ``events.take_back``), which
checks everything again as ``event advance`` and ``event take-back`` do; random skills use the
injected dice.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from league_manager.core.errors import LeagueError
from league_manager.rules.dice import Dice
from league_manager.rules.loader import load_ruleset
from league_manager.rules.model import SKILL_CATEGORIES
from league_manager.services.event_choices import AdvanceChoice, advance_choices, take_back_refusal
from league_manager.services.event_views import EntryView, EventState, player_skills, player_spp
from league_manager.ui.widgets import label

KIND_NAMES = {
    "chosen_primary": "Chosen primary skill",
    "random_primary": "Random primary skill",
    "chosen_secondary": "Chosen secondary skill",
    "random_secondary": "Random secondary skill",
}


def played_rounds(state: EventState, entry_id: int) -> set[int]:
    """The rounds whose game of the entry has its result (or was a bye)."""
    return {
        g.round for g in state.games
        if entry_id in (g.a.id, g.b.id if g.b else None) and g.reported
    }  # fmt: skip


def _bought(entry: EntryView, number: int) -> bool:
    progress = entry.roster.get("progress") or {}
    assert isinstance(progress, dict)
    return any(int(a["number"]) == number for a in progress.get("advancements", []))


class EventAdvanceDialog(QDialog):
    """One entry's players: buy a skill with their SPP, or take the latest one back."""

    def __init__(
        self,
        service: Any,
        state: EventState,
        entry: EntryView,
        dice: Dice | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Advance - {entry.coach} ({entry.team_name}), {state.name}")
        self.service = service
        self.state = state
        self.entry = entry
        self.dice = dice
        self.ruleset = load_ruleset(state.settings.ruleset)
        self.changed = False
        layout = QVBoxLayout(self)
        self.team_line = QLabel()
        layout.addWidget(self.team_line)
        self.players = QTableWidget()
        self.players.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.players.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
        self.players.verticalHeader().setVisible(False)
        self.players.itemSelectionChanged.connect(self._player_chosen)
        layout.addWidget(self.players, 1)
        form = QFormLayout()
        self.kind = QComboBox()
        self.kind.currentIndexChanged.connect(lambda _i: self._kind_chosen())
        self.skill = QComboBox()
        self.category = QComboBox()
        form.addRow("&Advancement:", self.kind)
        form.addRow("&Skill:", self.skill)
        form.addRow("&Category to roll on:", self.category)
        layout.addLayout(form)
        hint = QLabel(
            "A skill bought now is first played in the coach's next round. A chosen skill can be taken back "
            "until that round's game has its result; a rolled one stays."
        )
        hint.setWordWrap(True)
        layout.addWidget(hint)
        self.status = label(wrap=True)
        layout.addWidget(self.status)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.buy_button = QPushButton("&Buy")
        self.take_back_button = QPushButton("&Take Back")
        buttons.addButton(self.buy_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.take_back_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.buy_button.clicked.connect(self.buy)
        self.take_back_button.clicked.connect(self.take_back)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.choices: list[AdvanceChoice] = []
        self.numbers: list[int] = []
        self._show()

    def _show(self, keep: int | None = None) -> None:
        entry = self.entry
        self.team_line.setText(f"{entry.coach}: {entry.team_name} ({entry.race}), TV {entry.team_value:,}")
        roster_players = entry.roster.get("players") or []
        assert isinstance(roster_players, list)
        self.numbers = [
            n for n in range(1, len(roster_players) + 1) if player_spp(entry.roster, n) or _bought(entry, n)
        ]
        self.players.clear()
        self.players.setColumnCount(4)
        self.players.setHorizontalHeaderLabels(["#", "Position", "Skills", "SPP to spend"])
        self.players.setRowCount(len(self.numbers))
        for row, number in enumerate(self.numbers):
            position = str(roster_players[number - 1]["position"])
            skills = ", ".join(player_skills(entry.roster, number))
            cells = [str(number), position, skills, str(player_spp(entry.roster, number))]
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                self.players.setItem(row, column, item)
        self.players.resizeColumnsToContents()
        if not self.numbers:
            self.status.setText("No player has SPP to spend yet: they are earned with the results.")
        row = self.numbers.index(keep) if keep in self.numbers else 0
        if self.numbers:
            self.players.selectRow(row)
        self._player_chosen()

    def chosen_player(self) -> int | None:
        """The roster number of the player selected in the list."""
        rows = {i.row() for i in self.players.selectedIndexes()}
        return self.numbers[rows.pop()] if len(rows) == 1 else None

    def _player_chosen(self) -> None:
        number = self.chosen_player()
        self.choices = advance_choices(self.entry.roster, self.ruleset, number) if number else []
        self.kind.blockSignals(True)
        self.kind.clear()
        model = self.kind.model()
        assert isinstance(model, QStandardItemModel)
        have = player_spp(self.entry.roster, number) if number else 0
        for index, choice in enumerate(self.choices):
            self.kind.addItem(f"{KIND_NAMES[choice.kind]} - {choice.cost} SPP", choice.kind)
            if not choice.affordable:
                item = model.item(index)
                item.setEnabled(False)
                item.setToolTip(f"costs {choice.cost} SPP; the player has {have}")
        first = next((i for i, c in enumerate(self.choices) if c.affordable), -1)
        self.kind.setCurrentIndex(first)
        self.kind.blockSignals(False)
        self._kind_chosen()
        refusal = (
            take_back_refusal(self.entry.roster, number, played_rounds(self.state, self.entry.id))
            if number
            else "choose a player"
        )
        self.take_back_button.setEnabled(refusal is None)
        self.take_back_button.setToolTip(
            refusal or "Give back the player's latest skill bought between rounds"
        )
        if number and not self.choices:
            self.status.setText(f"Player {number} has the most advancements a player may take.")

    def _kind_chosen(self) -> None:
        choice = (
            self.choices[self.kind.currentIndex()]
            if 0 <= self.kind.currentIndex() < len(self.choices)
            else None
        )
        chosen = choice is not None and choice.kind.startswith("chosen")
        self.skill.clear()
        self.category.clear()
        if choice is not None:
            self.skill.addItems(list(choice.skills) if chosen else [])
            for category in [] if chosen else choice.categories:
                self.category.addItem(f"{SKILL_CATEGORIES[category]} ({category})", category)
        self.skill.setEnabled(chosen)
        self.skill.setToolTip("" if chosen else "A random skill is rolled: choose the category")
        self.category.setEnabled(choice is not None and not chosen)
        self.category.setToolTip("A chosen skill is named: choose the skill" if chosen else "")
        reason = "" if choice is not None else "Nothing the player can afford yet"
        self.buy_button.setEnabled(choice is not None and choice.affordable)
        self.buy_button.setToolTip(reason)

    def buy(self) -> None:
        """Spend the chosen player's SPP on the chosen advancement."""
        number = self.chosen_player()
        kind = self.kind.currentData()
        if number is None or kind is None:
            return
        chosen = str(kind).startswith("chosen")

        def work() -> str:
            entry = self.service.advance(
                self.state.name, self.entry.id, number, kind,
                skill=self.skill.currentText() if chosen else None,
                category=None if chosen else self.category.currentData(), dice=self.dice,
            )  # fmt: skip
            progress = entry.roster["progress"]
            bought = progress["advancements"][-1]
            rolled = f" (rolled {', '.join(map(str, bought['rolls']))})" if bought["rolls"] else ""
            self.entry = entry
            return (
                f"Player {number} gained {bought['skill']}{rolled} from round {bought['round']} "
                f"for {bought['spp']} SPP; TV {entry.team_value:,}"
            )

        self._run(work, number)

    def take_back(self) -> None:
        """Give back the chosen player's latest skill bought between rounds."""
        number = self.chosen_player()
        if number is None:
            return
        before = player_skills(self.entry.roster, number)

        def work() -> str:
            self.entry = self.service.take_back(self.state.name, self.entry.id, number)
            dropped = [s for s in before if s not in player_skills(self.entry.roster, number)]
            return f"Player {number} gave back {', '.join(dropped)}; TV {self.entry.team_value:,}"

        self._run(work, number)

    def _run(self, work: Any, number: int) -> None:
        try:
            message = work()
        except LeagueError as exc:
            self.status.setText(f"Refused: {exc}")
            return
        self.changed = True
        self.state = self.service.state(self.state.name)
        self._show(number)
        self.status.setText(message)
