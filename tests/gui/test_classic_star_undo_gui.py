"""The player card's "Undo Star Player pick…" for a classic (LRB 2004) player."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.gui.classic_setup import building, open_at
from tests.unit.services.test_classic_undo import post_match


def _card(make_window: Any, tmp_path: Path, *, pick: bool, later: bool = False) -> tuple[Any, Any, int, int]:
    """The card of a Greenskin with a Star Player roll from a classic post-match (Tackle picked
    with ``pick``; with ``later``, a later fixture's pre-match run); the window, the card, the
    player and the post-match's fixture (the later one with ``later``)."""
    path = tmp_path / "undo.db"
    with building(path) as services:
        fixture, orcs, _ = post_match(services)
        if pick:
            services.advancement.star_roll(orcs[0], "skill", "Tackle")
        if later:
            fixture = services.seasons.add_fixture("Open", "Visitors", "Greenskins").value.id or 0
            services.match_day.classic_pregame(fixture, seed=2)
    window = open_at(make_window, path, "player", orcs[0])
    return window, window.player_page, orcs[0], fixture


def _skills(window: Any, player: int) -> list[str]:
    view = next(p for p in window.ctx.services.teams.get_team("Greenskins").players if p.id == player)
    return [s.name for s in view.skills]


def test_a_pick_is_taken_back_with_a_confirmation_and_a_reason(
    make_window: Any, tmp_path: Path, dialogs: Any
) -> None:
    window, page, orc, fixture = _card(make_window, tmp_path, pick=True)
    assert page.star_undo.button.isVisibleTo(page) and not page.advance_button.isVisibleTo(page)
    dialogs.script("confirm", False)
    assert page.star_undo.undo() is None and "Tackle" in _skills(window, orc)  # cancelled
    dialogs.script("confirm", True)
    dialogs.script("text", "meant Guard")
    page.star_undo.button.click()
    assert "Tackle" not in _skills(window, orc)
    record = window.ctx.services.match_day.classic_prematch(fixture).record
    assert record["picks_undone"][0]["reason"] == "meant Guard"
    assert not page.star_undo.button.isVisibleTo(page) and page.advance_button.isVisibleTo(page)


def test_a_refused_undo_names_the_later_match(make_window: Any, tmp_path: Path, dialogs: Any) -> None:
    window, _page, orc, later = _card(make_window, tmp_path, pick=True, later=True)
    errors: list[str] = []
    dialogs.error = lambda title, text, detail="": errors.append(text + detail)  # type: ignore[method-assign]
    dialogs.script("confirm", True)
    dialogs.script("text", "too late")
    window.player_page.star_undo.button.click()
    assert errors and f"fixture {later}" in errors[0]
    assert "Tackle" in _skills(window, orc)


def test_no_undo_without_a_pick(make_window: Any, tmp_path: Path) -> None:
    _, page, _, _ = _card(make_window, tmp_path, pick=False)
    assert not page.star_undo.button.isVisibleTo(page) and page.advance_button.isVisibleTo(page)
