"""The classic (LRB 2004) handicap picks on the fixture page: Inspiration, That Boy's Got Talent,
Appearance Fee and Assassin each get a button while pending; "Post-match…" waits for them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.gui.classic_setup import GATE, handicap_fixture, offered_items, open_at


def _page(make_window: Any, tmp_path: Path, typed: list[int]) -> tuple[Any, Any, int]:
    path = tmp_path / "picks.db"
    fixture = handicap_fixture(path, typed)
    window = open_at(make_window, path, "fixture", fixture)
    return window, window.fixture_page, fixture


def _label(window: Any, team: str, index: int = 0) -> tuple[int, str]:
    p = window.ctx.services.teams.get_team(team).players[index]
    return p.id, f"#{p.number} {p.name}"


def _visible(page: Any) -> set[str]:
    return {name for name, b in page.classic_picks.buttons.items() if b.isVisibleTo(page)}


def test_talent_waits_on_its_button_and_the_post_match_is_enabled_once_picked(
    make_window: Any, tmp_path: Path, dialogs: Any
) -> None:
    window, page, fixture = _page(make_window, tmp_path, [*GATE, 4, 5, 1, 2])
    assert _visible(page) == {"That Boy's Got Talent"}
    assert page.postmatch_button.isVisibleTo(page) and not page.postmatch_button.isEnabled()
    assert "That Boy's Got Talent for Visitors" in page.postmatch_button.toolTip()
    offered = offered_items(dialogs)
    dialogs.script("item", "Goblin")
    page.classic_picks.buttons["That Boy's Got Talent"].click()
    assert offered == [["Goblin"]]  # the Goblin list's positions (its Big Guys are hired apart)
    record = window.ctx.services.match_day.classic_prematch(fixture).record
    assert record["sides"]["away"]["talent"]["position"] == "Goblin"
    assert _visible(page) == set() and page.postmatch_button.isEnabled()


def test_an_appearance_fee_is_paid_from_the_page(make_window: Any, tmp_path: Path, dialogs: Any) -> None:
    window, page, fixture = _page(make_window, tmp_path, [*GATE, 1, 1, 1, 2, 2, 3])
    before = window.ctx.services.teams.get_team("Greenskins").treasury
    assert _visible(page) == {"Appearance Fee"} and not page.postmatch_button.isEnabled()
    dialogs.script("item", "Pay 15,000 gp")
    page.classic_picks.buttons["Appearance Fee"].click()
    assert window.ctx.services.teams.get_team("Greenskins").treasury == before - 15_000
    record = window.ctx.services.match_day.classic_prematch(fixture).record
    assert record["sides"]["home"]["appearance_fee"]["paid"] is True
    assert page.postmatch_button.isEnabled()


def test_an_appearance_fee_unpaid_keeps_him_out(make_window: Any, tmp_path: Path, dialogs: Any) -> None:
    window, page, fixture = _page(make_window, tmp_path, [*GATE, 1, 1, 1, 2, 2, 3])
    dialogs.script("item", "Do not pay")
    page.classic_picks.buttons["Appearance Fee"].click()
    fee = window.ctx.services.match_day.classic_prematch(fixture).record["sides"]["home"]["appearance_fee"]
    assert fee["paid"] is False and page.postmatch_button.isEnabled()


def test_the_assassin_picks_an_opposing_player_on_the_roster(
    make_window: Any, tmp_path: Path, dialogs: Any
) -> None:
    window, page, fixture = _page(make_window, tmp_path, [*GATE, 5, 6, 1, 2])
    assert _visible(page) == {"Assassin"} and not page.postmatch_button.isEnabled()
    orc, name = _label(window, "Greenskins")
    dialogs.script("item", name, "Leave him")
    page.classic_picks.buttons["Assassin"].click()
    hit = window.ctx.services.match_day.classic_prematch(fixture).record["sides"]["home"]["assassin"]
    assert hit["player_id"] == orc
    assert _visible(page) == set() and page.postmatch_button.isEnabled()


def test_inspiration_picks_a_player_who_has_no_handicap_mvp(
    make_window: Any, tmp_path: Path, dialogs: Any
) -> None:
    window, page, fixture = _page(make_window, tmp_path, [*GATE, 3, 2, 1, 4])  # Bribe, Inspiration
    assert _visible(page) == {"Inspiration"} and not page.postmatch_button.isEnabled()
    record = window.ctx.services.match_day.classic_prematch(fixture).record
    drawn = record["handicap_mvps"]["away"][0]["player_id"]
    goblins = window.ctx.services.teams.get_team("Visitors").players
    index = next(i for i, p in enumerate(goblins) if p.id != drawn)
    goblin, name = _label(window, "Visitors", index)
    offered = offered_items(dialogs)
    dialogs.script("item", name)
    page.classic_picks.buttons["Inspiration"].click()
    drawn_name = next(p.name for p in goblins if p.id == drawn)
    assert len(offered[0]) == 10 and not any(drawn_name in i for i in offered[0])
    record = window.ctx.services.match_day.classic_prematch(fixture).record
    assert [e["player_id"] for e in record["handicap_mvps"]["away"]] == [drawn, goblin]
    assert _visible(page) == set() and page.postmatch_button.isEnabled()
