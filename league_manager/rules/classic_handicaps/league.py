"""Handicap results that reach the league's records: winnings, MVPs (SPP), the players'
match-only skills and characteristics, and the Assassin's injury roll."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Literal

from league_manager.core.errors import RuleViolation
from league_manager.rules.classic import ClassicRuleset
from league_manager.rules.classic_handicaps import effects as h
from league_manager.rules.classic_postmatch.spp import MvpDraw, draw_mvps
from league_manager.rules.dice import Dice

SPONSORSHIP = 10_000


@dataclass(frozen=True, slots=True)
class WinningsTerms:
    """How a team rolls its winnings: how many dice, and gold added after the table."""

    dice_count: int
    bonus: int


@dataclass(frozen=True, slots=True)
class InjuryRoll:
    """The Assassin's Injury roll (no Armour roll): 2D6, then the casualty D6 on 10+.

    ``result``: ``stunned``, ``ko``, ``badly_hurt``, ``serious`` (roll on the Serious Injury
    table) or ``dead``. An Apothecary may heal it, and is then spent for the match.
    """

    dice: tuple[int, int]
    modifier: int
    casualty_die: int | None
    result: Literal["stunned", "ko", "badly_hurt", "serious", "dead"]


def winnings_terms(own: Collection[int]) -> WinningsTerms:
    """News Feature: 2D6 instead of D6; Sponsorship Deal: +10,000 gp after the match."""
    return WinningsTerms(
        dice_count=2 if h.NEWS_FEATURE in own else 1,
        bonus=SPONSORSHIP if h.SPONSORSHIP_DEAL in own else 0,
    )


def handicap_mvps(
    dice: Dice,
    own: Collection[int],
    available: Sequence[str],
    *,
    inspired: str | None = None,
    stars: Collection[str] = (),
) -> tuple[MvpDraw, ...]:
    """The MVPs a team's handicaps award before the game (their SPP may bring Star Player rolls at once).

    Inspiration: the chosen player (``inspired``) gets an extra MVP. Bribe the Announcers: the
    team's MVP is drawn now (label ``mvp``), never for the inspired player, and the team draws
    none after the match (``spp.mvp_count(announcers_bribed=True)``).

    Raises:
        RuleViolation: Inspiration without a chosen available player, or a player chosen without it.
    """
    draws: list[MvpDraw] = []
    if h.INSPIRATION in own:
        if inspired is None or inspired not in available:
            raise RuleViolation("Inspiration", "pick one of the team's players available for the match")
        draws.append(MvpDraw(inspired, inspired in stars))
    elif inspired is not None:
        raise RuleViolation("Inspiration", "no Inspiration was rolled for this team")
    if h.BRIBE_THE_ANNOUNCERS in own:
        draws += draw_mvps(dice, available, 1, already={d.player for d in draws}, stars=stars)
    return tuple(draws)


def check_match_skill(
    ruleset: ClassicRuleset, normal: Sequence[str], skill: str, has: Collection[str]
) -> None:
    """Intensive Training: the chosen player's extra skill for the match, as a New Skill result
    would give it (a skill, not a trait, from the position's normal categories).

    Raises:
        RuleViolation: the skill is not open to the position or the player has it already.
    """
    if skill in has:
        raise RuleViolation("Intensive Training", f"the player already has {skill}")
    if not any(skill in ruleset.skill_categories.get(c, ()) for c in normal):
        raise RuleViolation("Intensive Training", f"{skill} is not a skill of {', '.join(normal)}")


def check_illegal_drugs(characteristic: str) -> str:
    """Illegal Drugs: the chosen player gets +1 ST or +1 AG for the match.

    Raises:
        RuleViolation: another characteristic was named.
    """
    if characteristic not in ("ST", "AG"):
        raise RuleViolation("Illegal Drugs", f"+1 ST or +1 AG, not {characteristic}")
    return characteristic


def assassin_injury(dice: Dice, *, stunty: bool = False) -> InjuryRoll:
    """The Assassin's Injury roll against the chosen opposing player (labels ``injury``, ``casualty``).

    2-7 Stunned, 8-9 KO'd, 10-12 a casualty: D6 1-3 Badly Hurt, 4-5 Serious Injury, 6 Dead.
    A Stunty player adds 1 to the Injury roll.
    """
    rolled = (dice.roll(6, "injury"), dice.roll(6, "injury"))
    modifier = 1 if stunty else 0
    total = sum(rolled) + modifier
    if total <= 7:
        return InjuryRoll(rolled, modifier, None, "stunned")
    if total <= 9:
        return InjuryRoll(rolled, modifier, None, "ko")
    die = dice.roll(6, "casualty")
    result: Literal["badly_hurt", "serious", "dead"] = (
        "badly_hurt" if die <= 3 else "serious" if die <= 5 else "dead"
    )
    return InjuryRoll(rolled, modifier, die, result)
