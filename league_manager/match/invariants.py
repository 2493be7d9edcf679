"""Invariants of a match state, checked by the property tests after every action."""

from __future__ import annotations

from league_manager.match.pitch import ON_PITCH
from league_manager.match.state import ON_PITCH_STATUSES, STANDING, State


def violations(s: State, ball_settled: bool) -> list[str]:
    """What is wrong with a state (empty when all is well).

    Args:
        ball_settled: the match waits for a turn-level decision, so the ball must be held
            by a standing player, lie on an empty square, or be out of play.
    """
    found: list[str] = []
    for p in range(s.size):
        square = s.pos[p]
        on = s.status[p] in ON_PITCH_STATUSES
        if on != (square >= 0):
            found.append(f"player {p}: status {s.status[p]} but square {square}")
        if square >= 0 and (not ON_PITCH[square] or s.board[square] != p):
            found.append(f"player {p}: board does not show them at {square}")
    for square, p in enumerate(s.board):
        if p >= 0 and s.pos[p] != square:
            found.append(f"square {square}: board shows player {p} who is at {s.pos[p]}")
    if ball_settled:
        if s.carrier >= 0:
            if s.status[s.carrier] != STANDING or s.pos[s.carrier] != s.ball:
                found.append(f"ball carrier {s.carrier} is not standing with the ball")
        elif s.ball >= 0 and (not ON_PITCH[s.ball] or s.board[s.ball] >= 0):
            found.append(f"loose ball at {s.ball} is not on an empty pitch square")
    return found
