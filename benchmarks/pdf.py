"""Time the PDF builders: one team roster, a 50-team league roster book and a season report.

Run from the project root: ``python benchmarks/pdf.py [--teams 50] [--out DIR [--png]]``;
``--out docs/screenshots --png`` redraws the pictures of the documents in the docs.
The teams are read models built by hand from the BB2020 team lists (no database):
full 16-player squads with advancements, injuries and unicode names. The season is a
16-team double round robin in two divisions (240 fixtures, two thirds played, with
forfeits, a concession, a ruling and a postponement) ranked by the real standings rules.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import time
from dataclasses import replace
from datetime import date
from pathlib import Path

from league_manager.reports import (
    PageOptions,
    blank_match_sheet_pdf,
    match_sheet_pdf,
    roster_book_pdf,
    roster_pdf,
    season_report_pdf,
)
from league_manager.rules.loader import load_ruleset
from league_manager.rules.model import Ruleset, TeamRoster
from league_manager.rules.scheduling import round_robin
from league_manager.rules.standings import (
    TIEBREAKER_CHAINS,
    TIEBREAKER_LABELS,
    MatchRecord,
    PointsRules,
    explain,
    rank,
)
from league_manager.services.read_models import PlayerView, SkillView, TeamView
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

FIRST = ["Grüt", "Ærnhild", "Ярослав", "Olaf", "Hans", "Zoë", "Björn", "Łukasz", "Ингрид", "Mirek"]
LAST = ["Ødegård", "Kessler", "Kuznetsov", "Sørensen", "Ironfist", "Dvořák", "Blackmane", "Wołek"]
LEAGUE = "Old World Cup"
PLACES = ["Altdorf", "Nuln", "Middenheim", "Praag", "Marienburg", "Talabheim", "Karak Azgal",
          "Erengrad", "Averheim", "Kislev", "Ostermark", "Bögenhafen"]  # fmt: skip
NICKNAMES = ["Reavers", "Marauders", "Crushers", "Hurricanes", "Gutters", "Stormers",
             "Wanderers", "Raiders", "Howlers", "Hammers", "Ravens", "Lanterns"]  # fmt: skip
SEASON_FIXTURES_PAGE = 3
"""The page of the sample season report where the fixtures start (for its picture)."""
GAINED = ["Block", "Dodge", "Guard", "Tackle", "Sure Hands", "Mighty Blow (+1)", "Sprint", "Pro"]


def sample_team(index: int, roster: TeamRoster, ruleset: Ruleset, rng: random.Random) -> TeamView:
    """A plausible 16-player team of ``roster`` with some advanced and injured players."""
    players = []
    lines = [p for p in roster.positions for _ in range(min(p.max_quantity, 4))]
    for number in range(1, 17):
        position = lines[(number - 1) % len(lines)]
        skills = [
            SkillView(str(s), ruleset.skill(s.name).category, ruleset.skill(s.name).description)
            for s in position.skills
        ]
        for name in rng.sample(GAINED, rng.randint(0, 3)):
            if all(s.name != name for s in skills):
                definition = ruleset.skill(name)
                skills.append(SkillView(name, definition.category, definition.description, True))
        stats = position.stats
        if rng.random() < 0.15:
            stats = replace(stats, ma=stats.ma + 1)
        injuries: tuple[str, ...] = ()
        if rng.random() < 0.1:
            stats = replace(stats, av=stats.av - 1)
            injuries = ("-AV",)
        mng = rng.random() < 0.1
        if mng:
            injuries = ("MNG", *injuries)
        earned = rng.randint(0, 40)
        players.append(
            PlayerView(
                id=index * 100 + number,
                number=number,
                name=f"{rng.choice(FIRST)} {rng.choice(LAST)}",
                position=position.name,
                stats=stats,
                base=position.stats,
                skills=tuple(skills),
                injuries=injuries,
                spp=earned % 7,
                spp_earned=earned,
                value=position.cost + 20_000 * sum(s.gained for s in skills),
                status="active",
                misses_next_game=mng,
            )
        )
    value = sum(p.value for p in players) + 3 * roster.reroll_cost
    nickname = NICKNAMES[(index // 12 + index * 5) % len(NICKNAMES)]
    return TeamView(
        id=index,
        name=f"{PLACES[index % len(PLACES)]} {nickname}",
        race=roster.name,
        race_id=roster.id,
        league=LEAGUE,
        league_id=1,
        coach=f"{rng.choice(FIRST)} {rng.choice(LAST)}",
        ruleset=ruleset.id,
        ruleset_version=ruleset.version,
        special_rule_choice=roster.special_rule_choice[0] if roster.special_rule_choice else None,
        special_rules=roster.special_rules,
        team_value=value,
        current_team_value=value - sum(p.value for p in players if p.misses_next_game),
        treasury=rng.randrange(0, 200_000, 5_000),
        rerolls=3,
        reroll_cost=roster.reroll_cost,
        dedicated_fans=rng.randint(1, 6),
        apothecary=roster.apothecary,
        apothecary_allowed=roster.apothecary,
        assistant_coaches=rng.randint(0, 3),
        cheerleaders=rng.randint(0, 3),
        first_match_played=True,
        players=tuple(players),
    )


def sample_teams(count: int, ruleset: Ruleset, seed: int = 7) -> list[TeamView]:
    """``count`` teams cycling through every team list of the ruleset."""
    rng = random.Random(seed)
    rosters = list(ruleset.teams.values())
    return [sample_team(i + 1, rosters[i % len(rosters)], ruleset, rng) for i in range(count)]


SeasonData = tuple[SeasonView, StandingsView, list[RoundView], LeadersView]
DIVISIONS = ("Old World", "Badlands")


def _result(rng: random.Random, fixture_id: int, home: int, away: int, names: dict[int, str]) -> ResultView:
    """A random result; about one game in thirty is a forfeit, concession or ruling."""
    roll = rng.random()
    if fixture_id % 37 == 0:
        return ResultView("forfeit", None, None, None, None, "W", "L", names[home], home, names[away])
    if fixture_id % 53 == 0:
        return ResultView("concession", 2, 0, 1, 3, "W", "L", names[home], home, names[away])
    if fixture_id % 71 == 0:
        return ResultView("administrative", None, None, None, None, "D", "D", note="pitch invasion")
    htd, atd = rng.choice((0, 1, 1, 2, 2, 3)), rng.choice((0, 1, 1, 2, 3))
    if roll < 0.1:
        htd = atd
    verdict = ("W", "L") if htd > atd else ("L", "W") if atd > htd else ("D", "D")
    winner = home if htd > atd else away if atd > htd else None
    return ResultView("score", htd, atd, rng.randint(0, 4), rng.randint(0, 4), *verdict,
                      names[winner] if winner else None, winner)  # fmt: skip


def sample_season(teams: list[TeamView], *, played_rounds: int = 20, seed: int = 5) -> SeasonData:
    """A double round robin of ``teams`` with ``played_rounds`` rounds of results, as read models."""
    rng = random.Random(seed)
    names = {t.id: t.name for t in teams}
    division = {t.id: DIVISIONS[i % 2] for i, t in enumerate(teams)}
    plan = round_robin([t.id for t in teams], double=True, seed=seed)
    rounds: list[RoundView] = []
    records: list[MatchRecord] = []
    fixture_id = 0
    for plan_round in plan.rounds:
        fixtures = []
        for pairing in plan_round.pairings:
            fixture_id += 1
            home, away = pairing.home or 0, pairing.away or 0
            result = None
            status = "scheduled"
            if plan_round.number <= played_rounds:
                result = _result(rng, fixture_id, home, away, names)
                status = {"score": "played", "concession": "conceded", "forfeit": "forfeited"}.get(
                    result.outcome, result.outcome
                )
                scored = result.home_td is not None
                records.append(MatchRecord(fixture_id, (plan_round.number, fixture_id), home, away,
                                           result.home_verdict, result.away_verdict, result.home_td or 0,
                                           result.away_td or 0, result.home_cas or 0, result.away_cas or 0,
                                           scored))  # fmt: skip
            elif plan_round.number == played_rounds + 1 and len(fixtures) == 2:
                status = "postponed"
            fixtures.append(FixtureView(fixture_id, plan_round.number, plan_round.name, "league",
                                        division[home] if division[home] == division[away] else None,
                                        names[home], names[away], home, away, status, result))  # fmt: skip
        rounds.append(RoundView(plan_round.number, plan_round.name, "league", tuple(fixtures)))
    rules, chain = PointsRules(), TIEBREAKER_CHAINS["standard"]

    def table(name: str, ids: list[int]) -> TableView:
        rows = []
        for s in rank(ids, records, rules, chain, seed):
            rows.append(StandingRow(
                s.rank, s.team_id, names[s.team_id], next(t.coach for t in teams if t.id == s.team_id),
                division[s.team_id], s.played, s.won, s.drawn, s.lost, s.byes, s.td_for, s.td_against,
                s.cas_for, s.cas_against, s.bonus, s.points, s.buchholz, s.form, explain(s, names),
                s.decided_by, tuple(names[t] for t in s.tied_with)))  # fmt: skip
        return TableView(name, tuple(rows))

    standings = StandingsView(
        "Season 2026", 1, table("Season 2026", list(names)),
        tuple(table(d, [t for t in names if division[t] == d]) for d in DIVISIONS),
        tuple(TIEBREAKER_LABELS[k] for k in chain),
        {"win": 3, "draw": 1, "loss": 0, "bye": 0, "bonus_3_td": 0, "bonus_clean_sheet": 0, "bonus_3_cas": 0},
    )  # fmt: skip
    members = tuple(SeasonTeamView(t.id, t.name, t.race_id, t.coach, division[t.id]) for t in teams)
    decided = sum(1 for r in rounds for f in r.fixtures if f.decided)
    season = SeasonView(1, "Season 2026", LEAGUE, 1, "double-round-robin", "running", seed, DIVISIONS,
                        members, len(rounds), fixture_id, decided)  # fmt: skip
    players = [(p.name, t.name, t.id, p.id) for t in teams for p in t.players]
    boards = []
    for key, label in (("td", "Touchdowns"), ("cas", "Casualties"), ("completions", "Completions"),
                       ("interceptions", "Interceptions"), ("mvp", "Most valuable player awards"),
                       ("spp", "Star player points")):  # fmt: skip
        top = sorted(((rng.randint(1, 14), *p) for p in rng.sample(players, 5)), reverse=True)
        entries, previous = [], None
        for place, (value, name, team, team_id, player_id) in enumerate(top, start=1):
            shared = entries[-1].rank if previous == value else place
            entries.append(LeaderEntry(shared, name, team, team_id, value, player_id))
            previous = value
        boards.append(LeaderBoard(key, label, tuple(entries)))
    overall = standings.overall.rows
    team_boards = (
        LeaderBoard("points", "Points", tuple(LeaderEntry(r.rank, r.team, r.team, r.team_id, r.points)
                                              for r in overall[:5])),
        LeaderBoard("td_for", "Touchdowns scored", tuple(
            LeaderEntry(i, r.team, r.team, r.team_id, r.td_for)
            for i, r in enumerate(sorted(overall, key=lambda r: -r.td_for)[:5], start=1))),
    )  # fmt: skip
    return season, standings, rounds, LeadersView("Season 2026", 1, tuple(boards), team_boards)


def _time(label: str, runs: int, build: object) -> float:
    assert callable(build)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        build()
        times.append(time.perf_counter() - start)
    best, median = min(times), statistics.median(times)
    print(f"{label:<32} best {best:7.3f} s   median {median:7.3f} s   ({runs} runs)")
    return median


def main() -> None:
    """Print timings; with ``--out`` also write the documents for a look."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=50, help="teams in the book (50)")
    parser.add_argument("--runs", type=int, default=5, help="runs per measurement (5)")
    parser.add_argument("--out", type=Path, help="also write sample PDFs to this folder")
    parser.add_argument(
        "--png", action="store_true", help="with --out: write page pictures (docs/screenshots)"
    )
    args = parser.parse_args()

    start = time.perf_counter()
    ruleset = load_ruleset("bb2020")
    teams = sample_teams(args.teams, ruleset)
    print(f"{'ruleset + sample teams':<32} {time.perf_counter() - start:7.3f} s")
    printed = date.today()

    start = time.perf_counter()
    roster_pdf(teams[0], ruleset, printed=printed)
    print(f"{'first roster (font loading)':<32} {time.perf_counter() - start:7.3f} s")
    _time("one roster (A4)", args.runs * 4, lambda: roster_pdf(teams[1], ruleset))
    landscape = PageOptions("letter", landscape=True)
    _time("one roster (Letter landscape)", args.runs * 4,
          lambda: roster_pdf(teams[2], ruleset, options=landscape))  # fmt: skip
    _time("match sheet", args.runs * 4, lambda: match_sheet_pdf(teams[0], teams[1], ruleset))
    book = _time(f"{args.teams}-team book", args.runs,
                 lambda: roster_book_pdf(LEAGUE, teams, ruleset))  # fmt: skip
    print(f"{'':<32} {book / max(1, args.teams):7.3f} s per team")
    season = sample_season(sample_teams(16, ruleset, seed=11))
    _time("16-team double round robin", args.runs * 2,
          lambda: season_report_pdf(*season, ruleset=ruleset))  # fmt: skip

    if args.out:
        write_samples(args.out, teams[:12], ruleset, png=args.png,
                      season=season_report_pdf(*season, ruleset=ruleset))  # fmt: skip
        print(f"documents written to {args.out}")


def write_samples(folder: Path, teams: list[TeamView], ruleset: Ruleset, *, png: bool, season: bytes) -> None:
    """Write one of each document; with ``png`` also the first-page pictures for the docs."""
    folder.mkdir(parents=True, exist_ok=True)
    documents = {
        "pdf-season": (season, 1),
        "pdf-season-fixtures": (season, SEASON_FIXTURES_PAGE),
        "pdf-roster": (roster_pdf(teams[0], ruleset), 1),
        "pdf-roster-reference": (roster_pdf(teams[0], ruleset), 2),
        "pdf-roster-landscape": (roster_pdf(teams[0], ruleset, options=PageOptions("a4", True)), 1),
        "pdf-book-contents": (roster_book_pdf(LEAGUE, teams, ruleset), 1),
        "pdf-match-sheet": (match_sheet_pdf(teams[0], teams[1], ruleset), 1),
        "pdf-match-sheet-record": (match_sheet_pdf(teams[0], teams[1], ruleset), 2),
        "pdf-match-sheet-blank": (blank_match_sheet_pdf(ruleset), 1),
    }
    for name, (data, page) in documents.items():
        pdf = folder / f"{name}.pdf"
        pdf.write_bytes(data)
        if png:  # needs poppler's pdftoppm
            command = ["pdftoppm", "-png", "-r", "70", "-f", str(page), "-l", str(page)]
            subprocess.run([*command, "-singlefile", str(pdf), str(folder / name)], check=True)
            pdf.unlink()


if __name__ == "__main__":
    main()
