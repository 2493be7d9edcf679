"""The first page of a team roster: team header, figures and the player table."""

from __future__ import annotations

from typing import Any

from reportlab.lib import colors
from reportlab.platypus import Flowable, Paragraph, Spacer, Table

from league_manager.core.money import format_k
from league_manager.reports.fonts import CONDENSED
from league_manager.reports.layout import PageOptions, measure, one_page
from league_manager.reports.player_cells import (
    injuries_markup,
    keywords_markup,
    player_markup,
    skills_markup,
    spp_cell,
    stat_cells,
)
from league_manager.reports.theme import (
    ACCENT,
    CAN_IMPROVE_MARK,
    IMPROVED_MARK,
    PANEL,
    REDUCED_MARK,
    RULE,
    Styles,
    cards,
    grid_style,
    plain_style,
    text,
)
from league_manager.rules.model import CHARACTERISTICS, Ruleset
from league_manager.services.read_models import CLASSIC_CHARACTERISTICS, PlayerView, TeamView

ROSTER_ROWS = 16
"""Rows printed on a roster: room for a full 16-player team; spare rows stay blank."""


def team_header(team: TeamView, st: Styles, width: float, kind: str) -> Table:
    """The title block: team name, race, coach, league and team rules, with the document kind.

    Args:
        team: the team.
        st: the document styles.
        width: the frame width.
        kind: what the page is ("Team roster", "Reference"), printed in the corner.
    """
    details = [f"{text(team.race)} team", f"coach <b>{text(team.coach)}</b>"]
    if team.league:
        details.append(f"league <b>{text(team.league)}</b>")
    rules = list(team_rules(team))
    left: list[Flowable] = [
        Paragraph(text(team.name), st.title),
        Paragraph("   ·   ".join(details), st.subtitle),
    ]
    if rules:
        left.append(Paragraph(f"Team rules: {text(', '.join(rules))}", st.note))
    corner = Paragraph(f'<font color="{ACCENT.hexval()}"><b>{text(kind.upper())}</b></font>', st.cell_right)
    table = Table([[left, corner]], colWidths=[width * 0.8, width * 0.2], hAlign="LEFT")
    table.setStyle(
        plain_style(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
                ("LINEBELOW", (0, 0), (-1, 0), 1.4, colors.HexColor("#24364A")),
            ]
        )
    )
    return table


def team_rules(team: TeamView) -> tuple[str, ...]:
    """The team's special rules with its drafted choice in place of the open "Favoured of..."."""
    rules = [r for r in team.special_rules if not (team.special_rule_choice and r.endswith("..."))]
    if team.special_rule_choice and team.special_rule_choice not in rules:
        rules.append(team.special_rule_choice)
    return tuple(rules)


def compact_header(team: TeamView, st: Styles, width: float, kind: str) -> Table:
    """A one-line page header for follow-on pages: team name, race and coach, and the kind."""
    size = st.body.fontSize
    line = (
        f'{text(team.name)}   <font name="{CONDENSED}" size="{size:.1f}" color="#5E6B78">'
        f"{text(team.race)} team · coach {text(team.coach)}</font>"
    )
    corner = Paragraph(f'<font color="{ACCENT.hexval()}"><b>{text(kind.upper())}</b></font>', st.cell_right)
    return Table(
        [[Paragraph(line, st.page_title), corner]],
        colWidths=[width * 0.8, width * 0.2],
        hAlign="LEFT",
        style=plain_style(
            [
                ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
                ("LINEBELOW", (0, 0), (-1, 0), 1.4, colors.HexColor("#24364A")),
            ]
        ),
    )


def team_figures(team: TeamView, st: Styles, width: float, ruleset: Ruleset | None) -> Table:
    """TV, CTV, treasury, re-rolls, dedicated fans and sideline staff as a row of panels.

    Args:
        team: the team.
        st: the document styles.
        width: the frame width.
        ruleset: for the price of a new re-roll after the draft (doubled in BB2020).
    """
    price = team.reroll_cost
    if (team.first_match_played or team.classic) and ruleset is not None:  # LRB 2004: double after creation
        price *= ruleset.draft.reroll_multiplier_after_draft
    rerolls = (
        "Re-rolls",
        str(team.rerolls),
        f"{format_k(team.reroll_cost)} · new {format_k(price)}"
        if price != team.reroll_cost
        else f"{format_k(price)} each",
    )
    if team.apothecary:
        apothecary = "Yes"
    else:
        apothecary = "No" if team.apothecary_allowed else "n/a"
    items: list[tuple[str, str] | tuple[str, str, str]] = [
        ("Team value", format_k(team.team_value)),
        *(
            [("Team rating", str(team.rating))]
            if team.classic
            else [("Current TV", format_k(team.current_team_value))]
        ),
        ("Treasury", format_k(team.treasury)),
        rerolls,
        ("Fan factor", str(team.dedicated_fans))
        if team.classic
        else ("Dedicated fans", str(team.dedicated_fans)),
        ("Apothecary", apothecary),
        ("Asst. coaches", str(team.assistant_coaches)),
        ("Cheerleaders", str(team.cheerleaders)),
    ]
    return cards(items, width, st, emphasise=2)


def _columns(width: float, landscape: bool, stats: int = 5) -> list[float]:
    if landscape:
        fixed = [18.0, 170.0, *[23.0] * stats, 0.0, 96.0, 50.0, 42.0]
    else:
        fixed = [16.0, 110.0, *[21.0] * stats, 0.0, 64.0, 40.0, 36.0]
    fixed[2 + stats] = width - sum(fixed)
    return fixed


def player_table(
    players: tuple[PlayerView, ...], st: Styles, width: float, landscape: bool, classic: bool = False
) -> Table:
    """The roster table, padded with blank rows up to 16 players.

    Args:
        players: the roster, printed by shirt number.
        st: the document styles.
        width: the frame width.
        landscape: use the wider landscape column set.
        classic: an LRB 2004 team: MA ST AG AV (no PA), plain numbers.
    """
    names = CLASSIC_CHARACTERISTICS if classic else CHARACTERISTICS
    last = 1 + len(names)
    header: list[Any] = [
        Paragraph("#", st.header_center),
        Paragraph("Player", st.header_cell),
        *[Paragraph(name, st.header_center) for name in names],
        Paragraph("Skills &amp; traits", st.header_cell),
        Paragraph("Injuries", st.header_cell),
        Paragraph("SPP", st.header_center),
        Paragraph("Value", st.header_center),
    ]
    rows: list[list[Any]] = [header]
    commands: list[tuple[Any, ...]] = [
        ("ALIGN", (0, 1), (0, -1), "CENTER"),
        ("ALIGN", (2, 1), (last, -1), "CENTER"),
        ("ALIGN", (-2, 1), (-1, -1), "CENTER"),
        ("FONTNAME", (0, 1), (0, -1), "DejaVuSansCondensed-Bold"),
        ("LEFTPADDING", (2, 0), (last, -1), 0.5),
        ("RIGHTPADDING", (2, 0), (last, -1), 0.5),
        ("LEFTPADDING", (0, 0), (0, -1), 1),
        ("RIGHTPADDING", (0, 0), (0, -1), 1),
    ]
    ordered = sorted(players, key=lambda p: (p.number, p.name))
    for index, player in enumerate(ordered, start=1):
        stats, shading = stat_cells(player, st, index, 2)
        commands.extend(shading)
        rows.append(
            [
                str(player.number),
                Paragraph(player_markup(player, st, with_position=True), st.cell),
                *stats,
                Paragraph(_skills_and_keywords(player, st), st.cell),
                Paragraph(injuries_markup(player), st.cell),
                spp_cell(player),
                format_k(player.value),
            ]
        )
    padding = 2.2 if landscape else 3.0  # landscape pages are short: keep 16 rows unshrunk
    blank_height = st.cell.leading + st.cell_small.leading + 2 * padding
    heights: list[float | None] = [None] * len(rows)
    for _ in range(len(ordered), ROSTER_ROWS):
        rows.append([""] * len(header))
        heights.append(blank_height)
    table = Table(
        rows,
        colWidths=_columns(width, landscape, len(names)),
        rowHeights=heights,
        repeatRows=1,
        hAlign="LEFT",
    )
    table.setStyle(grid_style(padding=padding, size=st.cell.fontSize, extra=commands))
    return table


def roster_legend(team: TeamView, st: Styles) -> Paragraph:
    """The line under the table: head count, availability, the marks used and the TV parts."""
    available = team.players_available
    parts = [
        f"<b>{len(team.players)}</b> players, <b>{available}</b> available for the next game",
        f"{IMPROVED_MARK} improved  {REDUCED_MARK} reduced characteristic",
        "<b>bold</b> skill: gained by advancement",
        "MNG misses next game, NI niggling injury",
        "LRB 3: AG and AV are plain numbers, no PA"
        if team.classic
        else f"SPP earned/available, {CAN_IMPROVE_MARK} can improve",
    ]
    if team.classic and team.trophies:  # LRB 2004 Majors held: a Trophy Re-roll each, once per match
        parts.append(
            f"<b>Trophies</b> {', '.join(team.trophies)}: "
            f"{team.trophy_rerolls} Trophy Re-roll(s), one a match each"
        )
    if team.classic and team.dungeonbowl_contract:
        parts.append("<b>Dungeonbowl contract</b>: a Wizard for 25k this season")
    if team.value_parts:
        labels = {"players": "players", "rerolls": "re-rolls", "staff": "staff"}
        labels["dedicated_fans"] = "fan factor" if team.classic else "fans"
        shown = [
            f"{labels.get(key, key)} {format_k(amount)}" for key, amount in team.value_parts.items() if amount
        ]
        if shown:
            parts.append("TV: " + " + ".join(shown))
    return Paragraph("   ·   ".join(parts), st.note)


def roster_front(team: TeamView, ruleset: Ruleset | None, options: PageOptions, st: Styles) -> list[Flowable]:
    """The first roster page, kept to exactly one page (shrunk if a team would overflow it).

    Args:
        team: the team.
        ruleset: its ruleset, or None.
        options: paper and orientation.
        st: the document styles.
    """
    width, height = options.frame_size
    content: list[Flowable] = [
        team_header(team, st, width, "Team roster"),
        Spacer(1, 7),
        team_figures(team, st, width, ruleset),
        Spacer(1, 8),
        player_table(team.players, st, width, options.landscape, team.classic),
        Spacer(1, 4),
        roster_legend(team, st),
    ]
    used = measure(content, width)
    notes = notes_box(width, height - used - 14, st)
    if notes is None:
        return one_page(content, options, used)
    return [*content, Spacer(1, 12), notes]


def notes_box(width: float, height: float, st: Styles) -> Table | None:
    """Ruled lines for the coach's notes filling ``height``, or None when there is no room."""
    line = 19.0
    count = int((height - 14) // line)
    if count < 3:
        return None
    rows: list[list[Any]] = [[Paragraph("<b>NOTES</b>", st.note)]] + [[""] for _ in range(count)]
    return Table(
        rows,
        colWidths=[width],
        rowHeights=[14.0] + [line] * count,
        hAlign="LEFT",
        style=plain_style(
            [
                ("LINEBELOW", (0, 1), (-1, -1), 0.4, RULE),
                ("BOX", (0, 0), (-1, -1), 0.6, RULE),
                ("BACKGROUND", (0, 0), (-1, 0), PANEL),
                ("ALIGN", (0, 0), (-1, 0), "LEFT"),
                ("TOPPADDING", (0, 0), (-1, 0), 2),
            ]
        ),
    )


def _skills_and_keywords(player: PlayerView, st: Styles) -> str:
    """The skills cell: skills, then the position's keywords on a second small line."""
    skills = skills_markup(player.skills)
    keywords = keywords_markup(player, st)
    return skills + keywords if skills else keywords.removeprefix("<br/>")
