"""The whole classic post-match sequence for one match, in the seed's order, as one pure call.

Serious injuries from the match are rolled first (the tabletop rolls them at once; a typed-in
result keeps that order), then 1. each team's winnings (home, then away; a conceding team's
money goes to the winner), 2. MVPs, SPP and Star Player rolls with ageing, 3. the Fan Factor
rolls, and for a conceding team the veterans' rolls. The coach's picks for Star Player rolls
(``star_rolls.check_advance``) and purchases (step 4) are the caller's, as is writing it all down.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from league_manager.rules.classic_handicaps import effects as h
from league_manager.rules.classic_handicaps.league import winnings_terms
from league_manager.rules.classic_postmatch.concession import VeteranRoll, veterans_leaving
from league_manager.rules.classic_postmatch.fan_factor import (
    FanFactorInput,
    FanFactorRoll,
    Result,
    Stage,
    roll_fan_factor,
)
from league_manager.rules.classic_postmatch.injuries import SeriousInjuryRoll, roll_serious_injury
from league_manager.rules.classic_postmatch.spp import (
    MatchRecord,
    MvpDraw,
    draw_mvps,
    levels_reached,
    mvp_count,
    spp_earned,
)
from league_manager.rules.classic_postmatch.star_rolls import StarPlayerRoll, roll_star_player
from league_manager.rules.classic_postmatch.tables import ClassicPostMatch
from league_manager.rules.classic_postmatch.winnings import WinningsRoll, roll_winnings, settle_winnings
from league_manager.rules.dice import Dice


@dataclass(frozen=True, slots=True)
class PlayerIn:
    """A player of the match: SPP before it, what he did (MVPs apart), profile and skill access.

    ``star``: a hired Star Player (never earns SPP; an MVP he draws is lost; injuries waived).
    ``available``: he was available for the match (only they may draw the MVP).
    """

    id: str
    spp: int
    record: MatchRecord
    profile: Mapping[str, int]
    start: Mapping[str, int]
    normal: tuple[str, ...]
    double: tuple[str, ...]
    available: bool = True
    star: bool = False
    seriously_injured: bool = False


@dataclass(frozen=True, slots=True)
class TeamIn:
    """One side of the match as the post-match needs it.

    ``casualties``: the SPP-earning casualties the team inflicted; ``handicaps``: the D66 results
    it rolled; ``pregame_mvps``: players who got a handicap MVP before the game (their SPP are
    already counted); ``final_mvps``: every player takes an MVP (the Blood Bowl final);
    ``named_mvps``: MVPs drawn on the table (in place of the first program draws).
    """

    rating: int
    fan_factor: int
    score: int
    casualties: int
    players: tuple[PlayerIn, ...]
    handicaps: tuple[int, ...] = ()
    pregame_mvps: tuple[str, ...] = ()
    conceded: bool = False
    stage: Stage | None = None
    final_mvps: bool = False
    named_mvps: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayerOut:
    """What the match brought a player: SPP earned and total, his MVP, Star Player rolls, injury."""

    id: str
    spp_earned: int
    spp: int
    mvps: int
    star_player_rolls: tuple[StarPlayerRoll, ...]
    serious_injury: SeriousInjuryRoll | None


@dataclass(frozen=True, slots=True)
class TeamOut:
    """One side's post-match: every roll named, and the gold and fan factor to record."""

    winnings: WinningsRoll
    gold: int
    mvps: tuple[MvpDraw, ...]
    players: tuple[PlayerOut, ...]
    fan_factor: FanFactorRoll
    veterans: tuple[VeteranRoll, ...] = field(default=())


def _result(own: TeamIn, other: TeamIn) -> Result:
    if own.conceded:
        return "lost"
    if other.conceded or own.score > other.score:
        return "won"
    return "drawn" if own.score == other.score else "lost"


def run_post_match(
    dice: Dice, gate: int, home: TeamIn, away: TeamIn, tables: ClassicPostMatch
) -> dict[str, TeamOut]:
    """Run the post-match sequence for both sides (keys ``home`` and ``away``).

    Args:
        dice: every roll, in the order above (home before away in each step).
        gate: the match's gate in fans.
        home: the home side.
        away: the away side.
        tables: the ruleset's post-match tables.
    """
    sides = {"home": (home, away), "away": (away, home)}
    injuries = {
        p.id: roll_serious_injury(dice, p.profile, p.start, tables)
        for team in (home, away)
        for p in team.players
        if p.seriously_injured and not p.star
    }
    rolls: dict[str, WinningsRoll] = {}
    for side, (own, other) in sides.items():
        terms = winnings_terms(own.handicaps)
        won = _result(own, other) == "won"
        rolls[side] = roll_winnings(
            dice, gate, own.rating, won, tables.winnings, dice_count=terms.dice_count, bonus=terms.bonus
        )
    conceded_by = "home" if home.conceded else "away" if away.conceded else None
    gold = settle_winnings(rolls, conceded_by)
    mvps: dict[str, tuple[MvpDraw, ...]] = {}
    players: dict[str, tuple[PlayerOut, ...]] = {}
    for side, (own, other) in sides.items():
        count = mvp_count(
            conceded=own.conceded,
            opponent_conceded=other.conceded,
            announcers_bribed=h.BRIBE_THE_ANNOUNCERS in own.handicaps,
        )
        available = [p.id for p in own.players if p.available]
        stars = {p.id for p in own.players if p.star}
        mvps[side] = draw_mvps(
            dice, available, count, already=own.pregame_mvps, stars=stars, named=own.named_mvps
        )
        won_mvp = {d.player for d in mvps[side] if not d.lost}
        players[side] = tuple(_player(dice, p, own, won_mvp, injuries.get(p.id), tables) for p in own.players)
    out: dict[str, TeamOut] = {}
    for side, (own, other) in sides.items():
        match = FanFactorInput(
            fan_factor=own.fan_factor,
            result=_result(own, other),
            touchdowns=own.score,
            casualties=own.casualties,
            stage=own.stage,
            conceded=own.conceded,
            opponent_conceded=other.conceded,
        )
        fan = roll_fan_factor(dice, match, tables.fan_factor, tables.conceding)
        out[side] = TeamOut(rolls[side], gold[side], mvps[side], players[side], fan)
    for side, (own, _) in sides.items():
        if own.conceded:
            after = [(p.id, p.spp) for p in players[side]]
            out[side] = replace(out[side], veterans=veterans_leaving(dice, after, tables.conceding))
    return out


def _player(
    dice: Dice,
    p: PlayerIn,
    team: TeamIn,
    won_mvp: set[str],
    injury: SeriousInjuryRoll | None,
    tables: ClassicPostMatch,
) -> PlayerOut:
    if p.star:
        return PlayerOut(p.id, 0, p.spp, 0, (), None)
    mvps = (1 if p.id in won_mvp else 0) + (1 if team.final_mvps and p.available else 0)
    record = MatchRecord(
        p.record.completions, p.record.touchdowns, p.record.interceptions, p.record.casualties, mvps
    )
    earned = spp_earned(record, tables.spp)
    total = p.spp + earned
    star_rolls = tuple(
        roll_star_player(dice, level, p.normal, p.double, p.profile, p.start, tables)
        for level in levels_reached(p.spp, total, tables.levels)
    )
    return PlayerOut(p.id, earned, total, mvps, star_rolls, injury)
