"""Match sheets: both teams, values, petty cash, tally boxes, dice tables and the blank sheet."""

from __future__ import annotations

from report_factories import PRINTED, full_squad, make_team, pdf_text

from league_manager.reports import blank_match_sheet_pdf, match_sheet_pdf, petty_cash
from league_manager.rules.model import Ruleset


def test_petty_cash_goes_to_the_lower_ctv_side_only() -> None:
    rich = make_team("Rich", current_team_value=1_300_000)
    poor = make_team("Poor", current_team_value=1_050_000)

    assert petty_cash(poor, rich) == 250_000
    assert petty_cash(rich, poor) == 0
    assert petty_cash(rich, rich) == 0


def test_sheet_shows_both_teams_values_and_petty_cash(ruleset: Ruleset) -> None:
    home = make_team("Reikland Reavers", current_team_value=1_090_000, id=1)
    away = make_team("Гномы Ødegård", current_team_value=1_240_000, team_value=1_300_000, id=2)

    pages = pdf_text(match_sheet_pdf(home, away, ruleset, printed=PRINTED))

    assert len(pages) == 2
    front = pages[0]
    assert "MATCH SHEET · OLD WORLD CUP" in front
    assert "Reikland Reavers" in front and "Гномы Ødegård" in front
    assert "TV 1,150k CTV 1,090k Petty cash 150k" in front
    assert "TV 1,300k CTV 1,240k Petty cash none" in front
    assert "TD COMP DEF INT CAS MVP" in front
    assert front.count("Team totals") == 2
    assert "Grüt Ødegård" in front and "Ярослав Кузнецов" in front
    assert "10 of 11 available" in front  # the thrower misses the game
    assert "150k + favourite's treasury spend" in pages[1]


def test_sheet_prints_weather_and_kickoff_tables(ruleset: Ruleset) -> None:
    record = pdf_text(match_sheet_pdf(make_team(id=1), make_team(id=2), ruleset))[1]

    assert "Game record" in record
    for key in ("weather", "kickoff"):
        for row in ruleset.tables[key].rows:
            assert row.result in record
    assert "4–10 Perfect Conditions" in record


def test_two_full_squads_with_long_skill_lists_stay_on_two_pages(ruleset: Ruleset) -> None:
    home = make_team("Home Side", full_squad(), id=1)
    away = make_team("Away Side", full_squad(), id=2)

    pages = pdf_text(match_sheet_pdf(home, away, ruleset, printed=PRINTED))

    assert len(pages) == 2
    assert pages[0].count("th of Altdorf") == 32


def test_journeymen_are_called_for_short_teams(ruleset: Ruleset) -> None:
    short = make_team("Short", make_team().players[:9], id=1)

    front = pdf_text(match_sheet_pdf(short, make_team(id=2), ruleset))[0]

    assert "8 of 9 available" in front
    assert "3 journeymen" in front


def test_blank_sheet(ruleset: Ruleset) -> None:
    pages = pdf_text(blank_match_sheet_pdf(ruleset, printed=PRINTED))

    assert len(pages) == 2
    assert "HOME" in pages[0] and "AWAY" in pages[0]
    assert "TD COMP DEF INT CAS MVP" in pages[0]
    assert "Blizzard" in pages[1] and "Pitch Invasion" in pages[1]
    assert "Page 1 of 2" in pages[0]
