"""History in numbers: a player's games one by one, a team's figures over its matches and a
season's standings race, each read with one query per series."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from league_manager.persistence.match_day_models import MatchDay
from league_manager.persistence.models import (
    Advancement,
    DedicatedFansEntry,
    Player,
    PlayerStatusEntry,
    Team,
    TreasuryEntry,
)
from league_manager.persistence.season_models import (
    Fixture,
    FixtureResult,
    PlayerMatchStats,
    Round,
    Season,
)
from league_manager.rules.standings import PointsRules, rank
from league_manager.services.adjustments import points_by_team
from league_manager.services.history_models import (
    PlayerMatches,
    PlayerMatchLine,
    RaceLine,
    StandingsRace,
    TeamPoint,
    TeamSeries,
)
from league_manager.services.season_store import members
from league_manager.services.season_tables import match_records, tiebreaker_chain

SettingValue = bool | int | str
INJURY_WORDS = {"mng": "Miss next game", "niggling": "Niggling injury", "dead": "Dead"}
"""How a status-ledger kind reads in a player's match record (characteristic losses read "-AG")."""


def _result(verdict: str, own: int | None, other: int | None) -> str:
    """ "W 2-1", or the bare verdict when the game has no score (forfeit, ruling)."""
    return verdict if own is None or other is None else f"{verdict} {own}-{other}"


def _injury(entry: PlayerStatusEntry) -> str | None:
    if entry.kind == "characteristic" and entry.delta < 0 and entry.characteristic:
        return f"-{entry.characteristic}"
    return INJURY_WORDS.get(entry.kind)


def player_matches(player: Player, team: Team, *, session: Session) -> PlayerMatches:
    """Every game ``player`` has figures for, oldest first, with injuries and advancements.

    An advancement belongs to the game it names; one bought between games (no fixture on
    its row) belongs to the last game finished before it was bought.
    """
    assert player.id is not None
    rows = session.execute(
        sa_select(PlayerMatchStats, Fixture, FixtureResult, col(Round.name), col(Season.name))
        .join(Fixture, col(Fixture.id) == PlayerMatchStats.fixture_id)
        .join(FixtureResult, col(FixtureResult.fixture_id) == Fixture.id)
        .join(Round, col(Round.id) == Fixture.round_id)
        .join(Season, col(Season.id) == Fixture.season_id)
        .where(col(PlayerMatchStats.player_id) == player.id, col(Fixture.status) != "void")
        .order_by(col(FixtureResult.entered_at), col(Fixture.id))
    ).all()
    opponents = {t.id: t.name for t in session.exec(select(Team))}
    injuries: dict[int, list[str]] = defaultdict(list)
    for entry in session.exec(
        select(PlayerStatusEntry)
        .where(PlayerStatusEntry.player_id == player.id)
        .order_by(col(PlayerStatusEntry.id))
    ):
        word = _injury(entry)
        if word is not None and entry.fixture_id is not None:
            injuries[entry.fixture_id].append(word)
    finished = [(result.entered_at, fixture.id or 0) for _s, fixture, result, _r, _n in rows]
    gained: dict[int, list[str]] = defaultdict(list)
    for adv in session.exec(
        select(Advancement).where(Advancement.player_id == player.id).order_by(col(Advancement.id))
    ):
        owner = (
            adv.fixture_id
            if adv.fixture_id in {f for _w, f in finished}
            else _last_before(finished, adv.created_at)
        )
        if owner is not None:
            gained[owner].append(adv.skill or f"+{adv.characteristic}")
    lines: list[PlayerMatchLine] = []
    career = 0
    for stats, fixture, result, round_name, season_name in rows:
        home = fixture.home_team_id == stats.team_id
        other = fixture.away_team_id if home else fixture.home_team_id
        verdict = result.home_verdict if home else result.away_verdict
        own, against = (result.home_td, result.away_td) if home else (result.away_td, result.home_td)
        career += stats.spp
        fid = fixture.id or 0
        lines.append(
            PlayerMatchLine(
                fixture_id=fid, season=season_name, round=round_name,
                opponent=opponents.get(other, "—") if other is not None else "—",
                result=_result(verdict, own, against), td=stats.td, cas=stats.cas,
                completions=stats.completions, interceptions=stats.interceptions, mvp=stats.mvp,
                spp=stats.spp, career_spp=career, injuries=tuple(injuries.get(fid, ())),
                advancements=tuple(gained.get(fid, ())),
            )
        )  # fmt: skip
    return PlayerMatches(player.id, player.name, team.name, tuple(lines))


def _last_before(finished: Sequence[tuple[datetime, int]], when: datetime) -> int | None:
    """The fixture of the last game finished at or before ``when``."""
    before = [fid for at, fid in finished if at <= when]
    return before[-1] if before else None


def _balance_after(
    entries: Sequence[tuple[int, int | None, datetime, int]], fixture_id: int, entered_at: datetime
) -> int:
    """A ledger's balance after a game: up to its last row naming the game, else up to its result."""
    own = [eid for eid, fid, _at, _v in entries if fid == fixture_id]
    if own:
        return sum(v for eid, _f, _at, v in entries if eid <= max(own))
    return sum(v for _e, _f, at, v in entries if at <= entered_at)


def _team_value(pregame_json: str | None, side: str) -> int | None:
    """The team's current value the pre-game recorded (journeymen hired for the game left out)."""
    if not pregame_json:
        return None
    record: dict[str, Any] = json.loads(pregame_json)
    team = record.get("teams", {}).get(side)
    if not team or "ctv" not in team:
        return None
    return int(team["ctv"]) - sum(int(j.get("value", 0)) for j in team.get("journeymen", ()))


def team_series(team: Team, *, session: Session) -> TeamSeries:
    """The team's TV, treasury and dedicated fans at its start and after each of its games.

    Byes and void fixtures are not games; a game entered without a pre-game has no TV.
    """
    assert team.id is not None
    games = session.execute(
        sa_select(Fixture, FixtureResult, col(Round.name), col(Season.name), col(MatchDay.pregame_json))
        .join(FixtureResult, col(FixtureResult.fixture_id) == Fixture.id)
        .join(Round, col(Round.id) == Fixture.round_id)
        .join(Season, col(Season.id) == Fixture.season_id)
        .outerjoin(MatchDay, col(MatchDay.fixture_id) == Fixture.id)
        .where(
            (col(Fixture.home_team_id) == team.id) | (col(Fixture.away_team_id) == team.id),
            col(Fixture.away_team_id).is_not(None),
            col(Fixture.status) != "void",
            col(FixtureResult.outcome) != "bye",
        )
        .order_by(col(FixtureResult.entered_at), col(Fixture.id))
    ).all()
    gold = [
        (t.id or 0, t.fixture_id, t.created_at, t.amount)
        for t in session.exec(
            select(TreasuryEntry).where(TreasuryEntry.team_id == team.id).order_by(col(TreasuryEntry.id))
        )
    ]
    fans = [
        (f.id or 0, f.fixture_id, f.created_at, f.delta)
        for f in session.exec(
            select(DedicatedFansEntry)
            .where(DedicatedFansEntry.team_id == team.id)
            .order_by(col(DedicatedFansEntry.id))
        )
    ]
    points: list[TeamPoint] = []
    if games:
        first = games[0][1].entered_at
        first_ids = [eid for eid, fid, _a, _v in gold if fid == games[0][0].id]
        start_gold = (
            sum(v for eid, _f, _a, v in gold if eid < min(first_ids))
            if first_ids
            else sum(v for _e, _f, at, v in gold if at <= first)
        )
        first_fans = [eid for eid, fid, _a, _v in fans if fid == games[0][0].id]
        start_fans = (
            sum(v for eid, _f, _a, v in fans if eid < min(first_fans))
            if first_fans
            else sum(v for _e, _f, at, v in fans if at <= first)
        )
        points.append(TeamPoint("Start", None, None, start_gold, start_fans))
    for fixture, result, round_name, season_name, pregame in games:
        fid = fixture.id or 0
        side = "home" if fixture.home_team_id == team.id else "away"
        points.append(
            TeamPoint(
                f"{season_name} · {round_name}", fid, _team_value(pregame, side),
                _balance_after(gold, fid, result.entered_at), _balance_after(fans, fid, result.entered_at),
            )
        )  # fmt: skip
    return TeamSeries(team.id, team.name, tuple(points))


def standings_race(
    season: Season, settings: Mapping[str, SettingValue], *, session: Session
) -> StandingsRace:
    """Each team's league points after every round of the league stage.

    Points a commissioner added or removed count from the last round, so the race ends on
    the table's figures.
    """
    assert season.id is not None
    records = match_records(season.id, session=session)
    rounds = sorted({r.order[0] for r in records})
    query = sa_select(col(Round.number), col(Round.name)).where(col(Round.season_id) == season.id)
    names: dict[int, str] = {row[0]: row[1] for row in session.execute(query)}
    teams = members(season.id, session=session)
    ids = [m.team_id for m in teams]
    rules = PointsRules.from_settings(settings)
    chain = tiebreaker_chain(settings)
    adjusted = points_by_team(season.id, session=session)
    totals: dict[int, list[int]] = {t: [] for t in ids}
    for at, number in enumerate(rounds):
        last = at == len(rounds) - 1
        upto = [r for r in records if r.order[0] <= number]
        for standing in rank(ids, upto, rules, chain, season.seed, adjusted if last else None):
            totals[standing.team_id].append(standing.points)
    lines = tuple(RaceLine(m.team_id, m.name, tuple(totals[m.team_id])) for m in teams)
    ordered = sorted(lines, key=lambda line: (-(line.points[-1] if line.points else 0), line.team.lower()))
    return StandingsRace(season.id, season.name, tuple(names.get(n, str(n)) for n in rounds), tuple(ordered))
