"""The pick for a classic (LRB 2004) Star Player roll: the roll, then a skill, a trait or the
characteristic as the roll allows (``AdvancementService.star_roll``, the CLI's ``player star-roll``).

The dialog lists the players with a roll waiting for a pick; for the chosen player it shows his
first open roll (2D6, double or not, what it gave) and offers only what the rules allow: a skill
of the categories the roll opens, a trait on a double, the +1 characteristic of a 10-12 result
unless it is at its +2 limit. Picks are made in the order the rolls were made.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QFormLayout,
    QGridLayout,
    QRadioButton,
    QVBoxLayout,
)

from league_manager.services.player_models import StarRollChoice
from league_manager.ui.context import UiContext
from league_manager.ui.widgets import accept_cancel, label

CHARACTERISTICS = {"MA": "Movement", "ST": "Strength", "AG": "Agility", "AV": "Armour"}


def roll_text(choice: StarRollChoice) -> str:
    """The roll in words: "Experienced: 2D6 3 + 5 = 8, a skill" (and the double)."""
    a, b = choice.dice
    gives = "a skill" if choice.result == "skill" else f"+1 {choice.result} or a skill"
    double = " — a double: a skill of the double categories or a trait too" if choice.double else ""
    pending = f" ({choice.pending} rolls wait for a pick; this is the first)" if choice.pending > 1 else ""
    return f"{choice.level}: 2D6 {a} + {b} = {a + b}, {gives}{double}{pending}"


def _fill(combo: QComboBox, groups: tuple[tuple[str, tuple[str, ...]], ...]) -> None:
    combo.clear()
    for category, names in groups:
        for name in names:
            combo.addItem(f"{name} ({category})", name)


class StarRollDialog(QDialog):
    """Pick a skill, trait or characteristic for a player's first open Star Player roll."""

    def __init__(self, ctx: UiContext, players: list[tuple[int, str]], parent: Any = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.choice: StarRollChoice | None = None
        self.gained: str | None = None
        self.setWindowTitle("Star Player roll")
        self.resize(560, 300)
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.player = QComboBox()
        for player_id, name in players:
            self.player.addItem(name, player_id)
        form.addRow("Player", self.player)
        layout.addLayout(form)
        self.roll = label("", "sectionTitle", wrap=True)
        layout.addWidget(self.roll)
        grid = QGridLayout()
        self.kinds = QButtonGroup(self)
        self.skill_option = QRadioButton("Skill")
        self.trait_option = QRadioButton("Trait")
        self.characteristic_option = QRadioButton("Characteristic")
        self.skill = QComboBox()
        self.trait = QComboBox()
        self.characteristic = label("", "muted")
        for row, (option, widget) in enumerate(
            (
                (self.skill_option, self.skill),
                (self.trait_option, self.trait),
                (self.characteristic_option, self.characteristic),
            )
        ):
            self.kinds.addButton(option, row)
            grid.addWidget(option, row, 0)
            grid.addWidget(widget, row, 1)
        layout.addLayout(grid)
        self.note = label("", "muted", wrap=True)
        layout.addWidget(self.note)
        layout.addStretch(1)
        self.take_button = accept_cancel(layout, "Take it", self.take, self.reject)
        self.player.currentIndexChanged.connect(lambda _i: self.load())
        self.load()

    def load(self) -> None:
        """Show the chosen player's first open roll and the picks it allows."""
        player_id = self.player.currentData()
        self.choice = None if player_id is None else self.ctx.svc.advancement.star_roll_choice(int(player_id))
        choice = self.choice
        ok = self.take_button
        if choice is None:
            self.roll.setText("No Star Player roll waits for a pick.")
            for option in self.kinds.buttons():
                option.setEnabled(False)
            self.skill.clear()
            self.trait.clear()
            self.characteristic.setText("")
            self.note.setText("")
            ok.setEnabled(False)
            return
        self.roll.setText(roll_text(choice))
        _fill(self.skill, choice.skills)
        _fill(self.trait, choice.traits)
        self.skill_option.setEnabled(self.skill.count() > 0)
        self.trait_option.setEnabled(self.trait.count() > 0)
        self.trait.setEnabled(self.trait.count() > 0)
        self.trait_option.setToolTip("" if choice.double else "A trait needs a double")
        if choice.characteristic:
            self.characteristic.setText(
                f"+1 {choice.characteristic} ({CHARACTERISTICS[choice.characteristic]})"
            )
        elif choice.result != "skill":
            self.characteristic.setText(f"+1 {choice.result}: already 2 over its start, take a skill")
        else:
            self.characteristic.setText("the roll gives no characteristic")
        self.characteristic_option.setEnabled(choice.characteristic is not None)
        first = self.characteristic_option if choice.characteristic else self.skill_option
        first.setChecked(True)
        categories = ", ".join(c for c, _ in choice.skills)
        self.note.setText(
            f"Skills of {categories or 'no category'}"
            + (f"; traits of {', '.join(c for c, _ in choice.traits)}" if choice.traits else "")
            + ". Skills and traits the player has are not listed. A pick costs no SPP."
        )
        ok.setEnabled(True)

    def pick(self) -> tuple[str, str] | None:
        """The chosen kind and name, or None when nothing can be picked."""
        choice = self.choice
        if choice is None:
            return None
        if self.characteristic_option.isChecked() and choice.characteristic:
            return "characteristic", choice.characteristic
        combo = self.trait if self.trait_option.isChecked() else self.skill
        kind = "trait" if self.trait_option.isChecked() else "skill"
        return (kind, str(combo.currentData())) if combo.currentData() is not None else None

    def take(self) -> None:
        """Record the pick; the dialog stays open with the refusal when the rules refuse it."""
        picked, choice = self.pick(), self.choice
        if picked is None or choice is None:
            return
        kind, name = picked
        player_id = choice.player_id

        def done(_view: Any) -> None:
            self.gained = name
            self.accept()

        self.ctx.runner.run_op(
            lambda: self.ctx.svc.advancement.star_roll(player_id, kind, name),  # type: ignore[arg-type]
            title=f"Could not give {choice.player} {name}",
            on_success=done,
        )
