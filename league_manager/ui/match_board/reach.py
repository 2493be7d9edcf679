"""Distant moves on the board: every reachable square by its safest path, previewed, then walked.

Qt-free. The plans come from ``match.paths.plan_moves`` (the engine's own modifiers and the
coach's re-rolls); walking a plan applies its single-square moves one by one and stops as soon
as the match asks anything else (a failed roll, a re-roll choice, a skill prompt).
"""

from __future__ import annotations

from league_manager.match import actions as a
from league_manager.match.engine import Match
from league_manager.match.events import Event
from league_manager.match.paths import MovePlan, StepRoll, plan_moves
from league_manager.match.pitch import name as square_name
from league_manager.ui.match_board.session import BoardSession


def reachable(match: Match) -> dict[int, MovePlan]:
    """Plans to every square the active player can reach in their current activation."""
    prompt = match.prompt
    if prompt is None or prompt.kind != a.ACTIVATION:
        return {}
    if not any(o.kind == a.MOVE for o in prompt.options):
        return {}
    player = prompt.info.get("player", -1)
    if not isinstance(player, int) or player < 0:
        return {}
    return plan_moves(match, player)


def step_text(step: StepRoll) -> str:
    """The rolls entering one square of a path needs ("3+ & 2+", "J4+", "P3+")."""
    parts = []
    if step.jump:
        parts.append(f"J{step.jump}+")
    if step.dodge:
        parts.append(f"{step.dodge}+")
    if step.rush:
        parts.append(f"{step.rush}+" if step.rushes <= 1 else f"{step.rush}+×{step.rushes}")
    if step.pick_up:
        parts.append(f"P{step.pick_up}+")
    return " & ".join(parts)


def percent(chance: float) -> str:
    """A chance for a square: "100%" is left out, others rounded ("67%", "<1%")."""
    if chance >= 0.9995:
        return ""
    if chance < 0.005:
        return "<1%"
    return f"{round(chance * 100)}%"


def describe(plan: MovePlan) -> list[str]:
    """Lines of the path preview: squares, rolls and the chance with and without re-rolls."""
    rolls = [f"{square_name(st.square)} {step_text(st)}" for st in plan.steps if step_text(st)]
    lines = [f"{len(plan.path)} square(s), {plan.rolls} roll(s)"]
    if rolls:
        lines.append("Rolls: " + "; ".join(rolls))
    lines.append(
        f"Chance: {plan.p_with_rerolls * 100:.0f}% with re-rolls ({plan.p_no_reroll * 100:.0f}% without)"
    )
    return lines


def walk(session: BoardSession, player: int, plan: MovePlan) -> list[Event]:
    """Apply the plan's moves while the match keeps asking for this player's next move.

    The squares walked are one decision: one save and one undo take the whole path.
    """

    def same_move(match: Match) -> bool:
        prompt = match.prompt
        return prompt is not None and prompt.kind == a.ACTIVATION and prompt.info.get("player") == player

    return session.apply_all(plan.actions(player), keep_going=same_move)
