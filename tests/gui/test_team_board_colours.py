"""The team page sets the team's board colours; a bad value is refused with the reason."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.gui.test_team_page import _team_window


def test_board_colours_are_set_from_the_team_page(
    qtbot: Any, make_window: Any, demo_file: Path, dialogs: Any
) -> None:
    window = _team_window(make_window, demo_file)
    page = window.team_page
    team = page.team
    assert team is not None and page.colours_button.isVisible()
    dialogs.script("text", "#AA0000 #ffffff")
    page.set_board_colours()
    colours = window.ctx.services.team_board.colours(team.id)
    assert (colours.primary, colours.secondary) == ("#aa0000", "#ffffff")
    dialogs.script("text", "crimson")
    page.set_board_colours()
    assert dialogs.errors and "#rrggbb" in " ".join(dialogs.errors[-1])
    assert window.ctx.services.team_board.colours(team.id).primary == "#aa0000"
