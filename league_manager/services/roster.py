"""Roster changes after the draft: hire and fire players and staff, buy re-rolls, rename, renumber.

Before a team's first match, firing refunds in full (the draft is still open);
afterwards hiring costs the normal price, firing refunds nothing and re-rolls cost
double (BB2020 post-game step 4).
"""

from __future__ import annotations

from sqlmodel import Session

from league_manager.core.errors import RuleViolation
from league_manager.core.limits import clean_name
from league_manager.core.money import format_gold
from league_manager.persistence import repositories as repo
from league_manager.persistence.models import League, Player, Team
from league_manager.rules.model import Ruleset, StaffRule
from league_manager.services.base import ServiceBase, team_ruleset
from league_manager.services.changes import Outcome
from league_manager.services.read_models import TeamView
from league_manager.services.teams import default_player_name, free_numbers
from league_manager.services.treasury import pay, team_outcome

STAFF_LABELS = {
    "assistant_coach": "Assistant coach",
    "cheerleader": "Cheerleader",
    "apothecary": "Apothecary",
}


RETIRED_WITH_COACH = "Retired: a free assistant coach"
"""The status reason of a classic (LRB 2004) retirement: undoing it takes that coach back."""


class RosterService(ServiceBase):
    """Hire, fire, rename and renumber; every money change is a treasury ledger row."""

    def hire_player(
        self, team: str | int, position: str, name: str | None = None, number: int | None = None
    ) -> Outcome[TeamView]:
        """Hire a player from the team's roster, paid from the treasury.

        Raises:
            RuleViolation: position limit, 16 players, big-guy limit, treasury, or number taken.
        """
        with self.transaction() as session:
            row, ruleset = self._team(session, team)
            roster = ruleset.team(row.race)
            pos = roster.position(position)
            players = [p for p in repo.players_of([row.id or 0], session=session) if not p.journeyman]
            same = sum(1 for p in players if p.position == pos.name)
            if same >= pos.max_quantity:
                raise RuleViolation(pos.name, f"at most {pos.max_quantity} (the team has {same})")
            if len(players) >= ruleset.draft.max_players:
                raise RuleViolation("players", f"the team already has {ruleset.draft.max_players} players")
            if pos.big_guy:
                big = sum(1 for p in players if roster.position(p.position).big_guy)
                if big >= roster.big_guy_limit:
                    raise RuleViolation("big guys", f"{roster.name} may have {roster.big_guy_limit}")
            pay(session, row, pos.cost, f"Hired {pos.name}")
            taken = {p.number for p in players}
            if number is None:
                number = free_numbers(taken, 1)[0]
            elif number in taken or not 1 <= number <= 99:
                raise RuleViolation("number", f"#{number} is taken or outside 1-99")
            player = Player(team_id=row.id or 0, number=number,
                            name=clean_name(name, "player") if (name or "").strip()
                            else default_player_name(pos, roster, number),
                            position=pos.name, cost=pos.cost)  # fmt: skip
            session.add(player)
            session.flush()
            repo.add_status(
                player, "hired", f"Hired for {format_gold(pos.cost)}", "purchase", session=session
            )
            return team_outcome(session, row, f"hired {player.name}", player.id)

    def fire_player(self, player_id: int) -> Outcome[TeamView]:
        """Remove a player from the roster (refunded in full before the first match).

        In a classic (LRB 2004) league a player removed after the team's first match retires,
        and each retiring player brings the team a free assistant coach (seed 001, "Hiring
        new players"); before the first match he is sold back as in any league.
        """
        with self.transaction() as session:
            player = repo.get_player(player_id, session=session)
            row, ruleset = self._team(session, player.team_id)
            if player.status not in {"active", "retired"}:
                raise RuleViolation("fire", f"{player.name} is not on the roster")
            if not row.first_match_played:
                repo.add_treasury(row.id or 0, player.cost, f"Sold back {player.name} (draft)",
                                  "sale", session=session)  # fmt: skip
                repo.add_status(player, "left", "Sold back during the draft", "sale", session=session)
            elif ruleset.classic:
                repo.add_status(player, "fired", RETIRED_WITH_COACH, "purchase", session=session)
                staff = repo.staff_of(row.id or 0, session=session)
                repo.set_staff(row.id or 0, "assistant_coach", staff["assistant_coach"] + 1, session=session)
                return team_outcome(
                    session, row, f"retired {player.name}; a free assistant coach joins", player.id
                )
            else:
                repo.add_status(player, "fired", "Fired", "purchase", session=session)
            return team_outcome(session, row, f"removed {player.name}", player.id)

    def rename_player(self, player_id: int, name: str) -> Outcome[TeamView]:
        """Give a player a new name."""
        name = clean_name(name, "player")
        with self.transaction() as session:
            player = repo.get_player(player_id, session=session)
            player.name = name
            session.add(player)
            row, _ = self._team(session, player.team_id)
            return team_outcome(session, row, f"renamed to {name}", player.id)

    def set_number(self, player_id: int, number: int) -> Outcome[TeamView]:
        """Give a player another shirt number (1-99, unique on the team)."""
        with self.transaction() as session:
            player = repo.get_player(player_id, session=session)
            row, _ = self._team(session, player.team_id)
            session.refresh(player)
            if not 1 <= number <= 99:
                raise RuleViolation("number", "shirt numbers run from 1 to 99")
            others = repo.players_of([player.team_id], session=session)
            if any(p.number == number and p.id != player.id for p in others):
                raise RuleViolation("number", f"#{number} is already taken")
            player.number = number
            session.add(player)
            return team_outcome(session, row, f"{player.name} now wears #{number}", player.id)

    def buy_reroll(self, team: str | int) -> Outcome[TeamView]:
        """Buy a team re-roll: roster cost during the draft, double afterwards."""
        with self.transaction() as session:
            row, ruleset = self._team(session, team)
            roster = ruleset.team(row.race)
            if row.rerolls >= ruleset.draft.max_rerolls:
                raise RuleViolation("re-rolls", f"at most {ruleset.draft.max_rerolls}")
            cost = roster.reroll_cost
            if row.first_match_played:
                cost *= ruleset.draft.reroll_multiplier_after_draft
            pay(session, row, cost, "Bought a team re-roll")
            row.rerolls += 1
            session.add(row)
            return team_outcome(session, row, "bought a re-roll")

    def remove_reroll(self, team: str | int) -> Outcome[TeamView]:
        """Sell back a re-roll during the draft (re-rolls are permanent once the team has played)."""
        with self.transaction() as session:
            row, ruleset = self._team(session, team)
            if row.first_match_played:
                raise RuleViolation("re-rolls", "once bought, a team re-roll stays for the league")
            if row.rerolls == 0:
                raise RuleViolation("re-rolls", "the team has none")
            repo.add_treasury(row.id or 0, ruleset.team(row.race).reroll_cost,
                              "Sold back a team re-roll (draft)", "sale", session=session)  # fmt: skip
            row.rerolls -= 1
            session.add(row)
            return team_outcome(session, row, "sold back a re-roll")

    def hire_staff(self, team: str | int, role: str) -> Outcome[TeamView]:
        """Hire one assistant coach, cheerleader or the apothecary."""
        with self.transaction() as session:
            row, ruleset = self._team(session, team)
            rule = self._staff_rule(ruleset, role)
            staff = repo.staff_of(row.id or 0, session=session)
            if role == "apothecary" and not ruleset.team(row.race).apothecary:
                raise RuleViolation("apothecary", f"{ruleset.team(row.race).name} may not hire one")
            if staff[role] >= rule.max:
                raise RuleViolation(STAFF_LABELS[role], f"at most {rule.max}")
            pay(session, row, rule.cost, f"Hired {STAFF_LABELS[role].lower()}")
            repo.set_staff(row.id or 0, role, staff[role] + 1, session=session)
            return team_outcome(session, row, f"hired {STAFF_LABELS[role].lower()}")

    def fire_staff(self, team: str | int, role: str) -> Outcome[TeamView]:
        """Let one staff member go (refunded in full before the first match)."""
        with self.transaction() as session:
            row, ruleset = self._team(session, team)
            rule = self._staff_rule(ruleset, role)
            staff = repo.staff_of(row.id or 0, session=session)
            if staff[role] == 0:
                raise RuleViolation(STAFF_LABELS[role], "the team has none")
            if not row.first_match_played:
                repo.add_treasury(row.id or 0, rule.cost, f"Sold back {STAFF_LABELS[role].lower()} (draft)",
                                  "sale", session=session)  # fmt: skip
            repo.set_staff(row.id or 0, role, staff[role] - 1, session=session)
            return team_outcome(session, row, f"let {STAFF_LABELS[role].lower()} go")

    def name_captain(self, team: str | int, player: str) -> Outcome[TeamView]:
        """Name the team's Season 3 Team Captain (a shirt number or name): the free Pro,
        no value (``services/captain.py``).

        Raises:
            RuleViolation: the team has no Team Captain rule, or the player may not be named.
        """
        from league_manager.services.captain import name_captain_in

        with self.transaction() as session:
            row, ruleset = self._team(session, team)
            chosen = name_captain_in(session, row, ruleset, player)
            return team_outcome(session, row, f"named {chosen.name} Captain", chosen.id)

    # -- helpers ---------------------------------------------------------------------------

    @staticmethod
    def _staff_rule(ruleset: Ruleset, role: str) -> StaffRule:
        rules = {
            "assistant_coach": ruleset.draft.assistant_coach,
            "cheerleader": ruleset.draft.cheerleader,
            "apothecary": ruleset.draft.apothecary,
        }
        if role not in rules:
            raise RuleViolation("staff", f"unknown role '{role}' (roles: {', '.join(rules)})")
        return rules[role]

    def _team(self, session: Session, team: str | int) -> tuple[Team, Ruleset]:
        row = repo.lock_team(repo.find_team(team, session=session), session=session)
        league = session.get(League, row.league_id)
        assert league is not None
        return row, team_ruleset(row, league)
