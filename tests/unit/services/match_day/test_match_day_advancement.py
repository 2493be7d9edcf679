"""SPP a fixture gave: refusals (too few SPP, skill access, characteristic limit) change nothing."""

import pytest
from match_day_docs import blank_result, player
from sqlmodel import Session

from league_manager.core.errors import RuleViolation
from league_manager.persistence.models import Advancement
from league_manager.services.facade import Services
from league_manager.services.season_read_models import FixtureView


def _spp_after_a_fixture(demo: Services, fixture: FixtureView) -> tuple[int, int]:
    fid = fixture.id or 0
    doc = blank_result(demo.match_day.pregame(fid, seed=1).value.snapshots)
    doc["home"]["score"] = 2
    player(doc, "home", 0)["td"] = 2
    demo.match_day.record(fid, doc)
    mvps = [player(doc, "home", 1)["id"], player(doc, "away", 0)["id"]]
    demo.match_day.postgame(fid, seed=1, mvp=mvps)
    return int(player(doc, "home", 0)["id"]), int(player(doc, "home", 1)["id"])


def test_refused_spending_changes_nothing(demo: Services, fixtures: list[FixtureView]) -> None:
    scorer, mvp = _spp_after_a_fixture(demo, fixtures[0])
    assert (demo.advancement.record(scorer).spp, demo.advancement.record(mvp).spp) == (6, 4)
    with pytest.raises(RuleViolation, match="costs 6 SPP; the player has 4"):
        demo.advancement.advance(mvp, "chosen_primary", skill="Block", fixture_id=fixtures[0].id)
    with pytest.raises(RuleViolation, match="skill access"):
        demo.advancement.advance(scorer, "chosen_primary", skill="Claws", fixture_id=fixtures[0].id)
    assert (demo.advancement.record(scorer).spp, demo.advancement.record(mvp).spp) == (6, 4)
    view = demo.advancement.advance(scorer, "chosen_primary", skill="Block", fixture_id=fixtures[0].id).value
    assert next(p for p in view.players if p.id == scorer).spp == 0
    with Session(demo.engine) as session:  # MA and AV already improved as often as the rules allow
        for name in ("MA", "MA", "AV", "AV"):
            session.add(
                Advancement(
                    player_id=scorer, kind="characteristic", characteristic=name, spp_cost=0, value_increase=0
                )
            )
        session.commit()
    demo.advancement.adjust_spp(scorer, 60, "commissioner's gift")
    with pytest.raises(RuleViolation, match="would offer nothing you can take"):
        demo.advancement.advance(scorer, "characteristic", seed=2)
    assert demo.advancement.record(scorer).spp == 60
