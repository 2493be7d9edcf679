"""The handicap results that land on the MVP before a classic (LRB 2004) game.

Bribe the Announcers: the team's MVP is drawn right after the pre-match (among the players who
play: not kept out by a failed niggling roll or an earlier injury), and the team draws none after
the match. Inspiration: the coach picks one of those players for an extra MVP once he has seen the
result (``fixture inspire``); the post-match waits for that pick. Either MVP gives its 5 SPP at once
(an SPP row citing the fixture) with any Star Player roll it brings (and its ageing), recorded in
the pre-match under ``handicap_mvps`` so the coach picks the roll as after a match. A player never
takes both.
"""

from __future__ import annotations

import json
from typing import Any

from sqlmodel import Session

from league_manager.core.errors import RuleViolation
from league_manager.persistence import repositories as repo
from league_manager.persistence.classic_models import ClassicPreMatch
from league_manager.persistence.models import Team
from league_manager.rules.classic import load_classic
from league_manager.rules.classic_handicaps import effects as h
from league_manager.rules.classic_handicaps.league import handicap_mvps
from league_manager.rules.classic_postmatch.sequence import PlayerOut
from league_manager.rules.classic_postmatch.spp import levels_reached
from league_manager.rules.classic_postmatch.star_rolls import roll_star_player
from league_manager.rules.classic_postmatch.tables import load_post_match
from league_manager.rules.dice import Dice
from league_manager.services.match_day.classic_handicap_effects import handicaps_of
from league_manager.services.match_day.classic_postmatch import (
    LedgerWriter,
    position_access,
    profile_of,
)
from league_manager.services.match_day.classic_postmatch_record import player_record
from league_manager.services.match_day.dice import MatchDayDice, roll_dicts
from league_manager.services.match_day.store import SIDES
from league_manager.services.read_models import PlayerView, TeamView
from league_manager.services.team_views import build_team_views

NAMES = {h.BRIBE_THE_ANNOUNCERS: "Bribe the Announcers", h.INSPIRATION: "Inspiration"}


def _playing(view: TeamView, side_record: dict[str, Any]) -> list[PlayerView]:
    missing = set(side_record["misses_match"])
    return [
        p for p in view.players if p.status == "active" and p.name not in missing and not p.misses_next_game
    ]


def _given(record: dict[str, Any], side: str) -> set[str]:
    return {str(e["player_id"]) for e in record.get("handicap_mvps", {}).get(side, [])}


def _award(
    record: dict[str, Any], side: str, player: PlayerView, team: TeamView, handicap: int, ruleset_id: str,
    dice: Dice, *, fixture_id: int, session: Session,
) -> dict[str, Any]:  # fmt: skip
    """Give ``player`` his handicap MVP now: 5 SPP, any Star Player roll with its ageing; the entry."""
    classic, tables = load_classic(ruleset_id), load_post_match(ruleset_id)
    normal, double = position_access(classic, team.race_id, player.position)
    now, start = profile_of(player)
    total = player.spp + tables.spp.mvp
    rolls = tuple(
        roll_star_player(dice, level, normal, double, now, start, tables)
        for level in levels_reached(player.spp, total, tables.levels)
    )
    out = PlayerOut(str(player.id), tables.spp.mvp, total, 1, rolls, None)
    writer = LedgerWriter(fixture_id, session)
    row = repo.get_player(player.id, session=session)
    writer.player(row, out)
    entry = player_record(player.id, player.name, out)
    entry.update(handicap=NAMES[handicap], ledger_ids=writer.ids)
    record.setdefault("handicap_mvps", {}).setdefault(side, []).append(entry)
    return entry


def draw_pregame_mvps(row: ClassicPreMatch, dice: MatchDayDice, *, session: Session) -> None:
    """After the pre-match: draw each Bribe the Announcers MVP (home first) and mark every
    Inspiration as waiting for the coach's pick. Writes into ``row`` (the caller's transaction)."""
    record = json.loads(row.record_json)
    pending: list[str] = []
    for side in SIDES:
        own = handicaps_of(record["handicap"], side)
        if h.INSPIRATION in own:
            pending.append(side)
        if h.BRIBE_THE_ANNOUNCERS not in own:
            continue
        team = session.get(Team, record["sides"][side]["team_id"])
        assert team is not None
        view = build_team_views([team], session=session)[0]
        playing = _playing(view, record["sides"][side])
        drawn = handicap_mvps(dice, [h.BRIBE_THE_ANNOUNCERS], [str(p.id) for p in playing])
        if drawn:
            player = next(p for p in playing if str(p.id) == drawn[0].player)
            _award(record, side, player, view, h.BRIBE_THE_ANNOUNCERS, row.ruleset_id, dice,
                   fixture_id=row.fixture_id, session=session)  # fmt: skip
    record["inspiration_pending"] = pending
    record["dice"] = roll_dicts(dice.log)  # the pre-match's dice, then the draws'
    row.record_json = json.dumps(record)
    session.add(row)
    session.flush()


def inspire(row: ClassicPreMatch, player_id: int, dice: MatchDayDice, *, session: Session) -> dict[str, Any]:
    """The coach's Inspiration pick: an extra MVP for one of his players who plays; the entry.

    Raises:
        RuleViolation: no Inspiration waiting for this player's team, the post-match already run,
            a player who does not play for it in this match, or the Bribe the Announcers MVP.
    """
    record = json.loads(row.record_json)
    if record.get("post_match") is not None:
        raise RuleViolation("Inspiration", f"fixture {row.fixture_id} has had its post-match")
    player = repo.get_player(player_id, session=session)
    side = next((s for s in SIDES if record["sides"][s]["team_id"] == player.team_id), None)
    if side is None or side not in record.get("inspiration_pending", []):
        raise RuleViolation(
            "Inspiration", f"no Inspiration waits for {player.name}'s team in fixture {row.fixture_id}"
        )
    team = session.get(Team, player.team_id)
    assert team is not None
    view = build_team_views([team], session=session)[0]
    playing = {p.id: p for p in _playing(view, record["sides"][side])}
    if player_id not in playing:
        raise RuleViolation("Inspiration", f"{player.name} does not play in fixture {row.fixture_id}")
    if str(player_id) in _given(record, side):
        raise RuleViolation("Inspiration", f"{player.name} has this match's MVP already: pick another player")
    entry = _award(record, side, playing[player_id], view, h.INSPIRATION, row.ruleset_id, dice,
                   fixture_id=row.fixture_id, session=session)  # fmt: skip
    entry["dice"] = roll_dicts(dice.log)
    record["inspiration_pending"] = [s for s in record.get("inspiration_pending", []) if s != side]
    row.record_json = json.dumps(record)
    session.add(row)
    session.flush()
    return entry
