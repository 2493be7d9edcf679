"""The live tabletop tracker: entries and what they add up to, undo, saving, the final whistle."""

import pytest

from league_manager.core.errors import RuleViolation, RuleViolations
from league_manager.services.facade import Services
from league_manager.services.match_day.tracker_log import Roster, TrackerLog
from league_manager.services.season_read_models import FixtureView


def _log() -> TrackerLog:
    home = Roster("Reavers", 2, {4: "h4", 7: "h7", 9: "h9"})
    away = Roster("Orcs", 1, {3: "a3", 12: "a12"})
    return TrackerLog((home, away))


def test_entries_add_up_to_score_turns_rerolls_and_a_result_document() -> None:
    log = _log()
    log.add({"kind": "turn", "team": 0})
    log.add({"kind": "reroll", "team": 0})
    log.add({"kind": "td", "team": 0, "number": 7})
    log.add({"kind": "cas", "team": 0, "number": 4, "victim": 12, "injury": "Dead"})
    log.add({"kind": "comp", "team": 0, "number": 9})
    log.add({"kind": "intc", "team": 1, "number": 3})
    log.add({"kind": "defl", "team": 1, "number": 3})
    assert (log.score(0), log.score(1)) == (1, 0)
    assert (log.turn(0), log.turn(1)) == (1, 0)
    assert (log.rerolls_left(0), log.rerolls_left(1)) == (1, 1)
    log.add({"kind": "half"})
    assert log.half == 2 and log.turn(0) == 0 and log.rerolls_left(0) == 2  # markers and re-rolls reset
    log.add({"kind": "mvp", "team": 0, "number": 9})
    doc = log.result_document()
    assert doc["home"] == {"score": 1, "mvp": "h9"} and doc["away"] == {"score": 0}
    rows = {r["id"]: r for r in doc["players"]}
    assert rows["h7"] == {"id": "h7", "td": 1}
    assert rows["h4"] == {"id": "h4", "cas": 1, "kills": 1}
    assert rows["a12"] == {"id": "a12", "injury": "Dead"}
    assert rows["a3"] == {"id": "a3", "intc": 1, "defl": 1}


def test_undo_takes_back_the_last_entry_only() -> None:
    log = _log()
    log.add({"kind": "td", "team": 1, "number": 12})
    log.add({"kind": "td", "team": 0, "number": 7})
    assert log.undo()["player"] == "h7"
    assert (log.score(0), log.score(1)) == (0, 1)
    log.undo()
    with pytest.raises(RuleViolation, match="nothing to undo"):
        log.undo()


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({"kind": "td", "team": 0, "number": 8}, "has no #8"),
        ({"kind": "cas", "team": 0, "number": 4, "victim": 7, "injury": "Dead"}, "has no #7"),
        ({"kind": "cas", "team": 0, "number": 4, "victim": 12, "injury": "Bruised"}, "injury must be"),
        ({"kind": "cas", "team": 0, "number": 4, "victim": 12, "injury": "Lasting Injury"}, "Lasting"),
        ({"kind": "pass", "team": 0}, "unknown entry"),
        ({"kind": "turn", "team": 2}, "team must be"),
    ],
)
def test_entries_that_do_not_fit_are_refused(entry: dict[str, object], message: str) -> None:
    log = _log()
    with pytest.raises(RuleViolation, match=message):
        log.add(entry)
    assert log.entries == []


def test_no_reroll_past_the_teams_nor_turn_past_eight_nor_a_fourth_half() -> None:
    log = _log()
    log.add({"kind": "reroll", "team": 1})
    with pytest.raises(RuleViolation, match="no team re-roll left"):
        log.add({"kind": "reroll", "team": 1})
    for _ in range(8):
        log.add({"kind": "turn", "team": 1})
    with pytest.raises(RuleViolation, match="8 turns"):
        log.add({"kind": "turn", "team": 1})
    log.add({"kind": "half"})
    log.add({"kind": "half"})
    with pytest.raises(RuleViolation, match="last period"):
        log.add({"kind": "half"})


def test_illegal_procedure_costs_a_reroll_or_gives_one_to_the_opponent() -> None:
    log = _log()  # home 2 re-rolls, away 1
    log.add({"kind": "illegal", "team": 1, "choice": "reroll"})
    assert (log.rerolls_left(0), log.rerolls_left(1)) == (2, 0)
    log.add({"kind": "illegal", "team": 1, "choice": "reroll"})  # none left: home gains one
    assert (log.rerolls_left(0), log.rerolls_left(1)) == (3, 0)
    log.add({"kind": "illegal", "team": 0, "choice": "end_turn"})  # the turn ends, no re-roll lost
    assert log.rerolls_left(0) == 3
    log.add({"kind": "wrong_call", "team": 0})  # a wrong call costs the caller a re-roll
    assert log.rerolls_left(0) == 2
    log.add({"kind": "wrong_call", "team": 1})  # away has none left: home gains one
    assert (log.rerolls_left(0), log.rerolls_left(1)) == (3, 0)
    with pytest.raises(RuleViolation, match="ends the turn or costs a re-roll"):
        log.add({"kind": "illegal", "team": 0, "choice": "shrug"})
    log.add({"kind": "half"})
    assert (log.rerolls_left(0), log.rerolls_left(1)) == (2, 1)


def _numbers(svc: Services, fixture: int) -> tuple[int, int]:
    view = svc.tracker.open(fixture)
    return min(view.log.rosters[0].numbers), min(view.log.rosters[1].numbers)


def test_the_service_saves_each_entry_and_records_the_result(
    demo: Services, fixtures: list[FixtureView]
) -> None:
    fixture = fixtures[0].id
    assert fixture is not None
    demo.match_day.pregame(fixture, seed=5)
    home_no, away_no = _numbers(demo, fixture)
    assert demo.match_day.get(fixture).stage == "in_progress"
    demo.tracker.add(fixture, {"kind": "td", "team": 0, "number": home_no})
    demo.tracker.add(fixture, {"kind": "td", "team": 1, "number": away_no})
    demo.tracker.undo(fixture)
    view = demo.tracker.open(fixture)  # a reopened window: same entries
    assert (view.log.score(0), view.log.score(1)) == (1, 0) and len(view.log.entries) == 1
    doc = view.log.result_document()
    with pytest.raises(RuleViolation, match="by the tracker"):
        demo.tracker.finish(fixture, {**doc, "home": {"score": 2}})
    wrong = {**doc, "players": []}  # the score no longer matches the touchdowns
    with pytest.raises(RuleViolations):
        demo.tracker.finish(fixture, wrong)
    outcome = demo.tracker.finish(fixture, doc)
    assert outcome.value.stage == "result_entered" and outcome.value.result is not None
    assert outcome.value.result["home"]["score"] == 1
    with pytest.raises(RuleViolation, match="no tracker in progress"):
        demo.tracker.add(fixture, {"kind": "turn", "team": 0})


def test_illegal_procedure_is_refused_unless_the_league_plays_it(
    demo: Services, fixtures: list[FixtureView]
) -> None:
    fixture = fixtures[0].id
    assert fixture is not None
    demo.match_day.pregame(fixture, seed=5)
    assert demo.tracker.open(fixture).illegal_procedure is False
    with pytest.raises(RuleViolation, match="illegal_procedure"):
        demo.tracker.add(fixture, {"kind": "illegal", "team": 0, "choice": "end_turn"})
    with pytest.raises(RuleViolation, match="illegal_procedure"):
        demo.tracker.add(fixture, {"kind": "wrong_call", "team": 1})
    assert demo.tracker.open(fixture).log.entries == []
    demo.leagues.update_settings(demo.leagues.list_leagues()[0].name, {"illegal_procedure": True})
    view = demo.tracker.add(fixture, {"kind": "illegal", "team": 0, "choice": "end_turn"})
    assert view.illegal_procedure and view.log.entries[-1]["kind"] == "illegal"
