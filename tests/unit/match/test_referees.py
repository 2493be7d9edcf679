"""Biased referees and coaching staff: who takes part, who may argue (match/inducements)."""

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


def test_a_staff_member_bought_by_both_teams_helps_neither() -> None:
    from league_manager.match.inducements import staff

    s = _state({"home": {staff.FINK: 1}, "away": {staff.FINK: 1}})
    assert not staff.hired(s, 0, staff.FINK) and not staff.fink(s, 1)
    s = _state({"home": {staff.FINK: 1}})
    assert staff.fink(s, 0) and not staff.fink(s, 1)
    s.coach_ejected[0] = True  # You're Outta Here!: Fink goes with the coach
    assert not staff.fink(s, 0)


def test_jorm_lowers_both_fan_factors_never_below_zero() -> None:
    s = _state({"away": {referees.JORM: 1}})
    s.fans_lost = [1, 5]
    assert s.fan_factor(0) == s.teams[0].fan_factor - 1
    assert s.fan_factor(1) == max(0, s.teams[1].fan_factor - 5)


def test_kari_no_longer_counts_as_cheerleaders_once_she_played() -> None:
    from league_manager.match.core import Ctx
    from league_manager.match.inducements import staff
    from league_manager.rules.dice import ScriptedDice

    data = {
        "players": [
            {"id": "h1", "team": "home", "at": [5, 7]},
            {"id": "staff:Kari Coldsteel", "team": "home", "at": None, "status": "reserve"},
        ],
        "inducements": {"home": {staff.KARI: 1}},
    }
    _scenario, match, _dice = build(data)
    s = match.state
    c = Ctx(s, ScriptedDice([]), {})
    assert staff.cheerleaders(c, 0) == 2
    s.played.add(1)
    assert staff.cheerleaders(c, 0) == 0
