"""Season end use cases: the play-off qualifiers and their seeds, and closing a season."""

from __future__ import annotations

from sqlmodel import Session, col, func, select

from league_manager.core.errors import RuleViolation
from league_manager.core.limits import clean_name
from league_manager.persistence.season_close_models import PlayoffSeed
from league_manager.persistence.season_models import Fixture, Season
from league_manager.services.base import ServiceBase
from league_manager.services.changes import Changes, Outcome
from league_manager.services.playoffs import playoffs_view, qualifiers
from league_manager.services.season_close import close, closed_view, plan_close
from league_manager.services.season_end_models import PlayoffsView, SeasonCloseView
from league_manager.services.season_store import find_season, league_of, team_in_season


class SeasonEndService(ServiceBase):
    """Play-off qualification and seeding, and the season's close."""

    def playoffs(self, season: str | int) -> PlayoffsView:
        """The play-off qualifiers in seed order, as the rules choose them and the commissioner moved them.

        Raises:
            NotFound: no such season.
            RuleViolation: too few teams to qualify.
        """
        with self.transaction() as session:
            row = find_season(season, session=session)
            self._refuse_classic(row, "play-offs", session)
            settings = self.settings_of(league_of(row, session=session))
            return playoffs_view(row, settings, session=session, scheduled=_has_playoffs(row, session))

    def set_seed(self, season: str | int, team: str | int, seed: int, reason: str) -> Outcome[PlayoffsView]:
        """Move a qualified team to ``seed`` (the others keep their order around it), with a reason.

        Raises:
            RuleViolation: no reason, the play-offs are already scheduled, the team has
                not qualified, or the seed is outside 1..N or taken by another override.
        """
        reason = clean_name(reason, "reason", rule="seed")
        with self.transaction() as session:
            row = find_season(season, session=session)
            assert row.id is not None
            self._refuse_classic(row, "play-offs", session)
            if _has_playoffs(row, session):
                raise RuleViolation("seed", f"{row.name} already has play-off fixtures; seeds are fixed")
            member = team_in_season(row, team, session=session)
            assert member.id is not None
            session.add(PlayoffSeed(season_id=row.id, team_id=member.id, seed=seed, reason=reason))
            session.flush()
            settings = self.settings_of(league_of(row, session=session))
            qualifiers(row, settings, session=session)  # refuses a seed that does not fit
            view = playoffs_view(row, settings, session=session, scheduled=False)
        return Outcome(view, Changes(teams=frozenset({member.id}),
                                     description=f"seeded {member.name} {seed}: {reason}"))  # fmt: skip

    def close_preview(self, season: str | int) -> SeasonCloseView:
        """What closing the season would pay and freeze; nothing is written.

        Raises:
            RuleViolation: already closed, fixtures open or a post-game pending.
        """
        with self.transaction() as session:
            row = find_season(season, session=session)
            self._refuse_classic(row, "season close", session)
            return plan_close(row, self.settings_of(league_of(row, session=session)), session=session)

    def close_season(self, season: str | int) -> Outcome[SeasonCloseView]:
        """Close the season: prize money as treasury rows, the League Trophy, awards, the table frozen.

        Raises:
            RuleViolation: already closed, fixtures open or a post-game pending;
                nothing is written.
        """
        with self.transaction() as session:
            row = find_season(season, session=session)
            self._refuse_classic(row, "season close", session)
            view = close(row, self.settings_of(league_of(row, session=session)), session=session)
        teams = frozenset(p.team_id for p in view.prizes)
        return Outcome(view, Changes(teams=teams, description=f"closed {view.season}"))

    def _refuse_classic(self, season: Season, what: str, session: Session) -> None:
        """Refuse the BB2020 league-rules season end in a classic (LRB 2004) open league."""
        ruleset = self.ruleset_of(league_of(season, session=session))
        if ruleset.classic:
            raise RuleViolation(
                what,
                f"{season.name} belongs to a {ruleset.name} open league: it has no BB2020 {what} "
                "(League Trophy, prize money); its tournament runs with season classic-playoffs, "
                "classic-draw, classic-tournament and classic-close",
            )

    def closed(self, season: str | int) -> SeasonCloseView | None:
        """The stored close of a season (frozen table, awards, prize rows), or None while it is open."""
        with self.transaction() as session:
            return closed_view(find_season(season, session=session), session=session)


def _has_playoffs(season: Season, session: Session) -> bool:
    count = session.exec(
        select(func.count(col(Fixture.id))).where(Fixture.season_id == season.id, Fixture.stage == "playoff")
    ).one()
    return bool(count)
