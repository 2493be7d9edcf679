"""Who holds which classic (LRB 2004) Major trophy, and the Dungeonbowl winner's Wizard contract.

A team holds a Major's trophy from the close of that tournament (``season classic-close``) until
the league closes the next tournament of the same name. Each Major trophy held gives one Trophy
Re-roll per match; the Chaos Cup adds one Handicap roll to every match, the Blood Bowl 20,000 gp
per match played (``rules/classic_tournaments/prizes``). The Dungeonbowl's Wizard contract runs
for a season: until the league closes its next Major tournament.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from sqlmodel import Session, col, select

from league_manager.persistence.classic_tournament_models import ClassicTournament
from league_manager.rules.classic_tournaments.tables import MAJORS


@dataclass(frozen=True, slots=True)
class Holdings:
    """A team's Major trophies (in the rules' order) and whether it holds the Dungeonbowl contract."""

    trophies: tuple[str, ...] = ()
    dungeonbowl_contract: bool = False

    def to_dict(self) -> dict[str, object]:
        """Plain data for records and ``--json``."""
        return {"trophies": list(self.trophies), "dungeonbowl_contract": self.dungeonbowl_contract}


def season_tournament(season_id: int, *, session: Session) -> ClassicTournament | None:
    """The tournament a season was named, if any."""
    return session.exec(select(ClassicTournament).where(ClassicTournament.season_id == season_id)).first()


def closed_tournaments(league_ids: Collection[int], *, session: Session) -> list[ClassicTournament]:
    """The leagues' closed tournaments, oldest close first."""
    if not league_ids:
        return []
    return list(
        session.exec(
            select(ClassicTournament)
            .where(
                col(ClassicTournament.league_id).in_(list(league_ids)),
                col(ClassicTournament.closed_at).is_not(None),
            )
            .order_by(col(ClassicTournament.closed_at), col(ClassicTournament.id))
        ).all()
    )


def holdings(league_ids: Collection[int], *, session: Session) -> dict[int, Holdings]:
    """Team id -> what it holds now, for every team of the leagues that holds something."""
    latest: dict[tuple[int, str], int] = {}
    last_major: dict[int, ClassicTournament] = {}
    for t in closed_tournaments(set(league_ids), session=session):
        if not t.major or t.winner_team_id is None:
            continue
        latest[(t.league_id, t.name)] = t.winner_team_id
        last_major[t.league_id] = t
    held: dict[int, list[str]] = {}
    for (_, name), team_id in latest.items():
        held.setdefault(team_id, []).append(name)
    contract = {t.winner_team_id for t in last_major.values() if t.name == "Dungeonbowl"}
    teams = set(held) | {t for t in contract if t is not None}
    return {
        team_id: Holdings(
            tuple(name for name in MAJORS if name in held.get(team_id, ())), team_id in contract
        )
        for team_id in teams
    }


def holdings_of(team_id: int, league_id: int, *, session: Session) -> Holdings:
    """What one team holds now (nothing when it holds no trophy)."""
    return holdings([league_id], session=session).get(team_id, Holdings())


def holdings_record(held: Mapping[str, Holdings]) -> dict[str, dict[str, object]]:
    """Per side, what each team held for a match, as a record keeps it."""
    return {side: h.to_dict() for side, h in held.items()}
