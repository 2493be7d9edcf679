"""Post-game step 3: the MVP, one random eligible (Season 3: nominated) player per team."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from league_manager.rules.dice import Dice

T = TypeVar("T")


def pick_mvp(eligible: Sequence[int], dice: Dice, label: str = "mvp") -> int | None:
    """Choose the MVP among eligible player ids (in roster order) with the dice.

    The die is the smallest of D3/D6/D8/D16 that covers the list, re-rolled past its
    end, so every player has the same chance and a typed-in roll maps to a player.
    """
    if not eligible:
        return None
    n = len(eligible)
    if n > 16:
        # two dice: a D16 chooses a block of 16, repeated until in range
        while True:
            block = dice.roll(16, f"{label} block")
            index = (block - 1) * 16 + dice.roll(16, label) - 1
            if index < n:
                return eligible[index]
    sides = next(s for s in (3, 6, 8, 16) if s >= n)
    while True:
        roll = dice.roll(sides, label)
        if roll <= n:
            return eligible[roll - 1]


def nominate(eligible: Sequence[T], count: int, dice: Dice) -> list[T]:
    """Season 3 MVP nominees: ``count`` of the eligible players, drawn at random one by one.

    A team with ``count`` eligible players or fewer nominates them all (no roll); otherwise
    each nominee is drawn like an MVP among those not yet nominated, and the list keeps
    the order drawn (nominee 1 is the first drawn), which the MVP die then reads.
    """
    left = list(eligible)
    if len(left) <= count:
        return left
    chosen: list[T] = []
    while len(chosen) < count:
        index = pick_mvp(range(len(left)), dice, "mvp nominee")
        assert index is not None  # left is never empty here
        chosen.append(left.pop(index))
    return chosen
