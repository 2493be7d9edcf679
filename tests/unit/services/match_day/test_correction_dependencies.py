"""A correction that takes away SPP spent on advancements: refused naming them, or (confirmed)
the advancements are reverted and re-applied in order, one that cannot be paid is removed."""

from typing import Any

import pytest
from match_day_docs import blank_result, player
from sqlmodel import Session, select

from league_manager.persistence.match_day_models import MatchCorrection
from league_manager.persistence.models import Advancement, SppEntry
from league_manager.services.facade import Services
from league_manager.services.match_day.dependencies import CorrectionDependencies
from league_manager.services.season_read_models import FixtureView


def _two_touchdowns_and_mvp(demo: Services, fixture: FixtureView) -> int:
    """The first home player scores twice and is MVP (10 SPP); he buys two random primaries (3 + 4)."""
    fid = fixture.id or 0
    view = demo.match_day.pregame(fid, seed=4).value
    doc = blank_result(view.snapshots)
    doc["home"]["score"] = 2
    scorer = player(doc, "home", 0)
    scorer["td"] = 2
    demo.match_day.record(fid, doc)
    demo.match_day.postgame(fid, seed=6, mvp=[scorer["id"], player(doc, "away", 0)["id"]])
    pid = int(scorer["id"])
    demo.advancement.advance(pid, "random_primary", category="G", seed=3)
    demo.advancement.advance(pid, "random_primary", category="G", seed=5)
    return pid


def _no_touchdowns(demo: Services, fid: int) -> dict[str, Any]:
    return blank_result(demo.match_day.get(fid).snapshots)


def _spp(demo: Services, pid: int) -> tuple[int, int, int]:
    card = demo.history.player_card(pid)
    return card.player.spp, card.player.spp_earned, card.player.advancements


def test_refused_naming_each_advancement(demo: Services, fixtures: list[FixtureView]) -> None:
    fid = fixtures[0].id or 0
    pid = _two_touchdowns_and_mvp(demo, fixtures[0])
    before = _spp(demo, pid)
    assert before == (3, 10, 2)
    with pytest.raises(CorrectionDependencies) as caught:
        demo.match_day.correct(fid, _no_touchdowns(demo, fid), "no touchdowns after all")
    assert caught.value.revertible and len(caught.value.advancements) == 2
    assert all("--recompute" in str(v) for v in caught.value.violations)
    assert "3 SPP" in str(caught.value) and "4 SPP" in str(caught.value)
    assert _spp(demo, pid) == before
    assert not demo.match_day.get(fid).corrections


def test_confirmed_reverts_and_reapplies_in_order(demo: Services, fixtures: list[FixtureView]) -> None:
    fid = fixtures[0].id or 0
    pid = _two_touchdowns_and_mvp(demo, fixtures[0])
    skills = [s.name for s in demo.history.player_card(pid).player.skills if s.gained]
    outcome = demo.match_day.correct(
        fid, _no_touchdowns(demo, fid), "no touchdowns after all", recompute=True
    )
    # the MVP's 4 SPP stay: the first advancement (3) is re-applied, the second (4) cannot be paid
    assert _spp(demo, pid) == (1, 4, 1)
    kept = [s.name for s in demo.history.player_card(pid).player.skills if s.gained]
    assert kept == skills[:1]
    changes = outcome.value.corrections[0]["changes"]
    assert any("re-applied (3 SPP)" in line for line in changes)
    assert any("removed (it costs 4 SPP, 1 left" in line for line in changes)
    with Session(demo.engine) as session:
        rows = session.exec(select(SppEntry).where(SppEntry.player_id == pid)).all()
        assert sum(r.amount for r in rows) == 1
        assert sum("reverted" in r.reason and "no touchdowns after all" in r.reason for r in rows) == 2
        assert len(session.exec(select(Advancement).where(Advancement.player_id == pid)).all()) == 1
        correction = session.exec(select(MatchCorrection)).one()
        assert correction.reason == "no touchdowns after all"


def test_a_correction_that_leaves_enough_spp_needs_no_recompute(
    demo: Services, fixtures: list[FixtureView]
) -> None:
    fid = fixtures[0].id or 0
    pid = _two_touchdowns_and_mvp(demo, fixtures[0])
    one = blank_result(demo.match_day.get(fid).snapshots)
    one["home"]["score"] = 1
    player(one, "home", 0)["td"] = 1
    demo.match_day.correct(fid, one, "one touchdown was the other team's")
    assert _spp(demo, pid) == (0, 7, 2)
