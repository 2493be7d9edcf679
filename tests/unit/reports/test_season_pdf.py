"""The league table and fixtures PDF: standings, tie-breakers, fixtures in words, leaders, CLI."""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from pathlib import Path

import pytest
from report_factories import PRINTED, pdf_reader, pdf_text

from league_manager.cli.context import CliContext
from league_manager.cli.main import main
from league_manager.reports import PageOptions, season_report_pdf
from league_manager.reports.season_cells import outcome
from league_manager.rules.loader import load_ruleset
from league_manager.services.demo import DEMO_LEAGUE, DEMO_TEAMS
from league_manager.services.facade import Services
from league_manager.services.season_read_models import (
    FixtureView,
    LeaderBoard,
    LeaderEntry,
    LeadersView,
    ResultView,
    RoundView,
    SeasonTeamView,
    SeasonView,
    StandingRow,
    StandingsView,
    TableView,
)
from league_manager.services.season_results import ResultEntry

CHAIN = ("head-to-head", "touchdown difference", "casualty difference", "coin flip")
POINTS = {"win": 3, "draw": 1, "loss": 0, "bye": 0, "bonus_3_td": 0, "bonus_clean_sheet": 0, "bonus_3_cas": 0}
TEAMS = (
    (1, "Grüt Ødegård Reavers", "human", "Ærnhild", "North"),
    (2, "Ярослав Bears", "norse", "Олег", "North"),
    (3, "Gouged Eye", "orc", "Bruno", "South"),
    (4, "Athelorn Avengers", "woodelf", "Chiara", "South"),
)
NAMES = {team_id: name for team_id, name, *_ in TEAMS}


def row(rank: int, team_id: int, points: int, form: str = "WDL", *, tiebreak: str = "",
        decided_by: str | None = None, tied: tuple[str, ...] = (),
        **figures: int) -> StandingRow:  # fmt: skip
    _, name, _, coach, division = TEAMS[team_id - 1]
    base = {"played": 3, "won": 1, "drawn": 1, "lost": 1, "byes": 0, "td_for": 5, "td_against": 4,
            "cas_for": 7, "cas_against": 2, "bonus_points": 0, "buchholz": 0}  # fmt: skip
    base.update(figures)
    return StandingRow(rank=rank, team_id=team_id, team=name, coach=coach, division=division,
                       points=points, form=form, tiebreak=tiebreak, decided_by=decided_by,
                       tied_with=tied, **base)  # fmt: skip


def season_view(divisions: Sequence[str] = ("North", "South")) -> SeasonView:
    teams = tuple(
        SeasonTeamView(i, n, race, coach, d if divisions else None) for i, n, race, coach, d in TEAMS
    )
    return SeasonView(7, "Autumn 2026", "Old World Cup", 1, "round-robin", "running", 3, tuple(divisions),
                      teams, 3, 6, 5)  # fmt: skip


def standings_view(divisions: bool = True) -> StandingsView:
    rows = (
        row(1, 1, 7, "WWD", td_for=9),
        row(2, 2, 4, "WLD", tiebreak="Level on 4 pts with Gouged Eye; head-to-head 3",
            decided_by="head_to_head", tied=(NAMES[3],)),
        row(3, 3, 4, "DLW", tiebreak="Level on 4 pts with Ярослав Bears; head-to-head 0",
            decided_by="head_to_head", tied=(NAMES[2],)),
        row(4, 4, 1, "LLD"),
    )  # fmt: skip
    tables = (
        TableView("North", tuple(r for r in rows if r.division == "North")),
        TableView("South", tuple(r for r in rows if r.division == "South")),
    )
    return StandingsView("Autumn 2026", 7, TableView("Autumn 2026", rows), tables if divisions else (),
                         CHAIN, POINTS)  # fmt: skip


def fixture(fid: int, rnd: int, home: int, away: int | None, status: str,
            result: ResultView | None = None, **extra: object) -> FixtureView:  # fmt: skip
    return FixtureView(fid, rnd, f"Round {rnd}", "league", None, NAMES[home], NAMES[away] if away else None,
                       home, away, status, result, **extra)  # type: ignore[arg-type]  # fmt: skip


def score(htd: int, atd: int, home: int, away: int, hcas: int = 0, acas: int = 0) -> ResultView:
    winner = home if htd > atd else away if atd > htd else None
    hv, av = ("W", "L") if htd > atd else ("L", "W") if atd > htd else ("D", "D")
    return ResultView("score", htd, atd, hcas, acas, hv, av, NAMES.get(winner or 0), winner)


def rounds_view() -> tuple[RoundView, ...]:
    forfeit = ResultView("forfeit", None, None, None, None, "W", "L", NAMES[1], 1, NAMES[3])
    conceded = ResultView("concession", 2, 0, 1, 0, "W", "L", NAMES[4], 4, NAMES[2])
    ruling = ResultView("administrative", None, None, None, None, "D", "D", note="flooded pitch")
    bye = ResultView("bye", None, None, None, None, "B", "")
    return (
        RoundView(1, "Round 1", "league", (
            fixture(1, 1, 1, 2, "played", score(3, 1, 1, 2, 2, 1)),
            fixture(2, 1, 3, 4, "played", score(1, 1, 3, 4)),
        )),
        RoundView(2, "Round 2", "league", (
            fixture(3, 2, 1, 3, "forfeited", forfeit),
            fixture(4, 2, 4, 2, "conceded", conceded),
        )),
        RoundView(3, "Round 3", "league", (
            fixture(5, 3, 2, 3, "administrative", ruling),
            fixture(6, 3, 4, 1, "postponed", scheduled_for=datetime(2026, 12, 5, 19, 30)),
            fixture(7, 3, 1, None, "bye", bye),
            fixture(8, 3, 2, 4, "void"),
        )),
        RoundView(4, "Round 4", "league", (fixture(9, 4, 1, 4, "scheduled"),)),
    )  # fmt: skip


def leaders_view(empty: bool = False) -> LeadersView:
    entries = () if empty else (
        LeaderEntry(1, "Ærnhild Kessler", NAMES[1], 1, 5, 11),
        LeaderEntry(2, "Ярослав Волков", NAMES[2], 2, 3, 21),
        LeaderEntry(2, "Snorri Grimsson", NAMES[3], 3, 3, 31),
    )  # fmt: skip
    players = (LeaderBoard("td", "Touchdowns", entries), LeaderBoard("kills", "Kills", ()))
    teams = (LeaderBoard("points", "Points", () if empty else (LeaderEntry(1, NAMES[1], NAMES[1], 1, 7),)),)
    return LeadersView("Autumn 2026", 7, players, teams)


RULESET = load_ruleset("bb2020")


def build(*, divisions: bool = True, leaders: LeadersView | None = None, paper: str = "a4") -> bytes:
    return season_report_pdf(
        season_view(("North", "South") if divisions else ()),
        standings_view(divisions),
        rounds_view(),
        leaders if leaders is not None else leaders_view(),
        ruleset=RULESET,
        options=PageOptions(paper),
        printed=PRINTED,
    )


def test_title_block_and_standings_with_every_column() -> None:
    pages = pdf_text(build())
    first = pages[0]
    assert "LEAGUE TABLE AND FIXTURES" in first
    assert "Old World Cup" in first
    assert "Autumn 2026" in first and "Blood Bowl 2020 (2025.05)" in first
    assert "as of 21 November 2026" in first
    for header in ("P W D L", "TD+ TD− TD± CAS+ CAS−", "Pts", "Form", "Tie-breaker"):
        assert header in first
    for _, name, _, coach, _ in TEAMS:
        assert name in first and coach in first
    for race in ("Human", "Norse", "Orc", "Wood Elf"):  # the team lists' names, not the ids
        assert race in first
    assert "Division: North" in first and "Division: South" in first and "Overall" in first
    # Grüt Ødegård Reavers: 3 played 1-1-1, TD 9-4 (+5), CAS 7-2, 7 points
    assert "3 1 1 1 9 4 +5 7 2 7" in first


def test_tied_rows_show_why_and_the_order_of_tie_breakers() -> None:
    text = " ".join(pdf_text(build()))
    assert "Level on 4 pts with Gouged Eye; head-to-head 3" in text
    assert "Level on 4 pts with Ярослав Bears; head-to-head 0" in text
    assert (
        "1. head-to-head, then 2. touchdown difference, then 3. casualty difference, then 4. coin flip"
        in text
    )
    assert "win 3, draw 1, loss 0" in text


def test_without_divisions_there_is_one_table_and_no_tie_breaker_column_when_nobody_is_tied() -> None:
    season = season_view(())
    standings = StandingsView("Autumn 2026", 7, TableView("Autumn 2026", (row(1, 1, 7), row(2, 2, 4))), (),
                              CHAIN, POINTS)  # fmt: skip
    pages = pdf_text(season_report_pdf(season, standings, (), None, printed=PRINTED))
    assert "Standings" in pages[0] and "Division" not in pages[0]
    assert "human · coach" in pages[0]  # without a ruleset the race ids print as stored
    assert "Tie-breaker" not in pages[0]
    assert "No fixtures have been scheduled yet." in " ".join(pages)
    assert "Leader boards" not in " ".join(pages)


def test_fixtures_show_scores_and_outcomes_in_words_never_fake_scores() -> None:
    pages = pdf_text(build())
    fixtures = " ".join(p for p in pages if "Fixtures and results" in p or "Round 2" in p)
    assert "Round 1" in fixtures and "Round 4" in fixtures
    assert "Grüt Ødegård Reavers 3 – 1 CAS 2 – 1 Ярослав Bears" in fixtures
    assert "Gouged Eye 1 – 1 Athelorn Avengers" in fixtures
    assert "forfeit home wins" in fixtures and "forfeited" in fixtures
    assert "2 – 0 conceded" in fixtures
    assert "administrative draw · flooded pitch" in fixtures  # the commissioner's note too
    assert "postponed 5 Dec 19:30" in fixtures
    assert "bye" in fixtures and "void" in fixtures
    assert "0 – 0" not in fixtures  # forfeits, byes and rulings carry no score


@pytest.mark.parametrize(
    ("view", "expected"),
    [
        (fixture(1, 1, 1, 2, "scheduled"), ("v", "")),
        (fixture(1, 1, 1, 2, "in_progress"), ("in progress", "")),
        (fixture(1, 1, 1, 2, "played", score(2, 2, 1, 2)), ("2 – 2", "")),
        (fixture(1, 1, 1, 2, "played", ResultView("score", 1, 1, 0, 0, "W", "L", NAMES[1], 1)),
         ("1 – 1", "shoot-out: home")),
        (fixture(1, 1, 1, 2, "conceded", ResultView("concession", None, None, None, None, "L", "W",
                                                    NAMES[2], 2, NAMES[1])), ("conceded", "")),
        (fixture(1, 1, 1, 2, "forfeited", ResultView("forfeit", None, None, None, None, "L", "W",
                                                     NAMES[2], 2, NAMES[1])), ("forfeit", "away wins")),
        (fixture(1, 1, 1, 2, "bye", ResultView("bye", None, None, None, None, "B", "B")),
         ("bye", "both teams")),
        (fixture(1, 1, 1, 2, "administrative",
                 ResultView("administrative", None, None, None, None, "L", "L")),
         ("administrative", "both lose")),
        (fixture(1, 1, 1, None, "bye"), ("bye", "")),
        (fixture(1, 1, 1, 2, "void"), ("void", "not counted")),
    ],
)  # fmt: skip
def test_outcome_words(view: FixtureView, expected: tuple[str, str]) -> None:
    assert outcome(view) == expected


def test_leader_boards_print_when_they_have_entries() -> None:
    text = " ".join(pdf_text(build()))
    assert "Leader boards" in text
    assert "Touchdowns" in text and "Ærnhild Kessler" in text and "Ярослав Волков" in text
    assert "Kills" not in text  # a board without entries is left out
    empty = " ".join(pdf_text(build(leaders=leaders_view(empty=True))))
    assert "Leader boards" not in empty


@pytest.mark.parametrize(("paper", "size"), [("a4", (595, 842)), ("letter", (612, 792))])
def test_paper_sizes_are_portrait(paper: str, size: tuple[int, int]) -> None:
    reader = pdf_reader(build(paper=paper))
    for page in reader.pages:
        assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == size
    outline = [item.title for item in reader.outline if not isinstance(item, list)]
    assert outline == ["Standings", "Fixtures", "Leader boards"]


def test_long_tables_split_across_pages_with_repeated_headers() -> None:
    count = 70
    rows = tuple(
        StandingRow(rank=i, team_id=i, team=f"Team Ødegård {i:02d}", coach=f"Coach {i}", division=None,
                    played=10, won=5, drawn=0, lost=5, byes=0, td_for=10, td_against=10, cas_for=3,
                    cas_against=3, bonus_points=0, points=15, buchholz=0, form="WLWLW")
        for i in range(1, count + 1)
    )  # fmt: skip
    teams = tuple(
        SeasonTeamView(i, f"Team Ødegård {i:02d}", "Human", f"Coach {i}", None) for i in range(1, 71)
    )
    season = SeasonView(1, "Big", "Huge League", 1, None, "open", 1, (), teams, 0, 0, 0)
    standings = StandingsView("Big", 1, TableView("Big", rows), (), CHAIN, POINTS)
    pages = pdf_text(season_report_pdf(season, standings, (), None, printed=PRINTED))
    table_pages = [p for p in pages if "Team Ødegård" in p]
    assert len(table_pages) >= 2
    assert all("TD+ TD− TD± CAS+ CAS−" in p for p in table_pages)
    text = " ".join(pages)
    assert all(f"Team Ødegård {i:02d}" in text for i in range(1, count + 1))


def test_many_rounds_flow_over_pages() -> None:
    rounds = tuple(
        RoundView(n, f"Round {n}", "league",
                  tuple(fixture(n * 10 + i, n, 1 + i, 3 + i, "scheduled") for i in range(2)))
        for n in range(1, 61)
    )  # fmt: skip
    pages = pdf_text(season_report_pdf(season_view(), standings_view(), rounds, None, printed=PRINTED))
    text = " ".join(pages)
    assert all(f"Round {n} " in text for n in range(1, 61))
    assert len(pages) >= 3
    assert pages[-1].startswith("Round") or "Round 60" in pages[-1]


def run_cli(db: Path, *argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(["--db", str(db), *argv], CliContext(stdout=out, stderr=err))
    return code, out.getvalue(), err.getvalue()


def test_pdf_season_command_over_a_real_database(services: Services, tmp_path: Path) -> None:
    services.create_demo()
    teams = [name for _race, name, _coach in DEMO_TEAMS[:5]]
    services.seasons.create_season(DEMO_LEAGUE, "Spring", seed=4)
    services.seasons.add_teams("Spring", teams)
    services.seasons.schedule("Spring", "round-robin")
    first = [f for f in services.seasons.fixtures("Spring", 1) if not f.is_bye]
    services.seasons.set_result(first[0].id or 0, ResultEntry(home_td=2, away_td=1, home_cas=1))
    services.seasons.set_result(first[1].id or 0, ResultEntry(forfeit=first[1].away))
    services.close()
    out = tmp_path / "out" / "spring.pdf"

    code, stdout, stderr = run_cli(tmp_path / "league.db", "--json", "pdf", "season", "Spring",
                                   "-o", str(out), "--paper", "letter")  # fmt: skip

    assert code == 0, stderr
    payload = json.loads(stdout)
    assert payload["season"] == "Spring" and payload["league"] == DEMO_LEAGUE
    text = " ".join(pdf_text(out.read_bytes()))
    assert all(team in text for team in teams)
    assert "2 – 1" in text and "forfeit" in text and "bye" in text
    assert "Blood Bowl 2020" in text
    code, _, stderr = run_cli(tmp_path / "league.db", "pdf", "season", "Nope", "-o", str(out))
    assert code == 1 and "Nope" in stderr


def test_play_offs_withdrawn_teams_and_sides_to_be_decided() -> None:
    season = season_view()
    rows = list(standings_view(divisions=False).overall.rows)
    rows[3] = replace(rows[3], withdrawn=True)
    standings = replace(standings_view(divisions=False), overall=TableView("Autumn 2026", tuple(rows)))
    final = (
        FixtureView(20, 5, "Final", "playoff", None, NAMES[1], None, 1, None, "scheduled"),
        FixtureView(21, 5, "Final", "playoff", None, None, None, None, None, "scheduled", third_place=True),
    )
    rounds = (*rounds_view(), RoundView(5, "Final", "playoff", final))
    text = " ".join(pdf_text(season_report_pdf(season, standings, rounds, None, printed=PRINTED)))
    assert "withdrawn" in text
    assert "Final play-off · to play" in text
    assert f"{NAMES[1]} v to be decided" in text
    assert "to be decided v third place to be decided" in text
