"""Two copies of the program doing one match-day step at the same moment.

Post-game and corrections (like cancelling a pre-game, and every other match-day step)
check the fixture's stage and the ledger rows they reverse, and then write. Each takes
the team lock of both teams first, so the second copy waits and then sees what the first
did: a second post-game is refused instead of paying winnings twice, and a second
correction reverses the first one instead of the same post-game rows again. Runs on
SQLite and, when the test run has a server, PostgreSQL.
"""

from collections.abc import Callable
from typing import Any

from match_day_docs import blank_result, player

from league_manager.services.facade import Services
from league_manager.services.season_read_models import FixtureView

AtOnce = Callable[[Services, str, int], list[str]]


def _recorded(demo: Services, fixture: FixtureView, home_tds: int) -> dict[str, Any]:
    fid = fixture.id or 0
    doc = blank_result(demo.match_day.pregame(fid, seed=4).value.snapshots)
    doc["home"]["score"] = home_tds
    player(doc, "home", 0)["td"] = home_tds
    demo.match_day.record(fid, doc)
    return doc


def _fixture_rows(demo: Services, team: str, fid: int) -> list[tuple[int, str]]:
    return sorted((r.amount, r.reason) for r in demo.teams.treasury_ledger(team) if r.fixture_id == fid)


def test_two_post_games_at_once_pay_once(
    demo: Services, fixtures: list[FixtureView], at_once: AtOnce
) -> None:
    game = fixtures[0]
    fid = game.id or 0
    _recorded(demo, game, home_tds=1)

    answers = at_once(demo, f"services.match_day.postgame({fid}, seed=3)", 2)

    assert answers == ["done", "refused match day"]
    assert demo.match_day.get(fid).stage == "post_game_applied"
    for team in (game.home or "", game.away or ""):
        rows = _fixture_rows(demo, team, fid)
        assert rows and len({reason for _amount, reason in rows}) == len(rows)  # nothing twice
        view = demo.teams.get_team(team)
        assert view.treasury == sum(r.amount for r in demo.teams.treasury_ledger(team))


def test_two_corrections_at_once_reverse_each_other_in_turn(
    demo: Services, fixtures: list[FixtureView], at_once: AtOnce
) -> None:
    game = fixtures[0]
    fid = game.id or 0
    doc = _recorded(demo, game, home_tds=1)
    demo.match_day.postgame(fid, seed=6)
    scorer = int(player(doc, "home", 0)["id"])
    before = demo.teams.get_team(game.home or "").treasury
    fixed = blank_result(demo.match_day.get(fid).snapshots)
    fixed["home"]["score"] = 2
    player(fixed, "home", 0)["td"] = 2

    answers = at_once(demo, f"services.match_day.correct({fid}, {fixed!r}, 'a touchdown was missed')", 2)

    assert answers == ["done", "done"]
    home = demo.teams.get_team(game.home or "")
    assert home.treasury == before + 10_000  # as after one correction: the second reversed the first
    assert {p.id: p.spp for p in home.players}[scorer] == 6
    assert len(demo.match_day.get(fid).corrections) == 2
