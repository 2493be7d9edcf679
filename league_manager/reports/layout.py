"""Page geometry, the running footer ("Page 3 of 25"), bookmarks and rendering a story to bytes."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, KeepInFrame, PageTemplate

from league_manager import __version__
from league_manager.reports.fonts import CONDENSED, CONDENSED_BOLD, register_fonts
from league_manager.reports.theme import INK, MUTED, RULE

PAPERS: dict[str, tuple[float, float]] = {"a4": A4, "letter": LETTER}
"""Paper names accepted by ``--paper``, with their portrait sizes in points."""

_TOTAL_FORM = "lm-total-pages"
_FOOTER_SIZE = 7.0
PAGE_TEMPLATE = "page"
"""The page template with one full-width frame (every document starts on it)."""
COLUMNS_TEMPLATE = "columns"
"""A page template with two frames side by side: long lists flow down one, then the other."""
COLUMN_GAP = 14.0


@dataclass(frozen=True)
class PageOptions:
    """Paper and orientation of a document.

    Attributes:
        paper: ``"a4"`` or ``"letter"``.
        landscape: turn the page on its side.
    """

    paper: str = "a4"
    landscape: bool = False

    def __post_init__(self) -> None:
        if self.paper not in PAPERS:
            known = ", ".join(PAPERS)
            raise ValueError(f"unknown paper '{self.paper}' (known: {known})")

    @property
    def size(self) -> tuple[float, float]:
        """Page width and height in points."""
        width, height = PAPERS[self.paper]
        return (max(width, height), min(width, height)) if self.landscape else (width, height)

    @property
    def margins(self) -> tuple[float, float, float, float]:
        """Left, right, top and bottom margins in points (the bottom one holds the footer)."""
        side = 11 * mm if self.landscape else 12 * mm
        return side, side, 10 * mm, 14 * mm

    @property
    def column_width(self) -> float:
        """Width of one frame of the two-column page template (``COLUMNS_TEMPLATE``)."""
        return (self.frame_size[0] - COLUMN_GAP) / 2

    @property
    def frame_size(self) -> tuple[float, float]:
        """Width and height available to the content of one page."""
        width, height = self.size
        left, right, top, bottom = self.margins
        return width - left - right, height - top - bottom


@dataclass(frozen=True)
class DocumentInfo:
    """What the footer and the PDF metadata say about a document.

    Attributes:
        title: PDF title (shown by viewers in the window bar).
        caption: footer text naming the document; a ``Marker`` may change it per section.
        ruleset: the ruleset label printed in the footer ("Blood Bowl 2020 (2025.05)").
        printed: the date printed in the footer.
    """

    title: str
    caption: str
    ruleset: str
    printed: date


class Marker(Flowable):  # type: ignore[misc]
    """An invisible flowable that starts a section: a bookmark, an outline entry and a caption.

    Put it first on the page the section starts on.
    """

    def __init__(self, key: str, title: str, level: int = 0, caption: str | None = None) -> None:
        super().__init__()
        self.key = key
        self.title = title
        self.level = level
        self.caption = caption

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        """Take no room at all."""
        return 0.0, 0.0

    def draw(self) -> None:
        """Draw nothing; the document template reacts to the marker instead."""


class PageRef(Flowable):  # type: ignore[misc]
    """The page number a ``Marker`` lands on, right-aligned, for contents pages.

    The number is drawn from a form filled in when the document is saved, so the
    contents can come before the sections in a single layout pass.
    """

    def __init__(self, key: str, font_size: float, bold: bool = False) -> None:
        super().__init__()
        self.key = key
        self.font_size = font_size
        self.bold = bold

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        """Fill the cell's width, one line high."""
        self.width = available_width
        return available_width, self.font_size * 1.2

    def draw(self) -> None:
        """Refer to the section's page-number form at the right edge."""
        self.canv.saveState()
        self.canv.translate(self.width, self.font_size * 0.25)
        self.canv.doForm(_page_form(self.key, self.font_size, self.bold))
        self.canv.page_refs.add((self.key, self.font_size, self.bold))
        self.canv.restoreState()


def _page_form(key: str, size: float, bold: bool) -> str:
    return f"lm-page-{key}-{size:g}-{int(bold)}"


class _CountingCanvas(Canvas):  # type: ignore[misc]
    """A canvas that writes page numbers into forms when it is saved.

    Every footer refers to the total-pages form; every ``PageRef`` to the form of
    its section. The document fills ``section_pages`` in as markers land.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.section_pages: dict[str, int] = {}
        self.page_refs: set[tuple[str, float, bool]] = set()

    def save(self) -> None:
        total = self.getPageNumber() - 1
        self._number_form(_TOTAL_FORM, str(total), CONDENSED_BOLD, _FOOTER_SIZE, right=False)
        for key, size, bold in sorted(self.page_refs):
            page = self.section_pages.get(key)
            font = CONDENSED_BOLD if bold else CONDENSED
            shown = str(page) if page is not None else "?"
            self._number_form(_page_form(key, size, bold), shown, font, size, right=True)
        super().save()

    def _number_form(self, name: str, value: str, font: str, size: float, *, right: bool) -> None:
        if right:
            self.beginForm(name, lowerx=-60, lowery=-3, upperx=0, uppery=size * 1.5)
        else:
            self.beginForm(name, lowerx=0, lowery=-3, upperx=60, uppery=size * 1.5)
        self.setFont(font, size)
        self.setFillColor(MUTED if not right else INK)
        if right:
            self.drawRightString(0, 0, value)
        else:
            self.drawString(0, 0, value)
        self.endForm()


class _Document(BaseDocTemplate):  # type: ignore[misc]
    def __init__(self, stream: io.BytesIO, options: PageOptions, info: DocumentInfo, outline: bool) -> None:
        left, right, top, bottom = options.margins
        super().__init__(
            stream,
            pagesize=options.size,
            leftMargin=left,
            rightMargin=right,
            topMargin=top,
            bottomMargin=bottom,
            title=info.title,
            author="League Manager",
            creator=f"League Manager {__version__}",
            subject=info.caption,
            initialFontName=CONDENSED,  # no unembedded standard font in the file
        )
        self.info = info
        self.outline = outline
        self.caption = info.caption
        frame = Frame(
            self.leftMargin,
            self.bottomMargin,
            self.width,
            self.height,
            id="body",
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
        )
        column = (self.width - COLUMN_GAP) / 2
        columns = [
            Frame(
                self.leftMargin + i * (column + COLUMN_GAP),
                self.bottomMargin,
                column,
                self.height,
                id=f"column-{i}",
                leftPadding=0,
                rightPadding=0,
                topPadding=0,
                bottomPadding=0,
            )
            for i in range(2)
        ]
        self.addPageTemplates(
            [
                PageTemplate(id=PAGE_TEMPLATE, frames=[frame], onPageEnd=self._footer),
                PageTemplate(id=COLUMNS_TEMPLATE, frames=columns, onPageEnd=self._footer),
            ]
        )

    def afterFlowable(self, flowable: Flowable) -> None:
        if isinstance(flowable, Marker):
            if self.outline:
                self.canv.showOutline()
            self.canv.bookmarkPage(flowable.key)
            self.canv.section_pages[flowable.key] = self.canv.getPageNumber()
            self.canv.addOutlineEntry(flowable.title, flowable.key, level=flowable.level)
            if flowable.caption is not None:
                self.caption = flowable.caption

    def _footer(self, canv: Canvas, doc: BaseDocTemplate) -> None:
        width, _ = doc.pagesize
        left, right = doc.leftMargin, width - doc.rightMargin
        y = doc.bottomMargin - 6 * mm
        canv.saveState()
        canv.setStrokeColor(RULE)
        canv.setLineWidth(0.5)
        canv.line(left, y + 9, right, y + 9)
        canv.setFillColor(MUTED)
        canv.setFont(CONDENSED_BOLD, _FOOTER_SIZE)
        prefix = f"Page {canv.getPageNumber()} of "
        canv.drawString(left, y, prefix)
        offset = canv.stringWidth(prefix, CONDENSED_BOLD, _FOOTER_SIZE)
        canv.saveState()
        canv.translate(left + offset, y)
        canv.doForm(_TOTAL_FORM)
        canv.restoreState()
        canv.setFont(CONDENSED, _FOOTER_SIZE)
        printed = f"{self.info.printed.day} {self.info.printed:%b %Y}"
        parts = (self.caption, self.info.ruleset, f"printed {printed} by League Manager {__version__}")
        canv.drawRightString(right, y, "   ·   ".join(p for p in parts if p))
        canv.restoreState()


def measure(content: Sequence[Flowable], width: float) -> float:
    """The height ``content`` takes stacked in a frame ``width`` wide (spaces included)."""
    return float(sum(f.wrap(width, 1e6)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in content))


def one_page(content: list[Flowable], options: PageOptions, used: float | None = None) -> list[Flowable]:
    """Keep ``content`` on one page: as it is when it fits, else shrunk to fit.

    Shrinking (reportlab's ``KeepInFrame``) costs extra layout passes, so content
    that fits is passed through untouched.

    Args:
        content: the flowables of the page.
        options: paper and orientation (the frame size).
        used: the height of ``content`` when the caller has already measured it.
    """
    width, height = options.frame_size
    if used is None:
        used = measure(content, width)
    if used <= height - 1:
        return content
    return [KeepInFrame(width, height - 1, content, mode="shrink")]


def render(
    story: Sequence[Flowable], options: PageOptions, info: DocumentInfo, *, outline: bool = False
) -> bytes:
    """Lay out a story on pages with the house footer and return the PDF bytes.

    Args:
        story: the flowables, top to bottom.
        options: paper and orientation.
        info: title, footer caption, ruleset label and printed date.
        outline: open the viewer's bookmark pane (books with many sections).
    """
    register_fonts()
    stream = io.BytesIO()
    doc = _Document(stream, options, info, outline)
    doc.build(list(story), canvasmaker=_CountingCanvas)
    return stream.getvalue()
