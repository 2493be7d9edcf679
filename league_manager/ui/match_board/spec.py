"""Screenshot moments of the board: play seeded board input until a chosen decision comes up.

``match:FIXTURE#block`` (and ``match:practice#block``) show the board at a block; the moments are
listed in :data:`MOMENTS`. The input is ordinary board input (clicks, keys, panel choices).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from league_manager.match import actions as a
from league_manager.match.pitch import PITCH_SQUARES
from league_manager.ui.match_board.controller import BoardController


def _has(kind: str) -> Callable[[BoardController], bool]:
    def test(ctl: BoardController) -> bool:
        prompt = ctl.prompt
        return prompt is not None and prompt.kind == kind

    return test


def _moving(ctl: BoardController) -> bool:
    prompt = ctl.prompt
    return prompt is not None and prompt.kind == a.ACTIVATION and len(ctl.targets) >= 5


def _blocking(ctl: BoardController) -> bool:
    prompt = ctl.prompt
    return (
        prompt is not None
        and prompt.kind == a.ACTIVATION
        and any(x.kind == a.BLOCK for acts in ctl.targets.values() for x in acts)
    )


MOMENTS: dict[str, Callable[[BoardController], bool]] = {
    "setup": lambda ctl: _has(a.SETUP)(ctl) and ctl.match.state.drive >= 1,
    "turn": lambda ctl: _has(a.TURN)(ctl) and bool(ctl.prompt and ctl.prompt.info.get("turn_start")),
    "move": _moving,
    "block": _blocking,
    "dice": _has(a.BLOCK_DIE),
    "push": _has(a.PUSH),
    "reroll": _has(a.REROLL),
    "kick": _has(a.KICK),
}
"""Moment name -> the board state it waits for (a human decision of that kind)."""


def wander(ctl: BoardController, rng: random.Random, end_turn_weight: float = 0.3) -> None:
    """One random board input: a click on a target or any square, a choice, a key, Tab."""
    if ctl.notice or ctl.handover_team >= 0:
        ctl.key("Return")
        return
    menu = ctl.menu()
    roll = rng.random()
    if roll < 0.45 and ctl.targets:
        ctl.click(rng.choice(sorted(ctl.targets)))
    elif roll < 0.5:
        ctl.click(rng.choice(PITCH_SQUARES))
    elif roll < 0.6:
        ctl.key(rng.choice(["Tab", "Return", "Escape", "Left", "Right", "Up", "Down"]))
    elif menu.choices:
        choices = [c for c in menu.choices if c.command != "save_formation"]  # opens a dialog
        if not choices:
            return
        choice = rng.choice(choices)
        ends = choice.action is not None and choice.action.kind in (a.END_TURN, a.END_ACTIVATION)
        if ends and rng.random() > end_turn_weight:
            return
        ctl.choose(choice)


def advance_to(ctl: BoardController, moment: str, seed: int = 4, limit: int = 8000) -> bool:
    """Play seeded board input (bots play their sides) until the moment; False if it never came.

    Raises:
        ValueError: unknown moment.
    """
    if moment not in MOMENTS:
        raise ValueError(f"unknown board moment '{moment}' ({', '.join(MOMENTS)})")
    wanted = MOMENTS[moment]
    rng = random.Random(seed)
    for step in range(limit):
        if ctl.prompt is None:
            return False
        if ctl.session.bot_to_play() and not ctl.notice:
            ctl.bot_step()
            continue
        ready = not ctl.notice and ctl.handover_team < 0 and ctl.focus < 0
        if ready and step > 0 and wanted(ctl):
            return True
        wander(ctl, rng)
    return False
