"""The league a dialog or screenshot acts on: the one named or selected, else the file's first."""

from __future__ import annotations

from league_manager.services.read_models import LeagueView
from league_manager.ui.league_choice import league_or_first


def _league(ident: int, name: str) -> LeagueView:
    return LeagueView(id=ident, name=name, ruleset="bb2020", ruleset_version="1", settings={}, teams=0)


LEAGUES = [_league(1, "Old World"), _league(2, "Badlands Cup")]


def test_the_named_or_selected_league_else_the_first() -> None:
    assert league_or_first(LEAGUES, name="badlands cup") is LEAGUES[1]
    assert league_or_first(LEAGUES, ident=2) is LEAGUES[1]
    assert league_or_first(LEAGUES, name="Nowhere") is LEAGUES[0]
    assert league_or_first(LEAGUES, ident=9) is LEAGUES[0]
    assert league_or_first(LEAGUES) is LEAGUES[0]
    assert league_or_first([], name="Old World") is None
