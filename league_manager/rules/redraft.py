"""Re-drafting a team between two seasons (BB2020 league rules, reference ``league.yaml`` ``re_draft``).

Three steps: R&R (a player who would miss the next game recovers), Raise Funds (the budget:
1,000,000 gp plus the whole treasury plus gold for each game, win and draw of the season just
played, optionally capped by the league), Re-draft (each player kept costs his current value
plus an agent fee per season he has played; staff and team re-rolls kept cost what they cost
at a draft; dedicated fans stay free). A kept player rolls a D6 per Niggling Injury (+1 with an
apothecary): 4+ removes it. A temporarily retired player comes back at his listed value and
rolls a D6 per characteristic reduction (+1 with an apothecary): 4+ restores it, but each
restored characteristic brings a Niggling Injury. The readings are in docs/rules-decisions.md,
"Re-draft between seasons".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from league_manager.rules.dice import Dice


@dataclass(frozen=True, slots=True)
class RedraftRules:
    """The numbers of an edition's re-draft (gold pieces).

    Attributes:
        base: every team's starting budget.
        per_game: gold for each game of the season just played.
        per_win: extra gold for each win.
        per_draw: extra gold for each draw.
        suggested_cap: the cap the rules suggest (a league setting; 0 there means none).
        agent_fee: per season the player has played, on top of his current value.
        recovery_target: the D6 (after modifiers) that removes a niggling injury or restores
            a characteristic.
        apothecary_bonus: added to those rolls when the team keeps an apothecary.
    """

    base: int
    per_game: int
    per_win: int
    per_draw: int
    suggested_cap: int
    agent_fee: int
    recovery_target: int
    apothecary_bonus: int


BB2020_REDRAFT = RedraftRules(
    base=1_000_000, per_game=20_000, per_win=20_000, per_draw=10_000, suggested_cap=1_300_000,
    agent_fee=20_000, recovery_target=4, apothecary_bonus=1,
)  # fmt: skip
"""BB2020 (``league.yaml`` ``re_draft``)."""

REDRAFT_RULES: dict[str, RedraftRules] = {"bb2020": BB2020_REDRAFT, "bb2025": BB2020_REDRAFT}
"""The re-draft rules by ruleset id. Season 3 has no re-draft text of its own: it re-drafts
with BB2020's numbers, as the one Season 3 league manager checked does (reference
``bb2025/league.yaml`` ``end_of_season_cz``; docs/rules-decisions.md)."""


@dataclass(frozen=True, slots=True)
class SeasonRecord:
    """A team's games, wins and draws in the season just played (its final table row)."""

    played: int
    won: int
    drawn: int


@dataclass(frozen=True, slots=True)
class Budget:
    """Raise Funds: each part of the re-draft budget and the total after the cap.

    Attributes:
        capped_by: how much the league's cap took off (0 when it did not bite).
    """

    base: int
    treasury: int
    games: int
    wins: int
    draws: int
    cap: int
    capped_by: int

    @property
    def raised(self) -> int:
        """Base + treasury + games + wins + draws, before the cap."""
        return self.base + self.treasury + self.games + self.wins + self.draws

    @property
    def total(self) -> int:
        """What the team may spend in the re-draft."""
        return self.raised - self.capped_by


def raise_funds(rules: RedraftRules, treasury: int, record: SeasonRecord, cap: int = 0) -> Budget:
    """The re-draft budget (Raise Funds step).

    Args:
        rules: the edition's re-draft numbers.
        treasury: the team's whole treasury (it is emptied into the budget).
        record: games, wins and draws of the season just played.
        cap: the league's cap on the budget; 0 for none.

    Returns:
        The budget with its parts.
    """
    budget = Budget(rules.base, treasury, record.played * rules.per_game, record.won * rules.per_win,
                    record.drawn * rules.per_draw, cap, 0)  # fmt: skip
    over = budget.raised - cap if cap > 0 else 0
    return Budget(budget.base, treasury, budget.games, budget.wins, budget.draws, cap, max(0, over))


def rehire_cost(rules: RedraftRules, current_value: int, seasons_played: int) -> int:
    """A kept player's price: his current value plus the agent fee per season he has played."""
    return current_value + rules.agent_fee * max(0, seasons_played)


def carry_over_cost(
    staff: Mapping[str, int], staff_costs: Mapping[str, int], rerolls: int, reroll_cost: int
) -> int:
    """Staff and team re-rolls kept, each at its draft cost (the roster's re-roll cost, not doubled)."""
    return sum(count * staff_costs[role] for role, count in staff.items()) + rerolls * reroll_cost


@dataclass(frozen=True, slots=True)
class RecoveryRoll:
    """One re-draft roll: a niggling injury shaken off, or a characteristic restored.

    Attributes:
        player_id: whose roll.
        kind: ``"niggling"`` or ``"characteristic"``.
        characteristic: the characteristic rolled for (None for a niggling roll).
        die: the D6 as rolled.
        modifier: +1 with an apothecary, else 0.
        target: the total needed.
    """

    player_id: int
    kind: str
    characteristic: str | None
    die: int
    modifier: int
    target: int

    @property
    def success(self) -> bool:
        """True when die + modifier reaches the target."""
        return self.die + self.modifier >= self.target

    def describe(self) -> str:
        """The roll in words: ``D6 3 +1 = 4, 4+ needed: removed``."""
        what = "niggling injury" if self.kind == "niggling" else f"{self.characteristic} reduction"
        bonus = f" +{self.modifier} = {self.die + self.modifier}" if self.modifier else ""
        verdict = ("removed" if self.kind == "niggling" else "restored") if self.success else "stays"
        return f"{what}: D6 {self.die}{bonus}, {self.target}+ needed: {verdict}"


def niggling_rolls(
    rules: RedraftRules, player_id: int, niggling: int, apothecary: bool, dice: Dice
) -> list[RecoveryRoll]:
    """One D6 per niggling injury of a kept player (+1 with an apothecary); 4+ removes it."""
    modifier = rules.apothecary_bonus if apothecary else 0
    return [
        RecoveryRoll(
            player_id, "niggling", None, dice.roll(6, "niggling recovery"), modifier, rules.recovery_target
        )
        for _ in range(max(0, niggling))
    ]


def return_rolls(
    rules: RedraftRules, player_id: int, reductions: Mapping[str, int], apothecary: bool, dice: Dice
) -> list[RecoveryRoll]:
    """A temporarily retired player's return: one D6 per characteristic reduction (+1 with an
    apothecary); 4+ restores it and gives him a Niggling Injury (see :func:`niggling_gained`)."""
    modifier = rules.apothecary_bonus if apothecary else 0
    rolls = []
    for name in sorted(reductions):
        for _ in range(max(0, reductions[name])):
            die = dice.roll(6, "characteristic restored")
            rolls.append(
                RecoveryRoll(player_id, "characteristic", name, die, modifier, rules.recovery_target)
            )
    return rolls


def niggling_gained(rolls: Sequence[RecoveryRoll]) -> int:
    """Niggling injuries a returning player gains: one per characteristic restored."""
    return sum(1 for r in rolls if r.kind == "characteristic" and r.success)


def rolls_needed(niggling: int, reductions: Mapping[str, int], returning: bool) -> int:
    """How many D6 a kept player's re-draft needs (for the preview and typed dice)."""
    return max(0, niggling) + (sum(max(0, n) for n in reductions.values()) if returning else 0)
