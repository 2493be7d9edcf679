"""Register a team (or edit a registration) at the tournament desk.

The dialog checks the roster live with the same exhibition rules the service applies
(:func:`league_manager.rules.exhibition.check_roster`), so the refusal, with the rule named,
shows while the coach is still choosing; "Register" then goes through the event service,
which checks everything again (and that the coach is not registered twice).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from league_manager.core.errors import LeagueError
from league_manager.core.money import format_gold
from league_manager.rules.draft import DraftPlan
from league_manager.rules.exhibition import check_roster, parse_picks
from league_manager.rules.loader import load_ruleset
from league_manager.rules.model import TeamRoster
from league_manager.services.event_views import EntryView, EventState
from league_manager.ui.widgets import accept_cancel


class RegisterDialog(QDialog):
    """Coach, NAF number, race, team name, players bought, skill pack and inducements."""

    def __init__(
        self, service: Any, state: EventState, entry: EntryView | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"{'Edit' if entry else 'Register a'} team - {state.name}")
        self.service = service
        self.state = state
        self.entry = entry
        self.ruleset = load_ruleset(state.settings.ruleset)
        self.result_entry: EntryView | None = None
        layout = QVBoxLayout(self)
        rules = QLabel(" · ".join(state.settings.lines()))
        rules.setWordWrap(True)
        layout.addWidget(rules)
        form = QFormLayout()
        self.coach = QLineEdit()
        self.naf = QLineEdit()
        self.naf.setPlaceholderText("optional, digits only")
        self.race = QComboBox()
        for team in sorted(self.ruleset.teams.values(), key=lambda t: t.name):
            self.race.addItem(team.name, team.id)
        self.team_name = QLineEdit()
        self.squad = QLineEdit()
        size = state.settings.team_size
        self.squad.setEnabled(bool(size))
        self.squad.setPlaceholderText(f"the team of {size} coaches played for" if size else "")
        self.squad.setToolTip("" if size else "This event has no teams of coaches")
        form.addRow("&Coach:", self.coach)
        form.addRow("&NAF number:", self.naf)
        form.addRow("&Race:", self.race)
        form.addRow("&Team name:", self.team_name)
        form.addRow("Team of &coaches:", self.squad)
        layout.addLayout(form)
        lists = QHBoxLayout()
        self.positions = QTableWidget()
        self.inducements = QTableWidget()
        lists.addWidget(self.positions, 3)
        lists.addWidget(self.inducements, 2)
        layout.addLayout(lists, 1)
        extras = QFormLayout()
        self.rerolls = QSpinBox()
        self.apothecary = QCheckBox("Apothecary")
        self.skills = QLineEdit()
        self.skills.setPlaceholderText("PLAYER:SKILL, ... e.g. 1:Block, 5:Guard (players numbered as bought)")
        self.numbering = QLabel()
        self.numbering.setWordWrap(True)
        extras.addRow("Team re-&rolls:", self.rerolls)
        extras.addRow("", self.apothecary)
        extras.addRow("&Skills:", self.skills)
        extras.addRow("Players:", self.numbering)
        layout.addLayout(extras)
        self.verdict = QLabel()
        self.verdict.setWordWrap(True)
        layout.addWidget(self.verdict)
        text = "Register" if entry is None else "Save"
        self.ok = accept_cancel(layout, text, self.submit, self.reject)
        self.race.currentIndexChanged.connect(lambda _i: self.load_race())
        self.rerolls.valueChanged.connect(lambda _v: self.check())
        self.apothecary.toggled.connect(lambda _v: self.check())
        self.skills.textChanged.connect(lambda _t: self.check())
        if entry is not None:
            self._fill(entry)
        else:
            self.load_race()

    @property
    def team(self) -> TeamRoster:
        """The race chosen."""
        return self.ruleset.team(str(self.race.currentData()))

    def load_race(self, counts: dict[str, int] | None = None, induced: dict[str, int] | None = None) -> None:
        """List the race's positions and the inducements it may buy."""
        team = self.team
        counts = counts or {}
        induced = induced or {}
        self.positions.clear()
        self.positions.setColumnCount(4)
        self.positions.setHorizontalHeaderLabels(["Position", "Cost", "Max", "Bought"])
        self.positions.setRowCount(len(team.positions))
        self.position_boxes: dict[str, QSpinBox] = {}
        for row, position in enumerate(team.positions):
            texts = (position.name, format_gold(position.cost), str(position.max_quantity))
            for col, text in enumerate(texts):
                self.positions.setItem(row, col, QTableWidgetItem(text))
            box = QSpinBox()
            box.setRange(0, position.max_quantity)
            box.setValue(counts.get(position.name, 0))
            box.valueChanged.connect(lambda _v: self.check())
            self.positions.setCellWidget(row, 3, box)
            self.position_boxes[position.name] = box
        self.positions.resizeColumnsToContents()
        offered = [
            i for i in self.ruleset.inducements.values() if i.available_for(team) and i.max_for(team) != 0
        ]
        stars = self.ruleset.stars_for(team)
        allowed = self.state.settings.stars
        self.inducements.clear()
        self.inducements.setColumnCount(3)
        self.inducements.setHorizontalHeaderLabels(["Inducement", "Cost", "Bought"])
        self.inducements.setRowCount(len(offered) + len(stars))
        self.inducement_boxes: dict[str, QSpinBox] = {}
        rows = [(i.name, i.cost_for(team), i.max_for(team), "") for i in offered]
        refusal = "" if allowed else "Star players: the organiser does not allow them at this event"
        rows += [(f"{s.name}", s.pair_cost if s.pair and s.pair_cost else s.cost, 1, refusal) for s in stars]
        for row, (name, cost, most, refused) in enumerate(rows):
            label = name if row < len(offered) else f"Star: {name}"
            self.inducements.setItem(row, 0, QTableWidgetItem(label))
            self.inducements.setItem(row, 1, QTableWidgetItem(format_gold(cost)))
            box = QSpinBox()
            box.setRange(0, 99 if most is None else most)
            box.setValue(induced.get(name, 0))
            box.setEnabled(not refused)
            box.setToolTip(refused)
            box.valueChanged.connect(lambda _v: self.check())
            self.inducements.setCellWidget(row, 2, box)
            self.inducement_boxes[name] = box
        self.inducements.resizeColumnsToContents()
        self.rerolls.setRange(0, self.ruleset.draft.max_rerolls)
        self.apothecary.setEnabled(team.apothecary)
        self.apothecary.setToolTip("" if team.apothecary else f"{team.name} may not hire an apothecary")
        if not team.apothecary:
            self.apothecary.setChecked(False)
        self.check()

    def _fill(self, entry: EntryView) -> None:
        roster = entry.roster
        players: list[dict[str, Any]] = list(roster.get("players", []))  # type: ignore[call-overload]
        counts: dict[str, int] = {}
        for player in players:
            counts[player["position"]] = counts.get(player["position"], 0) + 1
        self.coach.setText(entry.coach)
        self.naf.setText("" if entry.naf_number is None else str(entry.naf_number))
        self.team_name.setText(entry.team_name)
        self.squad.setText(entry.squad)
        self.race.blockSignals(True)
        self.race.setCurrentIndex(max(0, self.race.findText(entry.race)))
        self.race.blockSignals(False)
        self.rerolls.setValue(int(roster.get("rerolls", 0)))  # type: ignore[call-overload]
        self.apothecary.setChecked(bool(roster.get("apothecary", False)))
        self.skills.setText(", ".join(f"{p['number']}:{s}" for p in players for s in p["skills"]))
        self.load_race(counts, dict(roster.get("inducements", {})))  # type: ignore[call-overload]
        self.rerolls.setValue(int(roster.get("rerolls", 0)))  # type: ignore[call-overload]

    def buys(self) -> list[tuple[str, int]]:
        """Positions bought, in the roster's order (players are numbered in that order)."""
        return [(name, box.value()) for name, box in self.position_boxes.items() if box.value()]

    def bought_inducements(self) -> dict[str, int]:
        """Inducement name -> how many."""
        return {name: box.value() for name, box in self.inducement_boxes.items() if box.value()}

    def check(self) -> bool:
        """Check the roster as it stands; say what it costs or which rule it breaks."""
        buys = self.buys()
        first = 1
        parts = []
        for name, count in buys:
            parts.append(f"{first}-{first + count - 1} {name}" if count > 1 else f"{first} {name}")
            first += count
        self.numbering.setText(", ".join(parts) or "none bought yet")
        try:
            plan = DraftPlan(
                self.team.name, dict(buys), rerolls=self.rerolls.value(),
                apothecary=self.apothecary.isChecked(),
            )  # fmt: skip
            picks = parse_picks(self.skills.text())
            order = [n for n, _ in buys]
            checked = check_roster(
                self.ruleset, self.state.settings, plan, order, picks, self.bought_inducements()
            )
        except LeagueError as exc:
            self.verdict.setText(f"Refused: {exc}")
            return False
        self.verdict.setText(
            f"Within the rules: {len(checked.players)} players, spent {format_gold(checked.spent)} of "
            f"{format_gold(checked.budget)}, {format_gold(checked.lost)} unspent is lost; "
            f"team value {format_gold(checked.team_value)}"
        )
        return True

    def submit(self) -> None:
        """Register (or save) through the event service; a refusal keeps the dialog open."""
        naf_text = self.naf.text().strip()
        if naf_text and not naf_text.isdigit():
            self.verdict.setText("Refused: NAF number: digits only")
            return
        try:
            self.result_entry = self.service.register(
                self.state.name,
                coach=self.coach.text(),
                race=self.team.name,
                team_name=self.team_name.text(),
                buys=self.buys(),
                picks=parse_picks(self.skills.text()),
                inducements=self.bought_inducements(),
                rerolls=self.rerolls.value(),
                apothecary=self.apothecary.isChecked(),
                naf_number=int(naf_text) if naf_text else None,
                replaces=None if self.entry is None else self.entry.id,
                squad=self.squad.text() or None,
            )
        except LeagueError as exc:
            self.verdict.setText(f"Refused: {exc}")
            return
        self.accept()
