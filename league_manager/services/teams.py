"""Team use cases: draft a team, edit the draft before the first match, list and show teams."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from sqlmodel import Session

from league_manager.core.errors import RuleViolation, RuleViolations
from league_manager.core.limits import clean_name
from league_manager.persistence import repositories as repo
from league_manager.persistence.models import League, Player, Team
from league_manager.persistence.team_rows import league_rows, team_rows
from league_manager.rules.draft import DraftCheck, DraftPlan, check_draft, position_counts
from league_manager.rules.model import DraftRules, Position, Ruleset, TeamRoster
from league_manager.services.base import ServiceBase, team_ruleset
from league_manager.services.changes import Changes, Outcome
from league_manager.services.read_models import LedgerRow, TeamSummary, TeamView
from league_manager.services.team_import import create_from_paper
from league_manager.services.team_list import team_summary
from league_manager.services.team_views import build_team_views, ledger_rows

DRAFT = "draft"


def default_player_name(position: Position, roster: TeamRoster, number: int) -> str:
    """A placeholder name a coach can change: ``"Blitzer #4"``."""
    short = position.name.removeprefix(roster.name).strip() or position.name
    return f"{short} #{number}"


def free_numbers(taken: set[int], count: int) -> list[int]:
    """The lowest ``count`` shirt numbers not yet taken (1-99)."""
    numbers = [n for n in range(1, 100) if n not in taken][:count]
    if len(numbers) < count:
        raise RuleViolation("numbers", "no free shirt numbers left (1-99)")
    return numbers


class TeamService(ServiceBase):
    """Draft, edit, list and show teams."""

    def check_draft(self, league: str | int, plan: DraftPlan) -> DraftCheck:
        """Price a draft against the league's budget and list the rules it breaks."""
        with self.transaction() as session:
            lg = repo.find_league(league, session=session)
            budget = int(self.settings_of(lg)["budget"])
            return check_draft(self.ruleset_of(lg), plan, budget)

    def draft_team(self, league: str | int, name: str, coach: str, plan: DraftPlan) -> Outcome[TeamView]:
        """Create a team from a legal draft; the unspent budget goes to the treasury.

        Raises:
            RuleViolations: every rule the draft breaks; nothing is created.
            RuleViolation: empty or taken name, missing coach.
        """
        with self.transaction() as session:
            lg = repo.find_league(league, session=session)
            team = self.draft_in(session, lg, name, coach, plan)
            view = self._view(session, team)
        return Outcome(view, Changes(leagues=frozenset({lg.id or 0}), teams=frozenset({view.id}),
                                     description=f"drafted {view.name}"))  # fmt: skip

    def create_from_paper(self, league: str | int, data: Mapping[str, Any]) -> Outcome[TeamView]:
        """Create a team joining from paper with its roster as it stands (docs/team-from-file.md).

        Raises:
            RuleViolations: every problem of the file; nothing is created.
        """
        with self.transaction() as session:
            lg = repo.find_league(league, session=session)
            team = create_from_paper(session, lg, self.ruleset_of(lg), data)
            view = self._view(session, team)
        return Outcome(view, Changes(leagues=frozenset({lg.id or 0}), teams=frozenset({view.id}),
                                     description=f"{view.name} joined from paper"))  # fmt: skip

    def draft_in(
        self,
        session: Session,
        lg: League,
        name: str,
        coach: str,
        plan: DraftPlan,
        player_names: Sequence[str] = (),
    ) -> Team:
        """Draft a team inside the caller's transaction (the demo builds a league in one).

        Raises:
            RuleViolations: every rule the draft breaks.
        """
        ruleset = self.ruleset_of(lg)
        check = check_draft(ruleset, plan, int(self.settings_of(lg)["budget"]))
        problems = list(check.violations)
        name, name_problem = _named(name, "team", "name")
        coach, coach_problem = _named(coach, "coach", "coach")
        for typed in player_names:
            if typed.strip():
                problems.extend(_named(typed, "player", "player names")[1])
        if name_problem:
            problems[:0] = name_problem
        elif any(t.name.casefold() == name.casefold() for t in repo.teams_of(lg.id, session=session)):
            problems.insert(0, RuleViolation("name", f"{lg.name} already has a team called '{name}'"))
        problems[:0] = coach_problem
        if problems:
            raise RuleViolations(problems)
        assert lg.id is not None
        team = Team(
            league_id=lg.id,
            coach_id=repo.get_or_create_coach(coach, session=session).id or 0,
            name=name,
            race=check.roster.id,
            ruleset_id=ruleset.id,
            special_rule_choice=plan.special_rule_choice,
        )
        session.add(team)
        session.flush()
        assert team.id is not None
        repo.add_treasury(team.id, check.budget, "Draft budget", DRAFT, session=session)
        if ruleset.draft.fans_free:
            repo.add_fans(team.id, ruleset.draft.fans_free, "Free dedicated fan", DRAFT, session=session)
        self._apply_plan(session, team, check, plan, previous=None, player_names=player_names)
        return team

    def redraft(self, team: str | int, plan: DraftPlan) -> Outcome[TeamView]:
        """Edit a team's draft before its first match; sold-back items refund in full.

        Raises:
            RuleViolation: the team has already played.
            RuleViolations: the new draft breaks rules; nothing is changed.
        """
        with self.transaction() as session:
            row = repo.lock_team(repo.find_team(team, session=session), session=session)
            if row.first_match_played:
                raise RuleViolation("draft", f"{row.name} has played a match; hire and fire instead")
            lg = session.get(League, row.league_id)
            assert lg is not None and row.id is not None
            if self.ruleset_of(lg).team(plan.race).id != row.race:
                raise RuleViolation("race", f"{row.name} is a {self.ruleset_of(lg).team(row.race).name} team")
            current = self._current_plan(session, row)
            spent_before = check_draft(self.ruleset_of(lg), current, 10**9).cost
            budget = repo.treasury_balance(row.id, session=session) + spent_before
            check = check_draft(self.ruleset_of(lg), plan, budget)
            if not check.legal:
                raise RuleViolations(list(check.violations))
            self._apply_plan(session, row, check, plan, previous=current)
            view = self._view(session, row)
        return Outcome(view, Changes(teams=frozenset({view.id}), description=f"edited draft of {row.name}"))

    def draft_plan(self, team: str | int) -> DraftPlan:
        """The team's current roster expressed as a draft plan (for the draft editor)."""
        with self.transaction() as session:
            return self._current_plan(session, repo.find_team(team, session=session))

    def list_teams(self, league: str | int | None = None) -> list[TeamSummary]:
        """Teams of one league (or all), by name, with TV, CTV and treasury."""
        with self.transaction() as session:
            league_id = repo.find_league(league, session=session).id if league is not None else None
            leagues = league_rows(session=session)
            return [team_summary(t, leagues[t.league_id]) for t in team_rows(league_id, session=session)]

    def get_team(self, team: str | int, league: str | int | None = None) -> TeamView:
        """The full read model of one team (by name or id, optionally within a league).

        Raises:
            NotFound: no such team.
            Ambiguous: the name is used in several leagues and no league was given.
        """
        with self.transaction() as session:
            league_id = repo.find_league(league, session=session).id if league is not None else None
            return self._view(session, repo.find_team(team, session=session, league_id=league_id))

    def league_team_views(self, league: str | int) -> list[TeamView]:
        """The full read model of every team of a league, by name, in one transaction.

        Raises:
            NotFound: no such league.
        """
        with self.transaction() as session:
            league_id = repo.find_league(league, session=session).id
            return build_team_views(repo.teams_of(league_id, session=session), session=session)

    def league_ledgers(self, league: str | int) -> dict[int, list[LedgerRow]]:
        """Every team's treasury ledger (with running balances) by team id, in one transaction.

        Raises:
            NotFound: no such league.
        """
        with self.transaction() as session:
            league_id = repo.find_league(league, session=session).id
            return {
                t.id: ledger_rows(repo.treasury_rows(t.id, session=session))
                for t in repo.teams_of(league_id, session=session)
                if t.id is not None
            }

    def treasury_ledger(self, team: str | int) -> list[LedgerRow]:
        """Every treasury change of a team with the running balance."""
        with self.transaction() as session:
            row = repo.find_team(team, session=session)
            assert row.id is not None
            return ledger_rows(repo.treasury_rows(row.id, session=session))

    def set_first_match_played(self, team: str | int, played: bool = True) -> Outcome[TeamView]:
        """Mark that the team has played (ends the draft period)."""
        with self.transaction() as session:
            row = repo.find_team(team, session=session)
            row.first_match_played = played
            session.add(row)
            session.flush()
            view = self._view(session, row)
        return Outcome(view, Changes(teams=frozenset({view.id})))

    # -- helpers ---------------------------------------------------------------------------

    def _view(self, session: Session, team: Team) -> TeamView:
        return build_team_views([team], session=session)[0]

    def _current_plan(self, session: Session, team: Team) -> DraftPlan:
        assert team.id is not None
        players = [p for p in repo.players_of([team.id], session=session) if not p.journeyman]
        staff = repo.staff_of(team.id, session=session)
        return DraftPlan(
            race=team.race,
            positions=dict(Counter(p.position for p in players)),
            rerolls=team.rerolls,
            apothecary=bool(staff["apothecary"]),
            assistant_coaches=staff["assistant_coach"],
            cheerleaders=staff["cheerleader"],
            dedicated_fans=repo.fans_balance(team.id, session=session),
            special_rule_choice=team.special_rule_choice,
        )

    def _apply_plan(
        self,
        session: Session,
        team: Team,
        check: DraftCheck,
        plan: DraftPlan,
        previous: DraftPlan | None,
        player_names: Sequence[str] = (),
    ) -> None:
        """Write the difference between ``previous`` and ``plan`` as ledger rows.

        New players take names from ``player_names`` in order, then placeholder names.
        """
        names = iter(player_names)
        assert team.id is not None
        roster = check.roster
        draft = self.ruleset_of_team(session, team).draft
        before = previous or DraftPlan(race=plan.race, dedicated_fans=draft.fans_free)
        existing = list(repo.players_of([team.id], session=session))
        taken = {p.number for p in existing}
        old_counts = position_counts(roster, before.positions)
        new_counts = position_counts(roster, plan.positions)
        for name in sorted({*old_counts, *new_counts}):
            position = roster.position(name)
            old = old_counts.get(name, 0)
            new = new_counts.get(name, 0)
            if new > old:
                for number in free_numbers(taken, new - old):
                    taken.add(number)
                    player = Player(team_id=team.id, number=number,
                                    name=(next(names, None) or "").strip()
                                    or default_player_name(position, roster, number),
                                    position=position.name, cost=position.cost)  # fmt: skip
                    session.add(player)
                    session.flush()
                    repo.add_status(player, "hired", "Drafted", DRAFT, session=session)
                reason = f"Draft: {new - old} x {position.name}"
                repo.add_treasury(team.id, -(new - old) * position.cost, reason, DRAFT, session=session)
            elif new < old:
                mine = sorted((p for p in existing if p.position == position.name),
                              key=lambda p: p.number, reverse=True)  # fmt: skip
                for player in mine[: old - new]:
                    repo.add_status(player, "left", "Sold back during the draft", DRAFT, session=session)
                repo.add_treasury(team.id, (old - new) * position.cost,
                                  f"Draft: sold back {old - new} x {position.name}", DRAFT,
                                  session=session)  # fmt: skip
        self._apply_extras(session, team, roster, draft, before, plan)
        team.rerolls = plan.rerolls
        team.special_rule_choice = plan.special_rule_choice
        session.add(team)
        session.flush()

    def _apply_extras(
        self,
        session: Session,
        team: Team,
        roster: TeamRoster,
        draft: DraftRules,
        before: DraftPlan,
        plan: DraftPlan,
    ) -> None:
        assert team.id is not None
        items = (
            ("Team re-roll", before.rerolls, plan.rerolls, roster.reroll_cost, None),
            ("Apothecary", int(before.apothecary), int(plan.apothecary), draft.apothecary.cost, "apothecary"),
            ("Assistant coach", before.assistant_coaches, plan.assistant_coaches,
             draft.assistant_coach.cost, "assistant_coach"),
            ("Cheerleader", before.cheerleaders, plan.cheerleaders, draft.cheerleader.cost, "cheerleader"),
        )  # fmt: skip
        for label, old, new, unit, role in items:
            if new != old:
                verb = "" if new > old else "sold back "
                repo.add_treasury(team.id, -(new - old) * unit,
                                  f"Draft: {verb}{abs(new - old)} x {label}", DRAFT,
                                  session=session)  # fmt: skip
            if role is not None:
                repo.set_staff(team.id, role, new, session=session)
        fans_delta = plan.dedicated_fans - before.dedicated_fans
        if fans_delta:
            verb = "bought" if fans_delta > 0 else "sold back"
            repo.add_fans(team.id, fans_delta, f"Draft: {verb} {draft.fans_label}", DRAFT, session=session)
            one = draft.fans_label.removesuffix("s")
            repo.add_treasury(team.id, -fans_delta * draft.fans_cost,
                              f"Draft: {verb} {abs(fans_delta)} x {one}", DRAFT, session=session)  # fmt: skip

    def ruleset_of_team(self, session: Session, team: Team) -> Ruleset:
        """The ruleset the team is drafted under: its league's, or its own edition's when the
        league has since moved to another edition (the team is then history)."""
        league = session.get(League, team.league_id)
        assert league is not None
        return team_ruleset(team, league)


def _named(text: str, what: str, rule: str) -> tuple[str, list[RuleViolation]]:
    """A cleaned name and the problems with it (collected with the draft's other problems)."""
    try:
        return clean_name(text, what, rule=rule), []
    except RuleViolation as problem:
        return text.strip(), [problem]
