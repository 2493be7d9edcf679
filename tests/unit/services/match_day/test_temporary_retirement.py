"""Temporary retirement (post-game "Hiring, Firing and Temporarily Retiring"): only a player
with a Lasting Injury in his team's latest game, only before the team's next pre-game; he stays
on the roster, counts in TV but not CTV, cannot play; the choice is taken back until then."""

from typing import Any

import pytest
from match_day_docs import blank_result, player

from league_manager.core.errors import RuleViolation
from league_manager.services.facade import Services
from league_manager.services.season_read_models import FixtureView


def _injured(demo: Services, fixture: FixtureView) -> tuple[int, int]:
    """Play ``fixture`` by hand: the away side's first player a Lasting Injury (MA), the second
    a plain Seriously Hurt. Returns both ids."""
    fid = fixture.id or 0
    view = demo.match_day.pregame(fid, seed=4).value
    doc: dict[str, Any] = blank_result(view.snapshots)
    player(doc, "away", 0).update(injury="Lasting Injury", lasting="MA")
    player(doc, "away", 1).update(injury="Seriously Hurt")
    demo.match_day.record(fid, doc)
    demo.match_day.postgame(fid, seed=1)
    return int(player(doc, "away", 0)["id"]), int(player(doc, "away", 1)["id"])


def test_a_lasting_injury_allows_retirement_until_the_next_pregame(
    demo: Services, fixtures: list[FixtureView]
) -> None:
    game = fixtures[0]
    lasting, hurt = _injured(demo, game)
    team = game.away or ""
    before = demo.teams.get_team(team)
    with pytest.raises(RuleViolation, match="no Lasting Injury"):
        demo.retirement.retire_temporarily(hurt)
    with pytest.raises(RuleViolation, match="not temporarily retired"):
        demo.retirement.return_player(lasting)
    view = demo.retirement.retire_temporarily(lasting).value
    retired = next(p for p in view.players if p.id == lasting)
    assert retired.status == "retired" and not retired.available
    assert view.team_value == before.team_value  # counts in TV
    was_mng = next(p for p in before.players if p.id == lasting).misses_next_game
    assert was_mng  # a Lasting Injury misses the next game: CTV already left him out
    assert view.current_team_value == before.current_team_value
    with pytest.raises(RuleViolation, match="not an active player"):
        demo.retirement.retire_temporarily(lasting)
    back = demo.retirement.return_player(lasting).value
    assert next(p for p in back.players if p.id == lasting).status == "active"
    demo.retirement.retire_temporarily(lasting)

    following = next(f for f in fixtures if f.round > game.round and team in (f.home, f.away))
    demo.match_day.pregame(following.id or 0, seed=2)
    snapshot_ids = {
        p["id"]
        for side in ("home", "away")
        for p in demo.match_day.get(following.id or 0).snapshots[side]["players"]
    }
    assert str(lasting) not in snapshot_ids  # he cannot play for the rest of the season
    with pytest.raises(RuleViolation, match="re-drafted"):
        demo.retirement.return_player(lasting)
    assert any(p.id == lasting and p.status == "retired" for p in demo.teams.get_team(team).players)


def test_retirement_is_refused_outside_the_post_game(demo: Services, fixtures: list[FixtureView]) -> None:
    someone = demo.teams.get_team(fixtures[0].home or "").players[0].id
    with pytest.raises(RuleViolation, match="not in a post-game"):
        demo.retirement.retire_temporarily(someone)
