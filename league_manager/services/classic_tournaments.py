"""A classic (LRB 2004) tournament season: naming it a Major or a minor tournament, and its close.

The organiser names the season's tournament (``season classic-tournament``) before its final is
played, so the final's post-match knows a Blood Bowl final (every player of both finalists who
was available counts an MVP). The close (``season classic-close``) pays the prize money into the
treasury (a ``prize`` row per finalist), rolls the Chaos Cup split and the Spike! winner's
permanent fan factor, gives the optional Spike! Player of the Year's team +1 fan factor, and
records the finalists: the winner of a Major then holds its trophy (``classic_trophies``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlmodel import Session, col, select

from league_manager.core.errors import RuleViolation
from league_manager.core.limits import clean_name
from league_manager.core.money import format_gold
from league_manager.persistence import repositories as repo
from league_manager.persistence.classic_models import ClassicPreMatch
from league_manager.persistence.classic_tournament_models import ClassicTournament
from league_manager.persistence.models import Team
from league_manager.persistence.season_models import OPEN_STATUSES, Fixture, FixtureResult, Season
from league_manager.rules.classic_tournaments.prizes import (
    check_minor_prizes,
    major_prize,
    player_of_the_year,
)
from league_manager.rules.classic_tournaments.tables import MAJORS, load_tournaments
from league_manager.services.base import ServiceBase
from league_manager.services.changes import Changes, Outcome
from league_manager.services.classic_trophies import season_tournament
from league_manager.services.match_day.classic_postmatch import knockout_stage
from league_manager.services.match_day.dice import MatchDayDice, roll_dicts
from league_manager.services.season_store import find_season, league_of
from league_manager.services.team_views import build_team_views

PRIZE = "prize"
"""Ledger source of prize money and the prizes' fan factor."""


@dataclass(frozen=True, slots=True)
class TournamentView:
    """A season's tournament: name, kind, a minor's prizes, and once closed its finalists and rolls."""

    season: str
    name: str
    major: bool
    winner_prize: int
    runner_up_prize: int
    winner: str | None
    runner_up: str | None
    closed: bool
    record: dict[str, Any]
    close_blocker: str = ""
    """Why the tournament cannot be closed yet (an open fixture, a post-match to run, no decided
    final); empty when it can, or once closed."""

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json``."""
        return {
            "season": self.season, "name": self.name, "major": self.major,
            "winner_prize": self.winner_prize, "runner_up_prize": self.runner_up_prize,
            "winner": self.winner, "runner_up": self.runner_up, "closed": self.closed, **self.record,
        }  # fmt: skip

    def outcome_lines(self) -> list[str]:
        """A closed tournament in words, a line each: the prizes paid, the Majors' rolls and benefits,
        the trophy's holder (the command line prints them, the season page shows them); none
        before the close."""
        if not self.closed:
            return []
        r = self.record
        lines = [
            f"winner {self.winner}: {format_gold(r['prizes']['winner'])} paid",
            f"runner-up {self.runner_up}: {format_gold(r['prizes']['runner_up'])} paid",
        ]
        split = r.get("chaos_cup_split")
        if split:
            lines.append(f"Chaos Cup split: rolled {split['die']}, modifier {split['modifier']:+d}")
        if r.get("spike_fan_factor"):
            lines.append(f"{self.winner}: fan factor +{r['spike_fan_factor']} for good")
        poty = r.get("player_of_the_year")
        if poty:
            lines.append(
                f"Spike! Player of the Year: {poty['name']} ({poty['team']}, {poty['spp']} SPP): "
                f"{poty['team']} fan factor +1 for good"
            )
        if self.major:
            lines.append(
                f"{self.winner} holds the {self.name} (a Trophy Re-roll once per match) until the next one"
            )
        return lines


def _final(season: Season, *, session: Session) -> tuple[Fixture, FixtureResult | None] | None:
    """The season's drawn final (not the third-place match) and its result, if drawn."""
    rows = session.exec(
        select(Fixture, FixtureResult)
        .join(FixtureResult, col(FixtureResult.fixture_id) == Fixture.id, isouter=True)
        .where(
            Fixture.season_id == season.id, Fixture.stage == "playoff", col(Fixture.third_place).is_(False)
        )
    ).all()
    return next(((f, r) for f, r in rows if knockout_stage(f, session=session) == "final"), None)


def _final_post_match_run(season: Season, *, session: Session) -> bool:
    final = _final(season, session=session)
    if final is None:
        return False
    row = session.exec(select(ClassicPreMatch).where(ClassicPreMatch.fixture_id == final[0].id)).first()
    return row is not None and json.loads(row.record_json).get("post_match") is not None


class ClassicTournamentService(ServiceBase):
    """Naming a classic season's tournament and closing it, one transaction each."""

    def name(
        self, season: str | int, tournament: str, *, minor: bool = False, winner_prize: int = 0,
        runner_up_prize: int = 0,
    ) -> Outcome[TournamentView]:  # fmt: skip
        """Name the season's tournament: one of the four Majors, or a minor one with its prizes.

        Raises:
            NotFound: no such season.
            RuleViolation: not a classic season; not a Major's name (without ``minor``); a
                minor tournament's prizes above the cap, or prizes given for a Major; the
                tournament already closed or its final's post-match already run.
        """
        with self.transaction() as session:
            row = self._classic_season(season, session=session)
            assert row.id is not None
            ruleset = self.ruleset_of(league_of(row, session=session))
            t = load_tournaments(ruleset.id)
            name = clean_name(tournament, "tournament", rule="tournament")
            if minor:
                if name in MAJORS:
                    raise RuleViolation("tournament", f"{name} is a Major tournament, not a minor one")
                check_minor_prizes(winner_prize, runner_up_prize, t)
            else:
                if name not in MAJORS:
                    raise RuleViolation(
                        "tournament",
                        f"{name!r} is not a Major ({', '.join(MAJORS)}); a minor one needs --minor",
                    )
                if winner_prize or runner_up_prize:
                    raise RuleViolation("tournament", f"the {name}'s prize money is the rules', not set here")
            existing = season_tournament(row.id, session=session)
            if existing is not None and existing.closed_at is not None:
                raise RuleViolation("tournament", f"{row.name}'s {existing.name} is closed")
            if _final_post_match_run(row, session=session):
                raise RuleViolation(
                    "tournament",
                    f"{row.name}'s final has had its post-match; the tournament is named before it",
                )
            entry = existing or ClassicTournament(season_id=row.id, league_id=row.league_id, name=name)
            entry.name, entry.major = name, not minor
            entry.winner_prize, entry.runner_up_prize = winner_prize, runner_up_prize
            session.add(entry)
            session.flush()
            view = self._view(row, entry, session=session)
        return Outcome(view, Changes(leagues=frozenset({row.league_id}),
                                     description=f"named {row.name} the {name}"))  # fmt: skip

    def show(self, season: str | int) -> TournamentView:
        """The season's tournament.

        Raises:
            NotFound: no such season.
            RuleViolation: not a classic season, or its tournament not named yet.
        """
        with self.transaction() as session:
            row = self._classic_season(season, session=session)
            return self._view(row, self._named(row, session=session), session=session)

    def close(
        self, season: str | int, *, seed: int | None = None, typed: Sequence[int] = (),
        player_of_the_year: bool = False, all_typed: bool = False,
    ) -> Outcome[TournamentView]:  # fmt: skip
        """Close the season's tournament: pay the finalists, roll the Majors' prizes, record the
        trophy's holder.

        Args:
            season: the season.
            seed: seed of the program's dice (random when None).
            typed: physical dice typed in, in order: the Chaos Cup split D6 or the Spike! fan
                factor D6, then the Player of the Year's tie draw.
            player_of_the_year: hand out the Spike! Player of the Year (Spike! only).
            all_typed: every roll must be typed.

        Raises:
            NotFound: no such season.
            RuleViolation: not a classic season; no tournament named; already closed; a fixture
                still open or a classic post-match still to run; no final decided; typed dice left
                over; Player of the Year outside the Spike!; nothing is written.
        """
        dice = MatchDayDice(seed, typed, all_typed=all_typed)
        with self.transaction() as session:
            row = self._classic_season(season, session=session)
            entry = self._named(row, session=session)
            if entry.closed_at is not None:
                raise RuleViolation("tournament", f"{row.name}'s {entry.name} is already closed")
            if player_of_the_year and entry.name != "Spike! Magazine Trophy":
                raise RuleViolation(
                    "tournament", "the Player of the Year is the Spike! Magazine Trophy's award"
                )
            winner_id, runner_up_id, final_id = self._finalists(row, session=session)
            teams = {t.id: t for t in (session.get(Team, winner_id), session.get(Team, runner_up_id)) if t}
            t = load_tournaments(self.ruleset_of(league_of(row, session=session)).id)
            record: dict[str, Any] = {"final_fixture": final_id}
            if entry.major:
                prize = major_prize(dice, entry.name, teams[winner_id].race, t)
                gold = (prize.winner_gold, prize.runner_up_gold)
                record["chaos_cup_split"] = (
                    {"die": prize.split_die, "modifier": prize.split_modifier}
                    if prize.split_die is not None else None
                )  # fmt: skip
                if prize.fan_factor_die is not None:
                    reason = f"{entry.name} won: +D6 fan factor for good"
                    repo.add_fans(winner_id, prize.fan_factor_die, reason, PRIZE, session=session)
                    record["spike_fan_factor"] = prize.fan_factor_die
            else:
                gold = (entry.winner_prize, entry.runner_up_prize)
            for team_id, amount, place in (
                (winner_id, gold[0], "winner"),
                (runner_up_id, gold[1], "runner-up"),
            ):
                if amount:
                    reason = f"{entry.name} prize money ({place}, {row.name})"
                    repo.add_treasury(team_id, amount, reason, PRIZE, session=session)
            record["prizes"] = {"winner": gold[0], "runner_up": gold[1]}
            if player_of_the_year:
                record["player_of_the_year"] = self._player_of_the_year(row, dice, session=session)
            dice.check_all_used()
            record["dice"] = roll_dicts(dice.log)
            entry.winner_team_id, entry.runner_up_team_id = winner_id, runner_up_id
            entry.record_json = json.dumps(record)
            entry.closed_at = datetime.now(UTC)
            session.add(entry)
            row.status = "finished"
            session.add(row)
            session.flush()
            view = self._view(row, entry, session=session)
        changed = frozenset({winner_id, runner_up_id})
        return Outcome(view, Changes(teams=changed, leagues=frozenset({row.league_id}),
                                     description=f"closed {row.name}'s {entry.name}"))  # fmt: skip

    def _player_of_the_year(
        self, row: Season, dice: MatchDayDice, *, session: Session
    ) -> dict[str, Any] | None:
        """The league's player with the most SPP (ties drawn): +1 fan factor for his team, for good."""
        teams = session.exec(
            select(Team).where(Team.league_id == row.league_id, col(Team.retired).is_(False))
        ).all()
        views = build_team_views(list(teams), session=session)
        players = [(str(p.id), str(v.id), p.spp) for v in views for p in v.players if p.status == "active"]
        chosen = player_of_the_year(dice, players)
        if chosen is None:
            return None
        player_id, team_id = int(chosen[0]), int(chosen[1])
        repo.add_fans(team_id, 1, "Spike! Player of the Year: +1 fan factor for good", PRIZE, session=session)
        names = {p.id: (p.name, v.name, p.spp) for v in views for p in v.players}
        name, team, spp = names[player_id]
        return {"player_id": player_id, "name": name, "team": team, "spp": spp}

    def _finalists(self, row: Season, *, session: Session) -> tuple[int, int, int]:
        assert row.id is not None
        open_count = len(session.exec(
            select(Fixture.id).where(Fixture.season_id == row.id, col(Fixture.status).in_(OPEN_STATUSES))
        ).all())  # fmt: skip
        if open_count:
            raise RuleViolation(
                "tournament", f"{row.name} has {open_count} fixture(s) still open; decide them first"
            )
        pending = [
            p.fixture_id
            for p in session.exec(
                select(ClassicPreMatch).join(Fixture, col(Fixture.id) == ClassicPreMatch.fixture_id)
                .where(Fixture.season_id == row.id)
            ).all()
            if json.loads(p.record_json).get("post_match") is None
        ]  # fmt: skip
        if pending:
            raise RuleViolation(
                "tournament",
                f"fixture(s) {', '.join(map(str, pending))} of {row.name} need their post-match first",
            )
        final = _final(row, session=session)
        if final is None or final[1] is None or final[1].winner_team_id is None:
            raise RuleViolation(
                "tournament", f"{row.name} has no decided final yet (draw the knock-out, then play it)"
            )
        fixture, result = final
        assert fixture.id is not None and result is not None and result.winner_team_id is not None
        loser = (
            fixture.away_team_id if result.winner_team_id == fixture.home_team_id else fixture.home_team_id
        )
        assert loser is not None
        return result.winner_team_id, loser, fixture.id

    def _classic_season(self, season: str | int, *, session: Session) -> Season:
        row = find_season(season, session=session)
        if not self.ruleset_of(league_of(row, session=session)).classic:
            raise RuleViolation("tournament", f"{row.name} is not a classic (LRB 2004) season")
        return row

    def _named(self, row: Season, *, session: Session) -> ClassicTournament:
        assert row.id is not None
        entry = season_tournament(row.id, session=session)
        if entry is None:
            raise RuleViolation(
                "tournament",
                f"{row.name} is not named a tournament yet (season classic-tournament SEASON NAME)",
            )
        return entry

    def _view(self, row: Season, entry: ClassicTournament, *, session: Session) -> TournamentView:
        names = {
            t.id: t.name
            for t in (
                session.get(Team, i) for i in (entry.winner_team_id, entry.runner_up_team_id) if i is not None
            )
            if t is not None
        }
        return TournamentView(
            season=row.name, name=entry.name, major=entry.major, winner_prize=entry.winner_prize,
            runner_up_prize=entry.runner_up_prize,
            winner=names.get(entry.winner_team_id) if entry.winner_team_id else None,
            runner_up=names.get(entry.runner_up_team_id) if entry.runner_up_team_id else None,
            closed=entry.closed_at is not None, record=json.loads(entry.record_json),
            close_blocker=self._close_blocker(row, entry, session=session),
        )  # fmt: skip

    def _close_blocker(self, row: Season, entry: ClassicTournament, *, session: Session) -> str:
        """Why closing is refused now (the close's own checks, read only); empty when it is not."""
        if entry.closed_at is not None:
            return ""
        try:
            self._finalists(row, session=session)
        except RuleViolation as exc:
            return exc.detail
        return ""
