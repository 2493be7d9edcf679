"""Classic (LRB 2004) handicap results that wait for a coach after the pre-match.

Assassin: the coach names his victim (``fixture assassin``, ``classic_assassin``). That Boy's
Got Talent!: the coach names the position of the player who joins for this match
(``fixture talent``); he may draw the team's MVP in the post-match and leaves after it, his SPP
with him (so an MVP he draws is lost to the roster). Appearance Fee: the pre-match names the
opposing player with the most SPP among those who play and rolls his fee; the coach says after
the match whether he paid it (``fixture appearance-fee``): paid, a treasury row; unpaid, the
player sat in the dugout and missed the match (no SPP, no MVP). The post-match waits for all three.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from dataclasses import replace
from typing import Any

from sqlmodel import Session

from league_manager.core.errors import NotFound, RuleViolation
from league_manager.core.money import format_gold
from league_manager.persistence import repositories as repo
from league_manager.persistence.classic_models import ClassicPreMatch
from league_manager.persistence.models import Team
from league_manager.rules.classic import load_classic
from league_manager.rules.classic_handicaps import effects as h
from league_manager.rules.classic_handicaps.match_day import appearance_fee, extra_player
from league_manager.rules.classic_postmatch.sequence import PlayerIn, TeamIn
from league_manager.rules.classic_postmatch.spp import MatchRecord
from league_manager.services.match_day.classic_handicap_effects import SIDES, handicaps_of
from league_manager.services.match_day.dice import MatchDayDice, roll_dicts
from league_manager.services.team_views import build_team_views

TALENT = "talent"
STAR = "star:"
"""Prefix of a hired Star Player's id in the post-match MVP draw (``star:Morg 'n' Thorg``)."""
"""The post-match's id for That Boy's Got Talent's player (he is on no roster)."""

PRE_MATCH = "pre-match"
"""Ledger source of an Appearance Fee (a match-day payment, like the pre-match hires)."""

UNPAID = "Appearance Fee not paid"


def _other(side: str) -> str:
    return SIDES[1 - SIDES.index(side)]


def mark_handicap_picks(row: ClassicPreMatch, dice: MatchDayDice, *, session: Session) -> None:
    """After the pre-match and its handicap MVPs: roll each Appearance Fee (label ``appearance
    fee``; a tie on the most SPP drawn, ``appearance fee player``) and list under
    ``handicap_pending`` what waits for a coach. Writes into ``row`` (the caller's transaction)."""
    record = json.loads(row.record_json)
    pending: list[dict[str, Any]] = []
    for side in SIDES:
        own = handicaps_of(record["handicap"], side)
        name = record["sides"][side]["name"]
        if h.THAT_BOYS_GOT_TALENT in own:
            pending.append({"side": side, "result": "That Boy's Got Talent",
                            "command": f"fixture talent {row.fixture_id} '{name}' POSITION"})  # fmt: skip
        if h.ASSASSIN in own:
            command = f"fixture assassin {row.fixture_id} PLAYER [--apothecary]"
            pending.append({"side": side, "result": "Assassin", "command": command})
        if h.APPEARANCE_FEE not in own:
            continue
        other = record["sides"][_other(side)]
        team = session.get(Team, other["team_id"])
        assert team is not None
        view = build_team_views([team], session=session)[0]
        out = set(other["misses_match"])
        playing = [p for p in view.players if p.status == "active" and not p.misses_next_game]
        playing = [p for p in playing if p.name not in out]
        fee = appearance_fee(dice, [(str(p.id), p.spp) for p in playing])
        if fee is None:
            continue
        player = next(p for p in playing if str(p.id) == fee.player)
        other["appearance_fee"] = {"player_id": player.id, "name": player.name, "die": fee.die,
                                   "fee": fee.fee, "paid": None}  # fmt: skip
        pending.append({"side": _other(side), "result": "Appearance Fee",
                        "command": f"fixture appearance-fee {row.fixture_id} --paid|--unpaid"})  # fmt: skip
    record["handicap_pending"] = pending
    record["dice"] = roll_dicts(dice.log)
    row.record_json = json.dumps(record)
    session.add(row)
    session.flush()


def refuse_pending(pre: Mapping[str, Any], fixture_id: int) -> None:
    """The post-match waits for every handicap pick.

    Raises:
        RuleViolation: a That Boy's Got Talent position or an Appearance Fee answer is missing.
    """
    for wait in pre.get("handicap_pending", []):
        team = pre["sides"][wait["side"]]["name"]
        raise RuleViolation(
            "post-match", f"fixture {fixture_id}: {wait['result']} for {team} first ({wait['command']})"
        )


def _save(row: ClassicPreMatch, record: dict[str, Any], side: str, result: str, session: Session) -> None:
    record["handicap_pending"] = [
        w for w in record.get("handicap_pending", []) if (w["side"], w["result"]) != (side, result)
    ]
    row.record_json = json.dumps(record)
    session.add(row)
    session.flush()


def _waiting(row: ClassicPreMatch, team: str, result: str) -> tuple[dict[str, Any], str]:
    record = json.loads(row.record_json)
    if record.get("post_match") is not None:
        raise RuleViolation(result, f"fixture {row.fixture_id} has had its post-match")
    side = next((s for s in SIDES if record["sides"][s]["name"] == team), None)
    if side is None:
        raise NotFound(f"{team} does not play in fixture {row.fixture_id}")
    if not any((w["side"], w["result"]) == (side, result) for w in record.get("handicap_pending", [])):
        raise RuleViolation(result, f"nothing waits for {team} in fixture {row.fixture_id}")
    return record, side


def add_talent(row: ClassicPreMatch, team: str, position: str, *, session: Session) -> dict[str, Any]:
    """That Boy's Got Talent!: the player of ``position`` (any position of the team's list,
    whatever its quantity limit) who joins ``team`` for this match; the record's entry.

    Raises:
        NotFound: the team does not play the fixture, or its list has no such position.
        RuleViolation: no such result waits for the team, or the post-match has been run.
    """
    record, side = _waiting(row, team, "That Boy's Got Talent")
    team_row = session.get(Team, record["sides"][side]["team_id"])
    assert team_row is not None
    race = build_team_views([team_row], session=session)[0].race_id
    pos = extra_player(load_classic(row.ruleset_id).teams[race], position)
    p = pos.profile
    entry = {
        "position": pos.name,
        "profile": {"MA": p.ma, "ST": p.st, "AG": p.ag, "AV": p.av},
        "skills": list(pos.skills),
    }
    record["sides"][side]["talent"] = entry
    _save(row, record, side, "That Boy's Got Talent", session)
    return entry


def settle_appearance_fee(row: ClassicPreMatch, team: str, paid: bool, *, session: Session) -> dict[str, Any]:
    """The coach's answer to an Appearance Fee on his player: paid (a treasury row citing the
    fixture) or not (the player missed the match); the record's entry.

    Raises:
        NotFound: the team does not play the fixture.
        RuleViolation: no fee waits for the team, the post-match has been run, or the treasury
            cannot cover the fee.
    """
    record, side = _waiting(row, team, "Appearance Fee")
    s = record["sides"][side]
    fee = s["appearance_fee"]
    if paid:
        treasury = repo.treasury_balance(s["team_id"], session=session)
        if treasury < fee["fee"]:
            raise RuleViolation(
                "Appearance Fee",
                f"the fee is {format_gold(fee['fee'])} and {team} holds {format_gold(treasury)}",
            )
        reason = f"Appearance Fee of {fee['name']}, fixture {row.fixture_id}"
        entry = repo.add_treasury(
            s["team_id"], -fee["fee"], reason, PRE_MATCH, session=session, fixture_id=row.fixture_id
        )
        s.setdefault("ledger_ids", []).append(entry.id)
    else:
        s.setdefault("absences", []).append(
            {"player_id": fee["player_id"], "name": fee["name"], "reason": UNPAID}
        )
        s["misses_match"].append(fee["name"])
    fee["paid"] = paid
    _save(row, record, side, "Appearance Fee", session)
    return dict(fee)


def with_talent(team: TeamIn, side_record: Mapping[str, Any]) -> TeamIn:
    """The post-match side with That Boy's Got Talent's player among those who may draw its MVP
    (his MVP is lost to the roster: he leaves after the match); the side unchanged without him."""
    if not side_record.get("talent"):
        return team
    player = PlayerIn(TALENT, 0, MatchRecord(), {}, {}, (), (), available=True, star=True)
    return replace(team, players=(*team.players, player))


def with_hired_stars(team: TeamIn, side_record: Mapping[str, Any], both: Collection[str] = ()) -> TeamIn:
    """The post-match side with the Star Players hired at the pre-match among those who may draw
    its MVP (an MVP a Star draws is lost: he earns no SPP); the side unchanged without them. A
    Star both teams hired (``both``) played for neither and draws nothing."""
    names = [
        line["name"]
        for line in side_record.get("hires", ())
        if line.get("kind") == "star" and line["name"].lower() not in {n.lower() for n in both}
    ]
    stars = tuple(
        PlayerIn(f"{STAR}{name}", 0, MatchRecord(), {}, {}, (), (), available=True, star=True)
        for name in names
    )
    return replace(team, players=(*team.players, *stars)) if stars else team
