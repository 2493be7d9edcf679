"""Result slips for one round of an event: one slip per table, to hand out and sign."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from league_manager.core.money import format_gold
from league_manager.reports.fonts import SANS, SANS_BOLD, register_fonts
from league_manager.services.event_views import EventState, GameView

SLIPS_PER_PAGE = 3


def write_slips(state: EventState, path: Path, round_number: int | None = None) -> int:
    """Write the slips of a round (default: the current one); returns how many.

    Raises:
        ValueError: the round has no tables (nothing paired yet).
    """
    games = [g for g in state.round_games(round_number) if g.b is not None]
    if not games:
        raise ValueError(f"round {round_number or state.current_round} of {state.name} has no tables to play")
    register_fonts()
    canvas = Canvas(str(path), pagesize=A4)
    canvas.setTitle(f"{state.name}: round {games[0].round} slips")
    width, height = A4
    slip_height = (height - 20 * mm) / SLIPS_PER_PAGE
    for index, game in enumerate(games):
        slot = index % SLIPS_PER_PAGE
        if index and slot == 0:
            canvas.showPage()
        top = height - 10 * mm - slot * slip_height
        labels: tuple[str, ...] = ("Touchdowns", "Casualties", "Signature")
        if state.settings.between_rounds == "progression":
            labels = ("Touchdowns", "Casualties", "SPP (3:td, 5:cas, MVP)", "Signature")
        _slip(canvas, state.name, game, 15 * mm, top, width - 30 * mm, slip_height - 6 * mm, labels)
        below = (42 + (len(labels) - 1) * _row_step(labels) + 6) * mm  # under the last line
        _rules(canvas, state.settings.lines(), 20 * mm, top - below, width - 40 * mm)
    canvas.save()
    return len(games)


def _row_step(labels: tuple[str, ...]) -> int:
    """Millimetres between two lines to fill in (closer with the SPP line)."""
    return 11 if len(labels) <= 3 else 8


def _rules(canvas: Canvas, lines: list[str], left: float, top: float, width: float) -> None:
    """The organiser's settings, wrapped to the slip's width in small type."""
    canvas.setFont(SANS, 7)
    words = " · ".join(lines).split(" ")
    row, y = "", top
    for word in words:
        candidate = f"{row} {word}".strip()
        if row and canvas.stringWidth(candidate, SANS, 7) > width:
            canvas.drawString(left, y, row)
            row, y = word, y - 3 * mm
        else:
            row = candidate
    if row:
        canvas.drawString(left, y, row)


def _slip(
    canvas: Canvas,
    event: str,
    game: GameView,
    left: float,
    top: float,
    width: float,
    height: float,
    labels: tuple[str, ...],
) -> None:
    assert game.b is not None
    canvas.setDash(3, 3)
    canvas.rect(left, top - height, width, height)
    canvas.setDash()
    canvas.setFont(SANS_BOLD, 14)
    canvas.drawString(left + 5 * mm, top - 10 * mm, f"{event} - round {game.round} - table {game.table}")
    half = width / 2
    for column, entry in enumerate((game.a, game.b)):
        x = left + 5 * mm + column * half
        canvas.setFont(SANS_BOLD, 12)
        canvas.drawString(x, top - 20 * mm, entry.coach)
        canvas.setFont(SANS, 10)
        canvas.drawString(x, top - 26 * mm, f"{entry.team_name} ({entry.race})")
        canvas.drawString(x, top - 31 * mm, f"TV {format_gold(entry.team_value)}")
        for row, label in enumerate(labels):
            y = top - (42 + row * _row_step(labels)) * mm
            canvas.drawString(x, y, label)
            start = x + max(28 * mm, canvas.stringWidth(label, SANS, 10) + 2 * mm)
            canvas.line(start, y - 1 * mm, x + half - 15 * mm, y - 1 * mm)
