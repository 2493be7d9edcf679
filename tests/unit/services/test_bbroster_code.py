"""BBRoster roster codes: read into a team from paper, previewed, created only when asked;
broken codes refused with the reason and nothing changed."""

from __future__ import annotations

import pytest

from league_manager.core.errors import LeagueError
from league_manager.services.demo import DEMO_LEAGUE
from league_manager.services.facade import Services
from league_manager.services.interop.bbroster_code import bbroster_ids, looks_like_code, read_bbroster
from league_manager.services.interop.team_formats import TeamFileError, detect

# Human (team 9): five linemen (39), a thrower (40) with a niggling injury, a catcher (41)
# with Block (skill 13), a blitzer (42) with +ST and -AV, a Halfling Hopeful (35) wearing 12,
# an Ogre (5) missing the next game, a star player (210) and an inducement (i1.1).
CODE = (
    "t9t50m0f0r2d2y1i1.1s1p39p39p39p39p39s3p40n1p41e13a1p42c01000i00001p42p35x12p5m1p210"
    "IBold%20Humans:Ann:Bo:Cy:Di:Ed:Fay:Gil:Hal:Ivo:Jo:Kay:Lu"
)


def test_a_code_reads_as_a_team_from_paper() -> None:
    assert detect(CODE) == "bbroster" and looks_like_code(CODE) and not looks_like_code("team.json")
    team = read_bbroster(CODE)
    paper = team.paper
    assert (paper["name"], paper["race"], paper["treasury"]) == ("Bold Humans", "Human", 50_000)
    assert (paper["rerolls"], paper["dedicated_fans"], paper["apothecary"]) == (2, 2, True)
    assert paper["special_rule"] == bbroster_ids()["special_rules"][0]
    players = {p["name"]: p for p in paper["players"]}
    assert len(players) == 11 and "Lu" not in players  # the star player is left out
    assert players["Ed"]["spp"] == 3
    assert players["Fay"]["injuries"]["niggling"] == 1
    assert players["Hal"]["advancements"] == [{"kind": "characteristic", "characteristic": "ST"}]
    assert players["Hal"]["injuries"]["characteristics"] == {"AV": 1}
    assert players["Jo"]["number"] == 12 and players["Jo"]["position"] == "Halfling Hopeful Lineman"
    assert players["Kay"]["injuries"]["miss_next_game"] is True
    gil = next(i for i, p in enumerate(paper["players"]) if p["name"] == "Gil")
    assert team.gained_skills == {gil: ["Block"]}
    notes = " ".join(team.notes)
    assert "star player 210" in notes and "inducement 'i1.1'" in notes


def test_preview_creates_nothing_then_create_makes_the_team(demo: Services) -> None:
    before = len(demo.teams.list_teams())
    preview = demo.team_files.preview(DEMO_LEAGUE, CODE, "Dana")
    assert preview.problems == () and preview.team.paper["coach"] == "Dana"
    assert any("Block read as a chosen primary" in n for n in preview.team.notes)
    assert len(demo.teams.list_teams()) == before
    view = demo.team_files.create(DEMO_LEAGUE, CODE, "Dana")
    assert len(demo.teams.list_teams()) == before + 1
    players = {p.name: p for p in view.players}
    assert "Block" in [s.name for s in players["Gil"].skills]
    assert (players["Hal"].stats.st, view.treasury, view.rerolls) == (4, 50_000, 2)


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("t99t10p39", "unknown BBRoster team id"),
        ("t9t10f1p39", "sevens roster"),
        ("t9t10p39zz", "is not a player type id"),
        ("t9t10p59", "not on BBRoster's Human list"),
        ("t9t10", "no players"),
        ("t9t10p39e9999", "unknown skill id"),
        ("t9t10p39c-1", "cannot be negative"),
        ("t9t10p39c111111", "more than five"),
        ("t9t10s9p39", "unknown special rule"),
        ("t9t1#0p39", "stray characters"),
    ],
)
def test_broken_codes_are_refused_and_nothing_changes(demo: Services, code: str, message: str) -> None:
    with pytest.raises(TeamFileError, match=message):
        read_bbroster(code)
    before = len(demo.teams.list_teams())
    with pytest.raises(LeagueError, match=message):
        demo.team_files.preview(DEMO_LEAGUE, code)
    with pytest.raises(LeagueError, match=message):
        demo.team_files.create(DEMO_LEAGUE, code)
    assert len(demo.teams.list_teams()) == before


def test_a_code_the_rules_refuse_creates_nothing(demo: Services) -> None:
    code = "t9t10p40p40p40"  # three throwers; the Human list allows two
    preview = demo.team_files.preview(DEMO_LEAGUE, code)
    assert any("Human Thrower" in p for p in preview.problems)
    before = len(demo.teams.list_teams())
    with pytest.raises(LeagueError):
        demo.team_files.create(DEMO_LEAGUE, code)
    assert len(demo.teams.list_teams()) == before
