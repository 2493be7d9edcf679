"""Biased referees: who takes part, and who may argue (match/inducements/referees.py)."""

from __future__ import annotations

from typing import Any

from league_manager.match.inducements import referees
from league_manager.match.scenario import build


def _state(inducements: dict[str, Any]) -> Any:
    data = {"players": [{"id": "h1", "team": "home", "at": [5, 7]}], "inducements": inducements}
    _scenario, match, _dice = build(data)
    return match.state


def test_a_named_referee_bought_by_both_teams_takes_no_part() -> None:
    s = _state({"home": {referees.JORM: 1}, "away": {referees.JORM: 1}})
    assert referees.referee(s, 0) == "" and referees.referee(s, 1) == ""


def test_standard_referees_bought_by_both_teams_both_watch() -> None:
    s = _state({"home": {referees.BIASED_REFEREE: 1}, "away": {referees.BIASED_REFEREE: 1}})
    assert referees.referee(s, 0) == referees.referee(s, 1) == referees.BIASED_REFEREE
    assert referees.argue_modifier(s, 0) == referees.argue_modifier(s, 1) == 1


def test_ranulf_stops_arguing_even_when_both_teams_bought_him() -> None:
    s = _state({"home": {referees.RANULF: 1}, "away": {referees.RANULF: 1}})
    assert referees.referee(s, 0) == "" and not referees.may_argue(s)
    assert referees.may_argue(_state({"home": {referees.THORON: 1}}))
