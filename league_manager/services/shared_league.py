"""A shared league from the app: who this login is, the league's logins, and the result's confirmation.

The server decides every right (:mod:`league_manager.persistence.share_roles`,
:mod:`league_manager.persistence.share_steps`); this service tells the app what to offer
(so a button that cannot work is shown disabled with the reason) and runs the
commissioner's resolution of a disputed result in one transaction: the chosen version
put in place as a correction when it is the disputing coach's, then the confirmation.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from sqlalchemy import text

from league_manager.core.errors import NotAllowed, RuleViolation
from league_manager.persistence import share_guard, share_roles, share_steps
from league_manager.persistence.share_roles import Member
from league_manager.services import sharing
from league_manager.services.base import ServiceBase
from league_manager.services.changes import Changes, Outcome
from league_manager.services.match_day.corrections import correct_result
from league_manager.services.match_day.result import parse_result
from league_manager.services.match_day.store import lock_fixture_teams, require_match_day

Pick = Literal["entered", "disputed"]
"""The commissioner's choice between the two versions of a disputed result."""

CORRECTABLE = ("result_entered", "post_game_applied")


@dataclass(frozen=True)
class SharePlace:
    """This login on a shared league: its name, its kind of member, and whether it manages logins.

    ``kind`` is ``owner`` for the login that shared the league (no member: every right the
    server grants it), else ``commissioner``, ``coach`` or ``viewer``.
    """

    login: str
    kind: str
    team: str | None
    manage_refusal: str | None
    """Why this login may not add or remove logins (None: it may)."""

    @property
    def runs_league(self) -> bool:
        """The owner or a commissioner: the one who looks after the league's logins."""
        return self.kind in ("owner", "commissioner")


@dataclass(frozen=True)
class ResultClaim:
    """A shared fixture's result: who entered it, whether it counts, and what this login may do."""

    fixture_id: int
    status: str
    """``pending`` (awaits the other coach), ``confirmed`` or ``disputed``."""
    entered_by: str
    confirmed_by: str | None
    disputed_by: str | None
    disputed_version: dict[str, Any] | None
    """The disputing coach's result document (the entered one is the match day's result)."""
    may_confirm: bool
    may_dispute: bool
    may_resolve: bool


class SharedLeagueService(ServiceBase):
    """The shared league's logins and result confirmations (SQLite files have neither)."""

    def place(self) -> SharePlace | None:
        """Who this login is on the shared league's server; None for a league file."""
        if self.engine.dialect.name != "postgresql":
            return None
        with self.engine.connect() as conn:
            login = str(conn.execute(text("SELECT current_user")).scalar())
            found = share_guard.my_place(conn)
            refusal = share_roles.login_manager_refusal(conn)
        kind, team = found if found is not None else ("owner", None)
        return SharePlace(login, kind, team, refusal)

    def members(self) -> list[Member]:
        """Everyone with a login on the shared league, commissioners first."""
        return sharing.list_members(self.engine)

    def add_member(
        self, league: str, login: str, kind: str, *, team: str | None = None, password: str | None = None
    ) -> Member:
        """Give ``login`` a login on the league as ``kind`` (a coach of ``team``).

        ``password`` None: the server authenticates otherwise (certificates, peer).

        Raises:
            NotFound: no such league or team.
            ShareRoleError: the login is a member already, or the server refused.
        """
        return sharing.add_member(self.engine, league, login.strip(), kind, team=team, password=password)

    def remove_member(self, login: str) -> Member:
        """Take ``login``'s login away (its server role is dropped).

        Raises:
            ShareRoleError: no such member, or the server refused.
        """
        return sharing.remove_member(self.engine, login)

    def claim(self, fixture: int) -> ResultClaim | None:
        """The confirmation state of the fixture's entered result; None without one (or on a file)."""
        if self.engine.dialect.name != "postgresql":
            return None
        with self.engine.connect() as conn:
            rows = share_steps.claims(conn, fixture)
            if not rows:
                return None
            me = str(conn.execute(text("SELECT current_user")).scalar())
            where = conn.execute(
                text("SELECT league_share.fixture_place(:f, current_user)"), {"f": fixture}
            ).scalar()
        row = rows[0]
        status, entered_by = str(row["status"]), str(row["entered_by"])
        other_coach = where == "coach" and entered_by != me
        return ResultClaim(
            fixture_id=fixture,
            status=status,
            entered_by=entered_by,
            confirmed_by=row["confirmed_by"],
            disputed_by=row["disputed_by"],
            disputed_version=row["disputed_version"],
            may_confirm=(other_coach and status == "pending")
            or (where == "commissioner" and status != "confirmed"),
            may_dispute=other_coach and status == "pending",
            may_resolve=where == "commissioner" and status == "disputed",
        )

    def confirm(self, fixture: int) -> Outcome[ResultClaim | None]:
        """Confirm the result the other coach entered (the commissioner: any result).

        Raises:
            NotAllowed: the server refused (your own result, not your fixture, disputed...).
        """
        with self.transaction() as session:
            share_steps.confirm(session.connection(), fixture)
        return self._outcome(fixture, "result confirmed")

    def dispute(self, fixture: int, version: Mapping[str, Any]) -> Outcome[ResultClaim | None]:
        """Dispute the result the other coach entered with ``version``; both wait for the commissioner.

        ``version`` is a result document, checked like any result before it is kept.

        Raises:
            RuleViolation: the version is not a valid result of this match.
            NotAllowed: the server refused (not the other coach, already confirmed...).
        """
        with self.transaction() as session:
            day = require_match_day(fixture, CORRECTABLE, "dispute the result", session=session)
            parse_result(version, day)
            share_steps.dispute(session.connection(), fixture, dict(version))
        return self._outcome(fixture, "result disputed")

    def resolve(self, fixture: int, pick: Pick | str, reason: str = "") -> Outcome[ResultClaim | None]:
        """The commissioner settles a disputed result: one version counts, in one transaction.

        ``entered``: the result stands and is confirmed. ``disputed``: the disputing coach's
        version replaces it (a correction with ``reason``; its post-game is redone if one
        was applied), then it is confirmed.

        Raises:
            NotAllowed: not disputed, or this login is not the league's commissioner.
            RuleViolations: the correction conflicts with what was done since.
        """
        if pick not in ("entered", "disputed"):
            raise RuleViolation("pick", f"pick 'entered' or 'disputed', not {pick!r}")
        with self.transaction() as session:
            conn = session.connection()
            rows = share_steps.claims(conn, fixture)
            if not rows or rows[0]["status"] != "disputed":
                raise NotAllowed(f"the result of fixture {fixture} is not disputed. Nothing was changed.")
            if pick == "disputed":
                lock_fixture_teams(fixture, session=session, step="correct")
                day = require_match_day(fixture, CORRECTABLE, "settle the dispute", session=session)
                why = reason.strip() or f"dispute settled: {rows[0]['disputed_by']}'s version counts"
                correct_result(day, parse_result(rows[0]["disputed_version"], day), why, session=session)
            share_steps.confirm(conn, fixture)
        who = rows[0]["disputed_by"] if pick == "disputed" else rows[0]["entered_by"]
        return self._outcome(fixture, f"dispute settled: {who}'s version counts")

    def _outcome(self, fixture: int, what: str) -> Outcome[ResultClaim | None]:
        changes = Changes(fixtures=frozenset({fixture}), description=f"fixture {fixture}: {what}")
        return Outcome(self.claim(fixture), changes)
