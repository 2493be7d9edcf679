"""Naming a Season 3 team's Team Captain (``RosterService.name_captain``).

The Captain is kept as an ``Advancement`` of kind ``CAPTAIN`` (no SPP, no value, not an
advancement) whose skill is the free Pro, so the roster, the player card, the PDF and the
kick-off snapshot read it with every other gained skill; the roster adds "Team Captain".
"""

from __future__ import annotations

from sqlmodel import Session

from league_manager.core.errors import RuleViolation
from league_manager.persistence import repositories as repo
from league_manager.persistence.models import CAPTAIN, Advancement, Player, Team
from league_manager.rules.captain import CAPTAIN_SKILL, captain_refusal
from league_manager.rules.model import Ruleset


def find_player(session: Session, team: Team, player: str) -> Player:
    """A player of the team on its roster by shirt number ("7", "#7") or name.

    Raises:
        RuleViolation: no such player, or the name is shared.
    """
    ref = player.strip().removeprefix("#")
    players = list(repo.players_of([team.id or 0], session=session))
    if ref.isdigit():
        found = [p for p in players if p.number == int(ref)]
    else:
        found = [p for p in players if p.name.casefold() == ref.casefold()]
    if len(found) != 1:
        what = "no player" if not found else f"{len(found)} players"
        raise RuleViolation("player", f"{what} of {team.name} answers to '{player}' (a shirt number or name)")
    return found[0]


def name_captain_in(session: Session, team: Team, ruleset: Ruleset, player: str) -> Player:
    """Name a player the team's Captain and give them the free Pro.

    Raises:
        RuleViolation: the team has no Team Captain rule, the player is not active, a
            journeyman or a Big Guy, or the team's Captain is still on the roster.
    """
    chosen = find_player(session, team, player)
    roster = ruleset.team(team.race)
    players = repo.players_of([team.id or 0], session=session)
    facts = repo.PlayerFacts([p.id or 0 for p in players], session=session)
    current = next(
        (
            p.name
            for p in players
            if p.status == "active" and any(a.kind == CAPTAIN for a in facts.advancements[p.id or 0])
        ),
        None,
    )
    position = roster.position(chosen.position)
    refusal = captain_refusal(
        roster, position, status=chosen.status, journeyman=chosen.journeyman, current=current
    )
    if refusal:
        raise RuleViolation("Team Captain", refusal)
    skills = {s.name for s in position.skills} | {
        a.skill for a in facts.advancements[chosen.id or 0] if a.skill
    }
    session.add(
        Advancement(
            player_id=chosen.id or 0,
            kind=CAPTAIN,
            skill=None if CAPTAIN_SKILL in skills else CAPTAIN_SKILL,
            spp_cost=0,
            value_increase=0,
        )
    )
    return chosen
