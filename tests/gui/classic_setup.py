"""The classic (LRB 2004) leagues the GUI tests play on (Greenskins, orcs, v Stunties or Visitors,
goblins), built in a league file that a main window then opens at a page."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from league_manager.rules.draft import DraftPlan
from league_manager.services.facade import Services
from league_manager.services.season_read_models import ResultEntry
from tests.unit.services.test_classic_prematch import fixture_between

ORCS = DraftPlan("orc", {"Lineman": 6, "Blitzer": 4, "Troll": 1}, rerolls=2, dedicated_fans=5)
GOBLINS = DraftPlan("goblin", {"Goblin": 11}, dedicated_fans=3)
GATE = [6] * 8
"""The gate's dice for Orcs (fan factor 5, rating 130) v Goblins (3, rating 100): 5 + 3 D6."""


def classic_fixture(services: Services) -> int:
    """League "Old World", its two teams and season "Open"; the id of Greenskins v Stunties."""
    services.leagues.create_league("Old World", "lrb2004")
    services.teams.draft_team("Old World", "Greenskins", "Ann", ORCS)
    services.teams.draft_team("Old World", "Stunties", "Cy", GOBLINS)
    services.seasons.create_season("Old World", "Open")
    return services.seasons.add_fixture("Open", "Greenskins", "Stunties").value.id or 0


@contextmanager
def building(path: Path) -> Iterator[Services]:
    """The services over the league file at ``path``, to build it; closed after, for a window."""
    services = Services.open(path)
    try:
        yield services
    finally:
        services.close()


def handicap_fixture(path: Path, typed: list[int], *, post: bool = False) -> int:
    """Greenskins (300,000 gp richer) v Visitors (goblins) in a league file at ``path``: the
    pre-match with ``typed`` dice (after :data:`GATE`'s), a 1-0 score and, with ``post``, the
    post-match; the fixture's id."""
    with building(path) as services:
        fixture = fixture_between(services, GOBLINS, gold=300_000)
        services.match_day.classic_pregame(fixture, typed=typed, seed=1)
        services.seasons.set_result(fixture, ResultEntry(home_td=1, away_td=0))
        if post:
            services.match_day.classic_postgame(fixture, seed=2)
    return fixture


def open_at(make_window: Any, path: Path, kind: str = "", key: int | Callable[[Services], int] = 0) -> Any:
    """A main window over the league file at ``path``, on the page ``kind`` of ``key`` (an id, or
    what gives it from the window's services); on the start page when ``kind`` is ""."""
    window = make_window()
    window.open_database(str(path), background=False)
    if kind:
        window.navigate(kind, key if isinstance(key, int) else key(window.ctx.services))
    return window


def offered_items(dialogs: Any) -> list[list[str]]:
    """Every list the dialogs' item picker offers from now on (it still answers as scripted)."""
    offered: list[list[str]] = []
    real_item = dialogs.item

    def item(title: str, label: str, items: list[str]) -> str | None:
        offered.append(items)
        return real_item(title, label, items)

    dialogs.item = item
    return offered
