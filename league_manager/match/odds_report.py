"""The odds of every option open now, as plain data (for ``league-manager match odds``).

At a team's turn prompt: each player who can act; at a player's activation prompt: that
player. For each: the squares they can reach (safest path), the blocks they can throw, the
passes they can make; at a re-roll prompt: each re-roll source. Players and squares are
given through caller-supplied names (scenario ids, ``[x, y]``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from league_manager.match.actions import ACTIVATE, ACTIVATION, BLITZ, BLOCK, MOVE, PASS, TURN, Action
from league_manager.match.engine import Match
from league_manager.match.odds import block_odds, pass_odds, reroll_odds
from league_manager.match.paths import plan_moves
from league_manager.match.pitch import NEIGHBOURS, xy
from league_manager.match.procedures.pass_ import pass_targets
from league_manager.match.state import STANDING


def _pct(p: float) -> float:
    return round(100 * p, 2)


def _sq(square: int) -> list[int]:
    return list(xy(square))


def options_odds(match: Match, name: Callable[[int], str]) -> dict[str, Any]:
    """The odds of the options open under the match's current prompt.

    Args:
        name: how to name a player index in the report.
    """
    prompt = match.prompt
    if prompt is None:
        return {"prompt": None, "players": []}
    report: dict[str, Any] = {"prompt": prompt.kind, "team": prompt.team, "players": []}
    if prompt.kind == TURN:
        actors = sorted({a.player for a in prompt.options if a.player >= 0})
        report["players"] = [_player(match, p, name, prompt.options) for p in actors]
    elif prompt.kind == ACTIVATION and "player" in prompt.info:
        report["players"] = [_player(match, int(prompt.info["player"]), name, prompt.options)]
    chances = reroll_odds(match)
    if chances:
        report["rerolls"] = [
            {"option": a.kind, "player": name(a.player) if a.player >= 0 else None, "chance": _pct(p)}
            for a, p in chances.items()
        ]
    return report


def _player(match: Match, p: int, name: Callable[[int], str], options: list[Action]) -> dict[str, Any]:
    s = match.state
    kinds = {a.kind for a in options if a.player == p}
    moves = [
        {
            "square": _sq(square),
            "path": [_sq(x) for x in plan.path],
            "rolls": plan.rolls,
            "chance": _pct(plan.p_with_rerolls),
            "chance_no_reroll": _pct(plan.p_no_reroll),
        }
        for square, plan in sorted(plan_moves(match, p).items())
    ]
    entry: dict[str, Any] = {"player": name(p), "at": _sq(s.pos[p]), "moves": moves}
    can_block = {ACTIVATE[BLOCK], ACTIVATE[BLITZ], BLOCK} & kinds
    if can_block and s.status[p] == STANDING:
        foes = [s.board[n] for n in NEIGHBOURS[s.pos[p]]]
        blitz = ACTIVATE[BLOCK] not in kinds and BLOCK not in kinds
        entry["blocks"] = [_block(match, p, q, blitz, name) for q in foes if _standing_foe(match, p, q)]
    if s.carrier == p and ({ACTIVATE[PASS], PASS} & kinds):
        mates = [q for q in s.players_of(s.team[p]) if q != p and s.pos[q] >= 0]
        targets = set(pass_targets(match.ctx, p))
        entry["passes"] = [_pass(match, p, q, name) for q in mates if s.pos[q] in targets]
    if MOVE in kinds or ACTIVATE[MOVE] in kinds:
        entry["can_move"] = True
    return entry


def _standing_foe(match: Match, p: int, q: int) -> bool:
    s = match.state
    return q >= 0 and s.team[q] != s.team[p] and s.status[q] == STANDING


def _block(match: Match, p: int, q: int, blitz: bool, name: Callable[[int], str]) -> dict[str, Any]:
    odds = block_odds(match, p, q, blitz)
    return {
        "target": name(q),
        "dice": odds.dice,
        "chooser": "attacker" if odds.attacker_chooses else "defender",
        "defender_down": _pct(odds.p_defender_down),
        "attacker_down": _pct(odds.p_attacker_down),
        "push_only": _pct(odds.p_push_only),
        "outcomes": {k: _pct(v) for k, v in sorted(odds.outcomes.items())},
        "outcomes_with_reroll": {k: _pct(v) for k, v in sorted(odds.outcomes_rr.items())},
    }


def _pass(match: Match, p: int, q: int, name: Callable[[int], str]) -> dict[str, Any]:
    odds = pass_odds(match, p, match.state.pos[q])
    return {
        "to": name(q),
        "band": odds.band_name,
        "need": odds.need,
        "accurate": _pct(odds.p_accurate_rr),
        "catch": _pct(odds.p_catch_rr),
        "interception": _pct(odds.p_interception),
        "complete": _pct(odds.p_complete),
        "interceptors": [[name(x), need] for x, need in odds.interceptors],
    }


def report_text(report: dict[str, Any]) -> str:
    """The report as lines of text: squares needing rolls, blocks, passes, re-rolls."""
    lines = [f"prompt: {report['prompt']}"]
    for entry in report["players"]:
        moves = entry["moves"]
        free = sum(1 for m in moves if m["rolls"] == 0)
        lines.append(f"{entry['player']} at {entry['at']}: {len(moves)} squares, {free} without a roll")
        for m in moves:
            if m["rolls"]:
                lines.append(
                    f"  move {m['square']}: {m['chance']}% ({m['chance_no_reroll']}% without re-rolls), "
                    f"{m['rolls']} roll(s) via {m['path']}"
                )
        for b in entry.get("blocks", []):
            lines.append(
                f"  block {b['target']}: {b['dice']} dice, {b['chooser']} chooses; defender down "
                f"{b['defender_down']}%, attacker down {b['attacker_down']}%, push only {b['push_only']}%"
            )
        for p in entry.get("passes", []):
            lines.append(
                f"  pass to {p['to']} ({p['band']}, {p['need']}+): accurate {p['accurate']}%, "
                f"caught {p['catch']}%, intercepted {p['interception']}%, complete {p['complete']}%"
            )
    for r in report.get("rerolls", []):
        lines.append(f"re-roll {r['option']}: {r['chance']}%")
    return "\n".join(lines)
