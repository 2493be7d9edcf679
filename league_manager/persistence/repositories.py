"""Repository functions: queries and ledger writes. They flush, never commit."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Sequence

from sqlalchemy import func
from sqlmodel import Session, col, select

from league_manager.core.errors import Ambiguous, NotFound
from league_manager.persistence.league_rules_models import Adjustment
from league_manager.persistence.models import (
    Advancement,
    Coach,
    DedicatedFansEntry,
    League,
    Player,
    PlayerStatusEntry,
    SppEntry,
    Staff,
    Team,
    TreasuryEntry,
)

STAFF_ROLES = ("assistant_coach", "cheerleader", "apothecary")


# -- leagues and coaches -------------------------------------------------------------------


def find_league(name_or_id: str | int, *, session: Session) -> League:
    """A league by (case-insensitive) name, or by id when no league has that name.

    Raises:
        NotFound: listing the leagues that exist.
    """
    leagues = session.exec(select(League).order_by(col(League.name))).all()
    wanted = str(name_or_id).strip().casefold()
    league = next((lg for lg in leagues if lg.name.casefold() == wanted), None)
    if league is None and str(name_or_id).strip().isdigit():
        league = session.get(League, int(name_or_id))
    if league is None:
        names = ", ".join(lg.name for lg in leagues)
        raise NotFound(f"no league '{name_or_id}'" + (f" (leagues: {names})" if names else ""))
    return league


def league_settings(league: League) -> dict[str, bool | int | str]:
    """The league's stored settings."""
    data = json.loads(league.settings_json or "{}")
    assert isinstance(data, dict)
    return data


def get_or_create_coach(name: str, *, session: Session) -> Coach:
    """The coach with this name, created when new."""
    wanted = name.strip().casefold()
    coach = next((c for c in session.exec(select(Coach)) if c.name.casefold() == wanted), None)
    if coach is None:
        coach = Coach(name=name.strip())
        session.add(coach)
        session.flush()
    return coach


# -- teams -------------------------------------------------------------------------------


def lock_team(team: Team, *, session: Session) -> Team:
    """Serialise every check-then-write on a team: call before reading what you check.

    SQLite has no row locks, so the whole file's write lock is taken (``BEGIN
    IMMEDIATE``, waiting up to the busy timeout) unless this transaction already
    holds it; PostgreSQL locks the team's row (``SELECT ... FOR UPDATE``). Either
    way a second writer to the same team waits until this transaction ends, and
    the team is read afresh once the lock is held.

    Returns:
        The same team, refreshed from the database under the lock.

    Raises:
        NotAllowed: on a shared league, the team belongs to another coach.
    """
    connection = session.connection()
    if connection.dialect.name == "sqlite":
        driver = connection.connection.driver_connection
        if driver is not None and not driver.in_transaction:
            connection.exec_driver_sql("BEGIN IMMEDIATE")
        session.refresh(team)
        return team
    locked = session.exec(
        select(Team).where(Team.id == team.id).with_for_update().execution_options(populate_existing=True)
    ).one_or_none()
    if locked is None:  # a shared league's server hides another coach's team from writes
        from league_manager.persistence.share_guard import not_your_team

        raise not_your_team(connection, team.id or 0)
    return locked


def find_team(name_or_id: str | int, *, session: Session, league_id: int | None = None) -> Team:
    """A team by (case-insensitive) name, or by id when no team has that name.

    Raises:
        NotFound: no such team.
        Ambiguous: the name is used in several leagues (the message lists them).
    """
    # casefold in Python: SQLite's lower() only folds ASCII ("Гномы" would never match)
    wanted = str(name_or_id).strip().casefold()
    query = select(Team)
    if league_id is not None:
        query = query.where(Team.league_id == league_id)
    teams = [t for t in session.exec(query) if t.name.casefold() == wanted]
    if not teams and str(name_or_id).strip().isdigit():
        team = session.get(Team, int(name_or_id))
        if team is not None and league_id in (None, team.league_id):
            return team
    if not teams:
        raise NotFound(f"no team '{name_or_id}'")
    if len(teams) > 1:
        where = ", ".join(f"id {t.id} in {_league_name(t.league_id, session)}" for t in teams)
        raise Ambiguous(f"several teams are called '{name_or_id}' ({where}); give the id or --league")
    return teams[0]


def _league_name(league_id: int, session: Session) -> str:
    league = session.get(League, league_id)
    return league.name if league else f"league {league_id}"


def teams_of(league_id: int | None, *, session: Session) -> Sequence[Team]:
    """Teams of a league (or of every league), by name."""
    query = select(Team).order_by(col(Team.league_id), col(Team.name))
    if league_id is not None:
        query = query.where(Team.league_id == league_id)
    return session.exec(query).all()


def staff_of(team_id: int, *, session: Session) -> dict[str, int]:
    """Staff counts by role."""
    counts = dict.fromkeys(STAFF_ROLES, 0)
    for row in session.exec(select(Staff).where(Staff.team_id == team_id)):
        counts[row.role] = row.quantity
    return counts


def set_staff(team_id: int, role: str, quantity: int, *, session: Session) -> None:
    """Set the count of one staff role."""
    row = session.exec(select(Staff).where(Staff.team_id == team_id, Staff.role == role)).first()
    if row is None:
        row = Staff(team_id=team_id, role=role, quantity=quantity)
    row.quantity = quantity
    session.add(row)
    session.flush()


# -- ledgers -----------------------------------------------------------------------------


def add_treasury(
    team_id: int,
    amount: int,
    reason: str,
    source: str,
    *,
    session: Session,
    fixture_id: int | None = None,
) -> TreasuryEntry:
    """Write a treasury ledger row."""
    entry = TreasuryEntry(team_id=team_id, amount=amount, reason=reason, source=source, fixture_id=fixture_id)
    session.add(entry)
    session.flush()
    return entry


def treasury_balance(team_id: int, *, session: Session) -> int:
    """The treasury: the sum of the ledger."""
    total = session.exec(
        select(func.coalesce(func.sum(TreasuryEntry.amount), 0)).where(TreasuryEntry.team_id == team_id)
    ).one()
    return int(total)


def treasury_rows(team_id: int, *, session: Session) -> Sequence[TreasuryEntry]:
    """Treasury ledger rows, oldest first."""
    return session.exec(
        select(TreasuryEntry)
        .where(TreasuryEntry.team_id == team_id)
        .order_by(col(TreasuryEntry.created_at), col(TreasuryEntry.id))
    ).all()


def add_fans(
    team_id: int,
    delta: int,
    reason: str,
    source: str,
    *,
    session: Session,
    fixture_id: int | None = None,
) -> DedicatedFansEntry:
    """Write a dedicated-fans ledger row."""
    entry = DedicatedFansEntry(
        team_id=team_id, delta=delta, reason=reason, source=source, fixture_id=fixture_id
    )
    session.add(entry)
    session.flush()
    return entry


def fans_balance(team_id: int, *, session: Session) -> int:
    """Dedicated fans: the sum of the ledger."""
    total = session.exec(
        select(func.coalesce(func.sum(DedicatedFansEntry.delta), 0)).where(
            DedicatedFansEntry.team_id == team_id
        )
    ).one()
    return int(total)


def sums_by_team(
    entity: type[TreasuryEntry] | type[DedicatedFansEntry],
    team_ids: Iterable[int],
    *,
    session: Session,
) -> dict[int, int]:
    """Ledger balances of many teams in one query."""
    ids = list(team_ids)
    amount = col(TreasuryEntry.amount) if entity is TreasuryEntry else col(DedicatedFansEntry.delta)
    team = col(entity.team_id)
    rows = session.exec(select(team, func.sum(amount)).where(team.in_(ids)).group_by(team)).all()
    out = dict.fromkeys(ids, 0)
    out.update({int(team): int(total) for team, total in rows})
    return out


def add_spp(
    player_id: int,
    amount: int,
    reason: str,
    source: str,
    *,
    session: Session,
    fixture_id: int | None = None,
) -> SppEntry:
    """Write an SPP ledger row (positive earned, negative spent)."""
    entry = SppEntry(player_id=player_id, amount=amount, reason=reason, source=source, fixture_id=fixture_id)
    session.add(entry)
    session.flush()
    return entry


def add_status(
    player: Player,
    kind: str,
    reason: str,
    source: str,
    *,
    session: Session,
    characteristic: str | None = None,
    delta: int = 0,
    fixture_id: int | None = None,
) -> PlayerStatusEntry:
    """Write a player-status ledger row and update the cached status."""
    entry = PlayerStatusEntry(
        player_id=player.id or 0,
        kind=kind,
        characteristic=characteristic,
        delta=delta,
        reason=reason,
        source=source,
        fixture_id=fixture_id,
    )
    session.add(entry)
    if kind in FINAL_STATUS:
        player.status = FINAL_STATUS[kind]
        session.add(player)
    session.flush()
    return entry


FINAL_STATUS = {
    "dead": "dead",
    "retired": "retired",
    "fired": "fired",
    "left": "left",
    "hired": "active",
    "reinstated": "active",
}


def rebuild_player_status(player_id: int, *, session: Session) -> str:
    """The status the ledger implies (proves the cached ``Player.status``)."""
    status = "active"
    rows = session.exec(
        select(PlayerStatusEntry)
        .where(PlayerStatusEntry.player_id == player_id)
        .order_by(col(PlayerStatusEntry.id))
    )
    for row in rows:
        status = FINAL_STATUS.get(row.kind, status)
    return status


# -- players -----------------------------------------------------------------------------


def get_player(player_id: int, *, session: Session) -> Player:
    """A player by id.

    Raises:
        NotFound: no such player.
    """
    player = session.get(Player, player_id)
    if player is None:
        raise NotFound(f"no player with id {player_id}")
    return player


def players_of(team_ids: Iterable[int], *, session: Session, include_gone: bool = False) -> Sequence[Player]:
    """Players of some teams, by team and number."""
    query = select(Player).where(col(Player.team_id).in_(list(team_ids)))
    if not include_gone:
        query = query.where(col(Player.status).in_(["active", "retired"]))
    return session.exec(query.order_by(col(Player.team_id), col(Player.number))).all()


SPP_SPENT = "advancement"
"""The SPP ledger source of rows that spend SPP (and of refunds when an advancement is reverted)."""


class PlayerFacts:
    """Ledger facts about many players, read with a handful of queries."""

    def __init__(self, player_ids: Iterable[int], *, session: Session) -> None:
        ids = list(player_ids)
        self.spp: dict[int, int] = defaultdict(int)
        self.spp_earned: dict[int, int] = defaultdict(int)
        self.advancements: dict[int, list[Advancement]] = defaultdict(list)
        self.status: dict[int, list[PlayerStatusEntry]] = defaultdict(list)
        self.value_adjusted: dict[int, int] = defaultdict(int)  # a commissioner's value adjustments
        if not ids:
            return
        for player_id, amount in session.exec(
            select(Adjustment.player_id, Adjustment.amount).where(
                Adjustment.kind == "value", col(Adjustment.player_id).in_(ids)
            )
        ):
            self.value_adjusted[player_id or 0] += amount
        for player_id, amount, source in session.exec(
            select(SppEntry.player_id, SppEntry.amount, SppEntry.source).where(
                col(SppEntry.player_id).in_(ids)
            )
        ):
            self.spp[player_id] += amount
            if source != SPP_SPENT:  # a correction's reversing rows take back what was earned
                self.spp_earned[player_id] += amount
        for adv in session.exec(
            select(Advancement).where(col(Advancement.player_id).in_(ids)).order_by(col(Advancement.id))
        ):
            self.advancements[adv.player_id].append(adv)
        for row in session.exec(
            select(PlayerStatusEntry)
            .where(col(PlayerStatusEntry.player_id).in_(ids))
            .order_by(col(PlayerStatusEntry.id))
        ):
            self.status[row.player_id].append(row)

    def misses_next_game(self, player_id: int) -> bool:
        """True when the latest MNG has not been followed by a recovery."""
        pending = False
        for row in self.status[player_id]:
            if row.kind == "mng":
                pending = True
            elif row.kind == "recovered":
                pending = False
        return pending

    def characteristic_changes(self, player_id: int) -> dict[str, int]:
        """Net "better by" steps per characteristic: improvements minus injuries."""
        changes: dict[str, int] = defaultdict(int)
        for adv in self.advancements[player_id]:
            if adv.characteristic:
                changes[adv.characteristic] += 1
        for row in self.status[player_id]:
            if row.kind == "characteristic" and row.characteristic:
                changes[row.characteristic] += row.delta
        return dict(changes)

    def improvements(self, player_id: int) -> dict[str, int]:
        """Characteristic improvements bought with SPP (injuries do not reduce the count)."""
        counts: dict[str, int] = defaultdict(int)
        for adv in self.advancements[player_id]:
            if adv.characteristic:
                counts[adv.characteristic] += 1
        return dict(counts)

    def niggling(self, player_id: int) -> int:
        """Niggling injuries (net of recoveries)."""
        return sum(row.delta or 1 for row in self.status[player_id] if row.kind == "niggling")
