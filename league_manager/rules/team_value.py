"""Team value (TV) and current team value (CTV), computed from the roster, never typed in."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from league_manager.rules.model import DraftRules, Position, TeamRoster

LOW_COST_LINEMEN = "Low Cost Linemen"


@dataclass(frozen=True, slots=True)
class ValuedPlayer:
    """What team value needs to know about one player on the draft list.

    Attributes:
        position: the roster line.
        value_increases: sum of value increases from advancements.
        misses_next_game: MNG: counted in TV, not in CTV.
        retired: temporarily retired: counted in TV, not in CTV.
        journeyman: taken for one game; counted in CTV only.
    """

    position: Position
    value_increases: int = 0
    misses_next_game: bool = False
    retired: bool = False
    journeyman: bool = False


@dataclass(frozen=True, slots=True)
class ValuedTeam:
    """Everything besides players that counts toward team value."""

    roster: TeamRoster
    rerolls: int = 0
    assistant_coaches: int = 0
    cheerleaders: int = 0
    apothecary: bool = False
    dedicated_fans: int = 1
    inducements: int = 0


@dataclass(frozen=True, slots=True)
class TeamValue:
    """TV and CTV with the parts that make them up, for display."""

    team_value: int
    current_team_value: int
    players: int
    rerolls: int
    staff: int
    dedicated_fans: int


def player_value(player: ValuedPlayer, roster: TeamRoster) -> int:
    """A player's current value: hiring fee plus value increases.

    Low Cost Linemen teams do not count their linemen's hiring fee (league play).
    """
    fee = player.position.cost
    if roster.has_rule(LOW_COST_LINEMEN) and player.position.is_lineman:
        fee = 0
    return fee + player.value_increases


def fans_value(dedicated_fans: int, draft: DraftRules, settings: Mapping[str, object]) -> int:
    """What dedicated fans add to TV under the league's setting (free ones are not counted)."""
    if not settings.get("dedicated_fans_in_tv", True):
        return 0
    return max(0, dedicated_fans - draft.fans_free) * draft.fans_cost


def team_value(
    team: ValuedTeam,
    players: Iterable[ValuedPlayer],
    draft: DraftRules,
    settings: Mapping[str, object],
) -> TeamValue:
    """Compute TV and CTV.

    TV counts every player on the draft list (MNG and retired included), sideline
    staff, re-rolls at roster cost and, when the league counts them, dedicated fans.
    CTV drops MNG and retired players and adds journeymen and inducements.
    """
    tv_players = 0
    ctv_players = 0
    for player in players:
        value = player_value(player, team.roster)
        if player.journeyman:
            ctv_players += value
            continue
        tv_players += value
        if not (player.misses_next_game or player.retired):
            ctv_players += value
    rerolls = team.rerolls * team.roster.reroll_cost
    staff = (
        team.assistant_coaches * draft.assistant_coach.cost
        + team.cheerleaders * draft.cheerleader.cost
        + (draft.apothecary.cost if team.apothecary else 0)
    )
    fans = fans_value(team.dedicated_fans, draft, settings)
    base = rerolls + staff + fans
    return TeamValue(
        team_value=tv_players + base,
        current_team_value=ctv_players + base + team.inducements,
        players=tv_players,
        rerolls=rerolls,
        staff=staff,
        dedicated_fans=fans,
    )
