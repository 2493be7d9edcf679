"""Fixture scheduling (pure): round robin, Swiss rounds and knockout play-offs under constraints."""

from league_manager.rules.scheduling.knockout import bracket_order, knockout, next_slot, round_name
from league_manager.rules.scheduling.model import (
    Constraints,
    Pairing,
    RoundPlan,
    SchedulePlan,
    SchedulingError,
    TeamId,
    pair_key,
)
from league_manager.rules.scheduling.round_robin import circle_rounds, round_robin
from league_manager.rules.scheduling.swiss import swiss_round

__all__ = [
    "Constraints",
    "Pairing",
    "RoundPlan",
    "SchedulePlan",
    "SchedulingError",
    "TeamId",
    "bracket_order",
    "circle_rounds",
    "knockout",
    "next_slot",
    "pair_key",
    "round_name",
    "round_robin",
    "swiss_round",
]
