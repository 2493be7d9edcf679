"""What a player of an event may buy between rounds, and whether a skill may be taken back.

Pure reads of an entry's roster JSON (no SQL), shared by the event service, which refuses with
them, and the desk's Advance dialog, which offers or greys with them.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from league_manager.rules import advancement as rules
from league_manager.rules.event_progression import ADVANCE_KINDS
from league_manager.rules.model import Ruleset, SkillRef
from league_manager.services.event_views import player_spp


@dataclass(frozen=True)
class AdvanceChoice:
    """One kind of advancement offered between rounds: its SPP cost, whether the player can
    afford it, the categories it draws from and, for a chosen kind, the skills to pick."""

    kind: str
    cost: int
    affordable: bool
    categories: tuple[str, ...]
    skills: tuple[str, ...]


def _bought(roster: Mapping[str, Any], number: int) -> list[Mapping[str, Any]]:
    found = (roster.get("progress") or {}).get("advancements", [])
    return [a for a in found if int(a["number"]) == number]


def player_progress(
    roster: Mapping[str, Any], ruleset: Ruleset, number: int, have: int
) -> rules.PlayerProgress:
    """Player ``number`` as advancement sees him: the position, the skills of the pack and
    those bought between rounds (the pack's count as the first advancements), ``have`` SPP.
    """
    player = roster["players"][number - 1]
    position = ruleset.team(str(roster["race"])).position(str(player["position"]))
    mine = _bought(roster, number)
    names = [*player["skills"], *(a["skill"] for a in mine)]
    skills = (*position.skills, *(SkillRef.parse(s) for s in names))
    return rules.PlayerProgress(position, tuple(skills), len(player["skills"]) + len(mine), have, {})


def advance_choices(roster: Mapping[str, Any], ruleset: Ruleset, number: int) -> list[AdvanceChoice]:
    """The kinds player ``number`` may buy between rounds (none once he has the most
    advancements), with their costs and skills, from his SPP to spend."""
    state = player_progress(roster, ruleset, number, player_spp(roster, number))
    return [
        AdvanceChoice(
            o.kind, o.cost, o.affordable, o.categories,
            tuple(rules.chosen_skills(ruleset, state, o.kind)) if o.kind.startswith("chosen") else (),
        )
        for o in rules.options(ruleset, state)
        if o.kind in ADVANCE_KINDS
    ]  # fmt: skip


def take_back_refusal(roster: Mapping[str, Any], number: int, played: Collection[int]) -> str | None:
    """Why player ``number``'s latest advancement cannot be taken back, or None.

    Args:
        played: the rounds whose game of this coach has its result (or was a bye).
    """
    mine: Sequence[Mapping[str, Any]] = _bought(roster, number)
    if not mine:
        return f"player {number} bought nothing between rounds"
    bought = mine[-1]
    if int(bought["round"]) in played:
        return f"{bought['skill']} was played in round {bought['round']}: it stays"
    if bought.get("rolls"):
        return f"{bought['skill']} was rolled: it stays (taking it back would roll again)"
    return None
