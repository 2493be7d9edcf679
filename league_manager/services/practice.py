"""Practice matches: two of the file's teams meet on the board, and nothing is written back.

A coach alone at the desk plays the computer (or a friend hot-seat) with the teams they
drafted, as they stand today: injured players sit out, journeymen fill the side up to eleven
as in a pre-game. No inducements, no pre-game rolls for gold, no post-game: the match is held
in memory only, so its injuries and SPP never reach the league. A team of a classic
(LRB 2004) league is refused, as the engine does not play that edition; two teams of
different editions cannot meet.
"""

from __future__ import annotations

from sqlmodel import Session, select

from league_manager.core.errors import NotFound, RuleViolation
from league_manager.match.engine import Match
from league_manager.persistence.models import League, Team
from league_manager.rules.dice import BoardDice
from league_manager.rules.model import Ruleset
from league_manager.services.base import ServiceBase, team_ruleset
from league_manager.services.match_day.pregame import add_journeymen
from league_manager.services.match_day.store import team_snapshot
from league_manager.services.practice_models import PracticeMatch, PracticeTeam
from league_manager.services.team_board import team_colours
from league_manager.services.team_views import build_team_views


class PracticeService(ServiceBase):
    """The teams a practice match can use, and the match itself (read-only transactions)."""

    def teams(self) -> list[PracticeTeam]:
        """Every team of the file that is not retired and whose edition the engine plays."""
        with self.transaction() as session:
            rows = session.exec(select(Team, League).where(Team.league_id == League.id)).all()
            out: list[PracticeTeam] = []
            for team, league in rows:
                if team.retired:
                    continue
                ruleset = team_ruleset(team, league)
                if ruleset.classic:
                    continue
                race = ruleset.team(team.race).name if team.race in ruleset.teams else team.race
                assert team.id is not None
                out.append(PracticeTeam(team.id, team.name, race, league.name, ruleset.id))
            return sorted(out, key=lambda t: (t.league.lower(), t.name.lower()))

    def match(self, home: int, away: int, seed: int | None = None) -> PracticeMatch:
        """A practice match between two teams as they stand now (nothing is saved).

        Args:
            home: the home team's id.
            away: the away team's id.
            seed: seed of the match's dice (random when None).

        Raises:
            NotFound: a team id that does not exist.
            RuleViolation: the same team twice, a retired team, a classic team, teams of
                two editions, or a side with no player able to play.
        """
        if home == away:
            raise RuleViolation("practice", "pick two different teams: a team cannot play itself")
        with self.transaction() as session:
            teams, ruleset = _teams_and_ruleset(home, away, session=session)
            views = build_team_views(list(teams), session=session)
            snaps = []
            added = []
            for team, view in zip(teams, views, strict=True):
                snap = team_snapshot(view)
                if not snap.players:
                    raise RuleViolation("practice", f"{team.name} has no player able to play")
                side = "home" if team is teams[0] else "away"
                filled, hired = add_journeymen(snap, ruleset.team(team.race), side)
                snaps.append(filled)
                added.append(len(hired))
            match = Match(snaps[0], snaps[1], dice=BoardDice(seed), ruleset=ruleset, allow_inert=True)
            colours = (team_colours(teams[0], session=session), team_colours(teams[1], session=session))
            return PracticeMatch(
                match, teams[0].name, teams[1].name, ruleset.id, (added[0], added[1]), colours
            )


def _teams_and_ruleset(home: int, away: int, *, session: Session) -> tuple[tuple[Team, Team], Ruleset]:
    """Both teams, checked, and the edition they meet under."""
    pair: list[Team] = []
    editions: list[Ruleset] = []
    for team_id in (home, away):
        team = session.get(Team, team_id)
        if team is None:
            raise NotFound(f"no team with id {team_id}")
        league = session.get(League, team.league_id)
        assert league is not None
        if team.retired:
            raise RuleViolation("practice", f"{team.name} is retired and plays no more matches")
        ruleset = team_ruleset(team, league)
        if ruleset.classic:
            raise RuleViolation(
                "practice",
                f"{team.name} plays {ruleset.name}; the match engine does not play that edition yet",
            )
        pair.append(team)
        editions.append(ruleset)
    if editions[0].id != editions[1].id:
        raise RuleViolation(
            "practice",
            f"{pair[0].name} plays {editions[0].name} and {pair[1].name} plays {editions[1].name}: "
            "teams of two editions cannot meet",
        )
    return (pair[0], pair[1]), editions[0]
