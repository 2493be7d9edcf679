"""The pre-game's dice in the order the rules make them, for typing in physical dice roll by roll.

The plan comes from a dry run of the pre-game (rolled back): the fans, the weather, Riotous
Rookies when bought, one D16 per prayer owed for the CTV gap after inducements, the coin toss.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sqlmodel import Session

from league_manager.services.match_day.dice_slots import DiceSlot, PlanningDice, slots_of
from league_manager.services.match_day.inducements import Purchase
from league_manager.services.match_day.pregame import run_pregame

__all__ = ["plan_pregame_dice"]


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
