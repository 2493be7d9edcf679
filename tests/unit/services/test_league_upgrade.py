"""Moving a league to Season 3: preview, choices, one transaction, history that keeps its edition."""

from pathlib import Path

import pytest
from sqlmodel import select

from league_manager.core.errors import NotFound, RuleViolation
from league_manager.persistence.models import Advancement, Player, SppEntry
from league_manager.rules.draft import DraftPlan, suggest_draft
from league_manager.rules.loader import load_ruleset
from league_manager.services.facade import Services
from league_manager.services.season_read_models import ResultEntry
from league_manager.services.upgrade_models import TeamChoices, parse_choices

OLD = load_ruleset("bb2020")
S3 = load_ruleset("bb2025")
pytestmark = pytest.mark.sqlite_only  # a shared league's backup is pg_dump's, tested in persistence

BLITZERS = DraftPlan("human", {"Human Lineman": 7, "Human Blitzer": 4})


def _skill(services: Services, team: str, position: str, skill: str, spp: int = 6) -> str:
    """Give the first player of a position a gained skill (with its SPP earned and spent)."""
    with services.teams.transaction() as session:
        tid = services.teams.get_team(team).id
        query = select(Player).where(Player.team_id == tid, Player.position == position)
        player = session.exec(query).first()
        assert player is not None and player.id is not None
        session.add(SppEntry(player_id=player.id, amount=spp, reason="earned", source="match"))
        session.add(SppEntry(player_id=player.id, amount=-spp, reason=skill, source="advancement"))
        session.add(Advancement(player_id=player.id, kind="chosen_primary", skill=skill, spp_cost=spp,
                                value_increase=20000))  # fmt: skip
        return player.name


@pytest.fixture
def played(services: Services) -> Services:
    """A BB2020 league with one finished season: 4 Human Blitzers, a thrower with Running Pass."""
    services.leagues.create_league("Old World")
    services.teams.draft_team("Old World", "Reikland", "Ann", BLITZERS)
    orcs = DraftPlan("orc", {"Orc Lineman": 9, "Orc Blitzer": 2})
    services.teams.draft_team("Old World", "Greens", "Bo", orcs)
    services.seasons.create_season("Old World", "2025", entries=[("Reikland", None), ("Greens", None)])
    services.seasons.schedule("2025", "round-robin", seed=1)
    for fixture in services.seasons.fixtures("2025"):
        services.seasons.set_result(fixture.id, ResultEntry(home_td=2, away_td=1))
    return services


def _history(services: Services) -> tuple[object, ...]:
    season = services.seasons.get_season("2025")
    ledgers = tuple(tuple(services.teams.treasury_ledger(t)) for t in ("Reikland", "Greens"))
    return season.ruleset, season.ruleset_version, services.seasons.standings("2025"), ledgers


def test_preview_lists_changes_and_choices_and_changes_nothing(played: Services) -> None:
    runner = _skill(played, "Reikland", "Human Blitzer", "Running Pass")
    before = played.teams.get_team("Reikland")
    plan = played.upgrades.preview("Old World", "bb2025")
    humans = next(t for t in plan.teams if t.team == "Reikland")
    blitzers = next(p for p in humans.positions if p.new == "Human Blitzer")
    assert "limit 0-4 -> 0-2" in blitzers.changes and blitzers.players == 4
    assert humans.over_limits[0].must_leave == 2
    assert [(s.player, s.old, s.new) for s in humans.lost_skills] == [(runner, "Running Pass", None)]
    assert humans.team_value_before == before.team_value
    assert any("release 2 of its 4 Human Blitzer" in m for m in plan.missing_choices)
    assert any(f"{runner}'s Running Pass" in m for m in plan.missing_choices)
    after = played.teams.get_team("Reikland")
    assert (after.ruleset, after.team_value) == (before.ruleset, before.team_value)
    assert after.players == before.players
    with pytest.raises(RuleViolation, match="needs a choice for: Reikland: release 2 of its 4"):
        played.upgrades.apply("Old World", "bb2025")
    assert played.leagues.get_league("Old World").ruleset == "bb2020"


def test_apply_with_choices_moves_the_league_and_history_keeps_its_edition(played: Services) -> None:
    runner = _skill(played, "Reikland", "Human Blitzer", "Running Pass")
    brute = _skill(played, "Greens", "Orc Blitzer", "Mighty Blow (+1)")
    history = _history(played)
    blitzers = [p for p in played.teams.get_team("Reikland").players if p.position == "Human Blitzer"]
    leaving = [p.name for p in blitzers if p.name != runner][:2]
    choices = parse_choices(
        {"teams": {"Reikland": {"release": leaving, "skills": {runner: {"Running Pass": "drop"}}}}}
    )
    preview = played.upgrades.preview("Old World", "bb2025", choices)
    assert preview.missing_choices == ()
    outcome = played.upgrades.apply("Old World", "bb2025", choices)
    plan = outcome.value
    assert plan.applied and plan.backup and Path(plan.backup).is_file()
    assert played.leagues.get_league("Old World").ruleset == "bb2025"
    humans = played.teams.get_team("Reikland")
    assert humans.ruleset == "bb2025"
    assert [p.name for p in humans.players if p.position == "Human Blitzer"] == [
        p.name for p in blitzers if p.name not in leaving
    ]
    runner_view = next(p for p in humans.players if p.name == runner)
    assert runner_view.spp == 6 and not any(s.gained for s in runner_view.skills)
    assert humans.team_value == next(t for t in plan.teams if t.team == "Reikland").team_value_after
    assert humans.team_value == next(t for t in preview.teams if t.team == "Reikland").team_value_after
    orcs = played.teams.get_team("Greens")
    assert [s.name for p in orcs.players if p.name == brute for s in p.skills if s.gained] == ["Mighty Blow"]
    assert _history(played) == history


def test_bad_input_is_refused_and_changes_nothing(played: Services) -> None:
    runner = _skill(played, "Reikland", "Human Blitzer", "Running Pass")
    blitzers = [p.name for p in played.teams.get_team("Reikland").players if p.position == "Human Blitzer"]
    with pytest.raises(NotFound, match="unknown ruleset 'bb2030'"):
        played.upgrades.preview("Old World", "bb2030")
    with pytest.raises(RuleViolation, match="no active team called Nobody"):
        played.upgrades.apply("Old World", "bb2025", {"Nobody": TeamChoices()})
    with pytest.raises(RuleViolation, match="Reikland has no player called 'Ghost'"):
        played.upgrades.apply("Old World", "bb2025", {"Reikland": TeamChoices(release=("Ghost",))})
    with pytest.raises(RuleViolation, match="release 2, not 1"):
        played.upgrades.apply("Old World", "bb2025", {"Reikland": TeamChoices(release=(blitzers[0],))})
    bad_skill = TeamChoices(release=tuple(blitzers[:2]), skills={runner: {"Running Pass": "Flying"}})
    with pytest.raises(RuleViolation, match="'Flying' is not a Blood Bowl"):
        played.upgrades.apply("Old World", "bb2025", {"Reikland": bad_skill})
    with pytest.raises(RuleViolation, match="choices"):
        parse_choices({"teams": {"Reikland": {"release": "everyone"}}})
    assert played.leagues.get_league("Old World").ruleset == "bb2020"
    assert played.teams.get_team("Reikland").ruleset == "bb2020"
    folder = Path(str(played.engine.url.database)).parent / "backups"
    assert not any(folder.glob("*before-bb2025*")) if folder.exists() else True


def test_an_unfinished_season_refuses_the_move(services: Services) -> None:
    services.leagues.create_league("Busy")
    services.teams.draft_team("Busy", "Reds", "Ann", suggest_draft(OLD, "human"))
    services.teams.draft_team("Busy", "Blues", "Bo", suggest_draft(OLD, "orc"))
    services.seasons.create_season("Busy", "Now", entries=[("Reds", None), ("Blues", None)])
    services.seasons.schedule("Now", "round-robin", seed=1)
    with pytest.raises(RuleViolation, match=r"unfinished season \(Now\)"):
        services.upgrades.apply("Busy", "bb2025")
    with pytest.raises(RuleViolation, match="already plays bb2025"):
        services.leagues.create_league("New", ruleset_id="bb2025")
        services.upgrades.preview("New", "bb2025")


def test_a_lost_skill_can_become_an_accessible_season3_skill(played: Services) -> None:
    passer = _skill(played, "Reikland", "Human Lineman", "Running Pass")
    blitzers = [p.name for p in played.teams.get_team("Reikland").players if p.position == "Human Blitzer"]
    plan = played.upgrades.preview("Old World", "bb2025")
    lost = next(t for t in plan.teams if t.team == "Reikland").lost_skills[0]
    assert "Pass" not in lost.options and "Sure Hands" in lost.options  # no Passing access
    assert all(not S3.skills[o].is_trait for o in lost.options)
    wrong = TeamChoices(release=tuple(blitzers[:2]), skills={passer: {"Running Pass": "Pass"}})
    with pytest.raises(RuleViolation, match="cannot take Pass"):
        played.upgrades.apply("Old World", "bb2025", {"Reikland": wrong})
    chosen = TeamChoices(release=tuple(blitzers[:2]), skills={passer: {"Running Pass": "Sure Hands"}})
    played.upgrades.apply("Old World", "bb2025", {"Reikland": chosen})
    view = next(p for p in played.teams.get_team("Reikland").players if p.name == passer)
    assert [s.name for s in view.skills if s.gained] == ["Sure Hands"]
    assert view.spp == 0 and view.value_increases == 20000
