"""A shared league's result on the fixture page: its state, confirm, dispute, and the commissioner's pick.

The sentences and comparisons run without a server; the flow runs on the test run's
PostgreSQL (``LM_TEST_PG_URL``) and skips without it.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from league_manager.services.facade import Services
from league_manager.ui.match_day.shared_result import _same, state_text, version_html
from league_manager.ui.match_day.wizard import MatchDayWizard
from tests.share_setup import a_result, as_role

COACHES = {"bo": "Reavers", "ada": "Ironjaws"}


def _claim(**values: Any) -> SimpleNamespace:
    base = {"entered_by": "bo", "status": "pending", "confirmed_by": None, "disputed_by": None}
    return SimpleNamespace(**{**base, **values})


def test_the_state_names_who_entered_and_who_is_awaited() -> None:
    assert state_text(_claim(), COACHES, "Reavers", "Ironjaws") == (
        "Result entered by bo; it awaits ada's confirmation (or the commissioner's)."
    )
    assert "awaits the other coach's" in state_text(_claim(entered_by="com"), COACHES, "Reavers", "Ironjaws")
    confirmed = state_text(_claim(status="confirmed", confirmed_by="ada"), COACHES, "Reavers", "Ironjaws")
    assert confirmed == "Result entered by bo, confirmed by ada: it counts."
    disputed = state_text(_claim(status="disputed", disputed_by="ada"), COACHES, "Reavers", "Ironjaws")
    assert disputed.startswith(
        "Result entered by bo, disputed by ada: both versions wait for the commissioner"
    )


def test_a_version_is_compared_by_score_and_deeds_and_shown_in_words() -> None:
    entered = {"home": {"score": 1}, "away": {"score": 0}, "conceded": None,
               "players": [{"id": 7, "td": 1, "cas": 0}, {"id": 8}]}  # fmt: skip
    same = {"home": {"score": 1}, "away": {"score": 0}, "conceded": None,
            "players": [{"id": 7, "td": 1, "injury": None}, {"id": 8, "td": 0, "cas": 0}]}  # fmt: skip
    assert _same(same, entered)
    assert not _same({**same, "players": [{"id": 8, "td": 1}]}, entered)
    assert not _same({**same, "conceded": 1}, entered)
    view = SimpleNamespace(
        home="Reavers", away="Ironjaws", post=None,
        snapshots={"home": {"name": "Reavers", "players": [{"id": 7, "number": 3, "name": "Kel"}]}},
    )  # fmt: skip
    html = version_html("ada's version", entered, view)  # type: ignore[arg-type]
    assert "Reavers 1 – 0 Ironjaws" in html and "Reavers #3 Kel: TD 1" in html
    assert "No version kept" in version_html("x", None, view)  # type: ignore[arg-type]


def _window(make_window: Any, url: str, role: str, fixture: int) -> Any:
    window = make_window()
    window.open_database(as_role(url, role), background=False)
    window.show_fixture(fixture)
    return window


def test_the_other_coach_disputes_and_the_commissioner_picks_their_version(
    make_window: Any,
    dialogs: Any,
    shared_season: tuple[str, int],
) -> None:
    url, fixture = shared_season
    bo = Services.open(as_role(url, "lmt_bo"))
    view = bo.match_day.pregame(fixture, seed=3).value
    bo.match_day.record(fixture, a_result(view.snapshots))
    bo.close()
    entering = _window(make_window, url, "lmt_bo", fixture)
    bar = entering.fixture_page.shared_bar
    assert bar.isVisible() and "entered by lmt_bo; it awaits lmt_ada's confirmation" in bar.state.text()
    assert not (
        bar.confirm_button.isVisible() or bar.dispute_button.isVisible() or bar.settle_button.isVisible()
    )
    other = _window(make_window, url, "lmt_ada", fixture)
    bar = other.fixture_page.shared_bar
    assert (
        bar.confirm_button.isVisible()
        and bar.dispute_button.isVisible()
        and not bar.settle_button.isVisible()
    )

    def dispute(dialog: Any) -> bool:
        assert not dialog.send_button.isEnabled()  # the same as entered: nothing to dispute yet
        dialog.scores["home"].setValue(0)
        for row in range(dialog.model.rowCount()):
            index = dialog.model.index(row, 3)  # the TD column
            if dialog.model.data(index):
                dialog.model.setData(index, 0)
        return dialog.send()

    dialogs.on_run = dispute
    assert bar.dispute().disputed
    assert "disputed by lmt_ada" in bar.state.text() and "lmt_ada: 0 – 0" in bar.state.text()
    assert not bar.dispute_button.isVisible()
    commissioner = _window(make_window, url, "lmt_com", fixture)
    bar = commissioner.fixture_page.shared_bar
    assert bar.settle_button.isVisible() and not bar.confirm_button.isVisible()

    def settle(dialog: Any) -> bool:
        assert not dialog.settle_button.isEnabled()  # nothing picked yet
        assert "0 – 0" in dialog.versions["disputed"].toPlainText()
        dialog.pick_buttons["disputed"].setChecked(True)
        dialog.reason.setText("the match sheet shows no touchdown")
        return dialog.settle()

    dialogs.on_run = settle
    assert bar.settle().settled
    assert "confirmed by lmt_com: it counts" in bar.state.text()
    assert commissioner.fixture_page.tiles["Score"].value.text() == "0 – 0"


def test_the_other_coach_confirms_from_the_fixture_page(
    make_window: Any,
    shared_season: tuple[str, int],
) -> None:
    url, fixture = shared_season
    ada = Services.open(as_role(url, "lmt_ada"))
    view = ada.match_day.pregame(fixture, seed=3).value
    ada.match_day.record(fixture, a_result(view.snapshots))
    ada.close()
    entering = _window(make_window, url, "lmt_ada", fixture)
    waiting = MatchDayWizard(entering.ctx, fixture, entering)
    assert not waiting.post_run.isEnabled()
    assert waiting.post_wait.text().startswith(
        "The post-game waits: Result entered by lmt_ada; it awaits lmt_bo's"
    )
    window = _window(make_window, url, "lmt_bo", fixture)
    bar = window.fixture_page.shared_bar
    assert bar.confirm() is not None
    assert "confirmed by lmt_bo: it counts" in bar.state.text() and not bar.confirm_button.isVisible()
    ready = MatchDayWizard(window.ctx, fixture, window)
    assert ready.post_run.isEnabled() and ready.post_wait.isHidden()
