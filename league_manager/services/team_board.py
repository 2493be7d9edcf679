"""A team's match-board settings: its saved formations and its colours (one transaction per call).

Formations are saved from the board's set-up and offered at every later set-up of the team;
colours are drawn on its tokens and dugout. A team with no colours stored uses its race's
(``rules.team_colours.default_colours``).
"""

from __future__ import annotations

import json

from sqlmodel import Session, col, select

from league_manager.core.errors import RuleViolation
from league_manager.match.formations import FormationError, SavedFormation, check
from league_manager.persistence import repositories as repo
from league_manager.persistence.models import Team, utcnow
from league_manager.persistence.team_board_models import TeamColours as ColoursRow
from league_manager.persistence.team_board_models import TeamFormation
from league_manager.rules.team_colours import TeamColours, check_colour, default_colours
from league_manager.services.base import ServiceBase
from league_manager.services.changes import Changes, Outcome

MAX_FORMATIONS = 20
"""Saved formations a team may keep."""


class TeamBoardService(ServiceBase):
    """Saved formations and colours of teams."""

    def formations(self, team: str | int) -> list[SavedFormation]:
        """The team's saved formations, by name.

        Raises:
            NotFound: no such team.
        """
        with self.transaction() as session:
            row = repo.find_team(team, session=session)
            return [_formation(f) for f in _formation_rows(_id(row), session=session)]

    def save_formation(self, team: str | int, formation: SavedFormation) -> Outcome[list[SavedFormation]]:
        """Store a formation under its name (replacing one of that name).

        Raises:
            NotFound: no such team.
            RuleViolation: a formation that cannot be stored, or the team already keeps
                :data:`MAX_FORMATIONS` others.
        """
        try:
            formation = check(formation)
        except FormationError as exc:
            raise RuleViolation("formation", str(exc)) from None
        spots = json.dumps(formation.to_dict()["spots"], separators=(",", ":"))
        with self.transaction() as session:
            row = repo.find_team(team, session=session)
            team_id = _id(row)
            stored = list(_formation_rows(team_id, session=session))
            same = next((f for f in stored if f.name == formation.name), None)
            if same is None:
                if len(stored) >= MAX_FORMATIONS:
                    raise RuleViolation(
                        "formation",
                        f"{row.name} keeps {MAX_FORMATIONS} formations already; delete one first",
                    )
                same = TeamFormation(team_id=team_id, name=formation.name, spots_json=spots)
            same.spots_json, same.updated_at = spots, utcnow()
            session.add(same)
            session.flush()
            found = [_formation(f) for f in _formation_rows(team_id, session=session)]
        return Outcome(found, _changes(team_id, f"formation '{formation.name}' saved"))

    def delete_formation(self, team: str | int, name: str) -> Outcome[list[SavedFormation]]:
        """Forget a saved formation.

        Raises:
            NotFound: no such team.
            RuleViolation: the team has no formation of that name.
        """
        with self.transaction() as session:
            row = repo.find_team(team, session=session)
            team_id = _id(row)
            found = next((f for f in _formation_rows(team_id, session=session) if f.name == name), None)
            if found is None:
                raise RuleViolation("formation", f"{row.name} has no formation called '{name}'")
            session.delete(found)
            session.flush()
            left = [_formation(f) for f in _formation_rows(team_id, session=session)]
        return Outcome(left, _changes(team_id, f"formation '{name}' deleted"))

    def colours(self, team: str | int) -> TeamColours:
        """The team's colours: stored ones, else its race's default.

        Raises:
            NotFound: no such team.
        """
        with self.transaction() as session:
            return team_colours(repo.find_team(team, session=session), session=session)

    def set_colours(self, team: str | int, primary: str, secondary: str) -> Outcome[TeamColours]:
        """Store the team's colours (``#rrggbb``).

        Raises:
            NotFound: no such team.
            RuleViolation: a value that is not a colour, or the same colour twice.
        """
        try:
            chosen = TeamColours(check_colour(primary), check_colour(secondary))
        except ValueError as exc:
            raise RuleViolation("colours", str(exc)) from None
        if chosen.primary == chosen.secondary:
            raise RuleViolation("colours", "the primary and secondary colours must differ")
        with self.transaction() as session:
            team_id = _id(repo.find_team(team, session=session))
            row = session.exec(select(ColoursRow).where(ColoursRow.team_id == team_id)).first()
            row = row or ColoursRow(team_id=team_id, primary=chosen.primary, secondary=chosen.secondary)
            row.primary, row.secondary, row.updated_at = chosen.primary, chosen.secondary, utcnow()
            session.add(row)
        return Outcome(chosen, _changes(team_id, "team colours changed"))


def team_colours(team: Team, *, session: Session) -> TeamColours:
    """A team's stored colours, or its race's default (for other services' reads)."""
    row = session.exec(select(ColoursRow).where(ColoursRow.team_id == _id(team))).first()
    return default_colours(team.race) if row is None else TeamColours(row.primary, row.secondary)


def _id(team: Team) -> int:
    if team.id is None:
        raise RuleViolation("team", f"team {team.name} has no id yet")
    return team.id


def _formation_rows(team_id: int, *, session: Session) -> list[TeamFormation]:
    query = select(TeamFormation).where(TeamFormation.team_id == team_id).order_by(col(TeamFormation.name))
    return list(session.exec(query).all())


def _formation(row: TeamFormation) -> SavedFormation:
    return SavedFormation.from_dict({"name": row.name, "spots": json.loads(row.spots_json)})


def _changes(team_id: int, what: str) -> Changes:
    return Changes(teams=frozenset({team_id}), description=what)
