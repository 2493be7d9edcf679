"""Every biased referee and coaching staff member the engine plays goes from the pre-game to a
whole match that the random and greedy bots finish (match/inducements/referees.py, staff.py)."""

from __future__ import annotations

import pytest

from league_manager.match.bots import play
from league_manager.match.bots.greedy_bot import GreedyBot
from league_manager.match.bots.random_bot import RandomBot
from league_manager.match.engine import Match
from league_manager.match.inducements import BIASED_REFEREE, COACHING_STAFF, NAMED_REFEREES
from league_manager.match.teams import generate_team
from league_manager.rules.loader import load_ruleset
from league_manager.rules.model import TeamRoster
from league_manager.services.match_day.inducements import Purchase, apply_to_snapshot, price

RULESET = load_ruleset("bb2020")
NAMES = (BIASED_REFEREE, *NAMED_REFEREES, *COACHING_STAFF)


def _roster_for(name: str) -> TeamRoster:
    item = RULESET.inducements[name]
    return next(r for r in sorted(RULESET.teams.values(), key=lambda r: r.id) if item.available_for(r))


@pytest.mark.parametrize("name", NAMES)
def test_each_referee_and_staff_member_plays_to_the_end(name: str) -> None:
    roster = _roster_for(name)
    bought = price(RULESET, roster, None, {}, [Purchase(name)])
    home = apply_to_snapshot(generate_team(roster, 5, prefix="h"), bought, RULESET)
    away = generate_team(roster, 6, prefix="a")
    assert dict(home.inducements) == {name: 1}
    for seed, bots in ((1, (RandomBot(1), RandomBot(2))), (2, (GreedyBot(3), GreedyBot(4)))):
        match = Match(home, away, seed=seed)
        play(match, bots)
        assert match.outcome() is not None
