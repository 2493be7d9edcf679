"""Loading and saving a fixture's match-day record, kick-off snapshots and the read model."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from sqlmodel import Session, col, select

from league_manager.core.errors import NotFound, RuleViolation
from league_manager.match.teams import PlayerSnapshot, TeamSnapshot
from league_manager.persistence import repositories as repo
from league_manager.persistence import share_steps
from league_manager.persistence.match_day_models import MatchCorrection, MatchDay
from league_manager.persistence.models import League, Team, utcnow
from league_manager.persistence.season_models import Fixture, Season
from league_manager.rules.model import SkillRef
from league_manager.services.base import league_ruleset
from league_manager.services.match_day.board_store import BoardStatus, board_status, find_board
from league_manager.services.match_day.records import PostgameRecord, PregameRecord
from league_manager.services.read_models import TeamView

SIDES = ("home", "away")


def load_json(text: str | None) -> dict[str, Any]:
    """A JSON column as a dict (empty for None)."""
    data = json.loads(text or "{}")
    assert isinstance(data, dict)
    return data


def dump_json(data: Any) -> str:
    """Plain data as compact, stable JSON."""
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def pregame_record(day: MatchDay) -> PregameRecord:
    """The fixture's pre-game record, read from its stored JSON."""
    return PregameRecord.model_validate_json(day.pregame_json)


def postgame_record(day: MatchDay) -> PostgameRecord | None:
    """The fixture's post-game record (None before the post-game), read from its stored JSON."""
    return None if day.postgame_json is None else PostgameRecord.model_validate_json(day.postgame_json)


def save_pregame(day: MatchDay, record: PregameRecord) -> None:
    """Store the pre-game record as JSON (the caller adds the row to its session)."""
    day.pregame_json = dump_json(record.to_dict())


def save_postgame(day: MatchDay, record: PostgameRecord) -> None:
    """Store the post-game record as JSON (the caller adds the row to its session)."""
    day.postgame_json = dump_json(record.to_dict())


def fixture_and_league(fixture_id: int, *, session: Session) -> tuple[Fixture, League]:
    """The fixture and the league its season belongs to.

    Raises:
        NotFound: no such fixture.
        RuleViolation: a fixture without two teams (a bye, an undecided play-off).
    """
    fixture = session.get(Fixture, int(fixture_id))
    if fixture is None:
        raise NotFound(f"no fixture {fixture_id}")
    if fixture.home_team_id is None or fixture.away_team_id is None:
        raise RuleViolation(
            "fixture", f"fixture {fixture_id} does not have two teams; there is no match to play"
        )
    season = session.get(Season, fixture.season_id)
    assert season is not None
    league = session.get(League, season.league_id)
    assert league is not None
    return fixture, league


def lock_fixture_teams(fixture_id: int, *, session: Session, step: str | None = None) -> None:
    """Take the team lock of both teams of a fixture before a match-day step checks anything.

    Every step that checks a stage or a treasury and then writes (pre-game, its
    cancelling, result, post-game, correction) calls this first, so a second copy of
    the program doing the same step waits, then finds the step done and is refused,
    instead of paying winnings twice. The teams are locked in id order, so two steps
    on fixtures that share a team never wait for each other in a circle.

    On a shared league's server, ``step`` (see :data:`share_steps.STEPS`) is asked for
    first: the server lets this login write both teams' rows for it, in this transaction
    only, or refuses.

    Raises:
        NotFound: no such fixture.
        NotAllowed: the shared league's server refused the step to this login.
    """
    fixture = session.get(Fixture, int(fixture_id))
    if fixture is None:
        raise NotFound(f"no fixture {fixture_id}")
    if step is not None:
        share_steps.open_step(session.connection(), int(fixture_id), step)
    for team_id in sorted({t for t in (fixture.home_team_id, fixture.away_team_id) if t is not None}):
        team = session.get(Team, team_id)
        assert team is not None
        repo.lock_team(team, session=session)
    session.expire_all()  # what was read before the lock is read again, as the other writer left it


def find_match_day(fixture_id: int, *, session: Session) -> MatchDay | None:
    """The fixture's match-day record, if pre-game has been run."""
    return session.exec(select(MatchDay).where(MatchDay.fixture_id == fixture_id)).first()


def require_match_day(fixture_id: int, stages: tuple[str, ...], action: str, *, session: Session) -> MatchDay:
    """The match-day record, which must be in one of ``stages``.

    Raises:
        RuleViolation: no pre-game yet, or the fixture is at another stage.
    """
    day = find_match_day(fixture_id, session=session)
    if day is None:
        _fixture, league = fixture_and_league(fixture_id, session=session)
        ruleset = league_ruleset(league)
        if ruleset.classic:
            raise RuleViolation(
                "match day",
                f"cannot {action}: fixture {fixture_id} is a {ruleset.name} fixture, played on the "
                f"tabletop: enter the score with fixture set-result {fixture_id}, then run its classic "
                f"post-match with fixture postgame {fixture_id}",
            )
        raise RuleViolation(
            "match day", f"fixture {fixture_id} has no pre-game yet; run: fixture pregame {fixture_id}"
        )
    if day.stage not in stages:
        raise RuleViolation(
            "match day",
            f"cannot {action}: fixture {fixture_id} is at '{day.stage}' (needs {' or '.join(stages)})",
        )
    return day


def set_stage(day: MatchDay, stage: str, *, session: Session) -> None:
    """Move the record to ``stage`` (the fixture's status is kept by the result path)."""
    day.stage = stage
    day.updated_at = utcnow()
    session.add(day)
    session.flush()


def snapshot(day: MatchDay, side: str) -> TeamSnapshot:
    """A side's kick-off snapshot."""
    return TeamSnapshot.from_dict(
        load_json(day.home_snapshot_json if side == "home" else day.away_snapshot_json)
    )


def team_snapshot(view: TeamView) -> TeamSnapshot:
    """The team as it stands now: players able to play, with adjusted profiles and skills."""
    players = tuple(
        PlayerSnapshot(
            id=str(p.id),
            name=p.name,
            number=p.number,
            position=p.position,
            stats=p.stats,
            skills=tuple(SkillRef.parse(s.name) for s in p.skills),
            niggling=p.niggling,
            journeyman=p.journeyman,
            advancements=p.advancements,
            spp=p.spp,
        )
        for p in view.players
        if p.available
    )
    return TeamSnapshot(
        name=view.name,
        race=view.race_id,
        players=players,
        rerolls=view.rerolls + view.trophy_rerolls,
        apothecary=view.apothecary,
        fan_factor=view.dedicated_fans,
        assistant_coaches=view.assistant_coaches,
        cheerleaders=view.cheerleaders,
    )


CANCELLABLE = ("pre_game", "in_progress")
"""Stages whose pre-game may be thrown away: no result has been entered yet."""
CORRECTABLE = ("result_entered", "post_game_applied")
"""Stages whose result may be corrected (before the post-game it is only replaced)."""


@dataclass(frozen=True)
class MatchDayView:
    """Everything recorded for one fixture's match day (plain documents, for CLI and UI)."""

    fixture_id: int
    stage: str
    fixture_status: str
    home: str
    away: str
    ruleset: str
    pre: PregameRecord
    snapshots: dict[str, Any]
    result: dict[str, Any] | None
    post: PostgameRecord | None
    corrections: list[dict[str, Any]] = field(default_factory=list)
    board: BoardStatus | None = None
    """The fixture's board match (in progress, finished or abandoned), if it had one."""

    @property
    def pregame(self) -> dict[str, Any]:
        """The pre-game record as plain data (the stored document; ``--json`` output)."""
        return self.pre.to_dict()

    @property
    def postgame(self) -> dict[str, Any] | None:
        """The post-game record as plain data, None before the post-game."""
        return None if self.post is None else self.post.to_dict()

    @property
    def team_ids(self) -> frozenset[int]:
        """The database ids of both teams."""
        return self.pre.team_ids()

    @property
    def cancellable(self) -> bool:
        """The pre-game may still be cancelled (no result yet)."""
        return self.stage in CANCELLABLE

    @property
    def correctable(self) -> bool:
        """A result has been entered and may be corrected."""
        return self.stage in CORRECTABLE

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json`` output."""
        return {
            "fixture_id": self.fixture_id,
            "stage": self.stage,
            "fixture_status": self.fixture_status,
            "home": self.home,
            "away": self.away,
            "ruleset": self.ruleset,
            "pregame": self.pregame,
            "snapshots": self.snapshots,
            "result": self.result,
            "postgame": self.postgame,
            "corrections": self.corrections,
            "board": None if self.board is None else self.board.to_dict(),
        }


def match_day_view(day: MatchDay, *, session: Session) -> MatchDayView:
    """Read model of a match-day record."""
    fixture = session.get(Fixture, day.fixture_id)
    home, away = session.get(Team, day.home_team_id), session.get(Team, day.away_team_id)
    assert fixture is not None and home is not None and away is not None
    corrections = [
        {
            "id": c.id,
            "reason": c.reason,
            "when": c.created_at.isoformat(timespec="seconds"),
            "changes": json.loads(c.changes_json),
        }
        for c in session.exec(
            select(MatchCorrection)
            .where(MatchCorrection.fixture_id == day.fixture_id)
            .order_by(col(MatchCorrection.id))
        )
    ]
    board = find_board(day.fixture_id, session=session)
    return MatchDayView(
        fixture_id=day.fixture_id,
        stage=day.stage,
        fixture_status=fixture.status,
        home=home.name,
        away=away.name,
        ruleset=f"{day.ruleset_id} {day.ruleset_version}",
        pre=pregame_record(day),
        snapshots={"home": load_json(day.home_snapshot_json), "away": load_json(day.away_snapshot_json)},
        result=load_json(day.result_json) if day.result_json else None,
        post=postgame_record(day),
        corrections=corrections,
        board=None if board is None else board_status(board),
    )
