"""League → Retire or Delete: what has no history is deleted, a team with history retired (undoable)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from league_manager.core.errors import NotFound
from league_manager.services.demo import DEMO_LEAGUE, DEMO_TEAMS
from league_manager.services.facade import Services
from league_manager.services.season_results import ResultEntry

TEAMS = [name for _race, name, _coach in DEMO_TEAMS]


def _window(make_window: Any, demo_file: Path) -> Any:
    window = make_window()
    window.open_database(str(demo_file), background=False)
    return window


def test_delete_a_team_that_never_played(make_window: Any, demo_file: Path, dialogs: Any) -> None:
    window = _window(make_window, demo_file)
    team = window.ctx.svc.teams.get_team(TEAMS[0])
    window.navigate("team", team.id)
    assert window.admin.act_remove.isEnabled()
    dialogs.script("confirm", False)
    window.admin.act_remove.trigger()  # said no: nothing changes
    assert window.ctx.svc.teams.get_team(TEAMS[0]).id == team.id
    dialogs.script("confirm", True)
    window.admin.act_remove.trigger()
    with pytest.raises(NotFound):
        window.ctx.svc.teams.get_team(TEAMS[0])
    assert window.current[0] == "league"
    assert not window.act_undo.isEnabled()  # a deletion is confirmed, not undoable
    assert not dialogs.errors


def test_retire_a_team_with_history_and_undo(make_window: Any, demo_file: Path, dialogs: Any) -> None:
    services = Services.open(demo_file)
    services.seasons.create_season(DEMO_LEAGUE, "S", seed=4)
    services.seasons.add_teams("S", TEAMS[:4])
    services.close()
    window = _window(make_window, demo_file)
    team = window.ctx.svc.teams.get_team(TEAMS[1])
    window.navigate("team", team.id)
    dialogs.script("confirm", True)
    assert window.admin.retire_or_delete()
    candidates = {c.name for c in window.ctx.svc.seasons.entry_candidates(DEMO_LEAGUE)}
    assert TEAMS[1] not in candidates and window.ctx.svc.teams.get_team(TEAMS[1]).players
    assert "retirement" in window.act_undo.text()
    window.act_undo.trigger()
    assert TEAMS[1] in {c.name for c in window.ctx.svc.seasons.entry_candidates(DEMO_LEAGUE)}
    assert not dialogs.errors


def test_a_season_with_a_result_is_refused(make_window: Any, demo_file: Path, dialogs: Any) -> None:
    services = Services.open(demo_file)
    season = services.seasons.create_season(DEMO_LEAGUE, "S", seed=4).value
    services.seasons.add_teams("S", TEAMS[:4])
    services.seasons.schedule("S", "round-robin")
    game = services.seasons.fixtures("S")[0]
    services.seasons.set_result(game.id or 0, ResultEntry(home_td=0, away_td=0))
    services.close()
    window = _window(make_window, demo_file)
    window.navigate("season", season.id)
    window.admin.act_remove.trigger()  # no confirmation is asked: the refusal comes first
    assert dialogs.errors[-1][0] == "Cannot delete S" and "1 result(s)" in dialogs.errors[-1][1]
    assert window.ctx.svc.seasons.get_season("S").id == season.id


def test_the_league_menu_opens_the_upgrade_wizard(make_window: Any, demo_file: Path, dialogs: Any) -> None:
    from league_manager.ui.upgrade_wizard import LeagueUpgradeWizard

    window = _window(make_window, demo_file)
    window.navigate("welcome", None)
    shown: list[Any] = []

    def cancel(wizard: Any) -> bool:
        shown.append(wizard)
        return False  # the coach looks and cancels: nothing changes

    dialogs.on_run = cancel
    assert window.admin.act_upgrade.isEnabled()
    assert window.admin.move_edition()
    assert len(shown) == 1 and isinstance(shown[0], LeagueUpgradeWizard)
    assert window.ctx.svc.leagues.get_league(DEMO_LEAGUE).ruleset == "bb2020"
