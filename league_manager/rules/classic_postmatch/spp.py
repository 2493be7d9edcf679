"""Post-match step 2, first half: Star Player points, levels and the MVP awards.

One MVP per team, drawn at random from the players available for the match; bonus MVPs
(handicaps) are drawn the same way, never twice for one player in a match; an MVP drawn by a
hired Star Player is lost. A conceding team's MVP goes to the winner.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from league_manager.core.errors import RuleViolation
from league_manager.rules.classic_postmatch.tables import Level, SppAwards
from league_manager.rules.dice import Dice
from league_manager.rules.postgame.mvp import pick_mvp


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """What one player did in the match (casualties: only those inflicted by blocks)."""

    completions: int = 0
    touchdowns: int = 0
    interceptions: int = 0
    casualties: int = 0
    mvps: int = 0


@dataclass(frozen=True, slots=True)
class MvpDraw:
    """One MVP drawn: the player, and whether it is lost (drawn by a hired Star Player)."""

    player: str
    lost: bool


def spp_earned(record: MatchRecord, awards: SppAwards) -> int:
    """The Star Player points a player earns for a match."""
    return (
        record.completions * awards.completion
        + record.touchdowns * awards.touchdown
        + record.interceptions * awards.interception
        + record.casualties * awards.casualty
        + record.mvps * awards.mvp
    )


def level_of(spp: int, levels: Sequence[Level]) -> Level:
    """The level (title, cumulative rolls, ageing target) of a player with ``spp`` points."""
    return [level for level in levels if spp >= level.min_spp][-1]


def levels_reached(before: int, after: int, levels: Sequence[Level]) -> tuple[Level, ...]:
    """The levels a player reaches going from ``before`` to ``after`` SPP: one Star Player roll each."""
    return tuple(level for level in levels if before < level.min_spp <= after)


def mvp_count(
    *, conceded: bool = False, opponent_conceded: bool = False, announcers_bribed: bool = False
) -> int:
    """How many MVPs a team draws after the match.

    One, none for a team that conceded, one more when the opponent conceded (the winner gains
    the loser's MVP), one fewer when the team bribed the announcers (its MVP came before the game).
    """
    if conceded:
        return 0
    return 1 + (1 if opponent_conceded else 0) - (1 if announcers_bribed else 0)


def draw_mvps(
    dice: Dice,
    available: Sequence[str],
    count: int,
    *,
    already: Collection[str] = (),
    stars: Collection[str] = (),
    named: Sequence[str] = (),
) -> tuple[MvpDraw, ...]:
    """Draw ``count`` MVPs among the players available for the match (roster order, label ``mvp``).

    Args:
        dice: where the draws come from (each one die over the candidates, as BB2020 draws).
        available: the ids of the team's players available for the match, hired Stars included.
        count: how many MVPs to draw.
        already: players who already have an MVP this match (a handicap MVP); they are skipped.
        stars: hired Star Players among ``available``: their MVP is drawn but lost.
        named: MVPs the coaches drew on the table, in place of the first draws (the rest
            are rolled).

    Raises:
        RuleViolation: more named MVPs than the team draws, or a named player who may not
            draw it (not available, or already an MVP of this match).
    """
    if len(named) > count:
        raise RuleViolation("MVP", f"the team draws {count} MVP(s) after this match, not {len(named)}")
    taken = set(already)
    draws: list[MvpDraw] = []
    for player in named:
        if player not in available or player in taken:
            raise RuleViolation("MVP", f"player {player} may not draw this MVP (not available, or had one)")
        taken.add(player)
        draws.append(MvpDraw(player, player in stars))
    for _ in range(count - len(named)):
        candidates = [p for p in available if p not in taken]
        index = pick_mvp(range(len(candidates)), dice)
        if index is None:
            break
        player = candidates[index]
        taken.add(player)
        draws.append(MvpDraw(player, player in stars))
    return tuple(draws)
