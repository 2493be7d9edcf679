"""Claims: a coach whose remote opponent stayed away past the countdown asks the commissioner
for the result; the commissioner awards the match or orders a replay.

A claim is filed by the match server (``services.remote.room``) and leaves the board match
saved in progress. Resolving it goes through the ordinary result path, in one transaction:
*award* ends the saved match as if the absent side had conceded at that moment
(:meth:`Match.forfeit`; the concession rules apply) and hands the result to match day like any
board match's final whistle; *replay* abandons the board match with the claim as its reason,
so the fixture goes back to its pre-game and can be played again.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from sqlmodel import Session, col, select

from league_manager.core.errors import NotAllowed, NotFound, RuleViolation
from league_manager.persistence import share_guard
from league_manager.persistence.claim_models import MatchClaim
from league_manager.persistence.models import Team, utcnow
from league_manager.persistence.repositories import find_league
from league_manager.persistence.season_models import Fixture, Season
from league_manager.services.base import ServiceBase
from league_manager.services.changes import Changes, Outcome
from league_manager.services.match_day.board import abandon_board, finish_board, stored_match
from league_manager.services.match_day.board_store import find_board
from league_manager.services.match_day.store import fixture_and_league

SIDES = ("home", "away")
DECISIONS = ("award", "replay")


@dataclass(frozen=True)
class ClaimView:
    """A claim as the commissioner reads it.

    Attributes:
        claimant_team, absent_team: the team names of the claiming and the absent side.
        action_count: the saved match's actions when the claim was made.
        waited_seconds: how long the claimant's countdown gave the absent coach.
        state: "open", "awarded" or "replay"; resolution: the commissioner's note.
        match_state: the saved board match as it stands now (score, half, turns), or where
            it went (finished, abandoned) when it is no longer in progress.
    """

    id: int
    fixture_id: int
    league: str
    claimant: str
    claimant_team: str
    absent_team: str
    action_count: int
    waited_seconds: int
    note: str
    state: str
    resolution: str
    created_at: str
    team_ids: tuple[int, int]
    match_state: str = ""

    def to_dict(self) -> dict[str, Any]:
        """The claim as JSON-ready data."""
        return asdict(self)


class ClaimService(ServiceBase):
    """File, list and resolve claims (one transaction per call)."""

    def file(self, fixture: int, claimant: str, waited_seconds: int, note: str = "") -> Outcome[ClaimView]:
        """Record a claim by the ``claimant`` side ("home"/"away") of the fixture's board match.

        Raises:
            RuleViolation: not a side, no board match in progress, or an open claim already.
        """
        if claimant not in SIDES:
            raise RuleViolation("claim", f"a claim is made by the home or away coach, not {claimant!r}")
        with self.transaction() as session:
            row = find_board(fixture, session=session)
            if row is None or row.state != "in_progress":
                raise RuleViolation("claim", f"fixture {fixture} has no board match in progress to claim")
            if _open_claim(fixture, session=session) is not None:
                raise RuleViolation("claim", f"fixture {fixture} already has an open claim")
            absent = SIDES[1 - SIDES.index(claimant)]
            claim = MatchClaim(
                fixture_id=fixture, claimant=claimant, absent=absent, action_count=row.action_count,
                waited_seconds=max(0, int(waited_seconds)), note=note.strip(),
            )  # fmt: skip
            session.add(claim)
            session.flush()
            view = _view(claim, session=session)
        return Outcome(view, _changes(view, "claim filed"))

    def claims(self, league: str, *, every: bool = False) -> list[ClaimView]:
        """The league's open claims (every claim with ``every``), oldest first.

        Raises:
            NotFound: no such league.
        """
        with self.transaction() as session:
            found = find_league(league, session=session)
            query = (
                select(MatchClaim)
                .join(Fixture, col(Fixture.id) == col(MatchClaim.fixture_id))
                .join(Season, col(Season.id) == col(Fixture.season_id))
                .where(Season.league_id == found.id)
                .order_by(col(MatchClaim.id))
            )
            if not every:
                query = query.where(MatchClaim.state == "open")
            return [_view(claim, session=session) for claim in session.exec(query).all()]

    def resolve(self, claim_id: int, decision: str, note: str = "") -> Outcome[ClaimView]:
        """Award the match to the claimant, or order a replay, through the ordinary result path.

        Only the league's commissioner decides (on a shared league's server; the owner of a
        league file or of the server decides too): the check is made here, whichever path
        calls, before the database's own grants would refuse the writes.

        Raises:
            NotAllowed: this login is a coach or viewer of the shared league.
            NotFound: no such claim.
            RuleViolation: another decision, a claim already resolved, or a board match that
                is no longer in progress (nothing changes).
        """
        if decision not in DECISIONS:
            raise RuleViolation("claim", f"decide {' or '.join(DECISIONS)}, not {decision!r}")
        with self.transaction() as session:
            _require_commissioner(session)
            claim = session.get(MatchClaim, int(claim_id))
            if claim is None:
                raise NotFound(f"no claim {claim_id}")
            if claim.state != "open":
                raise RuleViolation("claim", f"claim {claim_id} is already resolved ({claim.state})")
            fixture = claim.fixture_id
            text = note.strip()
            if decision == "award":
                match = stored_match(fixture, session=session)
                match.forfeit(SIDES.index(claim.absent))
                finish_board(fixture, _Over(match), session=session)
                claim.state = "awarded"
            else:
                reason = f"claim {claim_id}: the commissioner ordered a replay" + (
                    f" ({text})" if text else ""
                )
                abandon_board(fixture, reason, session=session)
                claim.state = "replay"
            claim.resolution, claim.resolved_at = text, utcnow()
            session.add(claim)
            view = _view(claim, session=session)
        return Outcome(view, _changes(view, f"claim {claim_id} resolved: {claim.state}"))


@dataclass(frozen=True)
class _Over:
    """The awarded match, as ``finish_board`` reads a finished game."""

    match: Any


def _require_commissioner(session: Session) -> None:
    """Refuse a coach or viewer of a shared league (only the commissioner resolves claims)."""
    place = share_guard.my_place(session.connection())
    if place is not None and place[0] != "commissioner":
        kind, team = place
        who = f"a coach of {team}" if kind == "coach" else f"a {kind}"
        raise NotAllowed(
            f"only the league's commissioner decides claims; you are {who}. Nothing was changed."
        )


def _open_claim(fixture: int, *, session: Session) -> MatchClaim | None:
    query = select(MatchClaim).where(MatchClaim.fixture_id == fixture, MatchClaim.state == "open")
    return session.exec(query).first()


def _view(claim: MatchClaim, *, session: Session) -> ClaimView:
    fixture, league = fixture_and_league(claim.fixture_id, session=session)
    teams = {"home": fixture.home_team_id, "away": fixture.away_team_id}
    names = {side: _team_name(teams[side], session=session) for side in SIDES}
    assert claim.id is not None
    return ClaimView(
        id=claim.id, fixture_id=claim.fixture_id, league=league.name, claimant=claim.claimant,
        claimant_team=names[claim.claimant], absent_team=names[claim.absent],
        action_count=claim.action_count, waited_seconds=claim.waited_seconds, note=claim.note,
        state=claim.state, resolution=claim.resolution,
        created_at=claim.created_at.isoformat(timespec="seconds"),
        team_ids=(int(fixture.home_team_id or 0), int(fixture.away_team_id or 0)),
        match_state=_match_state(claim.fixture_id, session=session),
    )  # fmt: skip


def _match_state(fixture: int, *, session: Session) -> str:
    row = find_board(fixture, session=session)
    if row is None:
        return "no board match"
    if row.state != "in_progress":
        return f"board match {row.state.replace('_', ' ')}"
    where = f"half {row.half}, turns {row.home_turn}/{row.away_turn}" if row.half else "before kick-off"
    return f"{row.home_score}-{row.away_score}, {where}, {row.action_count} actions"


def _team_name(team_id: int | None, *, session: Session) -> str:
    team = session.get(Team, team_id) if team_id is not None else None
    if team is None:
        raise NotFound(f"no team {team_id}")
    return team.name


def _changes(view: ClaimView, what: str) -> Changes:
    return Changes(
        teams=frozenset(view.team_ids), fixtures=frozenset({view.fixture_id}),
        description=f"fixture {view.fixture_id}: {what}",
    )  # fmt: skip
