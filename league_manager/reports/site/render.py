"""Turn a league's site data into pages, a stylesheet and JSON: ``relative path -> bytes``."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from jinja2 import Environment, FileSystemLoader, select_autoescape

from league_manager import __version__
from league_manager.core.money import format_gold, format_k
from league_manager.reports.site.chart import value_chart
from league_manager.reports.site.gather import CareerLine, SiteData, careers
from league_manager.services.read_models import TeamView
from league_manager.services.season_read_models import FixtureView

TEMPLATES = Path(__file__).with_name("templates")
CAREER_LIMIT = 10
"""Lines shown on each career leader board."""


@cache
def environment() -> Environment:
    """The template engine: autoescaping on for every page."""
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["gp"] = format_gold
    env.filters["k"] = format_k
    env.filters["signed"] = lambda n: f"{n:+d}" if n else "0"
    return env


def team_page(team_id: int) -> str:
    """The path of a team's page from the site's root."""
    return f"teams/{team_id}.html"


def player_page(player_id: int) -> str:
    """The path of a player's page from the site's root."""
    return f"players/{player_id}.html"


def fixture_page(fixture_id: int) -> str:
    """The path of a fixture's page from the site's root."""
    return f"fixtures/{fixture_id}.html"


def season_page(season_id: int) -> str:
    """The path of a season's page from the site's root."""
    return f"seasons/{season_id}.html"


class TeamRef(NamedTuple):
    """A team as a player's page names it."""

    id: int
    name: str


@dataclass
class Rendered:
    """The site's files: new content by path, or None for a page whose inputs are unchanged.

    ``keys`` holds each page's fingerprint (its template and everything it shows); given
    back as ``previous`` next time, pages with the same fingerprint are not rendered again.
    """

    files: dict[str, bytes | None] = field(default_factory=dict)
    keys: dict[str, str] = field(default_factory=dict)


@cache
def _templates_digest() -> str:
    digest = hashlib.sha256(__version__.encode())
    for path in sorted(TEMPLATES.iterdir()):
        digest.update(path.name.encode() + path.read_bytes())
    return digest.hexdigest()


def render_site(data: SiteData, previous: Mapping[str, str] | None = None) -> Rendered:
    """Every file of the site, keyed by its path relative to the site's root.

    Args:
        data: what the site shows.
        previous: the fingerprints of the last publication; a page whose fingerprint
            is the same is left out (None in ``files``) instead of rendered.
    """
    env = environment()
    known = previous or {}
    out = Rendered()
    files = out.files
    files["style.css"] = (TEMPLATES / "style.css").read_bytes()
    labels, player_careers, team_careers = careers(data)
    team_ids = {t.id for t in data.teams}
    player_ids = {p.id for t in data.teams for p in t.players}
    results = _results_by_team(data)
    tv_points = _tv_points(data)
    current = data.seasons[-1] if data.seasons else None
    latest = _latest(data, 10)
    common: dict[str, Any] = {
        "league": data.league,
        "team_ids": team_ids,
        "player_ids": player_ids,
        "seasons": [s.season for s in data.seasons],
    }

    shared = hashlib.sha256(
        repr(
            (_templates_digest(), data.league, sorted(team_ids), sorted(player_ids), common["seasons"])
        ).encode()
    ).hexdigest()

    def page(path: str, template: str, fingerprint: str | None = None, **context: Any) -> None:
        """Render one page unless its fingerprint (default: of its whole context) is known."""
        shown = fingerprint if fingerprint is not None else repr(sorted(context.items()))
        key = hashlib.sha256(f"{shared}{template}{shown}".encode()).hexdigest()
        out.keys[path] = key
        if known.get(path) == key:
            files[path] = None
            return
        root = "../" * path.count("/")
        html = env.get_template(template).render(root=root, **common, **context)
        files[path] = html.encode("utf-8")

    page("index.html", "home.html", teams=data.teams, current=current, latest=latest)
    page(
        "leaders.html",
        "leaders.html",
        boards=_career_boards(labels, player_careers, team_careers),
    )
    for season in data.seasons:
        page(season_page(season.season.id), "season.html", s=season)
        for fixture in season.fixtures:
            assert fixture.id is not None
            detail = season.details.get(fixture.id)
            replay = None
            if detail is not None and detail.replay is not None:
                replay = f"fixtures/{fixture.id}.replay.json"
                files[replay] = _json(detail.replay)
            page(
                fixture_page(fixture.id),
                "fixture.html",
                f=fixture,
                season=season.season,
                d=detail,
                replay=replay,
            )
    for team in data.teams:
        ledger = data.ledgers.get(team.id, ())
        page(
            team_page(team.id),
            "team.html",
            t=team,
            chart=value_chart([*tv_points.get(team.id, []), ("now", team.current_team_value)]),
            ledger=ledger,
            income=sum(r.amount for r in ledger if r.amount > 0),
            spent=-sum(r.amount for r in ledger if r.amount < 0),
            results=results.get(team.id, []),
            career=team_careers.get(team.id),
            labels=labels,
        )
        ref = TeamRef(team.id, team.name)
        team_key = hashlib.sha256(repr(team).encode()).hexdigest()
        for player in team.players:
            career = player_careers.get(player.id)
            page(
                player_page(player.id),
                "player.html",
                # the team's whole roster stands for the player's view (one digest per team)
                fingerprint=f"{team_key}{player.id}{career!r}{labels!r}",
                t=ref,
                p=player,
                career=career,
                labels={k: v for k, v in labels.items() if not k.startswith("team:")},
            )
    files["data/league.json"] = _json(
        {
            **data.league.to_dict(),
            "seasons": [s.season.to_dict() for s in data.seasons],
            "standings": [s.standings.to_dict() for s in data.seasons],
        }
    )
    files["data/teams.json"] = _json([t.to_dict() for t in data.teams])
    files["data/fixtures.json"] = _json([f.to_dict() for s in data.seasons for f in s.fixtures])
    return out


def _json(value: Any) -> bytes:
    # compact: json's C encoder only runs without indentation (indenting tripled the time)
    return json.dumps(value, separators=(",", ":"), sort_keys=True, default=str).encode("utf-8")


def _results_by_team(data: SiteData) -> dict[int, list[tuple[str, FixtureView]]]:
    by_team: dict[int, list[tuple[str, FixtureView]]] = {}
    for season in data.seasons:
        for fixture in season.fixtures:
            if fixture.result is None:
                continue
            for team_id in (fixture.home_id, fixture.away_id):
                if team_id is not None:
                    by_team.setdefault(team_id, []).append((season.season.name, fixture))
    return by_team


def _tv_points(data: SiteData) -> dict[int, list[tuple[str, int]]]:
    """Each team's value at every pre-game the league recorded, oldest first."""
    points: dict[int, list[tuple[str, int]]] = {}
    for season in data.seasons:
        for fixture in season.fixtures:
            detail = season.details.get(fixture.id or 0)
            if detail is None:
                continue
            for team_id, ctv in detail.ctv.items():
                if ctv:
                    points.setdefault(team_id, []).append((f"{season.season.name} R{fixture.round}", ctv))
    return points


def _latest(data: SiteData, count: int) -> list[tuple[str, FixtureView]]:
    decided = [
        (s.season.name, f) for s in data.seasons for f in s.fixtures if f.result is not None and not f.is_bye
    ]
    return list(reversed(decided[-count:]))


def _career_boards(
    labels: dict[str, str], players: dict[int, CareerLine], teams: dict[int, CareerLine]
) -> list[tuple[str, bool, list[CareerLine], str]]:
    """(label, is a team board, the leading lines, category) for each category."""
    boards: list[tuple[str, bool, list[CareerLine], str]] = []
    for key, label in labels.items():
        is_team = key.startswith("team:")
        category = key.removeprefix("team:")
        pool: Iterable[CareerLine] = (teams if is_team else players).values()
        lines = sorted(
            (c for c in pool if c.values.get(category, 0) > 0),
            key=lambda c: (-c.values[category], c.name.lower()),
        )[:CAREER_LIMIT]
        boards.append((label, is_team, lines, category))
    return boards


def team_of(data: SiteData, team_id: int) -> TeamView | None:
    """The team with that id, if it is one of the league's."""
    return next((t for t in data.teams if t.id == team_id), None)
