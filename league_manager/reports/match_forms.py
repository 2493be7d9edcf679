"""Page two of a match sheet: the game record form and the weather, kick-off and prayer tables."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reportlab.platypus import Flowable, Paragraph, Table

from league_manager.core.money import format_k
from league_manager.reports.fonts import CONDENSED_BOLD
from league_manager.reports.theme import PANEL, Styles, grid_style, side_by_side, text
from league_manager.rules.model import DiceTable, Ruleset
from league_manager.services.read_models import TeamView

_WRITE_IN = 15.0
"""Height of a row coaches write in, in points."""


@dataclass(frozen=True)
class Side:
    """One team as the match sheet shows it (``team`` None on a blank sheet)."""

    label: str
    team: TeamView | None
    petty_cash: int | None


def _roll(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}–{high}"


def _petty_cash_text(side: Side) -> str:
    if side.team is None:
        return ""
    if not side.petty_cash:
        return "none"
    return f"<b>{format_k(side.petty_cash)}</b> + favourite's treasury spend ______"


def game_record(home: Side, away: Side, ruleset: Ruleset | None, st: Styles, width: float) -> list[Flowable]:
    """The pre-game and post-game steps as a form with a column per team.

    Args:
        home: the home side (its team None on a blank sheet).
        away: the away side.
        ruleset: the game's ruleset, for winnings, expensive mistakes and prayers.
        st: the document styles.
        width: the frame width.
    """
    rows = (
        _classic_rows(home, away) if ruleset is not None and ruleset.classic else _rows(home, away, ruleset)
    )
    names = [s.team.name if s.team else s.label for s in (home, away)]
    data: list[list[Any]] = [
        [
            Paragraph("Step", st.header_cell),
            Paragraph(text(names[0]), st.header_cell),
            Paragraph(text(names[1]), st.header_cell),
        ]
    ]
    heights: list[float | None] = [None]
    commands: list[tuple[Any, ...]] = []
    for index, (label, left, right, height) in enumerate(rows, start=1):
        if height is None:
            data.append([Paragraph(f"<b>{label}</b>", st.small), "", ""])
            commands += [
                ("SPAN", (0, index), (-1, index)),
                ("BACKGROUND", (0, index), (-1, index), PANEL),
            ]
        else:
            data.append(
                [
                    Paragraph(text(label), st.cell),
                    Paragraph(left, st.cell),
                    Paragraph(right, st.cell),
                ]
            )
        heights.append(height)
    label_width = width * 0.3
    table = Table(
        data,
        colWidths=[label_width, *[(width - label_width) / 2] * 2],
        rowHeights=heights,
        hAlign="LEFT",
    )
    commands += [("LINEAFTER", (0, 1), (1, -1), 0.35, "#C5CDD6")]
    table.setStyle(grid_style(padding=1.6, stripes=False, extra=commands))
    return [Paragraph("Game record", st.heading), table]


def dice_table(table: DiceTable, title: str, st: Styles, width: float) -> list[Flowable]:
    """A dice table as the rulebook lays it out: roll, result, effect in the project's words.

    Args:
        table: the ruleset's table (``ruleset.tables["weather"]``…).
        title: the heading above it.
        st: the document styles.
        width: the frame width.
    """
    data: list[list[Any]] = [
        [
            Paragraph(text(table.dice), st.header_center),
            Paragraph("Result", st.header_cell),
            Paragraph("Effect", st.header_cell),
        ]
    ]
    for row in table.rows:
        data.append(
            [
                _roll(row.low, row.high),
                Paragraph(f"<b>{text(row.result)}</b>", st.cell),
                Paragraph(text(row.effect), st.cell),
            ]
        )
    widths = [30.0, 92.0, width - 122.0]
    result = Table(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
    bold_rolls = [
        ("FONTNAME", (0, 1), (0, -1), CONDENSED_BOLD),
        ("ALIGN", (0, 1), (0, -1), "CENTER"),
    ]
    result.setStyle(grid_style(padding=1.6, size=st.cell.fontSize, extra=bold_rolls))
    return [Paragraph(text(title), st.heading), result]


def prayers_table(ruleset: Ruleset, st: Styles, width: float) -> list[Flowable]:
    """The Prayers to Nuffle results (D16) with how long each lasts, in two blocks."""
    if not ruleset.prayers:
        return []
    header = [
        Paragraph("D16", st.header_center),
        Paragraph("Prayer", st.header_cell),
        Paragraph("Lasts", st.header_cell),
    ]
    rows = [
        [
            str(p.roll),
            Paragraph(f"<b>{text(p.name)}</b>", st.cell),
            f"until the end of the {p.lasts}",
        ]
        for p in sorted(ruleset.prayers, key=lambda p: p.roll)
    ]
    block = (width - 10) / 2
    widths = [30.0, block - 30 - 110, 110.0]
    title = "Prayers to Nuffle (re-roll duplicates; effects start with the next drive)"
    return [
        Paragraph(text(title), st.heading),
        side_by_side(header, rows, widths, 2, size=st.cell.fontSize, tight=(0,)),
    ]


def match_tables(ruleset: Ruleset | None, st: Styles, width: float) -> list[Flowable]:
    """The weather, kick-off event and prayer tables of the ruleset (none without a ruleset)."""
    if ruleset is None:
        return []
    story: list[Flowable] = []
    for key, title in (("weather", "Weather"), ("kickoff", "Kick-off events")):
        if key in ruleset.tables:
            story += dice_table(ruleset.tables[key], title, st, width)
    return story + prayers_table(ruleset, st, width)


Row = tuple[str, str, str, float | None]


def _rows(home: Side, away: Side, ruleset: Ruleset | None) -> list[Row]:
    """The BB2020 (and Season 3) pre-game and post-game steps."""
    unit = format_k(ruleset.winnings_unit) if ruleset else "10k"
    mistakes = format_k(ruleset.expensive_mistakes.min_treasury) if ruleset else "100k"
    gap = format_k(ruleset.prayer_gap) if ruleset else "50k"

    def fans(side: Side) -> str:
        return f"D3 + {side.team.dedicated_fans} = ____" if side.team else "D3 + ____ = ____"

    def journeymen(side: Side) -> str:
        if side.team is None:
            return ""
        missing = 11 - side.team.players_available
        return f"<b>{missing}</b> needed" if missing > 0 else "none needed"

    return [
        ("PRE-GAME", "", "", None),
        ("Fan factor (D3 + dedicated fans)", fans(home), fans(away), _WRITE_IN),
        ("Weather (2D6), kicking team", "", "", _WRITE_IN),
        ("Journeymen", journeymen(home), journeymen(away), _WRITE_IN),
        ("Petty cash (lower CTV)", _petty_cash_text(home), _petty_cash_text(away), _WRITE_IN),
        ("Treasury spent on inducements", "", "", _WRITE_IN),
        ("Inducements bought", "", "", _WRITE_IN * 2),
        (f"Prayers to Nuffle (1 per full {gap} gap)", "", "", _WRITE_IN),
        ("POST-GAME", "", "", None),
        ("Score, casualties inflicted", "", "", _WRITE_IN),
        (f"Winnings ((fan attendance ÷ 2 + TD) × {unit})", "", "", _WRITE_IN),
        ("Dedicated fans change", "", "", _WRITE_IN),
        ("MVP (player #)", "", "", _WRITE_IN),
        (f"Expensive mistakes (treasury {mistakes}+)", "", "", _WRITE_IN),
        ("Coach's signature", "", "", _WRITE_IN * 1.6),
    ]


def _classic_rows(home: Side, away: Side) -> list[Row]:
    """The LRB 2004 pre-match and post-match steps: freebooters, gate, handicap, niggles, winnings."""

    def rating(side: Side) -> str:
        return f"<b>{side.team.rating}</b>" if side.team else ""

    def gate(side: Side) -> str:
        return f"{side.team.dedicated_fans} D6 (fan factor)" if side.team else "____ D6 (fan factor)"

    return [
        ("PRE-MATCH", "", "", None),
        ("Team rating", rating(home), rating(away), _WRITE_IN),
        ("Freebooters, stars, wizard", "", "", _WRITE_IN * 2),
        ("Weather (2D6)", "", "", _WRITE_IN),
        ("Gate (all D6 added, x 1,000 fans)", gate(home), gate(away), _WRITE_IN),
        ("Handicap rolls (rating gap)", "", "", _WRITE_IN),
        ("Handicap results (D66)", "", "", _WRITE_IN * 2),
        ("Niggles (D6 each, 1 = out)", "", "", _WRITE_IN),
        ("POST-MATCH", "", "", None),
        ("Score, casualties inflicted", "", "", _WRITE_IN),
        ("Winnings (D6 + table) x 10k", "", "", _WRITE_IN),
        ("Fan factor roll and change", "", "", _WRITE_IN),
        ("MVP (player #)", "", "", _WRITE_IN),
        ("Star Player rolls, ageing", "", "", _WRITE_IN * 2),
        ("Coach's signature", "", "", _WRITE_IN * 1.6),
    ]
