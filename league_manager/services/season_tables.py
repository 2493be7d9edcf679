"""Standings and leader boards of a season, read from the database in a few column queries."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence

from sqlalchemy import func
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from league_manager.core.errors import RuleViolation
from league_manager.persistence.models import Player
from league_manager.persistence.season_models import Fixture, FixtureResult, PlayerMatchStats, Round, Season
from league_manager.rules.standings import (
    BYE,
    TIEBREAKER_CHAINS,
    TIEBREAKER_LABELS,
    MatchRecord,
    PointsRules,
    Standing,
    explain,
    rank,
)
from league_manager.services.adjustments import points_by_team
from league_manager.services.season_read_models import (
    SCOPES,
    LeaderBoard,
    LeaderEntry,
    LeadersView,
    StandingRow,
    StandingsView,
    TableView,
)
from league_manager.services.season_store import Member, members

SettingValue = bool | int | str
PLAYER_CATEGORIES: tuple[tuple[str, str], ...] = (
    ("td", "Touchdowns"),
    ("cas", "Casualties"),
    ("completions", "Completions"),
    ("interceptions", "Interceptions"),
    ("deflections", "Deflections"),
    ("mvp", "Most valuable player awards"),
    ("spp", "Star player points"),
    ("kills", "Kills"),
)
TEAM_CATEGORIES: tuple[tuple[str, str], ...] = (
    ("points", "Points"),
    ("td_for", "Touchdowns scored"),
    ("cas_for", "Casualties caused"),
    ("td_against", "Fewest touchdowns conceded"),
    ("kills", "Kills"),
    ("completions", "Completions"),
)


def tiebreaker_chain(
    settings: Mapping[str, SettingValue], override: Sequence[str] | None = None
) -> tuple[str, ...]:
    """The tie-breaker keys after points: ``override`` or the league's ``tiebreakers`` preset.

    Raises:
        RuleViolation: an unknown key or preset.
    """
    if override is not None:
        unknown = [key for key in override if key not in TIEBREAKER_LABELS]
        if unknown:
            raise RuleViolation("tiebreakers", f"unknown tie-breaker(s) {', '.join(unknown)} "
                                f"(known: {', '.join(TIEBREAKER_LABELS)})")  # fmt: skip
        return tuple(k for k in override if k != "points")
    preset = str(settings.get("tiebreakers", "standard"))
    if preset not in TIEBREAKER_CHAINS:
        raise RuleViolation("tiebreakers", f"unknown preset '{preset}'")
    return TIEBREAKER_CHAINS[preset]


def match_records(season_id: int, *, session: Session) -> list[MatchRecord]:
    """The season's counted league fixtures (results of the league stage, void ones left out).

    A bye counts once its round is under way: when the season has a result in that
    round or a later one, so a schedule's future byes do not show in the table early.
    """
    rows = session.execute(
        sa_select(
            col(Fixture.id),
            col(Round.number),
            col(Fixture.home_team_id),
            col(Fixture.away_team_id),
            col(FixtureResult.outcome),
            col(FixtureResult.home_verdict),
            col(FixtureResult.away_verdict),
            col(FixtureResult.home_td),
            col(FixtureResult.away_td),
            col(FixtureResult.home_cas),
            col(FixtureResult.away_cas),
        )
        .join(Round, col(Round.id) == Fixture.round_id)
        .join(FixtureResult, col(FixtureResult.fixture_id) == Fixture.id)
        .where(
            col(Fixture.season_id) == season_id, col(Fixture.stage) == "league", col(Fixture.status) != "void"
        )
    ).all()
    played_rounds = [r[1] for r in rows if r[4] != "bye"]
    reached = max(played_rounds, default=0)
    records: list[MatchRecord] = []
    for fid, number, home, away, outcome, hv, av, htd, atd, hcas, acas in rows:
        if home is None or (outcome == "bye" and number > reached):
            continue
        scored = htd is not None and atd is not None
        if away is None or (hv == BYE and av == BYE):
            records.append(MatchRecord(fid or 0, (number, fid or 0), home, None, BYE, ""))
            if away is not None:
                records.append(MatchRecord(fid or 0, (number, fid or 0), away, None, BYE, ""))
            continue
        records.append(
            MatchRecord(
                fid or 0, (number, fid or 0), home, away, hv, av,
                htd or 0, atd or 0, hcas or 0, acas or 0, scored=scored,
            )
        )  # fmt: skip
    return records


def ranked(
    season: Season,
    team_ids: Sequence[int],
    settings: Mapping[str, SettingValue],
    *,
    session: Session,
    seed: int | None = None,
) -> list[Standing]:
    """The teams in standings order (for Swiss pairing and play-off seeding)."""
    assert season.id is not None
    records = match_records(season.id, session=session)
    chain = tiebreaker_chain(settings)
    return rank(
        team_ids, records, PointsRules.from_settings(settings), chain, season.seed if seed is None else seed,
        points_by_team(season.id, session=session),
    )  # fmt: skip


def standings(
    season: Season,
    settings: Mapping[str, SettingValue],
    *,
    session: Session,
    tiebreakers: Sequence[str] | None = None,
) -> StandingsView:
    """The overall table and one table per division, with the tie-breaker explanations."""
    assert season.id is not None
    team_rows = members(season.id, session=session)
    by_id = {m.team_id: m for m in team_rows}
    names = {m.team_id: m.name for m in team_rows}
    records = match_records(season.id, session=session)
    rules = PointsRules.from_settings(settings)
    chain = tiebreaker_chain(settings, tiebreakers)
    adjusted = points_by_team(season.id, session=session)

    def table(name: str, ids: list[int]) -> TableView:
        rows = rank(ids, records, rules, chain, season.seed, adjusted)
        return TableView(name, tuple(_row(r, by_id[r.team_id], names) for r in rows))

    overall = table(season.name, [m.team_id for m in team_rows])
    divisions: dict[str, list[int]] = defaultdict(list)
    for m in team_rows:
        if m.division is not None:
            divisions[m.division].append(m.team_id)
    return StandingsView(
        season=season.name,
        season_id=season.id,
        overall=overall,
        divisions=tuple(table(name, ids) for name, ids in divisions.items()),
        tiebreakers=tuple(TIEBREAKER_LABELS[k] for k in chain),
        points={
            "win": rules.win, "draw": rules.draw, "loss": rules.loss, "bye": rules.bye,
            "bonus_3_td": rules.bonus_3_td, "bonus_clean_sheet": rules.bonus_clean_sheet,
            "bonus_3_cas": rules.bonus_3_cas,
        },
    )  # fmt: skip


def _row(s: Standing, member: Member, names: Mapping[int, str]) -> StandingRow:
    return StandingRow(
        rank=s.rank, team_id=s.team_id, team=member.name, coach=member.coach, division=member.division,
        played=s.played, won=s.won, drawn=s.drawn, lost=s.lost, byes=s.byes, td_for=s.td_for,
        td_against=s.td_against, cas_for=s.cas_for, cas_against=s.cas_against, bonus_points=s.bonus,
        points=s.points, buchholz=s.buchholz, form=s.form, tiebreak=explain(s, names),
        decided_by=s.decided_by, tied_with=tuple(names[t] for t in s.tied_with), withdrawn=member.withdrawn,
    )  # fmt: skip


def _board(category: str, label: str, items: Sequence[tuple[int, str, int, str, int | None]], limit: int,
           ascending: bool = False) -> LeaderBoard:  # fmt: skip
    """Rank ``(value, name, team_id, team, player_id)`` items; equal values share a rank."""
    ordered = sorted(items, key=lambda i: (i[0] if ascending else -i[0], i[1].lower()))
    entries: list[LeaderEntry] = []
    for position, (value, name, team_id, team, player_id) in enumerate(ordered[:limit], start=1):
        shared = entries[-1].rank if entries and entries[-1].value == value else position
        entries.append(LeaderEntry(shared, name, team, team_id, value, player_id))
    return LeaderBoard(category, label, tuple(entries))


def counted_seasons(season: Season, scope: str, *, session: Session) -> list[Season]:
    """The seasons a leader board of ``scope`` counts: this one, or the league's up to this one.

    Raises:
        RuleViolation: an unknown scope.
    """
    if scope == "season":
        return [season]
    if scope != "career":
        raise RuleViolation("scope", f"unknown scope '{scope}' (known: {', '.join(SCOPES)})")
    return list(
        session.exec(
            select(Season)
            .where(Season.league_id == season.league_id, col(Season.id) <= season.id)
            .order_by(col(Season.id))
        )
    )


def leaders(
    season: Season,
    settings: Mapping[str, SettingValue],
    *,
    session: Session,
    limit: int = 5,
    scope: str = "season",
) -> LeadersView:
    """Player leader boards (from the per-player match stats) and team leader boards.

    ``scope`` ``season`` counts this season's games; ``career`` counts every season of the
    league up to and including this one (team figures are the sums of each season's table).
    """
    assert season.id is not None
    counted = counted_seasons(season, scope, session=session)
    season_ids = [s.id for s in counted]
    team_rows: dict[int, Member] = {}
    for counted_season in counted:
        assert counted_season.id is not None
        team_rows.update({m.team_id: m for m in members(counted_season.id, session=session)})
    stat_columns = [getattr(PlayerMatchStats, key) for key, _ in PLAYER_CATEGORIES]
    rows = session.exec(
        select(PlayerMatchStats.player_id, PlayerMatchStats.team_id, *[func.sum(c) for c in stat_columns])
        .join(Fixture, col(Fixture.id) == PlayerMatchStats.fixture_id)
        .where(col(Fixture.season_id).in_(season_ids), Fixture.status != "void")
        .group_by(col(PlayerMatchStats.player_id), col(PlayerMatchStats.team_id))
    ).all()
    players = {
        p.id: p.name for p in session.exec(select(Player).where(col(Player.id).in_([r[0] for r in rows])))
    }
    team_totals: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    boards = []
    for index, (key, label) in enumerate(PLAYER_CATEGORIES):
        found: list[tuple[int, str, int, str, int | None]] = []
        for row in rows:
            player_id, team_id, value = row[0], row[1], int(row[2 + index] or 0)
            team_totals[team_id][key] += value
            if value > 0:
                team = team_rows[team_id].name if team_id in team_rows else str(team_id)
                found.append((value, players.get(player_id, str(player_id)), team_id, team, player_id))
        boards.append(_board(key, label, found, limit))
    table: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    names: dict[int, str] = {}
    for counted_season in counted:
        for r in standings(counted_season, settings, session=session).overall.rows:
            names[r.team_id] = r.team
            for key in ("played", "points", "td_for", "cas_for", "td_against"):
                table[r.team_id][key] += int(getattr(r, key))
    team_boards = []
    for key, label in TEAM_CATEGORIES:
        items: list[tuple[int, str, int, str, int | None]]
        if key in {"kills", "completions"}:
            items = [(team_totals[t][key], names[t], t, names[t], None) for t in table]
            items = [i for i in items if i[0] > 0]
        else:
            items = [(table[t][key], names[t], t, names[t], None) for t in table if table[t]["played"]]
        team_boards.append(_board(key, label, items, limit, ascending=key == "td_against"))
    return LeadersView(
        season.name, season.id, tuple(boards), tuple(team_boards), scope, tuple(s.name for s in counted)
    )
