"""Printable outputs built with reportlab: pure functions from read models to PDF bytes."""

from league_manager.reports.layout import PAPERS, PageOptions
from league_manager.reports.roster import roster_pdf

__all__ = ["PAPERS", "PageOptions", "roster_pdf"]
