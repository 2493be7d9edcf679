"""Print / Export PDF: choose the paper, build the PDF off the GUI thread, preview it, save or open it."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QObject, Qt, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtPdf import QPdfDocument
from PySide6.QtPdfWidgets import QPdfView
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QVBoxLayout,
    QWidget,
)

from league_manager.core.errors import LeagueError
from league_manager.core.files import write_bytes_atomically
from league_manager.rules.loader import load_ruleset
from league_manager.rules.model import Ruleset
from league_manager.ui.context import UiContext
from league_manager.ui.widgets import accept_cancel, button, label

if TYPE_CHECKING:
    from league_manager.reports import PageOptions

DEFAULT_RULESET = "bb2020"


def _reports() -> Any:
    """The PDF builders, imported when first used: reportlab is not loaded at start-up."""
    import league_manager.reports as reports

    return reports


class PrintOptionsDialog(QDialog):
    """Paper, orientation and (for some documents) an opponent or a choice of teams."""

    def __init__(
        self,
        title: str,
        parent: QWidget | None = None,
        *,
        landscape: bool = True,
        opponents: list[tuple[str, int]] | None = None,
        teams: list[tuple[str, int]] | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 18, 20, 16)
        layout.addWidget(label(title, "pageTitle"))
        form = QFormLayout()
        self.paper = QComboBox()
        self.paper.addItem("A4", "a4")
        self.paper.addItem("US Letter", "letter")
        form.addRow("Paper", self.paper)
        self.orientation = QComboBox()
        self.orientation.addItems(["Portrait", "Landscape"])
        self.orientation.setEnabled(landscape)
        form.addRow("Orientation", self.orientation)
        self.opponent: QComboBox | None = None
        if opponents is not None:
            self.opponent = QComboBox()
            for name, ident in opponents:
                self.opponent.addItem(name, ident)
            form.addRow("Opponent", self.opponent)
        layout.addLayout(form)
        self.teams: QListWidget | None = None
        if teams is not None:
            layout.addWidget(label("Teams in the book", "muted"))
            self.teams = QListWidget()
            for name, ident in teams:
                item = QListWidgetItem(name)
                item.setData(Qt.ItemDataRole.UserRole, ident)
                item.setCheckState(Qt.CheckState.Checked)
                self.teams.addItem(item)
            layout.addWidget(self.teams, 1)
        self.ok = accept_cancel(layout, button("Preview", "search", primary=True), self.accept, self.reject)

    def options(self) -> PageOptions:
        """The chosen paper and orientation."""
        return _reports().PageOptions(str(self.paper.currentData()), self.orientation.currentIndex() == 1)

    def chosen_teams(self) -> list[int]:
        """The ticked teams of a roster book."""
        if self.teams is None:
            return []
        items = [self.teams.item(row) for row in range(self.teams.count())]
        return [
            int(i.data(Qt.ItemDataRole.UserRole)) for i in items if i.checkState() == Qt.CheckState.Checked
        ]


class PdfPreviewDialog(QDialog):
    """Shows a PDF (Qt's PDF view) with Save as… and Open in the system viewer."""

    def __init__(
        self, data: bytes, title: str, filename: str, ctx: UiContext, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.data = data
        self.filename = filename
        self.ctx = ctx
        self.saved: Path | None = None
        self.setWindowTitle(f"Preview: {title}")
        self.resize(900, 1000)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 12, 12, 12)
        self._bytes = QByteArray(data)
        self._buffer = QBuffer(self._bytes, self)
        self._buffer.open(QIODevice.OpenModeFlag.ReadOnly)
        self.document = QPdfDocument(self)
        self.document.load(self._buffer)
        self.view = QPdfView(self)
        self.view.setDocument(self.document)
        self.view.setPageMode(QPdfView.PageMode.MultiPage)
        self.view.setZoomMode(QPdfView.ZoomMode.FitToWidth)
        self.view.setPageSpacing(12)
        self.view.setStyleSheet("QPdfView { background: #8a8f98; }")
        pages = self.document.pageCount()
        layout.addWidget(label(f"{title}   ·   {pages} page{'s' if pages != 1 else ''}", "sectionTitle"))
        layout.addWidget(self.view, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.save_button = button("Save as…", "save", primary=True, tip="Write the PDF to a file")
        self.open_button = button("Open in system viewer", "open", tip="Open the PDF in your PDF reader")
        buttons.addButton(self.save_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.open_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.save_button.clicked.connect(self.save_as)
        self.open_button.clicked.connect(self.open_external)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def save_as(self) -> Path | None:
        """Ask where, then write the PDF there."""
        path = self.ctx.dialogs.save_pdf("Save PDF", self.filename)
        if not path:
            return None
        target = Path(path if path.lower().endswith(".pdf") else f"{path}.pdf")
        try:
            write_bytes_atomically(target, self.data)
        except OSError as exc:
            self.ctx.dialogs.error("Could not save the PDF", f"Cannot write {target}: {exc.strerror or exc}")
            return None
        self.saved = target
        return target

    def open_external(self) -> Path:
        """Write the PDF to a temporary file and open it in the system's PDF reader."""
        folder = Path(tempfile.mkdtemp(prefix="league-manager-"))
        target = folder / self.filename
        write_bytes_atomically(target, self.data)
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(target)))
        return target


def _ruleset(ruleset_id: str) -> Ruleset | None:
    try:
        return load_ruleset(ruleset_id)
    except LeagueError:
        return None


def safe_name(text: str) -> str:
    """A file name from a title."""
    return "".join(c if c.isalnum() or c in "-_" else "-" for c in text.strip()).strip("-") or "document"


class Printer(QObject):
    """Print / Export PDF actions of a page."""

    def __init__(self, ctx: UiContext, parent: QWidget) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.widget = parent
        self.last_preview: PdfPreviewDialog | None = None

    def _ask(self, dialog: PrintOptionsDialog) -> bool:
        return self.ctx.dialogs.run(dialog)

    def build(self, title: str, filename: str, make: Callable[[], bytes]) -> None:
        """Build the PDF on the worker thread, then show the preview."""

        def done(data: bytes) -> None:
            preview = PdfPreviewDialog(data, title, filename, self.ctx, self.widget)
            self.last_preview = preview
            self.ctx.dialogs.run(preview)

        def failed(exc: BaseException) -> None:
            self.ctx.runner.report("Could not make the PDF", exc)

        self.ctx.runner.call_in_background(make, done, failed, busy=f"Making {filename}…")

    def roster(self, team_id: int) -> None:
        """A team's roster (A4/Letter, portrait/landscape)."""
        services = self.ctx.svc
        team = services.teams.get_team(team_id)
        dialog = PrintOptionsDialog(f"Print the roster of {team.name}", self.widget)
        if not self._ask(dialog):
            return
        options = dialog.options()
        settings = dict(services.leagues.get_league(team.league_id).settings)
        history = services.history.team_series(team.id)
        self.build(
            f"Roster of {team.name}",
            f"{safe_name(team.name)}-roster.pdf",
            lambda: _reports().roster_pdf(
                team, _ruleset(team.ruleset), options=options, settings=settings, history=history
            ),
        )

    def match_sheet(self, team_id: int) -> None:
        """A match sheet of a team against a chosen opponent of its league."""
        services = self.ctx.svc
        team = services.teams.get_team(team_id)
        others = [(t.name, t.id) for t in services.teams.list_teams(team.league_id) if t.id != team.id]
        if not others:
            self.ctx.dialogs.info("Match sheet", f"{team.name} has no opponent in its league yet.")
            return
        dialog = PrintOptionsDialog(
            f"Match sheet: {team.name} against…", self.widget, landscape=False, opponents=others
        )
        if not self._ask(dialog):
            return
        assert dialog.opponent is not None
        away = services.teams.get_team(int(dialog.opponent.currentData()))
        options = dialog.options()
        self.build(
            f"Match sheet {team.name} v {away.name}",
            f"{safe_name(team.name)}-v-{safe_name(away.name)}.pdf",
            lambda: _reports().match_sheet_pdf(team, away, _ruleset(team.ruleset), options=options),
        )

    def fixture_sheet(self, fixture_id: int) -> None:
        """The match sheet of a league fixture: its two teams, round and date filled in."""
        services = self.ctx.svc
        fixture = services.seasons.get_fixture(fixture_id)
        if fixture.home_id is None or fixture.away_id is None:
            self.ctx.dialogs.info("Match sheet", "This fixture's teams are not both known yet.")
            return
        home = services.teams.get_team(fixture.home_id)
        away = services.teams.get_team(fixture.away_id)
        dialog = PrintOptionsDialog(f"Match sheet: {home.name} v {away.name}", self.widget, landscape=False)
        if not self._ask(dialog):
            return
        options = dialog.options()
        heading = _reports().FixtureHeading(
            fixture_id=fixture_id,
            round_name=fixture.round_name,
            scheduled=fixture.scheduled_for.date() if fixture.scheduled_for else None,
        )
        self.build(
            f"Match sheet {home.name} v {away.name}",
            f"fixture-{fixture_id}-{safe_name(home.name)}-v-{safe_name(away.name)}.pdf",
            lambda: _reports().match_sheet_pdf(
                home, away, _ruleset(home.ruleset), options=options, fixture=heading
            ),
        )

    def roster_book(self, league_id: int) -> None:
        """The roster book of all or chosen teams of a league."""
        services = self.ctx.svc
        league = services.leagues.get_league(league_id)
        summaries = sorted(services.teams.list_teams(league_id), key=lambda s: s.name.lower())
        if not summaries:
            self.ctx.dialogs.info("Roster book", f"{league.name} has no teams to print.")
            return
        dialog = PrintOptionsDialog(
            f"Roster book of {league.name}", self.widget, teams=[(s.name, s.id) for s in summaries]
        )
        if not self._ask(dialog):
            return
        chosen = dialog.chosen_teams()
        if not chosen:
            self.ctx.dialogs.info("Roster book", "Tick at least one team.")
            return
        teams = [services.teams.get_team(ident) for ident in chosen]
        options = dialog.options()
        settings = dict(league.settings)
        self.build(
            f"Roster book of {league.name}",
            f"{safe_name(league.name)}-rosters.pdf",
            lambda: _reports().roster_book_pdf(
                league.name, teams, _ruleset(league.ruleset), options=options, settings=settings
            ),
        )

    def blank_sheet(self, league_id: int | None) -> None:
        """A blank match sheet (the league's ruleset's tables)."""
        services = self.ctx.svc
        ruleset_id = (
            services.leagues.get_league(league_id).ruleset if league_id is not None else DEFAULT_RULESET
        )
        dialog = PrintOptionsDialog("Blank match sheet", self.widget, landscape=False)
        if not self._ask(dialog):
            return
        options = dialog.options()
        self.build(
            "Blank match sheet",
            "blank-match-sheet.pdf",
            lambda: _reports().blank_match_sheet_pdf(_ruleset(ruleset_id), options=options),
        )

    def season(self, season_id: int) -> None:
        """A season's league table, fixtures and leaders."""
        services = self.ctx.svc
        seasons = services.seasons
        season = seasons.get_season(season_id)
        league = services.leagues.get_league(season.league_id)
        dialog = PrintOptionsDialog(f"League table of {season.name}", self.widget, landscape=False)
        if not self._ask(dialog):
            return
        options = dialog.options()
        standings, rounds, leaders, career = (
            seasons.standings(season.id),
            seasons.rounds(season.id),
            seasons.leaders(season.id),
            seasons.leaders(season.id, scope="career"),
        )
        race = services.history.standings_race(season.id)
        self.build(
            f"League table of {season.name}",
            f"{safe_name(season.name)}-table.pdf",
            lambda: _reports().season_report_pdf(
                season,
                standings,
                rounds,
                leaders,
                ruleset=_ruleset(league.ruleset),
                ruleset_version=league.ruleset_version,
                options=options,
                career=career,
                race=race,
            ),
        )


def menu_for(entries: list[tuple[str, Callable[[], Any]]], parent: QWidget) -> QMenu:
    """A drop-down menu of print actions for a page header's Print button."""
    menu = QMenu(parent)
    for text, slot in entries:
        menu.addAction(text, slot)
    return menu
