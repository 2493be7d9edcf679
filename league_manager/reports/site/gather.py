"""What a league's website shows, read through the services (never the database directly)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from league_manager.core.errors import LeagueError
from league_manager.services.read_models import LeagueView, LedgerRow, TeamView
from league_manager.services.season_read_models import (
    FixtureView,
    LeadersView,
    RoundView,
    SeasonView,
    StandingsView,
)

if TYPE_CHECKING:
    from league_manager.services.facade import Services

Progress = Callable[[str], None]
"""Told in words what is being read or written (the GUI shows it; the CLI ignores it)."""


@dataclass(frozen=True)
class FixtureDetail:
    """A fixture's match day as the site shows it (empty when only a score was typed)."""

    mvps: tuple[tuple[str, str, int | None], ...] = ()
    """(team, player, player id) of each team's Most Valuable Player."""
    spp: tuple[tuple[str, str, int | None, int], ...] = ()
    """(team, player, player id, SPP earned) for each player who earned some."""
    injuries: tuple[tuple[str, str, int | None, str], ...] = ()
    """(team, player, player id, injury) written by the post-game."""
    inducements: tuple[tuple[str, str, int, int], ...] = ()
    """(team, inducement, quantity, cost)."""
    prayers: tuple[tuple[str, str], ...] = ()
    """(team, prayer) rolled for the underdog."""
    ctv: dict[int, int] = field(default_factory=dict)
    """Current team value of each team (by id) at the pre-game."""
    replay: dict[str, Any] | None = None
    """The stored match document (board or engine) to save beside the page."""


@dataclass(frozen=True)
class SeasonData:
    """One season: its table, rounds, leaders and each fixture's details."""

    season: SeasonView
    standings: StandingsView
    rounds: tuple[RoundView, ...]
    leaders: LeadersView
    details: dict[int, FixtureDetail]

    @property
    def fixtures(self) -> list[FixtureView]:
        """Every fixture with an id, round by round."""
        return [f for r in self.rounds for f in r.fixtures if f.id is not None]


@dataclass(frozen=True)
class SiteData:
    """Everything the site of one league is built from."""

    league: LeagueView
    teams: tuple[TeamView, ...]
    ledgers: dict[int, tuple[LedgerRow, ...]]
    seasons: tuple[SeasonData, ...]


def gather(services: Services, league: str | int, progress: Progress | None = None) -> SiteData:
    """Read a league, its teams, seasons and match days through the services.

    Raises:
        NotFound: no such league.
    """
    tell = progress or (lambda _text: None)
    view = services.leagues.get_league(league)
    tell("Reading teams")
    teams = sorted(services.teams.league_team_views(view.id), key=lambda t: t.name.lower())
    ledgers = {k: tuple(v) for k, v in services.teams.league_ledgers(view.id).items()}
    seasons: list[SeasonData] = []
    for season in sorted(services.seasons.list_seasons(view.id), key=lambda s: s.id):
        tell(f"Reading season {season.name}")
        rounds = tuple(services.seasons.rounds(season.id))
        details = {
            f.id: _detail(services, f)
            for r in rounds
            for f in r.fixtures
            if f.id is not None and f.result is not None and not f.score_only
        }
        seasons.append(
            SeasonData(
                season=season,
                standings=services.seasons.standings(season.id),
                rounds=rounds,
                leaders=services.seasons.leaders(season.id, limit=100_000),
                details={k: v for k, v in details.items() if v is not None},
            )
        )
    return SiteData(view, tuple(teams), ledgers, tuple(seasons))


def _detail(services: Services, fixture: FixtureView) -> FixtureDetail | None:
    assert fixture.id is not None
    try:
        day = services.match_day.get(fixture.id)
    except LeagueError:
        return None
    names = {"home": day.home, "away": day.away}
    players: dict[str, tuple[str, str]] = {}
    for side, snapshot in day.snapshots.items():
        for p in (snapshot or {}).get("players", ()):
            label = f"#{p.get('number', '')} {p.get('name', '')}".strip()
            for key in (p.get("id"), p.get("player_id")):
                if key is not None:
                    players[str(key)] = (names[side], label)
    pre = day.pre
    inducements = []
    ctv: dict[int, int] = {}
    for side, pside in pre.sides():
        ctv[pside.team_id] = pside.ctv
        if pside.inducements is not None:
            for line in pside.inducements.lines:
                inducements.append((names[side], line.name, line.quantity, line.cost))
    prayers = tuple((names[pre.prayers.team], p.name) for p in pre.prayers.results if pre.prayers.team)
    mvps: list[tuple[str, str, int | None]] = []
    spp: list[tuple[str, str, int | None, int]] = []
    injuries: list[tuple[str, str, int | None, str]] = []
    post = day.post
    if post is not None:
        for side, after in post.sides():
            if after.mvp:
                team, who = players.get(str(after.mvp), (names[side], str(after.mvp)))
                mvps.append((team, who, _player_id(after.mvp)))
        for award in post.players:
            team, who = players.get(str(award.id), ("", str(award.id)))
            if award.spp:
                spp.append((team, who, _player_id(award.id), award.spp))
        for injury in post.injuries:
            team, who = players.get(str(injury.player_id), ("", f"player {injury.player_id}"))
            lasting = f" ({injury.lasting})" if injury.lasting else ""
            injuries.append((team, who, injury.player_id, injury.injury + lasting))
    replay = None
    if services.replays.available(fixture.id):
        replay = services.replays.stored(fixture.id).document
    return FixtureDetail(
        mvps=tuple(mvps),
        spp=tuple(spp),
        injuries=tuple(injuries),
        inducements=tuple(inducements),
        prayers=prayers,
        ctv=ctv,
        replay=replay,
    )


def _player_id(key: object) -> int | None:
    """The database id behind a match-day player key ("12"), None for a journeyman's."""
    text = str(key)
    return int(text) if text.isdigit() else None


@dataclass
class CareerLine:
    """One player's (or team's) totals over every season of the league."""

    name: str
    team: str
    team_id: int
    player_id: int | None
    values: dict[str, int] = field(default_factory=lambda: defaultdict(int))


def careers(data: SiteData) -> tuple[dict[str, str], dict[int, CareerLine], dict[int, CareerLine]]:
    """Career totals from every season's full leader boards.

    Returns:
        The category labels, players' totals by player id, teams' totals by team id.
    """
    labels: dict[str, str] = {}
    players: dict[int, CareerLine] = {}
    teams: dict[int, CareerLine] = {}
    for season in data.seasons:
        for board in season.leaders.players:
            labels[board.category] = board.label
            for entry in board.entries:
                if entry.player_id is None:
                    continue
                line = players.setdefault(
                    entry.player_id, CareerLine(entry.name, entry.team, entry.team_id, entry.player_id)
                )
                line.values[board.category] += entry.value
        for board in season.leaders.teams:
            labels.setdefault(f"team:{board.category}", board.label)
            for entry in board.entries:
                line = teams.setdefault(
                    entry.team_id, CareerLine(entry.team, entry.team, entry.team_id, None)
                )
                line.values[board.category] += entry.value
    return labels, players, teams
