"""Master of Ballistics: at every kick-off of his team, advice to the kicker (a D3).

1: nothing; 2: the kick deviates D6-1 squares; 3: after the deviation dice are rolled, the
kicking coach may change the D8 or the D6 by 1 or 2 either way (prompt ``ballistics``: DECLINE,
or CHOOSE the index of a change in ``info["choices"]``), within 1-8 and 1-6.
"""

from __future__ import annotations

from league_manager.match.actions import CHOOSE, DECLINE, Action, Prompt
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.inducements import BALLISTICS, left

BALLISTICS_PROMPT = "ballistics"
"""Prompt kind: change a deviation die (CHOOSE a change by index) or DECLINE."""
MISUNDERSTANDING, THEORY, PRACTICE = 1, 2, 3
CHANGES = (-2, -1, 1, 2)


def deviation(c: Ctx, kicking: int) -> Proc[tuple[int, int]]:
    """Roll the kick's deviation (D8 direction, D6 distance), with the kicking team's advice."""
    advice = c.roll(3, "master of ballistics") if left(c.s, kicking, BALLISTICS) else 0
    d = c.roll(8, "kick deviation direction")
    n = c.roll(6, "kick deviation distance")
    if advice:
        words = {MISUNDERSTANDING: "no effect", THEORY: "distance -1", PRACTICE: "may change a die"}
        c.emit(Event("master_of_ballistics", kicking, rolls=(advice,), rule=BALLISTICS, detail=words[advice]))
    if advice == THEORY:
        n = max(0, n - 1)
    elif advice == PRACTICE:
        d, n = yield from _practice(c, kicking, d, n)
    return d, n


def changes(d: int, n: int) -> list[tuple[str, int, int]]:
    """Each allowed change: (words, new direction, new distance); only changes that change a die."""
    out = []
    for delta in CHANGES:
        nd = min(8, max(1, d + delta))
        if nd != d:
            out.append((f"D8 {d} -> {nd}", nd, n))
    for delta in CHANGES:
        nn = min(6, max(1, n + delta))
        if nn != n:
            out.append((f"D6 {n} -> {nn}", d, nn))
    return out


def _practice(c: Ctx, kicking: int, d: int, n: int) -> Proc[tuple[int, int]]:
    options = changes(d, n)
    actions = [Action(DECLINE), *(Action(CHOOSE, square=i) for i in range(len(options)))]
    info = {
        "inducement": BALLISTICS,
        "direction": d,
        "distance": n,
        "choices": [words for words, _, _ in options],
        "results": [[nd, nn] for _, nd, nn in options],
    }
    choice = yield Prompt(BALLISTICS_PROMPT, kicking, actions, info)
    if choice.kind != CHOOSE:
        return d, n
    words, nd, nn = options[choice.square]
    c.emit(Event("ballistics_change", kicking, rule=BALLISTICS, detail=words))
    return nd, nn
