"""Season simulation benchmark: a 16-team round robin (120 fixtures) played with
``season simulate`` in one process, pre-game and post-game included.

Run from the repository root::

    PYTHONPATH=$PWD .venv/bin/python benchmarks/season_simulate.py [--bot greedy] [--teams 16]

Aim (issue 16): the 16-team round robin in 10 s or less with the greedy bot. Prints the
whole run's seconds and what a fixture costs on average per stage (pre-game, engine,
post-game, database).
"""

from __future__ import annotations

import argparse
import random
import tempfile
from pathlib import Path

from league_manager.rules.draft import suggest_draft
from league_manager.rules.loader import load_ruleset
from league_manager.services.demo import DEMO_LEAGUE, DEMO_TEAMS, demo_name
from league_manager.services.facade import Services

EXTRA_RACES = (
    "human", "orc", "woodelf", "dwarf", "skaven", "lizardmen", "chaoschosen", "shamblingundead",
    "darkelf", "highelf", "norse", "necromantichorror", "amazon", "halfling", "goblin", "ogre",
)  # fmt: skip


def build(services: Services, count: int) -> None:
    """The demo league plus enough drafted teams for ``count``, in a scheduled round robin."""
    services.create_demo()
    names = [name for _race, name, _coach in DEMO_TEAMS][:count]
    ruleset = load_ruleset("bb2020")
    rng = random.Random(16)
    with services.teams.transaction() as session:
        from sqlmodel import select

        from league_manager.persistence.models import League

        league = session.exec(select(League).where(League.name == DEMO_LEAGUE)).one()
        for i in range(count - len(names)):
            race = EXTRA_RACES[i % len(EXTRA_RACES)]
            plan = suggest_draft(ruleset, race)
            taken: set[str] = set()
            players = [demo_name(rng, taken) for _ in range(sum(plan.positions.values()))]
            team = f"Bench {race.title()} {i + 1}"
            services.teams.draft_in(session, league, team, f"Bench coach {i + 1}", plan, players)
            names.append(team)
    services.seasons.create_season(DEMO_LEAGUE, "Bench", seed=1)
    services.seasons.add_teams("Bench", names)
    services.seasons.schedule("Bench", "round-robin")


def main() -> None:
    """Build the league, simulate its season and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--teams", type=int, default=16)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        services = Services.open(Path(folder) / "bench.db")
        build(services, args.teams)
        report = services.season_simulation.simulate("Bench", bot=args.bot, seed=args.seed).value
        services.close()
    played = len(report.played)
    print(f"{args.teams}-team round robin, {played} fixtures with {args.bot}: {report.seconds:.2f} s")
    print("  aim: 10 s or less with greedy")
    for stage, seconds in report.cost().items():
        print(f"  {stage:<9} {1000 * seconds / max(played, 1):7.1f} ms a fixture ({seconds:.2f} s)")


if __name__ == "__main__":
    main()
