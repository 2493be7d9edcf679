"""Team history and player cards: read-only views over the ledgers for the desktop pages."""

from __future__ import annotations

from sqlmodel import col, select

from league_manager.persistence import repositories as repo
from league_manager.persistence.models import (
    Advancement,
    DedicatedFansEntry,
    League,
    Player,
    PlayerStatusEntry,
    SppEntry,
    Team,
    TreasuryEntry,
)
from league_manager.services.adjustments import adjustment_history
from league_manager.services.base import ServiceBase, team_ruleset
from league_manager.services.history_models import PlayerMatches, StandingsRace, TeamSeries
from league_manager.services.history_series import player_matches, standings_race, team_series
from league_manager.services.season_store import find_season, league_of
from league_manager.services.team_views import player_view
from league_manager.services.ui_models import (
    AdvancementRow,
    HistoryEntry,
    PlayerCard,
    SppRow,
    StatusRow,
)

STATUS_WORDS = {
    "hired": "joined the team",
    "left": "left the team",
    "fired": "was fired",
    "dead": "died",
    "retired": "retired",
    "mng": "will miss the next game",
    "recovered": "recovered",
    "niggling": "suffered a niggling injury",
    "characteristic": "lost a characteristic",
}


class HistoryService(ServiceBase):
    """What happened to a team and its players, newest first."""

    def team_history(self, team: str | int) -> list[HistoryEntry]:
        """Every ledger event of a team and its players, newest first.

        Raises:
            NotFound: no such team.
        """
        with self.transaction() as session:
            row = repo.find_team(team, session=session)
            assert row.id is not None
            entries: list[HistoryEntry] = []
            for t in session.exec(select(TreasuryEntry).where(TreasuryEntry.team_id == row.id)):
                entries.append(HistoryEntry(t.created_at, "treasury", t.reason, t.amount, t.source))
            for f in session.exec(select(DedicatedFansEntry).where(DedicatedFansEntry.team_id == row.id)):
                entries.append(HistoryEntry(f.created_at, "fans", f.reason, f.delta, f.source))
            entries.extend(adjustment_history(row.id, session=session))
            players = {
                p.id: p
                for p in session.exec(select(Player).where(Player.team_id == row.id))
                if p.id is not None
            }
            ids = list(players)
            if ids:
                for s in session.exec(
                    select(PlayerStatusEntry).where(col(PlayerStatusEntry.player_id).in_(ids))
                ):
                    who = players[s.player_id]
                    words = STATUS_WORDS.get(s.kind, s.kind)
                    if s.kind == "characteristic" and s.characteristic:
                        words = f"{'gained' if s.delta > 0 else 'lost'} {s.characteristic}"
                    elif s.kind == "niggling" and s.delta < 0:
                        words = "shook off a niggling injury"
                    text = f"#{who.number} {who.name} {words}"
                    if s.kind == "hired" and s.source == "draft":
                        text += " at the draft"
                    elif s.reason and s.reason.lower() not in words:
                        text += f" ({s.reason})"
                    entries.append(HistoryEntry(s.created_at, "player", text, None, s.source))
                for a in session.exec(select(Advancement).where(col(Advancement.player_id).in_(ids))):
                    who = players[a.player_id]
                    gained = a.skill or f"+{a.characteristic}"
                    entries.append(
                        HistoryEntry(a.created_at, "advancement", f"#{who.number} {who.name} gained {gained}",
                                     None, "advancement")
                    )  # fmt: skip
            entries.sort(key=lambda e: e.when, reverse=True)
            return entries

    def player_card(self, player_id: int) -> PlayerCard:
        """Profile, advancements, status changes and SPP history of one player.

        Raises:
            NotFound: no such player.
        """
        with self.transaction() as session:
            player = repo.get_player(player_id, session=session)
            team = session.get(Team, player.team_id)
            assert team is not None
            league = session.get(League, team.league_id)
            assert league is not None
            ruleset = team_ruleset(team, league)
            roster = ruleset.team(team.race)
            facts = repo.PlayerFacts([player_id], session=session)
            view = player_view(player, roster, ruleset, facts)
            advancements = tuple(
                AdvancementRow(a.created_at, a.kind.replace("_", " "),
                               a.skill or f"+{a.characteristic}", a.spp_cost, a.value_increase)
                for a in facts.advancements[player_id]
            )  # fmt: skip
            status = tuple(
                StatusRow(s.created_at, s.kind, s.reason, s.characteristic, s.delta, s.source)
                for s in facts.status[player_id]
            )
            total = 0
            spp: list[SppRow] = []
            for e in session.exec(
                select(SppEntry).where(SppEntry.player_id == player_id).order_by(col(SppEntry.id))
            ):
                total += e.amount
                spp.append(SppRow(e.created_at, e.amount, e.reason, e.source, total))
            return PlayerCard(
                player=view,
                team_id=team.id or 0,
                team=team.name,
                race=roster.name,
                hired_at=player.hired_at,
                advancements=advancements,
                status_log=status,
                spp_log=tuple(spp),
            )

    def player_matches(self, player_id: int) -> PlayerMatches:
        """A player's match-by-match record: opponent, result, figures, SPP, injuries, advancements.

        Raises:
            NotFound: no such player.
        """
        with self.transaction() as session:
            player = repo.get_player(player_id, session=session)
            team = session.get(Team, player.team_id)
            assert team is not None
            return player_matches(player, team, session=session)

    def team_series(self, team: str | int) -> TeamSeries:
        """A team's TV, treasury and dedicated fans at its start and after each game.

        Raises:
            NotFound: no such team.
        """
        with self.transaction() as session:
            return team_series(repo.find_team(team, session=session), session=session)

    def standings_race(self, season: str | int) -> StandingsRace:
        """Each team's league points after every round of a season's league stage.

        Raises:
            NotFound: no such season.
        """
        with self.transaction() as session:
            row = find_season(season, session=session)
            return standings_race(row, self.settings_of(league_of(row, session=session)), session=session)
