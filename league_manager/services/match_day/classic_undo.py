"""Undoing a classic (LRB 2004) post-match or pre-match while nothing later depends on it.

History is never rewritten: every ledger row the step wrote gets a compensating row (source
``correction``) citing the fixture, and the step's record is kept as a
:class:`MatchCorrection` of the fixture with its reason. A post-match undone puts the
fixture back between its pre-match and its post-match ("post-match not done"), so its score
can be corrected with ``fixture set-result`` and the post-match run again; a pre-match undone
opens the fixture again.

What blocks an undo (each named in one refusal, nothing changed): a Star Player roll of the
post-match already picked, a later classic pre-match or post-match of either team (it was
played with the rosters, fan factors and treasuries this match left), gold the undo takes back that has been
spent (the treasury would fall below zero), a fan factor the undo would take below 1, a
veteran who left after a concession whose return would make a roster of more than 16 players
or whose number is taken, a tournament of the fixture's season closed since; for a pre-match,
its post-match or a score entered after it, a Star Player roll of its handicap MVPs picked
(their SPP and ageing are reversed with the hires otherwise: ``classic_undo_links``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any

from sqlmodel import Session, col, select

from league_manager.core.errors import RuleViolation, RuleViolations
from league_manager.persistence import repositories as repo
from league_manager.persistence.classic_models import ClassicPreMatch
from league_manager.persistence.match_day_models import MatchCorrection
from league_manager.persistence.models import (
    DedicatedFansEntry,
    Player,
    PlayerStatusEntry,
    SppEntry,
    Team,
    TreasuryEntry,
    utcnow,
)
from league_manager.persistence.season_models import Fixture, FixtureResult, PlayerMatchStats
from league_manager.services.match_day.classic_guard import fixture_ruleset
from league_manager.services.match_day.classic_prematch import find_classic_prematch
from league_manager.services.match_day.classic_undo_links import (
    handicap_mvp_ledger_ids,
    handicap_mvp_picks,
    merge_ids,
    picked_rolls,
    refuse_if_tournament_closed,
)
from league_manager.services.match_day.store import SIDES, dump_json
from league_manager.services.read_models import TeamView
from league_manager.services.team_views import build_team_views

SOURCE = "correction"
"""Ledger source of the compensating rows."""

CHARACTERISTICS = ("MA", "ST", "AG", "AV")

MIN_FAN_FACTOR = 1
"""LRB 3: fan factor never drops below 1."""

MOST_PLAYERS = 16
"""LRB 3: a team has at most 16 players on its roster."""

REVERSE_KIND = {"mng": "recovered", "recovered": "mng", "left": "reinstated", "dead": "reinstated"}
"""The status row that takes back a post-match's status row (others take back their delta)."""
RETURNING = ("left", "dead")
"""Status rows whose reversal brings a player back onto the roster (a veteran who left after a
concession; a player the pre-match's Assassin killed)."""


def undo_hint(fixture_id: int) -> str:
    """How a classic post-match is undone, in the app and on the command line (named by every
    refusal that needs it)."""
    return f"Undo post-match… on the fixture page, or fixture postgame {fixture_id} --undo --reason TEXT"


def refuse_bb2020_correction(fixture_id: int, *, session: Session) -> None:
    """``fixture correct`` (a BB2020 result document) is refused on a classic fixture, naming the
    classic way: ``set-result`` before the post-match, the post-match's undo and a redo after it.

    Raises:
        RuleViolation: the fixture's league plays a classic ruleset.
    """
    ruleset = fixture_ruleset(fixture_id, session=session)
    if ruleset.classic:
        raise RuleViolation(
            "correction",
            f"fixture {fixture_id} is a {ruleset.name} fixture: before its post-match correct the score "
            f"with fixture set-result {fixture_id} H A [--home-cas N --away-cas N]; after it, undo the "
            f"post-match ({undo_hint(fixture_id)}), then enter the score and run fixture postgame "
            f"{fixture_id} again",
        )


def _classic_row(fixture_id: int, what: str, *, session: Session) -> ClassicPreMatch | None:
    ruleset = fixture_ruleset(fixture_id, session=session)
    if not ruleset.classic:
        raise RuleViolation(
            "undo",
            f"cannot undo the {what}: fixture {fixture_id} is a {ruleset.name} fixture; its result "
            f"is changed with fixture correct {fixture_id} (its pre-game with fixture cancel-pregame)",
        )
    return find_classic_prematch(fixture_id, session=session)


def _views(fixture_id: int, *, session: Session) -> dict[str, TeamView]:
    fixture = session.get(Fixture, fixture_id)
    assert fixture is not None
    teams = [session.get(Team, fixture.home_team_id), session.get(Team, fixture.away_team_id)]
    return dict(zip(SIDES, build_team_views([t for t in teams if t], session=session), strict=True))


def classic_steps_since(
    team_ids: Iterable[int], since: datetime, *, session: Session, other_than: int | None = None
) -> list[tuple[int, str]]:
    """The classic steps of these teams' fixtures run after ``since``: (fixture id, "pre-match"
    or "post-match"), in the order they were made; ``other_than`` leaves one fixture out.

    A later post-match counts too: its Star Player rolls were rolled on SPP totals, and its
    serious injuries on rosters, that an earlier step had already changed.
    """
    ids = list(team_ids)
    query = (
        select(ClassicPreMatch)
        .where(ClassicPreMatch.fixture_id == Fixture.id)
        .where(col(Fixture.home_team_id).in_(ids) | col(Fixture.away_team_id).in_(ids))
        .order_by(col(ClassicPreMatch.id))
    )
    if other_than is not None:
        query = query.where(ClassicPreMatch.fixture_id != other_than)
    steps: list[tuple[int, str]] = []
    for other in session.exec(query).all():
        post = json.loads(other.record_json).get("post_match")
        if other.created_at > since:
            steps.append((other.fixture_id, "pre-match"))
        elif post is not None and applied_at(other, post.get("ledger_ids") or {}, session=session) > since:
            steps.append((other.fixture_id, "post-match"))
    return steps


def _later_steps(
    fixture_id: int, team_ids: Iterable[int], since: datetime, *, session: Session
) -> list[RuleViolation]:
    """Classic pre-matches (or post-matches) of other fixtures of these teams run after ``since``."""
    return [
        RuleViolation(
            "fixture",
            f"fixture {other} has had its {step} since, with the rosters this match left; "
            "undo that fixture first",
        )
        for other, step in classic_steps_since(team_ids, since, session=session, other_than=fixture_id)
    ]


def applied_at(row: ClassicPreMatch, ids: Mapping[str, list[int]], *, session: Session) -> datetime:
    """When the post-match was run: its newest ledger row (the pre-match's time when it wrote none)."""
    times = [row.created_at]
    for entity, key in (
        (TreasuryEntry, "treasury"),
        (DedicatedFansEntry, "fans"),
        (SppEntry, "spp"),
        (PlayerStatusEntry, "status"),
    ):
        found = ids.get(key) or []
        if found:
            times.extend(r.created_at for r in session.exec(select(entity).where(col(entity.id).in_(found))))  # type: ignore[attr-defined]
    return max(times)


def _picked(post: Mapping[str, Any]) -> list[RuleViolation]:
    players = [p for side in post["sides"].values() for p in side["players"]]
    return picked_rolls(players, "this post-match", "post-match")


def _numbers_taken(ids: Mapping[str, list[int]], *, session: Session) -> list[RuleViolation]:
    """Veterans who left whose shirt number an active player of the team has taken since."""
    problems = []
    rows = session.exec(select(PlayerStatusEntry).where(col(PlayerStatusEntry.id).in_(ids.get("status", []))))
    for row in rows:
        if row.kind not in RETURNING:
            continue
        player = repo.get_player(row.player_id, session=session)
        other = session.exec(
            select(Player).where(
                Player.team_id == player.team_id, Player.number == player.number, Player.status == "active"
            )
        ).first()
        if other is not None and other.id != player.id:
            problems.append(RuleViolation(
                "roster", f"{player.name} would return, but his number {player.number} has been given "
                f"to {other.name} since; give {other.name} another number first",
            ))  # fmt: skip
    return problems


def _compensate(fixture_id: int, ids: Mapping[str, list[int]], note: str, *, session: Session) -> set[int]:
    """Write the opposite of every ledger row in ``ids`` (statuses newest first).

    Returns:
        The players a reversed "left" row brings back.
    """
    kw: dict[str, Any] = {"session": session, "fixture_id": fixture_id}
    for t in session.exec(select(TreasuryEntry).where(col(TreasuryEntry.id).in_(ids.get("treasury", [])))):
        repo.add_treasury(t.team_id, -t.amount, f"{note}: reverses '{t.reason}'", SOURCE, **kw)
    fans = select(DedicatedFansEntry).where(col(DedicatedFansEntry.id).in_(ids.get("fans", [])))
    for f in session.exec(fans):
        repo.add_fans(f.team_id, -f.delta, f"{note}: reverses '{f.reason}'", SOURCE, **kw)
    for s in session.exec(select(SppEntry).where(col(SppEntry.id).in_(ids.get("spp", [])))):
        repo.add_spp(s.player_id, -s.amount, f"{note}: reverses '{s.reason}'", SOURCE, **kw)
    returned: set[int] = set()
    statuses = session.exec(
        select(PlayerStatusEntry)
        .where(col(PlayerStatusEntry.id).in_(ids.get("status", [])))
        .order_by(col(PlayerStatusEntry.id).desc())
    ).all()
    for status in statuses:
        player = repo.get_player(status.player_id, session=session)
        if status.kind in RETURNING:
            returned.add(status.player_id)
        repo.add_status(
            player, REVERSE_KIND.get(status.kind, status.kind), f"{note}: reverses '{status.reason}'",
            SOURCE, characteristic=status.characteristic, delta=-status.delta, **kw,
        )  # fmt: skip
    session.flush()
    return returned


def _diff(before: Mapping[str, TeamView], after: Mapping[str, TeamView]) -> list[str]:
    lines = []
    for side in SIDES:
        old, new = before[side], after[side]
        if old.treasury != new.treasury:
            lines.append(f"{new.name} treasury: {old.treasury:,} -> {new.treasury:,}")
        if old.dedicated_fans != new.dedicated_fans:
            lines.append(f"{new.name} fan factor: {old.dedicated_fans} -> {new.dedicated_fans}")
        was = {p.id: p for p in old.players}
        for p in new.players:
            then = was.get(p.id)
            if then is None:
                lines.append(f"{p.name} is back on the roster")
                continue
            if then.spp != p.spp:
                lines.append(f"{p.name} SPP: {then.spp} -> {p.spp}")
            for c in CHARACTERISTICS:
                if then.stats.get(c) != p.stats.get(c):
                    lines.append(f"{p.name} {c}: {then.stats.get(c)} -> {p.stats.get(c)}")
            if then.niggling != p.niggling:
                lines.append(f"{p.name} niggling injuries: {then.niggling} -> {p.niggling}")
            if then.misses_next_game != p.misses_next_game:
                flags = f"{_yes(then.misses_next_game)} -> {_yes(p.misses_next_game)}"
                lines.append(f"{p.name} misses the next match: {flags}")
    return lines


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def _overdrawn(after: Mapping[str, TeamView], returned: set[int]) -> list[RuleViolation]:
    problems = []
    for view in after.values():
        if view.treasury < 0:
            problems.append(RuleViolation(
                "treasury", f"{view.name} has spent the gold this match paid (the treasury would be "
                f"{view.treasury:,} gp); the post-match stays",
            ))  # fmt: skip
        if view.dedicated_fans < MIN_FAN_FACTOR:
            problems.append(RuleViolation(
                "fan factor", f"{view.name}'s fan factor, lowered since, would fall to {view.dedicated_fans} "
                f"(at least {MIN_FAN_FACTOR}); the post-match stays",
            ))  # fmt: skip
        back = [p.name for p in view.players if p.id in returned]
        active = sum(1 for p in view.players if p.status == "active")
        if back and active > MOST_PLAYERS:
            problems.append(RuleViolation(
                "roster", f"{', '.join(back)} would return to {view.name}'s roster of {active} players "
                f"(at most {MOST_PLAYERS}); a player has been hired in his place",
            ))  # fmt: skip
    return problems


def _keep(row: ClassicPreMatch, record: dict[str, Any], what: str, reason: str) -> None:
    record.setdefault("undone", []).append({"step": what, "reason": reason, "at": utcnow().isoformat()})
    row.record_json = json.dumps(record)


def undo_classic_postmatch(fixture_id: int, reason: str, *, session: Session) -> list[str]:
    """Take back a fixture's classic post-match by compensating rows (the caller's transaction).

    The winnings, the fan factor change, the SPP (MVPs included), the serious injuries, the
    ageing results, the recoveries and a conceding side's veterans leaving are each reversed by
    a ``correction`` row citing the fixture; the MVPs and SPP on the fixture's player figures go
    back to 0 (the figures themselves stay); the record is kept as a correction of the fixture.

    Returns:
        What changed: one line per treasury, fan factor and player SPP balance.

    Raises:
        RuleViolation: no reason, not a classic fixture, or no post-match to undo.
        RuleViolations: what depends on the post-match (each named); the caller's transaction
            rolls back, so nothing changes.
    """
    if not reason.strip():
        raise RuleViolation("reason", "say why the post-match is undone (it stays on the record)")
    row = _classic_row(fixture_id, "post-match", session=session)
    record = json.loads(row.record_json) if row is not None else {}
    post = record.get("post_match")
    if row is None or post is None:
        raise RuleViolation("undo", f"fixture {fixture_id} has had no classic post-match to undo")
    refuse_if_tournament_closed(fixture_id, "undo the post-match", session=session)
    ids: dict[str, list[int]] = post.get("ledger_ids") or {}
    before = _views(fixture_id, session=session)
    team_ids = [v.id for v in before.values()]
    blockers = _picked(post)
    applied = applied_at(row, ids, session=session)
    blockers += _later_steps(fixture_id, team_ids, applied, session=session)
    taken = _numbers_taken(ids, session=session)
    if taken:  # the compensating rows cannot even be written
        raise RuleViolations(blockers + taken)
    note = f"Post-match of fixture {fixture_id} undone ({reason.strip()})"
    returned = _compensate(fixture_id, ids, note, session=session)
    after = _views(fixture_id, session=session)
    blockers += _overdrawn(after, returned)
    if blockers:
        raise RuleViolations(blockers)
    touched = {p["player_id"] for side in post["sides"].values() for p in side["players"]}
    for line in session.exec(select(PlayerMatchStats).where(PlayerMatchStats.fixture_id == fixture_id)):
        if line.player_id in touched:
            line.mvp, line.spp = 0, 0
            session.add(line)
    changes = _diff(before, after)
    session.add(MatchCorrection(
        fixture_id=fixture_id, reason=f"post-match undone: {reason.strip()}",
        previous_result_json=dump_json({"undone_post_match": post}), new_result_json="{}",
        changes_json=dump_json(changes),
    ))  # fmt: skip
    del record["post_match"]
    _keep(row, record, "post-match", reason.strip())
    session.add(row)
    session.flush()
    return changes


def undo_classic_prematch(fixture_id: int, reason: str, *, session: Session) -> list[str]:
    """Take back a fixture's classic pre-match before its score (the caller's transaction).

    The hires paid from the treasury are refunded and the handicap MVPs' SPP and ageing rows
    (Bribe the Announcers, Inspiration) reversed by ``correction`` rows; the record is kept as
    a correction of the fixture and the fixture takes a new pre-match. The creation period of a
    team stays closed (see ``docs/rules-decisions.md``).

    Returns:
        What changed: one line per refunded treasury.

    Raises:
        RuleViolation: no reason, not a classic fixture, no pre-match, or a later step to
            undo first (the post-match, the score entered).
        RuleViolations: a later pre-match of either team, a handicap MVP's Star Player roll
            picked (each named).
    """
    if not reason.strip():
        raise RuleViolation("reason", "say why the pre-match is undone (it stays on the record)")
    row = _classic_row(fixture_id, "pre-match", session=session)
    if row is None:
        raise RuleViolation("undo", f"fixture {fixture_id} has had no classic pre-match to undo")
    record = json.loads(row.record_json)
    if record.get("post_match") is not None:
        raise RuleViolation(
            "undo", f"fixture {fixture_id} has had its post-match: undo it first ({undo_hint(fixture_id)})"
        )
    result = session.exec(select(FixtureResult).where(FixtureResult.fixture_id == fixture_id)).first()
    if result is not None:
        raise RuleViolation(
            "undo",
            f"fixture {fixture_id} has a result; clear it first (fixture clear-result {fixture_id})",
        )
    before = _views(fixture_id, session=session)
    later = _later_steps(fixture_id, [v.id for v in before.values()], row.created_at, session=session)
    later += handicap_mvp_picks(record)
    if later:
        raise RuleViolations(later)
    paid = [i for side in SIDES for i in record["sides"][side].get("ledger_ids", [])]
    killed = [i for side in SIDES for i in record["sides"][side].get("status_ids", [])]  # the Assassin's
    note = f"Pre-match of fixture {fixture_id} undone ({reason.strip()})"
    ids = merge_ids({"treasury": paid, "status": killed}, handicap_mvp_ledger_ids(record))
    taken = _numbers_taken(ids, session=session)
    if taken:  # the compensating rows cannot even be written
        raise RuleViolations(taken)
    returned = _compensate(fixture_id, ids, note, session=session)
    after = _views(fixture_id, session=session)
    full = [p for p in _overdrawn(after, returned) if p.rule == "roster"]
    if full:  # the transaction rolls back: nothing is undone
        raise RuleViolations(full)
    changes = _diff(before, after)
    _keep(row, record, "pre-match", reason.strip())
    session.add(MatchCorrection(
        fixture_id=fixture_id, reason=f"pre-match undone: {reason.strip()}",
        previous_result_json=dump_json({"undone_pre_match": record}), new_result_json="{}",
        changes_json=dump_json(changes),
    ))  # fmt: skip
    session.delete(row)
    session.flush()
    return changes


def player_ids(record: Mapping[str, Any]) -> frozenset[int]:
    """The players a post-match record names (for the change notice of its undo)."""
    return frozenset(
        int(p["player_id"]) for side in record.get("sides", {}).values() for p in side.get("players", [])
    )
