"""The pre-game result card: what the pre-game did (fans, weather, inducements, prayers, kick-off).

``pregame_card`` reads the match-day view's pre-game record into a small read model;
``PregameCardWidget`` shows it so the user sees it before pressing Next.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QVBoxLayout, QWidget

from league_manager.ui.widgets import label

if TYPE_CHECKING:
    from league_manager.services.match_day.records import PregameSide
    from league_manager.services.match_day.store import MatchDayView

SIDES = ("home", "away")


@dataclass(frozen=True)
class TeamPregame:
    """One team's pre-game: its fans, kick-off team value, journeymen and inducements."""

    name: str
    fan_factor: str
    ctv: str
    journeymen: int
    inducements: str


@dataclass(frozen=True)
class PregameCard:
    """What the pre-game did, in words, for the card."""

    teams: tuple[TeamPregame, ...]
    weather: str
    weather_effect: str
    prayers: tuple[str, ...]
    kick_off: str


def _gp(value: Any) -> str:
    return f"{int(value or 0):,} gp"


def _team(t: PregameSide) -> TeamPregame:
    bought = ", ".join(f"{x.quantity} × {x.name}" for x in t.inducements.lines) if t.inducements else ""
    return TeamPregame(
        name=t.name,
        fan_factor=f"{t.fan_factor} (D3 {t.fans_roll} + {t.dedicated_fans} dedicated)",
        ctv=_gp(t.ctv),
        journeymen=len(t.journeymen),
        inducements=bought or "none",
    )


def pregame_card(view: MatchDayView) -> PregameCard:
    """The card's read model from ``view.pre`` (the match-day view's pre-game record)."""
    pre = view.pre
    names = {side: t.name for side, t in pre.teams.items()}
    weather, prayers, kick = pre.weather, pre.prayers, pre.kick_off
    prayer_lines = tuple(
        f"{names.get(side, side)}: D16 {p.roll} {p.name} ({p.lasts})" for side, p in prayers.rolled()
    )
    kick_text = "—"
    if kick is not None:
        kicking = names.get(kick.kicking, kick.kicking)
        receiving = names.get(kick.toss_winner, kick.toss_winner)
        kick_text = f"{kicking} kick, {receiving} receive (coin toss {kick.toss_roll})"
    dice = " + ".join(str(d) for d in weather.dice) if weather else ""
    return PregameCard(
        teams=tuple(_team(t) for _side, t in pre.sides()),
        weather=f"{weather.result} (2D6 {dice})" if weather else "—",
        weather_effect=weather.effect if weather else "",
        prayers=prayer_lines or ("none (no team was owed or bought a prayer)",),
        kick_off=kick_text,
    )


class PregameCardWidget(QFrame):
    """The pre-game card: one column per team, then the weather, prayers and kick-off."""

    ROWS = ("Fan factor", "Team value (CTV)", "Journeymen", "Inducements")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("card")
        box = QVBoxLayout(self)
        box.setContentsMargins(16, 12, 16, 12)
        box.addWidget(label("What the pre-game did", "sectionTitle"))
        self.grid = QGridLayout()
        self.grid.setHorizontalSpacing(24)
        self.team_labels: list[QLabel] = [label("", "actionTitle") for _ in SIDES]
        self.cells: dict[tuple[str, int], QLabel] = {}
        for col, head in enumerate(self.team_labels, start=1):
            self.grid.addWidget(head, 0, col)
        for row, name in enumerate(self.ROWS, start=1):
            self.grid.addWidget(label(name, "muted"), row, 0)
            for col in range(len(SIDES)):
                cell = label("", wrap=True)
                self.cells[(name, col)] = cell
                self.grid.addWidget(cell, row, col + 1)
        self.weather = label("", wrap=True)
        self.prayers = label("", wrap=True)
        self.kick_off = label("", wrap=True)
        for row, (name, w) in enumerate(
            (("Weather", self.weather), ("Prayers to Nuffle", self.prayers), ("Kick-off", self.kick_off)),
            start=len(self.ROWS) + 1,
        ):
            self.grid.addWidget(label(name, "muted"), row, 0)
            self.grid.addWidget(w, row, 1, 1, len(SIDES))
        self.grid.setColumnStretch(1, 1)
        self.grid.setColumnStretch(2, 1)
        box.addLayout(self.grid)
        self.card: PregameCard | None = None

    def show_card(self, card: PregameCard) -> None:
        """Fill the card from its read model."""
        self.card = card
        for col, team in enumerate(card.teams):
            self.team_labels[col].setText(team.name)
            values = (team.fan_factor, team.ctv, str(team.journeymen), team.inducements)
            for name, value in zip(self.ROWS, values, strict=True):
                self.cells[(name, col)].setText(value)
        effect = f" — {escape(card.weather_effect)}" if card.weather_effect else ""
        self.weather.setText(f"<b>{escape(card.weather)}</b>{effect}")
        self.prayers.setText("; ".join(escape(p) for p in card.prayers))
        self.kick_off.setText(f"<b>{escape(card.kick_off)}</b>")

    def text(self) -> str:
        """Everything the card shows, as plain lines (for tests and the clipboard)."""
        card = self.card
        if card is None:
            return ""
        lines = [
            f"{t.name}: fans {t.fan_factor}; CTV {t.ctv}; inducements {t.inducements}" for t in card.teams
        ]
        lines.append(f"Weather: {card.weather} {card.weather_effect}")
        lines += [*card.prayers, f"Kick-off: {card.kick_off}"]
        return "\n".join(lines)
