"""History in the app: the leader boards' scope picker, a player's matches tab and the charts
(team, career, standings race), built with Qt Charts only when their tab is shown."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from league_manager.services.demo import DEMO_LEAGUE, DEMO_TEAMS
from league_manager.services.season_read_models import PlayerStatLine
from league_manager.services.season_results import ResultEntry

TEAMS = [name for _race, name, _coach in DEMO_TEAMS][:4]


def test_starting_the_app_loads_no_qt_charts() -> None:
    code = (
        "import sys\n"
        "import league_manager.ui.main_window, league_manager.ui.pages.team, league_manager.ui.pages.player\n"
        "import league_manager.ui.pages.season\n"
        "print('PySide6.QtCharts' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    assert done.stdout.strip().splitlines()[-1] == "False"


def test_scope_picker_matches_tab_and_charts(make_window: Any, demo_file: Path) -> None:
    window = make_window()
    window.open_database(str(demo_file), background=False)
    services = window.ctx.services
    star, team_id = 0, 0
    for name in ("S1", "S2"):
        season = services.seasons.create_season(DEMO_LEAGUE, name, seed=2).value
        services.seasons.add_teams(name, TEAMS)
        services.seasons.schedule(name, "round-robin")
        for f in services.seasons.fixtures(name):
            services.seasons.set_result(f.id or 0, ResultEntry(home_td=2, away_td=0))
        game = services.seasons.fixtures(name)[0]
        team = services.teams.get_team(game.home or "")
        star, team_id = team.players[0].id, team.id
        services.seasons.record_player_stats(game.id or 0, [PlayerStatLine(star, td=2, spp=6)])

    window.navigate("season", season.id)
    page = window.season_page
    page.tabs.setCurrentWidget(page.leader_scope.parentWidget())
    assert [(e.player_id, e.value) for e in page.leader_models["players"].records] == [(star, 2)]
    page.leader_scope.setCurrentIndex(page.leader_scope.findData("career"))
    assert [(e.player_id, e.value) for e in page.leader_models["players"].records] == [(star, 4)]
    assert page.race_chart.chart is None  # not built until its tab is shown
    page.tabs.setCurrentWidget(page.race_chart)
    chart = page.race_chart.chart
    assert chart is not None and len(chart.chart().series()) == len(TEAMS)
    assert "PySide6.QtCharts" in sys.modules

    window.navigate("team", team_id)
    team_page = window.team_page
    team_page.tabs.setCurrentWidget(team_page.charts)
    assert team_page.charts.chart is not None
    names = [s.name() for s in team_page.charts.chart.chart().series()]
    assert names == ["Team value", "Treasury", "Dedicated fans"]

    window.navigate("player", star)
    player_page = window.player_page
    rows = player_page.matches.records
    assert [(r.season, r.td, r.career_spp) for r in rows] == [("S1", 2, 6), ("S2", 2, 12)]
    player_page.tabs.setCurrentWidget(player_page.career_chart)
    career = player_page.career_chart.chart
    assert career is not None
    line = career.chart().series()[0]
    assert [(p.x(), p.y()) for p in line.points()][-1] == (len(rows), 12)
