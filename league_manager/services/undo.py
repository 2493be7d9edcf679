"""Undo for roster changes: each method is the exact inverse of one RosterService call.

The ledgers are never rewritten: an undo adds compensating rows (source
``correction``), so the history still shows what happened and what was taken back.
"""

from __future__ import annotations

import json

from sqlmodel import Session, col, select

from league_manager.core.errors import NotFound, RuleViolation
from league_manager.persistence import repositories as repo
from league_manager.persistence.match_day_models import MatchDay
from league_manager.persistence.models import League, PlayerStatusEntry, Team, TreasuryEntry
from league_manager.rules.model import Ruleset
from league_manager.services.base import ServiceBase, team_ruleset
from league_manager.services.changes import Outcome
from league_manager.services.read_models import TeamView
from league_manager.services.roster import RETIRED_WITH_COACH, STAFF_LABELS
from league_manager.services.treasury import pay, team_outcome

CORRECTION = "correction"


class UndoService(ServiceBase):
    """Take back the last hire, firing, re-roll purchase or staff change."""

    def undo_hire(self, player_id: int) -> Outcome[TeamView]:
        """Take back a hire: the player leaves and the fee returns to the treasury.

        Raises:
            RuleViolation: the player is no longer on the roster, or has been in a match
                (his hire is part of the league's history then).
        """
        with self.transaction() as session:
            player = repo.get_player(player_id, session=session)
            team = self._team(session, player.team_id)
            if player.status != "active":
                raise RuleViolation("undo", f"{player.name} is no longer on the roster")
            if _in_a_match(session, team.id or 0, player_id):
                raise RuleViolation(
                    "undo", f"{player.name} has been on the team sheet of a match; the hire stays"
                )
            repo.add_status(player, "left", "Hire undone", CORRECTION, session=session)
            repo.add_treasury(team.id or 0, player.cost, f"Undo: hired {player.name}", CORRECTION,
                              session=session)  # fmt: skip
            return team_outcome(session, team, f"took back the hire of {player.name}", player.id)

    def undo_fire(self, player_id: int) -> Outcome[TeamView]:
        """Take back a firing; a draft sale's refund is paid back out of the treasury.

        Raises:
            RuleViolation: the player is not gone, the roster is full, the shirt number
                has been given to another player (journeymen included) or the refund is spent.
        """
        with self.transaction() as session:
            player = repo.get_player(player_id, session=session)
            team = self._team(session, player.team_id)
            ruleset = self._ruleset(session, team)
            if player.status not in {"left", "fired"}:
                raise RuleViolation("undo", f"{player.name} is still on the roster")
            on_roster = [p for p in repo.players_of([team.id or 0], session=session) if not p.journeyman]
            if len(on_roster) >= ruleset.draft.max_players:
                raise RuleViolation("players", f"the team already has {ruleset.draft.max_players} players")
            wearer = next(
                (p for p in repo.players_of([team.id or 0], session=session) if p.number == player.number),
                None,
            )
            if wearer is not None:
                raise RuleViolation(
                    "undo",
                    f"{player.name}'s shirt #{player.number} is now worn by {wearer.name}; "
                    f"give one of them another number first, then undo the firing",
                )
            if player.status == "left":
                pay(session, team, player.cost, f"Undo: sold back {player.name}", CORRECTION)
            if _retired_with_coach(player.id or 0, session=session):  # LRB 2004: the free coach goes
                coaches = repo.staff_of(team.id or 0, session=session)["assistant_coach"]
                if coaches == 0:
                    raise RuleViolation(
                        "undo", f"the assistant coach {player.name}'s retirement brought has been let go"
                    )
                repo.set_staff(team.id or 0, "assistant_coach", coaches - 1, session=session)
            repo.add_status(player, "hired", "Firing undone", CORRECTION, session=session)
            return team_outcome(session, team, f"took back the firing of {player.name}", player.id)

    def undo_buy_reroll(self, team: str | int) -> Outcome[TeamView]:
        """Take back the last re-roll purchase and refund what it cost."""
        with self.transaction() as session:
            row = repo.lock_team(repo.find_team(team, session=session), session=session)
            if row.rerolls == 0:
                raise RuleViolation("re-rolls", "the team has none")
            paid = self._last_payment(session, row, "Bought a team re-roll")
            repo.add_treasury(row.id or 0, paid, "Undo: bought a team re-roll", CORRECTION, session=session)
            row.rerolls -= 1
            session.add(row)
            return team_outcome(session, row, "took back a re-roll purchase")

    def undo_sell_reroll(self, team: str | int) -> Outcome[TeamView]:
        """Take back a re-roll sold during the draft."""
        with self.transaction() as session:
            row = repo.lock_team(repo.find_team(team, session=session), session=session)
            cost = self._ruleset(session, row).team(row.race).reroll_cost
            pay(session, row, cost, "Undo: sold back a team re-roll", CORRECTION)
            row.rerolls += 1
            session.add(row)
            return team_outcome(session, row, "took back a re-roll sale")

    def undo_staff(self, team: str | int, role: str, hired: bool) -> Outcome[TeamView]:
        """Take back hiring (``hired``) or letting go of one staff member."""
        label = STAFF_LABELS.get(role)
        if label is None:
            raise RuleViolation("staff", f"unknown role '{role}'")
        with self.transaction() as session:
            row = repo.lock_team(repo.find_team(team, session=session), session=session)
            staff = repo.staff_of(row.id or 0, session=session)
            if hired:
                if staff[role] == 0:
                    raise RuleViolation(label, "the team has none")
                paid = self._last_payment(session, row, f"Hired {label.lower()}")
                repo.add_treasury(row.id or 0, paid, f"Undo: hired {label.lower()}", CORRECTION,
                                  session=session)  # fmt: skip
                repo.set_staff(row.id or 0, role, staff[role] - 1, session=session)
            else:
                if not row.first_match_played:
                    cost = {
                        "assistant_coach": self._ruleset(session, row).draft.assistant_coach.cost,
                        "cheerleader": self._ruleset(session, row).draft.cheerleader.cost,
                        "apothecary": self._ruleset(session, row).draft.apothecary.cost,
                    }[role]
                    pay(session, row, cost, f"Undo: sold back {label.lower()}", CORRECTION)
                repo.set_staff(row.id or 0, role, staff[role] + 1, session=session)
            return team_outcome(session, row, f"took back a change of {label.lower()}")

    # -- helpers ---------------------------------------------------------------------------

    @staticmethod
    def _team(session: Session, team_id: int) -> Team:
        team = session.get(Team, team_id)
        if team is None:
            raise NotFound(f"no team with id {team_id}")
        return repo.lock_team(team, session=session)

    def _ruleset(self, session: Session, team: Team) -> Ruleset:
        league = session.get(League, team.league_id)
        assert league is not None
        return team_ruleset(team, league)

    @staticmethod
    def _last_payment(session: Session, team: Team, reason: str) -> int:
        entry = session.exec(
            select(TreasuryEntry)
            .where(TreasuryEntry.team_id == team.id, TreasuryEntry.reason == reason)
            .order_by(col(TreasuryEntry.id).desc())
        ).first()
        if entry is None:
            raise RuleViolation("undo", f"no '{reason}' in the treasury ledger")
        return -entry.amount


def _in_a_match(session: Session, team_id: int, player_id: int) -> bool:
    """True when the player was on his team's sheet at any kick-off (a match-day snapshot)."""
    days = session.exec(
        select(MatchDay).where((MatchDay.home_team_id == team_id) | (MatchDay.away_team_id == team_id))
    ).all()
    for day in days:
        snapshot = day.home_snapshot_json if day.home_team_id == team_id else day.away_snapshot_json
        players = json.loads(snapshot or "{}").get("players", [])
        if any(str(p.get("id")) == str(player_id) for p in players):
            return True
    return False


def _retired_with_coach(player_id: int, *, session: Session) -> bool:
    """True when the player's latest status is a classic retirement that brought a free coach."""
    latest = session.exec(
        select(PlayerStatusEntry)
        .where(PlayerStatusEntry.player_id == player_id)
        .order_by(col(PlayerStatusEntry.id).desc())
    ).first()
    return latest is not None and latest.kind == "fired" and latest.reason == RETIRED_WITH_COACH
