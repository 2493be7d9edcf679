"""Time the PDF builders: one team roster and a 50-team league roster book.

Run from the project root: ``python benchmarks/pdf.py [--teams 50] [--out DIR [--png]]``;
``--out docs/screenshots --png`` redraws the pictures of the documents in the docs.
The teams are read models built by hand from the BB2020 team lists (no database):
full 16-player squads with advancements, injuries and unicode names.
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
)
from league_manager.rules.loader import load_ruleset
from league_manager.rules.model import Ruleset, TeamRoster
from league_manager.services.read_models import PlayerView, SkillView, TeamView

FIRST = ["Grüt", "Ærnhild", "Ярослав", "Olaf", "Hans", "Zoë", "Björn", "Łukasz", "Ингрид", "Mirek"]
LAST = ["Ødegård", "Kessler", "Kuznetsov", "Sørensen", "Ironfist", "Dvořák", "Blackmane", "Wołek"]
LEAGUE = "Old World Cup"
PLACES = ["Altdorf", "Nuln", "Middenheim", "Praag", "Marienburg", "Talabheim", "Karak Azgal",
          "Erengrad", "Averheim", "Kislev", "Ostermark", "Bögenhafen"]  # fmt: skip
NICKNAMES = ["Reavers", "Marauders", "Crushers", "Hurricanes", "Gutters", "Stormers",
             "Wanderers", "Raiders", "Howlers", "Hammers", "Ravens", "Lanterns"]  # fmt: skip
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

    if args.out:
        write_samples(args.out, teams[:12], ruleset, png=args.png)
        print(f"documents written to {args.out}")


def write_samples(folder: Path, teams: list[TeamView], ruleset: Ruleset, *, png: bool) -> None:
    """Write one of each document; with ``png`` also the first-page pictures for the docs."""
    folder.mkdir(parents=True, exist_ok=True)
    documents = {
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
