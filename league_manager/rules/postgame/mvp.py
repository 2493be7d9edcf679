"""Post-game step 3: the MVP, one random eligible player per team."""

from __future__ import annotations

from collections.abc import Sequence

from league_manager.rules.dice import Dice


def pick_mvp(eligible: Sequence[int], dice: Dice) -> int | None:
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
            block = dice.roll(16, "mvp block")
            index = (block - 1) * 16 + dice.roll(16, "mvp") - 1
            if index < n:
                return eligible[index]
    sides = next(s for s in (3, 6, 8, 16) if s >= n)
    while True:
        roll = dice.roll(sides, "mvp")
        if roll <= n:
            return eligible[roll - 1]
