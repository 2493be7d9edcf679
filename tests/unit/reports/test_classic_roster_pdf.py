"""The roster PDF of a classic (LRB 2004) team: team rating, fan factor, MA ST AG AV without PA."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from report_factories import PRINTED, pdf_text

from league_manager.reports import match_sheet_pdf, roster_pdf
from league_manager.rules.draft import DraftPlan
from league_manager.rules.loader import load_ruleset
from league_manager.services.facade import Services


def test_a_classic_roster_prints_rating_fan_factor_and_no_pa(tmp_path: Path) -> None:
    services = Services.open(tmp_path / "old.db")
    services.leagues.create_league("Old World", "lrb2004")
    plan = DraftPlan("orc", {"Lineman": 6, "Blitzer": 4, "Troll": 1}, rerolls=2, apothecary=True,
                     cheerleaders=2, dedicated_fans=5)  # fmt: skip
    team = services.teams.draft_team("Old World", "Greenskins", "Ann", plan).value
    goblins = DraftPlan("goblin", {"Goblin": 11}, dedicated_fans=3)
    visitors = services.teams.draft_team("Old World", "Stunties", "Cy", goblins).value
    services.close()
    front, reference = pdf_text(roster_pdf(team, load_ruleset("lrb2004"), printed=PRINTED))
    for expected in (
        "TEAM VALUE TEAM RATING TREASURY RE-ROLLS FAN FACTOR",
        "960k 100 40k 2 60k · new 120k 5 Yes",  # re-rolls double after creation
        "MA ST AG AV Skills & traits",
        "6 3 3 9 Block",  # a Blitzer: plain AG and AV
        "4 5 1 9 Mighty Blow, Always Hungry",  # the Troll
        "LRB 3: AG and AV are plain numbers, no PA",
    ):
        assert expected in front, front
    assert "Block 0 80k" in front  # one SPP figure: classic SPP are never spent
    assert "AG PA" not in front and "CURRENT TV" not in front and "Dedicated" not in front
    assert "Always Hungry Racial characteristic" in reference and "Block General skill" in reference
    sheet, record = pdf_text(match_sheet_pdf(team, visitors, load_ruleset("lrb2004"), printed=PRINTED))
    assert "Rating 100 Fan factor 5 Treasury 40k" in sheet and "CTV" not in sheet
    assert "MA ST AG AV Skills & traits" in sheet and "AG PA" not in sheet
    for step in (
        "PRE-MATCH",
        "Gate (all D6 added, x 1,000 fans) 5 D6 (fan factor) 3 D6 (fan factor)",
        "Handicap rolls (rating gap)",
        "Niggles (D6 each, 1 = out)",
        "Fan factor roll and change",
    ):
        assert step in record, record
    assert "Petty cash" not in record and "Prayers" not in record


def test_a_classic_roster_prints_the_trophies_held_and_the_dungeonbowl_contract(tmp_path: Path) -> None:
    services = Services.open(tmp_path / "old.db")
    services.leagues.create_league("Old World", "lrb2004")
    team = services.teams.draft_team("Old World", "Stunties", "Cy", DraftPlan("goblin", {"Goblin": 11})).value
    services.close()
    held = replace(team, trophies=("Chaos Cup", "Dungeonbowl"), trophy_rerolls=2, dungeonbowl_contract=True)
    front, _ = pdf_text(roster_pdf(held, load_ruleset("lrb2004"), printed=PRINTED))
    assert "Trophies Chaos Cup, Dungeonbowl: 2 Trophy Re-roll(s), one a match each" in front, front
    assert "Dungeonbowl contract: a Wizard for 25k this season" in front
    plain, _ = pdf_text(roster_pdf(team, load_ruleset("lrb2004"), printed=PRINTED))
    assert "Trophies" not in plain and "Dungeonbowl" not in plain
