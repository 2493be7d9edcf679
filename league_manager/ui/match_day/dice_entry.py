"""Guided physical dice for the pre- and post-game: one labelled field per die, in the rules' order.

"Weather 2D6: _ _", "Fan factor Reavers D3: _", "Expensive mistakes, Reavers D6: _": each
field only takes a result of its die, and the step is refused while a die is missing
(nothing is rolled for the coach).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QFormLayout,
    QHBoxLayout,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from league_manager.core.errors import RuleViolation
from league_manager.services.match_day.dice_slots import DiceSlot
from league_manager.ui.widgets import label

MISSING = 0
"""A die box's value before a result is typed (shown empty)."""


class DieBox(QSpinBox):
    """One die: empty until typed, then 1 to the die's sides (other numbers cannot be typed)."""

    def __init__(self, sides: int, caption: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sides = sides
        self.setRange(MISSING, sides)
        self.setSpecialValueText(" ")
        self.setButtonSymbols(QSpinBox.ButtonSymbols.NoButtons)
        self.setFixedWidth(44)
        self.setToolTip(f"{caption}: a result from 1 to {sides}")
        self.setAccessibleName(caption)


class SeedBox(QSpinBox):
    """A seed for the program's dice: "random" (a fresh seed from the system) unless one is typed.

    The seed actually used is recorded with the rolls, so a random one can be read back
    and typed here to repeat them.
    """

    RANDOM = -1

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setRange(self.RANDOM, 2**31 - 1)
        self.setSpecialValueText("random")
        self.setValue(self.RANDOM)
        self.setToolTip(
            "Leave at 'random' for fresh dice; type the seed of the dice record to repeat recorded rolls"
        )

    def seed(self) -> int | None:
        """The seed typed, or None for a fresh random one."""
        return None if self.value() == self.RANDOM else self.value()


class PregameDiceEntry(QWidget):
    """Program dice (a seed) or physical dice, typed die by die in the step's order.

    ``typed_changed`` fires when a die is typed, for steps whose later dice depend on
    earlier ones (the post-game plans again from :meth:`typed_prefix`).
    """

    typed_changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        self.program = QRadioButton("Program dice")
        self.typed_mode = QRadioButton("Physical dice, typed die by die")
        self.program.setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.program)
        group.addButton(self.typed_mode)
        self.seed = SeedBox()
        for w in (self.program, self.seed, self.typed_mode):
            row.addWidget(w)
        row.addStretch(1)
        outer.addLayout(row)
        self.fields_widget = QWidget()
        self.form = QFormLayout(self.fields_widget)
        self.form.setContentsMargins(24, 0, 0, 0)
        outer.addWidget(self.fields_widget)
        self.note = label("", "help", wrap=True)
        outer.addWidget(self.note)
        self.fields: list[tuple[DiceSlot, list[DieBox]]] = []
        self.typed_mode.toggled.connect(self._toggle)
        self._toggle(False)

    def _toggle(self, typed: bool) -> None:
        self.seed.setEnabled(not typed)
        self.fields_widget.setVisible(typed)
        self.note.setVisible(typed)

    def slots(self) -> tuple[DiceSlot, ...]:
        """The rolls laid out now."""
        return tuple(slot for slot, _boxes in self.fields)

    def typed_prefix(self) -> list[int]:
        """The dice typed in order up to the first one missing."""
        found = []
        for box in (box for _slot, group in self.fields for box in group):
            if box.value() == MISSING:
                break
            found.append(box.value())
        return found

    def focus_first_missing(self) -> None:
        """Put the cursor in the first die still to type."""
        for box in (box for _slot, group in self.fields for box in group):
            if box.value() == MISSING:
                box.setFocus()
                return

    def set_slots(self, slots: Sequence[DiceSlot]) -> None:
        """Lay out one row per roll; results already typed for the same roll are kept."""
        kept = {slot.label: [b.value() for b in boxes] for slot, boxes in self.fields}
        while self.form.rowCount():
            self.form.removeRow(0)
        self.fields = []
        for slot in slots:
            row = QHBoxLayout()
            boxes = [DieBox(slot.sides, slot.caption) for _ in range(slot.count)]
            for i, box in enumerate(boxes):
                old = kept.get(slot.label, [])
                if i < len(old):
                    box.setValue(old[i])
                box.valueChanged.connect(self._show_missing)
                box.valueChanged.connect(self.typed_changed)
                row.addWidget(box)
            if slot.distinct:
                row.addWidget(label("each different: re-roll a repeat and type the re-roll", "muted"))
            row.addStretch(1)
            self.form.addRow(f"{slot.caption}:", row)
            self.fields.append((slot, boxes))
        self._show_missing()

    def _show_missing(self) -> None:
        missing = self.missing()
        still = f" Still to type: {'; '.join(missing)}." if missing else " Every die is typed."
        self.note.setText(
            "Type each die as it is rolled, in this order; a field only takes its die's results." + still
        )

    def set_problem(self, text: str) -> None:
        """The dice cannot be listed (e.g. the inducements would be refused): say why."""
        while self.form.rowCount():
            self.form.removeRow(0)
        self.fields = []
        self.note.setText(f"The dice cannot be listed yet: {text}")

    def set_values(self, values: Sequence[int]) -> None:
        """Fill the die boxes in order (tests and screenshots)."""
        boxes = [box for _slot, group in self.fields for box in group]
        for box, value in zip(boxes, values, strict=False):
            box.setValue(value)

    def missing(self) -> list[str]:
        """What stops the typed dice, in plain words (empty when every die is typed)."""
        found = []
        for slot, boxes in self.fields:
            values = [b.value() for b in boxes]
            gaps = [i + 1 for i, v in enumerate(values) if v == MISSING]
            if gaps:
                which = f" (die {', '.join(map(str, gaps))})" if slot.count > 1 else ""
                found.append(f"{slot.caption}{which} is not typed in")
            typed = [v for v in values if v != MISSING]
            if slot.distinct and len(set(typed)) < len(typed):
                found.append(f"{slot.caption}: a repeated result is re-rolled; type the re-roll")
        if not self.fields:
            found.append("no dice are listed")
        return found

    def arguments(self) -> dict[str, Any]:
        """``seed``/``typed``/``all_typed`` for the pre- or post-game service.

        Raises:
            RuleViolation: physical dice with a die missing (nothing is rolled for the coach).
        """
        if not self.typed_mode.isChecked():
            return {"seed": self.seed.seed(), "typed": [], "all_typed": False}
        problems = self.missing()
        if problems:
            raise RuleViolation("dice", "; ".join(problems))
        typed = [b.value() for _slot, boxes in self.fields for b in boxes]
        return {"seed": None, "typed": typed, "all_typed": True}
