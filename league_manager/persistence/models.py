"""SQLModel tables: leagues, coaches, teams, players, staff and the ledgers.

Balances (treasury, SPP, dedicated fans) are never stored as totals: they are sums
over the ledger tables. No ``from __future__ import annotations`` here: SQLModel
reads the annotations at class creation.
"""

from datetime import UTC, datetime

from sqlalchemy import Index, MetaData, UniqueConstraint, text
from sqlmodel import Field, SQLModel

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}
SQLModel.metadata = MetaData(naming_convention=NAMING_CONVENTION)


def utcnow() -> datetime:
    """The current time, timezone-aware in UTC."""
    return datetime.now(UTC)


class League(SQLModel, table=True):
    """A league: its pinned ruleset and its house-rule settings (JSON)."""

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(index=True, unique=True)
    ruleset_id: str
    ruleset_version: str
    settings_json: str = "{}"
    created_at: datetime = Field(default_factory=utcnow)


class Coach(SQLModel, table=True):
    """A person who runs one or more teams."""

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(index=True, unique=True)
    created_at: datetime = Field(default_factory=utcnow)


class Team(SQLModel, table=True):
    """A team in a league. Treasury and dedicated fans live in their ledgers."""

    __table_args__ = (UniqueConstraint("league_id", "name", name="uq_team_league_name"),)

    id: int | None = Field(default=None, primary_key=True)
    league_id: int = Field(foreign_key="league.id", index=True)
    coach_id: int = Field(foreign_key="coach.id", index=True)
    name: str
    race: str
    ruleset_id: str = "bb2020"  # the edition its roster is drafted under (the league's at creation)
    special_rule_choice: str | None = None
    rerolls: int = 0
    first_match_played: bool = False
    retired: bool = False
    created_at: datetime = Field(default_factory=utcnow)


class Staff(SQLModel, table=True):
    """Sideline staff of a team: one row per role with its count."""

    __table_args__ = (UniqueConstraint("team_id", "role", name="uq_staff_team_role"),)

    id: int | None = Field(default=None, primary_key=True)
    team_id: int = Field(foreign_key="team.id", index=True)
    role: str  # assistant_coach, cheerleader, apothecary
    quantity: int = 0


class Player(SQLModel, table=True):
    """A player on a team's draft list (and, once gone, in its history).

    ``status`` is derived from the status ledger and cached here for queries;
    :func:`league_manager.persistence.repositories.rebuild_player_status` proves it.
    Two active players of one team never share a shirt number (a partial unique index).
    """

    __table_args__ = (
        Index(
            "uq_player_team_number_active",
            "team_id",
            "number",
            unique=True,
            sqlite_where=text("status = 'active'"),
            postgresql_where=text("status = 'active'"),
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    team_id: int = Field(foreign_key="team.id", index=True)
    number: int
    name: str
    position: str
    cost: int
    status: str = "active"  # active, dead, retired, fired, left
    journeyman: bool = False
    hired_at: datetime = Field(default_factory=utcnow)


STAFF_GIFT = "staff"
"""``Advancement.kind`` of a skill kept from an (In)famous Coaching Staff member's work (no SPP
spent): it adds to the player's skills and value, but is not an advancement for the SPP cost
of the next one or the player's level (``paid_advancements``)."""

CAPTAIN = "captain"
"""``Advancement.kind`` marking a Season 3 Team Captain (named by the coach, no SPP): its
``skill`` is the free Pro (None when the player had Pro already). It adds no value and is
not an advancement (reference bb2025 advancement.yaml ``team_captain``)."""
GETTING_EVEN = "getting_even"
"""``Advancement.kind`` of a Hatred (X) gained by Season 3's Getting Even after a Casualty:
no SPP, no value, not an advancement (reference bb2025 advancement.yaml ``getting_even``)."""
FREE_KINDS = frozenset({STAFF_GIFT, CAPTAIN, GETTING_EVEN})
"""``Advancement.kind`` values not bought with SPP."""


class Advancement(SQLModel, table=True):
    """A skill or characteristic gained with SPP (or kept from a coaching staff's work)."""

    id: int | None = Field(default=None, primary_key=True)
    player_id: int = Field(foreign_key="player.id", index=True)
    kind: str  # random_primary, chosen_primary, random_secondary, chosen_secondary, characteristic
    skill: str | None = None
    characteristic: str | None = None
    spp_cost: int
    value_increase: int
    fixture_id: int | None = None
    created_at: datetime = Field(default_factory=utcnow)


class TreasuryEntry(SQLModel, table=True):
    """One change to a team's treasury (gold pieces, signed)."""

    id: int | None = Field(default=None, primary_key=True)
    team_id: int = Field(foreign_key="team.id", index=True)
    amount: int
    reason: str
    source: str  # draft, purchase, sale, match, correction, prize
    fixture_id: int | None = None
    created_at: datetime = Field(default_factory=utcnow)


class SppEntry(SQLModel, table=True):
    """One change to a player's star player points (earned or spent)."""

    id: int | None = Field(default=None, primary_key=True)
    player_id: int = Field(foreign_key="player.id", index=True)
    amount: int
    reason: str
    source: str  # match, advancement, correction
    fixture_id: int | None = None
    created_at: datetime = Field(default_factory=utcnow)


class PlayerStatusEntry(SQLModel, table=True):
    """One change to a player's status: injuries, recovery, death, retirement, firing.

    ``kind`` is hired, mng, recovered, niggling, characteristic, dead, retired,
    fired or left; ``characteristic``/``delta`` describe a characteristic change.
    """

    id: int | None = Field(default=None, primary_key=True)
    player_id: int = Field(foreign_key="player.id", index=True)
    kind: str
    characteristic: str | None = None
    delta: int = 0
    reason: str
    source: str
    fixture_id: int | None = None
    created_at: datetime = Field(default_factory=utcnow)


class DedicatedFansEntry(SQLModel, table=True):
    """One change to a team's dedicated fans."""

    id: int | None = Field(default=None, primary_key=True)
    team_id: int = Field(foreign_key="team.id", index=True)
    delta: int
    reason: str
    source: str
    fixture_id: int | None = None
    created_at: datetime = Field(default_factory=utcnow)


def paid_advancements(advancements: list[Advancement]) -> list[Advancement]:
    """The advancements bought with SPP (they set the next one's cost and the level)."""
    return [a for a in advancements if a.kind not in FREE_KINDS]
