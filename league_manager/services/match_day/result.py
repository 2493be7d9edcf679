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
from league_manager.services.match_day.store import SIDES, dump_json, load_json, set_stage, snapshot
from league_manager.services.season_results import ResultEntry, apply_result

INJURIES = ("Badly Hurt", "Seriously Hurt", "Serious Injury", "Lasting Injury", "Dead")
COUNTS = ("td", "comp", "defl", "intc", "cas", "cas_other", "bonus_spp", "kills")


def _number(value: Any, where: str, errors: list[RuleViolation]) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        errors.append(RuleViolation("result", f"{where} must be a whole number of 0 or more, not {value!r}"))
        return 0
    return value


def _players(
    data: Mapping[str, Any], snaps: Mapping[str, TeamSnapshot], errors: list[RuleViolation]
) -> list[PlayerResult]:
    side_of = {p.id: index for index, side in enumerate(SIDES) for p in snaps[side].players}
    given: dict[str, PlayerResult] = {}
    rows = data.get("players", [])
    if not isinstance(rows, list):
        errors.append(RuleViolation("result", "'players' must be a list"))
        rows = []
    for row in rows:
        pid = str(row.get("id", "")) if isinstance(row, dict) else ""
        if pid not in side_of:
            errors.append(RuleViolation("player", f"player '{pid}' is not on either team's kick-off roster"))
            continue
        team = row.get("team", side_of[pid])
        if team != side_of[pid]:
            errors.append(
                RuleViolation("player", f"player '{pid}' plays for {SIDES[side_of[pid]]}, not team {team!r}")
            )
            continue
        if pid in given:
            errors.append(RuleViolation("player", f"player '{pid}' is listed twice"))
            continue
        counts = {k: _number(row.get(k, 0), f"{pid} {k}", errors) for k in COUNTS}
        injury, lasting = row.get("injury"), row.get("lasting")
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
        given[pid] = PlayerResult(
            id=pid,
            team=side_of[pid],
            played=bool(row.get("played", True)),
            injury=injury,
            lasting=lasting,
            apothecary=bool(row.get("apothecary", False)),
            sent_off=bool(row.get("sent_off", False)),
            infected=bool(row.get("infected", False)),
            quits=bool(row.get("quits", False)),
            **counts,
        )
    return [given.get(pid) or PlayerResult(id=pid, team=team, played=True) for pid, team in side_of.items()]


def _team(
    index: int,
    raw: Any,
    players: list[PlayerResult],
    snap: TeamSnapshot,
    conceded: int | None,
    errors: list[RuleViolation],
) -> TeamResult:
    side = SIDES[index]
    data: dict[str, Any] = raw if isinstance(raw, dict) else {}
    if not isinstance(raw, dict):
        errors.append(RuleViolation("result", f"'{side}' must be an object with at least the score"))
    score = _number(data.get("score"), f"{side} score", errors)
    own = [p for p in players if p.team == index]
    tds = sum(p.td for p in own)
    if conceded is None and tds != score:
        errors.append(
            RuleViolation("score", f"{side} scored {score} but its players' touchdowns add up to {tds}")
        )
    inflicted = sum(p.cas + p.cas_other for p in own)
    if data.get("casualties_inflicted", inflicted) != inflicted:
        errors.append(
            RuleViolation(
                "casualties",
                f"{side} inflicted {data['casualties_inflicted']} casualties "
                f"but its players' cas + cas_other add up to {inflicted}",
            )
        )
    suffered = sum(1 for p in own if p.injury)
    if data.get("casualties_suffered", suffered) != suffered:
        errors.append(
            RuleViolation(
                "casualties",
                f"{side} suffered {data['casualties_suffered']} casualties "
                f"but {suffered} of its players have an injury",
            )
        )
    mvp = data.get("mvp")
    if mvp is not None and str(mvp) not in {p.id for p in own}:
        errors.append(RuleViolation("MVP", f"{side} MVP '{mvp}' is not one of its players"))
        mvp = None
    candidates = data.get("mvp_candidates") or [p.id for p in own if p.played and p.injury != "Dead"]
    return TeamResult(
        name=snap.name,
        race=snap.race,
        score=score,
        casualties_inflicted=inflicted,
        casualties_suffered=suffered,
        fan_factor=snap.fan_factor,
        mvp_candidates=tuple(str(c) for c in candidates),
        mvp=None if mvp is None else str(mvp),
        inducements_used=_used(data.get("inducements_used"), side, errors),
    )


def _used(raw: Any, side: str, errors: list[RuleViolation]) -> tuple[tuple[str, int], ...]:
    """A result document's optional ``inducements_used`` ({name: uses}) of a team."""
    if raw is None:
        return ()
    if not isinstance(raw, dict):
        errors.append(RuleViolation("result", f"{side} 'inducements_used' must be an object of name: uses"))
        return ()
    return tuple((str(k), _number(v, f"{side} {k} uses", errors)) for k, v in sorted(raw.items()))


def parse_result(data: Any, day: MatchDay) -> MatchResult:
    """A complete, checked :class:`MatchResult` from a (possibly partial tabletop) document.

    Players left out played and did nothing; team names, races and fan factors come from
    the kick-off snapshots; casualty totals are checked against the players' figures.

    Raises:
        RuleViolations: every problem found (unknown players, totals contradicting the
            score, inconsistent casualty counts, bad injuries).
    """
    if not isinstance(data, dict):
        raise RuleViolations([RuleViolation("result", "the result document must be a JSON object")])
    errors: list[RuleViolation] = []
    snaps = {side: snapshot(day, side) for side in SIDES}
    conceded = data.get("conceded")
    if conceded in SIDES:
        conceded = SIDES.index(conceded)
    if conceded not in (None, 0, 1):
        errors.append(RuleViolation("result", f"'conceded' is null, 0 (home) or 1 (away), not {conceded!r}"))
        conceded = None
    players = _players(data, snaps, errors)
    teams = [_team(i, data.get(side), players, snaps[side], conceded, errors) for i, side in enumerate(SIDES)]
    if errors:
        raise RuleViolations(errors)
    weather = data.get("weather") or load_json(day.pregame_json).get("weather", {}).get("result", "")
    sudden_death = data.get("sudden_death")
    if sudden_death in SIDES:
        sudden_death = SIDES.index(sudden_death)
    if sudden_death not in (None, 0, 1) or (sudden_death is not None and teams[0].score != teams[1].score):
        raise RuleViolations(
            [RuleViolation("result", "'sudden_death' is null, or 0/1 for the winner of a drawn game")]
        )
    return MatchResult(
        home=teams[0],
        away=teams[1],
        conceded=conceded,
        players=tuple(players),
        weather=str(weather),
        sudden_death=sudden_death,
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
