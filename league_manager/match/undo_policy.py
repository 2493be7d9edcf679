"""Undo on the match board: the league's policy and why a take-back is refused.

The board replays a match minus its last action to undo it (``Match.undo``). With
seeded dice a replay gives the same rolls, but a different choice after an undo
consumes them differently, so an undo after a roll lets a coach fish for dice. The
policies (a league house rule, ``undo_policy``):

- ``off``: no undo at all.
- ``before_dice`` (default): an action may be taken back only while no die was
  rolled since it was applied.
- ``confirm``: any action may be taken back when the opponent confirms it.
- ``free``: any action may be taken back (practice matches).
"""

from __future__ import annotations

from typing import Protocol

OFF = "off"
BEFORE_DICE = "before_dice"
CONFIRM = "confirm"
FREE = "free"

POLICIES: tuple[str, ...] = (OFF, BEFORE_DICE, CONFIRM, FREE)
"""Every policy, strictest first."""
DEFAULT_POLICY = BEFORE_DICE

DESCRIPTIONS: dict[str, str] = {
    OFF: "no undo",
    BEFORE_DICE: "an action may be taken back only while no die was rolled since",
    CONFIRM: "an action may be taken back when the opponent confirms",
    FREE: "any action may be taken back (practice)",
}


class UndoableMatch(Protocol):
    """What the policy needs to know of a match (``league_manager.match.engine.Match``)."""

    @property
    def actions(self) -> list[object]:
        """The actions applied so far."""
        ...

    def rolls_since_last_action(self) -> int:
        """How many dice the last action rolled."""
        ...


def check_policy(policy: str) -> str:
    """The policy name, checked.

    Raises:
        ValueError: not one of :data:`POLICIES`.
    """
    if policy not in POLICIES:
        raise ValueError(f"unknown undo policy '{policy}' (policies: {', '.join(POLICIES)})")
    return policy


def needs_confirmation(policy: str) -> bool:
    """Whether the opponent must confirm an undo under ``policy``."""
    return policy == CONFIRM


def undo_refusal(match: UndoableMatch, policy: str) -> str | None:
    """Why the last action of ``match`` may not be taken back now, or None when it may.

    Args:
        match: the match (its actions and the dice its last action rolled).
        policy: one of :data:`POLICIES`.

    Returns:
        A sentence for the coach, or None. Under ``confirm`` None means "allowed once the
        opponent confirms" (see :func:`needs_confirmation`).

    Raises:
        ValueError: an unknown policy.
    """
    if check_policy(policy) != OFF and not match.actions:
        return "nothing to undo"
    return refusal(policy, match.rolls_since_last_action())


def refusal(policy: str, rolled: int) -> str | None:
    """Why taking back actions that rolled ``rolled`` dice is refused under ``policy`` (or None).

    Raises:
        ValueError: an unknown policy.
    """
    if check_policy(policy) == OFF:
        return "undo is off in this league"
    if policy == BEFORE_DICE and rolled:
        dice = "a die was" if rolled == 1 else f"{rolled} dice were"
        return f"{dice} rolled since the last action; this league allows an undo only before dice"
    return None
