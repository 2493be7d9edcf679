"""The post-game between rounds of an event: SPP recorded with a result, skills bought with them.

Kept on the entry's roster JSON under ``progress`` (an exhibition roster is not a league
team): ``games`` maps a round to that game's SPP record (``events`` as ``[number, kind]``,
``mvp``, ``mvp_rolled``), ``earned`` the SPP earned per player number (kept for the views)
and ``advancements`` lists what was bought, each with the round it is first played in. The
checks are :mod:`league_manager.rules.event_progression` and
:mod:`league_manager.rules.advancement`; the callers are :class:`EventService` methods,
which own the transaction.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from league_manager.core.errors import RuleViolation
from league_manager.persistence.event_models import EventEntry
from league_manager.rules import advancement as rules
from league_manager.rules.dice import Dice
from league_manager.rules.event_progression import (
    ADVANCE_KINDS,
    OFF,
    SppEvent,
    check_game_spp,
    check_spent,
    spp_of,
)
from league_manager.rules.exhibition import EventSettings
from league_manager.rules.model import Ruleset
from league_manager.rules.postgame.mvp import pick_mvp
from league_manager.services.event_choices import player_progress, take_back_refusal


def require_progression(settings: EventSettings) -> None:
    """Refuse SPP and advancements in an event without the post-game between rounds.

    Raises:
        RuleViolation: the setting is ``none``.
    """
    if settings.between_rounds != "progression":
        raise RuleViolation("post-game between rounds", OFF)


def check_progression_rules(settings: EventSettings, ruleset: Ruleset) -> None:
    """Refuse the post-game between rounds under an edition without SPP advancement.

    Raises:
        RuleViolation: ``progression`` with a classic (LRB 2004) ruleset.
    """
    if settings.between_rounds == "progression" and ruleset.classic:
        raise RuleViolation(
            "post-game between rounds",
            f"{ruleset.name} players earn Star Player rolls, not SPP advancements: "
            "progression is offered for BB2020 and later only",
        )


def progress(roster: Mapping[str, Any]) -> dict[str, Any]:
    """The entry's stored progress (empty when nothing is recorded yet)."""
    found = roster.get("progress") or {}
    return {
        "games": dict(found.get("games", {})),
        "advancements": list(found.get("advancements", [])),
        "earned": dict(found.get("earned", {})),
    }


def game_events(record: Mapping[str, Any]) -> list[SppEvent]:
    """One game's SPP events, the MVP included."""
    events = [SppEvent(int(n), str(k)) for n, k in record.get("events", [])]
    if record.get("mvp"):
        events.append(SppEvent(int(record["mvp"]), "mvp"))
    return events


def earned(roster: Mapping[str, Any], awards: Mapping[str, int]) -> dict[int, int]:
    """SPP earned per player number over every recorded game."""
    out: dict[int, int] = {}
    for record in progress(roster)["games"].values():
        for number, spp in spp_of(game_events(record), awards).items():
            out[number] = out.get(number, 0) + spp
    return out


def spent(roster: Mapping[str, Any]) -> dict[int, int]:
    """SPP spent on advancements per player number."""
    out: dict[int, int] = {}
    for bought in progress(roster)["advancements"]:
        out[int(bought["number"])] = out.get(int(bought["number"]), 0) + int(bought["spp"])
    return out


def awards_of(ruleset: Ruleset, roster: Mapping[str, Any]) -> Mapping[str, int]:
    """The SPP awards for the entry's race (after its special rules)."""
    return ruleset.advancement.awards_for(ruleset.team(str(roster["race"])))


def record_game(
    entry: EventEntry,
    ruleset: Ruleset,
    round_number: int,
    events: Sequence[SppEvent] | None,
    touchdowns: int,
    casualties: int,
    dice: Dice,
) -> None:
    """Record (or correct) the SPP one side earned in a game of ``round_number``.

    ``events`` None keeps what was recorded before (a score-only correction); an MVP named
    among the events is the organiser's, else the one recorded before stays, else one is
    rolled among the roster's players.

    Raises:
        RuleViolation: the events do not fit the roster or the result, or a correction
            leaves a player with fewer SPP than they spent.
    """
    roster = json.loads(entry.roster_json)
    players = len(roster["players"])
    stored = progress(roster)
    before = stored["games"].get(str(round_number), {})
    if events is None:  # the MVP recorded before stays below, named or rolled
        events = [SppEvent(int(n), str(k)) for n, k in before.get("events", [])]
    check_game_spp(events, players, touchdowns, casualties)
    named = [e.number for e in events if e.kind == "mvp"]
    record: dict[str, Any] = {"events": [[e.number, e.kind] for e in events if e.kind != "mvp"]}
    if named:
        record["mvp"], record["mvp_rolled"] = named[0], False
    elif before.get("mvp"):
        record["mvp"], record["mvp_rolled"] = before["mvp"], bool(before.get("mvp_rolled"))
    else:
        record["mvp"] = pick_mvp(range(1, players + 1), dice, f"MVP {entry.coach}")
        record["mvp_rolled"] = True
    stored["games"][str(round_number)] = record
    roster["progress"] = stored
    totals = earned(roster, awards_of(ruleset, roster))
    check_spent(totals, spent(roster))
    stored["earned"] = {str(n): spp for n, spp in sorted(totals.items())}
    entry.roster_json = json.dumps(roster)


def advance(
    entry: EventEntry,
    ruleset: Ruleset,
    first_round: int,
    number: int,
    kind: str,
    *,
    skill: str | None,
    category: str | None,
    dice: Dice,
) -> dict[str, Any]:
    """Spend one player's SPP on a skill first played in ``first_round``; returns the record.

    Raises:
        RuleViolation: a kind not offered between rounds, no such player, too few SPP,
            or a skill outside the player's access.
    """
    if kind not in ADVANCE_KINDS:
        raise RuleViolation(
            "advancement", f"'{kind}' is not offered between rounds (kinds: {', '.join(ADVANCE_KINDS)})"
        )
    roster = json.loads(entry.roster_json)
    players = roster["players"]
    if not 1 <= number <= len(players):
        raise RuleViolation("advancement", f"no player {number} (players 1-{len(players)})")
    stored = progress(roster)
    have = earned(roster, awards_of(ruleset, roster)).get(number, 0) - spent(roster).get(number, 0)
    state = player_progress(roster, ruleset, number, have)
    if kind.startswith("chosen"):
        if not skill:
            raise RuleViolation("skill", "name the skill to take (--skill)")
        result = rules.choose_skill(ruleset, state, kind, skill)
    else:
        result = rules.roll_skill(ruleset, state, kind, category, dice)
    bought = {
        "round": first_round, "number": number, "kind": kind, "skill": result.skill,
        "spp": result.spp_cost, "value": result.value_increase, "rolls": list(result.rolls),
        "note": result.note,
    }  # fmt: skip
    stored["advancements"].append(bought)
    roster["progress"] = stored
    entry.roster_json = json.dumps(roster)
    entry.team_value += result.value_increase
    return bought


def take_back(entry: EventEntry, number: int, played: set[int]) -> dict[str, Any]:
    """Take back player ``number``'s latest advancement; returns it.

    Args:
        played: the rounds whose game of this coach has its result (or was a bye).

    Raises:
        RuleViolation: nothing bought for the player, the skill was played already, or it
            was rolled (a random skill is not rolled twice).
    """
    roster = json.loads(entry.roster_json)
    stored = progress(roster)
    refusal = take_back_refusal(roster, number, played)
    if refusal:
        raise RuleViolation("advancement", refusal)
    mine = [i for i, a in enumerate(stored["advancements"]) if int(a["number"]) == number]
    bought = stored["advancements"][mine[-1]]
    del stored["advancements"][mine[-1]]
    roster["progress"] = stored
    entry.roster_json = json.dumps(roster)
    entry.team_value -= int(bought["value"])
    return dict(bought)
