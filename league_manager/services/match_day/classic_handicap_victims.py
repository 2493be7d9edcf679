"""The players a classic (LRB 2004) tabletop-only handicap result picks, named for the coaches.

Running Late (D6 players miss the first drive), Morley's Revenge (D3 players roll before each
kick-off), I Am The Greatest! (two players never on the pitch together), Duh, Where Am I? (one
player with Bone Head) pick random opposing players; Iron Man one random own player; In the
Bag! names the opponent's 11 lowest-SPP players. They change nothing the league keeps: the
pre-match draws them last (after every other roll) among the players who play and lists them
per side under ``handicap_players`` for the table.
"""

from __future__ import annotations

import json
from typing import Any

from sqlmodel import Session

from league_manager.persistence.classic_models import ClassicPreMatch
from league_manager.persistence.models import Team
from league_manager.rules.classic_handicaps import effects as h
from league_manager.rules.classic_handicaps.match_day import in_the_bag, iron_man, random_victims
from league_manager.services.match_day.classic_handicap_effects import SIDES, handicaps_of
from league_manager.services.match_day.dice import MatchDayDice, roll_dicts
from league_manager.services.read_models import PlayerView
from league_manager.services.team_views import build_team_views

AGAINST = (h.RUNNING_LATE, h.MORLEYS_REVENGE, h.I_AM_THE_GREATEST, h.DUH_WHERE_AM_I)
"""Results that pick random players of the team they act on (the opponent of the roller)."""


def _playing(row_side: dict[str, Any], session: Session) -> list[PlayerView]:
    team = session.get(Team, row_side["team_id"])
    assert team is not None
    out = set(row_side["misses_match"])
    view = build_team_views([team], session=session)[0]
    return [p for p in view.players if p.status == "active" and not p.misses_next_game and p.name not in out]


def name_handicap_players(row: ClassicPreMatch, dice: MatchDayDice, *, session: Session) -> None:
    """Draw and name the players of each tabletop-only result (home's results first, in the
    order rolled; labels ``running late``, ``morley's revenge``, ``handicap victim``, ``iron
    man``). Writes into ``row`` (the caller's transaction)."""
    record = json.loads(row.record_json)
    names = {r["d66"]: r["name"] for r in _all_results(record["handicap"])}
    for side in SIDES:
        other = SIDES[1 - SIDES.index(side)]
        for d66 in handicaps_of(record["handicap"], side):
            target = other if d66 in (*AGAINST, h.IN_THE_BAG) else side
            if d66 not in (*AGAINST, h.IN_THE_BAG, h.IRON_MAN):
                continue
            players = _playing(record["sides"][target], session)
            if d66 == h.IN_THE_BAG:
                picked = in_the_bag([(p.name, p.spp) for p in players])
            elif d66 == h.IRON_MAN:
                one = iron_man(dice, [p.name for p in players])
                picked = (one,) if one else ()
            else:
                picked = random_victims(dice, d66, [p.name for p in players])
            record["sides"][target].setdefault("handicap_players", []).append(
                {"d66": d66, "result": names[d66], "players": list(picked)}
            )
    record["dice"] = roll_dicts(dice.log)
    row.record_json = json.dumps(record)
    session.add(row)
    session.flush()


def _all_results(handicap: dict[str, Any]) -> list[dict[str, Any]]:
    extra = handicap.get("extra") or {}
    return [*handicap["results"], *([handicap["picked"]] if handicap["picked"] else []),
            *extra.get("results", [])]  # fmt: skip
