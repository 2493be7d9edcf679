"""SQLModel table of claims: a coach of a remote match whose opponent stayed away asks the
commissioner for the result.

One :class:`MatchClaim` row per claim; the commissioner resolves it by awarding the match to
the claimant (the absent side concedes) or by ordering a replay (the board match is
abandoned and the fixture goes back to its pre-game). No ``from __future__ import
annotations`` here: SQLModel reads the annotations at class creation.
"""

from datetime import datetime

from sqlmodel import Field, SQLModel

from league_manager.persistence.models import utcnow

CLAIM_STATES = ("open", "awarded", "replay")


class MatchClaim(SQLModel, table=True):
    """A claim for a remote match the other coach left.

    ``claimant`` and ``absent`` are "home"/"away"; ``action_count`` is how many actions the
    saved match had when the claim was made; ``state`` is one of :data:`CLAIM_STATES`.
    """

    id: int | None = Field(default=None, primary_key=True)
    fixture_id: int = Field(foreign_key="fixture.id", index=True)
    claimant: str
    absent: str
    action_count: int = 0
    waited_seconds: int = 0
    note: str = ""
    state: str = "open"
    resolution: str = ""
    created_at: datetime = Field(default_factory=utcnow)
    resolved_at: datetime | None = None
