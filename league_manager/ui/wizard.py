"""The New League wizard: name and ruleset, then the house rules with their defaults explained."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QLineEdit,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

from league_manager.rules.loader import league_rulesets, load_ruleset
from league_manager.rules.model import HouseRule
from league_manager.ui.widgets import label, set_tone

SettingValue = bool | int | str


class _NamePage(QWizardPage):
    def __init__(self, taken: set[str]) -> None:
        super().__init__()
        self.taken = {t.lower() for t in taken}
        self.setTitle("A new league")
        self.setSubTitle("Give the league a name and choose the rules it is played by.")
        form = QFormLayout(self)
        self.name = QLineEdit()
        self.name.setPlaceholderText("e.g. Old World Classic")
        self.ruleset = QComboBox()
        for ruleset_id in league_rulesets():  # the classic LRB 2004 too: entered from the tabletop
            ruleset = load_ruleset(ruleset_id)
            self.ruleset.addItem(f"{ruleset.name} ({ruleset.version})", ruleset_id)
        self.problem = label("", "help")
        form.addRow("League name", self.name)
        form.addRow("Ruleset", self.ruleset)
        form.addRow("", self.problem)
        form.addRow("", label("The league keeps this ruleset version; a later version is an explicit "
                              "change, never a surprise.", "help", wrap=True))  # fmt: skip
        self.name.textChanged.connect(self._changed)
        self._changed()

    def _changed(self) -> None:
        name = self.name.text().strip()
        taken = name.lower() in self.taken
        self.problem.setText(f"A league called “{name}” already exists." if taken else "")
        set_tone(self.problem, "danger")
        self.completeChanged.emit()

    def isComplete(self) -> bool:
        name = self.name.text().strip()
        return bool(name) and name.lower() not in self.taken


class _HouseRulesPage(QWizardPage):
    def __init__(self) -> None:
        super().__init__()
        self.setTitle("House rules")
        self.setSubTitle("Every setting starts at the ruleset's default. Change only what your league "
                         "plays differently; you can read each line's effect below it.")  # fmt: skip
        outer = QVBoxLayout(self)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        holder = QWidget()
        self.form = QFormLayout(holder)
        self.form.setVerticalSpacing(4)
        scroll.setWidget(holder)
        outer.addWidget(scroll)
        self.editors: dict[str, QWidget] = {}
        self.rules: tuple[HouseRule, ...] = ()

    def show_rules(self, rules: tuple[HouseRule, ...]) -> None:
        while self.form.rowCount():
            self.form.removeRow(0)
        self.editors.clear()
        self.rules = rules
        for rule in rules:
            editor = editor_for(rule)
            if rule.kind != "bool":
                editor.setMaximumWidth(editor.fontMetrics().horizontalAdvance("0" * 14) + 60)
            self.editors[rule.key] = editor
            box = QWidget()
            column = QVBoxLayout(box)
            column.setContentsMargins(0, 0, 0, 10)
            column.setSpacing(2)
            column.addWidget(editor)
            help_text = label(rule.help, "help", wrap=True)
            column.addWidget(help_text)
            self.form.addRow(rule.label if rule.kind != "bool" else "", box)

    def values(self) -> dict[str, SettingValue]:
        return {rule.key: value_of(rule, self.editors[rule.key]) for rule in self.rules}


def editor_for(rule: HouseRule) -> QWidget:
    """The control for one house rule, set to its default."""
    if rule.kind == "bool":
        box = QCheckBox(rule.label)
        box.setChecked(bool(rule.default))
        return box
    if rule.kind == "int":
        spin = QSpinBox()
        money = rule.key == "budget"
        spin.setRange(0, 5_000_000 if money else rule.maximum or 100)
        spin.setSingleStep(10_000 if money else 1)
        spin.setGroupSeparatorShown(True)
        if money:
            spin.setSuffix(" gp")
        spin.setValue(int(rule.default))
        return spin
    combo = QComboBox()
    for choice in rule.choices:
        combo.addItem(choice.replace("_", " "), choice)
    combo.setCurrentIndex(max(0, combo.findData(rule.default)))
    return combo


def value_of(rule: HouseRule, editor: QWidget) -> SettingValue:
    """The value a house-rule control holds."""
    if isinstance(editor, QCheckBox):
        return editor.isChecked()
    if isinstance(editor, QSpinBox):
        return editor.value()
    assert isinstance(editor, QComboBox)
    return str(editor.currentData())


class NewLeagueWizard(QWizard):
    """Collects a league's name, ruleset and house-rule settings."""

    def __init__(self, taken: set[str] = frozenset(), parent=None) -> None:  # type: ignore[assignment]
        super().__init__(parent)
        self.setWindowTitle("New league")
        self.setWizardStyle(QWizard.WizardStyle.ModernStyle)
        self.setOption(QWizard.WizardOption.NoBackButtonOnStartPage)
        self.setButtonText(QWizard.WizardButton.FinishButton, "Create league")
        self.name_page = _NamePage(set(taken))
        self.rules_page = _HouseRulesPage()
        self.addPage(self.name_page)
        self.addPage(self.rules_page)
        self.name_page.ruleset.currentIndexChanged.connect(self._ruleset_changed)
        self._ruleset_changed()
        self.resize(720, 640)

    def _ruleset_changed(self) -> None:
        self.rules_page.show_rules(load_ruleset(self.ruleset_id()).house_rules)

    def league_name(self) -> str:
        """The name typed on the first page."""
        return self.name_page.name.text().strip()

    def ruleset_id(self) -> str:
        """The chosen ruleset id."""
        return str(self.name_page.ruleset.currentData() or "bb2020")

    def settings(self) -> dict[str, SettingValue]:
        """The house-rule settings that differ from the defaults."""
        defaults = load_ruleset(self.ruleset_id()).house_rule_defaults()
        return {k: v for k, v in self.rules_page.values().items() if defaults.get(k) != v}
