"""Taking a re-draft back before the team plays in the new season.

The ledgers are never rewritten: the undo adds compensating rows (source ``correction``) for
the rows the re-draft wrote (their ids are kept in the :class:`TeamRedraft` row), puts the
staff and re-rolls back and marks the re-draft undone, so the team can be re-drafted again.
"""

from __future__ import annotations

import json
from typing import Any

from sqlmodel import Session, col, select

from league_manager.core.errors import RuleViolation
from league_manager.persistence import repositories as repo
from league_manager.persistence.models import Player, PlayerStatusEntry, Team, TreasuryEntry, utcnow
from league_manager.persistence.redraft_models import TeamRedraft

CORRECTION = "correction"

REVERSED = {"recovered": "mng", "reinstated": "retired", "left": "reinstated"}
"""The status row that takes back each one-off status row a re-draft writes."""


def written_rows(session: Session, team_id: int, source: str, after: tuple[int, int]) -> dict[str, list[int]]:
    """Ids of the treasury and status rows with ``source`` written for the team after ``after``
    (the largest treasury and status ids before the re-draft)."""
    players = select(Player.id).where(Player.team_id == team_id)
    treasury = session.exec(
        select(TreasuryEntry.id).where(
            TreasuryEntry.team_id == team_id, TreasuryEntry.source == source, col(TreasuryEntry.id) > after[0]
        )
    ).all()
    status = session.exec(
        select(PlayerStatusEntry.id).where(
            col(PlayerStatusEntry.player_id).in_(players),
            PlayerStatusEntry.source == source,
            col(PlayerStatusEntry.id) > after[1],
        )
    ).all()
    return {"treasury": [i for i in treasury if i], "status": [i for i in status if i]}


def last_ids(session: Session) -> tuple[int, int]:
    """The largest treasury and status row ids now (0 when none)."""
    t = session.exec(select(TreasuryEntry.id).order_by(col(TreasuryEntry.id).desc())).first()
    s = session.exec(select(PlayerStatusEntry.id).order_by(col(PlayerStatusEntry.id).desc())).first()
    return t or 0, s or 0


def take_back(session: Session, record: TeamRedraft, team: Team, season: str, source: str) -> None:
    """Write the compensating rows of ``record`` and mark it undone.

    Raises:
        RuleViolation: the re-draft's rows are not all in this database (a league copied from
            a file renumbers them): it cannot be taken back row by row.
    """
    detail: dict[str, Any] = json.loads(record.detail_json)
    ids = detail.get("rows") or {}
    money = session.exec(
        select(TreasuryEntry).where(
            col(TreasuryEntry.id).in_(ids.get("treasury", [])),
            TreasuryEntry.team_id == team.id,
            TreasuryEntry.source == source,
        )
    ).all()
    status = session.exec(
        select(PlayerStatusEntry)
        .where(col(PlayerStatusEntry.id).in_(ids.get("status", [])), PlayerStatusEntry.source == source)
        .order_by(col(PlayerStatusEntry.id).desc())
    ).all()
    if len(money) != len(ids.get("treasury", [])) or len(status) != len(ids.get("status", [])):
        raise RuleViolation(
            "undo", f"the rows of {team.name}'s re-draft for {season} are not all here; it stays"
        )
    where = f"re-draft for {season} taken back"
    was = {int(p["id"]): str(p["status"]) for p in detail.get("players", [])}
    net = sum(row.amount for row in money)
    if net:
        repo.add_treasury(team.id or 0, -net, f"The {where}", CORRECTION, session=session)
    for row in status:
        player = repo.get_player(row.player_id, session=session)
        if row.kind in ("niggling", "characteristic"):
            repo.add_status(player, row.kind, where, CORRECTION, session=session,
                            characteristic=row.characteristic, delta=-row.delta)  # fmt: skip
        elif row.kind == "left" and was.get(row.player_id) == "retired":
            repo.add_status(player, "retired", where, CORRECTION, session=session)
        else:
            repo.add_status(player, REVERSED[row.kind], where, CORRECTION, session=session)
    for extra in detail.get("extras", []):
        if extra["key"] == "rerolls":
            team.rerolls = int(extra["had"])
            session.add(team)
        else:
            repo.set_staff(team.id or 0, str(extra["key"]), int(extra["had"]), session=session)
    record.undone_at = utcnow()
    session.add(record)
    session.flush()


def live_redraft(session: Session, team_id: int, season_id: int) -> TeamRedraft | None:
    """The team's re-draft for the season that has not been taken back, if any."""
    return session.exec(
        select(TeamRedraft).where(
            TeamRedraft.team_id == team_id,
            TeamRedraft.season_id == season_id,
            col(TeamRedraft.undone_at).is_(None),
        )
    ).first()
