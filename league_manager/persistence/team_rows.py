"""The team-list rows through the ORM (any backend): only what the list shows, one query per table.

The same rows as :mod:`listing_reader` reads with plain sqlite3, so both paths share the
team-value arithmetic of ``services.team_list``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from sqlalchemy import func
from sqlalchemy import select as core_select
from sqlmodel import Session, col, select

from league_manager.persistence.listing_reader import STAFF_ROLES, LeagueRow, PlayerRow, TeamRow
from league_manager.persistence.models import (
    Advancement,
    Coach,
    DedicatedFansEntry,
    League,
    Player,
    PlayerStatusEntry,
    SppEntry,
    Staff,
    TreasuryEntry,
)
from league_manager.persistence.repositories import league_settings, sums_by_team, teams_of
from league_manager.persistence.season_close_models import SeasonClose


def league_rows(*, session: Session) -> dict[int, LeagueRow]:
    """Every league by id, with its stored settings."""
    return {
        lg.id: LeagueRow(lg.id, lg.name, lg.ruleset_id, lg.ruleset_version, league_settings(lg))
        for lg in session.exec(select(League))
        if lg.id is not None
    }


def team_rows(league_id: int | None, *, session: Session) -> list[TeamRow]:
    """Teams of a league (or of every league) by league and name, with their players' value facts."""
    teams = teams_of(league_id, session=session)
    ids = [t.id for t in teams if t.id is not None]
    if not ids:
        return []
    coach_ids = {t.coach_id for t in teams}
    coaches = {c.id: c.name for c in session.exec(select(Coach).where(col(Coach.id).in_(coach_ids)))}
    staff: dict[int, dict[str, int]] = {i: dict.fromkeys(STAFF_ROLES, 0) for i in ids}
    for row in session.exec(select(Staff).where(col(Staff.team_id).in_(ids))):
        staff[row.team_id][row.role] = row.quantity
    treasury = sums_by_team(TreasuryEntry, ids, session=session)
    fans = sums_by_team(DedicatedFansEntry, ids, session=session)
    players = _players(ids, session)
    latest: dict[int, int | None] = {}  # league -> the champion of its latest closed season
    for league, champion in session.exec(
        select(SeasonClose.league_id, SeasonClose.champion_team_id).order_by(col(SeasonClose.id))
    ):
        latest[league] = champion
    holders = set(latest.values())
    return [
        TeamRow(t.id, t.name, t.league_id, coaches[t.coach_id], t.race, t.ruleset_id, t.rerolls,
                staff[t.id], treasury[t.id], fans[t.id], tuple(players[t.id]), int(t.id in holders))
        for t in teams
        if t.id is not None
    ]  # fmt: skip


def _players(team_ids: list[int], session: Session) -> dict[int, list[PlayerRow]]:
    columns = (Player.id, Player.team_id, Player.position, Player.status, Player.journeyman)
    query = (  # five columns: more than sqlmodel's typed select takes
        core_select(*(col(c) for c in columns))
        .where(col(Player.team_id).in_(team_ids), col(Player.status).in_(["active", "retired"]))
        .order_by(col(Player.team_id), col(Player.number))
    )
    rows: Sequence[Any] = session.connection().execute(query).all()
    player_ids = [row[0] for row in rows]
    increases: dict[int, int] = defaultdict(int)
    mng: dict[int, bool] = defaultdict(bool)
    if player_ids:
        amount = func.sum(col(Advancement.value_increase))
        for player_id, total in session.exec(
            select(Advancement.player_id, amount)
            .where(col(Advancement.player_id).in_(player_ids))
            .group_by(col(Advancement.player_id))
        ):
            increases[player_id] = int(total or 0)
        for player_id, kind in session.exec(  # the latest MNG not followed by a recovery
            select(PlayerStatusEntry.player_id, PlayerStatusEntry.kind)
            .where(
                col(PlayerStatusEntry.player_id).in_(player_ids),
                col(PlayerStatusEntry.kind).in_(["mng", "recovered"]),
            )
            .order_by(col(PlayerStatusEntry.id))
        ):
            mng[player_id] = kind == "mng"
    spp: dict[int, int] = defaultdict(int)
    if player_ids:
        for player_id, total in session.exec(
            select(SppEntry.player_id, func.sum(col(SppEntry.amount)))
            .where(col(SppEntry.player_id).in_(player_ids))
            .group_by(col(SppEntry.player_id))
        ):
            spp[player_id] = int(total or 0)
    players: dict[int, list[PlayerRow]] = {i: [] for i in team_ids}
    for row in rows:
        player_id, team_id, position, status, journeyman = row
        facts = (increases[player_id], mng[player_id], spp[player_id])
        players[team_id].append(PlayerRow(player_id, team_id, position, status, bool(journeyman), *facts))
    return players
