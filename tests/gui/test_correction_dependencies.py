"""The correction dialog's way forward when the result's SPP were spent on an advancement."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from league_manager.services.demo import DEMO_LEAGUE, DEMO_TEAMS
from league_manager.services.facade import Services
from league_manager.ui.match_day.correction import CorrectionDialog
from league_manager.ui.match_day.grid import ResultGridModel


@pytest.fixture(scope="module")
def _template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("spent")
    svc = Services.open(folder / "build.db")
    svc.create_demo()
    svc.seasons.create_season(DEMO_LEAGUE, "S", seed=11)
    svc.seasons.add_teams("S", [name for _r, name, _c in DEMO_TEAMS][:2])
    svc.seasons.schedule("S", "round-robin")
    target = svc.backup(folder / "season.db")
    svc.close()
    return Path(target)


def _spent(make_window: Any, tmp_path: Path, template: Path) -> tuple[Any, Any, int]:
    """A 1-0 win whose scorer (MVP too: 7 SPP) bought Fend for 6 SPP."""
    path = tmp_path / "season.db"
    path.write_bytes(template.read_bytes())
    window = make_window()
    window.open_database(str(path), background=False)
    services = window.ctx.services
    fixture = services.seasons.fixtures("S")[0]
    view = services.match_day.pregame(fixture.id, seed=3).value
    grid = ResultGridModel()
    grid.set_snapshots(view.snapshots)
    grid.setData(grid.index(0, 3), "1")
    services.match_day.record(fixture.id, grid.document({"home": 1, "away": 0}))
    scorer = view.snapshots["home"]["players"][0]["id"]
    services.match_day.postgame(fixture.id, seed=2, mvp=[scorer])
    services.advancement.advance(int(scorer), "chosen_primary", skill="Fend")
    window.show_fixture(fixture.id)
    return window, fixture, int(scorer)


def _open(window: Any, dialogs: Any, drive: Any) -> None:
    def run(dialog: Any) -> bool:
        assert isinstance(dialog, CorrectionDialog)
        drive(dialog)
        return True

    dialogs.on_run = run
    window.fixture_page.open_correction()


def _no_touchdown(dialog: CorrectionDialog) -> None:
    dialog.scores["home"].setValue(0)
    assert dialog.model.setData(dialog.model.index(0, 3), "0")
    dialog.reason.setText("the touchdown was offside")


def test_refusal_offers_revert_and_reapply_after_confirmation(
    qtbot: Any, make_window: Any, tmp_path: Path, _template: Path, dialogs: Any
) -> None:
    window, _fixture, scorer = _spent(make_window, tmp_path, _template)

    def drive(dialog: CorrectionDialog) -> None:
        _no_touchdown(dialog)
        assert dialog.recompute_button.isHidden()
        assert not dialog.apply()
        assert not dialog.recompute_button.isHidden()
        assert "Fend (6 SPP" in dialog.outcome.toPlainText() and "way forward" in dialog.outcome.toPlainText()
        dialogs.script("confirm", False)  # the commissioner declines: nothing changes
        assert not dialog.apply_recomputing() and not dialog.corrected
        dialogs.script("confirm", True)
        assert dialog.apply_recomputing()
        assert dialog.corrected and dialog.recompute_button.isHidden()
        assert "Fend removed (it costs 6 SPP, 4 left" in dialog.outcome.toPlainText()

    _open(window, dialogs, drive)
    card = window.ctx.services.history.player_card(scorer)
    assert (card.player.spp, card.player.advancements) == (4, 0)
