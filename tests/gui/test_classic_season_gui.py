"""A classic (LRB 2004) season in the GUI: arranged games instead of a schedule, the open play-offs
table and knock-out draw, written challenges; the league page's team rating and fan factor."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt

from league_manager.rules.draft import DraftPlan
from league_manager.services.season_read_models import ResultEntry
from league_manager.ui.classic_tournament_tab import ChallengeDialog
from tests.gui.classic_setup import building, open_at
from tests.unit.services.test_classic_views import play_one_out

TEAMS = {
    "Greenskins": DraftPlan("orc", {"Lineman": 6, "Blitzer": 4, "Troll": 1}, rerolls=2, dedicated_fans=5),
    "Stunties": DraftPlan("goblin", {"Goblin": 11}, dedicated_fans=3),
    "Reikland": DraftPlan("human", {"Lineman": 7, "Blitzer": 4}, rerolls=2, dedicated_fans=4),
    "Grudges": DraftPlan("dwarf", {"Long Beard": 9, "Blitzer": 2}, rerolls=2, dedicated_fans=4),
    "Lizards": DraftPlan("Lizardmen", {"Skink": 7, "Saurus": 4}, rerolls=2, dedicated_fans=4),
}


def _league(tmp_path: Path) -> Path:
    """Five classic teams; Greenskins 2-0 Stunties and Reikland 1-1 Grudges played in "Open"."""
    path = tmp_path / "old.db"
    with building(path) as services:
        services.leagues.create_league("Old World", "lrb2004")
        for coach, (name, plan) in enumerate(TEAMS.items()):
            services.teams.draft_team("Old World", name, f"Coach {coach}", plan)
        services.seasons.create_season("Old World", "Open")
        for home, away, score in (("Greenskins", "Stunties", (2, 0)), ("Reikland", "Grudges", (1, 1))):
            fixture = services.seasons.add_fixture("Open", home, away).value.id or 0
            services.seasons.set_result(fixture, ResultEntry(home_td=score[0], away_td=score[1]))
    return path


def _open_season(make_window: Any, path: Path) -> Any:
    return open_at(make_window, path, "season", lambda s: s.seasons.get_season("Open").id)


def test_an_open_league_arranges_games_instead_of_a_schedule(
    make_window: Any, tmp_path: Path, dialogs: Any
) -> None:
    window = _open_season(make_window, _league(tmp_path))
    page = window.season_page
    assert not page.schedule_button.isVisibleTo(page) and page.arrange_button.isVisibleTo(page)
    assert not page.playoffs_button.isVisibleTo(page)  # the BB2020 qualifiers: the Play-offs tab instead
    assert not page.simulate_button.isVisibleTo(page)  # no engine play for a classic fixture
    assert (
        "Living Rulebook 2004" in page.header.subtitle.text() and "open league" in page.header.subtitle.text()
    )
    assert not window.act_schedule.isEnabled()  # League → Schedule Season is not offered either

    def arrange(home: str, away: str) -> None:
        def fill(dialog: Any) -> bool:
            dialog.home.setCurrentText(home)
            dialog.away.setCurrentText(away)
            return True

        dialogs.on_run = fill
        page.arrange_button.click()

    arrange("Stunties", "Greenskins")
    assert ("Stunties", "Greenskins") in {(f.home, f.away) for f in page.fixture_model.records}
    window.ctx.services.seasons.set_result(
        page.fixture_model.records[-1].id, ResultEntry(home_td=0, away_td=1)
    )
    arrange("Greenskins", "Stunties")  # a third match in a row between them
    assert dialogs.errors and "in a row" in dialogs.errors[-1][1]
    assert sum(1 for f in page.fixture_model.records if {f.home, f.away} == {"Greenskins", "Stunties"}) == 2
    refused = window.ctx.services.seasons
    try:
        refused.schedule(page.season.id, "round-robin", preview=True)
    except Exception as error:  # the service refuses a schedule for an open league too
        assert "open league" in str(error)
    else:
        raise AssertionError("a classic season took a schedule")


def test_the_play_offs_tab_shows_the_table_and_draws_the_knock_out(
    make_window: Any, tmp_path: Path, dialogs: Any
) -> None:
    window = _open_season(make_window, _league(tmp_path))
    page = window.season_page
    tab = page.classic_tab
    assert page.tabs.isTabVisible(page.tabs.indexOf(tab))
    rows = {s.team: s for s in tab.table_model.records}
    assert rows["Greenskins"].points == 15 + 2 and rows["Stunties"].points == 5 - 2
    assert rows["Reikland"].points == 10 and rows["Reikland"].counted == ("Grudges",)
    headers = [tab.table_model.headerData(i, Qt.Orientation.Horizontal) for i in range(4)]
    assert headers == ["Team", "Points", "Results counted", "Rating"]
    services = window.ctx.services
    open_fixture = services.seasons.add_fixture("Open", "Lizards", "Greenskins").value.id or 0
    page.reload()
    tab.third_place.setChecked(True)
    tab.draw_button.click()  # refused: a play-off match is still to be played
    assert "still to be played" in dialogs.errors[-1][1]
    services.seasons.set_result(open_fixture, ResultEntry(home_td=1, away_td=1))
    page.reload()
    tab.draw_button.click()
    playoffs = [f for f in page.fixture_model.records if f.stage == "playoff"]
    assert len(playoffs) == 4  # two semi-finals, the final, the third-place match
    assert not tab.draw_button.isEnabled() and "has been drawn" in tab.drawn_label.text()
    assert not tab.challenge_button.isEnabled()  # the play-off weeks are over
    finalists = {t for f in playoffs[:2] for t in (f.home, f.away)}
    assert finalists == {s.team for s in tab.table_model.records[:4]}


def test_written_challenges_are_issued_and_answered_with_the_cli_refusals(
    make_window: Any, tmp_path: Path, dialogs: Any
) -> None:
    window = _open_season(make_window, _league(tmp_path))
    tab = window.season_page.classic_tab

    def challenge(a: str, b: str, week: int) -> None:
        def fill(dialog: Any) -> bool:
            dialog.challenger.setCurrentText(a)
            dialog.challenged.setCurrentText(b)
            dialog.week.setValue(week)
            return True

        dialogs.on_run = fill
        tab.challenge_button.click()

    challenge("Greenskins", "Stunties", 1)  # they have played
    assert "already" in dialogs.errors[-1][1].lower() or "played" in dialogs.errors[-1][1]
    assert ChallengeDialog(["A", "B"]).week.maximum() == 3  # play-off weeks 1-3 only
    challenge("Greenskins", "Lizards", 1)
    challenge("Greenskins", "Grudges", 1)
    assert "one a week" in dialogs.errors[-1][1]
    challenge("Reikland", "Stunties", 1)
    challenge("Grudges", "Lizards", 2)
    weeks = [(c.challenger, c.challenged, c.week) for c in tab.challenge_model.records]
    assert weeks == [("Greenskins", "Lizards", 1), ("Reikland", "Stunties", 1), ("Grudges", "Lizards", 2)]
    assert not tab.accept_button.isEnabled()

    def select(row: int) -> None:
        tab.challenges.selectRow(row)
        tab.challenges.setCurrentIndex(tab.challenges.model().index(row, 0))

    select(0)
    assert tab.accept_button.isEnabled() and not tab.decline_button.isEnabled()
    tab.refuse_button.click()  # Lizards refuse: a 2-0 win for Greenskins
    refused = tab.challenge_model.records[0]
    assert refused.answer == "refused"
    fixture = window.ctx.services.seasons.get_fixture(refused.fixture_id)
    assert (fixture.result.home_td, fixture.result.away_td) == (2, 0)
    select(0)
    tab.accept_button.click()  # answered already: the service's message
    assert not tab.accept_button.isEnabled()
    select(1)
    dialogs.script("item", "Lizards")
    tab.substitute_button.click()
    assert tab.challenge_model.records[1].substitute == "Lizards"
    select(1)
    assert tab.decline_button.isEnabled()
    tab.decline_button.click()
    declined = tab.challenge_model.records[1]
    assert declined.answer == "declined"
    result = window.ctx.services.seasons.get_fixture(declined.fixture_id).result
    assert (result.home_td, result.away_td) == (0, 2)
    select(2)
    tab.accept_button.click()
    assert tab.challenge_model.records[2].answer == "accepted"


def test_the_league_page_shows_team_rating_and_fan_factor_for_a_classic_league(
    make_window: Any, tmp_path: Path
) -> None:
    window = open_at(make_window, _league(tmp_path), "league", lambda s: s.leagues.get_league("Old World").id)
    services = window.ctx.services
    page = window.league_page
    headers = [page.model.headerData(i, Qt.Orientation.Horizontal) for i in range(page.model.columnCount())]
    assert "Rating" in headers and "Fan factor" in headers and "TV" not in headers and "CTV" not in headers
    row = next(r for r, t in enumerate(page.model.records) if t.name == "Greenskins")
    team = services.teams.get_team("Greenskins")
    assert page.model.index(row, headers.index("Rating")).data() == str(team.rating)
    assert page.model.index(row, headers.index("Fan factor")).data() == str(team.dedicated_fans)
    assert page.tiles["top"].caption.text() == "HIGHEST RATING"


def test_a_classic_team_page_issues_a_challenge_in_the_open_season(
    make_window: Any, tmp_path: Path, dialogs: Any
) -> None:
    window = open_at(make_window, _league(tmp_path), "team", lambda s: s.teams.get_team("Lizards").id)
    services = window.ctx.services
    page = window.team_page
    assert page.challenge_button.isVisibleTo(page)

    def fill(dialog: Any) -> bool:
        assert dialog.challenger.currentText() == "Lizards" and "Open" in dialog.windowTitle()
        dialog.challenged.setCurrentText("Stunties")
        dialog.week.setValue(2)
        return True

    dialogs.on_run = fill
    page.challenge_button.click()
    listed = services.classic_challenges.of_season("Open")
    assert [(c.challenger, c.challenged, c.week, c.answer) for c in listed] == [
        ("Lizards", "Stunties", 2, "")
    ]


def test_a_finished_season_offers_no_schedule(make_window: Any, tmp_path: Path) -> None:
    path = tmp_path / "bb.db"
    with building(path) as services:
        play_one_out(services)
    window = open_at(make_window, path, "season", lambda s: s.seasons.get_season("One").id)
    season = window.ctx.services.seasons.get_season("One")
    page = window.season_page
    assert page.schedule_button.isVisibleTo(page) and window.act_schedule.isEnabled()  # knock-out still
    assert not page.arrange_button.isVisibleTo(page)
    assert not page.tabs.isTabVisible(page.tabs.indexOf(page.classic_tab))
    window.ctx.services.season_end.close_season("One")
    window.navigate("league", season.league_id)
    window.navigate("season", season.id)
    assert not page.schedule_button.isVisibleTo(page) and not window.act_schedule.isEnabled()
