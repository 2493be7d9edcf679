"""The seasons the season-page GUI tests start from (four teams of the first league, round-robin),
and their optional screenshots (``LM_SCREENSHOTS=folder``)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from league_manager.services.facade import Services
from league_manager.services.season_results import ResultEntry


def scheduled_season(services: Services, name: str) -> tuple[int, list[str]]:
    """Season ``name`` of the first league's first four teams, scheduled round-robin (seed 2)."""
    league = services.leagues.list_leagues()[0]
    teams = [t.name for t in services.teams.list_teams(league.id)][:4]
    season = services.seasons.create_season(league.id, name, seed=2).value
    services.seasons.add_teams(season.id, teams)
    services.seasons.schedule(season.id, "round-robin")
    return season.id, teams


def played_season(services: Services, name: str = "Cup") -> tuple[int, list[str]]:
    """A scheduled season with every game played: the first named team wins each, 1-0."""
    season_id, teams = scheduled_season(services, name)
    for f in services.seasons.fixtures(season_id):
        first = teams.index(f.home or "") < teams.index(f.away or "")
        services.seasons.set_result(f.id or 0, ResultEntry(home_td=int(first), away_td=int(not first)))
    return season_id, teams


def shot(widget: Any, name: str) -> None:
    """Save a picture of ``widget`` as ``name`` when ``LM_SCREENSHOTS`` names a folder."""
    folder = os.environ.get("LM_SCREENSHOTS")
    if folder:
        widget.grab().save(str(Path(folder) / name))
