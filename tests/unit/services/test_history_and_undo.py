"""HistoryService (team history, player card) and UndoService (exact inverses with ledger rows)."""

from __future__ import annotations

import pytest

from league_manager.core.errors import RuleViolation
from league_manager.services.facade import Services


def _team(services: Services) -> int:
    league = services.create_demo().value
    return next(t.id for t in services.teams.list_teams(league.id) if t.name == "Middenheim Marauders")


def _balance(services: Services, team_id: int) -> int:
    ledger = services.teams.treasury_ledger(team_id)
    assert ledger[-1].balance == services.teams.get_team(team_id).treasury
    return ledger[-1].balance


def test_team_history_lists_every_ledger_newest_first(services: Services) -> None:
    team_id = _team(services)
    history = services.history.team_history(team_id)
    kinds = {e.kind for e in history}
    assert {"treasury", "fans", "player"} <= kinds
    assert [e.when for e in history] == sorted((e.when for e in history), reverse=True)
    assert any("joined the team" in e.text for e in history)


def test_player_card(services: Services) -> None:
    team = services.teams.get_team(_team(services))
    player = team.players[0]
    card = services.history.player_card(player.id)
    assert card.player == player and card.team == team.name and card.race == "Human"
    assert [s.kind for s in card.status_log] == ["hired"]
    assert card.advancements == () and card.spp_log == ()


def test_undo_hire_and_fire_restore_roster_and_treasury(services: Services) -> None:
    team_id = _team(services)
    start = services.teams.get_team(team_id)
    fired = start.players[0]
    services.roster.fire_player(fired.id)
    hired = services.roster.hire_player(team_id, "Lineman", "New Kid")
    new_id = next(iter(hired.changes.players))
    services.undo.undo_hire(new_id)
    services.undo.undo_fire(fired.id)
    end = services.teams.get_team(team_id)
    assert sorted(p.id for p in end.players) == sorted(p.id for p in start.players)
    assert _balance(services, team_id) == start.treasury
    reasons = [r.reason for r in services.teams.treasury_ledger(team_id)]
    assert reasons[-2:] == ["Undo: hired New Kid", f"Undo: sold back {fired.name}"]
    with pytest.raises(RuleViolation):
        services.undo.undo_fire(fired.id)  # already back


def test_undo_after_first_match_uses_what_was_paid(services: Services) -> None:
    team_id = _team(services)
    services.teams.set_first_match_played(team_id)
    start = services.teams.get_team(team_id)
    services.roster.hire_staff(team_id, "cheerleader")
    services.roster.fire_staff(team_id, "cheerleader")  # no refund once the team has played
    services.undo.undo_staff(team_id, "cheerleader", hired=False)
    services.undo.undo_staff(team_id, "cheerleader", hired=True)
    end = services.teams.get_team(team_id)
    assert end.cheerleaders == start.cheerleaders
    assert _balance(services, team_id) == start.treasury


def test_undo_reroll_purchase_and_sale(services: Services) -> None:
    team_id = _team(services)
    start = services.teams.get_team(team_id)
    services.roster.remove_reroll(team_id)
    services.undo.undo_sell_reroll(team_id)
    services.roster.remove_reroll(team_id)
    services.roster.buy_reroll(team_id)
    services.undo.undo_buy_reroll(team_id)
    services.undo.undo_sell_reroll(team_id)
    end = services.teams.get_team(team_id)
    assert end.rerolls == start.rerolls and end.treasury == start.treasury


def test_undo_fire_is_refused_when_the_shirt_number_was_reused(services: Services) -> None:
    team_id = _team(services)
    fired, other = services.teams.get_team(team_id).players[:2]
    services.roster.fire_player(fired.id)
    services.roster.set_number(other.id, fired.number)
    with pytest.raises(RuleViolation, match=rf"#{fired.number} is now worn by {other.name}; give one"):
        services.undo.undo_fire(fired.id)
    services.roster.set_number(other.id, 99)  # the number given back: the undo goes through
    services.undo.undo_fire(fired.id)
    assert fired.id in {p.id for p in services.teams.get_team(team_id).players}
