"""The shape of a result document, checked strictly with pydantic before any rule is read.

Every result document (a JSON file, the tabletop grid, the engine's own result, a
correction) passes through :func:`read_document` first: strict types (``"played": "no"``
or ``"td": "1"`` are refused, never coerced), no unknown keys, and every count within
what one match can produce. The cross-checks between figures (scores against
touchdowns, the MVP's team) follow in :mod:`.result`.

Bounds, and why:

* A team has 8 turns a half and 8 more in extra time: 24 team turns, 48 for both teams.
  Every touchdown ends a drive and every drive takes at least one team turn, so a
  team's score and a player's touchdowns are at most 48 (``MAX_TURNS``).
* A completion needs a pass (one Pass action a team turn, or a Dump-off in the other
  team's turn), a deflection or an interception an opponent's pass: at most 48 each.
* Casualties have no tight bound (Multiple Block, Frenzy, a Ball & Chain, Bombs, and
  Regeneration bringing the victims back); 99 a player is far beyond any match played,
  and far below anything that breaks a ledger (``MAX_CASUALTIES``).
* Bonus SPP come from prayers (Perfect Passing, Necessary Violence): at most one a
  completion or casualty, so 48 + 99 (``MAX_BONUS_SPP``).
* At most 64 player rows (two full rosters with journeymen, mercenaries and stars),
  ids of 64 characters, 32 inducement entries of 99 uses each.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from league_manager.core.errors import RuleViolation, RuleViolations
from league_manager.match.result import MatchResult, TeamResult

MAX_TURNS = 48
MAX_CASUALTIES = 99
MAX_BONUS_SPP = MAX_TURNS + MAX_CASUALTIES
MAX_PLAYER_ROWS = 64
MAX_INDUCEMENT_USES = 99
MAX_TEXT = 64

Text = Annotated[str, StringConstraints(max_length=MAX_TEXT)]
PlayerId = Annotated[str, StringConstraints(min_length=1, max_length=MAX_TEXT)] | Annotated[int, Field(ge=0)]
Plays = Annotated[int, Field(ge=0, le=MAX_TURNS)]
Hurts = Annotated[int, Field(ge=0, le=MAX_CASUALTIES)]
Side = Literal[0, 1, "home", "away"]

_STRICT = ConfigDict(strict=True, extra="forbid", frozen=True)


class PlayerRow(BaseModel):
    """One player's line of a result document (left-out fields: played, did nothing)."""

    model_config = _STRICT

    id: PlayerId
    team: Literal[0, 1] | None = None
    played: bool = True
    td: Plays = 0
    comp: Plays = 0
    defl: Plays = 0
    intc: Plays = 0
    cas: Hurts = 0
    cas_other: Hurts = 0
    kills: Hurts = 0
    bonus_spp: Annotated[int, Field(ge=0, le=MAX_BONUS_SPP)] = 0
    injury: Text | None = None
    lasting: Text | None = None
    apothecary: bool = False
    sent_off: bool = False
    infected: bool = False
    quits: bool = False
    staff: Annotated[
        list[Annotated[list[Text], Field(min_length=2, max_length=2, strict=False)]],
        Field(max_length=8, strict=False),
    ] = []
    """(staff, skill) pairs of the pre-game coaching staff's picks (the engine writes them)."""
    injured_by: PlayerId | None = None
    """The opposing player who caused the casualty (Season 3's Getting Even)."""


class TeamRow(BaseModel):
    """One team's side: the score and, optionally, totals to check and the MVP."""

    model_config = _STRICT

    score: Annotated[int, Field(ge=0, le=MAX_TURNS)]
    casualties_inflicted: Annotated[int, Field(ge=0)] | None = None
    casualties_suffered: Annotated[int, Field(ge=0)] | None = None
    mvp: PlayerId | None = None
    mvp_candidates: Annotated[list[PlayerId], Field(max_length=MAX_PLAYER_ROWS)] | None = None
    inducements_used: (
        Annotated[dict[Text, Annotated[int, Field(ge=0, le=MAX_INDUCEMENT_USES)]], Field(max_length=32)]
        | None
    ) = None
    # team turns in which a player of the team stalled (the engine counts them; Season 3 winnings)
    stalled: Annotated[int, Field(ge=0, le=MAX_TURNS)] | None = None
    # written by MatchResult.to_dict; the snapshots' own values are used instead
    name: Text | None = None
    race: Text | None = None
    # the Fan Factor at the end of the match: at most the snapshot's (Jorm the Ogre lowers it)
    fan_factor: Annotated[int, Field(ge=0, le=MAX_TURNS)] | None = None


class ResultDocument(BaseModel):
    """A whole result document (docs/match-result.md)."""

    model_config = _STRICT

    home: TeamRow
    away: TeamRow
    conceded: Side | None = None
    players: Annotated[list[PlayerRow], Field(max_length=MAX_PLAYER_ROWS)] = []
    weather: Text | None = None
    sudden_death: Side | None = None
    penalty_free: bool = False


def side_index(value: int | str | None) -> int | None:
    """0/1 for a side given as an index or as ``home``/``away``."""
    if value is None:
        return None
    return ("home", "away").index(value) if isinstance(value, str) else value


def read_document(data: Any) -> ResultDocument:
    """Check a result document's shape, types and bounds.

    Raises:
        RuleViolations: one ``result`` violation per problem, naming where it is.
    """
    if not isinstance(data, dict):
        raise RuleViolations([RuleViolation("result", "the result document must be a JSON object")])
    try:
        return ResultDocument.model_validate(data)
    except ValidationError as exc:
        raise RuleViolations([_violation(error, data) for error in exc.errors()[:20]]) from None


def read_result(result: MatchResult) -> ResultDocument:
    """The checked document of a typed result (the engine's or the board's), built from its
    attributes rather than through a JSON detour, under the same types and bounds.

    Raises:
        RuleViolations: one ``result`` violation per problem, naming where it is.
    """
    try:
        return ResultDocument(
            home=_team_row(result.home),
            away=_team_row(result.away),
            conceded=_team_index(result.conceded, "conceded"),
            players=[PlayerRow.model_validate(p, from_attributes=True) for p in result.players],
            weather=result.weather or None,
            sudden_death=_team_index(result.sudden_death, "sudden_death"),
            penalty_free=result.penalty_free,
        )
    except ValidationError as exc:
        raise RuleViolations([_violation(error, {}) for error in exc.errors()[:20]]) from None


def _team_index(value: int | None, what: str) -> Literal[0, 1] | None:
    if value is None:
        return None
    if value in (0, 1):
        return 0 if value == 0 else 1
    raise RuleViolations([RuleViolation("result", f"{what} must be 0, 1 or null, not {value!r}")])


def _team_row(team: TeamResult) -> TeamRow:
    return TeamRow(
        score=team.score,
        casualties_inflicted=team.casualties_inflicted,
        casualties_suffered=team.casualties_suffered,
        mvp=team.mvp,
        mvp_candidates=list(team.mvp_candidates),
        inducements_used=dict(team.inducements_used),
        stalled=team.stalled,
        name=team.name,
        race=team.race,
        fan_factor=team.fan_factor,
    )


def _violation(error: Any, data: dict[str, Any]) -> RuleViolation:
    loc = tuple(error["loc"])
    where = _where(loc, data)
    value = error.get("input")
    shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
    kind = str(error["type"])
    ctx = error.get("ctx") or {}
    if kind in {"int_type", "greater_than_equal", "less_than_equal", "int_parsing"}:
        top = ctx.get("le")
        span = f"from 0 to {top}" if top is not None else "of 0 or more"
        return RuleViolation("result", f"{where} must be a whole number {span}, not {shown}")
    if kind == "bool_type":
        return RuleViolation("result", f"{where} must be true or false, not {shown}")
    if kind == "extra_forbidden":
        return RuleViolation("result", f"{where} is not a field of a result document")
    if kind == "too_long":
        return RuleViolation("result", f"{where} is too long (at most {ctx.get('max_length')})")
    if kind == "string_too_long":
        return RuleViolation("result", f"{where} is longer than {ctx.get('max_length')} characters")
    return RuleViolation("result", f"{where}: {error['msg'].lower()}, not {shown}")


def _where(loc: tuple[Any, ...], data: dict[str, Any]) -> str:
    """``player 12 td`` for a player's field, ``home score`` for a team's, else the path."""
    parts = [p for p in loc if p not in {"int", "str", "literal[0,1]", "literal['home','away']"}]
    if len(parts) >= 2 and parts[0] == "players" and isinstance(parts[1], int):
        rows = data.get("players")
        row = rows[parts[1]] if isinstance(rows, list) and parts[1] < len(rows) else None
        pid = row.get("id") if isinstance(row, dict) else None
        name = (
            f"player {pid}" if isinstance(pid, str | int) and len(str(pid)) <= MAX_TEXT else f"row {parts[1]}"
        )
        return " ".join([name, *(str(p) for p in parts[2:])])
    return " ".join(str(p) for p in parts) or "the document"
