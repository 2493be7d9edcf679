"""The two readings of ``data/lrb2004`` agree on everything they both expose: the classic model
(``load_classic``, with the star list of ``load_stars``) and the league view of the same data
(``load_ruleset("lrb2004")``, built from the classic model), team by team and position by
position, Big Guy allies included (the Goblin's Trolls, two of them)."""

from __future__ import annotations

import pytest

from league_manager.rules.classic import BigGuy, ClassicPosition, ClassicRuleset, load_classic
from league_manager.rules.classic_league import RACIAL, SECRET_WEAPON, TRAIT_SUFFIX
from league_manager.rules.classic_stars import ANY_TEAM, load_stars
from league_manager.rules.loader import load_ruleset
from league_manager.rules.model import Position, Ruleset


@pytest.fixture(scope="module")
def views() -> tuple[ClassicRuleset, Ruleset]:
    return load_classic("lrb2004"), load_ruleset("lrb2004")


def _same_profile(classic: ClassicPosition | BigGuy, league: Position) -> None:
    p, s = classic.profile, league.stats
    assert (s.ma, s.st, s.ag, s.pa, s.av) == (p.ma, p.st, p.ag, None, p.av), league.name
    assert league.cost == classic.cost, league.name
    assert (league.primary, league.secondary) == (frozenset(classic.normal), frozenset(classic.double))


def test_the_edition_and_every_team_line(views: tuple[ClassicRuleset, Ruleset]) -> None:
    classic, league = views
    assert (league.id, league.version, league.name, league.classic) == (
        classic.id,
        classic.version,
        classic.name,
        True,
    )
    assert list(league.teams) == list(classic.teams)
    for team_id, team in classic.teams.items():
        roster = league.teams[team_id]
        assert (roster.name, roster.reroll_cost, roster.apothecary) == (
            team.name,
            team.reroll_cost,
            team.apothecary,
        )
        assert (
            roster.reroll_cost * league.draft.reroll_multiplier_after_draft == team.reroll_cost_after_creation
        )
        assert (roster.special_rules, roster.big_guy_limit) == (team.special_rules, team.big_guy_limit)
        own, allies = roster.positions[: len(team.positions)], roster.positions[len(team.positions) :]
        assert [p.name for p in own] == [p.name for p in team.positions]
        for position, line in zip(own, team.positions, strict=True):
            _same_profile(line, position)
            assert (position.max_quantity, position.big_guy) == (line.max_quantity, False)
            assert tuple(s.name for s in position.skills) == line.skills
        assert [p.name for p in allies] == list(team.big_guys)
        for position, big in zip(allies, classic.allies(team_id), strict=True):
            _same_profile(big, position)
            assert (position.max_quantity, position.big_guy) == (team.big_guy_limit, True)
            assert tuple(s.name for s in position.skills) == (*big.skills, *big.racial)


def test_the_goblin_troll_reads_the_same_in_both(views: tuple[ClassicRuleset, Ruleset]) -> None:
    classic, league = views
    troll = league.teams["goblin"].position("Troll")
    big = classic.big_guys["Troll"]
    assert (troll.cost, troll.max_quantity, classic.teams["goblin"].big_guy_limit) == (big.cost, 2, 2)
    assert {s.name for s in troll.skills} == {"Mighty Blow", *big.racial} and "Goblin" in big.allied_teams


def test_creation_and_the_draft_rules(views: tuple[ClassicRuleset, Ruleset]) -> None:
    c, d = views[0].creation, views[1].draft
    assert (d.budget, d.min_players, d.max_players) == (c.budget, c.min_players, c.max_players)
    assert (d.fans_cost, d.fans_min_at_draft, d.fans_max_at_draft) == (
        c.fan_factor_cost,
        c.fan_factor_min,
        c.fan_factor_max,
    )
    assert (d.assistant_coach.cost, d.cheerleader.cost) == (c.assistant_coach_cost, c.cheerleader_cost)
    assert (d.apothecary.cost, d.apothecary.max) == (c.apothecary_cost, c.apothecary_max)


def test_every_skill_trait_and_racial_characteristic(views: tuple[ClassicRuleset, Ruleset]) -> None:
    classic, league = views
    expected = {name: code for code, names in classic.skill_categories.items() for name in names}
    expected |= {
        name: code + TRAIT_SUFFIX for code, names in classic.trait_categories.items() for name in names
    }
    expected |= dict.fromkeys(classic.racial_characteristics, RACIAL)
    expected |= dict.fromkeys(classic.secret_weapons, SECRET_WEAPON)
    assert {name: skill.category for name, skill in league.skills.items()} == expected
    for code, names in classic.skill_categories.items():
        assert league.skill_categories[code] == (*names, *classic.trait_categories[code])


def test_the_star_list_names_only_known_teams_and_skills(views: tuple[ClassicRuleset, Ruleset]) -> None:
    classic, league = views
    stars = load_stars("lrb2004")
    teams = {t.name for t in classic.teams.values()}
    assert (league.star_players, league.max_stars_per_team) == ({}, 0)  # hired only as freebooters
    for star in stars.stars.values():
        assert set(star.plays_for) <= teams | {ANY_TEAM}, star.name
        assert set(star.not_doubled_for) <= set(stars.double_cost_for), star.name
        assert [s for s in star.skills if s not in league.skills] == [], star.name
    named = {
        *stars.double_cost_for,
        *stars.also_plays_for,
        *stars.also_plays_for.values(),
        *stars.only_own_stars,
    }
    assert named <= teams
