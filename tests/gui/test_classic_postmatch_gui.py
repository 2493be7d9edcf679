"""The classic (LRB 2004) post-match in the GUI: the fixture page's "Post-match…" and its record."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from league_manager.rules.draft import DraftPlan
from league_manager.services.facade import Services
from league_manager.services.season_read_models import ResultEntry


def test_the_fixture_page_runs_the_classic_post_match_and_shows_its_record(
    make_window: Any, tmp_path: Path, dialogs: Any
) -> None:
    path = tmp_path / "old.db"
    services = Services.open(path)
    services.leagues.create_league("Old World", "lrb2004")
    orcs = DraftPlan("orc", {"Lineman": 6, "Blitzer": 4, "Troll": 1}, rerolls=2, dedicated_fans=5)
    services.teams.draft_team("Old World", "Greenskins", "Ann", orcs)
    services.teams.draft_team(
        "Old World", "Stunties", "Cy", DraftPlan("goblin", {"Goblin": 11}, dedicated_fans=3)
    )
    services.seasons.create_season("Old World", "Open")
    fixture = services.seasons.add_fixture("Open", "Greenskins", "Stunties").value.id or 0
    services.match_day.classic_pregame(fixture, typed=[2] * 8)  # gate 16,000
    services.seasons.set_result(fixture, ResultEntry(home_td=1, away_td=0, home_cas=0, away_cas=0))
    scorer = services.teams.get_team("Greenskins").players[0].id
    services.close()
    window = make_window()
    window.open_database(str(path), background=False)
    window.navigate("fixture", fixture)
    page = window.fixture_page
    assert page.classic and page.postmatch_button.isVisibleTo(page)
    assert not page.match_day.isVisibleTo(page)

    def fill(dialog: Any) -> bool:
        dialog.figures.setText(f"{scorer}:td=1")
        dialog.typed.setText("4,2")  # winnings: 4 + 0 + 1 won = 5, 2 + 0 = 2; the rest rolled
        dialog.run()
        return dialog.view is not None

    dialogs.on_run = fill
    page.postmatch_button.click()
    record = page.record.toPlainText()
    assert "Post-match" in record and "winnings 50,000 gp" in record and "winnings 20,000 gp" in record
    assert not page.postmatch_button.isVisibleTo(page)
    post = window.ctx.services.match_day.classic_prematch(fixture).record["post_match"]
    assert post["sides"]["home"]["winnings"]["paid"] == 50_000
