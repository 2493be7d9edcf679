"""What each house rule affects once a league is running, and which changes would rewrite history.

The league tables are read from the played results with the league's current settings,
so a setting that scores results (points, bonus points, byes, tie-breakers) cannot change
once any fixture of the league has a result: the tables of played rounds would change
after the fact. Every other setting is read when something new happens (a draft, a
pre-game, a withdrawal, a match started on the board) and what already happened keeps
the value it was made with, so those may change at any time.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from sqlalchemy import func
from sqlmodel import Session, col, select

from league_manager.core.errors import RuleViolation
from league_manager.persistence.models import League
from league_manager.persistence.season_models import Fixture, FixtureResult, Season
from league_manager.rules.loader import load_ruleset

SCORES_TABLES = "scores the league tables"
"""The kind of effect that rewrites played history once a result exists."""

EFFECTS: Mapping[str, tuple[str, str]] = {
    "budget": ("future", "Drafts of new teams; teams already drafted keep what they bought."),
    "redraft_budget_cap": ("future", "Re-drafts from now on; teams already re-drafted keep their budget."),
    "dedicated_fans_in_tv": ("future", "Team values from now on; past matches keep theirs."),
    "petty_cash": ("future", "Pre-games from now on; past petty cash stays in the ledgers."),
    "master_chef_discount_for_thimble_cup": ("future", "Inducements bought from now on."),
    "points_win": (SCORES_TABLES, "Every league table, played rounds included."),
    "points_draw": (SCORES_TABLES, "Every league table, played rounds included."),
    "points_loss": (SCORES_TABLES, "Every league table, played rounds included."),
    "bonus_points_3_td": (SCORES_TABLES, "Every league table, played rounds included."),
    "bonus_points_clean_sheet": (SCORES_TABLES, "Every league table, played rounds included."),
    "bonus_points_3_cas": (SCORES_TABLES, "Every league table, played rounds included."),
    "bye_points": (SCORES_TABLES, "Every league table, played rounds included."),
    "tiebreakers": (SCORES_TABLES, "The order of every league table, played rounds included."),
    "same_coach_may_meet": ("future", "Schedules drawn from now on; fixtures already drawn stay."),
    "withdrawn_team_fixtures": ("future", "Withdrawals from now on; earlier ones keep theirs."),
    "undo_policy": ("future", "Board matches started from now on; each keeps its own."),
    "turn_timer_seconds": ("future", "Board matches started from now on."),
    "illegal_procedure": ("future", "What the table tracker offers from now on."),
}
"""For each setting: its kind of effect and what it affects, in words for the commissioner."""


@dataclass(frozen=True, slots=True)
class SettingEffect:
    """What changing one setting affects, and whether the league's history forbids it now."""

    key: str
    affects: str
    locked_because: str
    """Empty when the setting may change; otherwise why not (a sentence)."""


def played_results(session: Session, league_id: int) -> int:
    """How many fixtures of the league have a result (byes and forfeits included)."""
    query = (
        select(func.count())
        .select_from(FixtureResult)
        .join(Fixture, col(Fixture.id) == col(FixtureResult.fixture_id))
        .join(Season, col(Season.id) == col(Fixture.season_id))
        .where(Season.league_id == league_id)
    )
    return int(session.exec(query).one())


def effects_of(session: Session, league: League, keys: list[str]) -> list[SettingEffect]:
    """What each of ``keys`` affects in this league now, and which ones are locked."""
    played = played_results(session, league.id or 0)
    labels = {rule.key: rule.label for rule in load_ruleset(league.ruleset_id).house_rules}
    out = []
    for key in keys:
        kind, affects = EFFECTS.get(key, ("future", "What happens from now on."))
        locked = ""
        if kind == SCORES_TABLES and played:
            locked = (
                f"{labels.get(key, key)} scores the league tables, which are read from the results; {played} "
                f"fixture(s) of {league.name} have a result, so changing it would rewrite "
                "the tables of rounds already played"
            )
        out.append(SettingEffect(key, affects, locked))
    return out


def refuse_history_rewrites(
    session: Session, league: League, current: Mapping[str, object], wanted: Mapping[str, object]
) -> None:
    """Refuse the changes in ``wanted`` that would rewrite played history.

    Raises:
        RuleViolation: naming the first such setting and why; nothing is changed.
    """
    changed = [key for key, value in wanted.items() if current.get(key) != value]
    for effect in effects_of(session, league, changed):
        if effect.locked_because:
            raise RuleViolation(effect.key, effect.locked_because)
