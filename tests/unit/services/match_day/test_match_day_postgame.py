"""Post-game: winnings, fans, SPP and MVP, injuries, hires, expensive mistakes, next-fixture preparation."""

from collections.abc import Callable
from typing import Any

import pytest
from match_day_docs import blank_result, player
from sqlmodel import Session, col, select

from league_manager.core.errors import RuleViolation, RuleViolations
from league_manager.persistence import repositories as repo
from league_manager.persistence.models import Player, PlayerStatusEntry, SppEntry, TreasuryEntry
from league_manager.persistence.season_models import PlayerMatchStats
from league_manager.services.facade import Services
from league_manager.services.match_day import postgame as postgame_module
from league_manager.services.season_read_models import FixtureView


def _recorded(demo: Services, fixture: FixtureView, edit: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    fid = fixture.id or 0
    view = demo.match_day.pregame(fid, seed=4).value
    doc = blank_result(view.snapshots)
    edit(doc)
    demo.match_day.record(fid, doc)
    return {"doc": doc, "pregame": view.pregame}


def _ids(doc: dict[str, Any], side: str, *indexes: int) -> list[int]:
    return [int(player(doc, side, i)["id"]) for i in indexes]


def _a_win(doc: dict[str, Any]) -> None:
    doc["home"]["score"], doc["away"]["score"] = 2, 1
    player(doc, "home", 0).update(td=2, cas=1)
    player(doc, "home", 1).update(comp=1)
    player(doc, "home", 2).update(cas_other=1)
    player(doc, "away", 0).update(td=1, bonus_spp=1)
    player(doc, "away", 1).update(injury="Dead")
    player(doc, "away", 2).update(injury="Serious Injury")
    player(doc, "away", 3).update(injury="Lasting Injury", lasting="MA")
    player(doc, "away", 4).update(injury="Seriously Hurt")


def test_a_full_post_game(demo: Services, fixtures: list[FixtureView]) -> None:
    game = fixtures[0]
    fid = game.id or 0
    data = _recorded(demo, game, _a_win)
    doc, pre = data["doc"], data["pregame"]
    before = {
        side: demo.teams.get_team(name or "") for side, name in (("home", game.home), ("away", game.away))
    }
    mvps = [player(doc, "home", 1)["id"], player(doc, "away", 5)["id"]]
    view = demo.match_day.postgame(fid, typed=[6, 1], mvp=mvps).value
    assert view.stage == "post_game_applied" and view.postgame is not None
    post = view.postgame
    attendance = pre["teams"]["home"]["fan_factor"] + pre["teams"]["away"]["fan_factor"]
    home, away = (demo.teams.get_team(name or "") for name in (game.home, game.away))
    # step 1: winnings
    assert home.treasury - before["home"].treasury == attendance * 5_000 + 2 * 10_000
    assert away.treasury - before["away"].treasury == attendance * 5_000 + 1 * 10_000
    # step 2: fans (winner rolled 6 >= fans: +1; loser rolled 1, not below fans: no change)
    assert (post["teams"]["home"]["fans_change"], post["teams"]["away"]["fans_change"]) == (1, 0)
    assert home.dedicated_fans == before["home"].dedicated_fans + 1
    # step 3: SPP (TD 3, CAS 2, COMP 1, MVP 4; prayer bonus honoured)
    spp = {p.id: p.spp for p in (*home.players, *away.players)}
    h0, h1, h2 = _ids(doc, "home", 0, 1, 2)
    a0, a5 = _ids(doc, "away", 0, 5)
    assert (spp[h0], spp[h1], spp[h2], spp[a0], spp[a5]) == (8, 5, 0, 4, 4)
    assert post["teams"]["home"]["mvp_chosen"] == "typed"
    # injuries: dead leaves the roster (kept in history), SI = niggling + MNG, LI = -MA + MNG
    dead, si, li, sh = _ids(doc, "away", 1, 2, 3, 4)
    roster = {p.id: p for p in away.players}
    assert dead not in roster
    assert roster[si].niggling == 1 and roster[si].misses_next_game
    assert roster[li].stats.ma == roster[li].base.ma - 1 and roster[li].misses_next_game
    assert roster[sh].misses_next_game and away.players_available == len(away.players) - 3
    history = demo.advancement.record(dead).history
    assert any("Killed in fixture" in h.text for h in history)
    # every ledger row cites the fixture; stats feed the leader boards; teams have played
    with Session(demo.engine) as session:
        rows = session.exec(select(TreasuryEntry).where(TreasuryEntry.fixture_id == fid)).all()
        assert {r.source for r in rows} == {"match"}
        stats = {
            s.player_id: s
            for s in session.exec(select(PlayerMatchStats).where(PlayerMatchStats.fixture_id == fid))
        }
        assert (stats[h0].td, stats[h0].cas, stats[h0].spp, stats[h1].mvp) == (2, 1, 8, 1)
    assert home.first_match_played and away.first_match_played
    leaders = demo.seasons.leaders("S")
    assert leaders is not None


def test_missed_players_recover_after_the_next_fixture(demo: Services, fixtures: list[FixtureView]) -> None:
    game = fixtures[0]
    _recorded(demo, game, _a_win)
    demo.match_day.postgame(game.id or 0, seed=3)
    away = demo.teams.get_team(game.away or "")
    hurt = {p.id for p in away.players if p.misses_next_game}
    assert len(hurt) == 3
    following = next(f for f in fixtures if f.id != game.id and game.away in (f.home, f.away))
    view = demo.match_day.play(following.id or 0, seed=8).value
    inert = view.pregame["engine"]["inert_skills"]  # played without them, and said so
    assert isinstance(inert, list) and all(isinstance(n, str) for n in inert)
    side = "home" if following.home == game.away else "away"
    assert not hurt & {int(p["id"]) for p in view.snapshots[side]["players"] if p["id"].isdigit()}
    post = demo.match_day.postgame(following.id or 0, seed=8).value.postgame
    assert post is not None and hurt <= set(post["recovered"])
    assert not any(p.misses_next_game for p in demo.teams.get_team(game.away or "").players if p.id in hurt)


def test_concession(demo: Services, fixtures: list[FixtureView]) -> None:
    game = fixtures[0]

    def conceded(doc: dict[str, Any]) -> None:
        doc["conceded"] = 1
        doc["home"]["score"] = 1
        player(doc, "home", 0).update(td=1)
        player(doc, "away", 0).update(quits=True)  # rolled 1-3 with three or more advancements

    recorded = _recorded(demo, game, conceded)
    pre = recorded["pregame"]
    away_before = demo.teams.get_team(game.away or "")
    home_before = demo.teams.get_team(game.home or "")
    post = demo.match_day.postgame(game.id or 0, typed=[6, 2], mvp=[]).value.postgame
    assert post is not None
    attendance = pre["teams"]["home"]["fan_factor"] + pre["teams"]["away"]["fan_factor"]
    assert post["teams"]["away"]["winnings"] == 0
    assert post["teams"]["home"]["winnings"] == (attendance + 1) * 10_000
    # the conceding team loses D3 fans but never drops below one
    lost = max(0, min(2, away_before.dedicated_fans - 1))
    assert demo.teams.get_team(game.away or "").dedicated_fans == away_before.dedicated_fans - lost
    assert demo.teams.get_team(game.home or "").dedicated_fans == home_before.dedicated_fans + 1
    quitter = _ids(recorded["doc"], "away", 0)
    assert post["quit"] == quitter
    assert not set(quitter) & {p.id for p in demo.teams.get_team(game.away or "").players}


def test_expensive_mistakes_and_a_hired_journeyman(
    demo: Services, fixtures: list[FixtureView], give_gold: Callable[[int, int], None]
) -> None:
    game = fixtures[0]
    home = demo.teams.get_team(game.home or "")
    demo.roster.fire_player(home.players[-1].id)

    def journeyman_scores(doc: dict[str, Any]) -> None:
        doc["home"]["score"] = 1
        journeyman = next(p for p in doc["players"] if p["id"] == "journeyman:home:1")
        journeyman["td"] = 1

    _recorded(demo, game, journeyman_scores)
    give_gold(home.id, 250_000)
    treasury = demo.teams.get_team(home.id).treasury
    with pytest.raises(RuleViolation, match="not a journeyman"):
        demo.match_day.postgame(game.id or 0, seed=1, hire=[str(home.players[0].id)])
    view = demo.match_day.postgame(
        game.id or 0,
        typed=[1, 1, 1],
        seed=1,
        hire=["journeyman:home:1"],
        mvp=[
            "journeyman:home:1",
            player(blank_result(demo.match_day.get(game.id or 0).snapshots), "away")["id"],
        ],
    )
    post = view.value.postgame
    assert post is not None and post["hired"][0]["journeyman"] == "journeyman:home:1"
    new_id = post["hired"][0]["player_id"]
    after = demo.teams.get_team(home.id)
    hired = next(p for p in after.players if p.id == new_id)
    assert (hired.spp, hired.journeyman, hired.value) == (3 + 4, False, post["hired"][0]["cost"])
    mistake = post["teams"]["home"]
    assert mistake["expensive_mistake"] != "Crisis Averted" and mistake["mistake_loss"] > 0
    expected = treasury + mistake["winnings"] - post["hired"][0]["cost"] - mistake["mistake_loss"]
    assert after.treasury == expected


def test_a_crash_in_the_middle_changes_nothing(
    demo: Services, fixtures: list[FixtureView], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = fixtures[0]
    _recorded(demo, game, _a_win)

    def explode(*_args: object, **_kwargs: object) -> None:
        raise RuntimeError("power cut")

    with Session(demo.engine) as session:
        counts = [len(session.exec(select(t)).all()) for t in (TreasuryEntry, SppEntry, PlayerStatusEntry)]
    monkeypatch.setattr(postgame_module, "_stats", explode)
    with pytest.raises(RuntimeError, match="power cut"):
        demo.match_day.postgame(game.id or 0, seed=2)
    with Session(demo.engine) as session:
        assert [
            len(session.exec(select(t)).all()) for t in (TreasuryEntry, SppEntry, PlayerStatusEntry)
        ] == counts
        statuses = session.exec(
            select(Player.status).where(col(Player.team_id).in_([fixtures[0].home_id, fixtures[0].away_id]))
        ).all()
        assert set(statuses) == {"active"}
        assert repo.fans_balance(fixtures[0].home_id or 0, session=session) >= 1
    assert demo.match_day.get(game.id or 0).stage == "result_entered"
    monkeypatch.undo()
    assert demo.match_day.postgame(game.id or 0, seed=2).value.stage == "post_game_applied"


def test_typed_mvps_are_checked(demo: Services, fixtures: list[FixtureView]) -> None:
    game = fixtures[0]
    doc = _recorded(demo, game, _a_win)["doc"]
    treasury = demo.teams.get_team(game.home or "").treasury
    with pytest.raises(RuleViolation, match="'Nobody' is not a player"):
        demo.match_day.postgame(game.id or 0, seed=1, mvp=["Nobody"])
    with pytest.raises(RuleViolation, match="two MVPs typed for the home team"):
        demo.match_day.postgame(
            game.id or 0, seed=1, mvp=[player(doc, "home", 0)["id"], player(doc, "home", 1)["id"]]
        )
    assert demo.teams.get_team(game.home or "").treasury == treasury
    assert demo.match_day.get(game.id or 0).stage == "result_entered"


def test_plain_score_edits_are_refused_after_match_day(demo: Services, fixtures: list[FixtureView]) -> None:
    from league_manager.core.errors import RuleViolation
    from league_manager.services.season_results import ResultEntry

    game = fixtures[0]
    demo.match_day.play(game.id or 0, seed=5)
    demo.match_day.postgame(game.id or 0, seed=5)
    with pytest.raises(RuleViolation, match="fixture correct"):
        demo.seasons.clear_result(game.id or 0)
    with pytest.raises(RuleViolation, match="fixture correct"):
        demo.seasons.set_result(game.id or 0, ResultEntry(home_td=3, away_td=0))


def test_sudden_death_winner_is_kept_for_a_draw_only(demo: Services, fixtures: list[FixtureView]) -> None:
    game = fixtures[0]

    def drawn(doc: dict[str, Any]) -> None:
        doc["sudden_death"] = "home"

    _recorded(demo, game, drawn)
    view = demo.match_day.get(game.id or 0)
    assert view.result is not None and view.result["sudden_death"] == 0
    other = fixtures[1]

    def won(doc: dict[str, Any]) -> None:
        _a_win(doc)
        doc["sudden_death"] = "away"

    with pytest.raises(RuleViolations, match="sudden_death"):
        _recorded(demo, other, won)
