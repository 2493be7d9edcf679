"""A classic (LRB 2004) team in the GUI: the team page and draft editor show rating and fan factor, no PA."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from league_manager.rules.draft import DraftPlan
from tests.gui.classic_setup import ORCS, building, classic_fixture, open_at


def _classic_file(tmp_path: Path) -> Path:
    path = tmp_path / "old.db"
    with building(path) as services:
        services.leagues.create_league("Old World", "lrb2004")
        services.teams.draft_team("Old World", "Greenskins", "Ann", ORCS)
    return path


def test_the_team_page_and_draft_editor_show_the_classic_fields(make_window: Any, tmp_path: Path) -> None:
    window = open_at(make_window, _classic_file(tmp_path))
    team = window.ctx.services.teams.get_team("Greenskins")
    window.navigate("league", team.league_id)
    assert "open league: the coaches arrange games" in window.league_page.header.subtitle.text()
    window.navigate("team", team.id)
    page = window.team_page
    assert page.tiles["ctv"].caption.text() == "TEAM RATING" and page.tiles["ctv"].value.text() == "100"
    assert page.tiles["fans"].caption.text() == "FAN FACTOR" and page.tiles["fans"].value.text() == "5"
    headers = [c.header for c in page.roster_model.columns]
    assert page.roster.isColumnHidden(headers.index("PA"))
    troll = next(
        r for r in range(page.roster_model.rowCount()) if page.roster_model.records[r].position == "Troll"
    )
    shown = {h: page.roster_model.index(troll, i).data() for i, h in enumerate(headers)}
    assert (shown["MA"], shown["ST"], shown["AG"], shown["AV"]) == ("4", "5", "1", "9")

    window.navigate("draft", team.id)
    draft = window.draft_page
    assert draft.table.isColumnHidden(draft.model.PA_COLUMN)
    assert draft.fans_label.text() == "Fan factor" and draft.fans.minimum() == 1 and draft.fans.maximum() == 9
    assert draft.reroll_price.text() == "60k each (120k later)"
    assert "Team rating: " in draft.tv.text()
    row = next(r for r in range(draft.model.rowCount()) if draft.model.position(r).name == "Blitzer")
    assert draft.model.index(row, 4).data() == "3"  # AG, a plain number
    assert draft.model.index(row, 6).data() == "9"  # AV


def test_a_bb2020_team_page_keeps_ctv_and_pa(make_window: Any, league_file: Path) -> None:
    with building(league_file) as services:
        services.teams.draft_team("Test League", "Reavers", "Bo", DraftPlan("human", {"Lineman": 11}))
    window = open_at(make_window, league_file, "team", lambda s: s.teams.get_team("Reavers").id)
    page = window.team_page
    assert page.tiles["ctv"].caption.text() == "CURRENT TV"
    assert page.tiles["fans"].caption.text() == "DEDICATED FANS"
    headers = [c.header for c in page.roster_model.columns]
    assert not page.roster.isColumnHidden(headers.index("PA"))


def test_the_new_league_wizard_offers_the_classic_ruleset(
    make_window: Any, tmp_path: Path, dialogs: Any
) -> None:
    window = open_at(make_window, tmp_path / "new.db")

    def fill(wizard: Any) -> bool:
        wizard.name_page.name.setText("Old World Classic")
        combo = wizard.name_page.ruleset
        combo.setCurrentIndex(combo.findData("lrb2004"))
        assert [rule.key for rule in wizard.rules_page.rules] == ["budget"]
        return True

    dialogs.on_run = fill
    window.welcome_page.buttons["new-league"].click()
    league = window.ctx.services.leagues.get_league("Old World Classic")
    assert (league.ruleset, league.ruleset_version) == ("lrb2004", "LRB 3.0")
    window.navigate("new-team", league.id)
    assert window.draft_page.ruleset.classic and window.draft_page.fans_label.text() == "Fan factor"


def test_the_fixture_page_runs_the_classic_pre_match_and_shows_its_record(
    make_window: Any, tmp_path: Path, dialogs: Any
) -> None:
    path = tmp_path / "old.db"
    with building(path) as services:
        fixture = classic_fixture(services)
    window = open_at(make_window, path, "fixture", fixture)
    page = window.fixture_page
    assert page.classic and page.match_day.text() == "Pre-match…" and page.match_day.isVisibleTo(page)

    def fill(dialog: Any) -> bool:
        dialog.hires["away"].setText("Goblin, Fungus the Loon")
        dialog.typed.setText(",".join(["2"] * 8))
        dialog.run()
        return dialog.view is not None

    dialogs.on_run = fill
    page.match_day.click()
    record = page.record.toPlainText()
    assert "Gate: 16,000 fans" in record and "hired 1 x Fungus the Loon at 30,000 gp" in record
    assert not page.match_day.isVisibleTo(page)
    assert window.ctx.services.match_day.classic_prematch(fixture).record["gate"]["fans"] == 16_000


def test_retiring_a_classic_player_brings_a_free_assistant_coach_and_undo_takes_it_back(
    make_window: Any, tmp_path: Path, dialogs: Any
) -> None:
    path = _classic_file(tmp_path)
    with building(path) as services:
        services.teams.set_first_match_played("Greenskins")
    window = open_at(make_window, path)
    team = window.ctx.services.teams.get_team("Greenskins")
    window.navigate("team", team.id)
    page = window.team_page
    assert page.fire_button.text() == "Retire player…"
    player = page.roster_model.records[0]
    page.select_player(player.id)
    page.fire_button.click()
    assert dialogs.infos[-1][0] == "Player retired" and "free assistant coach" in dialogs.infos[-1][1]
    after = window.ctx.services.teams.get_team("Greenskins")
    assert after.assistant_coaches == team.assistant_coaches + 1
    assert player.id not in {p.id for p in after.players if p.status == "active"}
    assert window.act_undo.text() == f"Undo retirement of {player.name}"
    window.act_undo.trigger()
    back = window.ctx.services.teams.get_team("Greenskins")
    assert back.assistant_coaches == team.assistant_coaches
    assert player.id in {p.id for p in back.players if p.status == "active"}
