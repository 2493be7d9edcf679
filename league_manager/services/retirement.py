"""Temporary retirement of a player in the post-game (BB2020 post-game step 4, "Hiring,
Firing and Temporarily Retiring"), and taking that choice back before the team plays again.

A player who suffered a Lasting Injury in his team's latest game may be temporarily retired
before the team's next pre-game: he stays on the Team Draft list (position limits and the
16-player maximum), counts in TV but not in CTV, and cannot play for the rest of the season.
He comes back only by being re-drafted for a new season (``league.yaml`` ``re_draft``); until
the team's next pre-game the coach may take the retirement back (``player return``).
"""

from __future__ import annotations

from sqlmodel import Session, col, or_, select

from league_manager.core.errors import RuleViolation
from league_manager.persistence import repositories as repo
from league_manager.persistence.match_day_models import MatchDay
from league_manager.persistence.models import League, PlayerStatusEntry
from league_manager.services.base import ServiceBase, team_ruleset
from league_manager.services.changes import Outcome
from league_manager.services.match_day.store import postgame_record
from league_manager.services.read_models import TeamView
from league_manager.services.treasury import team_outcome

RETIRED = "retired"
RETURNED = "reinstated"


class RetirementService(ServiceBase):
    """Temporary retirement and its withdrawal, one transaction each."""

    def retire_temporarily(self, player_id: int) -> Outcome[TeamView]:
        """Retire a player temporarily after the game in which he suffered a Lasting Injury.

        Raises:
            NotFound: no such player.
            RuleViolation: not an active player of the team's own, no Lasting Injury in the
                team's latest game, or the team has started its next pre-game.
        """
        with self.transaction() as session:
            player = repo.get_player(player_id, session=session)
            team = repo.lock_team(repo.find_team(player.team_id, session=session), session=session)
            if player.journeyman or player.status != "active":
                raise RuleViolation("retire", f"{player.name} is not an active player of {team.name}")
            league = session.get(League, team.league_id)
            if league is not None and team_ruleset(team, league).classic:
                raise RuleViolation(
                    "retire",
                    f"{team.name} play LRB 2004, which has no temporary retirement: a player retires "
                    "for good (team fire after the first match, which brings a free assistant coach)",
                )
            day = _latest_day(player.team_id, session=session)
            if day is None or day.stage != "post_game_applied":
                raise RuleViolation(
                    "retire",
                    f"{team.name} is not in a post-game: a player retires temporarily after the game "
                    "in which he suffered a Lasting Injury, before the team's next pre-game",
                )
            post = postgame_record(day)
            assert post is not None
            lasting = [i for i in post.injuries if i.player_id == player_id and i.lasting]
            if not lasting:
                raise RuleViolation(
                    "retire", f"{player.name} suffered no Lasting Injury in {team.name}'s latest game"
                )
            repo.add_status(
                player,
                RETIRED,
                f"temporarily retired after a Lasting Injury ({lasting[0].lasting})",
                "postgame",
                session=session,
                fixture_id=day.fixture_id,
            )
            return team_outcome(session, team, f"{player.name} temporarily retired", player.id)

    def return_player(self, player_id: int) -> Outcome[TeamView]:
        """Take a temporary retirement back before the team's next pre-game.

        Raises:
            NotFound: no such player.
            RuleViolation: the player is not temporarily retired, or his team has played (or
                started the pre-game of) another fixture since: he then comes back only when
                re-drafted for a new season.
        """
        with self.transaction() as session:
            player = repo.get_player(player_id, session=session)
            team = repo.lock_team(repo.find_team(player.team_id, session=session), session=session)
            if player.status != RETIRED:
                raise RuleViolation("return", f"{player.name} is not temporarily retired")
            retired = session.exec(
                select(PlayerStatusEntry)
                .where(PlayerStatusEntry.player_id == player_id, PlayerStatusEntry.kind == RETIRED)
                .order_by(col(PlayerStatusEntry.id).desc())
            ).first()
            day = _latest_day(player.team_id, session=session)
            if retired is None or day is None or day.fixture_id != retired.fixture_id:
                raise RuleViolation(
                    "return",
                    f"{team.name} has started another fixture since {player.name} retired: a temporarily "
                    "retired player returns only when re-drafted for a new season",
                )
            repo.add_status(
                player, RETURNED, "temporary retirement taken back", "postgame", session=session,
                fixture_id=day.fixture_id,
            )  # fmt: skip
            return team_outcome(session, team, f"{player.name} returns from temporary retirement", player.id)


def _latest_day(team_id: int, *, session: Session) -> MatchDay | None:
    """The team's most recent match day (its latest pre-game, whatever its stage)."""
    return session.exec(
        select(MatchDay)
        .where(or_(MatchDay.home_team_id == team_id, MatchDay.away_team_id == team_id))
        .order_by(col(MatchDay.id).desc())
    ).first()
