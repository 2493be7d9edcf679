"""Result entry: read a result document (engine or tabletop), check it, store it, update standings."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlmodel import Session

from league_manager.core.errors import RuleViolation, RuleViolations
from league_manager.match.result import MatchResult, PlayerResult, TeamResult
from league_manager.match.teams import TeamSnapshot
from league_manager.persistence.match_day_models import MatchDay
from league_manager.persistence.season_models import Fixture, Season
from league_manager.rules.model import CHARACTERISTICS
from league_manager.services.match_day.result_schema import (
    PlayerRow,
    TeamRow,
    read_document,
    read_result,
    side_index,
)
from league_manager.services.match_day.store import SIDES, dump_json, pregame_record, set_stage, snapshot
from league_manager.services.season_results import ResultEntry, apply_result

STAFF_PICKS = ("Ayleen Andar", "Professor Fronkelheim", "Schielund Scharlitan")
"""Coaching staff whose pre-game picks the post-game rolls for."""
INJURIES = ("Badly Hurt", "Seriously Hurt", "Serious Injury", "Lasting Injury", "Dead")
COUNTS = ("td", "comp", "defl", "intc", "cas", "cas_other", "bonus_spp", "kills")
PLAYED_COUNTS = ("td", "comp", "defl", "intc", "cas", "cas_other", "kills")
"""What only a player who took part can have done."""


def _players(
    rows: list[PlayerRow], snaps: Mapping[str, TeamSnapshot], errors: list[RuleViolation]
) -> list[PlayerResult]:
    side_of = {p.id: index for index, side in enumerate(SIDES) for p in snaps[side].players}
    given: dict[str, PlayerResult] = {}
    for row in rows:
        pid = str(row.id)
        if pid not in side_of:
            errors.append(RuleViolation("player", f"player '{pid}' is not on either team's kick-off roster"))
            continue
        team = side_of[pid] if row.team is None else row.team
        if team != side_of[pid]:
            errors.append(
                RuleViolation("player", f"player '{pid}' plays for {SIDES[side_of[pid]]}, not team {team!r}")
            )
            continue
        if pid in given:
            errors.append(RuleViolation("player", f"player '{pid}' is listed twice"))
            continue
        injury, lasting = row.injury, row.lasting
        if injury is not None and injury not in INJURIES:
            errors.append(RuleViolation("injury", f"{pid}: '{injury}' is not one of {', '.join(INJURIES)}"))
            injury = None
        if (injury == "Lasting Injury") != (lasting is not None) or (
            lasting and lasting not in CHARACTERISTICS
        ):
            errors.append(
                RuleViolation(
                    "injury",
                    f"{pid}: a Lasting Injury names one of "
                    f"{', '.join(CHARACTERISTICS)} in 'lasting' (and only it does)",
                )
            )
            lasting = None
        if row.kills > row.cas + row.cas_other:
            errors.append(
                RuleViolation(
                    "kills",
                    f"{pid}: {row.kills} kills but only {row.cas + row.cas_other} casualties inflicted "
                    "(a kill is a casualty)",
                )
            )
        injured_by = None if row.injured_by is None else str(row.injured_by)
        if injured_by is not None and (injury is None or side_of.get(injured_by) in (None, side_of[pid])):
            errors.append(
                RuleViolation(
                    "injured_by",
                    f"{pid}: 'injured_by' names the opposing player who caused the casualty recorded",
                )
            )
            injured_by = None
        if not row.played and any(getattr(row, k) for k in COUNTS):
            errors.append(
                RuleViolation("played", f"{pid} did not play, so cannot have scored, passed or hurt")
            )
        given[pid] = PlayerResult(
            id=pid,
            team=side_of[pid],
            played=row.played,
            injury=injury,
            lasting=lasting,
            apothecary=row.apothecary,
            sent_off=row.sent_off,
            infected=row.infected,
            quits=row.quits,
            staff=_staff(pid, row.staff, errors),
            injured_by=injured_by,
            **{k: getattr(row, k) for k in COUNTS},
        )
    return [given.get(pid) or PlayerResult(id=pid, team=team, played=True) for pid, team in side_of.items()]


def _staff(pid: str, picks: list[list[str]], errors: list[RuleViolation]) -> tuple[tuple[str, str], ...]:
    """A player's pre-game coaching-staff picks: (staff, skill), staff one of ``STAFF_PICKS``."""
    out = []
    for who, skill in picks:
        if who not in STAFF_PICKS:
            errors.append(RuleViolation("staff", f"{pid}: '{who}' is not one of {', '.join(STAFF_PICKS)}"))
            continue
        out.append((who, skill))
    return tuple(out)


def _mvp_eligible(player: PlayerResult | None, index: int) -> bool:
    """An MVP (or candidate) plays for the team, took part and was not killed (rules-decisions)."""
    return player is not None and player.team == index and player.played and player.injury != "Dead"


def _team(
    index: int,
    data: TeamRow,
    players: list[PlayerResult],
    snap: TeamSnapshot,
    conceded: int | None,
    errors: list[RuleViolation],
    *,
    penalty_free: bool = False,
) -> TeamResult:
    side = SIDES[index]
    score = data.score
    own = [p for p in players if p.team == index]
    by_id = {p.id: p for p in players}
    tds = sum(p.td for p in own)
    if conceded is None and tds != score:
        errors.append(
            RuleViolation("score", f"{side} scored {score} but its players' touchdowns add up to {tds}")
        )
    inflicted = sum(p.cas + p.cas_other for p in own)
    if data.casualties_inflicted not in (None, inflicted):
        errors.append(
            RuleViolation(
                "casualties",
                f"{side} inflicted {data.casualties_inflicted} casualties "
                f"but its players' cas + cas_other add up to {inflicted}",
            )
        )
    suffered = sum(1 for p in own if p.injury)
    if data.casualties_suffered not in (None, suffered):
        errors.append(
            RuleViolation(
                "casualties",
                f"{side} suffered {data.casualties_suffered} casualties "
                f"but {suffered} of its players have an injury",
            )
        )
    mvp = None if data.mvp is None else str(data.mvp)
    if mvp is not None and not _mvp_eligible(by_id.get(mvp), index):
        errors.append(
            RuleViolation("MVP", f"{side} MVP '{mvp}' is not one of its players who played and survived")
        )
        mvp = None
    if data.mvp_candidates is None:
        no_mvp = conceded == index and not penalty_free  # without penalty the team keeps its MVP
        candidates = [] if no_mvp else [p.id for p in own if _mvp_eligible(p, index)]
    else:
        candidates = [str(c) for c in data.mvp_candidates]
        wrong = [c for c in candidates if not _mvp_eligible(by_id.get(c), index)]
        if wrong:
            errors.append(
                RuleViolation(
                    "MVP",
                    f"{side} MVP candidates {', '.join(wrong)} are not its players who played and survived",
                )
            )
        if len(set(candidates)) != len(candidates):
            errors.append(RuleViolation("MVP", f"{side} names an MVP candidate twice"))
    if conceded == index and not penalty_free and (mvp is not None or candidates):
        errors.append(RuleViolation("MVP", f"{side} conceded and has no MVP"))
    fan_factor = snap.fan_factor if data.fan_factor is None else data.fan_factor
    if fan_factor > snap.fan_factor:
        errors.append(
            RuleViolation(
                "fan_factor",
                f"{side} ends with Fan Factor {fan_factor}, above its {snap.fan_factor} at kick-off "
                "(a match can only lower it)",
            )
        )
    return TeamResult(
        name=snap.name,
        race=snap.race,
        score=score,
        casualties_inflicted=inflicted,
        casualties_suffered=suffered,
        fan_factor=min(fan_factor, snap.fan_factor),
        mvp_candidates=tuple(candidates),
        mvp=mvp,
        inducements_used=tuple(sorted((data.inducements_used or {}).items())),
        stalled=data.stalled or 0,
    )


def parse_result(data: MatchResult | Mapping[str, Any] | Any, day: MatchDay) -> MatchResult:
    """A complete, checked :class:`MatchResult` from a typed result (engine, board) or a
    (possibly partial tabletop) document.

    The document's shape, types and bounds are checked first (:func:`read_document`);
    players left out played and did nothing; team names and races come from the kick-off
    snapshots, fan factors too unless the document lowers them (Jorm the Ogre); casualty
    totals are checked against the players' figures.

    Raises:
        RuleViolations: every problem found (bad types or out-of-range figures, unknown
            players, totals contradicting the score, an MVP who cannot be one, kills
            beyond casualties, inconsistent casualty counts, bad injuries).
    """
    doc = read_result(data) if isinstance(data, MatchResult) else read_document(data)
    errors: list[RuleViolation] = []
    snaps = {side: snapshot(day, side) for side in SIDES}
    conceded = side_index(doc.conceded)
    if doc.penalty_free and conceded is None:
        errors.append(RuleViolation("result", "'penalty_free' applies only to a concession"))
    players = _players(doc.players, snaps, errors)
    teams = [
        _team(i, getattr(doc, side), players, snaps[side], conceded, errors, penalty_free=doc.penalty_free)
        for i, side in enumerate(SIDES)
    ]
    sudden_death = side_index(doc.sudden_death)
    if sudden_death is not None and teams[0].score != teams[1].score:
        errors.append(
            RuleViolation("result", "'sudden_death' is null, or 0/1 for the winner of a drawn game")
        )
    if errors:
        raise RuleViolations(errors)
    pregame_weather = pregame_record(day).weather
    weather = doc.weather or (pregame_weather.result if pregame_weather else "")
    return MatchResult(
        home=teams[0],
        away=teams[1],
        conceded=conceded,
        players=tuple(players),
        weather=str(weather),
        sudden_death=sudden_death,
        penalty_free=doc.penalty_free,
    )


def season_entry(result: MatchResult) -> ResultEntry:
    """The seasons' result entry for a match result (standings read it)."""
    return ResultEntry(
        home_td=result.home.score,
        away_td=result.away.score,
        home_cas=result.home.casualties_inflicted,
        away_cas=result.away.casualties_inflicted,
        conceded_by=None if result.conceded is None else SIDES[result.conceded],
        note="match day",
    )


def store_result(day: MatchDay, result: MatchResult, *, session: Session) -> set[int]:
    """Store the result document, enter it for the standings and move to ``result_entered``."""
    fixture = session.get(Fixture, day.fixture_id)
    assert fixture is not None
    season = session.get(Season, fixture.season_id)
    assert season is not None
    changed = apply_result(season, fixture, season_entry(result), session=session)
    day.result_json = dump_json(result.to_dict())
    set_stage(day, "result_entered", session=session)
    return changed
