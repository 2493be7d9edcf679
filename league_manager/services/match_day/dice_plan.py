"""The match day's dice in the order the rules make them, for typing in physical dice roll by roll.

Each plan comes from a dry run (rolled back by the caller). The pre-game's: the fans, the
weather, Riotous Rookies when bought, one D16 per prayer owed for the CTV gap after
inducements, the coin toss. The post-game's: dedicated fans, the coaching staff's rolls, the
random MVPs, expensive mistakes; some of these depend on earlier dice (a minor incident's D3,
an MVP roll past the list), so the post-game is planned from the dice typed so far.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sqlmodel import Session

from league_manager.services.match_day.dice_slots import DiceSlot, PlanningDice, slots_of
from league_manager.services.match_day.inducements import Purchase
from league_manager.services.match_day.postgame import apply_postgame
from league_manager.services.match_day.pregame import run_pregame
from league_manager.services.match_day.store import require_match_day

__all__ = ["plan_postgame_dice", "plan_pregame_dice"]


def plan_pregame_dice(
    fixture_id: int, purchases: Mapping[str, Sequence[Purchase]], *, session: Session
) -> tuple[DiceSlot, ...]:
    """The rolls the pre-game will make for these purchases, in order.

    Runs the pre-game on planning dice; the caller rolls the session back.

    Raises:
        RuleViolation: as :func:`run_pregame` (a pre-game already run, a refused inducement).
    """
    dice = PlanningDice()
    run_pregame(fixture_id, purchases, dice, session=session)
    return slots_of(dice.log)


def plan_postgame_dice(
    fixture_id: int,
    typed: Sequence[int],
    *,
    mvp: Sequence[str],
    hire: Sequence[str],
    session: Session,
) -> tuple[DiceSlot, ...]:
    """The rolls the post-game will make with these choices, in order, given the dice typed so far.

    Runs the post-game on planning dice; the caller rolls the session back.

    Raises:
        RuleViolation: no result yet, the post-game already applied, a bad MVP or hire.
    """
    day = require_match_day(fixture_id, ("result_entered",), "apply the post-game", session=session)
    dice = PlanningDice(typed)
    apply_postgame(day, dice, session=session, mvp=mvp, hire=hire)
    return slots_of(dice.log, dice.contexts)
