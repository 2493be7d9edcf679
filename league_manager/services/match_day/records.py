"""The match-day record's typed shape: the pre-game and post-game records, frozen.

The store (:mod:`league_manager.services.match_day.store`) is the only place that turns
them into JSON and back; everything else reads their attributes. Keys of stored records
written by older versions that are no longer part of the shape are ignored on reading.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field

Side = Literal["home", "away"]
SIDES: tuple[Side, Side] = ("home", "away")


class _Record(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore")

    def to_dict(self) -> dict[str, Any]:
        """Plain data (the stored JSON document, and ``--json`` output)."""
        return self.model_dump(mode="json", exclude_unset=True)

    @classmethod
    def built(cls, data: Mapping[str, Any]) -> Self:
        """The record of the plain data a match-day step assembled, which it must hold exactly.

        Raises:
            ValueError: the data has a field the shape lacks, or a value it would change
                (a programming error: the step and this shape disagree).
        """
        record = cls.model_validate(data)
        if record.to_dict() != json.loads(json.dumps(data)):
            raise ValueError(f"{cls.__name__} does not hold the data built for it: {dict(data)!r}")
        return record


class RolledDie(_Record):
    """One die the program rolled or a coach typed in."""

    die: str
    """"D6", "D3", "D8"..."""
    result: int
    label: str
    source: str
    """"program" or "typed"."""


class Journeyman(_Record):
    """A journeyman (or Riotous Rookie) who joined for the match."""

    id: str
    name: str
    number: int
    position: str
    value: int


class Rookies(_Record):
    """Riotous Rookies: the 2D3 rolled and the players who joined."""

    dice: tuple[int, ...]
    players: tuple[Journeyman, ...]


class InducementLine(_Record):
    """One kind of inducement bought."""

    name: str
    kind: str
    quantity: int
    unit_cost: int
    cost: int


class Spending(_Record):
    """How a side paid for its inducements (petty cash, treasury) and what it bought."""

    procedure: str
    role: str | None = None
    petty_cash: int = 0
    spent: int = 0
    paid_from_petty_cash: int = 0
    paid_from_treasury: int = 0
    petty_cash_lost: int = 0
    lines: tuple[InducementLine, ...] = ()
    treasury_entries: tuple[int, ...] = ()
    """Ids of the treasury rows that paid (a cancelled pre-game refunds them)."""


class PregameSide(_Record):
    """One team's pre-game: fans, journeymen, inducements, values."""

    team_id: int
    name: str
    dedicated_fans: int
    fans_roll: int
    fan_factor: int
    treasury_before: int
    players_available: int = 0
    journeymen: tuple[Journeyman, ...] = ()
    ctv: int = 0
    riotous_rookies: Rookies | None = None
    inducements: Spending | None = None
    ctv_after_inducements: int = 0
    nurglings: int = 0
    """Cavorting Nurglings bought (already added to ``fan_factor``; one cheerleader each)."""


class Weather(_Record):
    """The weather roll (2D6) and its table row."""

    dice: tuple[int, ...]
    result: str
    effect: str = ""


class Prayer(_Record):
    """One Prayer to Nuffle rolled for the underdog."""

    roll: int
    name: str
    lasts: str = ""


class Prayers(_Record):
    """Who prays (None when the values are equal), the value gap and the prayers rolled;
    ``bought``: each Season 3 team's prayers bought as an inducement, rolled at the pre-game."""

    team: Side | None = None
    gap: int = 0
    results: tuple[Prayer, ...] = ()
    bought: dict[Side, tuple[Prayer, ...]] = Field(default_factory=dict)

    def rolled(self) -> list[tuple[Side, Prayer]]:
        """Every prayer of the pre-game with the side it is for: the underdog's, then the
        bought ones, home first."""
        underdog = [(self.team, p) for p in self.results] if self.team else []
        return underdog + [(side, p) for side in SIDES for p in self.bought.get(side, ())]


class KickOff(_Record):
    """The coin toss and the kicking team."""

    toss_roll: int
    toss_winner: Side
    kicking: Side


class EngineRun(_Record):
    """How the match engine played the fixture (seed, bot, decisions, skills it did not play)."""

    seed: int
    bot: str
    decisions: int
    inert_skills: tuple[str, ...] = ()
    actions: tuple[tuple[Any, ...], ...] = ()
    """The bots' decisions in order (``Action.to_list()``): with the seed, the whole match."""
    final_state: str | None = None
    """Fingerprint of the state at the final whistle (``match.replay.state_digest``)."""


class PregameRecord(_Record):
    """Pre-game steps 1-7 as they happened, with the program's seed and every die."""

    teams: dict[Side, PregameSide] = Field(default_factory=dict)
    weather: Weather | None = None
    prayers: Prayers = Field(default_factory=Prayers)
    kick_off: KickOff | None = None
    seed: int | None = None
    rolls: tuple[RolledDie, ...] = ()
    engine: EngineRun | None = None

    def side(self, side: Side) -> PregameSide:
        """One side's record."""
        return self.teams[side]

    def sides(self) -> list[tuple[Side, PregameSide]]:
        """The sides' records, home first (stored JSON keeps its keys sorted)."""
        return [(s, self.teams[s]) for s in SIDES if s in self.teams]

    def team_ids(self) -> frozenset[int]:
        """The database ids of both teams."""
        return frozenset(t.team_id for t in self.teams.values())


class PostgameSide(_Record):
    """One team's post-game: outcome, winnings, fans, MVP, expensive mistakes."""

    outcome: str
    attendance: int
    winnings: int
    fans_roll: int | None = None
    fans_change: int = 0
    mvp: str | None = None
    mvp_chosen: str = "random"
    mvp_nominees: tuple[str, ...] = ()
    """Season 3: the players the MVP die was rolled among (empty: every eligible player)."""
    spp_lost: int = 0
    """Season 3: SPP the team's players earned in the game and lost by conceding."""
    expensive_mistake: str = ""
    mistake_loss: int = 0
    mistake_rolls: tuple[int, ...] = ()


class SppAward(_Record):
    """SPP a player earned in the match, line by line."""

    id: str
    spp: int
    lines: tuple[tuple[str, int], ...] = ()
    bonus: int = 0


class InjuryRow(_Record):
    """An injury the post-game wrote to a player's status ledger."""

    player_id: int
    injury: str
    lasting: str | None = None


class Hired(_Record):
    """A journeyman hired permanently after the match."""

    journeyman: str
    player_id: int
    team: Side
    cost: int


class StaffRoll(_Record):
    """A post-game D6 for a player a coaching staff member picked at the pre-game."""

    player_id: int
    staff: str
    skill: str
    roll: int
    outcome: str


class GettingEven(_Record):
    """Season 3's Getting Even: a player hurt by an opponent rolled for Hatred of them."""

    player_id: int
    injured_by: str
    roll: int
    hatred: str
    gained: bool


class PostgameOptions(_Record):
    """What the coaches chose for the post-game (kept so a correction applies the same)."""

    mvp: tuple[str, ...] = ()
    hire: tuple[str, ...] = ()


class LedgerIds(_Record):
    """The ids of the ledger rows the post-game wrote (a correction reverses exactly these)."""

    treasury: tuple[int, ...] = ()
    spp: tuple[int, ...] = ()
    fans: tuple[int, ...] = ()
    status: tuple[int, ...] = ()
    advancements: tuple[int, ...] = ()
    """Skills kept from a coaching staff's work (removed, not reversed, by a correction)."""


class PostgameRecord(_Record):
    """Post-game steps 1-6 as they happened, with the ledger rows they wrote."""

    teams: dict[Side, PostgameSide]
    players: tuple[SppAward, ...] = ()
    injuries: tuple[InjuryRow, ...] = ()
    hired: tuple[Hired, ...] = ()
    staff: tuple[StaffRoll, ...] = ()
    getting_even: tuple[GettingEven, ...] = ()
    recovered: tuple[int, ...] = ()
    quit: tuple[int, ...] = ()
    inducements_used: dict[Side, dict[str, int]] = Field(default_factory=dict)
    options: PostgameOptions = Field(default_factory=PostgameOptions)
    seed: int | None = None
    rolls: tuple[RolledDie, ...] = ()
    ledger: LedgerIds = Field(default_factory=LedgerIds)

    def side(self, side: Side) -> PostgameSide:
        """One side's record."""
        return self.teams[side]

    def sides(self) -> list[tuple[Side, PostgameSide]]:
        """The sides' records, home first (stored JSON keeps its keys sorted)."""
        return [(s, self.teams[s]) for s in SIDES if s in self.teams]

    def typed_dice(self) -> list[int]:
        """The dice a coach typed in, in the order they were used."""
        return [r.result for r in self.rolls if r.source == "typed"]
