"""League-commissioner rules per edition: an unplayed fixture conceded before the match.

BB2020 ``league.yaml`` ``structure.time_limit`` (and ``post_game.yaml``
``concession.unplayed_fixture_conceded_for_real_life``): a coach who concedes an unplayed
fixture for real-life reasons loses 1-0; the opponent gains D6 x 10,000 gp and makes two
MVP awards. The Season 3 reference has no league text on it, so Season 3 keeps the
BB2020 rule (docs/rules-decisions.md, "League rules: deadlines, concessions,
friendlies, adjustments").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from league_manager.rules.dice import Dice
from league_manager.rules.postgame.mvp import pick_mvp


@dataclass(frozen=True)
class UnplayedConcession:
    """What a concession before the match gives the opponent.

    Attributes:
        winner_score: the winner's touchdowns (the conceding team scores 0).
        gold_d6: the winner gains D6 times this many gp.
        mvps: how many MVP awards the winner makes (different players).
    """

    winner_score: int
    gold_d6: int
    mvps: int

    def gold(self, dice: Dice) -> tuple[int, int]:
        """The die and the winner's gold (D6 x ``gold_d6``)."""
        die = dice.roll(6, "concession gold")
        return die, die * self.gold_d6

    def pick_mvps(self, eligible: Sequence[int], dice: Dice) -> list[int]:
        """Draw ``mvps`` different players among ``eligible`` (in roster order)."""
        pool, chosen = list(eligible), []
        for _ in range(min(self.mvps, len(pool))):
            index = pick_mvp(range(len(pool)), dice, "concession mvp")
            assert index is not None
            chosen.append(pool.pop(index))
        return chosen


BB2020_UNPLAYED = UnplayedConcession(winner_score=1, gold_d6=10_000, mvps=2)

UNPLAYED_CONCESSION: dict[str, UnplayedConcession] = {"bb2020": BB2020_UNPLAYED, "bb2025": BB2020_UNPLAYED}
"""The rule by ruleset id."""


def unplayed_concession(ruleset_id: str) -> UnplayedConcession:
    """The edition's rule for a fixture conceded before the match.

    Raises:
        KeyError: an edition without such a rule.
    """
    return UNPLAYED_CONCESSION[ruleset_id]
