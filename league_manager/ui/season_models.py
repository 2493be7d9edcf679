"""Qt item models over the season read models: fixtures, standings, leader boards, schedule previews,
a season's teams and the choice of teams to enter."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, Qt
from PySide6.QtGui import QColor

from league_manager.services.season_read_models import (
    EntryCandidate,
    FixtureView,
    LeaderEntry,
    SeasonTeamView,
    StandingRow,
)
from league_manager.ui import theme
from league_manager.ui.models import CENTER, RECORD_ROLE, RIGHT, ROOT, Column, Index, RecordTableModel


def score(fixture: FixtureView) -> str:
    """``2 – 1``, ``forfeit (Orcs)``, ``bye`` or ``—`` when not played yet."""
    result = fixture.result
    if fixture.is_bye:
        return "bye"
    if result is None:
        return "postponed" if fixture.status == "postponed" else "—"
    if result.home_td is not None and result.away_td is not None:
        text = f"{result.home_td} – {result.away_td}"
        return text if result.outcome == "score" else f"{text} ({result.outcome})"
    return f"{result.outcome}: {result.winner} win" if result.winner else result.outcome


def casualties(fixture: FixtureView) -> str:
    """``3 – 1`` casualties, blank when not recorded."""
    result = fixture.result
    if result is None or result.home_cas is None or result.away_cas is None:
        return ""
    return f"{result.home_cas} – {result.away_cas}"


class FixtureTableModel(RecordTableModel[FixtureView]):
    """The fixtures of a season: round, home, score, away, casualties, status."""

    columns = (
        Column[FixtureView]("Round", lambda f: f.round_name, lambda f: f.round),
        Column[FixtureView]("Division", lambda f: f.division or ""),
        Column[FixtureView]("Home", lambda f: f.home or "to be decided", bold=lambda f: True),
        Column[FixtureView]("Score", score, align=CENTER),
        Column[FixtureView](
            "Away", lambda f: "" if f.is_bye else (f.away or "to be decided"), bold=lambda f: True
        ),
        Column[FixtureView]("CAS", casualties, align=CENTER, header_tip="Casualties caused by each side"),
        Column[FixtureView](
            "Status",
            lambda f: f.post_game_pending or f.status.replace("_", " "),
            colour=lambda f: (
                theme.current().warning if f.score_only else None if f.decided else theme.current().muted
            ),
            tooltip=lambda f: (
                ""
                if not f.score_only
                else "Its post-match has not run: open the fixture and press Post-match…"
                if f.classic
                else "Typed as a score: no winnings, SPP or fans yet. Open the fixture to run its match day."
            ),
        ),
        Column[FixtureView]("Note", lambda f: f.result.note if f.result and f.result.note else f.note),
    )


class StandingsModel(RecordTableModel[StandingRow]):
    """One league table, with the tie-breaker explanation."""

    columns = (
        Column[StandingRow]("#", lambda r: str(r.rank), lambda r: r.rank, RIGHT),
        Column[StandingRow](
            "Team",
            lambda r: r.team + (" (withdrawn)" if r.withdrawn else ""),
            lambda r: r.team.lower(),
            bold=lambda r: True,
        ),
        Column[StandingRow]("Coach", lambda r: r.coach),
        Column[StandingRow]("P", lambda r: str(r.played), lambda r: r.played, RIGHT, header_tip="Played"),
        Column[StandingRow]("W", lambda r: str(r.won), lambda r: r.won, RIGHT, header_tip="Won"),
        Column[StandingRow]("D", lambda r: str(r.drawn), lambda r: r.drawn, RIGHT, header_tip="Drawn"),
        Column[StandingRow]("L", lambda r: str(r.lost), lambda r: r.lost, RIGHT, header_tip="Lost"),
        Column[StandingRow](
            "TD",
            lambda r: f"{r.td_for}:{r.td_against}",
            lambda r: r.td_diff,
            RIGHT,
            header_tip="Touchdowns scored:conceded",
        ),
        Column[StandingRow](
            "CAS",
            lambda r: f"{r.cas_for}:{r.cas_against}",
            lambda r: r.cas_diff,
            RIGHT,
            header_tip="Casualties caused:suffered",
        ),
        Column[StandingRow](
            "Pts",
            lambda r: str(r.points),
            lambda r: r.points,
            RIGHT,
            bold=lambda r: True,
            header_tip="League points",
        ),
        Column[StandingRow]("Form", lambda r: r.form, header_tip="Latest results, newest last"),
        Column[StandingRow](
            "Tie-break",
            lambda r: r.tiebreak,
            tooltip=lambda r: r.tiebreak,
            header_tip="Why a team ranks above those level on points",
        ),
    )


class LeaderModel(RecordTableModel[LeaderEntry]):
    """One leader board."""

    columns = (
        Column[LeaderEntry]("#", lambda e: str(e.rank), lambda e: e.rank, RIGHT),
        Column[LeaderEntry]("Name", lambda e: e.name, bold=lambda e: True),
        Column[LeaderEntry]("Team", lambda e: e.team),
        Column[LeaderEntry]("Value", lambda e: str(e.value), lambda e: e.value, RIGHT),
    )


def membership_status(team: SeasonTeamView) -> str:
    """``entered``, or ``withdrawn 2026-11-21 — moved abroad``."""
    if not team.withdrawn:
        return "entered"
    when = f" {team.withdrawn_at.astimezone().strftime('%Y-%m-%d')}" if team.withdrawn_at else ""
    reason = f" — {team.withdrawal_reason}" if team.withdrawal_reason else ""
    return f"withdrawn{when}{reason}"


class SeasonTeamModel(RecordTableModel[SeasonTeamView]):
    """The teams of a season: division, coach, fixtures and whether they withdrew."""

    columns = (
        Column[SeasonTeamView]("Team", lambda t: t.name, lambda t: t.name.lower(), bold=lambda t: True),
        Column[SeasonTeamView]("Race", lambda t: t.race),
        Column[SeasonTeamView]("Coach", lambda t: t.coach),
        Column[SeasonTeamView]("Division", lambda t: t.division or ""),
        Column[SeasonTeamView](
            "Fixtures",
            lambda t: str(t.fixtures),
            lambda t: t.fixtures,
            RIGHT,
            header_tip="Fixtures of the team in this season, byes included",
        ),
        Column[SeasonTeamView](
            "Status",
            membership_status,
            tooltip=membership_status,
            colour=lambda t: theme.current().muted if t.withdrawn else None,
        ),
    )


class TeamEntryModel(QAbstractTableModel):
    """Teams that may be entered into a season: a check box each and, with divisions, a division.

    Divisions are kept by position, so renaming one keeps its teams; adding or removing
    a division spreads the teams round-robin again.
    """

    TEAM, RACE, COACH, DIVISION = range(4)
    HEADERS = ("Team", "Race", "Coach", "Division")

    def __init__(
        self,
        candidates: Sequence[EntryCandidate] = (),
        divisions: Sequence[str] = (),
        entered: bool = True,
        parent: Any = None,
    ) -> None:
        super().__init__(parent)
        self._teams = list(candidates)
        self._entered = [entered] * len(self._teams)
        self._divisions = list(divisions)
        self._division_of = self._spread()

    # ---- Public API
    @property
    def divisions(self) -> list[str]:
        """The division names a team can be put in (empty: one table)."""
        return list(self._divisions)

    def set_divisions(self, names: Sequence[str]) -> None:
        """Change the division names; a changed number of divisions spreads the teams again."""
        respread = len(names) != len(self._divisions)
        self._divisions = list(names)
        if respread:
            self._division_of = self._spread()
        self._changed(self.DIVISION)

    def team(self, row: int) -> EntryCandidate:
        """The team shown in ``row``."""
        return self._teams[row]

    def is_entered(self, row: int) -> bool:
        """True when the team of ``row`` is to be entered."""
        return self._entered[row]

    def set_entered(self, row: int, entered: bool) -> None:
        """Tick or untick a team."""
        self._entered[row] = entered
        index = self.index(row, self.TEAM)
        self.dataChanged.emit(index, index.siblingAtColumn(self.DIVISION))

    def set_all_entered(self, entered: bool) -> None:
        """Tick or untick every team."""
        self._entered = [entered] * len(self._teams)
        self._changed(self.TEAM)

    def division_of(self, row: int) -> str | None:
        """The division the team of ``row`` goes into (None without divisions)."""
        return self._divisions[self._division_of[row]] if self._divisions else None

    def set_division(self, row: int, name: str) -> bool:
        """Put the team of ``row`` into division ``name``; False when there is no such division."""
        if name not in self._divisions:
            return False
        self._division_of[row] = self._divisions.index(name)
        index = self.index(row, self.DIVISION)
        self.dataChanged.emit(index, index)
        return True

    def entries(self) -> list[tuple[int, str | None]]:
        """(team id, division) of every ticked team, for ``seasons.enter_teams``."""
        return [(t.team_id, self.division_of(row)) for row, t in enumerate(self._teams) if self._entered[row]]

    # ---- QAbstractTableModel
    def rowCount(self, parent: Index = ROOT) -> int:
        return 0 if parent.isValid() else len(self._teams)

    def columnCount(self, parent: Index = ROOT) -> int:
        return 0 if parent.isValid() else len(self.HEADERS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._teams):
            return None
        row, column, team = index.row(), index.column(), self._teams[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return (team.name, team.race, team.coach, self.division_of(row) or "")[column]
        if role == Qt.ItemDataRole.CheckStateRole and column == self.TEAM:
            return Qt.CheckState.Checked if self._entered[row] else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.ForegroundRole and not self._entered[row]:
            return QColor(theme.current().muted)
        if role == Qt.ItemDataRole.ToolTipRole and column == self.TEAM:
            return "Ticked teams are entered into the season"
        if role == RECORD_ROLE:
            return team
        return None

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid():
            return False
        if role == Qt.ItemDataRole.CheckStateRole and index.column() == self.TEAM:
            self.set_entered(index.row(), _checked(value))
            return True
        if role == Qt.ItemDataRole.EditRole and index.column() == self.DIVISION:
            return self.set_division(index.row(), str(value))
        return False

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.column() == self.TEAM:
            flags |= Qt.ItemFlag.ItemIsUserCheckable
        if index.column() == self.DIVISION and self._divisions:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.HEADERS[section] if 0 <= section < len(self.HEADERS) else None
        return None

    # ---- helpers
    def _spread(self) -> list[int]:
        """Division positions that deal the teams out round-robin."""
        count = max(len(self._divisions), 1)
        return [row % count for row in range(len(self._teams))]

    def _changed(self, column: int) -> None:
        if self._teams:
            self.dataChanged.emit(self.index(0, column), self.index(len(self._teams) - 1, column))


def _checked(value: Any) -> bool:
    """A check-state value from a view (an int or a ``Qt.CheckState``) as a bool."""
    state = value.value if isinstance(value, Qt.CheckState) else int(value)
    return state == Qt.CheckState.Checked.value
