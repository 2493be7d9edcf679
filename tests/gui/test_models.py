"""Every Qt item model passes qtmodeltester, over real read models."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from PySide6.QtCore import Qt

from league_manager.rules.draft import suggest_draft
from league_manager.rules.loader import load_ruleset
from league_manager.rules.model import Ruleset
from league_manager.services.facade import Services
from league_manager.services.ui_models import AdvancementRow, SppRow, StatusRow
from league_manager.ui.models import (
    SORT_ROLE,
    AdvancementModel,
    DraftModel,
    HistoryModel,
    LedgerModel,
    NavigatorModel,
    RosterModel,
    SppModel,
    StatusModel,
    TeamTableModel,
    skills_tooltip,
)

NOW = datetime(2026, 11, 21, 20, 0, tzinfo=UTC)


def _demo(services: Services) -> int:
    league = services.create_demo().value
    return services.teams.list_teams(league.id)[0].id


def test_team_table_model(qtmodeltester: Any, services: Services) -> None:
    _demo(services)
    model = TeamTableModel(services.teams.list_teams())
    qtmodeltester.check(model)
    assert model.rowCount() == 8
    assert model.headerData(3, Qt.Orientation.Horizontal) == "TV"
    assert isinstance(model.index(0, 3).data(SORT_ROLE), int)


def test_roster_model_has_skill_tooltips(qtmodeltester: Any, services: Services) -> None:
    team = services.teams.get_team(_demo(services))
    model = RosterModel(team.players)
    qtmodeltester.check(model)
    skills = [c.header for c in model.columns].index("Skills and traits")
    row = next(i for i, p in enumerate(team.players) if p.skills)
    tip = model.index(row, skills).data(Qt.ItemDataRole.ToolTipRole)
    first = team.players[row].skills[0]
    assert first.name in tip and first.description[:20] in tip
    assert skills_tooltip(team.players[row]).startswith("<qt>")


def test_ledger_and_history_models(qtmodeltester: Any, services: Services) -> None:
    team_id = _demo(services)
    ledger = LedgerModel(services.teams.treasury_ledger(team_id))
    qtmodeltester.check(ledger)
    assert ledger.rowCount() >= 3
    history = HistoryModel(services.history.team_history(team_id))
    qtmodeltester.check(history)
    assert history.rowCount() > ledger.rowCount()  # players joining are history too


def test_player_card_models(qtmodeltester: Any) -> None:
    advancements = AdvancementModel([AdvancementRow(NOW, "chosen primary", "Block", 6, 20000)])
    status = StatusModel([StatusRow(NOW, "characteristic", "Smashed knee", "MA", -1, "match")])
    spp = SppModel(
        [SppRow(NOW, 3, "Touchdown", "match", 3), SppRow(NOW, -3, "Advancement", "advancement", 0)]
    )
    for model in (advancements, status, spp, AdvancementModel()):
        qtmodeltester.check(model)
    assert status.index(0, 1).data() == "Characteristic change (-1 MA)"


def test_draft_model(qtmodeltester: Any, ruleset: Ruleset) -> None:
    roster = ruleset.team("human")
    plan = suggest_draft(ruleset, "human")
    model = DraftModel()
    qtmodeltester.check(model)
    model.set_roster(roster, dict(plan.positions))
    qtmodeltester.check(model)
    blitzer = next(i for i, p in enumerate(roster.positions) if p.name == "Human Blitzer")
    before = model.count(blitzer)
    assert model.change(blitzer, +1) == (before < 4)
    while model.change(blitzer, +1):
        pass
    assert model.count(blitzer) == 4  # never past the position's maximum
    while model.change(blitzer, -1):
        pass
    assert model.count(blitzer) == 0
    assert "Human Blitzer" not in model.counts()


def test_draft_model_shows_season3_keywords(qtmodeltester: Any) -> None:
    s3 = load_ruleset("bb2025")
    model = DraftModel()
    model.set_roster(s3.team("human"))
    qtmodeltester.check(model)
    blitzer = next(i for i, p in enumerate(s3.team("human").positions) if p.name == "Human Blitzer")
    assert model.headerData(8, Qt.Orientation.Horizontal) == "Keywords"
    assert model.data(model.index(blitzer, 8)) == "Blitzer, Human"
    assert model.data(model.index(blitzer, 9)) == "0-2"
    assert model.change(blitzer, +1) and model.change(blitzer, +1) and not model.change(blitzer, +1)


def test_navigator_model(qtmodeltester: Any, services: Services) -> None:
    _demo(services)
    services.leagues.create_league("Empty League")
    model = NavigatorModel()
    model.populate(services.leagues.list_leagues(), services.teams.list_teams())
    qtmodeltester.check(model)
    assert model.rowCount() == 2
    team = services.teams.list_teams()[0]
    assert model.find("team", team.id).data() == team.name
