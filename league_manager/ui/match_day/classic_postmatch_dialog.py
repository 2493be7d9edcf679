"""The classic (LRB 2004) post-match of a fixture: per-player figures and serious injuries picked
on both rosters, an MVP drawn on the table, typed dice.

After the pre-match and the score, the program rolls the winnings, MVPs, Star Player rolls with
ageing, serious injuries and fan factors unless the coaches type their physical dice (in the
order the post-match rolls them). The record is shown on the fixture page; each Star Player
roll's pick is made afterwards (``ui/match_day/star_roll_dialog.py``, ``player star-roll``).
"""

from __future__ import annotations

from collections.abc import Collection
from html import escape
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from league_manager.services.match_day.classic_prematch_models import ClassicPreMatchView
from league_manager.services.match_day.dice import parse_typed
from league_manager.services.read_models import TeamView
from league_manager.services.season_read_models import PlayerStatLine
from league_manager.ui.context import UiContext
from league_manager.ui.match_day.classic_record_lines import side_postmatch_lines, stage_html
from league_manager.ui.widgets import accept_cancel, label

FIGURES_HELP = (
    "Each player's figures from the tabletop (casualties: those that earn SPP) and who suffered a "
    "Serious Injury (each rolls D66). The MVP is drawn by the program unless you drew it on the "
    "table: then pick him."
)
FIGURES = ("td", "cas", "completions", "interceptions")
COLUMNS = ("#", "Player", "Position", "TD", "CAS", "Comp", "Int", "Serious injury")
PROGRAM_DRAW = "Drawn by the program"


class SideFigures(QWidget):
    """One side's roster: a row per active player who played, with his figures and a Serious
    Injury box (a player who missed the match - the pre-match's ``missed`` names - has no row)."""

    def __init__(self, team: TeamView, parent: Any = None, missed: Collection[str] = ()) -> None:
        super().__init__(parent)
        active = [p for p in team.players if p.status == "active"]
        out = {p.name for p in active if p.name in missed or p.misses_next_game}  # an earlier injury too
        self.players = [p for p in active if p.name not in out]
        self.missed = [p.name for p in active if p.name in out]
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.table = QTableWidget(len(self.players), len(COLUMNS))
        self.table.setHorizontalHeaderLabels(list(COLUMNS))
        self.table.verticalHeader().hide()
        self.spins: list[dict[str, QSpinBox]] = []
        self.injured: list[QCheckBox] = []
        for row, p in enumerate(self.players):
            for col, text in enumerate((f"#{p.number}", p.name, p.position)):
                item = QTableWidgetItem(text)
                item.setFlags(Qt.ItemFlag.ItemIsEnabled)
                self.table.setItem(row, col, item)
            spins = {}
            for col, key in enumerate(FIGURES, start=3):
                spin = QSpinBox()
                spin.setRange(0, 20)
                spin.setAccessibleName(f"{p.name} {COLUMNS[col]}")
                self.table.setCellWidget(row, col, spin)
                spins[key] = spin
            self.spins.append(spins)
            box = QCheckBox()
            box.setAccessibleName(f"{p.name} seriously injured")
            self.table.setCellWidget(row, len(COLUMNS) - 1, box)
            self.injured.append(box)
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setStretchLastSection(True)
        layout.addWidget(self.table, 1)
        if self.missed:
            names = ", ".join(self.missed)
            layout.addWidget(label(f"Missed the match (no figures, no MVP): {names}", "muted", wrap=True))
        mvp_row = QHBoxLayout()
        mvp_row.addWidget(label("MVP", "muted"))
        self.mvp = QComboBox()
        self.mvp.addItem(PROGRAM_DRAW, None)
        for p in self.players:  # those who missed the match have no row: they cannot be its MVP
            self.mvp.addItem(f"#{p.number} {p.name} (drawn on the table)", p.id)
        self.mvp.setToolTip(
            "Drawn among the players available for the match. Pick a player only when the coaches "
            "drew the MVP on the table; a conceding team's winner draws a second one with the program"
        )
        mvp_row.addWidget(self.mvp, 1)
        layout.addLayout(mvp_row)

    def row_of(self, player_id: int) -> int:
        """The table row of a player."""
        return next(i for i, p in enumerate(self.players) if p.id == player_id)

    def figures(self) -> list[PlayerStatLine]:
        """The players with any figure, as per-player stat lines."""
        lines = []
        for p, spins in zip(self.players, self.spins, strict=True):
            values = {k: s.value() for k, s in spins.items()}
            if any(values.values()):
                lines.append(PlayerStatLine(p.id, **values))
        return lines

    def injured_ids(self) -> list[int]:
        """The players ticked as seriously injured."""
        return [p.id for p, box in zip(self.players, self.injured, strict=True) if box.isChecked()]


class ClassicPostMatchDialog(QDialog):
    """Asks for the players' figures, serious injuries, table-drawn MVPs and typed dice, then runs it."""

    def __init__(self, ctx: UiContext, fixture_id: int, home: str, away: str, parent: Any = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.fixture_id = fixture_id
        self.view: ClassicPreMatchView | None = None
        self.setWindowTitle(f"Post-match: {home} v {away}")
        self.resize(760, 620)
        layout = QVBoxLayout(self)
        layout.addWidget(label(FIGURES_HELP, "help", wrap=True))
        self.tabs = QTabWidget()
        self.sides: dict[str, SideFigures] = {}
        record = ctx.svc.match_day.classic_prematch(fixture_id).record
        for side, name in (("home", home), ("away", away)):
            missed = record["sides"][side].get("misses_match", [])
            self.sides[side] = SideFigures(ctx.svc.teams.get_team(name), self, missed)
            self.tabs.addTab(self.sides[side], f"{name} ({side})")
        layout.addWidget(self.tabs, 1)
        form = QFormLayout()
        self.typed = QLineEdit()
        self.typed.setPlaceholderText("e.g. 3,5,2 - empty: the program rolls")
        self.typed.setToolTip(
            "Physical dice in the order they are rolled: serious injury D66s, winnings (home, away), "
            "per team its MVP die (none for an MVP drawn on the table) then each player's Star Player "
            "and ageing 2D6, then fan factors"
        )
        form.addRow("Typed dice", self.typed)
        layout.addLayout(form)
        accept_cancel(layout, "Run the post-match", self.run, self.reject)

    def run(self) -> None:
        """Run the post-match; the dialog stays open with the refusal when a rule is broken."""
        figures = [line for s in self.sides.values() for line in s.figures()]
        injured = [pid for s in self.sides.values() for pid in s.injured_ids()]
        mvps = [int(s.mvp.currentData()) for s in self.sides.values() if s.mvp.currentData() is not None]
        typed = self.typed.text()

        def done(view: ClassicPreMatchView) -> None:
            self.view = view
            self.accept()

        def op() -> Any:
            return self.ctx.svc.match_day.classic_postgame(
                self.fixture_id, typed=parse_typed(typed), injured=injured, figures=figures or None,
                mvps=mvps,
            )  # fmt: skip

        self.ctx.runner.run_op(op, title="Could not run the post-match", on_success=done)


def pending_star_rolls(view: ClassicPreMatchView) -> list[tuple[int, str]]:
    """The players of the post-match with a Star Player roll waiting for a pick: (id, name)."""
    post = view.record.get("post_match")
    return [
        (int(p["player_id"]), str(p["name"]))
        for side in ("home", "away")
        for p in (post["sides"][side]["players"] if post else ())
        if any(r.get("pick") is None for r in p["star_player_rolls"])
    ]


def classic_postmatch_html(view: ClassicPreMatchView) -> str:
    """The classic post-match record for the fixture page: winnings, fan factor, MVPs, rolls."""
    post = view.record.get("post_match")
    if not post:
        return ""
    parts = ["<h3>Post-match</h3>", stage_html(post)]
    for side in ("home", "away"):
        s = post["sides"][side]
        w, f = s["winnings"], s["fan_factor"]
        lines = [
            f"winnings {w['paid']:,} gp (rolled {w['dice']}, {w['modifier']:+d}, won {w['won_bonus']:+d})"
        ]
        lines.append(f"fan factor {f['before']} → {f['after']}")
        lines += side_postmatch_lines(s)
        lines += [f"MVP: {escape(m['name'])}" for m in s["mvps"]]
        for p in s["players"]:
            lines.append(f"{escape(p['name'])}: +{p['spp_earned']} SPP ({p['spp']})")
            for r in p["star_player_rolls"]:
                pick = escape(r["pick"]["name"]) if r.get("pick") else "pick pending"
                lines.append(
                    f"&nbsp;&nbsp;{escape(r['level'])}: Star Player roll {r['dice']} {r['result']}: {pick}"
                )
                a = r["ageing"]
                if a and a["aged"]:
                    lines.append(
                        f"&nbsp;&nbsp;ageing: {escape(str(a['result']))}"
                        + ("" if a["applied"] else " (ignored)")
                    )
            if p["serious_injury"]:
                lines.append(f"&nbsp;&nbsp;serious injury: {escape(p['serious_injury']['name'])}")
        lines += [
            f"veteran {escape(v['name'])} " + ("leaves" if v["leaves"] else "stays") for v in s["veterans"]
        ]
        title = escape(s["name"]) + (" (conceded)" if s["conceded"] else "")
        parts.append(f"<p><b>{title}</b><br/>" + "<br/>".join(lines) + "</p>")
    dice = ", ".join(f"{escape(d['label'])} {d['result']} ({d['source']})" for d in post["dice"])
    parts.append(f"<p class='muted'>Dice: {dice}</p>")
    return "".join(parts)
