"""The demo league: eight drafted teams of different races, with named players."""

from __future__ import annotations

import random

from league_manager.core.errors import RuleViolation
from league_manager.rules.draft import suggest_draft
from league_manager.rules.loader import load_ruleset
from league_manager.services.changes import Changes, Outcome
from league_manager.services.leagues import LeagueService
from league_manager.services.read_models import LeagueView
from league_manager.services.teams import TeamService

DEMO_LEAGUE = "Demo League"
DEMO_TEAMS: tuple[tuple[str, str, str], ...] = (
    ("human", "Middenheim Marauders", "Ada"),
    ("orc", "Gutrot Ironjaws", "Bruno"),
    ("woodelf", "Laurelorn Leapers", "Chiara"),
    ("dwarf", "Karak Stonefists", "Dmitri"),
    ("skaven", "Skritter Sprinters", "Ellen"),
    ("lizardmen", "Sotek Sunscales", "Farid"),
    ("chaoschosen", "Brass Skull Brutes", "Grete"),
    ("shamblingundead", "Mortis Grave Guard", "Hiro"),
)
FIRST = (
    "Grüt", "Ærnhild", "Bjørn", "Olaf", "Snorri", "Tomas", "Kurt", "Ilse", "Rudi", "Magda",
    "Gorak", "Ugluk", "Snagga", "Thrain", "Dunni", "Eldrin", "Sariel", "Lothar", "Vask",
    "Krisk", "Tikki", "Zara", "Borin", "Hagen", "Ysolde", "Milo", "Fenna", "Radko", "Jarek",
    "Oksana", "Ludo", "Petra", "Quill", "Brannoc", "Skarn", "Vlad", "Dragan",
)  # fmt: skip
LAST = (
    "Ødegård", "Ironhide", "Blackhoof", "Swiftfoot", "Grimsson", "Kessler", "Dornbach",
    "Skullsplitter", "Deepdelver", "Moonwhisper", "Gutspill", "Rattlebone", "Vornhelm",
    "Stonebrow", "Quickclaw", "Ashgrave", "Brightshield", "Mudwallow", "Krähenfeld",
    "Volkov", "Nightbloom", "Hammerfall", "Ruststeel", "Weiss",
)  # fmt: skip


def demo_name(rng: random.Random, taken: set[str]) -> str:
    """A player name not used yet in this team."""
    for _ in range(200):
        name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        if name not in taken:
            taken.add(name)
            return name
    raise RuntimeError("ran out of demo names")  # pragma: no cover - 900 combinations


def create_demo(leagues: LeagueService, teams: TeamService, seed: int = 2020) -> Outcome[LeagueView]:
    """Create the demo league with eight legal teams in one transaction (reuses it if it exists).

    Raises:
        RuleViolation: a league called "Demo League" exists but is not the demo.
    """
    ruleset = load_ruleset("bb2020")
    existing = [lg for lg in leagues.list_leagues() if lg.name == DEMO_LEAGUE]
    if existing:
        if existing[0].teams:
            return Outcome(existing[0], Changes())
        raise RuleViolation("demo", f"'{DEMO_LEAGUE}' exists without teams; remove or rename it")
    rng = random.Random(seed)
    with teams.transaction() as session:
        league = leagues.create_in(session, DEMO_LEAGUE, "bb2020", {})
        team_ids = []
        for race, name, coach in DEMO_TEAMS:
            plan = suggest_draft(ruleset, race)
            taken: set[str] = set()
            names = [demo_name(rng, taken) for _ in range(sum(plan.positions.values()))]
            team_ids.append(teams.draft_in(session, league, name, coach, plan, names).id or 0)
    assert league.id is not None
    changes = Changes(leagues=frozenset({league.id}), teams=frozenset(team_ids), description="demo league")
    return Outcome(leagues.get_league(league.id), changes)
