"""The player card's "Undo Star Player pick…" for a classic (LRB 2004) player."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from league_manager.services.facade import Services
from tests.unit.services.test_classic_undo import post_match


def _card(make_window: Any, tmp_path: Path, *, pick: bool) -> tuple[Any, Any, int, int]:
    path = tmp_path / "undo.db"
    services = Services.open(path)
    fixture, orcs, _ = post_match(services)
    if pick:
        services.advancement.star_roll(orcs[0], "skill", "Tackle")
    services.close()
    window = make_window()
    window.open_database(str(path), background=False)
    window.navigate("player", orcs[0])
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
    path = tmp_path / "later.db"
    services = Services.open(path)
    _, orcs, _ = post_match(services)
    services.advancement.star_roll(orcs[0], "skill", "Tackle")
    later = services.seasons.add_fixture("Open", "Visitors", "Greenskins").value.id or 0
    services.match_day.classic_pregame(later, seed=2)
    services.close()
    window = make_window()
    window.open_database(str(path), background=False)
    window.navigate("player", orcs[0])
    errors: list[str] = []
    dialogs.error = lambda title, text, detail="": errors.append(text + detail)  # type: ignore[method-assign]
    dialogs.script("confirm", True)
    dialogs.script("text", "too late")
    window.player_page.star_undo.button.click()
    assert errors and f"fixture {later}" in errors[0]
    assert "Tackle" in _skills(window, orcs[0])


def test_no_undo_without_a_pick(make_window: Any, tmp_path: Path) -> None:
    _, page, _, _ = _card(make_window, tmp_path, pick=False)
    assert not page.star_undo.button.isVisibleTo(page) and page.advance_button.isVisibleTo(page)
