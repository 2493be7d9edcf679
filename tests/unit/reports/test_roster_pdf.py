"""Team roster PDFs: content, page sizes, one-page fit and embedded fonts."""

from __future__ import annotations

from dataclasses import replace

import pytest
from report_factories import (
    LINEMAN,
    PRINTED,
    full_squad,
    make_player,
    make_team,
    pdf_reader,
    pdf_text,
)

from league_manager import __version__
from league_manager.reports import PageOptions, roster_pdf
from league_manager.rules.model import Ruleset


def test_roster_text_has_team_players_stats_and_skills(ruleset: Ruleset) -> None:
    pages = pdf_text(roster_pdf(make_team(), ruleset, printed=PRINTED))

    assert len(pages) == 2
    front = pages[0]
    for expected in (
        "Reikland Reavers",
        "Human team",
        "Ærnhild Sørensen",
        "Old World Cup",
        "1,150k",  # TV
        "1,090k",  # CTV
        "65k",  # treasury
        "Hans Kessler",
        "Human Catcher",
        "8 2 3+ 5+ 8+",  # the catcher's profile
        "Catch, Dodge",
        "Bone Head, Loner (4+), Mighty Blow (+1), Thick Skull, Throw Team-mate",
        "22/4",  # SPP earned / available
        "125k",
        "Page 1 of 2",
        f"printed 21 Nov 2026 by League Manager {__version__}",
        "Blood Bowl 2020 (2025.05)",
    ):
        assert expected in front, expected


def test_improved_and_reduced_values_are_marked(ruleset: Ruleset) -> None:
    front = pdf_text(roster_pdf(make_team(), ruleset, printed=PRINTED))[0]

    assert "8▲ 3 3+ 4+ 9+" in front  # MA improved
    assert "6 3 3+ 3+▼ 9+" in front  # PA worse (a higher target)
    assert "MNG, -PA" in front


def test_unicode_names_survive(ruleset: Ruleset) -> None:
    front = pdf_text(roster_pdf(make_team(), ruleset, printed=PRINTED))[0]

    for name in ("Grüt Ødegård", "Ærnhild", "Ярослав Кузнецов", "Olaf Björnsson"):
        assert name in front


def test_fonts_are_embedded_truetype(ruleset: Ruleset) -> None:
    reader = pdf_reader(roster_pdf(make_team(), ruleset, printed=PRINTED))

    fonts = reader.pages[0]["/Resources"]["/Font"]
    assert fonts
    for ref in fonts.values():
        font = ref.get_object()
        descriptor = font["/FontDescriptor"].get_object()
        assert font["/Subtype"] == "/TrueType"
        assert "/FontFile2" in descriptor  # the glyphs travel with the file


def test_reference_page_explains_skills_and_lists_stars_and_inducements(
    ruleset: Ruleset,
) -> None:
    reference = pdf_text(roster_pdf(make_team(), ruleset, printed=PRINTED))[1]

    assert "Skills and traits on this roster" in reference
    assert ruleset.skill("Block").description in reference
    assert "Mighty Blow (+1) Strength skill · #1, #5" in reference
    assert "Star players for hire" in reference
    assert "Cindy Piewhistle" in reference
    assert "Inducements" in reference
    assert "Bribes" in reference
    human = ruleset.teams["human"]
    bribes = ruleset.inducements["Bribes"].cost_for(human)
    assert f"{bribes // 1000}k" in reference


def test_without_a_ruleset_the_read_model_texts_are_used() -> None:
    pages = pdf_text(roster_pdf(make_team(), None, printed=PRINTED))

    assert "What Block does." in pages[1]
    assert "Star players" not in " ".join(pages)


@pytest.mark.parametrize(
    ("paper", "landscape", "size"),
    [
        ("a4", False, (595, 842)),
        ("letter", False, (612, 792)),
        ("a4", True, (842, 595)),
        ("letter", True, (792, 612)),
    ],
)
def test_paper_and_orientation(ruleset: Ruleset, paper: str, landscape: bool, size: tuple[int, int]) -> None:
    options = PageOptions(paper, landscape)
    reader = pdf_reader(roster_pdf(make_team(), ruleset, options=options, printed=PRINTED))

    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == size


@pytest.mark.parametrize("options", [PageOptions(), PageOptions("letter"), PageOptions("a4", True)])
def test_sixteen_players_with_long_skill_lists_fit_one_page(ruleset: Ruleset, options: PageOptions) -> None:
    team = make_team(players=full_squad())

    pages = pdf_text(roster_pdf(team, ruleset, options=options, printed=PRINTED))

    front = pages[0]
    assert "TEAM ROSTER" in front
    for number in range(1, 17):
        assert f"the {number}th of Altdorf" in front
    assert front.count("Sidestep") == 16  # the last skill of each list is on the page
    assert "REFERENCE" in pages[1]
    assert "th of Altdorf" not in pages[1]


def test_unknown_paper_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown paper 'a3'"):
        PageOptions("a3")


def test_markup_characters_in_names_are_printed_as_written(ruleset: Ruleset) -> None:
    players = [make_player(1, "Snikkit <the> Sneaky & Co", "Human Lineman")]
    team = make_team("Orcs & Goblins <United>", players, coach="A&B")

    front = pdf_text(roster_pdf(team, ruleset, printed=PRINTED))[0]

    assert "Orcs & Goblins <United>" in front
    assert "Snikkit <the> Sneaky & Co" in front
    assert "coach A&B" in front


def test_statuses_journeymen_and_missing_pa_are_shown(ruleset: Ruleset) -> None:
    no_pass = replace(LINEMAN, pa=None)
    players = [
        make_player(1, "Gone Gus", status="dead"),
        make_player(2, "Resting Rolf", status="retired"),
        make_player(3, "Jobbing Jon", journeyman=True, skills=["Loner (4+)"]),
        make_player(4, "Nopass Nils", base=no_pass, niggling=2),
    ]
    front = pdf_text(roster_pdf(make_team(players=players), ruleset, printed=PRINTED))[0]

    assert "Gone Gus Human Lineman 6 3 3+ 4+ 9+ Dead" in front
    assert "Retired" in front
    assert "Human Lineman · Journeyman" in front
    assert "6 3 3+ - 9+" in front
    assert "NI x2" in front
    assert "4 players, 2 available" in front
