"""Corrections: reverse the post-game rows, re-apply the corrected result, or list the conflicts."""

from typing import Any

import pytest
from match_day_docs import blank_result, player
from sqlmodel import Session, select

from league_manager.core.errors import RuleViolation, RuleViolations
from league_manager.persistence.match_day_models import MatchCorrection
from league_manager.persistence.models import SppEntry, TreasuryEntry
from league_manager.services.facade import Services
from league_manager.services.season_read_models import FixtureView


def _played(demo: Services, fixture: FixtureView, home_tds: int) -> dict[str, Any]:
    fid = fixture.id or 0
    view = demo.match_day.pregame(fid, seed=4).value
    doc = blank_result(view.snapshots)
    doc["home"]["score"] = home_tds
    player(doc, "home", 0)["td"] = home_tds
    player(doc, "away", 1)["injury"] = "Dead"
    demo.match_day.record(fid, doc)
    mvps = [player(doc, "home", 1)["id"], player(doc, "away", 2)["id"]]
    demo.match_day.postgame(fid, seed=6, mvp=mvps)
    return doc


def _ledger_counts(demo: Services) -> tuple[int, int]:
    with Session(demo.engine) as session:
        return len(session.exec(select(TreasuryEntry)).all()), len(session.exec(select(SppEntry)).all())


def test_a_correction_reverses_and_reapplies(demo: Services, fixtures: list[FixtureView]) -> None:
    game = fixtures[0]
    fid = game.id or 0
    doc = _played(demo, game, home_tds=1)
    scorer, dead = int(player(doc, "home", 0)["id"]), int(player(doc, "away", 1)["id"])
    home_before = demo.teams.get_team(game.home or "")
    assert {p.id: p.spp for p in home_before.players}[scorer] == 3
    fixed = blank_result(demo.match_day.get(fid).snapshots)
    fixed["home"]["score"] = 2
    player(fixed, "home", 0)["td"] = 2
    outcome = demo.match_day.correct(fid, fixed, "the second touchdown was missed on the sheet")
    view = outcome.value
    assert view.stage == "post_game_applied" and view.result is not None and view.result["home"]["score"] == 2
    assert view.corrections[0]["reason"] == "the second touchdown was missed on the sheet"
    assert any("treasury" in line for line in view.corrections[0]["changes"])
    home = demo.teams.get_team(game.home or "")
    assert {p.id: p.spp for p in home.players}[scorer] == 6
    assert home.treasury == home_before.treasury + 10_000
    assert dead in {p.id for p in demo.teams.get_team(game.away or "").players}  # reinstated
    fixture = demo.seasons.get_fixture(fid)
    assert fixture.result is not None and fixture.result.score == "2-0"
    with Session(demo.engine) as session:
        corrections = session.exec(select(MatchCorrection)).all()
        assert len(corrections) == 1 and '"score":1' in corrections[0].previous_result_json
        reversing = session.exec(select(SppEntry).where(SppEntry.source == "correction")).all()
        assert reversing and all(r.fixture_id == fid for r in reversing)


def test_a_correction_that_conflicts_changes_nothing(demo: Services, fixtures: list[FixtureView]) -> None:
    game = fixtures[0]
    fid = game.id or 0
    doc = _played(demo, game, home_tds=2)
    scorer = int(player(doc, "home", 0)["id"])
    demo.advancement.advance(scorer, "random_primary", category="G", seed=3)
    spent = demo.teams.get_team(game.home or "")
    counts = _ledger_counts(demo)
    fixed = blank_result(demo.match_day.get(fid).snapshots)
    with pytest.raises(RuleViolations, match="already spent SPP"):
        demo.match_day.correct(fid, fixed, "no touchdowns after all")
    assert _ledger_counts(demo) == counts
    assert demo.teams.get_team(game.home or "") == spent
    view = demo.match_day.get(fid)
    assert view.result is not None and view.result["home"]["score"] == 2 and not view.corrections


def test_a_later_kick_off_is_a_conflict(demo: Services, fixtures: list[FixtureView]) -> None:
    game = fixtures[0]
    _played(demo, game, home_tds=1)
    later = next(f for f in fixtures if f.id != game.id and game.home in (f.home, f.away))
    demo.match_day.pregame(later.id or 0, seed=1)
    fixed = blank_result(demo.match_day.get(game.id or 0).snapshots)
    with pytest.raises(RuleViolations, match=f"fixture {later.id} kicked off since"):
        demo.match_day.correct(game.id or 0, fixed, "draw")


def test_corrections_need_a_reason_and_a_result(demo: Services, fixtures: list[FixtureView]) -> None:
    fid = fixtures[0].id or 0
    demo.match_day.pregame(fid, seed=1)
    with pytest.raises(RuleViolation, match="cannot correct the result"):
        demo.match_day.correct(fid, {"home": {"score": 0}, "away": {"score": 0}}, "why")
    demo.match_day.record(fid, {"home": {"score": 0}, "away": {"score": 0}})
    with pytest.raises(RuleViolation, match="needs a reason"):
        demo.match_day.correct(fid, {"home": {"score": 0}, "away": {"score": 0}}, " ")
    # before the post-game a correction just replaces the result
    fixed = demo.match_day.correct(
        fid, {"home": {"score": 0}, "away": {"score": 0}, "conceded": 0}, "conceded"
    )
    assert fixed.value.stage == "result_entered" and fixed.value.fixture_status == "conceded"


def test_a_correction_keeps_random_mvps(demo: Services, fixtures: list[FixtureView]) -> None:
    fid = fixtures[0].id or 0
    view = demo.match_day.pregame(fid, seed=4).value
    doc = blank_result(view.snapshots)  # a 0-0 draw: no fans die is rolled
    demo.match_day.record(fid, doc)
    first = demo.match_day.postgame(fid, seed=6).value.postgame
    assert first is not None
    fixed = blank_result(demo.match_day.get(fid).snapshots)
    fixed["home"]["score"] = 1  # now a win: the fans dice come before the MVP draw
    player(fixed, "home", 0)["td"] = 1
    again = demo.match_day.correct(fid, fixed, "a touchdown was missed").value.postgame
    assert again is not None
    for side in ("home", "away"):
        assert again["teams"][side]["mvp"] == first["teams"][side]["mvp"]
