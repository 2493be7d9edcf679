"""``league upgrade`` re-checks every draft limit the new edition sets: Insignificant players."""

import pytest

from league_manager.core.errors import RuleViolation
from league_manager.rules.draft import DraftPlan
from league_manager.services.facade import Services
from league_manager.services.upgrade_limits import INSIGNIFICANT
from league_manager.services.upgrade_models import TeamChoices

SNOTLINGS = DraftPlan(
    race="snotling", positions={"Snotling Lineman": 8, "Fun-hoppa": 2, "Stilty Runna": 2}, rerolls=1
)


def test_too_many_insignificant_players_are_released_as_the_commissioner_chooses(services: Services) -> None:
    services.leagues.create_league("Old", ruleset_id="bb2020")
    team = services.teams.draft_team("Old", "Snots", "Ann", SNOTLINGS).value
    linemen = [p.name for p in team.players if p.position == "Snotling Lineman"]
    hoppa = next(p.name for p in team.players if p.position == "Fun-hoppa")
    plan = services.upgrades.preview("Old", "bb2025")
    over = next(o for t in plan.teams for o in t.over_limits if o.position == INSIGNIFICANT)
    assert (over.limit, over.must_leave, len(over.players)) == (4, 4, 8)
    assert any("release 4 of its 8 Insignificant players (limit 4)" in m for m in plan.missing_choices)
    with pytest.raises(RuleViolation, match="need not leave"):
        services.upgrades.apply("Old", "bb2025", {"Snots": TeamChoices(release=(hoppa, *linemen[:4]))})
    with pytest.raises(RuleViolation, match="release 4, not 3"):
        services.upgrades.apply("Old", "bb2025", {"Snots": TeamChoices(release=tuple(linemen[:3]))})
    assert services.teams.get_team("Snots").ruleset == "bb2020"
    services.upgrades.apply("Old", "bb2025", {"Snots": TeamChoices(release=tuple(linemen[:4]))})
    after = services.teams.get_team("Snots")
    assert after.ruleset == "bb2025"
    assert sorted(p.name for p in after.players if p.position == "Snotling Lineman") == sorted(linemen[4:])


def test_big_guys_over_the_new_limit_are_a_choice_too() -> None:
    from dataclasses import replace

    from league_manager.persistence.models import Player, Team
    from league_manager.rules.loader import load_ruleset
    from league_manager.services.upgrade_limits import BIG_GUYS, over_limits

    s3 = load_ruleset("bb2025")
    roster = replace(s3.team("snotling"), big_guy_limit=1)  # a limit lower than the team holds
    names = ["Wagon", "Troll", "Hoppa", "Runna"]
    positions = ["Pump Wagon", "Trained Troll", "Fun-hoppa", "Stilty Runna"]
    players = [
        Player(id=i, team_id=1, number=i, name=n, position=pos, cost=0)
        for i, (n, pos) in enumerate(zip(names, positions, strict=True), 1)
    ]
    new_of = {p.id or 0: roster.position(p.position) for p in players}
    team = Team(id=1, name="Snots", race="snotling", coach_id=1, league_id=1)
    missing: list[str] = []
    over = over_limits(team, players, new_of, roster, s3.draft, TeamChoices(), missing)
    assert [(o.position, o.must_leave, o.players) for o in over] == [(BIG_GUYS, 1, ("Wagon", "Troll"))]
    assert missing == ["Snots: release 1 of its 2 Big Guys (limit 1)"]
    chosen = TeamChoices(release=("Troll",))
    assert over_limits(team, players, new_of, roster, s3.draft, chosen, [])[0].leaving == ("Troll",)
