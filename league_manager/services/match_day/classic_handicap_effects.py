"""Where the classic (LRB 2004) handicap results land in the pre-match: the gate and who plays.

The pre-match (``classic_prematch``) rolls the gate from the roster fan factors, then the
handicaps; this module then applies, in the seed's order and before the niggling-injury rolls:
Bad Press and Team Anthem to the gate already rolled (``rules.classic_handicaps.gate``), and
Virus and It Wasn't Me! to who plays. A player kept out by them misses the match: he rolls no
niggling injury, draws no MVP and earns no SPP, and the record names the result that kept him out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from league_manager.core.errors import RuleViolation
from league_manager.persistence.season_models import PlayerMatchStats
from league_manager.rules.classic_handicaps import effects as h
from league_manager.rules.classic_handicaps.gate import MatchGate, match_gate
from league_manager.rules.classic_handicaps.match_day import players_missing
from league_manager.rules.dice import Dice
from league_manager.services.read_models import TeamView

SIDES = ("home", "away")

REASONS = {h.VIRUS: "Virus (a niggling injury)", h.IT_WASNT_ME: "It Wasn't Me!"}
"""The reason the record gives for a player a handicap result keeps out of the match."""


def handicaps_of(handicap: Mapping[str, Any], side: str) -> tuple[int, ...]:
    """The D66 handicap results a side of a pre-match rolled or picked: the underdog's by the
    rating difference, and the Chaos Cup holder's extra roll (older records have no ``extra``)."""
    own: list[int] = []
    if handicap["underdog"] == side:
        own += [r["d66"] for r in handicap["results"]]
        own += [handicap["picked"]["d66"]] if handicap["picked"] else []
    extra = handicap.get("extra")
    if extra and extra["side"] == side:
        own += [r["d66"] for r in extra["results"]]
    return tuple(own)


def gate_record(gate: MatchGate, rolled: Mapping[str, Sequence[int]]) -> dict[str, Any]:
    """The record's ``gate``: the match's fans and dice, and per side what the handicaps changed."""
    return {
        "fans": gate.fans,
        "dice": sum(len(gate.dice[side]) for side in SIDES),
        "rolled": {side: list(rolled[side]) for side in SIDES},
        "dropped": {side: list(gate.dropped[side]) for side in SIDES},
        "added": {side: list(gate.added[side]) for side in SIDES},
    }


def apply_gate(
    dice: Dice,
    rolled: Mapping[str, tuple[int, ...]],
    fan_factors: Mapping[str, int],
    handicap: Mapping[str, Any],
    *,
    die: int,
    fans_per_pip: int,
) -> tuple[dict[str, Any], dict[str, int]]:
    """The record's ``gate`` and the match fan factors after Bad Press and Team Anthem."""
    own = {side: handicaps_of(handicap, side) for side in SIDES}
    gate = match_gate(dice, rolled, fan_factors, own, die=die, fans_per_pip=fans_per_pip)
    return gate_record(gate, rolled), dict(gate.fan_factors)


def handicap_absences(
    dice: Dice, views: Mapping[str, TeamView], handicap: Mapping[str, Any]
) -> dict[str, list[dict[str, Any]]]:
    """Per side, the players the opponent's Virus or It Wasn't Me! keeps out of the match.

    Drawn among the roster's players otherwise fit to play (not missing the match from an
    earlier injury), home's first; label ``it wasn't me``. Each entry: ``player_id``, ``name``,
    ``reason``.
    """
    out: dict[str, list[dict[str, Any]]] = {}
    for side in SIDES:
        against = handicaps_of(handicap, SIDES[1 - SIDES.index(side)])
        fit = [p for p in views[side].players if p.status == "active" and not p.misses_next_game]
        niggled = {str(p.id) for p in fit if p.niggling}
        missing = players_missing(dice, against, [str(p.id) for p in fit], niggled)
        names = {str(p.id): p.name for p in fit}
        out[side] = [
            {
                "player_id": int(pid),
                "name": names[pid],
                "reason": REASONS[h.VIRUS if h.VIRUS in against and pid in niggled else h.IT_WASNT_ME],
            }
            for pid in missing
        ]
    return out


def absent_ids(side_record: Mapping[str, Any]) -> set[int]:
    """Ids of the players a side's pre-match record keeps out by a handicap result (older
    records have none)."""
    return {int(e["player_id"]) for e in side_record.get("absences", [])}


def missed_players(view: TeamView, side_record: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every roster player of a side who missed the match, with the reason: a handicap result,
    a failed niggling-injury roll (no apothecary sent him on) or an earlier injury."""
    reasons: dict[int, str] = {int(e["player_id"]): e["reason"] for e in side_record.get("absences", [])}
    for n in side_record["niggles"]:
        if n["misses"] and not n["apothecary"]:
            reasons.setdefault(int(n["player_id"]), "failed his niggling-injury roll")
    missed: list[dict[str, Any]] = []
    for p in view.players:
        if p.status != "active":
            continue
        reason = reasons.get(p.id) or ("an earlier injury" if p.misses_next_game else None)
        if reason is not None:
            missed.append({"player_id": p.id, "name": p.name, "reason": reason})
    return missed


def refuse_missed_figures(
    fixture_id: int, stats: Iterable[PlayerMatchStats], missed: Mapping[int, Mapping[str, Any]]
) -> None:
    """A player who missed the match has no figures in it.

    Raises:
        RuleViolation: stored figures give a missing player touchdowns, casualties, completions
            or interceptions (named with the reason he missed the match).
    """
    for line in stats:
        entry = missed.get(line.player_id)
        if entry is not None and (line.td or line.cas or line.completions or line.interceptions):
            raise RuleViolation(
                "post-match",
                f"{entry['name']} missed fixture {fixture_id} ({entry['reason']}): he has no figures in it",
            )
