"""A Season 3 roster PDF: the league's edition's rules, each position's keywords, still one page."""

from __future__ import annotations

from report_factories import pdf_text

from league_manager.reports import roster_pdf
from league_manager.rules.draft import DraftPlan
from league_manager.rules.loader import load_ruleset
from league_manager.services.facade import Services


def test_season3_roster_shows_keywords_and_fits_one_page(services: Services) -> None:
    s3 = load_ruleset("bb2025")
    services.leagues.create_league("Third", ruleset_id="bb2025")
    plan = DraftPlan(
        "human", {"Human Lineman": 10, "Human Blitzer": 2, "Human Catcher": 2, "Human Thrower": 2}
    )
    team = services.teams.draft_team("Third", "Lads", "Ann", plan).value
    assert team.ruleset == "bb2025"
    blitzer = next(p for p in team.players if p.position == "Human Blitzer")
    assert blitzer.keywords == ("Blitzer", "Human")
    pages = pdf_text(roster_pdf(team, s3))
    assert len(pages) == 2  # sixteen players still fit the roster page
    front = pages[0]
    assert "Blitzer · Human" in front and "Human · Lineman" in front
    assert "Blood Bowl Season 3" in front


def test_bb2020_roster_has_no_keyword_line(services: Services) -> None:
    services.leagues.create_league("Old")
    plan = DraftPlan("human", {"Human Lineman": 9, "Human Blitzer": 2})
    team = services.teams.draft_team("Old", "Oldies", "Bo", plan).value
    assert all(p.keywords == () for p in team.players)
    front = pdf_text(roster_pdf(team, load_ruleset("bb2020")))[0]
    assert "Human · Lineman" not in front
