"""Result entry: engine and tabletop documents, validation with clear messages, standings."""

from typing import Any

import pytest
from match_day_docs import blank_result, player

from league_manager.core.errors import RuleViolation, RuleViolations
from league_manager.services.facade import Services
from league_manager.services.season_read_models import FixtureView


def _ready(demo: Services, fixtures: list[FixtureView]) -> tuple[int, dict[str, Any]]:
    fid = fixtures[0].id or 0
    view = demo.match_day.pregame(fid, seed=2).value
    return fid, blank_result(view.snapshots)


def test_tabletop_result_updates_standings(demo: Services, fixtures: list[FixtureView]) -> None:
    fid, doc = _ready(demo, fixtures)
    player(doc, "home", 0)["td"] = 2
    player(doc, "home", 1)["cas"] = 1
    player(doc, "away", 2)["injury"] = "Badly Hurt"
    doc["home"]["score"] = 2
    view = demo.match_day.record(fid, doc).value
    assert view.stage == "result_entered" and view.fixture_status == "played"
    assert view.result is not None and view.result["home"]["casualties_inflicted"] == 1
    assert view.result["away"]["casualties_suffered"] == 1
    fixture = demo.seasons.get_fixture(fid)
    assert fixture.result is not None and fixture.result.score == "2-0"
    leader = demo.seasons.standings("S").overall.rows[0]
    assert (leader.team, leader.won, leader.td_for, leader.cas_for) == (fixtures[0].home, 1, 2, 1)


def test_partial_document_fills_in_players(demo: Services, fixtures: list[FixtureView]) -> None:
    fid, doc = _ready(demo, fixtures)
    scorer = player(doc, "away", 3)
    partial = {"home": {"score": 0}, "away": {"score": 1}, "players": [{"id": scorer["id"], "td": 1}]}
    view = demo.match_day.record(fid, partial).value
    assert view.result is not None
    assert len(view.result["players"]) == len(doc["players"])
    assert view.result["weather"] == view.pregame["weather"]["result"]


def _refused(demo: Services, fid: int, doc: dict[str, Any], *messages: str) -> None:
    with pytest.raises(RuleViolations) as caught:
        demo.match_day.record(fid, doc)
    text = str(caught.value)
    for message in messages:
        assert message in text
    assert demo.match_day.get(fid).stage == "pre_game"


def test_bad_results_are_refused_with_reasons(demo: Services, fixtures: list[FixtureView]) -> None:
    fid, doc = _ready(demo, fixtures)
    stranger = {**doc, "players": [*doc["players"], {"id": "999999", "team": 0, "td": 1}]}
    _refused(demo, fid, stranger, "'999999' is not on either team")
    wrong_side = {**doc, "players": [{**player(doc, "home"), "team": 1}]}
    _refused(demo, fid, wrong_side, "plays for home")
    scored = {**doc, "home": {"score": 2}}
    _refused(demo, fid, scored, "home scored 2 but its players' touchdowns add up to 0")
    cas = {**doc, "away": {"score": 0, "casualties_inflicted": 3}}
    _refused(demo, fid, cas, "away inflicted 3 casualties")
    hurt = {**doc, "players": [{**player(doc, "home"), "injury": "Broken Leg"}]}
    _refused(demo, fid, hurt, "'Broken Leg' is not one of")
    lasting = {**doc, "players": [{**player(doc, "home"), "injury": "Lasting Injury"}]}
    _refused(demo, fid, lasting, "a Lasting Injury names one of")
    negative = {**doc, "players": [{**player(doc, "home"), "td": -1}]}
    _refused(demo, fid, negative, "must be a whole number")
    mvp = {**doc, "home": {"score": 0, "mvp": player(doc, "away")["id"]}}
    _refused(demo, fid, mvp, "is not one of its players")


def test_concession_needs_no_matching_score(demo: Services, fixtures: list[FixtureView]) -> None:
    fid, doc = _ready(demo, fixtures)
    doc["conceded"] = "away"
    doc["home"]["score"] = 1
    view = demo.match_day.record(fid, doc).value
    assert view.fixture_status == "conceded" and view.result is not None and view.result["conceded"] == 1


def test_stages_are_enforced(demo: Services, fixtures: list[FixtureView]) -> None:
    fid = fixtures[0].id or 0
    with pytest.raises(RuleViolation, match="no pre-game yet"):
        demo.match_day.record(fid, {"home": {"score": 0}, "away": {"score": 0}})
    demo.match_day.pregame(fid, seed=1)
    assert demo.match_day.kick_off(fid).value.stage == "in_progress"
    with pytest.raises(RuleViolation, match="needs result_entered"):
        demo.match_day.postgame(fid, seed=1)
    demo.match_day.record(fid, {"home": {"score": 0}, "away": {"score": 0}})
    with pytest.raises(RuleViolation, match="cannot enter a result"):
        demo.match_day.record(fid, {"home": {"score": 0}, "away": {"score": 0}})


def test_play_on_the_engine(demo: Services, fixtures: list[FixtureView]) -> None:
    fid = fixtures[1].id or 0
    view = demo.match_day.play(fid, seed=21, bot="greedy").value
    assert view.stage == "result_entered" and view.result is not None
    assert view.pregame["engine"]["seed"] == 21 and view.pregame["engine"]["bot"] == "greedy"
    again = demo.match_day.play(fixtures[2].id or 0, seed=21, bot="coach").value
    assert again.pregame["seed"] == 21 and again.pregame["engine"]["bot"] == "coach"
    with pytest.raises(RuleViolation, match="unknown bot"):
        demo.match_day.play(fixtures[3].id or 0, bot="clever")
