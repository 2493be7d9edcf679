"""Table cells about one player, shared by rosters and match sheets: stats, skills, injuries."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from reportlab.platypus import Paragraph

from league_manager.reports.theme import (
    CAN_IMPROVE_MARK,
    IMPROVED_FILL,
    IMPROVED_MARK,
    IMPROVED_TEXT,
    REDUCED_FILL,
    REDUCED_MARK,
    REDUCED_TEXT,
    Styles,
    text,
)
from league_manager.services.read_models import PlayerView, SkillView

_STATUS_LABELS = {
    "dead": "Dead",
    "retired": "Retired",
    "fired": "Fired",
    "sold": "Sold",
}


def stat_cells(
    player: PlayerView, st: Styles, row: int, first_column: int
) -> tuple[list[Paragraph | str], list[tuple[Any, ...]]]:
    """MA ST AG PA AV cells (MA ST AG AV for a classic player), with improved and reduced values marked.

    An improved value is bold on green with a small up-triangle; a reduced one is
    bold red on pink with a down-triangle, so the marks survive black-and-white
    printing.

    Args:
        player: the player.
        st: the document styles.
        row: the table row the cells go in (for the background commands).
        first_column: the table column of MA.

    Returns:
        The five cells (plain text when unchanged: the table must centre its stat
        columns) and the table style commands that shade changed values.
    """
    cells: list[Paragraph | str] = []
    commands: list[tuple[Any, ...]] = []
    for offset, name in enumerate(player.characteristic_names):
        shown = text(player.shown(name))
        change = player.characteristic_change(name)
        column = first_column + offset
        if change == 0:
            cells.append(player.shown(name))
            continue
        if change > 0:
            shown = (
                f'<font color="{IMPROVED_TEXT.hexval()}"><b>{shown}</b>'
                f'<font size="{st.cell.fontSize * 0.6:.1f}">{IMPROVED_MARK}</font></font>'
            )
            commands.append(("BACKGROUND", (column, row), (column, row), IMPROVED_FILL))
        elif change < 0:
            shown = (
                f'<font color="{REDUCED_TEXT.hexval()}"><b>{shown}</b>'
                f'<font size="{st.cell.fontSize * 0.6:.1f}">{REDUCED_MARK}</font></font>'
            )
            commands.append(("BACKGROUND", (column, row), (column, row), REDUCED_FILL))
        cells.append(Paragraph(shown, st.cell_center))
    return cells, commands


def spp_cell(player: PlayerView) -> str:
    """The roster's SPP cell: earned in total / left to spend (both from the SPP ledger), then a star
    when the SPP left buy an advancement now."""
    if player.classic:  # LRB 2004 SPP are never spent: one total
        return str(player.spp)
    mark = f" {CAN_IMPROVE_MARK}" if player.can_improve else ""
    return f"{player.spp_earned}/{player.spp}{mark}"


def skills_markup(skills: Iterable[SkillView]) -> str:
    """Skills and traits as one wrapped line of markup; gained ones are bold."""
    parts = []
    for skill in skills:
        name = text(skill.name).replace(" ", "\u00a0") if len(skill.name) < 18 else text(skill.name)
        parts.append(f"<b>{name}</b>" if skill.gained else name)
    return ", ".join(parts)


def injury_labels(player: PlayerView) -> list[str]:
    """What the injuries column says: status, MNG, niggling injuries, characteristic losses."""
    labels = list(player.injuries)
    if player.niggling and not any(label.upper().startswith("NI") for label in labels):
        labels.insert(0, "NI" if player.niggling == 1 else f"NI x{player.niggling}")
    if player.misses_next_game and "MNG" not in labels:
        labels.insert(0, "MNG")
    status = _STATUS_LABELS.get(player.status)
    if status is None and player.status not in {"active", ""}:
        status = player.status.replace("_", " ").capitalize()
    if status:
        labels.insert(0, status)
    return labels


def injuries_markup(player: PlayerView, *, lasting: bool = True) -> str:
    """The injuries column as markup: MNG and statuses in bold red, the rest plain.

    Args:
        player: the player.
        lasting: include characteristic losses ("-AV"); match sheets leave them out,
            as the profile already shows them and the box is for this game's injuries.
    """
    parts = []
    for label in injury_labels(player):
        if not lasting and label.startswith("-"):
            continue
        shown = text(label).replace(" ", "\u00a0")
        if label == "MNG" or label in _STATUS_LABELS.values():
            shown = f'<font color="{REDUCED_TEXT.hexval()}"><b>{shown}</b></font>'
        parts.append(shown)
    return ", ".join(parts)


def keywords_markup(player: PlayerView, st: Styles) -> str:
    """The position's keywords in small grey (Season 3), or nothing for an edition without them."""
    if not player.keywords:
        return ""
    size = st.cell_small.fontSize
    return f'<br/><font size="{size:.1f}" color="#5E6B78">{text(" · ".join(player.keywords))}</font>'


def player_markup(player: PlayerView, st: Styles, *, with_position: bool, strike: bool = False) -> str:
    """The player cell: the name in bold, then the position (and level) in small grey.

    Args:
        player: the player.
        st: the document styles (for the size of the position line).
        with_position: add the position line under the name.
        strike: strike the name through (players who cannot play).
    """
    name = f"<b>{text(player.name)}</b>"
    if strike:
        name = f"<strike>{name}</strike>"
    if not with_position:
        return name
    extras = [player.position]
    if player.journeyman:
        extras.append("Journeyman")
    if player.level and player.level != "Rookie":
        extras.append(player.level)
    size = st.cell_small.fontSize
    return f'{name}<br/><font size="{size:.1f}" color="#5E6B78">{text(" · ".join(extras))}</font>'
