"""The advancement dialog on the player card: only the legal choices, each with its SPP cost."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QLineEdit,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from league_manager.rules.dice import ScriptedDice
from league_manager.rules.model import CHARACTERISTICS
from league_manager.services.player_models import AdvanceChoice, PlayerRecord
from league_manager.ui.match_day.wizard import DiceChoice
from league_manager.ui.models import Column, RecordTableModel
from league_manager.ui.widgets import accept_cancel, label

KIND_NAMES = {
    "random_primary": "Random primary skill",
    "chosen_primary": "Chosen primary skill",
    "random_secondary": "Random secondary skill",
    "chosen_secondary": "Chosen secondary skill",
    "characteristic": "Characteristic improvement",
}


class ChoiceModel(RecordTableModel[AdvanceChoice]):
    """The advancements a player can buy now."""

    columns = (
        Column[AdvanceChoice]("Advancement", lambda c: KIND_NAMES.get(c.kind, c.kind)),
        Column[AdvanceChoice]("SPP cost", lambda c: f"{c.cost} SPP", sort=lambda c: c.cost),
        Column[AdvanceChoice]("Skill categories", lambda c: ", ".join(c.categories)),
    )

    @property
    def choices(self) -> list[AdvanceChoice]:
        """The choices shown, in order."""
        return self.records


class AdvanceDialog(QDialog):
    """Spend a player's SPP on one legal advancement."""

    def __init__(self, record: PlayerRecord, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.record = record
        self.setWindowTitle(f"Advance {record.name}")
        self.resize(640, 520)
        layout = QVBoxLayout(self)
        layout.addWidget(label(f"{record.name} ({record.position}, {record.team})", "sectionTitle"))
        layout.addWidget(
            label(
                f"{record.spp} SPP to spend; {record.advancements} advancement(s) so far.", "help", wrap=True
            )
        )
        self.model = ChoiceModel(parent=self)
        self.model.set_rows([c for c in record.choices if c.affordable])
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.resizeColumnsToContents()
        self.table.setColumnWidth(0, max(self.table.columnWidth(0), 240))
        self.table.setColumnWidth(1, max(self.table.columnWidth(1), 90))
        self.table.selectionModel().currentRowChanged.connect(lambda *_: self._choice_changed())
        layout.addWidget(self.table, 1)
        self.empty = label("Not enough SPP for any advancement yet.", "help")
        self.empty.setVisible(not self.model.choices)
        layout.addWidget(self.empty)
        form = QFormLayout()
        self.skill = QComboBox()
        self.category = QComboBox()
        self.prefer = QLineEdit()
        self.prefer.setPlaceholderText("characteristics in order of preference, e.g. MA, AG, AV")
        form.addRow("Skill", self.skill)
        form.addRow("Category to roll on", self.category)
        form.addRow("Preference", self.prefer)
        self.keep = QLineEdit()
        self.keep.setPlaceholderText("of the two skills rolled, keep (in order): e.g. Mighty Blow, Block")
        self.keep.setToolTip("Season 3: a random primary skill rolls two skills; the first you list "
                             "that is rolled is kept, otherwise the first rolled")  # fmt: skip
        form.addRow("Skill to keep", self.keep)
        self.dice = DiceChoice()
        form.addRow("Dice", self.dice)
        layout.addLayout(form)
        self.ok = accept_cancel(layout, "Buy the advancement", self.accept, self.reject)
        if self.model.choices:
            self.table.selectRow(0)
        self._choice_changed()

    def choice(self) -> AdvanceChoice | None:
        """The selected advancement."""
        row = self.table.currentIndex().row()
        return self.model.choices[row] if 0 <= row < len(self.model.choices) else None

    def select(self, kind: str) -> None:
        """Select the advancement of this kind (random_primary, chosen_primary, …)."""
        for row, choice in enumerate(self.model.choices):
            if choice.kind == kind:
                self.table.selectRow(row)
                return
        raise KeyError(kind)

    def _choice_changed(self) -> None:
        choice = self.choice()
        kind = choice.kind if choice else ""
        self.skill.clear()
        if kind.startswith("chosen"):
            self.skill.addItems(list(choice.skills) if choice else [])
        elif kind == "characteristic":
            self.skill.addItem("(no skill instead: take the characteristic)", None)
            for other in self.model.choices:
                if other.kind == "chosen_primary":
                    self.skill.addItems(list(other.skills))
        self.category.clear()
        if kind.startswith("random") and choice:
            self.category.addItems(list(choice.categories))
        self.skill.setEnabled(kind.startswith("chosen") or kind == "characteristic")
        self.category.setEnabled(kind.startswith("random"))
        self.prefer.setEnabled(kind == "characteristic")
        self.keep.setEnabled(choice is not None and kind.startswith("random") and choice.rolls_skills > 1)
        self.dice.setEnabled(not kind.startswith("chosen"))
        self.ok.setEnabled(choice is not None)

    def arguments(self) -> dict[str, Any]:
        """Keyword arguments of ``services.advancement.advance`` for the choice made."""
        choice = self.choice()
        if choice is None:
            raise ValueError("no advancement chosen")
        kind = choice.kind
        args: dict[str, Any] = {"kind": kind}
        if kind.startswith("chosen") or kind == "characteristic":
            skill = (
                self.skill.currentData() if self.skill.currentData() is not None else self.skill.currentText()
            )
            if kind == "characteristic" and self.skill.currentIndex() == 0:
                skill = None
            args["skill"] = skill or None
        if kind.startswith("random"):
            args["category"] = self.category.currentText() or None
            if self.keep.isEnabled():
                args["keep"] = [k.strip() for k in self.keep.text().split(",") if k.strip()]
        if kind == "characteristic":
            wanted = [p.strip().upper() for p in self.prefer.text().replace(",", " ").split()]
            args["prefer"] = [p for p in wanted if p in CHARACTERISTICS]
        if not kind.startswith("chosen"):
            dice = self.dice.arguments()
            if dice["typed"]:
                args["dice"] = ScriptedDice(dice["typed"], source="typed")
            else:
                args["seed"] = dice["seed"]
        return args
