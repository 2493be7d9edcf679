"""Printable outputs built with reportlab: pure functions from read models to PDF bytes."""

from league_manager.reports.book import roster_book_pdf
from league_manager.reports.layout import PAPERS, PageOptions
from league_manager.reports.match_sheet import (
    FixtureHeading,
    blank_match_sheet_pdf,
    match_sheet_pdf,
    petty_cash,
)
from league_manager.reports.roster import roster_pdf
from league_manager.reports.season_report import season_report_pdf

__all__ = [
    "PAPERS",
    "FixtureHeading",
    "PageOptions",
    "blank_match_sheet_pdf",
    "match_sheet_pdf",
    "petty_cash",
    "roster_book_pdf",
    "roster_pdf",
    "season_report_pdf",
]
