"""Entering fixture results, advancing play-off winners and handling withdrawn teams."""

from __future__ import annotations

from sqlmodel import Session, col, select

from league_manager.core.errors import RuleViolation
from league_manager.persistence.models import Team
from league_manager.persistence.season_models import OPEN_STATUSES, Fixture, FixtureResult, Round, Season
from league_manager.rules.scheduling import next_slot
from league_manager.services.season_read_models import ResultEntry as ResultEntry
from league_manager.services.season_store import team_in_season

WIN, DRAW, LOSS, BYE = "W", "D", "L", "B"
ADMINISTRATIVE = ("home", "away", "draw", "both-lose")


def _side(season: Season, fixture: Fixture, team: str | int, *, session: Session) -> int:
    """The id of ``team``, which must play in the fixture."""
    if str(team).lower() in {"home", "away"}:
        found = fixture.home_team_id if str(team).lower() == "home" else fixture.away_team_id
        assert found is not None
        return found
    row = team_in_season(season, team, session=session)
    if row.id not in (fixture.home_team_id, fixture.away_team_id):
        raise RuleViolation("result", f"{row.name} does not play in fixture {fixture.id}")
    assert row.id is not None
    return row.id


def _kind_of(fixture: Fixture, entry: ResultEntry) -> str:
    """Check an entry against the fixture; returns score, conceded, forfeit, bye or administrative."""
    if fixture.status == "void":
        raise RuleViolation("result", f"fixture {fixture.id} is void")
    chosen = (
        ("forfeit", entry.forfeit is not None),
        ("conceded", entry.conceded_by is not None),
        ("bye", entry.bye),
        ("administrative", entry.administrative is not None),
    )
    kinds = [kind for kind, on in chosen if on]
    if len(kinds) > 1:
        raise RuleViolation("result", f"choose one of {' or '.join(kinds)}")
    home, away = fixture.home_team_id, fixture.away_team_id
    one_sided = away is None and fixture.status == "bye"
    if home is None or (away is None and not one_sided):
        raise RuleViolation("result", f"fixture {fixture.id} does not know both teams yet")
    if one_sided and not entry.bye:
        raise RuleViolation("result", f"fixture {fixture.id} is a bye; it has no opponent")
    scores = (entry.home_td, entry.away_td, entry.home_cas, entry.away_cas)
    if any(v is not None and v < 0 for v in scores):
        raise RuleViolation("result", "touchdowns and casualties cannot be negative")
    kind = kinds[0] if kinds else "score"
    if kind in {"forfeit", "bye", "administrative"} and any(v for v in scores):
        raise RuleViolation("result", f"a {kind} has no score; leave the touchdowns and casualties out")
    if kind in {"score", "conceded"} and (entry.home_td is None) != (entry.away_td is None):
        raise RuleViolation("result", "enter both teams' touchdowns")
    if kind == "score" and entry.home_td is None:
        raise RuleViolation("result", "enter the score (HOME_TD AWAY_TD) or a forfeit, bye or ruling")
    return kind


def apply_result(season: Season, fixture: Fixture, entry: ResultEntry, *, session: Session) -> set[int]:
    """Store a fixture's result (replacing an earlier one) and advance play-off winners.

    Returns:
        The ids of every fixture changed (this one and any it feeds).

    Raises:
        RuleViolation: a void or undecided fixture, a mix of result kinds, a score
            where the kind has none, negative numbers, or a drawn play-off without
            a winner.
    """
    kind = _kind_of(fixture, entry)
    home, away = fixture.home_team_id, fixture.away_team_id
    one_sided = away is None and fixture.status == "bye"
    playoff = fixture.stage == "playoff"
    result = FixtureResult(fixture_id=fixture.id or 0, outcome="score", home_verdict="", away_verdict="",
                           note=entry.note)  # fmt: skip
    winner: int | None = None
    if kind in {"score", "conceded"}:
        result.home_td, result.away_td = entry.home_td, entry.away_td
        if entry.home_td is not None:
            result.home_cas, result.away_cas = entry.home_cas or 0, entry.away_cas or 0
    if kind == "score":
        htd, atd = entry.home_td or 0, entry.away_td or 0
        winner = home if htd > atd else away if atd > htd else None
        if entry.winner is not None:
            named = _side(season, fixture, entry.winner, session=session)
            if winner is not None and named != winner:
                raise RuleViolation("result", "the named winner lost on the score")
            if winner is None and not playoff:
                raise RuleViolation(
                    "result", "a league fixture may end in a draw; only play-offs need a winner"
                )
            winner = named
        if playoff and winner is None:
            raise RuleViolation(
                "play-off", "a play-off needs a winner: name who won overtime or the shoot-out"
            )
        fixture.status = "played"
    elif kind == "conceded":
        loser = _side(season, fixture, entry.conceded_by or "", session=session)
        winner = away if loser == home else home
        result.outcome, result.decided_by_team_id = "concession", loser
        fixture.status = "conceded"
    elif kind == "forfeit":
        loser = _side(season, fixture, entry.forfeit or "", session=session)
        winner = away if loser == home else home
        result.outcome, result.decided_by_team_id = "forfeit", loser
        fixture.status = "forfeited"
    elif kind == "bye":
        if playoff and not one_sided:
            raise RuleViolation("play-off", "a play-off fixture needs a winner, not a bye")
        result.outcome, result.home_verdict, result.away_verdict = "bye", BYE, "" if one_sided else BYE
        winner = home if playoff else None
        fixture.status = "bye"
    else:
        ruling = str(entry.administrative)
        result.outcome = "administrative"
        fixture.status = "administrative"
        if ruling in {"draw", "both-lose"}:
            if playoff:
                raise RuleViolation("play-off", "a play-off ruling must name a winner")
            result.home_verdict = result.away_verdict = DRAW if ruling == "draw" else LOSS
        else:
            winner = _side(season, fixture, ruling, session=session)
    if kind != "bye" and not result.home_verdict:
        result.home_verdict = DRAW if winner is None else WIN if winner == home else LOSS
        result.away_verdict = DRAW if winner is None else WIN if winner == away else LOSS
    result.winner_team_id = winner
    existing = session.exec(select(FixtureResult).where(FixtureResult.fixture_id == fixture.id)).first()
    if existing is not None:
        session.delete(existing)
        session.flush()
    session.add(result)
    session.add(fixture)
    session.flush()
    if kind in {"score", "conceded"}:
        _mark_played([t for t in (home, away) if t is not None], session=session)
    changed = {fixture.id or 0}
    if playoff and winner is not None and not fixture.third_place:
        loser_id = away if winner == home else home
        changed |= advance(fixture, winner, loser_id, session=session)
    return changed


def _mark_played(team_ids: list[int], *, session: Session) -> None:
    """A team that has played a match can no longer change its draft."""
    for team in session.exec(select(Team).where(col(Team.id).in_(team_ids))):
        if not team.first_match_played:
            team.first_match_played = True
            session.add(team)


def _following(fixture: Fixture, *, session: Session) -> list[Fixture]:
    """The play-off fixtures of the round after ``fixture``'s."""
    rnd = session.get(Round, fixture.round_id)
    assert rnd is not None
    query = (
        select(Fixture)
        .join(Round, col(Round.id) == Fixture.round_id)
        .where(
            Fixture.season_id == fixture.season_id, Fixture.stage == "playoff", Round.number == rnd.number + 1
        )
    )
    return list(session.exec(query).all())


def advance(fixture: Fixture, winner: int | None, loser: int | None, *, session: Session) -> set[int]:
    """Put a play-off winner into the next round (and a semi-final loser into the third-place match).

    With ``winner`` and ``loser`` None the places are emptied again (a cleared result).
    The season is marked finished once its final has a winner.

    Raises:
        RuleViolation: the fixture it would change already has a result with another team.
    """
    assert fixture.slot is not None
    following = _following(fixture, session=session)
    changed: set[int] = set()
    slot, side = next_slot(fixture.slot)
    for target in following:
        if target.third_place:
            if loser is not None or winner is None:
                changed |= _place(target, side, loser, session=session)
        elif target.slot == slot:
            changed |= _place(target, side, winner, session=session)
    if not following:
        season = session.get(Season, fixture.season_id)
        assert season is not None
        season.status = "finished" if winner is not None else "running"
        session.add(season)
    return changed


def _place(target: Fixture, side: str, team: int | None, *, session: Session) -> set[int]:
    attr = "home_team_id" if side == "home" else "away_team_id"
    if getattr(target, attr) == team:
        return set()
    has_result = session.exec(select(FixtureResult).where(FixtureResult.fixture_id == target.id)).first()
    if has_result is not None:
        raise RuleViolation("play-off", "the next round's fixture already has a result; clear it first")
    setattr(target, attr, team)
    session.add(target)
    session.flush()
    return {target.id or 0}


def clear_result(fixture: Fixture, *, session: Session) -> set[int]:
    """Remove a fixture's result (it is scheduled again) and take back a play-off advance.

    Returns:
        The ids of every fixture changed.

    Raises:
        RuleViolation: no result, a scheduled bye, or a play-off winner who has
            already played on.
    """
    result = session.exec(select(FixtureResult).where(FixtureResult.fixture_id == fixture.id)).first()
    if result is None or (fixture.status == "bye" and fixture.away_team_id is None):
        raise RuleViolation("result", f"fixture {fixture.id} has no result to clear")
    changed = {fixture.id or 0}
    if fixture.stage == "playoff" and not fixture.third_place:
        changed |= advance(fixture, None, None, session=session)
    session.delete(result)
    fixture.status = "scheduled"
    session.add(fixture)
    session.flush()
    return changed


def withdraw_fixtures(season: Season, team_id: int, policy: str, *, session: Session) -> set[int]:
    """Handle a withdrawn team's remaining fixtures under the league's policy.

    ``forfeit``: each open fixture is won by the opponent. ``void``: open fixtures
    are struck out. Play-off fixtures are always forfeited (a bracket needs a
    winner), and the team's byes in rounds not yet under way are struck out.

    Returns:
        The ids of the fixtures changed.
    """
    assert season.id is not None
    fixtures = session.exec(
        select(Fixture).where(
            Fixture.season_id == season.id,
            (col(Fixture.home_team_id) == team_id) | (col(Fixture.away_team_id) == team_id),
        )
    ).all()
    started = {
        number
        for number, status in session.exec(
            select(Round.number, Fixture.status)
            .join(Round, col(Round.id) == Fixture.round_id)
            .where(Fixture.season_id == season.id)
        )
        if status not in (*OPEN_STATUSES, "bye", "void")
    }
    reached = max(started, default=0)
    changed: set[int] = set()
    for fixture in fixtures:
        rnd = session.get(Round, fixture.round_id)
        assert rnd is not None
        if fixture.status == "bye" and fixture.away_team_id is None and rnd.number > reached:
            result = session.exec(select(FixtureResult).where(FixtureResult.fixture_id == fixture.id)).first()
            if result is not None:
                session.delete(result)
            fixture.status = "void"
        elif fixture.status not in OPEN_STATUSES:
            continue
        elif (
            fixture.home_team_id is not None
            and fixture.away_team_id is not None
            and (policy == "forfeit" or fixture.stage == "playoff")
        ):
            entry = ResultEntry(forfeit=team_id, note="team withdrew from the season")
            changed |= apply_result(season, fixture, entry, session=session)
            continue
        elif fixture.stage == "playoff":
            continue  # the opponent is not known yet; the fixture is forfeited once it is
        else:
            fixture.status = "void"
            fixture.note = "void: team withdrew from the season"
        session.add(fixture)
        changed.add(fixture.id or 0)
    session.flush()
    return changed
