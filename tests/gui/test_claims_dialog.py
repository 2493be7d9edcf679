"""League → Match claims…: the commissioner awards a claimed remote match or orders its replay
from the app, through ``services.claims``; a stale decision is refused in the service's words."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QItemSelectionModel

from league_manager.services.demo import DEMO_LEAGUE, DEMO_TEAMS
from league_manager.services.facade import Services
from league_manager.services.remote import protocol as p
from league_manager.ui.claims_dialog import ClaimsDialog, action_state
from tests.unit.remote.test_claims import _room


@pytest.fixture
def season(demo: Services) -> Services:
    """The demo league with season "S" scheduled (a round robin of four teams)."""
    demo.seasons.create_season(DEMO_LEAGUE, "S", seed=11)
    demo.seasons.add_teams("S", [name for _race, name, _coach in DEMO_TEAMS][:4])
    demo.seasons.schedule("S", "round-robin")
    return demo


def _claim(season: Services, tmp_path: Path) -> int:
    room = _room(season, tmp_path, actions=40)
    room.away("away")
    reply = room.decide("home", "claim")
    assert isinstance(reply, p.Adjourned)
    return room.keys.fixture


def _select(dialog: ClaimsDialog, row: int) -> None:
    index = dialog.table.model().index(row, 0)
    flags = QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
    dialog.table.selectionModel().select(index, flags)


def test_the_commissioner_awards_a_claim_from_the_app(qtbot: Any, season: Services, tmp_path: Path) -> None:
    fixture = _claim(season, tmp_path)
    published: list[Any] = []
    answers = [False, True]
    dialog = ClaimsDialog(season.claims, DEMO_LEAGUE, lambda *_: answers.pop(0), published.append)
    qtbot.addWidget(dialog)
    assert dialog.table.rowCount() == 1
    cells = [dialog.table.item(0, c).text() for c in range(dialog.table.columnCount())]
    assert cells[1] == str(fixture) and "(home)" in cells[2] and cells[6].endswith("40 actions")
    assert cells[7] == "Open"
    assert not dialog.award_button.isEnabled()  # nothing selected yet
    _select(dialog, 0)
    assert dialog.award_button.isEnabled() and dialog.replay_button.isEnabled()
    dialog.note.setText("away coach never came back")
    assert not dialog.decide("award")  # the confirmation said no: nothing changes
    assert season.claims.claims(DEMO_LEAGUE) != [] and published == []
    assert dialog.decide("award")
    assert "awarded to" in dialog.outcome.text() and dialog.table.rowCount() == 0
    assert [fixture] == sorted(published[0].fixtures)
    view = season.match_day.get(fixture)
    assert view.stage == "result_entered" and view.result is not None
    [done] = season.claims.claims(DEMO_LEAGUE, every=True)
    assert (done.state, done.resolution) == ("awarded", "away coach never came back")
    dialog.every.setChecked(True)  # the resolved claim is listed, and cannot be decided again
    assert dialog.table.rowCount() == 1 and dialog.table.item(0, 7).text() == "Awarded"
    _select(dialog, 0)
    assert not dialog.award_button.isEnabled() and not dialog.replay_button.isEnabled()


def test_a_decision_on_a_claim_resolved_meanwhile_is_refused_in_the_services_words(
    qtbot: Any, season: Services, tmp_path: Path
) -> None:
    fixture = _claim(season, tmp_path)
    dialog = ClaimsDialog(season.claims, DEMO_LEAGUE, lambda *_: True, lambda _changes: None)
    qtbot.addWidget(dialog)
    _select(dialog, 0)
    [claim] = season.claims.claims(DEMO_LEAGUE)
    season.claims.resolve(claim.id, "replay")  # another commissioner decided first
    assert not dialog.decide("award")
    text = dialog.outcome.text()
    assert f"claim {claim.id} is already resolved (replay)" in text and "Nothing was changed" in text
    assert dialog.table.rowCount() == 0  # the list was read again
    assert season.match_day.get(fixture).stage == "pre_game"


@dataclass(frozen=True)
class _Place:
    login: str
    kind: str

    @property
    def runs_league(self) -> bool:
        return self.kind in ("owner", "commissioner")


def test_only_the_commissioner_of_a_shared_league_gets_the_claims() -> None:
    assert action_state(None)[0]  # a league file of one's own: the user runs it
    assert action_state(_Place("owc", "commissioner"))[0]
    enabled, why = action_state(_Place("bo", "coach"))
    assert not enabled and "you are bo (coach)" in why
