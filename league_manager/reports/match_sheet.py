"""Match sheets: both teams with tally boxes, then the game record and the dice tables."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer, Table

from league_manager.core.money import format_k
from league_manager.reports.layout import DocumentInfo, PageOptions, one_page, render
from league_manager.reports.match_forms import Side, game_record, match_tables
from league_manager.reports.player_cells import (
    injuries_markup,
    player_markup,
    skills_markup,
    stat_cells,
)
from league_manager.reports.roster import ruleset_label
from league_manager.reports.theme import (
    ACCENT,
    BLOCKED_FILL,
    HEADER_FILL,
    RULE,
    UNAVAILABLE,
    Styles,
    grid_style,
    plain_style,
    styles,
    text,
)
from league_manager.rules.model import CHARACTERISTICS, Ruleset
from league_manager.services.read_models import CLASSIC_CHARACTERISTICS, PlayerView, TeamView

TALLIES = ("TD", "COMP", "DEF", "INT", "CAS", "MVP")
"""Per-player boxes: touchdowns, completions, deflections, interceptions, casualties, MVP."""
SHEET_ROWS = 16
PLAYERS_ON_PITCH = 11


def petty_cash(team: TeamView, opponent: TeamView) -> int:
    """Petty cash the team receives before the game (BB2020, the newest rules).

    The side with the lower current team value receives the difference in CTV; it
    also gets whatever the favourite spends from its treasury on inducements, which
    the sheet leaves to be written in.

    Returns:
        The CTV difference for the lower side, 0 for the higher side or on a tie.
    """
    return max(0, opponent.current_team_value - team.current_team_value)


def _scoreboard(home: Side, away: Side, st: Styles, width: float) -> Table:
    def block(side: Side, align: str) -> list[Flowable]:
        style = st.cell_right if align == "right" else st.cell
        team = side.team
        label = f'<font color="{ACCENT.hexval()}"><b>{side.label.upper()}</b></font>'
        if team is None:
            return [
                Paragraph(label, style),
                Paragraph("Team " + "_" * 34, style),
                Paragraph("Coach " + "_" * 33, style),
                Paragraph("TV ______   CTV ______   Petty cash ______", style),
            ]
        cash = format_k(side.petty_cash) if side.petty_cash else "none"
        tv, ctv = format_k(team.team_value), format_k(team.current_team_value)
        figures = f"TV <b>{tv}</b>   CTV <b>{ctv}</b>   Petty cash <b>{cash}</b>"
        if team.classic:  # LRB 2004: no CTV or petty cash
            figures = (
                f"Rating <b>{team.rating}</b>   Fan factor <b>{team.dedicated_fans}</b>   "
                f"Treasury <b>{format_k(team.treasury)}</b>"
            )
        size = st.title.fontSize * 0.55
        return [
            Paragraph(label, style),
            Paragraph(f'<font size="{size:.1f}"><b>{text(team.name)}</b></font>', style),
            Spacer(1, 3),
            Paragraph(f"{text(team.race)} · coach {text(team.coach)}", style),
            Paragraph(figures, style),
        ]  # fmt: skip

    score = Table(
        [["", "–", ""], ["score", "", "score"]],
        colWidths=[38, 14, 38],
        rowHeights=[34, 10],
        style=plain_style(
            [
                ("BOX", (0, 0), (0, 0), 1.2, HEADER_FILL),
                ("BOX", (2, 0), (2, 0), 1.2, HEADER_FILL),
                ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("FONTSIZE", (0, 1), (-1, 1), 5.5),
                ("TEXTCOLOR", (0, 1), (-1, 1), UNAVAILABLE),
            ]
        ),
    )
    side_width = (width - 110) / 2
    return Table(
        [[block(home, "left"), score, block(away, "right")]],
        colWidths=[side_width, 110, side_width],
        hAlign="LEFT",
        style=plain_style(
            [
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("ALIGN", (1, 0), (1, 0), "CENTER"),
            ]
        ),
    )


def _side_caption(side: Side, st: Styles) -> Paragraph:
    team = side.team
    if team is None:
        blanks = "re-rolls ____   ·   apothecary ____   ·   journeymen ____"
        return Paragraph(f"<b>{side.label}</b>   ·   {blanks}", st.cell)
    available = team.players_available
    parts = [
        f"<b>{text(side.label)}: {text(team.name)}</b>",
        f"re-rolls {team.rerolls}",
        f"apothecary {'yes' if team.apothecary else 'no'}",
        f"{available} of {len(team.players)} available",
    ]
    if available < PLAYERS_ON_PITCH:
        missing = PLAYERS_ON_PITCH - available
        parts.append(
            f'<font color="{ACCENT.hexval()}"><b>{missing} journeym{"an" if missing == 1 else "en"}'
            "</b></font>"
        )
    return Paragraph("   ·   ".join(parts), st.cell)


def _player_row(player: PlayerView, row: int, st: Styles) -> tuple[list[Any], list[tuple[Any, ...]]]:
    out = not player.available
    tally_first = 3 + len(player.characteristic_names)
    stats, commands = stat_cells(player, st, row, 2)
    name = player_markup(player, st, with_position=True, strike=out)
    skills = skills_markup(player.skills)
    if out:
        skills = f'<font color="{UNAVAILABLE.hexval()}"><strike>{skills}</strike></font>'
        commands = [
            ("TEXTCOLOR", (0, row), (-1, row), UNAVAILABLE),
            ("BACKGROUND", (tally_first, row), (tally_first + len(TALLIES) - 1, row), BLOCKED_FILL),
        ]
        stats = [player.shown(c) for c in player.characteristic_names]  # greyed by the row
    cells = [
        str(player.number),
        Paragraph(name, st.cell),
        *stats,
        Paragraph(skills, st.small),
        *[""] * len(TALLIES),
        Paragraph(injuries_markup(player, lasting=False), st.small),
    ]
    return cells, commands


def team_table(side: Side, st: Styles, width: float) -> Table:
    """A team's players with stats, skills, tally and injury boxes; players who are out struck."""
    classic = side.team is not None and side.team.classic  # LRB 2004: MA ST AG AV, no PA
    names = CLASSIC_CHARACTERISTICS if classic else CHARACTERISTICS
    n = len(names)
    header: list[Any] = [
        Paragraph("#", st.header_center),
        Paragraph("Player", st.header_cell),
        *[Paragraph(c, st.header_center) for c in names],
        Paragraph("Skills &amp; traits", st.header_cell),
        *[Paragraph(t, st.label_inverse) for t in TALLIES],
        Paragraph("Injury", st.header_cell),
    ]
    rows: list[list[Any]] = [header]
    commands: list[tuple[Any, ...]] = []
    players = sorted(side.team.players, key=lambda p: p.number) if side.team else []
    for index, player in enumerate(players[:SHEET_ROWS], start=1):
        cells, extra = _player_row(player, index, st)
        rows.append(cells)
        commands.extend(extra)
    blank_height = st.cell.leading + st.cell_small.leading + 3.2
    heights: list[float | None] = [None] * len(rows)
    first_blank = len(rows)
    for _ in range(len(rows) - 1, SHEET_ROWS):
        rows.append([""] * len(header))
        heights.append(blank_height)
    if first_blank < len(rows):  # column rules help whoever writes players in by hand
        commands.append(("LINEAFTER", (0, first_blank), (-2, len(rows) - 1), 0.3, RULE))
    totals = ["", Paragraph("<b>Team totals</b>", st.cell), *[""] * (n + 1), *[""] * len(TALLIES), ""]
    rows.append(totals)
    heights.append(None)
    tally_first, tally_last = 3 + n, 3 + n + len(TALLIES) - 1
    fixed = [15.0, 108.0, *[16.0] * n, 0.0, *[19.0] * len(TALLIES), 46.0]
    fixed[2 + n] = width - sum(fixed)
    table = Table(rows, colWidths=fixed, rowHeights=heights, repeatRows=1, hAlign="LEFT")
    table.setStyle(
        grid_style(
            padding=1.8,
            size=st.cell.fontSize,
            extra=[
                ("ALIGN", (0, 1), (0, -1), "CENTER"),
                ("ALIGN", (2, 1), (1 + n, -1), "CENTER"),
                ("FONTNAME", (0, 1), (0, -1), "DejaVuSansCondensed-Bold"),
                ("LEFTPADDING", (2, 0), (1 + n, -1), 0.5),
                ("RIGHTPADDING", (2, 0), (1 + n, -1), 0.5),
                ("LEFTPADDING", (tally_first, 0), (tally_last, -1), 0.5),
                ("RIGHTPADDING", (tally_first, 0), (tally_last, -1), 0.5),
                ("BACKGROUND", (tally_first, 1), (tally_last, -1), "white"),
                ("GRID", (tally_first, 1), (tally_last, -1), 0.6, RULE),
                ("BOX", (tally_first, 1), (tally_last, -1), 0.9, HEADER_FILL),
                ("LINEABOVE", (0, -1), (-1, -1), 0.9, HEADER_FILL),
                *commands,
            ],
        )
    )
    return table


@dataclass(frozen=True)
class FixtureHeading:
    """The league fixture a sheet is printed for: written into the sheet's heading."""

    fixture_id: int
    round_name: str
    scheduled: date | None = None


def _heading_fields(fixture: FixtureHeading | None) -> str:
    """The heading's date, round and venue fields: the fixture's where known, blanks otherwise."""
    if fixture is None:
        return "Date ____________   Round ______   Venue ________________"
    when = fixture.scheduled.isoformat() if fixture.scheduled else "____________"
    return (
        f"Fixture <b>{fixture.fixture_id}</b>   <b>{text(fixture.round_name)}</b>   "
        f"Date <b>{when}</b>   Venue ________________"
    )


def _sheet(
    home: Side,
    away: Side,
    ruleset: Ruleset | None,
    options: PageOptions,
    league: str | None,
    fixture: FixtureHeading | None = None,
) -> list[Flowable]:
    st = styles(7.4)
    width = options.frame_size[0]
    title = "Match sheet" + (f" · {league}" if league else "")
    front: list[Flowable] = [
        Table(
            [[Paragraph(f'<font color="{ACCENT.hexval()}"><b>{text(title.upper())}</b></font>',
                        st.cell),
              Paragraph(_heading_fields(fixture), st.cell_right)]],
            colWidths=[width * 0.45, width * 0.55], hAlign="LEFT",
            style=plain_style([("LEFTPADDING", (0, 0), (-1, -1), 0),
                               ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                               ("LINEBELOW", (0, 0), (-1, 0), 1.4, HEADER_FILL)]),
        ),
        Spacer(1, 6),
        _scoreboard(home, away, st, width),
        Spacer(1, 8),
    ]  # fmt: skip
    for side in (home, away):
        front += [_side_caption(side, st), Spacer(1, 2), team_table(side, st, width), Spacer(1, 8)]
    front.append(
        Paragraph(
            "Struck-through players cannot play this game. Tally TD touchdowns, COMP completions, "
            "DEF deflections, INT interceptions, CAS casualties caused and MVP; write injuries "
            "suffered (BH, SI, dead, lasting injury) in the injury box.",
            styles(7.4).note,
        )
    )
    back = game_record(home, away, ruleset, st, width) + match_tables(ruleset, st, width)
    return [*one_page(front, options), PageBreak(), *one_page(back, options)]


def match_sheet_pdf(
    home: TeamView,
    away: TeamView,
    ruleset: Ruleset | None,
    *,
    options: PageOptions | None = None,
    league: str | None = None,
    printed: date | None = None,
    fixture: FixtureHeading | None = None,
) -> bytes:
    """Build a match sheet pre-filled with two teams.

    Args:
        home: the home team.
        away: the away team.
        ruleset: the ruleset of the game (weather and kick-off tables); None leaves them out.
        options: paper and orientation.
        league: printed in the title (defaults to the home team's league).
        printed: the date in the footer (today by default).
        fixture: the league fixture the sheet is for (its round and date are filled in);
            None leaves them blank to be written.

    Returns:
        The PDF file contents.
    """
    options = options or PageOptions()
    sides = (
        Side("Home", home, petty_cash(home, away)),
        Side("Away", away, petty_cash(away, home)),
    )
    info = DocumentInfo(
        title=f"{home.name} v {away.name} — match sheet",
        caption=f"{home.name} v {away.name}",
        ruleset=ruleset_label(ruleset, home.ruleset, home.ruleset_version),
        printed=printed or date.today(),
    )
    story = _sheet(*sides, ruleset, options, league or home.league, fixture)
    return render(story, options, info)


def blank_match_sheet_pdf(
    ruleset: Ruleset | None,
    *,
    options: PageOptions | None = None,
    printed: date | None = None,
) -> bytes:
    """Build a blank match sheet to fill in by hand (with the ruleset's dice tables).

    Args:
        ruleset: the ruleset whose weather and kick-off tables are printed.
        options: paper and orientation.
        printed: the date in the footer (today by default).

    Returns:
        The PDF file contents.
    """
    options = options or PageOptions()
    info = DocumentInfo(
        title="Blank match sheet",
        caption="Match sheet",
        ruleset=ruleset_label(ruleset, ruleset.id if ruleset else ""),
        printed=printed or date.today(),
    )
    story = _sheet(Side("Home", None, None), Side("Away", None, None), ruleset, options, None)
    return render(story, options, info)
