"""League → League Settings: a running league's house rules, what each affects, changed in one step.

Settings that the league's played history locks (those that score the tables once a
result exists) are shown read-only with the reason; the service refuses them too.
The change is confirmed, applied in one transaction and can be taken back with Undo.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from league_manager.rules.loader import load_ruleset
from league_manager.rules.model import HouseRule
from league_manager.services.read_models import LeagueView
from league_manager.ui.context import UiContext
from league_manager.ui.operations import UndoStep
from league_manager.ui.widgets import accept_cancel, label, set_tone
from league_manager.ui.wizard import editor_for, value_of

SettingValue = bool | int | str


def set_value(editor: QWidget, value: Any) -> None:
    """Put a setting's current value into its control."""
    if isinstance(editor, QCheckBox):
        editor.setChecked(bool(value))
    elif isinstance(editor, QSpinBox):
        editor.setValue(int(value))
    elif isinstance(editor, QComboBox):
        editor.setCurrentIndex(max(0, editor.findData(str(value))))


def shown(value: Any) -> str:
    """A setting's value in words."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value).replace("_", " ")


class LeagueSettingsDialog(QDialog):
    """Edit a league's house rules after creation."""

    def __init__(self, ctx: UiContext, league_id: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.league: LeagueView = ctx.svc.leagues.get_league(league_id)
        self.setWindowTitle(f"League settings — {self.league.name}")
        self.resize(720, 640)
        self.rules: tuple[HouseRule, ...] = load_ruleset(self.league.ruleset).house_rules
        effects = {e.key: e for e in ctx.svc.leagues.setting_effects(league_id)}
        outer = QVBoxLayout(self)
        outer.addWidget(label(
            "Each setting says what it changes. Settings that score the league tables are locked "
            "once a result is entered, so the tables of played rounds never change after the fact.",
            "help", wrap=True,
        ))  # fmt: skip
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        holder = QWidget()
        form = QFormLayout(holder)
        form.setVerticalSpacing(4)
        self.editors: dict[str, QWidget] = {}
        self.locked: dict[str, str] = {}
        for rule in self.rules:
            editor = editor_for(rule)
            set_value(editor, self.league.settings.get(rule.key, rule.default))
            if rule.kind != "bool":
                editor.setMaximumWidth(editor.fontMetrics().horizontalAdvance("0" * 14) + 60)
            self.editors[rule.key] = editor
            box = QWidget()
            column = QVBoxLayout(box)
            column.setContentsMargins(0, 0, 0, 10)
            column.setSpacing(2)
            column.addWidget(editor)
            column.addWidget(label(rule.help, "help", wrap=True))
            effect = effects.get(rule.key)
            if effect is not None:
                column.addWidget(label(f"Affects: {effect.affects}", "help", wrap=True))
                if effect.locked_because:
                    self.locked[rule.key] = effect.locked_because
                    editor.setEnabled(False)
                    editor.setToolTip(effect.locked_because)
                    lock = label(f"Locked: {effect.locked_because}.", "help", wrap=True)
                    set_tone(lock, "warning")
                    column.addWidget(lock)
            form.addRow(rule.label if rule.kind != "bool" else "", box)
        scroll.setWidget(holder)
        outer.addWidget(scroll, 1)
        self.apply_button = accept_cancel(outer, "Apply Changes…", self.apply, self.reject)

    def changes(self) -> dict[str, SettingValue]:
        """The settings whose control differs from the league's value."""
        out = {}
        for rule in self.rules:
            value = value_of(rule, self.editors[rule.key])
            if value != self.league.settings.get(rule.key, rule.default):
                out[rule.key] = value
        return out

    def apply(self) -> None:
        """Confirm the changes, then apply them in one step (Undo takes them back)."""
        wanted = self.changes()
        if not wanted:
            self.ctx.dialogs.info("League settings", "Nothing was changed.")
            return
        labels = {rule.key: rule.label for rule in self.rules}
        old = {key: self.league.settings.get(key) for key in wanted}
        lines = "\n".join(f"• {labels[k]}: {shown(old[k])} → {shown(v)}" for k, v in wanted.items())
        if not self.ctx.dialogs.confirm(
            "Change the league settings", f"Change these settings of {self.league.name}?\n\n{lines}", "Change"
        ):
            return
        services, league_id, name = self.ctx.svc, self.league.id, self.league.name
        outcome = self.ctx.runner.run_op(
            lambda: services.leagues.update_settings(league_id, wanted),
            title="Could not change the settings",
            undo=lambda _o: UndoStep(
                f"settings of {name}", lambda: services.leagues.update_settings(league_id, old)
            ),
        )
        if outcome is not None:
            self.accept()
