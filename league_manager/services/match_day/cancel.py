"""Cancelling a pre-game before a result: refund its inducements, keep the record, open the fixture.

A commissioner cancels a pre-game that went wrong (physical dice typed wrongly, the
wrong inducements bought, the teams swapped) so it can be run again. Nothing is
rewritten: the treasury gets a refund row for each inducement payment, and the
cancelled record is kept as a :class:`MatchCorrection` of the fixture with its reason,
so the next pre-game's record shows that (and why) the first one was thrown away.
"""

from __future__ import annotations

from sqlmodel import Session

from league_manager.core.errors import RuleViolation
from league_manager.persistence import repositories as repo
from league_manager.persistence.match_day_models import MatchCorrection, MatchDay
from league_manager.persistence.models import TreasuryEntry
from league_manager.persistence.season_models import Fixture
from league_manager.services.match_day.store import CANCELLABLE, dump_json, pregame_record


def cancel_pregame(day: MatchDay, reason: str, *, session: Session) -> list[str]:
    """Undo a fixture's pre-game: refund inducements, keep the record, reopen the fixture.

    Returns:
        What changed, one line per treasury ("team 3 treasury: 10,000 -> 60,000").

    Raises:
        RuleViolation: no reason given, or a result has been entered already.
    """
    if not reason.strip():
        raise RuleViolation("reason", "say why the pre-game is cancelled (it stays on the record)")
    if day.stage not in CANCELLABLE:
        raise RuleViolation(
            "match day", f"fixture {day.fixture_id} has a result; correct the result instead of the pre-game"
        )
    fid = day.fixture_id
    record = pregame_record(day)
    changes: list[str] = []
    for side in record.teams.values():
        for entry_id in side.inducements.treasury_entries if side.inducements else ():
            paid = session.get(TreasuryEntry, entry_id)
            if paid is None or not paid.amount:
                continue
            before = repo.treasury_balance(paid.team_id, session=session)
            repo.add_treasury(
                paid.team_id,
                -paid.amount,
                f"Pre-game of fixture {fid} cancelled ({reason.strip()}): inducements refunded",
                "correction",
                session=session,
                fixture_id=fid,
            )
            changes.append(f"team {paid.team_id} treasury: {before:,} -> {before - paid.amount:,}")
    session.add(
        MatchCorrection(
            fixture_id=fid,
            reason=f"pre-game cancelled: {reason.strip()}",
            previous_result_json=dump_json({"cancelled_pregame": record.to_dict()}),
            new_result_json="{}",
            changes_json=dump_json(changes),
        )
    )
    fixture = session.get(Fixture, fid)
    assert fixture is not None
    fixture.status = "scheduled"
    session.add(fixture)
    session.delete(day)
    session.flush()
    return changes
