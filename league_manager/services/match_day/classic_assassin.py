"""The classic (LRB 2004) Assassin handicap on the league: the Injury roll against a chosen opponent.

After the pre-match the coach who rolled it names an opposing player who plays (``fixture
assassin``). The Injury roll (no Armour roll, +1 against a Stunty player) gives Stunned or KO'd
(he plays: KO'd he starts the match in the Knocked Out box, at the table) or a casualty. A
casualty may be healed by the team's Apothecary (if it still has it for this match: it is then
spent) on D6 2-6, else by Regeneration on D6 4-6; a casualty that stays keeps him out of the
match (no SPP, no MVP). A Serious Injury rolls its D66 with the post-match's serious injuries
(its miss-next-game then counts from after this match); a death is written at once.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from sqlmodel import Session

from league_manager.core.errors import RuleViolation
from league_manager.persistence import repositories as repo
from league_manager.persistence.classic_models import ClassicPreMatch
from league_manager.persistence.models import Team
from league_manager.rules.classic_handicaps.league import assassin_injury
from league_manager.services.match_day.classic_handicap_effects import SIDES
from league_manager.services.match_day.dice import MatchDayDice, roll_dicts
from league_manager.services.team_views import build_team_views

ASSASSIN = "Assassin"
WORDS = {"stunned": "Stunned", "ko": "KO'd", "badly_hurt": "Badly Hurt", "serious": "Serious Injury",
         "dead": "Dead"}  # fmt: skip


def assassinate(
    row: ClassicPreMatch, player_id: int, dice: MatchDayDice, *, apothecary: bool = False, session: Session
) -> dict[str, Any]:
    """The Assassin's Injury roll against ``player_id`` (labels ``injury``, ``casualty``,
    ``apothecary``, ``regeneration``); the record's entry (under the victim's side, ``assassin``).

    Raises:
        NotFound: no such player.
        RuleViolation: no Assassin waits against the player's team, the post-match has been
            run, the player does not play, or the Apothecary asked for is not there.
    """
    record = json.loads(row.record_json)
    player = repo.get_player(player_id, session=session)
    side = next((s for s in SIDES if record["sides"][s]["team_id"] == player.team_id), None)
    rolling = SIDES[1 - SIDES.index(side)] if side is not None else None
    waits = [w for w in record.get("handicap_pending", []) if (w["side"], w["result"]) == (rolling, ASSASSIN)]
    if record.get("post_match") is not None or not waits or side is None:
        raise RuleViolation(
            ASSASSIN, f"no Assassin waits against {player.name}'s team in fixture {row.fixture_id}"
        )
    s = record["sides"][side]
    team = session.get(Team, s["team_id"])
    assert team is not None
    view = build_team_views([team], session=session)[0]
    victim = next((p for p in view.players if p.id == player_id), None)
    if (
        victim is None
        or victim.status != "active"
        or victim.misses_next_game
        or victim.name in s["misses_match"]
    ):
        raise RuleViolation(
            ASSASSIN, f"{player.name} does not play in fixture {row.fixture_id}: pick another"
        )
    if apothecary and (not view.apothecary or s.get("apothecary_used")):
        raise RuleViolation(ASSASSIN, f"{view.name} has no Apothecary left for this match")
    skills = {k.name for k in victim.skills}
    roll = assassin_injury(dice, stunty="Stunty" in skills)
    entry: dict[str, Any] = {
        "player_id": player_id, "name": victim.name, "dice": list(roll.dice), "modifier": roll.modifier,
        "casualty_die": roll.casualty_die, "result": WORDS[roll.result], "apothecary": None,
        "regeneration": None,
    }  # fmt: skip
    hurt = roll.result in ("badly_hurt", "serious", "dead")
    if hurt and apothecary:
        die = dice.roll(6, "apothecary")
        entry["apothecary"] = die
        s["apothecary_used"] = True  # spent for this match, whatever the die
        hurt = die == 1
    if hurt and "Regeneration" in skills:
        die = dice.roll(6, "regeneration")
        entry["regeneration"] = die
        hurt = die < 4
    entry["out"] = hurt
    if hurt:
        s.setdefault("absences", []).append(
            {"player_id": player_id, "name": victim.name, "reason": f"Assassin ({WORDS[roll.result]})"}
        )
        s["misses_match"].append(victim.name)
        if roll.result == "dead":
            status = repo.add_status(player, "dead", f"Killed by an Assassin before fixture {row.fixture_id}",
                                     "pre-match", session=session, fixture_id=row.fixture_id)  # fmt: skip
            s.setdefault("status_ids", []).append(status.id)
    s["assassin"] = entry
    record["handicap_pending"] = [w for w in record["handicap_pending"] if w not in waits]
    entry["rolls"] = roll_dicts(dice.log)
    row.record_json = json.dumps(record)
    session.add(row)
    session.flush()
    return entry


def assassin_injured(pre: Mapping[str, Any]) -> set[int]:
    """Players the Assassin seriously injured: their D66 rolls with the post-match's."""
    return {
        int(a["player_id"])
        for side in SIDES
        if (a := pre["sides"][side].get("assassin")) and a["out"] and a["result"] == WORDS["serious"]
    }
