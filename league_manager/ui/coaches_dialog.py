"""League → Coaches: the logins of a shared league, and adding or removing them.

The same as ``share list`` / ``add-coach`` / ``add-viewer`` / ``add-commissioner`` /
``remove``. A password is typed twice in masked fields, or generated into a file only the
user can read (its path is shown, never the password), or left out for servers that
authenticate otherwise (certificates, peer). No message ever holds a password.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QRadioButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from league_manager.core.errors import LeagueError
from league_manager.core.secret_files import new_password, password_file_for, write_secret
from league_manager.core.urls import short_name
from league_manager.ui.league_choice import league_or_first
from league_manager.ui.widgets import button, label

TYPED, GENERATED, NONE = "typed", "generated", "none"
"""How the new login's password is chosen."""

KIND_WORDS = {"commissioner": "Commissioner", "coach": "Coach", "viewer": "Viewer"}


class Place(Protocol):
    """This login on the shared league (``SharePlace``)."""

    @property
    def login(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def team(self) -> str | None: ...
    @property
    def manage_refusal(self) -> str | None: ...
    @property
    def runs_league(self) -> bool: ...


def action_state(place: Place | None) -> tuple[bool, str]:
    """Whether League → Coaches… is enabled, and its tooltip (the reason when it is not)."""
    if place is None:
        return False, "Only a shared league has coaches' logins: share it first (File → Share League…)"
    if not place.runs_league:
        who = f"{place.login} ({place.kind}{' of ' + place.team if place.team else ''})"
        return False, f"Only the league's commissioner manages its logins; you are {who}"
    return True, "The logins of the shared league: add coaches, viewers and commissioners, or remove them"


class CoachesDialog(QDialog):
    """The members of a shared league; add a coach, viewer or commissioner; remove one.

    Args:
        shared: the shared-league service (``Services.shared``).
        league: the league's name on the server.
        teams: the league's team names (for a coach).
        place: this login's place (who may manage the logins).
        confirm: asks a yes/no question (``DialogService.confirm``).
        password_folder: where generated passwords are written (default: the user's data folder).
    """

    def __init__(
        self,
        shared: Any,
        league: str,
        teams: list[str],
        place: Place,
        confirm: Callable[[str, str, str], bool],
        password_folder: Path | None = None,
        location: str = "",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.shared, self.league, self.place, self.confirm = shared, league, place, confirm
        self.password_folder = password_folder
        self.setWindowTitle("Coaches")
        self.resize(760, 640)
        outer = QVBoxLayout(self)
        where = f" on {location}" if location else ""
        outer.addWidget(label(
            f"Who logs in to {league}{where}. The server itself enforces what each may write: "
            "a coach only their own team, a viewer nothing, a commissioner everything.",
            "help", wrap=True,
        ))  # fmt: skip
        self.table = QTableWidget(0, 3)
        self.table.setHorizontalHeaderLabels(["Login", "Role", "Team"])
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        outer.addWidget(self.table, 1)
        row = QHBoxLayout()
        row.addStretch(1)
        self.remove_button = button(
            "Remove…", "remove", tip="Take the selected login away (the server drops it)"
        )
        self.remove_button.clicked.connect(self.remove)
        row.addWidget(self.remove_button)
        outer.addLayout(row)
        outer.addWidget(self._add_box(teams))
        self.outcome = QLabel("")
        self.outcome.setObjectName("help")
        self.outcome.setWordWrap(True)
        outer.addWidget(self.outcome)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        outer.addWidget(buttons)
        refusal = place.manage_refusal
        for widget in (self.remove_button, *self.add_buttons.values()):
            widget.setEnabled(refusal is None)
            if refusal is not None:
                widget.setToolTip(refusal[:1].upper() + refusal[1:] + ".")
        if refusal is not None:
            self.say(refusal[:1].upper() + refusal[1:] + ".")
        self.reload()

    def _add_box(self, teams: list[str]) -> QGroupBox:
        box = QGroupBox("Add a login")
        form = QFormLayout(box)
        self.name = QLineEdit()
        self.name.setPlaceholderText("the login name, e.g. bo")
        form.addRow("Login", self.name)
        self.team = QComboBox()
        self.team.addItems(teams)
        form.addRow("Team (a coach's)", self.team)
        self.modes = QButtonGroup(self)
        self.mode_buttons: dict[str, QRadioButton] = {}
        choices = (
            (TYPED, "Type a password (twice)"),
            (GENERATED, "Generate one into a file only you can read"),
            (NONE, "No password: the server authenticates otherwise (certificates, peer)"),
        )
        column = QVBoxLayout()
        for mode, text in choices:
            radio = QRadioButton(text)
            self.modes.addButton(radio)
            self.mode_buttons[mode] = radio
            column.addWidget(radio)
        self.mode_buttons[TYPED].setChecked(True)
        form.addRow("Password", column)
        self.password = QLineEdit()
        self.again = QLineEdit()
        for field, hint in ((self.password, "password"), (self.again, "the same again")):
            field.setEchoMode(QLineEdit.EchoMode.Password)
            field.setPlaceholderText(hint)
        form.addRow("", self.password)
        form.addRow("", self.again)
        self.modes.buttonToggled.connect(lambda *_: self._mode_changed())
        row = QHBoxLayout()
        self.add_buttons = {
            "coach": button("Add coach", "add", primary=True, tip="A coach writes only their own team"),
            "viewer": button("Add viewer", "add", tip="A viewer reads the league and writes nothing"),
            "commissioner": button("Add commissioner", "add", tip="A commissioner may change everything"),
        }
        for kind, widget in self.add_buttons.items():
            widget.clicked.connect(lambda _=False, k=kind: self.add(k))
            row.addWidget(widget)
        row.addStretch(1)
        form.addRow(row)
        return box

    def _mode_changed(self) -> None:
        typed = self.mode() == TYPED
        self.password.setEnabled(typed)
        self.again.setEnabled(typed)

    def mode(self) -> str:
        """How the password is chosen: typed, generated or none."""
        return next(m for m, radio in self.mode_buttons.items() if radio.isChecked())

    def say(self, text: str) -> None:
        """Show an outcome or a refusal under the form."""
        self.outcome.setText(text)

    def reload(self) -> None:
        """Fill the list with the league's members."""
        try:
            members = self.shared.members()
        except LeagueError as exc:
            self.say(f"Cannot list the logins: {exc}")
            return
        self.table.setRowCount(len(members))
        for index, member in enumerate(members):
            cells = (member.role, KIND_WORDS.get(member.kind, member.kind), member.team or "")
            for column, value in enumerate(cells):
                self.table.setItem(index, column, QTableWidgetItem(value))

    def selected_login(self) -> str | None:
        """The login selected in the list, if any."""
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return None
        item = self.table.item(rows[0].row(), 0)
        return item.text() if item is not None else None

    def add(self, kind: str) -> bool:
        """Add the login typed as ``kind``; False (with the reason shown) when refused."""
        name = self.name.text().strip()
        if not name:
            self.say("Type the login name first; nothing was changed.")
            return False
        team = self.team.currentText() if kind == "coach" else None
        if kind == "coach" and not team:
            self.say("A coach needs their team, and this league has none yet; nothing was changed.")
            return False
        mode, written = self.mode(), None
        password: str | None = None
        if mode == TYPED:
            password = self.password.text()
            if not password or password != self.again.text():
                self.say("The two passwords are empty or differ; nothing was changed.")
                return False
        elif mode == GENERATED:
            password = new_password()
            written = password_file_for(name, self.password_folder)
            try:
                write_secret(written, password)  # kept before the server's role gets it
            except OSError as exc:
                self.say(f"Cannot write the password file {written}: {exc.strerror}; nothing was changed.")
                return False
        try:
            member = self.shared.add_member(self.league, name, kind, team=team, password=password)
        except LeagueError as exc:
            if written is not None:
                written.unlink(missing_ok=True)
            why = str(exc).replace(password, "•••") if password else str(exc)
            self.say(f"Not added: {why[:1].upper() + why[1:]}")
            return False
        finally:
            self.password.clear()
            self.again.clear()
        line = f"{member.role} may now log in as {member.kind}" + (
            f" of {member.team}" if member.team else ""
        )
        if written is not None:
            line += f". The password is in {written} (readable by you only): hand it over safely."
        elif mode == NONE:
            line += ", with no password: the server must know them otherwise (certificate, peer)."
        else:
            line += "."
        self.name.clear()
        self.say(line)
        self.reload()
        return True

    def remove(self) -> bool:
        """Take the selected login away, after a confirmation."""
        login = self.selected_login()
        if login is None:
            self.say("Select a login in the list to remove.")
            return False
        if login == self.place.login:
            self.say("You cannot remove your own login.")
            return False
        if not self.confirm(
            "Remove a login",
            f"Remove {login}? Their login is dropped on the server; they can no longer open the league.",
            "Remove",
        ):
            return False
        try:
            gone = self.shared.remove_member(login)
        except LeagueError as exc:
            self.say(f"Not removed: {exc}")
            return False
        self.say(f"Removed {gone.role} ({gone.kind}).")
        self.reload()
        return True


def open_coaches(window: Any, show_only: bool = False) -> CoachesDialog | None:
    """League → Coaches…: the dialog for the selected (or only) league of the shared database.

    ``show_only`` shows it without waiting (``gui --page coaches`` screenshots).
    """
    services = window.ctx.services
    place = services.share_place if services is not None else None
    enabled, why = action_state(place)
    if not enabled or services is None or place is None:
        window.dialogs.info("Coaches", why + ".")
        return None
    league = league_or_first(services.leagues.list_leagues(), ident=window.selected_league())
    if league is None:
        window.dialogs.info("Coaches", "This database holds no league yet.")
        return None
    teams = [t.name for t in services.teams.list_teams(league.id)]
    dialog = CoachesDialog(
        services.shared,
        league.name,
        teams,
        place,
        window.dialogs.confirm,
        location=short_name(window.db_path or ""),
        parent=window,
    )
    if show_only:
        dialog.show()
    else:
        window.dialogs.run(dialog)
    return dialog
