"""The numbers shown on target squares: rolls a move needs, block dice, pass range (no Qt)."""

from __future__ import annotations

from league_manager.match import actions as a
from league_manager.match.actions import Action, Prompt
from league_manager.match.engine import Match
from league_manager.match.odds import block_odds
from league_manager.match.pitch import pass_band
from league_manager.match.procedures.block import assists, dice_count
from league_manager.match.procedures.prayers import moles_modifier
from league_manager.match.skills import points


def _need(target: int, modifier: int) -> int:
    """The lowest D6 that passes (a 1 always fails, a 6 always passes)."""
    return min(6, max(2, target - modifier))


def move_need(match: Match, p: int, square: int, mp: int) -> str:
    """The rolls a one-square move needs, as the engine will roll them ("4+", "3+ & 2+", "").

    Dodge: the player's AG, -1 per opponent marking the square entered (not for a player who
    ignores marks when dodging), the worst tail among the markers left; Rush: 2+ with Blizzard
    and Moles under the Pitch. Skills used after the roll (Break Tackle, Diving Tackle) are not shown.
    """
    s = match.state
    c = match.ctx
    team = s.team[p]
    parts: list[str] = []
    markers = c.markers(s.pos[p], team)
    if markers:
        modifier = 0
        if not c.has(p, points.IGNORE_MARKED_DODGE):
            modifier -= c.n_markers(square, team)
        tails = [int(fn()) for q in markers for _skill, fn in c.hook(q, points.DODGE_MODIFIER)]
        if tails:
            modifier += min(tails)
        parts.append(f"{_need(s.ag[p], modifier)}+")
    if mp <= 0:
        modifier = (-1 if s.weather == "blizzard" else 0) + moles_modifier(c, team)
        parts.append(f"{_need(2, modifier)}+")
    return " & ".join(parts)


def action_need(match: Match, action: Action, mp: int) -> str:
    """The text on an activation target: move rolls, "2D" (▼ the defender chooses), pass band."""
    s = match.state
    c = match.ctx
    p = action.player
    if action.kind == a.MOVE:
        return move_need(match, p, action.square, mp)
    if action.kind in (a.BLOCK, a.MULTI_BLOCK):
        q = s.board[action.square]
        if q < 0:
            return ""
        st_a = s.st[p] + assists(c, s.team[p], q, p) - (2 if action.kind == a.MULTI_BLOCK else 0)
        n, mine = dice_count(st_a, s.st[q] + assists(c, s.team[q], p, q))
        return f"{n}D" + ("" if mine else " ▼")
    if action.kind == a.PASS:
        band = pass_band(s.pos[p], action.square)
        return "QSLB"[band - 1] if 1 <= band <= 4 else ""
    return ""


def block_lines(match: Match, prompt: Prompt, names: list[str]) -> list[str]:
    """One line per block target of an activation: dice, who chooses, and the chances
    (``match.odds``) that the defender and the attacker end on the ground."""
    lines = []
    blitz = prompt.info.get("action") == "blitz"
    for action in prompt.options:
        if action.kind != a.BLOCK:
            continue
        q = match.state.board[action.square]
        if q < 0:
            continue
        odds = block_odds(match, action.player, q, blitz)
        who = "you choose" if odds.attacker_chooses else "they choose"
        lines.append(
            f"Block {names[q]}: {odds.dice}D, {who}; down {odds.p_defender_down * 100:.0f}%,"
            f" you down {odds.p_attacker_down * 100:.0f}%"
        )
    return lines
