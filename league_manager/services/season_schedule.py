"""Turning a season's state into a schedule plan, previewing it and committing it.

Round robins are planned per division and merged round by round; Swiss rounds are
paired one at a time from the standings; play-offs are seeded from the overall table.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field

from sqlalchemy import func, insert
from sqlmodel import Session, col, select

from league_manager.core.errors import RuleViolation
from league_manager.core.limits import SEED_MAX, check_range
from league_manager.persistence.models import utcnow
from league_manager.persistence.season_models import OPEN_STATUSES, Fixture, FixtureResult, Round, Season
from league_manager.rules.scheduling import Constraints, Pairing, knockout, round_robin, swiss_round
from league_manager.services.playoffs import qualifiers as playoff_qualifiers
from league_manager.services.season_read_models import FixtureView, RoundView, SchedulePreview
from league_manager.services.season_store import Member, members, next_round_number
from league_manager.services.season_tables import SettingValue, ranked

FORMATS = ("round-robin", "double-round-robin", "swiss", "knockout")
LEAGUE_FORMATS = ("round-robin", "double-round-robin", "swiss")


@dataclass
class PlannedRound:
    """A round about to be created: its pairings with the division each belongs to."""

    number: int
    name: str
    stage: str
    pairings: list[tuple[Pairing, int | None]] = field(default_factory=list)


@dataclass
class Plan:
    """Everything a schedule request produced, before it is stored."""

    format: str
    seed: int
    rounds: list[PlannedRound]
    skipped: list[tuple[int, int]]
    notes: list[str]


def _count(session: Session, season_id: int, *conditions: object) -> int:
    query = select(func.count(col(Fixture.id))).where(Fixture.season_id == season_id, *conditions)  # type: ignore[arg-type]
    return int(session.exec(query).one())


def _groups(active: list[Member]) -> dict[int | None, list[int]]:
    groups: dict[int | None, list[int]] = defaultdict(list)
    for m in active:
        groups[m.division_id].append(m.team_id)
    return groups


def plan_schedule(
    season: Season,
    fmt: str,
    settings: Mapping[str, SettingValue],
    *,
    session: Session,
    seed: int | None = None,
    qualifiers: int | None = None,
    third_place: bool = False,
) -> Plan:
    """Plan the next part of a season's schedule without storing anything.

    Raises:
        RuleViolation: unknown format, too few teams, an existing schedule, or an
            unfinished round where the format needs the standings.
        SchedulingError: no pairing satisfies the constraints.
    """
    assert season.id is not None
    if fmt not in FORMATS:
        raise RuleViolation("format", f"unknown format '{fmt}' (formats: {', '.join(FORMATS)})")
    seed = season.seed if seed is None else check_range(seed, "seed", 0, SEED_MAX)
    active = [m for m in members(season.id, session=session) if not m.withdrawn]
    rules = Constraints(
        coaches={m.team_id: m.coach_id for m in active},
        same_coach_may_meet=bool(settings.get("same_coach_may_meet", False)),
    )
    first = next_round_number(season.id, session=session)
    open_league = _count(
        session, season.id, Fixture.stage == "league", col(Fixture.status).in_(OPEN_STATUSES)
    )
    if fmt in {"round-robin", "double-round-robin"}:
        existing = _count(session, season.id, Fixture.stage == "league")
        if existing:
            raise RuleViolation(
                "schedule", f"{season.name} already has a league schedule ({existing} fixtures)"
            )
        return _round_robin(fmt, seed, active, rules, first)
    if fmt == "swiss":
        if season.format not in (None, "swiss"):
            raise RuleViolation("schedule", f"{season.name} is scheduled as {season.format}, not Swiss")
        if open_league:
            raise RuleViolation("swiss", f"the current round has {open_league} fixture(s) still to play")
        return _swiss(season, settings, seed, active, rules, first, session=session)
    if _count(session, season.id, Fixture.stage == "playoff"):
        raise RuleViolation("schedule", f"{season.name} already has play-offs")
    if open_league:
        raise RuleViolation("knockout", f"the league stage has {open_league} fixture(s) still to play")
    if qualifiers is None:  # the rules' qualification from the divisions, with the commissioner's seeds
        chosen, rule = playoff_qualifiers(season, settings, session=session)
        order, note = [q.team_id for q in chosen], rule
    else:
        if not 2 <= qualifiers <= len(active):
            raise RuleViolation(
                "knockout", f"choose between 2 and {len(active)} qualifiers, not {qualifiers}"
            )
        ranking = ranked(season, [m.team_id for m in active], settings, session=session)
        order, note = [s.team_id for s in ranking][:qualifiers], f"top {qualifiers} of the table qualify"
    bracket = knockout(order, third_place=third_place, first_round=first, constraints=rules)
    rounds = [
        PlannedRound(r.number, r.name, "playoff", [(p, None) for p in r.pairings]) for r in bracket.rounds
    ]
    return Plan(fmt, seed, rounds, [], [note, *bracket.notes])


def _round_robin(fmt: str, seed: int, active: list[Member], rules: Constraints, first: int) -> Plan:
    groups = _groups(active)
    for division, teams in groups.items():
        if len(teams) < 2:
            where = "the season" if division is None else "a division"
            raise RuleViolation("teams", f"{where} needs at least two teams to schedule (has {len(teams)})")
    if not groups:
        raise RuleViolation("teams", "the season has no teams; add some with season add-teams")
    rounds: dict[int, PlannedRound] = {}
    skipped: list[tuple[int, int]] = []
    notes: list[str] = []
    for division, teams in groups.items():
        plan = round_robin(teams, double=fmt == "double-round-robin", seed=seed, constraints=rules,
                           first_round=first)  # fmt: skip
        skipped.extend(plan.skipped)
        notes.extend(n for n in plan.notes if n not in notes)
        for r in plan.rounds:
            planned = rounds.setdefault(r.number, PlannedRound(r.number, r.name, "league"))
            planned.pairings.extend((p, division) for p in r.pairings)
    return Plan(fmt, seed, [rounds[n] for n in sorted(rounds)], skipped, notes)


def _swiss(
    season: Season,
    settings: Mapping[str, SettingValue],
    seed: int,
    active: list[Member],
    rules: Constraints,
    number: int,
    *,
    session: Session,
) -> Plan:
    assert season.id is not None
    if len(active) < 2:
        raise RuleViolation("teams", "a Swiss round needs at least two teams")
    history: list[tuple[int, int]] = []
    had_bye: set[int] = set()
    rows = session.exec(
        select(Fixture.home_team_id, Fixture.away_team_id, Fixture.status)
        .join(Round, col(Round.id) == Fixture.round_id)
        .where(Fixture.season_id == season.id, Fixture.stage == "league", Fixture.status != "void")
        .order_by(col(Round.number), col(Fixture.id))
    ).all()
    for home, away, status in rows:
        if home is not None and away is not None and status != "bye":
            history.append((home, away))
        elif home is not None and away is None:
            had_bye.add(home)
    planned = PlannedRound(number, f"Round {number}", "league")
    for division, teams in _groups(active).items():
        order = [s.team_id for s in ranked(season, teams, settings, session=session, seed=seed)]
        plan = swiss_round(order, history=history, had_bye=had_bye, constraints=rules, number=number)
        planned.pairings.extend((p, division) for p in plan.pairings)
    met = {frozenset(h) for h in history}
    rematches = sum(1 for p, _ in planned.pairings if not p.bye and frozenset(p.teams) in met)
    notes = [f"{rematches} rematch(es): no pairing without one was possible"] if rematches else []
    return Plan("swiss", seed, [planned], [], notes)


def preview_of(
    season: Season, plan: Plan, names: Mapping[int, str], divisions: Mapping[int, str], committed: bool,
    ids: Mapping[tuple[int, int], int] | None = None,
) -> SchedulePreview:  # fmt: skip
    """The read model of a plan (``ids`` maps (round, index) to stored fixture ids once committed)."""
    assert season.id is not None
    rounds = []
    for r in plan.rounds:
        fixtures = []
        for index, (p, division) in enumerate(r.pairings):
            status = "bye" if p.bye else "scheduled"
            fixtures.append(
                FixtureView(
                    id=(ids or {}).get((r.number, index)), round=r.number, round_name=r.name, stage=r.stage,
                    division=divisions.get(division) if division else None,
                    home=names.get(p.home) if p.home else None, away=names.get(p.away) if p.away else None,
                    home_id=p.home, away_id=p.away, status=status, slot=p.slot, third_place=p.third_place,
                )
            )  # fmt: skip
        rounds.append(RoundView(r.number, r.name, r.stage, tuple(fixtures)))
    skipped = tuple(f"{names.get(a, a)} v {names.get(b, b)}" for a, b in plan.skipped)
    return SchedulePreview(season.name, season.id, plan.format, plan.seed, committed, tuple(rounds), skipped,
                           tuple(plan.notes))  # fmt: skip


def commit_plan(season: Season, plan: Plan, *, session: Session) -> dict[tuple[int, int], int]:
    """Store the plan's rounds and fixtures (byes with their bye result) in the open transaction.

    Rows go in as bulk inserts: a 64-team double round robin is some 4,000 fixtures.

    Returns:
        ``(round number, index in round) -> fixture id``.
    """
    assert season.id is not None
    numbers = [r.number for r in plan.rounds]
    round_ids = {
        number: rid
        for rid, number in session.exec(
            select(Round.id, Round.number).where(Round.season_id == season.id, col(Round.number).in_(numbers))
        )
    }
    missing = [r for r in plan.rounds if r.number not in round_ids]
    if missing:
        created = session.execute(
            insert(Round).returning(col(Round.id), col(Round.number), sort_by_parameter_order=True),
            [{"season_id": season.id, "number": r.number, "name": r.name, "stage": r.stage} for r in missing],
        )
        round_ids.update({number: rid for rid, number in created})
    now = utcnow()
    keys: list[tuple[int, int]] = []
    rows: list[dict[str, object]] = []
    for r in plan.rounds:
        for index, (p, division) in enumerate(r.pairings):
            keys.append((r.number, index))
            rows.append({
                "season_id": season.id, "round_id": round_ids[r.number], "division_id": division,
                "home_team_id": p.home, "away_team_id": p.away, "status": "bye" if p.bye else "scheduled",
                "stage": r.stage, "slot": p.slot, "third_place": p.third_place, "scheduled_for": None,
                "note": "", "created_at": now,
            })  # fmt: skip
    ids: dict[tuple[int, int], int] = {}
    if rows:
        inserted = session.execute(
            insert(Fixture).returning(col(Fixture.id), sort_by_parameter_order=True), rows
        )
        ids = {key: fid for key, (fid,) in zip(keys, inserted, strict=True)}
    byes = [
        {
            "fixture_id": ids[(r.number, index)], "outcome": "bye", "home_verdict": "B", "away_verdict": "",
            "winner_team_id": p.home if p.slot is not None else None, "note": "", "entered_at": now,
        }
        for r in plan.rounds
        for index, (p, _division) in enumerate(r.pairings)
        if p.bye
    ]  # fmt: skip
    if byes:
        session.execute(insert(FixtureResult), byes)
    if plan.format in LEAGUE_FORMATS:
        season.format = plan.format
    season.status = "running"
    session.add(season)
    session.flush()
    return ids
