"""The record of a classic (LRB 2004) post-match side: plain data naming every roll and its effect."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from league_manager.rules.classic_postmatch.sequence import PlayerOut, TeamIn, TeamOut
from league_manager.rules.classic_postmatch.star_rolls import StarPlayerRoll


def star_roll_record(roll: StarPlayerRoll) -> dict[str, Any]:
    """A Star Player roll as the record keeps it; ``pick`` stays None until the coach picks."""
    ageing = roll.ageing
    return {
        "level": roll.level.title,
        "dice": list(roll.dice),
        "result": roll.result,
        "double": roll.double,
        "characteristic_allowed": roll.characteristic_allowed,
        "skill_categories": list(roll.skill_categories),
        "trait_categories": list(roll.trait_categories),
        "ageing": None
        if ageing is None
        else {
            "target": ageing.target,
            "dice": list(ageing.dice),
            "aged": ageing.aged,
            "result_dice": list(ageing.result_dice) if ageing.result_dice else None,
            "result": ageing.result,
            "applied": ageing.applied,
        },
        "pick": None,
    }


def player_record(player_id: int, name: str, out: PlayerOut) -> dict[str, Any]:
    """What the match brought one player: SPP, MVPs, Star Player rolls, serious injury."""
    injury = out.serious_injury
    return {
        "player_id": player_id,
        "name": name,
        "spp_earned": out.spp_earned,
        "spp": out.spp,
        "mvps": out.mvps,
        "star_player_rolls": [star_roll_record(r) for r in out.star_player_rolls],
        "serious_injury": None
        if injury is None
        else {
            "d66": injury.d66,
            "name": injury.name,
            "niggling": injury.niggling,
            "characteristic": injury.characteristic,
            "applied": injury.applied,
        },
    }


def side_record(
    team_id: int, name: str, team: TeamIn, out: TeamOut, names: Mapping[str, str]
) -> dict[str, Any]:
    """One side's winnings and fan factor rolls, its MVP draws and a conceding side's veterans."""
    w, f = out.winnings, out.fan_factor
    return {
        "team_id": team_id,
        "name": name,
        "winnings": {"dice": list(w.dice), "modifier": w.modifier, "won_bonus": w.won_bonus,
                     "score": w.score, "bonus": w.bonus, "rolled": w.gold, "paid": out.gold},
        "fan_factor": {"before": team.fan_factor, "die": f.die, "modifiers": [list(m) for m in f.modifiers],
                       "score": f.score, "change": f.change, "after": f.fan_factor},
        "mvps": [{"player_id": int(d.player) if d.player.isdigit() else None,  # None: joined for the match
                  "name": names.get(d.player, d.player), "lost": d.lost} for d in out.mvps],
        "veterans": [{"player_id": int(v.player), "name": names.get(v.player, v.player), "spp": v.spp,
                      "die": v.die, "leaves": v.leaves} for v in out.veterans],
        "conceded": team.conceded,
    }  # fmt: skip
