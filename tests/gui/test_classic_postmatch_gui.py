"""The classic (LRB 2004) post-match in the GUI: the fixture page's "Post-match…" and its record."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from league_manager.services.facade import Services
from league_manager.services.season_read_models import PlayerStatLine, ResultEntry
from tests.gui.classic_setup import building, classic_fixture, open_at


def test_the_fixture_page_runs_the_classic_post_match_and_shows_its_record(
    make_window: Any, tmp_path: Path, dialogs: Any
) -> None:
    fixture = 1  # _played's, gate 16,000
    window = open_at(make_window, _played(tmp_path), "fixture", fixture)
    scorer = window.ctx.services.teams.get_team("Greenskins").players[0]
    page = window.fixture_page
    assert page.classic and page.postmatch_button.isVisibleTo(page)
    assert not page.match_day.isVisibleTo(page)
    roster = page.rosters["home"].toPlainText()  # the side's players, with their profiles and SPP
    assert "Greenskins: team rating" in roster and f"#{scorer.number} {scorer.name}" in roster
    assert "MA 6 ST 3 AG 3 AV 9" in roster and "misses the match" not in roster

    def fill(dialog: Any) -> bool:
        home = dialog.sides["home"]
        row = home.row_of(scorer.id)
        assert home.table.item(row, 1).text() == scorer.name
        assert home.table.item(row, 0).text() == f"#{scorer.number}"
        home.spins[row]["td"].setValue(1)
        home.mvp.setCurrentIndex(home.mvp.findData(scorer.id))  # drawn on the table: no MVP die
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
    home_mvps = post["sides"]["home"]["mvps"]
    assert [m["name"] for m in home_mvps] == [scorer.name]
    line = next(p for p in post["sides"]["home"]["players"] if p["player_id"] == scorer.id)
    assert line["spp_earned"] == 3 + 5  # the touchdown and the MVP picked from the roster
    assert not any(d["label"] == "mvp" for d in post["dice"][:3])  # winnings, then the away MVP die


def test_a_mvp_the_team_does_not_draw_is_refused_and_the_dialog_stays_open(
    make_window: Any, tmp_path: Path, dialogs: Any
) -> None:
    window = open_at(make_window, _played(tmp_path, conceded=True), "fixture", 1)
    errors: list[str] = []
    dialogs.error = lambda title, text, detail="": errors.append(text)  # type: ignore[method-assign]

    def fill(dialog: Any) -> bool:
        away = dialog.sides["away"]  # the away team conceded: it draws no MVP
        away.mvp.setCurrentIndex(1)
        dialog.run()
        return dialog.view is not None

    dialogs.on_run = fill
    window.fixture_page.postmatch_button.click()
    assert errors and "draws 0 MVP(s)" in errors[0]
    assert window.ctx.services.match_day.classic_prematch(1).record.get("post_match") is None


def test_the_star_player_roll_picker_offers_what_the_roll_allows_and_records_the_pick(
    make_window: Any, tmp_path: Path, dialogs: Any
) -> None:
    path, star, _other = _star_rolled(tmp_path)
    window = open_at(make_window, path, "fixture", 1)
    page = window.fixture_page
    assert page.star_roll_button.isVisibleTo(page)

    def pick(dialog: Any) -> bool:
        assert dialog.player.currentData() == star.id
        assert "Experienced: 2D6 3 + 5 = 8, a skill" in dialog.roll.text()
        assert not dialog.trait_option.isEnabled() and not dialog.characteristic_option.isEnabled()
        skills = [dialog.skill.itemData(i) for i in range(dialog.skill.count())]
        assert "Block" not in skills and "Tackle" in skills  # a Blitzer has Block already
        dialog.skill.setCurrentIndex(skills.index("Tackle"))
        dialog.take()
        return dialog.gained == "Tackle"

    dialogs.on_run = pick
    page.star_roll_button.click()
    assert not page.star_roll_button.isVisibleTo(page)
    player = next(p for p in window.ctx.services.teams.get_team("Greenskins").players if p.id == star.id)
    assert "Tackle" in {s.name for s in player.skills}
    assert window.ctx.services.advancement.star_roll_choice(star.id) is None


def test_the_player_card_offers_the_open_star_player_roll_instead_of_advance(
    make_window: Any, tmp_path: Path, dialogs: Any
) -> None:
    path, star, other = _star_rolled(tmp_path)
    window = open_at(make_window, path, "player", other.id)
    page = window.player_page
    assert not page.advance_button.isVisibleTo(page)  # no roll waits: classic SPP buy nothing
    window.navigate("player", star.id)
    assert page.advance_button.isVisibleTo(page) and page.advance_button.text() == "Star Player roll…"

    def pick(dialog: Any) -> bool:
        dialog.skill.setCurrentIndex(dialog.skill.findData("Guard"))
        dialog.take()
        return True

    dialogs.on_run = pick
    page.advance_button.click()
    assert not page.advance_button.isVisibleTo(page)
    assert "Guard" in page.skills.text()


def _played(tmp_path: Path, *, conceded: bool = False) -> Path:
    """Fixture 1, Greenskins 1-0 Stunties (the Stunties conceding with ``conceded``), pre-match run."""
    path = tmp_path / "old.db"
    with building(path) as services:
        fixture = classic_fixture(services)
        services.match_day.classic_pregame(fixture, typed=[2] * 8)
        entry = ResultEntry(
            home_td=1, away_td=0, home_cas=0, away_cas=0, conceded_by="away" if conceded else None
        )
        services.seasons.set_result(fixture, entry)
    return path


def _star_rolled(tmp_path: Path) -> tuple[Path, Any, Any]:
    """:func:`_played` with the post-match: the first Greenskin scored twice and was MVP (6 + 5
    SPP: Experienced, one Star Player roll, 3 + 5 typed); that player and the second."""
    path = _played(tmp_path)
    with building(path) as services:
        star, other = services.teams.get_team("Greenskins").players[:2]
        figures = [PlayerStatLine(star.id, td=2)]
        services.match_day.classic_postgame(1, seed=1, typed=[3, 3, 3, 5], figures=figures, mvps=[star.id])
    return path, star, other


def test_players_who_missed_the_match_have_no_row_and_are_no_mvp_choice(qtbot: Any, tmp_path: Path) -> None:
    from league_manager.persistence import repositories as repo
    from league_manager.persistence.database import session_scope
    from league_manager.ui.context import UiContext
    from league_manager.ui.match_day.classic_postmatch_dialog import ClassicPostMatchDialog
    from tests.gui.conftest import FakeDialogs

    services = Services.open(tmp_path / "old.db")
    fixture = classic_fixture(services)
    hurt = services.teams.get_team("Greenskins").players[2]
    with session_scope(services.engine) as session:  # an earlier injury: he misses this match
        repo.add_status(
            repo.get_player(hurt.id, session=session), "mng", "Serious injury", "match", session=session
        )
    services.match_day.classic_pregame(fixture, typed=[2] * 8)
    services.seasons.set_result(fixture, ResultEntry(home_td=1, away_td=0, home_cas=0, away_cas=0))
    ctx = UiContext(FakeDialogs())
    ctx.services = services
    dialog = ClassicPostMatchDialog(ctx, fixture, "Greenskins", "Stunties")
    qtbot.addWidget(dialog)
    home = dialog.sides["home"]
    assert hurt.id not in [p.id for p in home.players] and home.missed == [hurt.name]
    assert home.mvp.findData(hurt.id) == -1 and home.table.rowCount() == 10
    services.close()
