"""The league table and fixtures of a season: standings with tie-breakers, rounds, leader boards."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Any

from reportlab.lib import colors
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    NextPageTemplate,
    PageBreak,
    Paragraph,
    Spacer,
    Table,
)

from league_manager.reports.history_charts import race_drawing
from league_manager.reports.layout import (
    COLUMNS_TEMPLATE,
    PAGE_TEMPLATE,
    DocumentInfo,
    Marker,
    PageOptions,
    render,
)
from league_manager.reports.roster import ruleset_label
from league_manager.reports.season_cells import (
    FormMarks,
    outcome,
    side_markup,
    small,
    team_markup,
    tiebreak_markup,
)
from league_manager.reports.theme import (
    ACCENT,
    HEADER_FILL,
    UNAVAILABLE,
    Styles,
    cards,
    grid_style,
    plain_style,
    styles,
    text,
)
from league_manager.rules.model import Ruleset
from league_manager.services.history_models import StandingsRace
from league_manager.services.season_read_models import (
    FixtureView,
    LeaderBoard,
    LeadersView,
    RoundView,
    SeasonView,
    StandingsView,
    TableView,
)

FORMATS = {
    "round-robin": "round robin",
    "double-round-robin": "double round robin",
    "swiss": "Swiss",
    "knockout": "knockout",
}
TIE_SHADE = colors.HexColor("#D99A9A")
"""The bar of every second group of tied teams (the others get ``ACCENT``)."""
_BONUS = {
    "bonus_3_td": "3+ touchdowns",
    "bonus_3_cas": "3+ casualties",
    "bonus_clean_sheet": "a clean sheet",
}


def points_text(standings: StandingsView) -> str:
    """How the table is ranked: points per result, bonus points, then the tie-breakers in order."""
    points = standings.points
    parts = [f"win {points.get('win', 3)}", f"draw {points.get('draw', 1)}", f"loss {points.get('loss', 0)}"]
    if points.get("bye"):
        parts.append(f"bye {points['bye']}")
    bonus = [f"+{points[key]} for {label}" for key, label in _BONUS.items() if points.get(key)]
    line = f"<b>Points</b>: {', '.join(parts)}"
    if bonus:
        line += f"; bonus {', '.join(bonus)}"
    chain = ", then ".join(f"{i}. {text(label)}" for i, label in enumerate(standings.tiebreakers, start=1))
    line += f".   <b>Teams level on points</b> are separated by {chain or 'a coin flip'}."
    if "head-to-head" in standings.tiebreakers:
        line += " Head-to-head is a mini-table of the games among the tied teams."
    return line


def standings_table(
    table: TableView,
    races: dict[int, str],
    st: Styles,
    width: float,
    *,
    bye_points: bool = False,
    notes: bool | None = None,
) -> Table:
    """One ranked table with every column; tied rows carry their tie-breaker explanation.

    Args:
        table: the ranked rows.
        races: team id -> race, for the team cell.
        st: the document styles.
        width: the frame width.
        bye_points: show the Bye column (the report passes one answer for all its tables).
        notes: show the tie-breaker column (default: when a row has an explanation);
            the report passes one answer for all its tables so their columns line up.
    """
    rows_ = table.rows
    byes = bye_points
    bonus = any(r.bonus_points for r in rows_)
    if notes is None:
        notes = any(r.tiebreak for r in rows_)
    size = st.cell_small.fontSize
    numbers = ["P", "W", "D", "L", *(["Bye"] if byes else []), "TD+", "TD−", "TD±", "CAS+", "CAS−",
               *(["Bonus"] if bonus else []), "Pts"]  # fmt: skip
    figure_widths = {"P": 17.0, "W": 17.0, "D": 17.0, "L": 17.0, "Bye": 20.0, "TD+": 21.0, "TD−": 21.0,
                     "TD±": 22.0, "CAS+": 23.0, "CAS−": 23.0, "Bonus": 25.0, "Pts": 24.0}  # fmt: skip
    header: list[Any] = [
        Paragraph("#", st.header_center),
        Paragraph("Team", st.header_cell),
        *[Paragraph(n, st.header_center) for n in numbers],
        Paragraph("Form", st.header_center),
    ]
    if notes:
        header.append(Paragraph("Tie-breaker", st.header_cell))
    data: list[list[Any]] = [header]
    commands: list[tuple[Any, ...]] = []
    pts_column = 1 + len(numbers)
    groups = 0
    for index, row in enumerate(rows_, start=1):
        values = {
            "P": row.played, "W": row.won, "D": row.drawn, "L": row.lost, "Bye": row.byes,
            "TD+": row.td_for, "TD−": row.td_against, "TD±": f"{row.td_diff:+d}" if row.td_diff else "0",
            "CAS+": row.cas_for, "CAS−": row.cas_against, "Bonus": row.bonus_points, "Pts": row.points,
        }  # fmt: skip
        line: list[Any] = [
            str(row.rank),
            Paragraph(team_markup(row, races.get(row.team_id), size), st.cell),
            *[str(values[n]) for n in numbers],
            FormMarks(row.form, size=st.cell.fontSize * 1.05) if row.form else "",
        ]
        if notes:
            line.append(Paragraph(tiebreak_markup(row), st.small) if row.tiebreak else "")
        data.append(line)
        if row.tied_with:
            starts = index == 1 or rows_[index - 2].points != row.points
            groups += starts
            shade = ACCENT if groups % 2 else TIE_SHADE  # adjacent tied groups stay apart
            commands.append(("LINEBEFORE", (0, index), (0, index), 2.2, shade))
        if row.withdrawn:
            commands.append(("TEXTCOLOR", (0, index), (-1, index), UNAVAILABLE))
    widths = [20.0, 0.0, *[figure_widths[n] for n in numbers], 54.0]
    rest = width - sum(widths)
    if notes:
        widths[1] = max(110.0, rest * 0.47)
        widths.append(rest - widths[1])
    else:
        widths[1] = rest
    last_figure = pts_column
    result = Table(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
    result.setStyle(
        grid_style(
            padding=2.0,
            size=st.cell.fontSize,
            extra=[
                ("ALIGN", (0, 1), (0, -1), "CENTER"),
                ("FONTNAME", (0, 1), (0, -1), "DejaVuSansCondensed-Bold"),
                ("ALIGN", (2, 1), (last_figure, -1), "CENTER"),
                ("ALIGN", (last_figure + 1, 0), (last_figure + 1, -1), "CENTER"),
                ("LEFTPADDING", (2, 0), (last_figure, -1), 0.5),
                ("RIGHTPADDING", (2, 0), (last_figure, -1), 0.5),
                ("FONTNAME", (pts_column, 1), (pts_column, -1), "DejaVuSansCondensed-Bold"),
                ("LINEBEFORE", (pts_column, 0), (pts_column, -1), 0.6, HEADER_FILL),
                *commands,
            ],
        )
    )
    return result


def _title_block(
    season: SeasonView, rounds: Sequence[RoundView], ruleset: str, printed: date, st: Styles, width: float
) -> list[Flowable]:
    fixtures = [f for r in rounds for f in r.fixtures if not f.is_bye]
    decided = [f for f in fixtures if f.decided]
    scored = [f.result for f in decided if f.result is not None and f.result.home_td is not None]
    touchdowns = sum((r.home_td or 0) + (r.away_td or 0) for r in scored)
    casualties = sum((r.home_cas or 0) + (r.away_cas or 0) for r in scored)
    complete = sum(1 for r in rounds if r.complete and r.fixtures)
    figures: list[tuple[str, str] | tuple[str, str, str]] = [
        ("Teams", str(len(season.active_teams))),
        ("Rounds", f"{complete} / {len(rounds)}", "complete"),
        ("Games", f"{len(decided)} / {len(fixtures)}", "decided"),
        ("Touchdowns", str(touchdowns)),
        ("Casualties", str(casualties)),
    ]
    about = [season.name]
    if season.format:
        about.append(FORMATS.get(season.format, season.format))
    if season.divisions:
        about.append(f"{len(season.divisions)} divisions")
    if ruleset:
        about.append(ruleset)
    about.append(f"as of {printed.day} {printed:%B %Y}")
    return [
        Paragraph(f'<font color="{ACCENT.hexval()}">LEAGUE TABLE AND FIXTURES</font>', st.cell_bold),
        Paragraph(text(season.league), st.title),
        Paragraph(text(" · ".join(about)), st.subtitle),
        Spacer(1, 8),
        cards(figures, width, st, emphasise=1),
    ]


def race_name(race: str, ruleset: Ruleset | None) -> str:
    """The team list's name for a race id (``"woodelf"`` -> ``"Wood Elf"``) when the ruleset knows it."""
    roster = ruleset.teams.get(race) if ruleset is not None else None
    return roster.name if roster is not None else race


def standings_section(
    season: SeasonView, standings: StandingsView, ruleset: Ruleset | None, st: Styles, width: float
) -> list[Flowable]:
    """The tables (each division, then overall) with the ranking rules and a legend."""
    races = {t.team_id: race_name(t.race, ruleset) for t in season.teams}
    every_row = [r for t in (standings.overall, *standings.divisions) for r in t.rows]
    bye_points = bool(standings.points.get("bye")) or any(r.byes for r in every_row)
    notes = any(r.tiebreak for r in every_row)
    tables: list[tuple[str, TableView]] = [(f"Division: {d.name}", d) for d in standings.divisions]
    tables.append(("Overall" if standings.divisions else "Standings", standings.overall))
    story: list[Flowable] = [Marker("standings", "Standings", 0)]
    for heading, table in tables:
        title = Paragraph(text(heading), st.heading)
        title.keepWithNext = True
        story += [title, standings_table(table, races, st, width, bye_points=bye_points, notes=notes)]
    legend = (
        "# position, P played, W won, D drawn, L lost, TD+/TD− touchdowns scored/conceded, TD± difference, "
        "CAS+/CAS− casualties caused/suffered, Pts points. Form: the last five games, oldest first. "
        "A red bar marks teams level on points (neighbouring groups in two shades); the tie-breaker "
        "column says what separated them, the deciding criterion in bold."
    )
    story += [Spacer(1, 5), Paragraph(points_text(standings), st.body), Spacer(1, 3),
              Paragraph(legend, st.note)]  # fmt: skip
    return story


def _round_status(rnd: RoundView) -> str:
    games = [f for f in rnd.fixtures if not f.is_bye]
    done = sum(1 for f in games if f.decided)
    if rnd.stage == "friendly":
        prefix = "friendlies, not counted · "
    elif rnd.stage == "playoff":
        prefix = "play-off · "
    else:
        prefix = ""
    if games and done == len(games):
        return prefix + "complete"
    if not done:
        return prefix + "to play"
    return prefix + f"{done} of {len(games)} decided"


def round_table(rnd: RoundView, st: Styles, width: float) -> Table:
    """One round: a title band, then home, result and away for each fixture."""
    size = st.cell_small.fontSize
    band = [Paragraph(f"<b>{text(rnd.name)}</b>", st.header_cell), "", _round_status(rnd)]
    data: list[list[Any]] = [band]
    commands: list[tuple[Any, ...]] = [
        ("SPAN", (0, 0), (1, 0)),
        ("ALIGN", (2, 0), (2, 0), "RIGHT"),
        ("FONTNAME", (2, 0), (2, 0), "DejaVuSansCondensed"),
        ("FONTSIZE", (2, 0), (2, 0), size),
    ]
    for index, fixture in enumerate(_ordered(rnd.fixtures), start=1):
        main, detail = outcome(fixture)
        if fixture.third_place:
            detail = " · ".join(d for d in ("third place", detail) if d)
        shown = small("v", st.cell.fontSize) if main == "v" else f"<b>{text(main)}</b>"
        if detail:
            shown += f"<br/>{small(text(detail), size)}"
        data.append(
            [
                Paragraph(side_markup(fixture, True, size), st.cell_right),
                Paragraph(shown, st.cell_center),
                Paragraph(side_markup(fixture, False, size), st.cell),
            ]
        )
        if fixture.status == "void":
            commands.append(("TEXTCOLOR", (0, index), (-1, index), UNAVAILABLE))
    middle = 64.0
    side = (width - middle) / 2
    table = Table(data, colWidths=[side, middle, side], repeatRows=1, hAlign="LEFT")
    table.setStyle(grid_style(padding=1.6, size=st.cell.fontSize, extra=commands))
    return table


def _ordered(fixtures: Sequence[FixtureView]) -> list[FixtureView]:
    """Games first (by slot, then id), byes last."""
    return sorted(fixtures, key=lambda f: (f.is_bye, f.slot if f.slot is not None else 0, f.id or 0))


def fixtures_section(rounds: Sequence[RoundView], st: Styles, column: float) -> list[Flowable]:
    """Every round in order, flowing down two columns."""
    heading = Paragraph("Fixtures and results", st.heading)
    heading.keepWithNext = True
    story: list[Flowable] = [Marker("fixtures", "Fixtures", 0), heading]
    story.append(
        Paragraph(
            "Winners in bold. Byes, forfeits, concessions without a score, administrative results, "
            "postponed and void games are given in words: they have no score.",
            st.note,
        )
    )
    story.append(Spacer(1, 4))
    if not rounds:
        story.append(Paragraph("No fixtures have been scheduled yet.", st.body))
    for rnd in rounds:
        story += [KeepTogether([round_table(rnd, st, column)]), Spacer(1, 6)]
    return story


def leader_table(board: LeaderBoard, st: Styles, width: float, *, players: bool) -> Table:
    """One leader board: its label as a band, then rank, name (and team) and the figure."""
    size = st.cell_small.fontSize
    data: list[list[Any]] = [[Paragraph(f"<b>{text(board.label)}</b>", st.header_cell), "", ""]]
    for entry in board.entries:
        name = f"<b>{text(entry.name)}</b>"
        if players:
            name += f"<br/>{small(text(entry.team), size)}"
        data.append([str(entry.rank), Paragraph(name, st.cell), str(entry.value)])
    table = Table(data, colWidths=[16.0, width - 46.0, 30.0], hAlign="LEFT")
    table.setStyle(
        grid_style(
            padding=1.8,
            size=st.cell.fontSize,
            extra=[
                ("SPAN", (0, 0), (-1, 0)),
                ("ALIGN", (0, 1), (0, -1), "CENTER"),
                ("ALIGN", (2, 1), (2, -1), "RIGHT"),
                ("FONTNAME", (2, 1), (2, -1), "DejaVuSansCondensed-Bold"),
            ],
        )
    )
    return table


def _board_grid(boards: Sequence[LeaderBoard], st: Styles, width: float, *, players: bool) -> Table:
    per_row, gap = 3, 10.0
    cell = (width - gap * (per_row - 1)) / per_row
    rows: list[list[Any]] = []
    for start in range(0, len(boards), per_row):
        line: list[Any] = []
        for index in range(per_row):
            if index:
                line.append("")
            at = start + index
            line.append(leader_table(boards[at], st, cell, players=players) if at < len(boards) else "")
        rows.append(line)
    widths = [cell if i % 2 == 0 else gap for i in range(per_row * 2 - 1)]
    return Table(
        rows,
        colWidths=widths,
        hAlign="LEFT",
        style=plain_style(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 8),
            ]
        ),
    )


def leaders_section(leaders: LeadersView, st: Styles, width: float) -> list[Flowable]:
    """Player and team leader boards that have entries (nothing when none has)."""
    player_boards = [b for b in leaders.players if b.entries]
    team_boards = [b for b in leaders.teams if b.entries]
    if not player_boards and not team_boards:
        return []
    key = "career-leaders" if leaders.scope == "career" else "leaders"
    story: list[Flowable] = [Marker(key, leaders.title, 0)]
    title = Paragraph(leaders.title, st.heading)
    if leaders.scope == "career":
        story += [title, Paragraph(f"Seasons counted: {', '.join(leaders.seasons)}.", st.note)]
        title = Spacer(1, 4)
    story.append(title)
    if player_boards:
        story += [Paragraph("Players", st.cell_bold), Spacer(1, 3),
                  _board_grid(player_boards, st, width, players=True)]  # fmt: skip
    if team_boards:
        story += [Paragraph("Teams", st.cell_bold), Spacer(1, 3),
                  _board_grid(team_boards, st, width, players=False)]  # fmt: skip
    story.append(Paragraph("Equal figures share a rank.", st.note))
    return story


def race_section(race: StandingsRace | None, st: Styles, width: float) -> list[Flowable]:
    """The standings race chart (nothing before two rounds have counted games)."""
    if race is None or len(race.rounds) < 2:
        return []
    title = Paragraph("Standings race", st.heading)
    note = Paragraph("League points after each round; points adjustments count from the last round.", st.note)
    return [
        Marker("race", "Standings race", 0),
        KeepTogether([title, race_drawing(race, width), Spacer(1, 6), note]),
    ]


def season_report_story(
    season: SeasonView,
    standings: StandingsView,
    rounds: Sequence[RoundView],
    leaders: LeadersView | None,
    options: PageOptions,
    *,
    ruleset: Ruleset | None = None,
    ruleset_text: str = "",
    printed: date,
    career: LeadersView | None = None,
    race: StandingsRace | None = None,
) -> list[Flowable]:
    """The flowables of the report: title and tables, fixtures in two columns, leader boards."""
    st = styles(7.8)
    fixture_styles = styles(7.2)
    width = options.frame_size[0]
    story = _title_block(season, rounds, ruleset_text, printed, st, width)
    story += standings_section(season, standings, ruleset, st, width)
    story += race_section(race, st, width)
    story += [NextPageTemplate(COLUMNS_TEMPLATE), PageBreak()]
    story += fixtures_section(rounds, fixture_styles, options.column_width)
    boards = leaders_section(leaders, st, width) if leaders is not None else []
    if boards:
        story += [NextPageTemplate(PAGE_TEMPLATE), PageBreak(), *boards]
    several = career is not None and len(career.seasons) > 1
    career_boards = leaders_section(career, st, width) if career is not None and several else []
    if career_boards:
        story += [NextPageTemplate(PAGE_TEMPLATE), PageBreak(), *career_boards]
    return story


def season_report_pdf(
    season: SeasonView,
    standings: StandingsView,
    rounds: Sequence[RoundView],
    leaders: LeadersView | None = None,
    *,
    ruleset: Ruleset | None = None,
    ruleset_version: str = "",
    options: PageOptions | None = None,
    printed: date | None = None,
    career: LeadersView | None = None,
    race: StandingsRace | None = None,
) -> bytes:
    """Build a season's league table and fixtures as PDF bytes.

    Args:
        season: the season (league, name, format, teams with race and coach).
        standings: its tables, tie-breaker chain and points rules.
        rounds: its fixtures grouped by round.
        leaders: its leader boards; boards without entries are left out.
        career: the career leader boards (the league's seasons up to this one); printed
            after the season's when they count more than this season.
        race: the standings race (points per round per team), drawn under the table once
            two rounds have counted games.
        ruleset: the league's ruleset: its name in the title and footer, its team lists
            for the race names; None prints the race ids as stored.
        ruleset_version: the league's ruleset version (default: the ruleset's own).
        options: paper (A4 or Letter); the report is portrait.
        printed: the "as of" date in the title and the footer (today by default).

    Returns:
        The PDF file contents.
    """
    options = options or PageOptions()
    printed = printed or date.today()
    caption = f"{season.league} · {season.name}"
    label = ruleset_label(ruleset, "", ruleset_version) if ruleset is not None else ""
    info = DocumentInfo(
        title=f"{season.league} — {season.name}: league table and fixtures",
        caption=caption,
        ruleset=label,
        printed=printed,
    )
    story = season_report_story(
        season, standings, rounds, leaders, options, ruleset=ruleset, ruleset_text=label, printed=printed,
        career=career, race=race,
    )  # fmt: skip
    return render(story, options, info)
