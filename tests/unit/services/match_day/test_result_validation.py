"""Result documents are checked strictly: types, bounds, who may be MVP, kills within casualties."""

from typing import Any

import pytest
from match_day_docs import blank_result, player

from league_manager.core.errors import RuleViolations
from league_manager.services.facade import Services
from league_manager.services.match_day.result_schema import MAX_CASUALTIES, MAX_PLAYER_ROWS, MAX_TURNS
from league_manager.services.season_read_models import FixtureView


def _ready(demo: Services, fixtures: list[FixtureView]) -> tuple[int, dict[str, Any]]:
    fid = fixtures[0].id or 0
    view = demo.match_day.pregame(fid, seed=2).value
    return fid, blank_result(view.snapshots)


def _refused(demo: Services, fid: int, doc: dict[str, Any], rule: str, text: str) -> None:
    with pytest.raises(RuleViolations) as refused:
        demo.match_day.record(fid, doc)
    found = [(v.rule, v.detail) for v in refused.value.violations]
    assert any(r == rule and text in d for r, d in found), found
    assert demo.match_day.get(fid).stage == "pre_game"


def _with(doc: dict[str, Any], side: str, index: int, **changes: Any) -> dict[str, Any]:
    row = {**player(doc, side, index), **changes}
    return {**doc, "players": [row if p["id"] == row["id"] else p for p in doc["players"]]}


def test_the_mvp_and_the_candidates_come_from_the_team_and_played(
    demo: Services, fixtures: list[FixtureView]
) -> None:
    fid, doc = _ready(demo, fixtures)
    stranger = player(doc, "away")["id"]
    _refused(demo, fid, {**doc, "home": {"score": 0, "mvp_candidates": [stranger]}}, "MVP", stranger)
    benched = _with(doc, "home", 1, played=False)
    _refused(
        demo, fid, {**benched, "home": {"score": 0, "mvp": player(doc, "home", 1)["id"]}}, "MVP", "played"
    )
    dead = _with(doc, "home", 2, injury="Dead")
    _refused(
        demo, fid, {**dead, "home": {"score": 0, "mvp": player(doc, "home", 2)["id"]}}, "MVP", "survived"
    )
    conceded = {
        **doc,
        "conceded": "home",
        "away": {"score": 1},
        "home": {"score": 0, "mvp": player(doc, "home")["id"]},
    }
    _refused(demo, fid, conceded, "MVP", "conceded")


def test_types_are_strict(demo: Services, fixtures: list[FixtureView]) -> None:
    fid, doc = _ready(demo, fixtures)
    _refused(demo, fid, _with(doc, "home", 0, played="no"), "result", "must be true or false, not 'no'")
    _refused(demo, fid, _with(doc, "home", 0, apothecary=1), "result", "must be true or false")
    _refused(demo, fid, _with(doc, "home", 0, td="1"), "result", "td must be a whole number")
    _refused(demo, fid, _with(doc, "home", 0, td=1.0), "result", "td must be a whole number")
    _refused(demo, fid, {**doc, "home": {"score": True}}, "result", "home score must be a whole number")
    _refused(demo, fid, _with(doc, "home", 0, touchdowns=1), "result", "is not a field")


def test_counts_stay_within_what_a_match_can_produce(demo: Services, fixtures: list[FixtureView]) -> None:
    fid, doc = _ready(demo, fixtures)
    huge = _with(doc, "home", 0, td=4 * 10**18)
    _refused(demo, fid, {**huge, "home": {"score": 4 * 10**18}}, "result", f"from 0 to {MAX_TURNS}")
    _refused(
        demo, fid, _with(doc, "home", 0, cas=MAX_CASUALTIES + 1), "result", f"from 0 to {MAX_CASUALTIES}"
    )
    _refused(demo, fid, _with(doc, "home", 0, cas=1, kills=2), "kills", "2 kills but only 1 casualties")
    _refused(demo, fid, _with(doc, "home", 0, played=False, cas=1), "played", "did not play")
    rows = {**doc, "players": doc["players"] + [{"id": str(n)} for n in range(MAX_PLAYER_ROWS)]}
    _refused(demo, fid, rows, "result", "too long")
    _refused(demo, fid, _with(doc, "home", 0, injury="x" * 10_000), "result", "longer than")


def test_the_largest_sound_document_is_taken(demo: Services, fixtures: list[FixtureView]) -> None:
    fid, doc = _ready(demo, fixtures)
    doc = _with(doc, "home", 0, td=MAX_TURNS, cas=MAX_CASUALTIES, kills=MAX_CASUALTIES)
    doc["home"] = {"score": MAX_TURNS, "mvp_candidates": [player(doc, "home")["id"]]}
    view = demo.match_day.record(fid, doc).value
    assert view.result is not None and view.result["home"]["score"] == MAX_TURNS
    assert view.result["home"]["mvp_candidates"] == [player(doc, "home")["id"]]
