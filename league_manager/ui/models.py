"""Qt item models over the services' read models (tables, the navigator tree, the draft)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from html import escape
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor, QFont, QStandardItem, QStandardItemModel

from league_manager.core.money import format_gold, format_k
from league_manager.rules.draft import DraftPlan
from league_manager.rules.model import CHARACTERISTICS, Position, TeamRoster
from league_manager.services.read_models import LeagueView, LedgerRow, PlayerView, TeamSummary
from league_manager.services.season_read_models import SeasonView
from league_manager.services.ui_models import AdvancementRow, HistoryEntry, SppRow, StatusRow
from league_manager.ui import theme

T = TypeVar("T")
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
"""Role that gives the raw value a column sorts by."""
RECORD_ROLE = Qt.ItemDataRole.UserRole + 2
"""Role that gives the read model behind a row."""
KIND_ROLE = Qt.ItemDataRole.UserRole + 3
"""Navigator role: "league", "team", "season" or "round"."""
ID_ROLE = Qt.ItemDataRole.UserRole + 4
"""Navigator role: the league or team id."""

ANSWERED_ROLES = frozenset(
    {
        Qt.ItemDataRole.DisplayRole,
        Qt.ItemDataRole.TextAlignmentRole,
        Qt.ItemDataRole.ToolTipRole,
        Qt.ItemDataRole.ForegroundRole,
        Qt.ItemDataRole.FontRole,
        SORT_ROLE,
        RECORD_ROLE,
    }
)
"""The roles a ``RecordTableModel`` answers; it says None to the others at once."""

Index = QModelIndex | QPersistentModelIndex
ROOT = QModelIndex()
"""The invisible root index (default parent)."""
RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
CENTER = Qt.AlignmentFlag.AlignCenter


def local_time(when: datetime) -> str:
    """A ledger time in the user's time zone: ``2026-11-21 20:37``."""
    return when.astimezone().strftime("%Y-%m-%d %H:%M")


@dataclass(frozen=True)
class Column(Generic[T]):
    """How one column shows a read model."""

    header: str
    text: Callable[[T], str]
    sort: Callable[[T], Any] | None = None
    align: Qt.AlignmentFlag | None = None
    tooltip: Callable[[T], str] | None = None
    colour: Callable[[T], str | None] | None = None
    bold: Callable[[T], bool] | None = None
    header_tip: str = ""


class RecordTableModel(QAbstractTableModel, Generic[T]):
    """A read-only table of read models, one row each, described by ``Column`` specs."""

    columns: Sequence[Column[Any]] = ()

    def __init__(self, rows: Sequence[T] = (), parent=None) -> None:
        super().__init__(parent)
        self._rows: list[T] = list(rows)

    # ---- Public API
    def set_rows(self, rows: Sequence[T]) -> None:
        """Replace every row."""
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def row_record(self, row: int) -> T:
        """The read model shown in ``row``."""
        return self._rows[row]

    @property
    def records(self) -> list[T]:
        """All rows' read models."""
        return list(self._rows)

    # ---- QAbstractTableModel
    def rowCount(self, parent: Index = ROOT) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = ROOT) -> int:
        return 0 if parent.isValid() else len(self.columns)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role not in ANSWERED_ROLES:  # the views ask for a dozen roles per cell, often
            return None
        row = index.row()  # -1 for an invalid index
        if not 0 <= row < len(self._rows):
            return None
        record = self._rows[row]
        column = self.columns[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return column.text(record)
        if role == SORT_ROLE:
            return column.sort(record) if column.sort else column.text(record)
        if role == RECORD_ROLE:
            return record
        if role == Qt.ItemDataRole.TextAlignmentRole and column.align is not None:
            return int(column.align.value)
        if role == Qt.ItemDataRole.ToolTipRole and column.tooltip is not None:
            return column.tooltip(record) or None
        if role == Qt.ItemDataRole.ForegroundRole and column.colour is not None:
            colour = column.colour(record)
            return QColor(colour) if colour else None
        if role == Qt.ItemDataRole.FontRole and column.bold is not None and column.bold(record):
            font = QFont()
            font.setBold(True)
            return font
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self.columns):
            return None
        column = self.columns[section]
        if role == Qt.ItemDataRole.DisplayRole:
            return column.header
        if role == Qt.ItemDataRole.ToolTipRole and column.header_tip:
            return column.header_tip
        if role == Qt.ItemDataRole.TextAlignmentRole and column.align is not None:
            return int(column.align.value)
        return None


# -- league table ----------------------------------------------------------------------------


class TeamTableModel(RecordTableModel[TeamSummary]):
    """The teams of a league: race, coach, TV, CTV, treasury, re-rolls, players available."""

    columns = (
        Column[TeamSummary]("Team", lambda t: t.name, lambda t: t.name.lower(), bold=lambda t: True),
        Column[TeamSummary]("Race", lambda t: t.race),
        Column[TeamSummary]("Coach", lambda t: t.coach, lambda t: t.coach.lower()),
        Column[TeamSummary]("TV", lambda t: format_k(t.team_value), lambda t: t.team_value, RIGHT,
                            header_tip="Team value"),
        Column[TeamSummary]("CTV", lambda t: format_k(t.current_team_value),
                            lambda t: t.current_team_value, RIGHT,
                            header_tip="Current team value: without players who miss the next game"),
        Column[TeamSummary]("Treasury", lambda t: format_k(t.treasury), lambda t: t.treasury, RIGHT),
        Column[TeamSummary]("Re-rolls", lambda t: str(t.rerolls), lambda t: t.rerolls, CENTER),
        Column[TeamSummary]("Available", lambda t: f"{t.players_available} / {t.players}",
                            lambda t: (t.players_available, t.players), CENTER,
                            tooltip=lambda t: f"{t.players_available} of {t.players} players can play next",
                            colour=lambda t: theme.current().danger if t.players_available < 11 else None,
                            header_tip="Players available for the next fixture / players on the roster"),
    )  # fmt: skip
    classic_columns = (
        *columns[:3],
        Column[TeamSummary]("Rating", lambda t: str(t.rating), lambda t: t.rating or 0, RIGHT,
                            header_tip="Team rating (LRB 2004): value and treasury per 10,000 gp + SPP / 5"),
        Column[TeamSummary]("Fan factor", lambda t: str(t.fan_factor), lambda t: t.fan_factor, RIGHT),
        *columns[5:],
    )  # fmt: skip
    """A classic (LRB 2004) league's list: team rating and fan factor where BB2020 shows TV and CTV."""

    def set_rows(self, rows: Sequence[TeamSummary]) -> None:
        """Replace every row; a classic league's rows show rating and fan factor."""
        self.beginResetModel()
        classic = bool(rows) and all(t.classic for t in rows)
        self.columns = type(self).classic_columns if classic else type(self).columns
        self._rows = list(rows)
        self.endResetModel()


# -- roster ------------------------------------------------------------------------------------


def skills_tooltip(player: PlayerView) -> str:
    """Rich-text tooltip explaining each skill and trait of a player."""
    if not player.skills:
        return ""
    parts = []
    for skill in player.skills:
        gained = " <i>(gained)</i>" if skill.gained else ""
        parts.append(f"<p><b>{escape(skill.name)}</b>{gained}<br/>{escape(skill.description)}</p>")
    return "<qt>" + "".join(parts) + "</qt>"


def _stat_column(name: str) -> Column[PlayerView]:
    def colour(p: PlayerView) -> str | None:
        change = p.characteristic_change(name)
        if change > 0:
            return theme.current().good
        if change < 0:
            return theme.current().danger
        return None

    def tip(p: PlayerView) -> str:
        change = p.characteristic_change(name)
        if not change:
            return ""
        return f"{name} {'improved' if change > 0 else 'reduced'} from {p.base.formatted(name)}"

    return Column[PlayerView](name, lambda p: p.shown(name), lambda p: p.stats.get(name) or 0,
                              CENTER, tooltip=tip, colour=colour,
                              bold=lambda p: p.characteristic_change(name) != 0)  # fmt: skip


STATUS_TEXT = {"active": "Ready", "retired": "Temporarily retired"}


def player_status(p: PlayerView) -> str:
    """Plain words for whether a player can play next."""
    if p.status == "retired":
        return STATUS_TEXT["retired"]
    if p.misses_next_game:
        return "Misses next game"
    if p.journeyman:
        return "Journeyman"
    return STATUS_TEXT.get(p.status, p.status.capitalize())


CAN_IMPROVE_MARK = "\u2605"
"""Marks a player whose SPP buy an advancement now (the PDF roster uses the same star)."""


def spp_text(p: PlayerView) -> str:
    """The SPP to spend, with a star when they buy an advancement now."""
    return f"{p.spp} {CAN_IMPROVE_MARK}" if p.can_improve else str(p.spp)


def spp_tooltip(p: PlayerView) -> str:
    """Why the SPP cell carries a star."""
    if not p.can_improve:
        return ""
    return "Can improve: enough SPP for an advancement (open the player and press Advance)"


class RosterModel(RecordTableModel[PlayerView]):
    """A team's roster: number, name, position, profile, skills (with tooltips), SPP, value, status."""

    columns = (
        Column[PlayerView]("#", lambda p: str(p.number), lambda p: p.number, RIGHT),
        Column[PlayerView]("Name", lambda p: p.name, lambda p: p.name.lower(), bold=lambda p: True),
        Column[PlayerView]("Position", lambda p: p.position),
        *(_stat_column(c) for c in CHARACTERISTICS),
        Column[PlayerView]("Skills and traits", lambda p: ", ".join(s.name for s in p.skills),
                           tooltip=skills_tooltip,
                           header_tip="Hover over a player's skills for what each one does"),
        Column[PlayerView]("SPP", spp_text, lambda p: p.spp, RIGHT, tooltip=spp_tooltip,
                           colour=lambda p: theme.current().good if p.can_improve else None),
        Column[PlayerView]("Injuries", lambda p: ", ".join(p.injuries),
                           colour=lambda p: theme.current().danger if p.injuries else None),
        Column[PlayerView]("Value", lambda p: format_k(p.value), lambda p: p.value, RIGHT),
        Column[PlayerView]("Status", player_status,
                           colour=lambda p: None if p.available else theme.current().warning),
    )  # fmt: skip


# -- ledgers and history -----------------------------------------------------------------------


def _money_colour(amount: int) -> str | None:
    return theme.current().good if amount > 0 else theme.current().danger if amount < 0 else None


SOURCE_TEXT = {"draft": "Draft", "purchase": "Purchase", "sale": "Sale", "match": "Match",
               "correction": "Correction", "prize": "Prize", "advancement": "Advancement",
               "adjustment": "Adjustment", "redraft": "Re-draft"}  # fmt: skip


class LedgerModel(RecordTableModel[LedgerRow]):
    """A team's treasury ledger with the running balance."""

    columns = (
        Column[LedgerRow]("Date", lambda r: local_time(r.when), lambda r: (r.when, r.id)),
        Column[LedgerRow]("Amount", lambda r: format_gold(r.amount, signed=True), lambda r: r.amount, RIGHT,
                          colour=lambda r: _money_colour(r.amount)),
        Column[LedgerRow]("Reason", lambda r: r.reason),
        Column[LedgerRow]("Source", lambda r: SOURCE_TEXT.get(r.source, r.source)),
        Column[LedgerRow]("Balance", lambda r: format_gold(r.balance), lambda r: r.balance, RIGHT),
    )  # fmt: skip


def describe_amount(entry: HistoryEntry) -> str:
    """The change column of a history line: gold for treasury rows, a count for fans."""
    if entry.amount is None:
        return ""
    if entry.kind == "treasury":
        return format_gold(entry.amount, signed=True)
    return f"{entry.amount:+d} fan" + ("s" if abs(entry.amount) != 1 else "")


class HistoryModel(RecordTableModel[HistoryEntry]):
    """Everything that happened to a team, newest first."""

    columns = (
        Column[HistoryEntry]("Date", lambda e: local_time(e.when), lambda e: e.when),
        Column[HistoryEntry]("What happened", lambda e: e.text),
        Column[HistoryEntry]("Change", describe_amount, lambda e: e.amount or 0, RIGHT,
                             colour=lambda e: _money_colour(e.amount or 0)),
        Column[HistoryEntry]("Source", lambda e: SOURCE_TEXT.get(e.source, e.source)),
    )  # fmt: skip


class AdvancementModel(RecordTableModel[AdvancementRow]):
    """A player's advancements."""

    columns = (
        Column[AdvancementRow]("Date", lambda a: local_time(a.when), lambda a: a.when),
        Column[AdvancementRow]("Gained", lambda a: a.gained),
        Column[AdvancementRow]("Kind", lambda a: a.kind.capitalize()),
        Column[AdvancementRow]("SPP", lambda a: str(a.spp_cost), lambda a: a.spp_cost, RIGHT),
        Column[AdvancementRow]("Value", lambda a: f"+{format_k(a.value_increase)}",
                               lambda a: a.value_increase, RIGHT),
    )  # fmt: skip


STATUS_KIND_TEXT = {"hired": "Joined", "left": "Left", "fired": "Fired", "dead": "Dead", "retired": "Retired",
                    "mng": "Misses next game", "recovered": "Recovered", "niggling": "Niggling injury",
                    "characteristic": "Characteristic change"}  # fmt: skip


class StatusModel(RecordTableModel[StatusRow]):
    """A player's status changes: hires, injuries, recoveries."""

    columns = (
        Column[StatusRow]("Date", lambda s: local_time(s.when), lambda s: s.when),
        Column[StatusRow]("Event", lambda s: STATUS_KIND_TEXT.get(s.kind, s.kind)
                          + (f" ({s.delta:+d} {s.characteristic})" if s.characteristic else "")),
        Column[StatusRow]("Reason", lambda s: s.reason),
        Column[StatusRow]("Source", lambda s: SOURCE_TEXT.get(s.source, s.source)),
    )  # fmt: skip


class SppModel(RecordTableModel[SppRow]):
    """A player's SPP ledger."""

    columns = (
        Column[SppRow]("Date", lambda s: local_time(s.when), lambda s: s.when),
        Column[SppRow]("SPP", lambda s: f"{s.amount:+d}", lambda s: s.amount, RIGHT,
                       colour=lambda s: _money_colour(s.amount)),
        Column[SppRow]("Reason", lambda s: s.reason),
        Column[SppRow]("Total", lambda s: str(s.total), lambda s: s.total, RIGHT),
    )  # fmt: skip


# -- draft ---------------------------------------------------------------------------------------


class DraftModel(QAbstractTableModel):
    """Every position of a team list with how many the coach has bought."""

    HEADERS = ("Position", "Cost", *CHARACTERISTICS, "Skills and traits", "Keywords", "Max", "Bought")
    BOUGHT = len(HEADERS) - 1

    PA_COLUMN = 2 + CHARACTERISTICS.index("PA")

    def __init__(self, roster: TeamRoster | None = None, counts: dict[str, int] | None = None, parent=None):
        super().__init__(parent)
        self._positions: tuple[Position, ...] = roster.positions if roster else ()
        self._counts: dict[str, int] = dict(counts or {})
        self._descriptions: dict[str, str] = {}
        self._classic = False

    def set_roster(self, roster: TeamRoster, counts: dict[str, int] | None = None,
                   descriptions: dict[str, str] | None = None, classic: bool = False) -> None:  # fmt: skip
        """Show another team list (counts reset unless given); ``classic``: LRB 2004 plain AG and AV."""
        self.beginResetModel()
        self._positions = roster.positions
        self._counts = dict(counts or {})
        self._descriptions = dict(descriptions or {})
        self._classic = classic
        self.endResetModel()

    def position(self, row: int) -> Position:
        """The position in ``row``."""
        return self._positions[row]

    def count(self, row: int) -> int:
        """How many of ``row``'s position are bought."""
        return self._counts.get(self._positions[row].name, 0)

    def change(self, row: int, delta: int) -> bool:
        """Buy (+1) or sell (-1) one player of ``row``'s position; False when not possible.

        The model keeps to 0..max so the editor's buttons and keys cannot go past
        the position limit; the rule check explains the other limits.
        """
        if not 0 <= row < len(self._positions):
            return False
        position = self._positions[row]
        new = self.count(row) + delta
        if not 0 <= new <= position.max_quantity:
            return False
        self._counts[position.name] = new
        index = self.index(row, self.BOUGHT)
        self.dataChanged.emit(self.index(row, 0), index)
        return True

    def counts(self) -> dict[str, int]:
        """Positions bought, without zeros."""
        return {k: v for k, v in self._counts.items() if v}

    def rowCount(self, parent: Index = ROOT) -> int:
        return 0 if parent.isValid() else len(self._positions)

    def columnCount(self, parent: Index = ROOT) -> int:
        return 0 if parent.isValid() else len(self.HEADERS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._positions):
            return None
        p = self._positions[index.row()]
        col = index.column()
        bought = self.count(index.row())
        if role == Qt.ItemDataRole.DisplayRole:
            if col == 0:
                return p.name
            if col == 1:
                return format_k(p.cost)
            if 2 <= col < 2 + len(CHARACTERISTICS):
                name = CHARACTERISTICS[col - 2]
                return str(p.stats.get(name)) if self._classic else p.stats.formatted(name)
            if col == 7:
                return ", ".join(str(s) for s in p.skills)
            if col == 8:
                return ", ".join(p.keywords)
            if col == 9:
                return f"0-{p.max_quantity}"
            if col == self.BOUGHT:
                return str(bought)
        if role == SORT_ROLE:
            return (p.name, p.cost)[col] if col < 2 else bought
        if role == Qt.ItemDataRole.TextAlignmentRole and col not in (0, 7, 8):
            return int((RIGHT if col == 1 else CENTER).value)
        if role == Qt.ItemDataRole.ToolTipRole and col == 7 and p.skills:
            parts = [f"<p><b>{escape(str(s))}</b><br/>{escape(self._descriptions.get(s.name, ''))}</p>"
                     for s in p.skills]  # fmt: skip
            return "<qt>" + "".join(parts) + "</qt>"
        if role == Qt.ItemDataRole.FontRole and (col == 0 or (col == self.BOUGHT and bought)):
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ForegroundRole and col == self.BOUGHT and bought:
            return QColor(theme.current().accent)
        if role == Qt.ItemDataRole.ForegroundRole and col == self.BOUGHT and not bought:
            return QColor(theme.current().muted)
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self.HEADERS):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            # two lines: the skills column is the narrow one beside the sideline card
            return "Skills and\ntraits" if section == 7 else self.HEADERS[section]
        if role == Qt.ItemDataRole.TextAlignmentRole and section not in (0, 7):
            return int((RIGHT if section == 1 else CENTER).value)
        return None


def plan_with(plan: DraftPlan, **changes: Any) -> DraftPlan:
    """A copy of ``plan`` with some fields changed."""
    values = {f: getattr(plan, f) for f in DraftPlan.__dataclass_fields__}
    values.update(changes)
    return DraftPlan(**values)


# -- navigator -------------------------------------------------------------------------------


class NavigatorModel(QStandardItemModel):
    """Leagues and their teams for the tree on the left."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setHorizontalHeaderLabels(["League"])

    def populate(
        self,
        leagues: Sequence[LeagueView],
        teams: Sequence[TeamSummary],
        seasons: Sequence[tuple[SeasonView, Sequence[tuple[int, str]]]] = (),
    ) -> None:
        """Rebuild the tree: league → teams, then league → seasons → rounds (number, name)."""
        self.clear()
        self.setHorizontalHeaderLabels(["League"])
        by_league: dict[int, list[TeamSummary]] = {}
        for team in teams:
            by_league.setdefault(team.league_id, []).append(team)
        for league in leagues:
            item = QStandardItem(theme.accent_icon("league"), league.name)
            item.setEditable(False)
            item.setData("league", KIND_ROLE)
            item.setData(league.id, ID_ROLE)
            item.setToolTip(f"{league.name}: {league.teams} teams, {league.ruleset} {league.ruleset_version}")
            for team in sorted(by_league.get(league.id, []), key=lambda t: t.name.lower()):
                child = QStandardItem(theme.icon("team", theme.current().muted), team.name)
                child.setEditable(False)
                child.setData("team", KIND_ROLE)
                child.setData(team.id, ID_ROLE)
                child.setToolTip(f"{team.name} — {team.race}, coach {team.coach}")
                item.appendRow(child)
            for season, rounds in seasons:
                if season.league_id != league.id:
                    continue
                child = QStandardItem(theme.icon("league", theme.current().muted), season.name)
                child.setEditable(False)
                child.setData("season", KIND_ROLE)
                child.setData(season.id, ID_ROLE)
                child.setToolTip(f"Season {season.name}: {len(season.teams)} teams, {season.status}")
                for number, name in rounds:
                    leaf = QStandardItem(name)
                    leaf.setEditable(False)
                    leaf.setData("round", KIND_ROLE)
                    leaf.setData((season.id, number), ID_ROLE)
                    leaf.setToolTip(f"{season.name}: {name}")
                    child.appendRow(leaf)
                item.appendRow(child)
            self.appendRow(item)

    def find(self, kind: str, ident: Any) -> QModelIndex:
        """The index of a league, team, season or round, invalid when absent."""
        pending = [self.index(row, 0) for row in range(self.rowCount())]
        while pending:
            index = pending.pop(0)
            if index.data(KIND_ROLE) == kind and index.data(ID_ROLE) == ident:
                return index
            pending.extend(self.index(row, 0, index) for row in range(self.rowCount(index)))
        return QModelIndex()
