"""The league roster book: a contents page, then every team's roster, with bookmarks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any

from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer, Table

from league_manager.core.money import format_k
from league_manager.reports.layout import DocumentInfo, Marker, PageOptions, PageRef, render
from league_manager.reports.roster import roster_story, ruleset_label
from league_manager.reports.theme import ACCENT, Styles, cards, grid_style, styles, text
from league_manager.rules.model import Ruleset
from league_manager.services.read_models import TeamView


def team_key(index: int) -> str:
    """The bookmark key of the ``index``-th team of a book."""
    return f"team-{index}"


def contents_page(
    league: str, teams: Sequence[TeamView], ruleset_text: str, st: Styles, width: float
) -> list[Flowable]:
    """The contents page: league title, a few league-wide figures and one row per team.

    Args:
        league: the league's name.
        teams: the teams in book order (the n-th team's bookmark is ``team_key(n)``).
        ruleset_text: the ruleset label for the subtitle.
        st: the document styles.
        width: the frame width.
    """
    players = sum(len(t.players) for t in teams)
    average = round(sum(t.team_value for t in teams) / len(teams), -3) if teams else 0
    top = max(teams, key=lambda t: t.current_team_value, default=None)
    figures = [
        ("Teams", str(len(teams))),
        ("Players", str(players)),
        ("Average TV", format_k(int(average))),
        ("Highest CTV", format_k(top.current_team_value) if top else "-"),
    ]
    header: list[Any] = [
        Paragraph("#", st.header_center),
        Paragraph("Team", st.header_cell),
        Paragraph("Race", st.header_cell),
        Paragraph("Coach", st.header_cell),
        Paragraph("Players", st.header_center),
        Paragraph("TV", st.header_center),
        Paragraph("CTV", st.header_center),
        Paragraph("Treasury", st.header_center),
        Paragraph("Page", st.header_center),
    ]
    rows: list[list[Any]] = [header]
    for index, team in enumerate(teams, start=1):
        key = team_key(index)
        rows.append(
            [
                str(index),
                Paragraph(f'<a href="#{key}"><b>{text(team.name)}</b></a>', st.cell),
                Paragraph(text(team.race), st.cell),
                Paragraph(text(team.coach), st.cell),
                str(len(team.players)),
                format_k(team.team_value),
                format_k(team.current_team_value),
                format_k(team.treasury),
                PageRef(key, st.cell.fontSize, bold=True),
            ]
        )
    fixed = [20.0, 0.0, 86.0, 96.0, 44.0, 46.0, 46.0, 50.0, 34.0]
    fixed[1] = width - sum(fixed)
    table = Table(rows, colWidths=fixed, repeatRows=1, hAlign="LEFT")
    table.setStyle(
        grid_style(
            padding=4.0,
            extra=[
                ("FONTSIZE", (0, 1), (-1, -1), st.cell.fontSize),
                ("ALIGN", (0, 1), (0, -1), "CENTER"),
                ("ALIGN", (4, 1), (-2, -1), "CENTER"),
            ],
        )
    )
    return [
        Marker("contents", "Contents", 0, caption=f"{league}: roster book"),
        Paragraph(f'<font color="{ACCENT.hexval()}">ROSTER BOOK</font>', st.cell_bold),
        Paragraph(text(league), st.title),
        Paragraph(text(f"{len(teams)} teams · {ruleset_text}"), st.subtitle),
        Spacer(1, 10),
        cards(figures, width, st, emphasise=1),
        Spacer(1, 12),
        Paragraph("Contents", st.heading),
        table,
        Spacer(1, 6),
        Paragraph(
            "Each team has a roster page and a reference page with its skills, the star "
            "players and the inducements it may hire. Team names are links; the bookmarks "
            "pane lists every page.",
            st.note,
        ),
    ]


def roster_book_pdf(
    league: str,
    teams: Sequence[TeamView],
    ruleset: Ruleset | None,
    *,
    options: PageOptions | None = None,
    settings: Mapping[str, object] | None = None,
    printed: date | None = None,
) -> bytes:
    """Build a league's roster book: contents, then each team's roster and reference pages.

    Args:
        league: the league's name (the book's title).
        teams: the teams, in the order they should appear.
        ruleset: the league's ruleset (None prints rosters without the hire lists).
        options: paper and orientation.
        settings: the league's house-rule settings (inducement discounts).
        printed: the date in the footers (today by default).

    Returns:
        The PDF file contents.
    """
    options = options or PageOptions()
    first = teams[0] if teams else None
    label = ruleset_label(
        ruleset,
        first.ruleset if first else (ruleset.id if ruleset else ""),
        first.ruleset_version if first else "",
    )
    width, _ = options.frame_size
    story = contents_page(league, teams, label, styles(8.6), width)
    for index, team in enumerate(teams, start=1):
        story.append(PageBreak())
        story += roster_story(team, ruleset, options, settings=settings, bookmarks=team_key(index))
    info = DocumentInfo(
        title=f"{league} — roster book",
        caption=f"{league}: roster book",
        ruleset=label,
        printed=printed or date.today(),
    )
    return render(story, options, info, outline=True)
