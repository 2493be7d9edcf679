"""Read models of seasons: fixtures, rounds, schedule previews, standings and leader boards.

Frozen dataclasses with ``to_dict()``; the CLI prints them, the GUI season page and
the standings PDF are built on them without touching the database.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from league_manager.rules.standings import ScoreDifferences


@dataclass(frozen=True)
class SeasonTeamView:
    """A team's membership of a season."""

    team_id: int
    name: str
    race: str
    coach: str
    division: str | None
    withdrawn: bool = False
    withdrawal_reason: str | None = None
    withdrawn_at: datetime | None = None
    fixtures: int = 0
    """How many fixtures (byes included) the team has in the season."""

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json`` output."""
        return {
            "id": self.team_id,
            "name": self.name,
            "race": self.race,
            "coach": self.coach,
            "division": self.division,
            "withdrawn": self.withdrawn,
            "withdrawal_reason": self.withdrawal_reason,
            "withdrawn_at": self.withdrawn_at.isoformat() if self.withdrawn_at else None,
            "fixtures": self.fixtures,
        }


@dataclass(frozen=True)
class EntryCandidate:
    """A team of the league that may be entered into a season (not retired, not in it yet)."""

    team_id: int
    name: str
    race: str
    coach: str


@dataclass(frozen=True)
class SeasonView:
    """A season: its league, divisions, teams and progress."""

    id: int
    name: str
    league: str
    league_id: int
    format: str | None
    status: str
    seed: int
    divisions: tuple[str, ...]
    teams: tuple[SeasonTeamView, ...]
    rounds: int
    fixtures: int
    decided: int
    ruleset: str = "bb2020"
    """The edition the season is played under (kept when the league moves on)."""
    ruleset_version: str = ""

    @property
    def active_teams(self) -> tuple[SeasonTeamView, ...]:
        """Teams that have not withdrawn."""
        return tuple(t for t in self.teams if not t.withdrawn)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json`` output."""
        return {
            "id": self.id,
            "name": self.name,
            "league": self.league,
            "format": self.format,
            "status": self.status,
            "seed": self.seed,
            "ruleset": self.ruleset,
            "ruleset_version": self.ruleset_version,
            "divisions": list(self.divisions),
            "teams": [t.to_dict() for t in self.teams],
            "rounds": self.rounds,
            "fixtures": self.fixtures,
            "decided": self.decided,
        }


@dataclass(frozen=True)
class ResultView:
    """A fixture's result. Scores are None for forfeits, byes and administrative results.

    Attributes:
        outcome: score, concession, forfeit, bye or administrative.
        home_verdict, away_verdict: ``W``, ``D``, ``L``, ``B`` (bye) or "".
        winner: the winning team's name (None for a draw or a double loss).
        decided_by: the team that conceded or forfeited.
    """

    outcome: str
    home_td: int | None
    away_td: int | None
    home_cas: int | None
    away_cas: int | None
    home_verdict: str
    away_verdict: str
    winner: str | None = None
    winner_id: int | None = None
    decided_by: str | None = None
    note: str = ""

    @property
    def score(self) -> str:
        """``"2-1"``, or the outcome when there is no score ("forfeit")."""
        if self.home_td is None or self.away_td is None:
            return self.outcome
        return f"{self.home_td}-{self.away_td}"

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json`` output."""
        return {
            "outcome": self.outcome,
            "home_td": self.home_td,
            "away_td": self.away_td,
            "home_cas": self.home_cas,
            "away_cas": self.away_cas,
            "home_verdict": self.home_verdict,
            "away_verdict": self.away_verdict,
            "winner": self.winner,
            "decided_by": self.decided_by,
            "note": self.note,
        }


SCORE_ONLY = "score only — post-game not done"
"""How a fixture whose score was typed without a match day is marked."""


@dataclass(frozen=True)
class FixtureView:
    """One fixture. ``id`` is None in a schedule preview (nothing is stored yet).

    ``home``/``away`` are None for a bye's missing side or a play-off side still to
    be decided (``to_be_decided`` tells which). ``score_only`` is True for a score or
    concession typed on the season page: no match day ran, so no winnings, SPP or
    fans were paid out (``post_game_pending`` says it in words).
    """

    id: int | None
    round: int
    round_name: str
    stage: str
    division: str | None
    home: str | None
    away: str | None
    home_id: int | None
    away_id: int | None
    status: str
    result: ResultView | None = None
    scheduled_for: datetime | None = None
    slot: int | None = None
    third_place: bool = False
    note: str = ""
    score_only: bool = False
    classic: bool = False

    @property
    def post_game_pending(self) -> str:
        """``"score only — post-game not done"`` for a bare score (a classic fixture: its
        post-match not run after its pre-match), else ``""``."""
        if not self.score_only:
            return ""
        return "post-match not done" if self.classic else SCORE_ONLY

    @property
    def is_bye(self) -> bool:
        """True when the home team sits the round out."""
        return self.status == "bye" and self.away_id is None

    @property
    def to_be_decided(self) -> bool:
        """True for a play-off fixture whose teams are not all known yet."""
        return not self.is_bye and (self.home_id is None or self.away_id is None)

    @property
    def decided(self) -> bool:
        """True once the fixture has a result or is void."""
        return self.result is not None or self.status == "void"

    def label(self) -> str:
        """``"Orcs v Elves"``, ``"Orcs (bye)"`` or ``"Orcs v to be decided"``."""
        if self.is_bye:
            return f"{self.home} (bye)"
        return f"{self.home or 'to be decided'} v {self.away or 'to be decided'}"

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json`` output."""
        return {
            "id": self.id,
            "round": self.round,
            "round_name": self.round_name,
            "stage": self.stage,
            "division": self.division,
            "home": self.home,
            "away": self.away,
            "home_id": self.home_id,
            "away_id": self.away_id,
            "status": self.status,
            "result": self.result.to_dict() if self.result else None,
            "scheduled_for": self.scheduled_for.isoformat() if self.scheduled_for else None,
            "third_place": self.third_place,
            "note": self.note,
            "score_only": self.score_only,
        }


@dataclass(frozen=True)
class RoundView:
    """A round with its fixtures, for the fixtures-by-round page."""

    number: int
    name: str
    stage: str
    fixtures: tuple[FixtureView, ...]

    @property
    def complete(self) -> bool:
        """True when every fixture of the round is decided."""
        return all(f.decided for f in self.fixtures)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json`` output."""
        return {
            "number": self.number,
            "name": self.name,
            "stage": self.stage,
            "fixtures": [f.to_dict() for f in self.fixtures],
        }


@dataclass(frozen=True)
class SchedulePreview:
    """A generated schedule: shown before committing, returned again once committed.

    Attributes:
        committed: False for a preview (fixtures have no ids yet).
        skipped: ``"A v B"`` fixtures left out by a constraint (same coach).
        notes: remarks for the wizard (byes, constraints).
    """

    season: str
    season_id: int
    format: str
    seed: int
    committed: bool
    rounds: tuple[RoundView, ...]
    skipped: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def fixtures(self) -> tuple[FixtureView, ...]:
        """Every fixture of every round."""
        return tuple(f for r in self.rounds for f in r.fixtures)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json`` output."""
        return {
            "season": self.season,
            "season_id": self.season_id,
            "format": self.format,
            "seed": self.seed,
            "committed": self.committed,
            "rounds": [r.to_dict() for r in self.rounds],
            "skipped": list(self.skipped),
            "notes": list(self.notes),
        }


@dataclass(frozen=True)
class StandingRow(ScoreDifferences):
    """One row of a league table, with the tie-breaker explanation shown next to it.

    Attributes:
        tiebreak: why the team stands where it does among the teams level on points
            (empty when none is).
        decided_by: the key of the criterion that placed it (``head_to_head``...).
        form: the last five results, oldest first, e.g. ``"WWDLW"``.
    """

    rank: int
    team_id: int
    team: str
    coach: str
    division: str | None
    played: int
    won: int
    drawn: int
    lost: int
    byes: int
    td_for: int
    td_against: int
    cas_for: int
    cas_against: int
    bonus_points: int
    points: int
    buchholz: int
    form: str
    tiebreak: str = ""
    decided_by: str | None = None
    tied_with: tuple[str, ...] = ()
    withdrawn: bool = False

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json`` output."""
        return {
            "rank": self.rank,
            "team": self.team,
            "team_id": self.team_id,
            "coach": self.coach,
            "division": self.division,
            "played": self.played,
            "won": self.won,
            "drawn": self.drawn,
            "lost": self.lost,
            "byes": self.byes,
            "td_for": self.td_for,
            "td_against": self.td_against,
            "td_diff": self.td_diff,
            "cas_for": self.cas_for,
            "cas_against": self.cas_against,
            "cas_diff": self.cas_diff,
            "bonus_points": self.bonus_points,
            "points": self.points,
            "buchholz": self.buchholz,
            "form": self.form,
            "tiebreak": self.tiebreak,
            "decided_by": self.decided_by,
            "tied_with": list(self.tied_with),
            "withdrawn": self.withdrawn,
        }


@dataclass(frozen=True)
class TableView:
    """One ranked table: the whole season or one division."""

    name: str
    rows: tuple[StandingRow, ...]

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json`` output."""
        return {"name": self.name, "rows": [r.to_dict() for r in self.rows]}


@dataclass(frozen=True)
class StandingsView:
    """The league tables of a season with the rules that produced them.

    Attributes:
        overall: every team of the season.
        divisions: one table per division (empty when the season has none).
        tiebreakers: the labels of the chain applied after points, in order.
        points: points per win/draw/loss/bye and bonus points, as configured.
    """

    season: str
    season_id: int
    overall: TableView
    divisions: tuple[TableView, ...]
    tiebreakers: tuple[str, ...]
    points: dict[str, int]

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json`` output."""
        return {
            "season": self.season,
            "season_id": self.season_id,
            "tiebreakers": list(self.tiebreakers),
            "points": dict(self.points),
            "overall": self.overall.to_dict(),
            "divisions": [d.to_dict() for d in self.divisions],
        }


SCOPES = ("season", "career")
"""The scopes of a leader board."""


@dataclass(frozen=True)
class LeaderEntry:
    """One line of a leader board; equal values share a rank."""

    rank: int
    name: str
    team: str
    team_id: int
    value: int
    player_id: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json`` output."""
        return {
            "rank": self.rank,
            "name": self.name,
            "team": self.team,
            "team_id": self.team_id,
            "player_id": self.player_id,
            "value": self.value,
        }


@dataclass(frozen=True)
class LeaderBoard:
    """The leaders of one category (``td``, ``cas``, ``completions``...)."""

    category: str
    label: str
    entries: tuple[LeaderEntry, ...]

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json`` output."""
        return {
            "category": self.category,
            "label": self.label,
            "entries": [e.to_dict() for e in self.entries],
        }


@dataclass(frozen=True)
class LeadersView:
    """Player and team leader boards of a season."""

    season: str
    season_id: int
    players: tuple[LeaderBoard, ...]
    teams: tuple[LeaderBoard, ...]
    scope: str = "season"
    """``season`` (this season's games) or ``career`` (the league's seasons up to this one)."""
    seasons: tuple[str, ...] = ()
    """The seasons counted, oldest first."""

    @property
    def title(self) -> str:
        """ "Leader boards" or "Career leader boards"."""
        return "Career leader boards" if self.scope == "career" else "Leader boards"

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json`` output."""
        return {
            "season": self.season,
            "season_id": self.season_id,
            "scope": self.scope,
            "seasons": list(self.seasons),
            "players": [b.to_dict() for b in self.players],
            "teams": [b.to_dict() for b in self.teams],
        }


@dataclass(frozen=True)
class PlayerStatLine:
    """One player's figures in one fixture, as the match-day flow records them."""

    player_id: int
    td: int = 0
    cas: int = 0
    completions: int = 0
    interceptions: int = 0
    deflections: int = 0
    mvp: int = 0
    spp: int = 0
    kills: int = 0


@dataclass(frozen=True)
class ResultEntry:
    """What a user types for a result; exactly one kind applies.

    Attributes:
        home_td, away_td: the score (a played or conceded game).
        home_cas, away_cas: casualties caused by each side (default 0).
        forfeit: the team (name or id) that did not play; its opponent wins, no score.
        conceded_by: the team that conceded; its opponent wins, the score stands if given.
        bye: no game: both teams (or the bye's one team) are credited a bye.
        administrative: the commissioner's ruling: ``home``, ``away``, ``draw``,
            ``both-lose`` or the winning team's name; no score.
        winner: for a play-off draw, the team that won overtime or the shoot-out.
    """

    home_td: int | None = None
    away_td: int | None = None
    home_cas: int | None = None
    away_cas: int | None = None
    forfeit: str | int | None = None
    conceded_by: str | int | None = None
    bye: bool = False
    administrative: str | None = None
    winner: str | int | None = None
    note: str = ""


def entry_of(result: ResultView) -> ResultEntry:
    """The entry that records ``result`` again (how Undo puts back an earlier result)."""
    if result.outcome == "bye":
        return ResultEntry(bye=True, note=result.note)
    if result.outcome == "forfeit":
        return ResultEntry(forfeit=result.decided_by, note=result.note)
    if result.outcome == "administrative":
        verdicts = (result.home_verdict, result.away_verdict)
        ruling = {("W", "L"): "home", ("L", "W"): "away", ("D", "D"): "draw"}.get(verdicts, "both-lose")
        return ResultEntry(administrative=ruling, note=result.note)
    level = result.home_td is not None and result.home_td == result.away_td
    return ResultEntry(
        home_td=result.home_td,
        away_td=result.away_td,
        home_cas=result.home_cas,
        away_cas=result.away_cas,
        conceded_by=result.decided_by if result.outcome == "concession" else None,
        winner=result.winner_id if level and result.winner_id is not None else None,
        note=result.note,
    )
