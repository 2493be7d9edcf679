"""The league roster book: contents, page count, bookmarks and links."""

from __future__ import annotations

from dataclasses import replace

from report_factories import PRINTED, full_squad, make_team, pdf_reader, pdf_text

from league_manager.reports import roster_book_pdf
from league_manager.rules.model import Ruleset
from league_manager.services.read_models import TeamView


def twelve_teams() -> list[TeamView]:
    teams = []
    for index in range(1, 13):
        players = full_squad() if index % 4 == 0 else None  # some full teams, long skill lists
        teams.append(make_team(f"Team Number {index:02d}", players, id=index))
    return teams


def test_twelve_team_book_has_contents_and_two_pages_per_team(ruleset: Ruleset) -> None:
    data = roster_book_pdf("Old World Cup", twelve_teams(), ruleset, printed=PRINTED)

    pages = pdf_text(data)
    assert len(pages) == 1 + 12 * 2
    contents = pages[0]
    assert "ROSTER BOOK" in contents
    assert "Old World Cup" in contents
    assert "12 teams" in contents
    for index in range(1, 13):
        first_page = 2 * index
        assert f"Team Number {index:02d}" in contents
        assert f"Team Number {index:02d}" in pages[first_page - 1]
        assert "TEAM ROSTER" in pages[first_page - 1]
        assert "REFERENCE" in pages[first_page]
        assert f"Page {first_page} of 25" in pages[first_page - 1]


def test_contents_lists_the_page_each_team_starts_on(ruleset: Ruleset) -> None:
    data = roster_book_pdf("Old World Cup", twelve_teams()[:3], ruleset, printed=PRINTED)

    contents = pdf_text(data)[0]
    # row: number, team, race, coach, players, TV, CTV, treasury, page
    assert "1 Team Number 01 Human Ærnhild Sørensen 11 1,150k 1,090k 65k 2" in contents
    assert "3 Team Number 03 Human Ærnhild Sørensen 11 1,150k 1,090k 65k 6" in contents


def test_bookmarks_name_every_team_and_its_pages(ruleset: Ruleset) -> None:
    teams = [make_team("Grüt's Gits", id=1), make_team("Кузнецы Тьмы", id=2)]
    reader = pdf_reader(roster_book_pdf("Лига", teams, ruleset, printed=PRINTED))

    outline = reader.outline
    titles = [item.title for item in outline if not isinstance(item, list)]
    assert titles == ["Contents", "Grüt's Gits", "Кузнецы Тьмы"]
    children = [item for item in outline if isinstance(item, list)]
    assert [[c.title for c in group] for group in children] == [["Roster", "Reference"]] * 2
    second_team = outline[3]  # [Contents, team 1, [its pages], team 2, [its pages]]
    assert reader.get_destination_page_number(second_team) == 3  # 0-based: page 4
    assert reader.page_mode == "/UseOutlines"


def test_contents_rows_link_to_the_teams(ruleset: Ruleset) -> None:
    teams = [make_team("Alpha", id=1), make_team("Beta", id=2)]
    reader = pdf_reader(roster_book_pdf("Cup", teams, ruleset, printed=PRINTED))

    annotations = [a.get_object() for a in reader.pages[0].get("/Annots", [])]
    links = [a for a in annotations if a.get("/Subtype") == "/Link"]
    assert len(links) == 2


def test_a_book_of_teams_without_players_still_builds(ruleset: Ruleset) -> None:
    team = replace(make_team(players=[]), value_parts={})
    pages = pdf_text(roster_book_pdf("Empty", [team], ruleset, printed=PRINTED))

    assert len(pages) == 3
    assert "No player has a skill or trait yet." in pages[2]
