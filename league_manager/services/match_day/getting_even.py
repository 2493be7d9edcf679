"""Season 3's Getting Even at the post-game: a player hurt by an opponent may gain Hatred.

Reference bb2025 advancement.yaml ``getting_even`` (ffb StepGettingEven, cz game.action.ts):
when a player suffers a Casualty other than Badly Hurt caused by an opposition player, a D6
of ``Ruleset.getting_even_roll`` or more gives the injured player Hatred (X) of one keyword of
the player who injured them. It is not an advancement and adds no value, so it is kept as an
``Advancement`` of kind ``GETTING_EVEN`` (no SPP). The result document names the opponent in
``injured_by`` (the engine writes it; a typed result may).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlmodel import Session

from league_manager.match.result import PlayerResult
from league_manager.match.teams import PlayerSnapshot
from league_manager.persistence.models import GETTING_EVEN, Advancement, Player
from league_manager.rules.dice import Dice
from league_manager.rules.model import Ruleset

HURT = ("Seriously Hurt", "Serious Injury", "Lasting Injury")
"""Casualty results that call for the roll (not Badly Hurt; a dead player gains nothing)."""
ROLE_KEYWORDS = frozenset({"Lineman", "Blitzer", "Blocker", "Catcher", "Runner", "Thrower", "Special"})
"""Keywords naming a player's role, not what they are: no Hatred is taken of them."""


def hated_keyword(keywords: Sequence[str]) -> str | None:
    """The keyword of the injuring player the Hatred names: what they are (Elf, Ogre), before
    "Big Guy"; never a role keyword. None when they have no such keyword."""
    kinds = [k for k in keywords if k not in ROLE_KEYWORDS]
    return next((k for k in kinds if k != "Big Guy"), kinds[0] if kinds else None)


def _keywords(ruleset: Ruleset, race: str, snap: PlayerSnapshot) -> tuple[str, ...]:
    if snap.keywords:
        return snap.keywords
    roster = ruleset.team(race)
    position = next((p for p in roster.positions if p.name == snap.position), None)
    return position.keywords if position is not None else ()


def getting_even(
    players: Sequence[PlayerResult],
    db_players: Mapping[str, Player],
    snaps: Mapping[str, PlayerSnapshot],
    races: Mapping[int, str],
    ruleset: Ruleset,
    dice: Dice,
    fixture_id: int,
    *,
    session: Session,
) -> tuple[list[dict[str, Any]], list[int]]:
    """Roll Getting Even for every player it concerns; returns the record's rows and the ids
    of the advancements written.

    Args:
        players: the result's players.
        db_players: the league's players by snapshot id (journeymen and stars are not).
        snaps: every kick-off snapshot player by id.
        races: team (0 home, 1 away) -> race, for the injuring player's keywords.
        ruleset: the league's edition (``getting_even_roll`` 0: no roll at all).
        dice: the post-game's dice (label ``getting even``).
        fixture_id: kept with the advancement.
        session: the caller's transaction.
    """
    rows: list[dict[str, Any]] = []
    ids: list[int] = []
    if not ruleset.getting_even_roll:
        return rows, ids
    for p in players:
        player = db_players.get(p.id)
        by = snaps.get(p.injured_by or "")
        if player is None or by is None or p.injury not in HURT:
            continue
        keyword = hated_keyword(_keywords(ruleset, races[1 - p.team], by))
        if keyword is None:
            continue
        roll = dice.roll(6, "getting even")
        gained = roll >= ruleset.getting_even_roll
        skill = f"Hatred ({keyword})"
        if gained:
            adv = Advancement(player_id=player.id or 0, kind=GETTING_EVEN, skill=skill, spp_cost=0,
                              value_increase=0, fixture_id=fixture_id)  # fmt: skip
            session.add(adv)
            session.flush()
            ids.append(adv.id or 0)
        rows.append(
            {"player_id": player.id, "injured_by": by.id, "roll": roll, "hatred": skill, "gained": gained}
        )
    return rows, ids
