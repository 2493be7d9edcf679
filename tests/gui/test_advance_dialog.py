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
    model.set_rows(list(record.choices))
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


def test_season3_random_primary_asks_which_of_the_two_skills_to_keep(qtbot: Any, tmp_path: Path) -> None:
    from league_manager.rules.draft import suggest_draft
    from league_manager.rules.loader import load_ruleset

    records = {}
    services = Services.open(tmp_path / "editions.db")
    try:
        for league, ruleset_id in (("Third", "bb2025"), ("Second", "bb2020")):
            services.leagues.create_league(league, ruleset_id=ruleset_id)
            plan = suggest_draft(load_ruleset(ruleset_id), "human", rerolls=2)
            team = services.teams.draft_team(league, f"{league} Lads", "Bo", plan).value
            blitzer = next(p for p in team.players if "Blitzer" in p.position)
            services.advancement.adjust_spp(blitzer.id, 10, "test award")
            records[ruleset_id] = services.advancement.record(blitzer.id)
    finally:
        services.close()
    dialog = AdvanceDialog(records["bb2025"])
    qtbot.addWidget(dialog)
    dialog.select("random_primary")
    assert dialog.keep.isEnabled()
    dialog.keep.setText("Mighty Blow, Block , Sure Hands")
    args = dialog.arguments()
    assert args["kind"] == "random_primary" and args["keep"] == ["Mighty Blow", "Block", "Sure Hands"]
    dialog.select("chosen_primary")
    assert not dialog.keep.isEnabled() and "keep" not in dialog.arguments()
    old = AdvanceDialog(records["bb2020"])
    qtbot.addWidget(old)
    old.select("random_primary")
    assert not old.keep.isEnabled() and "keep" not in old.arguments()
