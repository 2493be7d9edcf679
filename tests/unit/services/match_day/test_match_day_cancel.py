"""Cancelling a pre-game: inducements refunded, the record kept, the fixture open again."""

from collections.abc import Callable

import pytest

from league_manager.core.errors import RuleViolation
from league_manager.services.facade import Services
from league_manager.services.match_day.inducements import Purchase
from league_manager.services.season_read_models import FixtureView


def test_cancelled_pregame_refunds_inducements_and_can_be_run_again(
    demo: Services, fixtures: list[FixtureView], give_gold: Callable[[int, int], None]
) -> None:
    game = next(f for f in fixtures if {f.home, f.away} == {"Middenheim Marauders", "Gutrot Ironjaws"})
    orcs = demo.teams.get_team("Gutrot Ironjaws")
    give_gold(orcs.id, 100_000)
    side = "home" if game.home == orcs.name else "away"
    demo.match_day.pregame(game.id or 0, seed=5, typed=[3], purchases={side: [Purchase("Bloodweiser Kegs")]})
    assert demo.teams.get_team(orcs.name).treasury == 50_000

    outcome = demo.match_day.cancel_pregame(game.id or 0, "typed the wrong fan roll")
    assert outcome.value == [f"team {orcs.id} treasury: 50,000 -> 100,000"]
    assert outcome.changes.fixtures == {game.id}
    assert demo.teams.get_team(orcs.name).treasury == 100_000
    rows = [(r.amount, r.source) for r in demo.teams.treasury_ledger(orcs.name) if r.fixture_id == game.id]
    assert rows == [(-50_000, "inducement"), (50_000, "correction")]  # nothing rewritten
    assert demo.seasons.get_fixture(game.id or 0).status == "scheduled"

    again = demo.match_day.pregame(game.id or 0, seed=5).value  # run again, without the kegs
    assert again.stage == "pre_game"
    assert [c["reason"] for c in again.corrections] == ["pre-game cancelled: typed the wrong fan roll"]
    assert again.corrections[0]["changes"] == outcome.value
    assert demo.teams.get_team(orcs.name).treasury == 100_000


def test_cancelling_needs_a_reason_and_no_result(demo: Services, fixtures: list[FixtureView]) -> None:
    game = fixtures[0]
    with pytest.raises(RuleViolation, match="no pre-game yet"):
        demo.match_day.cancel_pregame(game.id or 0, "why not")
    demo.match_day.pregame(game.id or 0, seed=1)
    with pytest.raises(RuleViolation, match="say why"):
        demo.match_day.cancel_pregame(game.id or 0, "  ")
    assert demo.match_day.get(game.id or 0).stage == "pre_game"  # refused: nothing changed
    demo.match_day.play(game.id or 0, seed=2)
    with pytest.raises(RuleViolation, match="result_entered"):
        demo.match_day.cancel_pregame(game.id or 0, "too late")
    assert demo.match_day.get(game.id or 0).stage == "result_entered"
