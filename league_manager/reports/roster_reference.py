"""A roster's reference page: its skills explained, and the stars and inducements it may hire."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.platypus import Flowable, Paragraph, Spacer, Table

from league_manager.core.errors import NotFound
from league_manager.core.money import format_k
from league_manager.reports.layout import PageOptions, one_page
from league_manager.reports.roster_front import compact_header
from league_manager.reports.theme import (
    ACCENT,
    Styles,
    plain_style,
    side_by_side,
    text,
)
from league_manager.rules.classic_league import CLASSIC_CATEGORY_LABELS
from league_manager.rules.model import SKILL_CATEGORIES, Ruleset, SkillRef, TeamRoster
from league_manager.services.read_models import TeamView

MEGA_STAR_MARK = "\u2605"
_ENTRY_GAP = 3.5

_INDUCEMENT_KINDS = {
    "common": "",
    "coaching_staff": "coaching staff",
    "wizard": "wizard",
    "referee": "referee",
    "team_specific": "team special",
}


@dataclass(frozen=True)
class SkillEntry:
    """One skill or trait on the roster with who has it."""

    name: str
    category: str
    description: str
    numbers: tuple[int, ...]


def roster_skills(team: TeamView, ruleset: Ruleset | None) -> list[SkillEntry]:
    """Every skill and trait on the roster, alphabetically, with the project's description.

    The description comes from the ruleset (``ruleset.skill(name).description``);
    without a ruleset, or for a name it does not know, the player's own copy is used.
    """
    found: dict[str, tuple[str, str, list[int]]] = {}
    for player in sorted(team.players, key=lambda p: p.number):
        for skill in player.skills:
            if skill.name not in found:
                category, description = skill.category, skill.description
                if ruleset is not None:
                    try:
                        definition = ruleset.skill(skill.name)
                    except NotFound:
                        pass
                    else:
                        category, description = definition.category, definition.description
                found[skill.name] = (category, description, [])
            numbers = found[skill.name][2]
            if player.number not in numbers:
                numbers.append(player.number)
    return [
        SkillEntry(name, category, description, tuple(numbers))
        for name, (category, description, numbers) in sorted(
            found.items(), key=lambda item: SkillRef.parse(item[0])
        )
    ]


def _category_name(code: str) -> str:
    if code == "T":
        return "Trait"
    if code in CLASSIC_CATEGORY_LABELS and code not in SKILL_CATEGORIES:
        return CLASSIC_CATEGORY_LABELS[code]
    return f"{SKILL_CATEGORIES.get(code, code)} skill"


def skill_reference(entries: Sequence[SkillEntry], st: Styles, width: float, columns: int) -> Table:
    """The skills and traits in newspaper columns of about equal height, never split mid-entry."""
    gap = 12.0
    column_width = (width - gap * (columns - 1)) / columns
    paragraphs = []
    heights = []
    for entry in entries:
        who = ", ".join(f"#{n}" for n in entry.numbers)
        paragraph = Paragraph(
            f"<b>{text(entry.name)}</b>  "
            f'<font color="#5E6B78">{text(_category_name(entry.category))} · {who}</font>'
            f"<br/>{text(entry.description)}",
            st.body,
        )
        paragraphs.append(paragraph)
        heights.append(paragraph.wrap(column_width, 10_000)[1] + _ENTRY_GAP)
    target = sum(heights) / columns
    cells: list[list[Flowable]] = [[] for _ in range(columns)]
    column, used = 0, 0.0
    for paragraph, height in zip(paragraphs, heights, strict=True):
        if column < columns - 1 and cells[column] and used + height / 2 > target * (column + 1):
            column += 1
        cells[column] += [paragraph, Spacer(1, _ENTRY_GAP)]
        used += height
    widths: list[float] = []
    row: list[Any] = []
    for index, content in enumerate(cells):
        if index:
            widths.append(gap)
            row.append("")
        widths.append(column_width)
        row.append(content)
    return Table(
        [row],
        colWidths=widths,
        hAlign="LEFT",
        style=plain_style(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            ]
        ),
    )


def star_table(
    team: TeamView, roster: TeamRoster, ruleset: Ruleset, st: Styles, width: float, groups: int
) -> Table | None:
    """Star players this team may induce, cheapest first, with profile and fee.

    Args:
        team: the team (its drafted special rule choice counts).
        roster: the ruleset's team list for it.
        ruleset: the ruleset.
        st: the document styles.
        width: the frame width.
        groups: how many side-by-side blocks to lay the list out in.

    Returns:
        The table, or None when no star plays for the team.
    """
    stars = ruleset.stars_for(roster, team.special_rule_choice)
    if not stars:
        return None
    header = [
        Paragraph("Star player", st.header_cell),
        *[Paragraph(c, st.header_center) for c in ("MA", "ST", "AG", "PA", "AV")],
        Paragraph("Fee", st.header_center),
    ]
    stat_width, fee_width = 16.0, 32.0
    name_width = (width - 10.0 * (groups - 1)) / groups - 5 * stat_width - fee_width
    rows = []
    for star in stars:
        label = f"<b>{text(star.name)}</b>"
        if star.mega_star:
            label += f' <font color="{ACCENT.hexval()}">{MEGA_STAR_MARK}</font>'
        if star.pair and star.pair_cost:
            label += f' <font color="#5E6B78">(pair {format_k(star.pair_cost)})</font>'
        rows.append(
            [
                Paragraph(label, st.cell),
                *[star.stats.formatted(c) for c in ("MA", "ST", "AG", "PA", "AV")],
                format_k(star.cost),
            ]
        )
    widths = [name_width, *[stat_width] * 5, fee_width]
    return side_by_side(header, rows, widths, groups, size=st.cell.fontSize, tight=range(1, 7))


def inducement_table(
    team: TeamView,
    roster: TeamRoster,
    ruleset: Ruleset,
    st: Styles,
    width: float,
    groups: int,
    settings: Mapping[str, object] | None,
) -> Table | None:
    """Inducements this team may buy, with the most it may take and the price it pays.

    Args:
        team: the team.
        roster: the ruleset's team list for it.
        ruleset: the ruleset.
        st: the document styles.
        width: the frame width.
        groups: how many side-by-side blocks to lay the list out in.
        settings: league house rules that change prices (None: the defaults).

    Returns:
        The table, or None when nothing is available.
    """
    rows = []
    for item in ruleset.inducements.values():
        if not item.available_for(roster, team.special_rule_choice):
            continue
        kind = _INDUCEMENT_KINDS.get(item.kind, item.kind)
        label = f"<b>{text(item.name)}</b>"
        if kind:
            label += f' <font color="#5E6B78">{text(kind)}</font>'
        most = f"0-{item.max_quantity}" if item.max_quantity else "any"
        cost = format_k(item.cost_for(roster, team.special_rule_choice, settings))
        rows.append([Paragraph(label, st.cell), most, cost])
    if not rows:
        return None
    header = [
        Paragraph("Inducement", st.header_cell),
        Paragraph("Max", st.header_center),
        Paragraph("Cost", st.header_center),
    ]
    max_width, cost_width = 30.0, 38.0
    name_width = (width - 10.0 * (groups - 1)) / groups - max_width - cost_width
    widths = [name_width, max_width, cost_width]
    return side_by_side(header, rows, widths, groups, size=st.cell.fontSize, tight=(1, 2))


def team_roster_of(team: TeamView, ruleset: Ruleset | None) -> TeamRoster | None:
    """The ruleset's team list for a team view, or None when the ruleset lacks it."""
    if ruleset is None:
        return None
    roster = ruleset.teams.get(team.race_id)
    if roster is not None:
        return roster
    try:
        return ruleset.team(team.race)
    except NotFound:
        return None


def roster_reference(
    team: TeamView,
    ruleset: Ruleset | None,
    options: PageOptions,
    st: Styles,
    settings: Mapping[str, object] | None = None,
) -> list[Flowable]:
    """The reference page: skills and traits, star players and inducements.

    It is kept to one page (shrunk when a roster has very many skills), so every
    team takes exactly two pages: one sheet when printed on both sides.
    """
    width = options.frame_size[0]
    groups = 3 if options.landscape else 2
    story: list[Flowable] = [compact_header(team, st, width, "Reference")]
    entries = roster_skills(team, ruleset)
    story.append(Paragraph("Skills and traits on this roster", st.heading))
    if entries:
        story.append(skill_reference(entries, st, width, groups))
    else:
        story.append(Paragraph("No player has a skill or trait yet.", st.note))
    roster = team_roster_of(team, ruleset)
    if ruleset is None or roster is None:
        return one_page(story, options)
    stars = star_table(team, roster, ruleset, st, width, groups)
    if stars is not None:
        most = ruleset.max_stars_per_team
        story += [
            Paragraph(
                f"Star players for hire (at most {most} per game; "
                f'<font color="{ACCENT.hexval()}">{MEGA_STAR_MARK}</font> mega star)',
                st.heading,
            ),
            stars,
        ]
    limits = ruleset.inducement_group_limits
    inducements = inducement_table(team, roster, ruleset, st, width, groups, settings)
    if inducements is not None:
        notes = [
            f"{limits[k]} {label}" for k, label in (("coaching_staff", "coaching staff"),
                                                    ("wizard", "wizard"), ("referee", "referee"))
            if k in limits
        ]  # fmt: skip
        title = "Inducements"
        if notes:
            title += f" (per game at most {', '.join(notes)})"
        story += [Paragraph(text(title), st.heading), inducements]
    return one_page(story, options)
