"""The classic (LRB 2004) league the GUI tests play on: Greenskins (orcs) v Stunties (goblins)."""

from __future__ import annotations

from league_manager.rules.draft import DraftPlan
from league_manager.services.facade import Services

ORCS = DraftPlan("orc", {"Lineman": 6, "Blitzer": 4, "Troll": 1}, rerolls=2, dedicated_fans=5)
GOBLINS = DraftPlan("goblin", {"Goblin": 11}, dedicated_fans=3)


def classic_fixture(services: Services) -> int:
    """League "Old World", its two teams and season "Open"; the id of Greenskins v Stunties."""
    services.leagues.create_league("Old World", "lrb2004")
    services.teams.draft_team("Old World", "Greenskins", "Ann", ORCS)
    services.teams.draft_team("Old World", "Stunties", "Cy", GOBLINS)
    services.seasons.create_season("Old World", "Open")
    return services.seasons.add_fixture("Open", "Greenskins", "Stunties").value.id or 0
