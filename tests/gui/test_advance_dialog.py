"""The advancement dialog on the player card: only legal choices, bought through run_op."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from league_manager.services.facade import Services
from league_manager.ui.advance_dialog import AdvanceDialog, ChoiceModel


def _rich_player(path: Path, spp: int) -> int:
    services = Services.open(path)
    try:
        team = services.teams.get_team("Middenheim Marauders")
        player = team.players[0]
        services.advancement.adjust_spp(player.id, spp, "test award")
        return player.id
    finally:
        services.close()


def test_choice_model_passes_modeltester(qtmodeltester: Any, demo_file: Path) -> None:
    player_id = _rich_player(demo_file, 12)
    services = Services.open(demo_file)
    try:
        record = services.advancement.record(player_id)
    finally:
        services.close()
    model = ChoiceModel()
    model.set_choices(list(record.choices))
    qtmodeltester.check(model, force_py=True)


def test_advancement_bought_through_the_dialog(
    qtbot: Any, make_window: Any, demo_file: Path, dialogs: Any
) -> None:
    player_id = _rich_player(demo_file, 7)  # a chosen primary (6 SPP), not a secondary
    window = make_window()
    window.open_database(str(demo_file), background=False)
    window.navigate("player", player_id)
    page = window.player_page
    before = page.card.player
    shown: list[str] = []

    def answer(dialog: AdvanceDialog) -> bool:
        kinds = [c.kind for c in dialog.model.choices]
        shown.extend(kinds)
        assert all(c.affordable for c in dialog.model.choices)
        dialog.select("chosen_primary")
        assert dialog.skill.count() > 0
        dialog.skill.setCurrentIndex(0)
        shown.append(dialog.skill.currentText())
        return True

    dialogs.on_run = answer
    page.advance()
    assert not dialogs.errors
    assert "chosen_primary" in shown and "chosen_secondary" not in shown
    after = page.card.player
    assert after.spp == before.spp - 6
    assert shown[-1] in {s.name for s in after.skills}
    assert page.extra["spp"].value.text().startswith(f"{after.spp} /")


def test_no_choice_when_the_spp_are_missing(
    qtbot: Any, make_window: Any, demo_file: Path, dialogs: Any
) -> None:
    window = make_window()
    window.open_database(str(demo_file), background=False)
    team = window.ctx.services.teams.get_team("Middenheim Marauders")
    window.navigate("player", team.players[0].id)

    def answer(dialog: AdvanceDialog) -> bool:
        assert dialog.model.rowCount() == 0
        assert dialog.empty.isVisibleTo(dialog)
        assert not dialog.ok.isEnabled()
        return False

    dialogs.on_run = answer
    window.player_page.advance()
    assert not dialogs.errors
