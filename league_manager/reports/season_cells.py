"""Cells of the season report: form marks, team cells, tie-breaker notes and fixture outcomes."""

from __future__ import annotations

from reportlab.lib import colors
from reportlab.platypus import Flowable

from league_manager.reports.fonts import CONDENSED_BOLD
from league_manager.reports.theme import ACCENT, MUTED, UNAVAILABLE, text
from league_manager.rules.standings import TIEBREAKER_LABELS
from league_manager.services.season_read_models import FixtureView, StandingRow

FORM_FILLS: dict[str, colors.Color] = {
    "W": colors.HexColor("#2E7D32"),
    "D": colors.HexColor("#8B949E"),
    "L": colors.HexColor("#B23A3A"),
    "B": colors.HexColor("#C5CDD6"),
}
"""Fill of each form mark: win green, draw grey, loss red, bye pale."""


class FormMarks(Flowable):  # type: ignore[misc]
    """A team's form (``"WWDLW"``, oldest first) as small coloured squares with the letters."""

    def __init__(self, form: str, size: float = 8.0, gap: float = 1.4) -> None:
        super().__init__()
        self.form = form
        self.size = size
        self.gap = gap

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        """As wide as the marks, one mark high."""
        count = len(self.form)
        return count * self.size + max(0, count - 1) * self.gap, self.size

    def draw(self) -> None:
        """Draw one rounded square per result with its letter in white."""
        canv = self.canv
        canv.saveState()
        canv.setFont(CONDENSED_BOLD, self.size * 0.72)
        for index, letter in enumerate(self.form):
            x = index * (self.size + self.gap)
            canv.setFillColor(FORM_FILLS.get(letter, MUTED))
            canv.roundRect(x, 0, self.size, self.size, 1.2, stroke=0, fill=1)
            canv.setFillColor(colors.white)
            canv.drawCentredString(x + self.size / 2, self.size * 0.24, letter)
        canv.restoreState()


def small(markup: str, size: float, colour: colors.Color = MUTED) -> str:
    """Markup for a small muted line inside a paragraph."""
    return f'<font size="{size:.1f}" color="{colour.hexval()}">{markup}</font>'


def team_markup(row: StandingRow, race: str | None, size: float) -> str:
    """The team cell of a table row: the name in bold, race and coach small below it."""
    details = [text(d) for d in (race, row.coach and f"coach {row.coach}") if d]
    if row.withdrawn:
        details.append(f'<font color="{ACCENT.hexval()}">withdrawn</font>')
    name = f"<b>{text(row.team)}</b>"
    if row.withdrawn:
        name = f'<font color="{UNAVAILABLE.hexval()}"><strike>{text(row.team)}</strike></font>'
    return name + (f"<br/>{small(' · '.join(details), size)}" if details else "")


def tiebreak_markup(row: StandingRow) -> str:
    """The row's tie-breaker explanation with the deciding criterion in bold."""
    note = text(row.tiebreak)
    label = TIEBREAKER_LABELS.get(row.decided_by or "")
    if label:
        escaped = text(label)
        at = note.rfind(escaped)
        if at >= 0:
            note = f"{note[:at]}<b>{escaped}</b>{note[at + len(escaped) :]}"
    return note


ADMINISTRATIVE_RULINGS = {
    ("W", "L"): "home win",
    ("L", "W"): "away win",
    ("D", "D"): "draw",
    ("L", "L"): "both lose",
}


def outcome(fixture: FixtureView) -> tuple[str, str]:
    """What the result column says: a score or the outcome in words, and a detail line.

    Byes, forfeits, concessions without a score, administrative results, postponed
    and void fixtures are words, never scores.
    """
    result = fixture.result
    when = ""
    if fixture.scheduled_for is not None:
        local = fixture.scheduled_for.astimezone()  # stored in UTC; printed in local time
        when = f"{local.day} {local:%b %H:%M}"
    if fixture.status == "void":
        return "void", fixture.note or "not counted"
    if fixture.is_bye:
        return "bye", ""
    if result is None:
        if fixture.status == "postponed":
            return "postponed", when
        if fixture.status == "in_progress":
            return "in progress", when
        return "v", when
    scored = result.home_td is not None and result.away_td is not None
    score = f"{result.home_td} – {result.away_td}"
    if result.outcome == "score":
        detail = ""
        if result.home_td == result.away_td and result.winner:
            side = "home" if result.winner_id == fixture.home_id else "away"
            detail = f"shoot-out: {side}"
        elif result.home_cas or result.away_cas:
            detail = f"CAS {result.home_cas or 0} – {result.away_cas or 0}"
        return score, detail
    if result.outcome == "concession":
        return (score, "conceded") if scored else ("conceded", "")
    if result.outcome == "forfeit":
        side = "home" if result.winner_id == fixture.home_id else "away"
        return "forfeit", f"{side} wins"
    if result.outcome == "bye":
        return "bye", "both teams"
    if result.outcome == "administrative":
        ruling = ADMINISTRATIVE_RULINGS.get((result.home_verdict, result.away_verdict), "ruling")
        return "administrative", " · ".join(p for p in (ruling, result.note) if p)
    return result.outcome, ""


def side_markup(fixture: FixtureView, home: bool, size: float) -> str:
    """A team cell of a fixture: the winner in bold, a team that forfeited or conceded says so."""
    name = fixture.home if home else fixture.away
    team_id = fixture.home_id if home else fixture.away_id
    if name is None:
        if fixture.is_bye:
            return small("—", size)
        return f"<i>{small('to be decided', size)}</i>"
    result = fixture.result
    markup = text(name)
    if fixture.status == "void":
        return f'<font color="{UNAVAILABLE.hexval()}"><strike>{markup}</strike></font>'
    if result is not None and result.winner_id is not None and result.winner_id == team_id:
        markup = f"<b>{markup}</b>"
    if result is not None and result.decided_by and result.winner_id not in (None, team_id):
        verb = {"forfeit": "forfeited", "concession": "conceded"}.get(result.outcome)
        if verb:
            markup += f"<br/>{small(verb, size, ACCENT)}"
    return markup
