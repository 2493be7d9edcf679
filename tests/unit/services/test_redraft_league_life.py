"""A league's life over two seasons: play a simulated season, close it, create the next one from
it, re-draft every team, play on; every ledger still sums to its balance and each team's
history shows both seasons."""

from sqlmodel import Session, col, select

from league_manager.persistence import repositories as repo
from league_manager.persistence.models import TreasuryEntry
from league_manager.persistence.season_models import Fixture, Season
from league_manager.services.demo import DEMO_LEAGUE, DEMO_TEAMS
from league_manager.services.facade import Services
from league_manager.services.season_next import next_season

TEAMS = [name for _race, name, _coach in DEMO_TEAMS][:4]


def test_two_seasons_with_a_redraft_between_them(demo: Services) -> None:
    demo.seasons.create_season(DEMO_LEAGUE, "One", seed=11)
    demo.seasons.add_teams("One", TEAMS)
    demo.seasons.schedule("One", "round-robin")
    demo.season_simulation.simulate("One", seed=11)
    demo.season_end.close_season("One")
    next_season(demo.seasons, "One", "Two", seed=12)
    for team in TEAMS:
        plan = demo.redraft.preview(team, "Two")
        done = demo.redraft.apply(team, "Two", seed=13).value
        assert done.left == plan.left >= 0 and demo.teams.get_team(team).treasury == done.left
        assert len(done.rolls) == done.rolls_needed
    demo.seasons.schedule("Two", "round-robin")
    report = demo.season_simulation.simulate("Two", seed=14).value
    assert len(report.played) == 6 and not report.cancelled

    with Session(demo.engine) as session:
        seasons = {s.id: s.name for s in session.exec(select(Season))}
        fixture_season = {f.id: seasons[f.season_id] for f in session.exec(select(Fixture))}
        for team in TEAMS:
            row = repo.find_team(team, session=session)
            entries = session.exec(select(TreasuryEntry).where(TreasuryEntry.team_id == row.id)).all()
            view = demo.teams.get_team(team)
            assert (
                sum(e.amount for e in entries)
                == view.treasury
                == repo.treasury_balance(row.id or 0, session=session)
            )
            played_in = {fixture_season[e.fixture_id] for e in entries if e.fixture_id is not None}
            assert played_in == {"One", "Two"}
            assert any(e.source == "redraft" and "Re-draft budget for Two" in e.reason for e in entries)
            for player in repo.players_of([row.id or 0], session=session, include_gone=True):
                assert repo.rebuild_player_status(player.id or 0, session=session) == player.status
        ids = [row.id for row in session.exec(select(TreasuryEntry).order_by(col(TreasuryEntry.id)))]
        assert ids == sorted(ids)
    texts = " | ".join(e.text for e in demo.history.team_history(TEAMS[0]))
    assert "Re-draft budget for Two" in texts
    for name in ("One", "Two"):  # the team's history shows the winnings of both seasons' games
        assert any(f"fixture {f}:" in texts for f, s in fixture_season.items() if s == name)
