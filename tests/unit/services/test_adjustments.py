"""Commissioner adjustments: ledger rows with a reason and who, read by every balance, undone by a row."""

import pytest

from league_manager.core.errors import NotFound, RuleViolation
from league_manager.services.demo import DEMO_LEAGUE, DEMO_TEAMS
from league_manager.services.facade import Services

TEAMS = [name for _race, name, _coach in DEMO_TEAMS]
TEAM = TEAMS[0]


def test_each_kind_reaches_its_balance_and_undo_reverses_it(demo: Services) -> None:
    demo.seasons.create_season(DEMO_LEAGUE, "S", seed=3, entries=[(t, None) for t in TEAMS[:4]])
    before = demo.teams.get_team(TEAM)
    player = before.players[0]
    points = demo.adjustments.adjust(TEAM, "points", 2, "Late roster fine refunded").value
    assert points.season == "S" and points.made_by
    gold = demo.adjustments.adjust(TEAM, "gold", 15_000, "Sponsor").value
    demo.adjustments.adjust(TEAM, "fans", 1, "Fan club")
    demo.adjustments.adjust(TEAM, "spp", 5, "Paper SPP", player=player.name)
    demo.adjustments.adjust(TEAM, "value", 20_000, "Valued by hand", player=str(player.id))
    after = demo.teams.get_team(TEAM)
    moved = next(p for p in after.players if p.id == player.id)
    assert after.treasury == before.treasury + 15_000
    assert after.dedicated_fans == before.dedicated_fans + 1
    assert (moved.spp, moved.value) == (player.spp + 5, player.value + 20_000)
    assert after.team_value == before.team_value + 20_000 + 10_000  # the player, and a Dedicated Fan
    table = {r.team: r.points for r in demo.seasons.standings("S").overall.rows}
    assert table[TEAM] == 2
    undo = demo.adjustments.undo(gold.id, "Sponsor withdrew").value
    assert (undo.amount, undo.undoes) == (-15_000, gold.id)
    assert demo.teams.get_team(TEAM).treasury == before.treasury
    listed = demo.adjustments.adjustments(TEAM)
    assert listed[0].id == undo.id and next(a for a in listed if a.id == gold.id).undone_by == undo.id
    history = [e.text for e in demo.history.team_history(TEAM)]
    assert any("+2 league points" in text for text in history)


@pytest.mark.parametrize(
    ("kind", "amount", "player", "message"),
    [
        ("gold", -10_000_000, None, "cannot remove"),
        ("gold", 12_000, None, "5,000"),
        ("fans", -20, None, "minimum is 1"),
        ("spp", -1, "0", "cannot remove"),
        ("spp", 3, None, "name one"),
        ("points", 0, None, "zero"),
        ("points", 1, None, "no season"),
        ("bribes", 1, None, "unknown adjustment"),
        ("gold", 5_000, "0", "leave the player out"),
    ],
)
def test_bad_adjustments_change_nothing(
    demo: Services, kind: str, amount: int, player: str | None, message: str
) -> None:
    team = demo.teams.get_team(TEAM)
    name = team.players[0].name if player == "0" else player
    with pytest.raises(RuleViolation, match=message):
        demo.adjustments.adjust(TEAM, kind, amount, "why", player=name)
    assert demo.adjustments.adjustments(TEAM) == []
    assert demo.teams.get_team(TEAM) == team


def test_undo_is_once_and_needs_a_reason(demo: Services) -> None:
    row = demo.adjustments.adjust(TEAM, "gold", 5_000, "Prize").value
    with pytest.raises(RuleViolation, match="reason"):
        demo.adjustments.undo(row.id, "  ")
    undo = demo.adjustments.undo(row.id, "Wrong team").value
    with pytest.raises(RuleViolation, match="already undone"):
        demo.adjustments.undo(row.id, "again")
    with pytest.raises(RuleViolation, match="itself an undo"):
        demo.adjustments.undo(undo.id, "again")
    with pytest.raises(NotFound):
        demo.adjustments.undo(999, "none")
