"""Post-game work of the (In)famous Coaching Staff who changed players at the pre-game.

The match result names each pick (``PlayerResult.staff``: staff, skill). At the start of step 3,
a D6 for each player Schielund Scharlitan or Professor Fronkelheim picked (not a journeyman, not
one killed in the match):

- Schielund Scharlitan: 1 the player gains Loner (2+) for good; 2-5 nothing; 6 keeps Pro for good
  (its value rises as for a chosen Primary skill).
- Professor Fronkelheim: 1 the player misses the next game (as a Seriously Hurt); 2-5 nothing;
  6 keeps the Mutation for good (its value rises as for a random Secondary skill).

Ayleen Andar: a journeyman she trained who is hired permanently at step 4 costs 10,000 gp more
for each skill she gave him, and keeps those skills (each adding the 10,000 gp to his value).

A skill kept is an ``Advancement`` of kind ``STAFF_GIFT`` (no SPP; not an advancement for the
next one's SPP cost or the level), whose id the post-game's ledger keeps so that a correction
removes it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlmodel import Session

from league_manager.match.result import PlayerResult
from league_manager.persistence import repositories as repo
from league_manager.persistence.models import STAFF_GIFT, Advancement, Player
from league_manager.rules.dice import Dice
from league_manager.rules.model import Ruleset, SkillRef
from league_manager.services.match_day.dice_slots import about

SCHIELUND = "Schielund Scharlitan"
FRONKELHEIM = "Professor Fronkelheim"
AYLEEN = "Ayleen Andar"
KEEPS = 6
"""The D6 on which a picked player keeps the skill for good."""
SETBACK = 1
"""The D6 on which Schielund's player gains Loner (2+) and Fronkelheim's misses the next game."""
SCHIELUND_LONER = "Loner (2+)"
AYLEEN_FEE = 10_000
"""Extra hiring cost (and value) of each skill Ayleen Andar gave a journeyman."""
MNG_INJURIES = ("Seriously Hurt", "Serious Injury", "Lasting Injury")
"""Injuries that already make a player miss the next game (a second miss does not stack)."""

Status = Callable[[Player, str, str], None]
"""Writes a status ledger row (player, kind, reason)."""


def _skills(ruleset: Ruleset, team_race: str, player: Player, session: Session) -> set[str]:
    """The names of the skills a player has now: its position's and those it gained."""
    position = ruleset.team(team_race).position(player.position)
    facts = repo.PlayerFacts([player.id or 0], session=session)
    gained = {SkillRef.parse(a.skill).name for a in facts.advancements[player.id or 0] if a.skill}
    return {s.name for s in position.skills} | gained


def gift(player: Player, skill: str, value: int, fixture_id: int, *, session: Session) -> int:
    """Give a player a skill for good without SPP (a ``STAFF_GIFT`` advancement); its id."""
    row = Advancement(
        player_id=player.id or 0, kind=STAFF_GIFT, skill=skill, spp_cost=0, value_increase=value,
        fixture_id=fixture_id,
    )  # fmt: skip
    session.add(row)
    session.flush()
    return row.id or 0


def staff_rolls(
    results: tuple[PlayerResult, ...],
    players: dict[str, Player],
    races: dict[int, str],
    ruleset: Ruleset,
    dice: Dice,
    status: Status,
    fixture_id: int,
    *,
    session: Session,
) -> tuple[list[dict[str, Any]], list[int]]:
    """Schielund's and Fronkelheim's D6 for each player they picked (see the module docstring).

    Args:
        results: the match result's players.
        players: the database players by snapshot id (journeymen have none: not rolled for).
        races: each team's race by team id (for its roster's position skills).
        ruleset: the league's ruleset (value increases).
        dice: the post-game's dice.
        status: writes a status ledger row (the missed next game).
        fixture_id: the fixture.
        session: the post-game's transaction.

    Returns:
        The record's entries (player, staff, skill, roll, outcome) and the ids of the
        advancements written.
    """
    entries: list[dict[str, Any]] = []
    gifts: list[int] = []
    values = ruleset.advancement.value_increase
    for p in results:
        player = players.get(p.id)
        if player is None or p.injury == "Dead":
            continue
        for who, skill in p.staff:
            if who not in (SCHIELUND, FRONKELHEIM):
                continue
            about(dice, player.name)
            roll = dice.roll(6, who.lower())
            has = _skills(ruleset, races[player.team_id], player, session)
            outcome = "nothing"
            if who == SCHIELUND and roll == KEEPS and "Pro" not in has:
                gifts.append(gift(player, "Pro", values["chosen_primary"], fixture_id, session=session))
                outcome = "keeps Pro"
            elif who == SCHIELUND and roll == SETBACK and "Loner" not in has:
                gifts.append(gift(player, SCHIELUND_LONER, 0, fixture_id, session=session))
                outcome = f"gains {SCHIELUND_LONER}"
            elif who == FRONKELHEIM and roll == KEEPS and skill and skill not in has:
                gifts.append(gift(player, skill, values["random_secondary"], fixture_id, session=session))
                outcome = f"keeps {skill}"
            elif who == FRONKELHEIM and roll == SETBACK:
                if p.injury not in MNG_INJURIES:
                    status(player, "mng", f"{FRONKELHEIM}'s experiment failed in fixture {fixture_id}")
                outcome = "misses the next game"
            entries.append(
                {"player_id": player.id, "staff": who, "skill": skill, "roll": roll, "outcome": outcome}
            )
    return entries, gifts


def ayleen_skills(journeyman: PlayerResult) -> list[str]:
    """The skills Ayleen Andar gave a journeyman (each costs ``AYLEEN_FEE`` more to hire)."""
    return [skill for who, skill in journeyman.staff if who == AYLEEN and skill]
