"""Taking back a classic (LRB 2004) Star Player pick while nothing later depends on it.

The coach's latest pick for a player (``player star-roll``) is taken back: its advancement row
is removed (a pick costs no SPP and adds no value, so no ledger row needs compensating) and the
roll it answered is open again in its fixture's record, the same dice, for a new pick. The
record keeps the undone pick with its reason under ``picks_undone``, and the fixture keeps a
:class:`MatchCorrection` of it. A post-match (or a pre-match whose handicap MVP rolled) whose
roll was picked can then itself be undone.

It is refused while something later depends on the pick: a classic pre-match or post-match of
the player's team run since (that match was played, or rolled, with the player as the pick
left him). Picks are taken back newest first, so an earlier pick waits for the later ones.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime
from typing import Any

from sqlmodel import Session, col, select

from league_manager.core.errors import RuleViolation, RuleViolations
from league_manager.persistence.classic_models import ClassicPreMatch
from league_manager.persistence.match_day_models import MatchCorrection
from league_manager.persistence.models import Advancement, Player, utcnow
from league_manager.services.match_day.classic_star_picks import STAR_PLAYER_ROLL
from league_manager.services.match_day.classic_undo import classic_steps_since
from league_manager.services.match_day.store import dump_json


def _picked_rolls(
    player_id: int, session: Session
) -> Iterator[tuple[ClassicPreMatch, dict[str, Any], dict[str, Any]]]:
    """The player's picked rolls in the order they were rolled: row, record, roll."""
    for row in session.exec(select(ClassicPreMatch).order_by(col(ClassicPreMatch.id))).all():
        record = json.loads(row.record_json)
        post = record.get("post_match")
        before = [p for entries in record.get("handicap_mvps", {}).values() for p in entries]
        after = [p for side in post["sides"].values() for p in side["players"]] if post else []
        for p in before + after:
            if p["player_id"] == player_id:
                for roll in p["star_player_rolls"]:
                    if roll["pick"] is not None:
                        yield row, record, roll


def _since(team_id: int, when: datetime, *, session: Session) -> list[RuleViolation]:
    """Classic pre-matches and post-matches of the team's fixtures run after ``when``."""
    return [
        RuleViolation(
            "Star Player roll",
            f"fixture {fixture} has had its {step} since the pick, with the player as it left him; "
            "undo that step first",
        )
        for fixture, step in classic_steps_since([team_id], when, session=session)
    ]


def undo_star_pick(player: Player, reason: str, *, session: Session) -> str:
    """Take back the player's latest Star Player pick (the caller's transaction).

    Returns:
        What was taken back (the skill, trait or ``+MA``-style characteristic).

    Raises:
        RuleViolation: no reason, or no pick to take back.
        RuleViolations: a classic pre-match or post-match of his team since the pick (each named).
    """
    if not reason.strip():
        raise RuleViolation("reason", "say why the pick is taken back (it stays on the record)")
    advancement = session.exec(
        select(Advancement)
        .where(Advancement.player_id == player.id, Advancement.kind == STAR_PLAYER_ROLL)
        .order_by(col(Advancement.id).desc())
    ).first()
    picked = list(_picked_rolls(player.id or 0, session))
    if advancement is None or not picked:
        raise RuleViolation("Star Player roll", f"{player.name} has no Star Player pick to take back")
    problems = _since(player.team_id, advancement.created_at, session=session)
    if problems:
        raise RuleViolations(problems)
    row, record, roll = picked[-1]  # picks follow the rolls' order: the last picked is the latest
    gained = f"+{advancement.characteristic}" if advancement.characteristic else str(advancement.skill)
    record.setdefault("picks_undone", []).append({
        "player_id": player.id, "name": player.name, "level": roll["level"], "pick": roll["pick"],
        "reason": reason.strip(), "at": utcnow().isoformat(),
    })  # fmt: skip
    undone = dict(roll["pick"])
    roll["pick"] = None
    row.record_json = json.dumps(record)
    session.add(row)
    session.delete(advancement)
    session.add(MatchCorrection(
        fixture_id=row.fixture_id, reason=f"Star Player pick undone: {reason.strip()}",
        previous_result_json=dump_json({"undone_pick": {"player_id": player.id, "pick": undone}}),
        new_result_json="{}", changes_json=dump_json([f"{player.name} loses {gained}"]),
    ))  # fmt: skip
    session.flush()
    return gained
