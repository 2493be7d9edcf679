"""The status bar of a shared (PostgreSQL) league names the server, the database and the login's role."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from league_manager.services.facade import Services

URL = "postgresql+psycopg://bo@db.example/league"


class CoachServices(Services):
    """A league file standing in for a server database where this login is a coach."""

    @property
    def location(self) -> str:
        return URL

    @property
    def access(self) -> str | None:  # type: ignore[override]
        return "bo, coach of Gutrot Ironjaws"


def test_the_status_bar_shows_server_database_and_role(make_window: Any, league_file: Path) -> None:
    def open_(_url: str) -> Services:
        services = Services.open(league_file)
        services.__class__ = CoachServices
        return services

    window = make_window()
    window.opener = open_
    window.open_database(URL, background=False)
    assert window.db_label.text() == "Shared league: league on db.example — bo, coach of Gutrot Ironjaws"


def test_a_league_file_shows_no_role(make_window: Any, league_file: Path) -> None:
    window = make_window()
    window.open_database(str(league_file), background=False)
    assert window.db_label.text() == f"League file: {league_file}"
