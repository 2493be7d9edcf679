"""The printed look shared by every document: colours, paragraph styles and table styles."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph, Table, TableStyle

from league_manager.reports.fonts import (
    CONDENSED,
    CONDENSED_BOLD,
    SANS,
    SANS_BOLD,
    register_fonts,
)

INK = colors.HexColor("#1B2430")
"""Body text: a very dark blue-grey that prints as black but reads softer."""
MUTED = colors.HexColor("#5E6B78")
RULE = colors.HexColor("#C5CDD6")
HEADER_FILL = colors.HexColor("#24364A")
HEADER_TEXT = colors.white
STRIPE = colors.HexColor("#F1F4F7")
PANEL = colors.HexColor("#E8EDF2")
ACCENT = colors.HexColor("#9A2A2A")
IMPROVED_FILL = colors.HexColor("#DDF0DD")
IMPROVED_TEXT = colors.HexColor("#1D5E20")
REDUCED_FILL = colors.HexColor("#F6DADA")
REDUCED_TEXT = colors.HexColor("#9A1F1F")
UNAVAILABLE = colors.HexColor("#8B949E")
BLOCKED_FILL = colors.HexColor("#D9DEE3")

IMPROVED_MARK = "\u25b2"
REDUCED_MARK = "\u25bc"
CAN_IMPROVE_MARK = "\u2605"
"""After the SPP: the player's SPP buy an advancement now."""


def text(value: object) -> str:
    """Escape any value for use inside reportlab paragraph markup."""
    return escape(str(value))


@dataclass(frozen=True)
class Styles:
    """The paragraph styles of one document, scaled by ``size`` (the body font size)."""

    title: ParagraphStyle
    page_title: ParagraphStyle
    subtitle: ParagraphStyle
    heading: ParagraphStyle
    body: ParagraphStyle
    small: ParagraphStyle
    cell: ParagraphStyle
    cell_bold: ParagraphStyle
    cell_small: ParagraphStyle
    cell_center: ParagraphStyle
    cell_right: ParagraphStyle
    header_cell: ParagraphStyle
    header_center: ParagraphStyle
    label: ParagraphStyle
    figure: ParagraphStyle
    label_inverse: ParagraphStyle
    figure_inverse: ParagraphStyle
    note: ParagraphStyle


@functools.cache
def styles(size: float = 7.6) -> Styles:
    """Paragraph styles built around a body font size (cached per size).

    Args:
        size: the body size in points; tables use it, headings scale from it.
    """
    register_fonts()
    lead = size * 1.2

    def style(name: str, **kw: Any) -> ParagraphStyle:
        base: dict[str, Any] = {
            "fontName": CONDENSED,
            "fontSize": size,
            "leading": lead,
            "textColor": INK,
        }
        base.update(kw)
        return ParagraphStyle(f"{name}-{size}", **base)

    white = colors.white
    return Styles(
        title=style("title", fontName=SANS_BOLD, fontSize=size * 2.7, leading=size * 3.1),
        page_title=style("page-title", fontName=SANS_BOLD, fontSize=size * 1.8,
                         leading=size * 2.2),
        subtitle=style("subtitle", fontName=SANS, fontSize=size * 1.2, leading=size * 1.55,
                       textColor=MUTED),
        heading=style("heading", fontName=SANS_BOLD, fontSize=size * 1.45, leading=size * 1.8,
                      spaceBefore=size * 0.9, spaceAfter=size * 0.45),
        body=style("body"),
        small=style("small", fontSize=size * 0.88, leading=size * 1.06),
        cell=style("cell"),
        cell_bold=style("cell-bold", fontName=CONDENSED_BOLD),
        cell_small=style("cell-small", fontSize=size * 0.86, leading=size * 1.02, textColor=MUTED),
        cell_center=style("cell-center", alignment=TA_CENTER),
        cell_right=style("cell-right", alignment=TA_RIGHT),
        header_cell=style("header-cell", fontName=CONDENSED_BOLD, textColor=HEADER_TEXT,
                          alignment=TA_LEFT),
        header_center=style("header-center", fontName=CONDENSED_BOLD, textColor=HEADER_TEXT,
                            alignment=TA_CENTER),
        label=style("label", fontSize=size * 0.8, leading=size * 0.95, textColor=MUTED,
                    alignment=TA_CENTER),
        figure=style("figure", fontName=SANS_BOLD, fontSize=size * 1.45, leading=size * 1.7,
                     alignment=TA_CENTER),
        label_inverse=style("label-inverse", fontSize=size * 0.8, leading=size * 0.95,
                            textColor=white, alignment=TA_CENTER),
        figure_inverse=style("figure-inverse", fontName=SANS_BOLD, fontSize=size * 1.45,
                             leading=size * 1.7, textColor=white, alignment=TA_CENTER),
        note=style("note", fontSize=size * 0.88, leading=size * 1.1, textColor=MUTED),
    )  # fmt: skip


def plain_style(commands: Sequence[tuple[Any, ...]]) -> TableStyle:
    """A table style with no decoration of its own (layout tables), in the house font."""
    return TableStyle([("FONTNAME", (0, 0), (-1, -1), CONDENSED), *commands])


def grid_style(
    header_rows: int = 1,
    *,
    stripes: bool = True,
    padding: float = 2.2,
    size: float | None = None,
    extra: Sequence[tuple[Any, ...]] = (),
) -> TableStyle:
    """The house table style: a dark header band, hairline rules and zebra stripes.

    Args:
        header_rows: how many rows at the top form the header band.
        stripes: shade every second body row.
        padding: cell padding in points (top/bottom; left/right get a little more).
        size: font size of plain-text cells (paragraph cells bring their own style).
        extra: further table style commands appended after the defaults.
    """
    commands: list[tuple[Any, ...]] = [
        ("FONTNAME", (0, 0), (-1, -1), CONDENSED),
        ("TEXTCOLOR", (0, 0), (-1, -1), INK),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), padding),
        ("BOTTOMPADDING", (0, 0), (-1, -1), padding),
        ("LEFTPADDING", (0, 0), (-1, -1), padding + 1),
        ("RIGHTPADDING", (0, 0), (-1, -1), padding + 1),
        ("LINEBELOW", (0, header_rows), (-1, -1), 0.35, RULE),
    ]
    if header_rows:
        commands += [
            ("BACKGROUND", (0, 0), (-1, header_rows - 1), HEADER_FILL),
            ("TEXTCOLOR", (0, 0), (-1, header_rows - 1), HEADER_TEXT),
            ("FONTNAME", (0, 0), (-1, header_rows - 1), CONDENSED_BOLD),
        ]
    if size is not None:
        commands += [
            ("FONTSIZE", (0, 0), (-1, -1), size),
            ("LEADING", (0, 0), (-1, -1), size * 1.2),
        ]
    if stripes:
        commands.append(("ROWBACKGROUNDS", (0, header_rows), (-1, -1), [colors.white, STRIPE]))
    commands.extend(extra)
    return TableStyle(commands)


def cards(
    items: Sequence[tuple[str, str] | tuple[str, str, str]],
    width: float,
    st: Styles,
    *,
    emphasise: int = 0,
) -> Table:
    """A row of labelled figures ("TV 1,040k", "Treasury 65k"…) drawn as panels.

    Args:
        items: (label, value) or (label, value, note) triples, left to right; the
            note is printed small under the value.
        width: the total width to fill.
        st: the document's styles.
        emphasise: how many leading cards get the dark fill (the headline figures).
    """
    labels = [
        Paragraph(text(item[0]).upper(), st.label_inverse if i < emphasise else st.label)
        for i, item in enumerate(items)
    ]
    values: list[list[Paragraph]] = []
    for i, item in enumerate(items):
        inverse = i < emphasise
        cell = [Paragraph(text(item[1]), st.figure_inverse if inverse else st.figure)]
        if len(item) > 2:
            cell.append(Paragraph(text(item[2]), st.label_inverse if inverse else st.label))
        values.append(cell)
    gap = 3.0
    count = len(items)
    col = (width - gap * (count - 1)) / count
    data: list[list[Any]] = [[], []]  # labels, then values (with their notes)
    widths: list[float] = []
    for i in range(count):
        if i:
            data[0].append("")
            data[1].append("")
            widths.append(gap)
        data[0].append(labels[i])
        data[1].append(values[i])
        widths.append(col)
    commands: list[tuple[Any, ...]] = [
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, 0), 3.5),
        ("BOTTOMPADDING", (0, 0), (-1, 0), 0),
        ("TOPPADDING", (0, 1), (-1, 1), 1),
        ("BOTTOMPADDING", (0, 1), (-1, 1), 4),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), 2),
    ]
    for i in range(count):
        column = i * 2
        fill = HEADER_FILL if i < emphasise else PANEL
        commands.append(("BACKGROUND", (column, 0), (column, 1), fill))
    return Table(data, colWidths=widths, style=plain_style(commands), hAlign="LEFT")


def side_by_side(
    header: list[Any],
    rows: Sequence[list[Any]],
    widths: list[float],
    groups: int,
    *,
    size: float,
    gap: float = 10.0,
    tight: Sequence[int] = (),
) -> Table:
    """One table holding ``rows`` in ``groups`` side-by-side blocks with the same header.

    Args:
        header: the header cells of one block.
        rows: the body rows, filled in column by column.
        widths: the column widths of one block.
        groups: how many blocks.
        size: the font size of plain-text cells.
        gap: the space between blocks.
        tight: columns (indexes within a block) that get almost no side padding and
            centred text: short figures such as characteristics and costs.
    """
    per_group = -(-len(rows) // groups)
    blank = [""] * len(header)
    data: list[list[Any]] = [[]]
    all_widths: list[float] = []
    commands: list[tuple[Any, ...]] = [("ALIGN", (0, 0), (-1, -1), "LEFT")]
    for g in range(groups):
        first = g * (len(header) + 1)
        if g:
            data[0].append("")
            all_widths.append(gap)
            commands.append(("BACKGROUND", (first - 1, 0), (first - 1, -1), "white"))
            commands.append(("LINEBELOW", (first - 1, 0), (first - 1, -1), 0, "white"))
        data[0].extend(header)
        all_widths.extend(widths)
        for column in tight:
            cells = (first + column, 0), (first + column, -1)
            commands.append(("LEFTPADDING", *cells, 0.5))
            commands.append(("RIGHTPADDING", *cells, 0.5))
            commands.append(("ALIGN", *cells, "CENTER"))
    for i in range(per_group):
        line: list[Any] = []
        for g in range(groups):
            if g:
                line.append("")
            index = g * per_group + i
            line.extend(rows[index] if index < len(rows) else blank)
        data.append(line)
    table = Table(data, colWidths=all_widths, repeatRows=1, hAlign="LEFT")
    stripes = ("ROWBACKGROUNDS", (0, 1), (-1, -1), ["white", STRIPE])
    table.setStyle(grid_style(padding=1.3, size=size, extra=[*commands, stripes]))
    return table
