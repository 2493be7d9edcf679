"""Prize money and the special benefits of the four Major Tournaments, and the minor-tournament cap.

Spike!: 200,000 / 100,000 and +D6 fan factor for the winner (optional Player of the Year: +1 fan
factor to the team of the league's top-SPP player). Dungeonbowl: 150,000 / 100,000 and a Wizard
for 25,000 gp for a season, even for teams that may not hire one. Chaos Cup: 350,000 split by a
D6 (+1 Chaos, Norse, Chaos Dwarf; -1 Dwarf, High Elf, Wood Elf) and one extra Handicap roll
in every match while held. Blood Bowl: 350,000 / 150,000, +20,000 for every match played while
held, and an MVP for every player in the final. Each Major trophy held gives one Trophy
Re-roll per match; minor tournaments (prizes at most 150,000 together) give none.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from league_manager.core.errors import RuleViolation
from league_manager.rules.classic_tournaments.tables import MAJORS, ClassicTournaments
from league_manager.rules.dice import Dice
from league_manager.rules.postgame.mvp import pick_mvp


@dataclass(frozen=True, slots=True)
class MajorPrize:
    """What a Major's finalists receive, with every roll named.

    ``split_die``/``split_modifier``: the Chaos Cup's D6 and its team modifier;
    ``fan_factor_die``: the Spike! winner's permanent fan-factor gain.
    """

    tournament: str
    winner_gold: int
    runner_up_gold: int
    split_die: int | None = None
    split_modifier: int = 0
    fan_factor_die: int | None = None


def major_prize(dice: Dice, tournament: str, winner_team: str, t: ClassicTournaments) -> MajorPrize:
    """Pay out a Major Tournament.

    Args:
        dice: for the Chaos Cup split (label ``chaos cup``) and the Spike! fan factor (``spike fan factor``).
        tournament: one of the four Majors.
        winner_team: the winner's team-list id (the Chaos Cup modifier reads it).
        t: the ruleset's tournament data.

    Raises:
        RuleViolation: ``tournament`` is not a Major.
    """
    if tournament not in MAJORS:
        raise RuleViolation("tournament", f"{tournament!r} is not a Major ({', '.join(MAJORS)})")
    if tournament == "Chaos Cup":
        die = dice.roll(6, "chaos cup")
        modifier = t.chaos_cup_modifiers.get(winner_team, 0)
        score = min(6, max(1, die + modifier))
        row = next(r for r in t.chaos_cup_split if r.low <= score <= r.high)
        return MajorPrize(tournament, row.winner, row.runner_up, die, modifier)
    winner, runner_up = t.prizes[tournament]
    fan = dice.roll(6, "spike fan factor") if tournament == "Spike! Magazine Trophy" else None
    return MajorPrize(tournament, winner, runner_up, fan_factor_die=fan)


def player_of_the_year(dice: Dice, players: Sequence[tuple[str, str, int]]) -> tuple[str, str] | None:
    """Spike! Player of the Year: ``(player, team)`` with the most SPP in the league (+1 fan factor
    to his team). Players tied on the most SPP are drawn between (label ``player of the year``)."""
    if not players:
        return None
    most = max(spp for _, _, spp in players)
    tied = [entry for entry in players if entry[2] == most]
    index = 0 if len(tied) == 1 else pick_mvp(range(len(tied)), dice, "player of the year")
    assert index is not None  # tied is not empty
    return tied[index][0], tied[index][1]


def trophy_rerolls(held: Collection[str]) -> int:
    """Trophy Re-rolls a team has in a match: one per Major trophy held (minor trophies give none)."""
    return sum(1 for name in set(held) if name in MAJORS)


def extra_handicap_rolls(held: Collection[str]) -> int:
    """Handicap rolls a team makes in every match on top of any others: one while it holds the Chaos Cup."""
    return 1 if "Chaos Cup" in held else 0


def holder_match_bonus(held: Collection[str], t: ClassicTournaments) -> int:
    """Gold a team earns for each match it plays while holding the Blood Bowl (Bloodweiser deal)."""
    return t.blood_bowl_match_bonus if "Blood Bowl" in held else 0


def wizard_cost(normal_cost: int, may_hire: bool, dungeonbowl_contract: bool, t: ClassicTournaments) -> int:
    """What a Wizard costs a team: the Dungeonbowl winner's contract makes it 25,000 gp for a season,
    even for a team that may not normally hire one.

    Raises:
        RuleViolation: the team may not hire a Wizard and holds no contract.
    """
    if dungeonbowl_contract:
        return t.dungeonbowl_wizard_cost
    if not may_hire:
        raise RuleViolation("Wizard", "this team may not hire a Wizard")
    return normal_cost


def final_mvps(tournament: str, players_in_final: Sequence[str]) -> tuple[str, ...]:
    """Players who count as receiving an extra MVP for playing the final: all of both teams in the
    Blood Bowl final, on top of the match's usual MVPs; none in the other finals."""
    return tuple(players_in_final) if tournament == "Blood Bowl" else ()


def check_minor_prizes(winner: int, runner_up: int, t: ClassicTournaments) -> None:
    """A minor tournament's prizes: never negative, at most 150,000 gp together.

    Raises:
        RuleViolation: the prizes break the cap.
    """
    if winner < 0 or runner_up < 0:
        raise RuleViolation("prizes", "prize money cannot be negative")
    if winner + runner_up > t.minor_prize_cap:
        raise RuleViolation(
            "prizes",
            f"a minor tournament pays at most {t.minor_prize_cap} gp in all, not {winner + runner_up}",
        )
