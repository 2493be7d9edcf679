"""The tabletop result grid's model: one row per player, counters typed from the keyboard.

The views (a table per team with its totals) are in ``result_tables``.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from league_manager.core.errors import LeagueError
from league_manager.rules.loader import load_ruleset
from league_manager.rules.model import CHARACTERISTICS

INJURIES = ("", "Badly Hurt", "Seriously Hurt", "Serious Injury", "Lasting Injury", "Dead")
"""The casualty table's results (BB2020), "" for none; ``set_ruleset`` reads the league's own."""
LASTING = ("", *CHARACTERISTICS)
COUNTERS = (
    ("td", "TD"),
    ("comp", "COMP"),
    ("defl", "DEF"),
    ("intc", "INT"),
    ("cas", "CAS"),
    ("cas_other", "CAS (no SPP)"),
)
FIXED = ("Team", "#", "Player")
CHECKS = ("apothecary", "sent_off")
"""Yes/no columns, ticked with the space bar."""
CHOICES = ("injury", "lasting", "injured_by")
"""Columns picked from a drop-down: the casualty table, a characteristic, the opposing player."""
HEADERS = (*FIXED, *(h for _k, h in COUNTERS), "Injury", "Lasting", "Injured by", "Apothecary", "Sent off")
SIDES = ("home", "away")
Index = QModelIndex | QPersistentModelIndex
ROOT = QModelIndex()
KEPT = ("played", "bonus_spp")  # recorded figures the grid has no column for


class ResultGridModel(QAbstractTableModel):
    """Every player of both kick-off snapshots (home first) with their match figures."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.rows: list[dict[str, Any]] = []
        self.team_names = {"home": "Home", "away": "Away"}
        self.injuries: tuple[str, ...] = INJURIES

    def set_ruleset(self, ruleset: str) -> None:
        """Offer the casualty results of the match day's ruleset ("<id> <version>")."""
        try:
            table = load_ruleset(ruleset.split(" ", 1)[0]).tables.get("casualty")
        except LeagueError:
            return
        if table is not None:
            self.injuries = ("", *(str(row.result) for row in table.rows))

    def choices(self, column: int) -> tuple[str, ...]:
        """The drop-down's results of an injury or lasting-injury column (empty for others)."""
        key = self._key(column)
        return self.injuries if key == "injury" else LASTING if key == "lasting" else ()

    def options(self, row: int, column: int) -> list[tuple[str, str]]:
        """(text, value) of a drop-down cell: a table's results, or the players who could
        have caused the row's casualty (the opposing team's, by shirt number)."""
        if self._key(column) != "injured_by":
            return [(choice or "—", choice) for choice in self.choices(column)]
        side = self.rows[row]["side"]
        foes = sorted((r for r in self.rows if r["side"] != side), key=lambda r: r["number"])
        return [("—", ""), *((f"#{r['number']} {r['name']}", r["id"]) for r in foes)]

    def _foe(self, row: dict[str, Any], typed: str) -> str | None:
        """The opposing player's id a typed id, shirt number ("#7", "7") or name start names."""
        text = typed.strip().lstrip("#").lower()
        if not text:
            return ""
        foes = [r for r in self.rows if r["side"] != row["side"]]
        for r in foes:
            if text in (r["id"].lower(), str(r["number"])):
                return str(r["id"])
        named = [r for r in foes if r["name"].lower().startswith(text)]
        return str(named[0]["id"]) if len(named) == 1 else None

    def set_snapshots(self, snapshots: dict[str, Any]) -> None:
        """Fill the grid from a match day's kick-off snapshots."""
        self.beginResetModel()
        self.rows = []
        for side in SIDES:
            snap = snapshots.get(side, {})
            self.team_names[side] = snap.get("name", side)
            for p in snap.get("players", []):
                row: dict[str, Any] = {
                    "side": side,
                    "id": str(p["id"]),
                    "number": p.get("number", 0),
                    "name": p.get("name", ""),
                    "injury": "",
                    "lasting": "",
                    "injured_by": "",
                    "apothecary": False,
                    "sent_off": False,
                }
                row.update({key: 0 for key, _h in COUNTERS})
                self.rows.append(row)
        self.endResetModel()

    def load_result(self, result: dict[str, Any]) -> None:
        """Fill the figures from a recorded result document (a correction starts from it).

        What the grid does not show (not played, sent off, bonus SPP) is kept for the document.
        """
        recorded = {str(p["id"]): p for p in result.get("players", [])}
        for row in self.rows:
            p = recorded.get(row["id"])
            if p is None:
                continue
            row.update({key: int(p.get(key) or 0) for key, _h in COUNTERS})
            row["injury"] = p.get("injury") or ""
            row["lasting"] = p.get("lasting") or ""
            row["injured_by"] = str(p.get("injured_by") or "")
            row["apothecary"] = bool(p.get("apothecary"))
            row["sent_off"] = bool(p.get("sent_off"))
            row["kept"] = {k: p[k] for k in KEPT if k in p}
        if self.rows:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self.rows) - 1, len(HEADERS) - 1))

    # ---- Qt
    def rowCount(self, parent: Index = ROOT) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = ROOT) -> int:
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return HEADERS[section] if 0 <= section < len(HEADERS) else None
        return None

    def _key(self, column: int) -> str:
        if column < len(FIXED):
            return ("side", "number", "name")[column]
        column -= len(FIXED)
        if column < len(COUNTERS):
            return COUNTERS[column][0]
        return (*CHOICES, *CHECKS)[column - len(COUNTERS)]

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.rows):
            return None
        row = self.rows[index.row()]
        key = self._key(index.column())
        value = row[key]
        if key in CHECKS:
            if role == Qt.ItemDataRole.CheckStateRole:
                return Qt.CheckState.Checked if value else Qt.CheckState.Unchecked
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            if key == "side":
                return self.team_names[value]
            if key == "injured_by" and role == Qt.ItemDataRole.DisplayRole:
                foe = next((r for r in self.rows if r["id"] == value), None) if value else None
                return f"#{foe['number']} {foe['name']}" if foe else ""
            if key in dict(COUNTERS) and role == Qt.ItemDataRole.DisplayRole and value == 0:
                return ""
            return value
        if role == Qt.ItemDataRole.TextAlignmentRole and key not in ("side", "name", *CHOICES):
            return int(Qt.AlignmentFlag.AlignCenter)
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.column() < len(FIXED):
            return base
        if self._key(index.column()) in CHECKS:
            return base | Qt.ItemFlag.ItemIsUserCheckable
        return base | Qt.ItemFlag.ItemIsEditable

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid() or index.column() < len(FIXED):
            return False
        key = self._key(index.column())
        row = self.rows[index.row()]
        if key in CHECKS:
            if role != Qt.ItemDataRole.CheckStateRole:
                return False
            row[key] = value in (Qt.CheckState.Checked, Qt.CheckState.Checked.value, 2, True)
        elif role != Qt.ItemDataRole.EditRole:
            return False
        elif key == "injured_by":
            foe = self._foe(row, str(value or ""))
            if foe is None:
                return False
            row[key] = foe
        elif key in ("injury", "lasting"):
            text = str(value or "").strip()
            choices = self.injuries if key == "injury" else LASTING
            match = next((c for c in choices if c and c.lower().startswith(text.lower())), "") if text else ""
            row[key] = match
        else:
            try:
                number = int(str(value).strip() or 0)
            except ValueError:
                return False
            if number < 0:
                return False
            row[key] = number
        self.dataChanged.emit(index, index)
        return True

    # ---- the document
    def player_name(self, row: dict[str, Any]) -> str:
        """A row's player with the team: "Team #n Name" (both teams may have a "Thrower #11")."""
        return f"{self.team_names[row['side']]} #{row['number']} {row['name']}"

    def totals(self, side: str, key: str) -> int:
        """The sum of one counter over a team's players."""
        return sum(r[key] for r in self.rows if r["side"] == side)

    def problems(self, scores: dict[str, int]) -> list[str]:
        """What stops the result from being submitted, in plain words (empty when it adds up)."""
        found = []
        for side in SIDES:
            tds = self.totals(side, "td")
            if tds != scores[side]:
                found.append(
                    f"{self.team_names[side]} scored {scores[side]} but its players' touchdowns "
                    f"add up to {tds}."
                )
        for row in self.rows:
            who = self.player_name(row)
            if row["injury"] == "Lasting Injury" and not row["lasting"]:
                found.append(f"{who}: a Lasting Injury needs the characteristic it reduced.")
            if row["lasting"] and row["injury"] != "Lasting Injury":
                found.append(f"{who}: a reduced characteristic needs a Lasting Injury.")
            if row["injured_by"] and not row["injury"]:
                found.append(f"{who}: who caused it is given, but no injury.")
        return found

    def document(self, scores: dict[str, int], conceded: int | None = None) -> dict[str, Any]:
        """The MatchResult document (docs/match-result.md) the grid describes."""
        players = []
        for row in self.rows:
            entry: dict[str, Any] = {"id": row["id"], "played": True}
            entry.update({key: row[key] for key, _h in COUNTERS})
            entry["injury"] = row["injury"] or None
            entry["lasting"] = row["lasting"] or None
            if row["injured_by"]:
                entry["injured_by"] = row["injured_by"]
            entry["apothecary"] = row["apothecary"]
            entry["sent_off"] = row["sent_off"]
            entry.update(row.get("kept", {}))
            players.append(entry)
        return {
            "home": {"score": scores["home"]},
            "away": {"score": scores["away"]},
            "conceded": conceded,
            "players": players,
        }
