"""History in the PDFs: the standings race under the season table, career leader boards after
the season's, a team history page in the roster (reportlab.graphics, no Qt)."""

from __future__ import annotations

from dataclasses import replace

from report_factories import PRINTED, make_team, pdf_text
from reportlab.graphics.charts.lineplots import LinePlot
from test_season_pdf import RULESET, leaders_view, rounds_view, season_view, standings_view

from league_manager.reports import roster_pdf, season_report_pdf
from league_manager.reports.history_charts import race_drawing, team_drawing
from league_manager.services.history_models import RaceLine, StandingsRace, TeamPoint, TeamSeries

RACE = StandingsRace(7, "Autumn 2026", ("Round 1", "Round 2", "Round 3"), (
    RaceLine(1, "Reikland Reavers", (3, 4, 7)),
    RaceLine(2, "Athelorn Avengers", (0, 3, 3)),
))  # fmt: skip
SERIES = TeamSeries(1, "Reikland Reavers", (
    TeamPoint("Start", None, None, 50_000, 2),
    TeamPoint("Autumn 2026 · Round 1", 11, 1_000_000, 110_000, 3),
    TeamPoint("Autumn 2026 · Round 2", 12, None, 150_000, 3),
))  # fmt: skip


def _plots(drawing: object) -> list[LinePlot]:
    return [c for c in getattr(drawing, "contents", []) if isinstance(c, LinePlot)]


def test_drawings_plot_the_series_they_are_given() -> None:
    (plot,) = _plots(race_drawing(RACE, 480))
    assert plot.data == [[(1.0, 3.0), (2.0, 4.0), (3.0, 7.0)], [(1.0, 0.0), (2.0, 3.0), (3.0, 3.0)]]
    fans, money = _plots(team_drawing(SERIES, 480))
    assert fans.data == [[(0.0, 2.0), (1.0, 3.0), (2.0, 3.0)]]
    tv, gold = money.data
    assert tv == [(1.0, 1000.0)]  # the game without a pre-game has no TV
    assert gold == [(0.0, 50.0), (1.0, 110.0), (2.0, 150.0)]


def _season_pdf(race: StandingsRace | None, career_seasons: tuple[str, ...]) -> list[str]:
    career = replace(leaders_view(), scope="career", seasons=career_seasons)
    data = season_report_pdf(
        season_view(()), standings_view(False), rounds_view(), leaders_view(),
        ruleset=RULESET, printed=PRINTED, career=career, race=race,
    )  # fmt: skip
    return pdf_text(data)


def test_season_pdf_has_the_race_and_career_leaders_when_there_is_history() -> None:
    text = " ".join(_season_pdf(RACE, ("Spring 2026", "Autumn 2026")))
    assert "Standings race" in text and "Career leader boards" in text
    assert "Seasons counted: Spring 2026, Autumn 2026." in text
    first_season = " ".join(_season_pdf(replace(RACE, rounds=("Round 1",)), ("Autumn 2026",)))
    assert "Standings race" not in first_season and "Career leader boards" not in first_season


def test_roster_pdf_ends_with_the_team_history_once_it_has_played() -> None:
    team = make_team()
    pages = pdf_text(roster_pdf(team, printed=PRINTED, history=SERIES))
    assert "Team history" in pages[-1]
    unplayed = replace(SERIES, points=SERIES.points[:1])
    assert not any("Team history" in p for p in pdf_text(roster_pdf(team, printed=PRINTED, history=unplayed)))
