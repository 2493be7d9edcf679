"""A score typed on the season page shows as "score only — post-game not done" and can be finished."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from league_manager.services.demo import DEMO_LEAGUE, DEMO_TEAMS
from league_manager.services.facade import Services
from league_manager.services.season_read_models import SCORE_ONLY, ResultEntry
from league_manager.ui.main_window import MainWindow
from league_manager.ui.match_day.wizard import MatchDayWizard


@pytest.fixture(scope="module")
def _typed_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("score_only")
    svc = Services.open(folder / "build.db")
    svc.create_demo()
    svc.seasons.create_season(DEMO_LEAGUE, "S", seed=11)
    svc.seasons.add_teams("S", [name for _r, name, _c in DEMO_TEAMS][:4])
    svc.seasons.schedule("S", "round-robin")
    first = svc.seasons.fixtures("S")[0]
    svc.seasons.set_result(first.id or 0, ResultEntry(home_td=2, away_td=1))
    target = svc.backup(folder / "typed.db")
    svc.close()
    return Path(target)


@pytest.fixture
def typed_file(tmp_path: Path, _typed_template: Path) -> Path:
    path = tmp_path / "typed.db"
    path.write_bytes(_typed_template.read_bytes())
    return path


def test_score_only_is_marked_and_finished_through_the_match_day(
    qtbot: Any, make_window: Any, typed_file: Path, dialogs: Any
) -> None:
    window: MainWindow = make_window()
    window.open_database(str(typed_file), background=False)
    fixture = window.ctx.services.seasons.fixtures("S")[0]
    window.show_fixture(fixture.id)
    page = window.fixture_page
    assert SCORE_ONLY.capitalize() in page.tiles["Status"].value.text()
    assert "no winnings, SPP or fans" in page.record.toPlainText()
    assert page.tiles["Score"].value.text() == "2 – 1"
    assert "Run the match day for this result" in page.rosters["home"].toPlainText()
    assert page.finish_button.isVisibleTo(page) and not page.match_day.isVisibleTo(page)
    treasury_before = window.ctx.services.teams.get_team(fixture.home_id).treasury
    seen: list[MatchDayWizard] = []

    def drive(wizard: MatchDayWizard) -> None:
        seen.append(wizard)
        assert wizard.run_pregame()
        assert wizard.play_engine()  # on the worker thread
        qtbot.waitUntil(lambda: wizard.view.stage == "result_entered", timeout=60_000)
        assert wizard.run_postgame()

    dialogs.answers["confirm"] = [False]
    assert page.run_match_day_for_score() is None  # cancelled: the score stays
    assert window.ctx.services.seasons.get_fixture(fixture.id).score_only
    dialogs.on_run = lambda wizard: drive(wizard) or True
    page.run_match_day_for_score()
    assert seen and not dialogs.errors
    after = window.ctx.services.seasons.get_fixture(fixture.id)
    assert after.result is not None and not after.score_only
    assert window.ctx.services.teams.get_team(fixture.home_id).treasury != treasury_before
    assert not page.finish_button.isVisibleTo(page)
    assert "Post-game applied" in page.tiles["Stage"].value.text()


def test_season_fixture_list_shows_score_only(make_window: Any, typed_file: Path) -> None:
    window: MainWindow = make_window()
    window.open_database(str(typed_file), background=False)
    window.navigate("season", window.ctx.services.seasons.get_season("S").id)
    model = window.season_page.fixture_model
    column = [c.header for c in model.columns].index("Status")
    texts = [model.index(row, column).data() for row in range(model.rowCount())]
    assert SCORE_ONLY in texts and texts.count(SCORE_ONLY) == 1
