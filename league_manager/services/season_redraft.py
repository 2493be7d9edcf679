"""Re-drafting a team between seasons (BB2020 league rules ``re_draft``): the preview and the
re-draft itself, one transaction per team.

Not the draft editor's save (``TeamService.redraft``): this is the step between two seasons.
Applying writes, in order: R&R (a "recovered" row for each player still missing a game), the
budget as one treasury row (the treasury is emptied into it), a "left" row per released
player (he stays in the team's history), one treasury row per player, staff role and
re-rolls kept, then the rolls (niggling injuries removed, characteristics restored with a
niggling injury gained) and a :class:`TeamRedraft` row holding the budget and every roll.
Last season's rows are never touched; what is left of the budget is the new treasury.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from sqlmodel import Session, col, select

from league_manager.core.errors import RuleViolation
from league_manager.core.money import format_gold
from league_manager.persistence import repositories as repo
from league_manager.persistence.models import League
from league_manager.persistence.redraft_models import TeamRedraft
from league_manager.persistence.season_models import Season, SeasonTeam
from league_manager.rules.redraft import RecoveryRoll, niggling_gained, niggling_rolls, return_rolls
from league_manager.services.base import ServiceBase, team_ruleset
from league_manager.services.changes import Changes, Outcome
from league_manager.services.match_day.dice import MatchDayDice, roll_dicts
from league_manager.services.read_models import TeamView
from league_manager.services.redraft_models import RedraftChoice, RedraftView
from league_manager.services.redraft_plan import (
    RedraftContext,
    build_view,
    context,
    has_played,
    refuse_over_budget,
)
from league_manager.services.redraft_undo import last_ids, live_redraft, take_back, written_rows
from league_manager.services.season_store import find_season
from league_manager.services.team_views import build_team_views
from league_manager.services.treasury import team_outcome

SOURCE = "redraft"
"""Ledger source of every row a re-draft writes."""


class RedraftService(ServiceBase):
    """A team's re-draft for a new season after the previous one closed."""

    def preview(self, team: str | int, season: str | int, choice: RedraftChoice | None = None) -> RedraftView:
        """The budget, each player's re-hire cost and the rolls needed; nothing is written.

        Raises:
            NotFound: no such team or season.
            RuleViolation: the team cannot be re-drafted for the season (see
                :func:`league_manager.services.redraft_plan.context`), or the choice names
                unknown players or more staff than the team has.
        """
        with self.transaction() as session:
            return self._plan(session, team, season, choice or RedraftChoice())[0]

    def seasons_open(self, team: str | int) -> list[tuple[int, str]]:
        """The seasons (id, name) the team may be re-drafted for now, newest first."""
        with self.transaction() as session:
            row = repo.find_team(team, session=session)
            league = session.get(League, row.league_id)
            assert league is not None and row.id is not None
            ruleset = team_ruleset(row, league)
            entered = session.exec(
                select(Season)
                .join(SeasonTeam, col(SeasonTeam.season_id) == Season.id)
                .where(SeasonTeam.team_id == row.id)
                .order_by(col(Season.id).desc())
            ).all()
            out = []
            for season in entered:
                try:
                    context(row, season, ruleset, session=session)
                except RuleViolation:
                    continue
                out.append((season.id or 0, season.name))
            return out

    def apply(
        self,
        team: str | int,
        season: str | int,
        choice: RedraftChoice | None = None,
        *,
        seed: int | None = None,
        typed: Sequence[int] = (),
        all_typed: bool = False,
    ) -> Outcome[RedraftView]:
        """Re-draft the team: one transaction, every roll recorded (typed dice first).

        Raises:
            NotFound: no such team or season.
            RuleViolation: as :meth:`preview`, the re-draft costs more than the budget, or a
                typed roll does not fit its die; nothing is written.
        """
        with self.transaction() as session:
            plan, ctx = self._plan(session, team, season, choice or RedraftChoice())
            refuse_over_budget(plan)
            dice = MatchDayDice(seed, typed, all_typed=all_typed)
            before = last_ids(session)
            rolls = _write(session, plan, ctx, dice)
            if dice.typed_left:
                raise RuleViolation(
                    "dice",
                    f"{len(typed)} dice were typed in; the re-draft rolled {len(dice.log)}: nothing is saved",
                )
            detail = _detail(plan, rolls, dice) | {
                "rows": written_rows(session, plan.team_id, SOURCE, before)
            }
            session.add(TeamRedraft(
                team_id=plan.team_id, season_id=ctx.season.id or 0,
                previous_season_id=ctx.previous.id or 0, budget=plan.budget.total,
                spent=plan.spent, detail_json=json.dumps(detail),
            ))  # fmt: skip
            session.flush()
            done = RedraftView(
                **{**plan.__dict__, "applied": True, "rolls": tuple(_roll_dict(r) for r in rolls)}
            )
        players = frozenset(p.player_id for p in plan.players)
        return Outcome(done, Changes(teams=frozenset({plan.team_id}), players=players,
                                     description=f"re-drafted {plan.team} for {plan.season}"))  # fmt: skip

    def undo(self, team: str | int, season: str | int) -> Outcome[TeamView]:
        """Take the team's re-draft for the season back (compensating rows), before it plays there.

        Raises:
            NotFound: no such team or season.
            RuleViolation: the team is not re-drafted for the season, or has played there since.
        """
        with self.transaction() as session:
            new = find_season(season, session=session)
            row = repo.lock_team(
                repo.find_team(team, session=session, league_id=new.league_id), session=session
            )
            record = live_redraft(session, row.id or 0, new.id or 0)
            if record is None:
                raise RuleViolation("undo", f"{row.name} is not re-drafted for {new.name}")
            if has_played(row.id or 0, new.id or 0, session=session):
                raise RuleViolation(
                    "undo", f"{row.name} has played in {new.name} since its re-draft; it stays"
                )
            take_back(session, record, row, new.name, SOURCE)
            return team_outcome(session, row, f"took back {row.name}'s re-draft for {new.name}")

    def _plan(
        self, session: Session, team: str | int, season: str | int, choice: RedraftChoice
    ) -> tuple[RedraftView, RedraftContext]:
        new = find_season(season, session=session)
        row = repo.lock_team(repo.find_team(team, session=session, league_id=new.league_id), session=session)
        league = session.get(League, row.league_id)
        assert league is not None
        ruleset = team_ruleset(row, league)
        ctx = context(row, new, ruleset, session=session)
        cap = int(self.settings_of(league).get("redraft_budget_cap", 0))
        view = build_team_views([row], session=session)[0]
        return build_view(ctx, view, ruleset, choice, cap, session=session), ctx


def _write(
    session: Session, plan: RedraftView, ctx: RedraftContext, dice: MatchDayDice
) -> list[RecoveryRoll]:
    """Every ledger row of the re-draft, in the rules' order; returns the rolls made."""
    where = f"the re-draft for {plan.season}"
    players = {p.id: p for p in repo.players_of([plan.team_id], session=session, include_gone=True)}
    for line in plan.players:
        if line.misses_next_game:
            repo.add_status(
                players[line.player_id], "recovered", f"R&R before {where}", SOURCE, session=session
            )
    b = plan.budget
    parts = f"{format_gold(b.base)} + treasury {format_gold(b.treasury)}"
    parts += f" + {plan.record[0]} game(s) {format_gold(b.games)}"
    parts += (
        f" + {plan.record[1]} win(s) {format_gold(b.wins)} + {plan.record[2]} draw(s) {format_gold(b.draws)}"
    )
    capped = f", capped at {format_gold(b.cap)}" if b.capped_by else ""
    repo.add_treasury(plan.team_id, b.total - b.treasury,
                      f"Re-draft budget for {plan.season}: {parts}{capped} = {format_gold(b.total)}", SOURCE,
                      session=session)  # fmt: skip
    for journeyman in repo.players_of([plan.team_id], session=session):
        if journeyman.journeyman:
            repo.add_status(
                journeyman, "left", f"journeyman not re-drafted in {where}", SOURCE, session=session
            )
    for line in plan.players:
        player = players[line.player_id]
        if not line.keep:
            repo.add_status(player, "left", f"released in {where}", SOURCE, session=session)
            continue
        fee = f" + agent fee {format_gold(line.agent_fee)}" if line.agent_fee else ""
        reason = (
            f"Re-hired #{line.number} {line.name} for {plan.season}: value {format_gold(line.value)}{fee}"
        )
        repo.add_treasury(plan.team_id, -line.cost, reason, SOURCE, session=session)
        if line.status == "retired":
            repo.add_status(player, "reinstated", f"returns from temporary retirement in {where}", SOURCE,
                            session=session)  # fmt: skip
    for extra in plan.extras:
        if extra.key == "rerolls":
            ctx.team.rerolls = extra.kept
            session.add(ctx.team)
        else:
            repo.set_staff(plan.team_id, extra.key, extra.kept, session=session)
        if extra.cost:
            reason = f"{extra.label} kept for {plan.season}: {extra.kept} x {format_gold(extra.cost_each)}"
            repo.add_treasury(plan.team_id, -extra.cost, reason, SOURCE, session=session)
    apothecary = any(e.key == "apothecary" and e.kept for e in plan.extras)
    rolls: list[RecoveryRoll] = []
    for line in plan.players:
        if not line.keep:
            continue
        player = players[line.player_id]
        for roll in niggling_rolls(ctx.rules, line.player_id, line.niggling, apothecary, dice):
            rolls.append(roll)
            if roll.success:
                repo.add_status(player, "niggling", f"niggling injury removed in {where} ({roll.describe()})",
                                SOURCE, session=session, delta=-1)  # fmt: skip
        if line.status == "retired":
            back = return_rolls(ctx.rules, line.player_id, line.reductions, apothecary, dice)
            rolls.extend(back)
            for roll in back:
                if roll.success:
                    reason = f"restored in {where} ({roll.describe()})"
                    repo.add_status(player, "characteristic", reason, SOURCE, session=session,
                                    characteristic=roll.characteristic, delta=1)  # fmt: skip
            for _ in range(niggling_gained(back)):
                repo.add_status(player, "niggling", f"gained returning to play in {where}", SOURCE,
                                session=session, delta=1)  # fmt: skip
    return rolls


def _roll_dict(roll: RecoveryRoll) -> dict[str, Any]:
    return {"player_id": roll.player_id, "kind": roll.kind, "characteristic": roll.characteristic,
            "die": roll.die, "modifier": roll.modifier, "target": roll.target, "success": roll.success,
            "text": roll.describe()}  # fmt: skip


def _detail(plan: RedraftView, rolls: Sequence[RecoveryRoll], dice: MatchDayDice) -> dict[str, Any]:
    """What the TeamRedraft row keeps: the plan, the rolls and the dice with their source."""
    data = plan.to_dict()
    data["rolls"] = [_roll_dict(r) for r in rolls]
    data["dice"] = roll_dicts(dice.log)
    data["seed"] = dice.seed
    return data
