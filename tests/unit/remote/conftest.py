"""Remote-play fixtures: the demo league with a scheduled four-team season "S"."""

import pytest

from league_manager.services.demo import DEMO_LEAGUE, DEMO_TEAMS
from league_manager.services.facade import Services


@pytest.fixture
def season(demo: Services) -> Services:
    """The demo league's services with season "S" scheduled (a round robin of four teams)."""
    demo.seasons.create_season(DEMO_LEAGUE, "S", seed=11)
    demo.seasons.add_teams("S", [name for _race, name, _coach in DEMO_TEAMS][:4])
    demo.seasons.schedule("S", "round-robin")
    return demo
