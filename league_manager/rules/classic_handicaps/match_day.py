"""Handicap results that change the match day: fan factors (and so the gate), staff and re-rolls,
and who plays.

``own`` is the results a team rolled for itself; ``against`` the results its opponent rolled
(which act on this team). Random picks go through the injected Dice like every other roll.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from league_manager.core.errors import RuleViolation
from league_manager.rules.classic import ClassicPosition, ClassicTeam
from league_manager.rules.classic_handicaps import effects as h
from league_manager.rules.dice import Dice
from league_manager.rules.postgame.mvp import pick_mvp

APPEARANCE_FEE_UNIT = 5_000


@dataclass(frozen=True, slots=True)
class MatchStaff:
    """A team's re-rolls and staff for one match after the handicaps (``rerolls_first_half`` for
    Doom & Gloom); ``staff_out`` names the staff member Mickey Finn keeps away."""

    rerolls: int
    rerolls_first_half: int
    cheerleaders: int
    assistant_coaches: int
    apothecary: bool
    extra_cheerleaders_die: int | None = None
    staff_out: str | None = None


@dataclass(frozen=True, slots=True)
class AppearanceFee:
    """The opposing star who will not play until paid: who, the D6 and the fee in gp."""

    player: str
    die: int
    fee: int


def match_fan_factor(fan_factor: int, own: Collection[int], against: Collection[int]) -> int:
    """A team's fan factor for this match: halved rounding up under Bad Press, then +1 for Team Anthem.

    The gate of a classic match is rolled with these match fan factors (docs/rules-decisions.md).
    """
    value = -(-fan_factor // 2) if h.BAD_PRESS in against else fan_factor
    return value + (1 if h.TEAM_ANTHEM in own else 0)


def match_staff(
    dice: Dice,
    rerolls: int,
    cheerleaders: int,
    assistant_coaches: int,
    apothecary: bool,
    own: Collection[int],
    against: Collection[int],
    *,
    staff_out: str | None = None,
) -> MatchStaff:
    """A team's re-rolls and staff for the match.

    Extra Training +1 re-roll; Bad Habits -1 (never below 0); Doom & Gloom halves the first
    half's re-rolls (rounding down); That Babe's Got Talent +D6 cheerleaders (label
    ``cheerleaders``); Mickey Finn keeps one chosen staff member away (``staff_out``:
    ``assistant coach``, ``cheerleader`` or ``apothecary``).

    Raises:
        RuleViolation: Mickey Finn names no staff member, or one the team does not have.
    """
    total = max(0, rerolls + (1 if h.EXTRA_TRAINING in own else 0) - (1 if h.BAD_HABITS in against else 0))
    first = total // 2 if h.DOOM_AND_GLOOM in against else total
    die = dice.roll(6, "cheerleaders") if h.THAT_BABES_GOT_TALENT in own else None
    cheer = cheerleaders + (die or 0)
    if h.MICKEY_FINN in against:
        available = {
            "assistant coach": assistant_coaches,
            "cheerleader": cheerleaders,
            "apothecary": int(apothecary),
        }
        if staff_out not in available or not available[staff_out]:
            have = ", ".join(name for name, n in available.items() if n) or "no staff"
            raise RuleViolation(
                "Mickey Finn", f"pick a staff member the team has ({have}), not {staff_out!r}"
            )
        assistant_coaches -= staff_out == "assistant coach"
        cheer -= staff_out == "cheerleader"
        apothecary = apothecary and staff_out != "apothecary"
    elif staff_out is not None:
        raise RuleViolation("Mickey Finn", "no Mickey Finn was rolled against this team")
    return MatchStaff(total, first, cheer, assistant_coaches, apothecary, die, staff_out)


def draw_players(dice: Dice, candidates: Sequence[str], count: int, label: str) -> tuple[str, ...]:
    """``count`` different players drawn at random from ``candidates`` (all of them when fewer)."""
    left = list(candidates)
    chosen: list[str] = []
    while left and len(chosen) < count:
        index = pick_mvp(range(len(left)), dice, label)
        assert index is not None  # left is not empty
        chosen.append(left.pop(index))
    return tuple(chosen)


def players_missing(
    dice: Dice, against: Collection[int], available: Sequence[str], niggled: Collection[str]
) -> tuple[str, ...]:
    """The players of a team who miss the whole match through the opponent's handicaps.

    Virus: every player with a niggling injury. It Wasn't Me!: one random player among the rest
    (label ``it wasn't me``).

    Args:
        dice: where the random pick comes from.
        against: the opponent's handicap results.
        available: the team's players otherwise available for the match (roster order).
        niggled: those of them with at least one niggling injury.
    """
    out = [p for p in available if p in niggled] if h.VIRUS in against else []
    if h.IT_WASNT_ME in against:
        out += draw_players(dice, [p for p in available if p not in out], 1, "it wasn't me")
    return tuple(out)


def random_victims(dice: Dice, result: int, available: Sequence[str]) -> tuple[str, ...]:
    """The random opposing players a match-only result picks before the game.

    Running Late: D6 players miss the first drive; Morley's Revenge: D3 players roll before each
    kick-off; I Am The Greatest!: two players who may not be set up together; Duh, Where Am I?:
    one player with Bone Head. The die for the count is labelled with the result's name.

    Raises:
        RuleViolation: ``result`` picks no random opposing players.
    """
    counts = {h.I_AM_THE_GREATEST: 2, h.DUH_WHERE_AM_I: 1}
    if result == h.RUNNING_LATE:
        count = dice.roll(6, "running late")
    elif result == h.MORLEYS_REVENGE:
        count = dice.roll(3, "morley's revenge")
    elif result in counts:
        count = counts[result]
    else:
        raise RuleViolation("handicap", f"result {result} picks no random opposing players")
    return draw_players(dice, available, count, "handicap victim")


def iron_man(dice: Dice, available: Sequence[str]) -> str | None:
    """Iron Man: the random own player who is only Stunned when his armour is broken."""
    chosen = draw_players(dice, available, 1, "iron man")
    return chosen[0] if chosen else None


def in_the_bag(players: Sequence[tuple[str, int]], size: int = 11) -> tuple[str, ...]:
    """In the Bag!: the ``size`` lowest-SPP players (``(id, SPP)`` in roster order; ties keep roster order)
    who alone may be fielded until the other team takes the lead."""
    ranked = sorted(range(len(players)), key=lambda i: (players[i][1], i))
    return tuple(players[i][0] for i in sorted(ranked[:size]))


def appearance_fee(dice: Dice, players: Sequence[tuple[str, int]]) -> AppearanceFee | None:
    """Appearance Fee: the opposing player with the most SPP sits out until paid D6 x 5,000 gp.

    Players tied on the most SPP are drawn between at random (label ``appearance fee player``);
    the fee's die is labelled ``appearance fee``. None when the opponent has no players.
    """
    if not players:
        return None
    most = max(spp for _, spp in players)
    tied = [p for p, spp in players if spp == most]
    player = tied[0] if len(tied) == 1 else draw_players(dice, tied, 1, "appearance fee player")[0]
    die = dice.roll(6, "appearance fee")
    return AppearanceFee(player, die, die * APPEARANCE_FEE_UNIT)


def pay_appearance_fee(treasury: int, fee: AppearanceFee) -> int:
    """The treasury after the coach pays the fee (he may, at any time after kick-off).

    Raises:
        RuleViolation: the treasury cannot cover the fee.
    """
    if treasury < fee.fee:
        raise RuleViolation("Appearance Fee", f"the fee is {fee.fee} gp and the treasury holds {treasury} gp")
    return treasury - fee.fee


def extra_player(team: ClassicTeam, position: str) -> ClassicPosition:
    """That Boy's Got Talent!: the position of the player who joins for this match only.

    Any position of the team list, whatever its quantity limit, and a 17th player is allowed:
    he leaves the roster when the match ends (and takes his SPP with him).

    Raises:
        NotFound: the team list has no such position.
    """
    return team.position(position)
