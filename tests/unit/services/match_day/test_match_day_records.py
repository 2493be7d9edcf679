"""The match-day record's typed shape: what the steps build is what is stored and read back."""

import json

import pytest
from match_day_docs import blank_result, player
from sqlmodel import Session

from league_manager.services.facade import Services
from league_manager.services.match_day.records import PostgameRecord, PregameRecord
from league_manager.services.match_day.store import find_match_day
from league_manager.services.season_read_models import FixtureView


def test_records_read_back_typed_and_store_unchanged(demo: Services, fixtures: list[FixtureView]) -> None:
    fid = fixtures[0].id or 0
    view = demo.match_day.pregame(fid, seed=4).value
    assert view.pre.sides()[0][0] == "home" and view.pre.side("home").name == fixtures[0].home
    assert view.pre.kick_off is not None and view.pre.kick_off.kicking in {"home", "away"}
    assert len(view.pre.rolls) >= 5 and view.pre.seed == 4
    doc = blank_result(view.snapshots)
    doc["home"]["score"] = 1
    player(doc, "home", 0)["td"] = 1
    demo.match_day.record(fid, doc)
    post = demo.match_day.postgame(fid, seed=6).value.post
    assert post is not None and post.side("home").outcome == "won"
    assert post.ledger.spp and post.ledger.treasury
    with Session(demo.engine) as session:
        day = find_match_day(fid, session=session)
        assert day is not None and day.postgame_json is not None
        stored_pre, stored_post = json.loads(day.pregame_json), json.loads(day.postgame_json)
    assert PregameRecord.model_validate(stored_pre).to_dict() == stored_pre
    assert PostgameRecord.model_validate(stored_post).to_dict() == stored_post


def test_a_record_built_with_a_field_the_shape_lacks_is_refused() -> None:
    built = {"teams": {}, "seed": 3, "kick_off": None, "surprise": 1}
    with pytest.raises(ValueError, match="does not hold"):
        PregameRecord.built(built)
    with pytest.raises(ValueError, match="does not hold"):
        PregameRecord.built({"seed": "3"})  # a value the shape would change
