"""Corrections: re-open a result with a reason, reverse its post-game rows and re-apply them."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session, col, select

from league_manager.core.errors import RuleViolation, RuleViolations
from league_manager.match.result import MatchResult
from league_manager.persistence import repositories as repo
from league_manager.persistence.match_day_models import MatchCorrection, MatchDay
from league_manager.persistence.models import (
    Advancement,
    DedicatedFansEntry,
    Player,
    PlayerStatusEntry,
    SppEntry,
    TreasuryEntry,
)
from league_manager.persistence.season_models import PlayerMatchStats
from league_manager.services.match_day.dependencies import (
    CorrectionDependencies,
    dependents,
    revert_and_reapply,
)
from league_manager.services.match_day.dice import MatchDayDice
from league_manager.services.match_day.postgame import apply_postgame
from league_manager.services.match_day.records import LedgerIds, PostgameRecord
from league_manager.services.match_day.result import store_result
from league_manager.services.match_day.store import dump_json, postgame_record

REVERSE_KIND = {"dead": "reinstated", "mng": "recovered", "recovered": "mng", "hired": "left"}
SOURCE = "correction"


def reverse_postgame(day: MatchDay, reason: str, *, session: Session) -> None:
    """Write the opposite of every ledger row the fixture's post-game wrote (newest first)."""
    record = postgame_record(day)
    ids = record.ledger if record else LedgerIds()
    fid = day.fixture_id
    note = f"Correction of fixture {fid} ({reason})"
    for row in session.exec(select(TreasuryEntry).where(col(TreasuryEntry.id).in_(ids.treasury))):
        repo.add_treasury(
            row.team_id,
            -row.amount,
            f"{note}: reverses '{row.reason}'",
            SOURCE,
            session=session,
            fixture_id=fid,
        )
    for fans in session.exec(select(DedicatedFansEntry).where(col(DedicatedFansEntry.id).in_(ids.fans))):
        repo.add_fans(
            fans.team_id,
            -fans.delta,
            f"{note}: reverses '{fans.reason}'",
            SOURCE,
            session=session,
            fixture_id=fid,
        )
    for spp in session.exec(select(SppEntry).where(col(SppEntry.id).in_(ids.spp))):
        repo.add_spp(
            spp.player_id,
            -spp.amount,
            f"{note}: reverses '{spp.reason}'",
            SOURCE,
            session=session,
            fixture_id=fid,
        )
    statuses = session.exec(
        select(PlayerStatusEntry)
        .where(col(PlayerStatusEntry.id).in_(ids.status))
        .order_by(col(PlayerStatusEntry.id).desc())
    ).all()
    for status in statuses:
        player = session.get(Player, status.player_id)
        assert player is not None
        kind = REVERSE_KIND.get(status.kind, status.kind)
        repo.add_status(
            player,
            kind,
            f"{note}: reverses '{status.reason}'",
            SOURCE,
            session=session,
            characteristic=status.characteristic,
            delta=-status.delta,
            fixture_id=fid,
        )
    for gift in session.exec(select(Advancement).where(col(Advancement.id).in_(ids.advancements))):
        session.delete(gift)  # a skill kept from a coaching staff's work (postgame_staff)
    for stats in session.exec(select(PlayerMatchStats).where(PlayerMatchStats.fixture_id == fid)):
        session.delete(stats)
    session.flush()


def _balances(day: MatchDay, *, session: Session) -> dict[str, dict[Any, int]]:
    team_ids = [day.home_team_id, day.away_team_id]
    players = repo.players_of(team_ids, session=session, include_gone=True)
    facts = repo.PlayerFacts([p.id or 0 for p in players], session=session)
    return {
        "treasury": repo.sums_by_team(TreasuryEntry, team_ids, session=session),
        "fans": repo.sums_by_team(DedicatedFansEntry, team_ids, session=session),
        "spp": {p.id: facts.spp[p.id or 0] for p in players},
    }


def _conflicts(day: MatchDay, after: dict[str, dict[Any, int]], *, session: Session) -> list[RuleViolation]:
    conflicts = []
    for player_id, spp in after["spp"].items():
        if spp < 0:
            player = session.get(Player, player_id)
            name = player.name if player else f"player {player_id}"
            conflicts.append(
                RuleViolation(
                    "SPP", f"{name} has already spent SPP this result gave (the balance would be {spp})"
                )
            )
    for team_id, gold in after["treasury"].items():
        if gold < 0:
            conflicts.append(
                RuleViolation(
                    "treasury",
                    f"team {team_id} has already spent gold this result "
                    f"gave (the treasury would be {gold:,} gp)",
                )
            )
    later = session.exec(
        select(MatchDay).where(
            MatchDay.id != day.id,
            col(MatchDay.created_at) > day.updated_at,
            col(MatchDay.home_team_id).in_([day.home_team_id, day.away_team_id])
            | col(MatchDay.away_team_id).in_([day.home_team_id, day.away_team_id]),
        )
    ).all()
    for other in later:
        conflicts.append(
            RuleViolation(
                "fixture",
                f"fixture {other.fixture_id} kicked off since with the old rosters; correct or redo it first",
            )
        )
    return conflicts


def _diff(before: dict[str, dict[Any, int]], after: dict[str, dict[Any, int]]) -> list[str]:
    lines = []
    for ledger, values in before.items():
        for key, old in values.items():
            new = after[ledger].get(key, 0)
            if new != old:
                what = f"team {key}" if ledger != "spp" else f"player {key}"
                lines.append(f"{what} {ledger}: {old:,} -> {new:,}")
    return lines


def correct_result(
    day: MatchDay, result: MatchResult, reason: str, *, session: Session, recompute: bool = False
) -> list[str]:
    """Replace a fixture's result; when its post-game was applied, reverse it and apply it again.

    Args:
        recompute: the commissioner confirmed that advancements bought with SPP the result
            gave are reverted and re-applied in order (:mod:`.dependencies`).

    Returns:
        What changed, one line per balance, then one per reverted advancement.

    Raises:
        RuleViolation: no reason given.
        CorrectionDependencies: without ``recompute``, advancements paid with SPP the
            correction takes away (each named), with any other conflicts.
        RuleViolations: the conflicts with what was done since (SPP or gold already
            spent, a later fixture kicked off with the old rosters); the caller's
            transaction rolls back, so nothing changes.
    """
    if not reason.strip():
        raise RuleViolation("reason", "a correction needs a reason")
    previous = day.result_json or "{}"
    before = _balances(day, session=session)
    applied = day.stage == "post_game_applied"
    old = postgame_record(day) if applied else None
    conflicts: list[RuleViolation] = []
    if applied:
        reverse_postgame(day, reason.strip(), session=session)
        later = _conflicts(day, _balances(day, session=session), session=session)
        conflicts.extend(c for c in later if c.rule == "fixture")
    store_result(day, result, session=session)
    if old is not None:
        dice = MatchDayDice(old.seed, old.typed_dice())
        apply_postgame(day, dice, session=session, mvp=_kept_mvps(old, result), hire=old.options.hire)
    after = _balances(day, session=session)
    overspent = [pid for pid, spp in after["spp"].items() if spp < 0]
    depending = dependents(day, overspent, session=session) if applied else []
    reapplied: list[str] = []
    if depending and recompute:
        players = sorted({d.player_id for d in depending})
        reapplied = revert_and_reapply(day, players, reason.strip(), session=session)
        after = _balances(day, session=session)
    covered = {d.player_id for d in depending}
    left = {**after, "spp": {p: max(v, 0) if p in covered else v for p, v in after["spp"].items()}}
    conflicts.extend(c for c in _conflicts(day, left, session=session) if c.rule != "fixture")
    if depending and not recompute:
        raise CorrectionDependencies(depending, conflicts)
    if conflicts:
        raise RuleViolations(conflicts)
    changes = _diff(before, after) + reapplied
    session.add(
        MatchCorrection(
            fixture_id=day.fixture_id,
            reason=reason.strip(),
            previous_result_json=previous,
            new_result_json=day.result_json or "{}",
            changes_json=dump_json(changes),
        )
    )
    session.flush()
    return changes


def _kept_mvps(old_postgame: PostgameRecord, result: MatchResult) -> list[str]:
    """The MVPs of the first post-game, kept when still eligible after the correction.

    A correction must not re-draw the MVP: with a changed outcome the dice are consumed
    in another order (a draw rolls no fans die), so a random pick would land elsewhere.
    """
    candidates = set(result.home.mvp_candidates) | set(result.away.mvp_candidates)
    kept = []
    for side in old_postgame.teams.values():
        if side.mvp is not None and side.mvp in candidates:
            kept.append(side.mvp)
    return kept
